/**
 * P–V paths side by side: the shared axes that span every path shown (the run now and recorded
 * runs), and where a path ends, so that a slow and a fast compression compare on one picture.
 * Pure: no canvas, no store.
 */

/** A P–V path as the first-law instrument and a recorded run keep it: `length` points of volume and pressure, oldest first. */
export interface PathLike {
  readonly length: number;
  readonly volume: Float64Array;
  readonly pressure: Float64Array;
  readonly kT: Float64Array;
}

/** The ranges a P–V diagram draws: volume from `v0` to `v1` (m³, or m² in the plane) and pressure from 0 to `pTop` (Pa, or N/m). */
export interface PvAxes {
  v0: number;
  v1: number;
  pTop: number;
}

/**
 * Axes spanning every point of `paths` (NaN points skipped), or null when none has a point: the
 * volumes with a tenth of their span (at least a fifth of the largest volume) on each side, and
 * the pressures up to a tenth above the highest, or above the adiabat at the smallest volume shown
 * (`adiabatAt`, the curve drawn through the run's start) when that is higher, up to three times the
 * highest pressure.
 */
export function pvAxes(paths: readonly PathLike[], adiabatAt?: (volume: number) => number): PvAxes | null {
  let vMin = Infinity;
  let vMax = -Infinity;
  let pMax = 0;
  for (const p of paths) {
    for (let k = 0; k < p.length; k++) {
      const v = p.volume[k];
      const pr = p.pressure[k];
      if (!Number.isFinite(v) || !Number.isFinite(pr)) continue;
      if (v < vMin) vMin = v;
      if (v > vMax) vMax = v;
      if (pr > pMax) pMax = pr;
    }
  }
  if (!(vMax >= vMin)) return null;
  const span = Math.max(vMax - vMin, 0.2 * vMax);
  const v0 = Math.max(1e-9, vMin - 0.1 * span);
  const v1 = vMax + 0.1 * span;
  const adiabat = adiabatAt ? adiabatAt(v0) : NaN;
  const pTop = 1.1 * (Number.isFinite(adiabat) ? Math.max(pMax, Math.min(adiabat, 3 * pMax)) : pMax);
  return { v0, v1, pTop: pTop > 0 ? pTop : 1 };
}

/** Points of a path's end that {@link pathEnd} averages the pressure over. */
export const END_POINTS = 8;

/**
 * Where a path ends: its last volume and the mean pressure and kT of its last points at that
 * volume (up to `points` of them; one sample's pressure is a count of wall hits in a short window,
 * so a few at rest average out its noise). Null for an empty path.
 */
export function pathEnd(path: PathLike, points = END_POINTS): { volume: number; pressure: number; kT: number } | null {
  const n = path.length;
  if (n === 0) return null;
  const volume = path.volume[n - 1];
  let pressure = 0;
  let kT = 0;
  let count = 0;
  for (let k = n - 1; k >= 0 && count < points; k--) {
    if (Math.abs(path.volume[k] - volume) > 1e-6 * Math.abs(volume)) break;
    pressure += path.pressure[k];
    kT += path.kT[k];
    count++;
  }
  return { volume, pressure: pressure / count, kT: kT / count };
}
