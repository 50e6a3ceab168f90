/**
 * Overlap repair (docs/physics.md, section 6), for states the user makes: overlapping spheres are
 * pushed apart, mass-weighted, and every sphere is kept inside the box.
 */
import { buildGrid, gatherNeighbours } from './grid.ts';
import { REPAIR_ITERATIONS, REPAIR_TOLERANCE } from './options.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { NEIGH_A } = LIST;
const { F64 } = STRIDE;

/**
 * Overlap repair (docs/physics.md, section 6), for states the user makes: every overlapping pair is
 * pushed apart along its normal by the penetration depth, shared in proportion to inverse mass
 * (a fixed sphere does not move), and every sphere is pulled inside the walls; repeated until no
 * pair overlaps by more than REPAIR_TOLERANCE of its radius sum. Velocities are untouched, so no
 * kinetic energy is added. Returns false if it does not converge.
 */
export function repairOverlaps(world: WorldState): boolean {
  const p = world.pos;
  for (let iter = 0; iter < REPAIR_ITERATIONS; iter++) {
    for (let i = 0; i < world.count; i++) clampInside(world, i);
    buildGrid(world);
    let worst = 0;
    for (let i = 0; i < world.count; i++) {
      const b = F64 * i;
      const around = gatherNeighbours(world, i, NEIGH_A);
      const list = world.neighA;
      for (let q = 0; q < around; q++) {
        const j = list[q];
        if (j <= i) continue;
        const bj = F64 * j;
        let dx = p[bj] - p[b];
        let dy = p[bj + 1] - p[b + 1];
        let dz = p[bj + 2] - p[b + 2];
        const s = world.rad[F64 * i] + world.rad[F64 * j];
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 >= s * s) continue;
        let d = Math.sqrt(d2);
        const depth = s - d;
        if (d === 0) {
          // Coincident centres: separate along a direction fixed by the slots (deterministic).
          dx = Math.cos(i + 0.5 * j);
          dy = Math.sin(i + 0.5 * j);
          dz = 0;
          d = 1;
        }
        if (depth / s <= REPAIR_TOLERANCE) continue;
        const wi = world.invMass[i];
        const wj = world.invMass[j];
        if (wi + wj === 0) {
          // Two fixed spheres cannot be moved apart: this edit cannot be repaired.
          return false;
        }
        const push = (depth * (1 + 1e-9)) / (d * (wi + wj));
        p[b] -= dx * push * wi;
        p[b + 1] -= dy * push * wi;
        p[b + 2] -= dz * push * wi;
        p[bj] += dx * push * wj;
        p[bj + 1] += dy * push * wj;
        p[bj + 2] += dz * push * wj;
        if (depth / s > worst) worst = depth / s;
      }
    }
    if (worst === 0) {
      buildGrid(world);
      return true;
    }
  }
  return false;
}

export function clampInside(world: WorldState, i: number): void {
  const r = world.rad[F64 * i];
  for (let k = 0; k < 3; k++) {
    const lim = world.halfSize[k] - r;
    const x = world.pos[F64 * i + k];
    if (x > lim) world.pos[F64 * i + k] = lim;
    else if (x < -lim) world.pos[F64 * i + k] = -lim;
  }
  if (world.options.planar) world.pos[F64 * i + 2] = 0;
}
