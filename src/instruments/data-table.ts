/**
 * The data table of the selected spheres: each one's mass, velocity, speed, momentum and kinetic
 * energy, with the totals of the movable ones (a fixed sphere has infinite mass and no momentum of
 * its own to add). A pure function over the world, called when the store publishes a sample.
 */
import type { WorldView } from '../runtime/index.ts';

/** One sphere's row. */
export interface SphereRow {
  id: number;
  /** kg; Infinity for a fixed sphere. */
  mass: number;
  /** m/s */
  velocity: [number, number, number];
  speed: number;
  /** kg m/s; zeros for a fixed sphere. */
  momentum: [number, number, number];
  /** J; zero for a fixed sphere. */
  kinetic: number;
}

/** The rows of the spheres `ids` that exist in `world` (in the order given) and their totals. */
export function sphereTable(world: Pick<WorldView, 'indexOf' | 'masses' | 'velocities'>, ids: readonly number[]): { rows: SphereRow[]; total: { mass: number; momentum: [number, number, number]; kinetic: number } } {
  const rows: SphereRow[] = [];
  const total = { mass: 0, momentum: [0, 0, 0] as [number, number, number], kinetic: 0 };
  for (const id of ids) {
    const s = world.indexOf(id);
    if (s < 0) continue;
    const m = world.masses[s];
    const v: [number, number, number] = [world.velocities[3 * s], world.velocities[3 * s + 1], world.velocities[3 * s + 2]];
    const speed = Math.hypot(v[0], v[1], v[2]);
    const fixed = m === Infinity;
    const row: SphereRow = {
      id,
      mass: m,
      velocity: v,
      speed,
      momentum: fixed ? [0, 0, 0] : [m * v[0], m * v[1], m * v[2]],
      kinetic: fixed ? 0 : 0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]),
    };
    rows.push(row);
    if (fixed) continue;
    total.mass += m;
    for (let k = 0; k < 3; k++) total.momentum[k] += row.momentum[k];
    total.kinetic += row.kinetic;
  }
  return { rows, total };
}
