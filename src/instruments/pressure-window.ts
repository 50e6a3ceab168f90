/**
 * The measured wall pressure the panels show, one figure everywhere: the normal impulse the walls
 * received over the last {@link PRESSURE_WINDOW_S} simulated seconds, divided by the time integral
 * of the area they offered over the same span (the faces of the box the centres can reach), so
 * that a moving piston's changing area is counted as it was, not as it is now. Read at each
 * published sample; between samples the area is taken as changing linearly (exact for a wall at
 * constant speed). A run shorter than the window is measured from its start.
 *
 * Beside it, the predictions for the same spheres: the ideal gas's N kT / V and the dense gas's
 * N kT / V · Z(eta), Carnahan-Starling's Z = (1 + eta + eta^2 - eta^3) / (1 - eta)^3 for spheres
 * (Henderson's (1 + eta^2 / 8) / (1 - eta)^2 for discs in the plane), with V the volume (area) the
 * centres can reach and eta the fraction of the box the spheres fill (docs/physics.md).
 */
import { reachable, temperature, type WorldReadable } from '../solver/index.ts';

/** The span the measured pressure is averaged over, simulated s. */
export const PRESSURE_WINDOW_S = 2;

/** Samples kept (four a second of real time: more than the window at any speed up to 8x). */
const CAPACITY = 256;

/** What {@link PressureWindow.read} gives. */
export interface PressureReading {
  /** Measured over the window, Pa (N/m in the plane); NaN before any time has passed. */
  measured: number;
  /** The simulated seconds it was measured over (the window, or less early in a run). */
  seconds: number;
  /** The ideal gas's N kT / V, Pa (N/m in the plane). */
  ideal: number;
  /** The dense hard-sphere gas's pressure (Carnahan-Starling; Henderson's for discs), Pa (N/m in the plane). */
  dense: number;
}

/** The free spheres' count, mean radius and total volume (area in the plane). */
function spheresOf(w: WorldReadable): { n: number; r: number; occupied: number } {
  let n = 0;
  let rSum = 0;
  let occupied = 0;
  const planar = w.options.planar;
  for (let i = 0; i < w.count; i++) {
    if (w.masses[i] === Infinity) continue;
    n++;
    const r = w.radii[i];
    rSum += r;
    occupied += planar ? Math.PI * r * r : (4 / 3) * Math.PI * r * r * r;
  }
  return { n, r: n > 0 ? rSum / n : 0, occupied };
}

/** The time, wall impulse and area integral at each sample, oldest first (a ring). */
export class PressureWindow {
  private readonly time = new Float64Array(CAPACITY);
  private readonly impulse = new Float64Array(CAPACITY);
  private readonly areaTime = new Float64Array(CAPACITY);
  private readonly area = new Float64Array(CAPACITY);
  private first = 0;
  private length = 0;

  constructor(world: WorldReadable) {
    this.reset(world);
  }

  /** Starts afresh at the world's moment (a new scene, another moment of the run). */
  reset(world: WorldReadable): void {
    this.restart(world, reachable(world, spheresOf(world).r)[1]);
  }

  /** Starts afresh at the world's moment, whose walls' area is `area`. */
  private restart(world: WorldReadable, area: number): void {
    this.first = 0;
    this.length = 0;
    this.push(world, 0, area);
  }

  private at(k: number): number {
    return (this.first + k) % CAPACITY;
  }

  private push(world: WorldReadable, areaTime: number, area: number): void {
    const k = this.length < CAPACITY ? this.at(this.length) : this.first;
    if (this.length < CAPACITY) this.length++;
    else this.first = (this.first + 1) % CAPACITY;
    this.time[k] = world.time;
    this.impulse[k] = world.stats().wallImpulse;
    this.areaTime[k] = areaTime;
    this.area[k] = area;
  }

  /** Takes a sample of `world` and reads the pressure over the window ending now. */
  read(world: WorldReadable): PressureReading {
    const { n, r, occupied } = spheresOf(world);
    const [volume, area] = reachable(world, r);
    const last = this.at(this.length - 1);
    const dt = world.time - this.time[last];
    // Time went back (a moment of the run chosen on the timeline): measure from there afresh.
    if (dt < 0) this.restart(world, area);
    else if (dt > 0) this.push(world, this.areaTime[last] + 0.5 * (this.area[last] + area) * dt, area);
    const now = this.at(this.length - 1);
    // The newest sample at least the window back, or the oldest kept.
    let from = 0;
    for (let k = this.length - 1; k >= 0; k--) {
      if (this.time[now] - this.time[this.at(k)] >= PRESSURE_WINDOW_S - 1e-9) {
        from = k;
        break;
      }
    }
    const then = this.at(from);
    const seconds = this.time[now] - this.time[then];
    const areaTime = this.areaTime[now] - this.areaTime[then];
    const measured = seconds > 0 && areaTime > 0 ? (this.impulse[now] - this.impulse[then]) / areaTime : Number.NaN;
    const ideal = volume > 0 ? (n * temperature(world)) / volume : Number.NaN;
    // The packing fraction of the whole box, as the settings give it: with the reachable volume's
    // N kT / V it comes within 2 to 3 % of the measured pressure up to eta = 0.1 (7 % at 0.3, where
    // the walls pack the fluid beside them; docs/physics.md).
    const [lx, ly, lz] = world.size;
    const box = world.options.planar ? lx * ly : lx * ly * lz;
    const eta = box > 0 ? occupied / box : 0;
    // Carnahan-Starling for spheres; Henderson's (1 + eta^2 / 8) / (1 - eta)^2 for discs in the plane.
    const z = eta >= 1 ? Number.NaN : world.options.planar ? (1 + (eta * eta) / 8) / (1 - eta) ** 2 : (1 + eta + eta * eta - eta * eta * eta) / (1 - eta) ** 3;
    const dense = ideal * z;
    return { measured, seconds, ideal, dense };
  }
}
