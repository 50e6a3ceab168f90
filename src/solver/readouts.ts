/**
 * What a student reads off a gas (docs/physics.md, section 8): temperature, measured wall pressure and
 * its ideal-gas prediction, and the speed histogram with the Maxwell-Boltzmann curve.
 * Pure functions of a world; they allocate only what they return (call them a few times a
 * second, not per step).
 */
import type { World } from './world.ts';

/** What the readouts read of a world (a solver world, or a view of one running elsewhere). */
export type WorldReadable = Pick<World, 'count' | 'time' | 'positions' | 'velocities' | 'radii' | 'masses' | 'options' | 'size' | 'gravity' | 'stats'>;

/** kT in J: (2/3) of the mean kinetic energy per free sphere in 3D, the mean itself in the plane. */
export function temperature(world: WorldReadable): number {
  let ke = 0;
  let n = 0;
  const v = world.velocities;
  for (let i = 0; i < world.count; i++) {
    const m = world.masses[i];
    if (m === Infinity) continue;
    ke += 0.5 * m * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
    n++;
  }
  if (n === 0) return 0;
  return world.options.planar ? ke / n : ((2 / 3) * ke) / n;
}

/**
 * The region the centres of spheres of radius r can reach: the box shrunk by r on every side
 * (in the plane, the area of the xy rectangle). Returns [volume, total wall area] (3D) or
 * [area, total wall length] (planar).
 */
export function reachable(world: WorldReadable, r: number): [number, number] {
  const [lx, ly, lz] = world.size;
  const ax = Math.max(0, lx - 2 * r);
  const ay = Math.max(0, ly - 2 * r);
  const az = Math.max(0, lz - 2 * r);
  if (world.options.planar) return [ax * ay, 2 * (ax + ay)];
  return [ax * ay * az, 2 * (ax * ay + ay * az + az * ax)];
}

/** A wall-pressure meter: the normal impulse the walls received over a window of time. */
export class PressureGauge {
  private startImpulse: number;
  private startTime: number;

  constructor(private readonly world: WorldReadable) {
    this.startImpulse = world.stats().wallImpulse;
    this.startTime = world.time;
  }

  /** Starts a new window now. */
  reset(): void {
    this.startImpulse = this.world.stats().wallImpulse;
    this.startTime = this.world.time;
  }


  /**
   * Measured pressure over the window, Pa (N/m in the plane), and the ideal-gas prediction
   * N kT / V for the same spheres (V the region their centres reach, using the mean radius).
   * Returns NaN for the measurement until some time has passed. `world` reads the same world
   * through another view of it (for instance one running in a worker).
   */
  read(world: WorldReadable = this.world): { measured: number; ideal: number; seconds: number } {
    const w = world;
    const seconds = w.time - this.startTime;
    let n = 0;
    let rSum = 0;
    for (let i = 0; i < w.count; i++) {
      if (w.masses[i] === Infinity) continue;
      n++;
      rSum += w.radii[i];
    }
    const [volume, area] = reachable(w, n > 0 ? rSum / n : 0);
    const measured = seconds > 0 && area > 0 ? (w.stats().wallImpulse - this.startImpulse) / seconds / area : NaN;
    const ideal = volume > 0 ? (n * temperature(w)) / volume : NaN;
    return { measured, ideal, seconds };
  }
}

/**
 * Histogram of sphere speeds: `bins` equal bins from 0 to `maxSpeed` (default: a little above
 * the fastest), as probability densities (they integrate to 1), with the Maxwell-Boltzmann
 * density for the current temperature at the bin centres (3D or planar form; equal masses
 * assumed, the mean mass otherwise).
 */
export function speedHistogram(world: WorldReadable, bins = 30, maxSpeed?: number): { edges: Float64Array; density: Float64Array; maxwell: Float64Array } {
  const v = world.velocities;
  let n = 0;
  let fastest = 0;
  let massSum = 0;
  for (let i = 0; i < world.count; i++) {
    if (world.masses[i] === Infinity) continue;
    n++;
    massSum += world.masses[i];
    fastest = Math.max(fastest, Math.sqrt(v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]));
  }
  const top = maxSpeed ?? (fastest > 0 ? fastest * 1.05 : 1);
  const width = top / bins;
  const edges = new Float64Array(bins + 1);
  for (let k = 0; k <= bins; k++) edges[k] = k * width;
  const density = new Float64Array(bins);
  for (let i = 0; i < world.count; i++) {
    if (world.masses[i] === Infinity) continue;
    const speed = Math.sqrt(v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
    const k = Math.min(bins - 1, Math.floor(speed / width));
    if (k >= 0) density[k] += 1;
  }
  if (n > 0) for (let k = 0; k < bins; k++) density[k] /= n * width;
  const maxwell = new Float64Array(bins);
  const kT = temperature(world);
  const m = n > 0 ? massSum / n : 1;
  for (let k = 0; k < bins; k++) maxwell[k] = kT > 0 ? maxwellBoltzmann(0.5 * (edges[k] + edges[k + 1]), m, kT, world.options.planar) : 0;
  return { edges, density, maxwell };
}

/**
 * Maxwell-Boltzmann speed density: 4 pi (m / (2 pi kT))^(3/2) v^2 exp(-m v^2 / (2 kT)) in 3D,
 * (m v / kT) exp(-m v^2 / (2 kT)) in the plane.
 */
export function maxwellBoltzmann(speed: number, mass: number, kT: number, planar: boolean): number {
  const e = Math.exp((-mass * speed * speed) / (2 * kT));
  if (planar) return ((mass * speed) / kT) * e;
  return 4 * Math.PI * Math.pow(mass / (2 * Math.PI * kT), 1.5) * speed * speed * e;
}
