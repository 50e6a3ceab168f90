/** Invariant checks shared by the solver's tests. */
import type { World } from './world.ts';

/** Deepest overlap of any pair, as a fraction of its radius sum (0 when none), by brute force. */
export function deepestOverlap(w: World): number {
  const p = w.positions;
  const r = w.radii;
  let worst = 0;
  for (let i = 0; i < w.count; i++) {
    for (let j = i + 1; j < w.count; j++) {
      const s = r[i] + r[j];
      const d = Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]);
      if (s - d > worst * s) worst = (s - d) / s;
    }
  }
  return worst;
}

/** Number of spheres whose centre is outside the reachable region of the box (|x| > L/2 - r). */
export function escaped(w: World, slack = 1e-9): number {
  const p = w.positions;
  const r = w.radii;
  const L = w.size;
  let n = 0;
  for (let i = 0; i < w.count; i++) {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(p[3 * i + k]) > L[k] / 2 - r[i] + slack * r[i]) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** Whether every position and velocity is finite. */
export function allFinite(w: World): boolean {
  for (let k = 0; k < 3 * w.count; k++) if (!Number.isFinite(w.positions[k]) || !Number.isFinite(w.velocities[k])) return false;
  return true;
}

/** Total momentum sum m v over free spheres. */
export function momentum(w: World): [number, number, number] {
  return w.stats().momentum;
}
