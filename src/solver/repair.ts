/**
 * Overlap repair (docs/physics.md, section 6), for states the user makes: overlapping spheres are
 * pushed apart, mass-weighted, and every sphere is kept inside the box. repairOverlaps sweeps the
 * whole world (a batch of new spheres, a smaller box); repairAround starts from the spheres one
 * edit touched and follows the pushes outwards, so its cost is what the edit touches.
 */
import { buildGrid, gatherNeighbours, relinkCell } from './grid.ts';
import { dividerClearance } from './hole.ts';
import { REPAIR_ITERATIONS, REPAIR_TOLERANCE } from './options.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { forgetWells } from './wells.ts';

const { NEIGH_A, NEIGH_B } = LIST;
const { F64, I16 } = STRIDE;

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
    const hi = world.wallNow[2 * k + 1] - r;
    const lo = world.wallNow[2 * k] + r;
    const x = world.pos[F64 * i + k];
    if (x > hi) world.pos[F64 * i + k] = hi;
    else if (x < lo) world.pos[F64 * i + k] = lo;
  }
  // The divider: the sphere stays on the side of its centre, unless that side is too narrow for
  // it (the divider closer than its diameter to the wall): then it goes to the other side. It
  // moves along the divider's axis just clear of its solid part: r, or less over a hole (hole.ts).
  const axis = world.divider[0];
  if (axis >= 0) {
    const d = world.divider[1];
    const c = dividerClearance(world, i);
    const x = world.pos[F64 * i + axis];
    const below = x < d ? d - r >= world.wallNow[2 * axis] + r : !(d + r <= world.wallNow[2 * axis + 1] - r);
    if (below && x > d - c) world.pos[F64 * i + axis] = d - c;
    else if (!below && x < d + c) world.pos[F64 * i + axis] = d + c;
  }
  if (world.options.planar) world.pos[F64 * i + 2] = 0;
}

/**
 * Enters sphere i in the edit's log (once): its slot, position and cell, for a rollback. Returns
 * its entry.
 */
export function logSphere(world: WorldState, i: number): number {
  const mark = world.editMark[i];
  if (mark > 0) return mark - 1;
  // Its pairs leave the wells while it is where they are found (the edit finds them again where it ends up).
  if (world.wellsOn) forgetWells(world, i);
  const e = world.editCount++;
  if (e === world.editSlot.length) {
    const grow = <T extends Int32Array | Float64Array | Int16Array>(a: T, m: number): T => {
      const b = new (a.constructor as new (n: number) => T)(2 * m * e);
      b.set(a);
      return b;
    };
    world.editSlot = grow(world.editSlot, 1);
    world.editRound = grow(world.editRound, 1);
    world.editOld = grow(world.editOld, 3);
    world.editCell = grow(world.editCell, 3);
  }
  world.editSlot[e] = i;
  world.editRound[e] = -1;
  for (let k = 0; k < 3; k++) {
    world.editOld[3 * e + k] = world.pos[F64 * i + k];
    world.editCell[3 * e + k] = world.cellC[I16 * i + k];
  }
  world.editMark[i] = e + 1;
  return e;
}

/** Appends sphere i to a repair work list (which: 0 this round's, 1 the next's), growing it; returns the new length. */
function pushWork(world: WorldState, which: number, n: number, i: number): number {
  let list = which === 0 ? world.repairNow : world.repairNext;
  if (n === list.length) {
    const bigger = new Int32Array(2 * n);
    bigger.set(list);
    if (which === 0) world.repairNow = bigger;
    else world.repairNext = bigger;
    list = bigger;
  }
  list[n] = i;
  return n + 1;
}

/**
 * Local overlap repair: the same pushes as {@link repairOverlaps} (each overlapping pair apart
 * along its normal by the penetration depth, shared by inverse mass; every sphere kept inside the
 * walls), but only where the edit reached: it starts from the spheres in the edit's log, and each
 * round looks at the neighbours of the spheres the last round moved, until a round moves none.
 * Every sphere it moves enters the log. Needs the grid (cells follow the moves). Returns false if
 * it does not converge (the caller rolls the edit back).
 */
export function repairAround(world: WorldState): boolean {
  const p = world.pos;
  let now = 0;
  for (let e = 0; e < world.editCount; e++) now = pushWork(world, 0, now, world.editSlot[e]);
  for (let round = 0; now > 0; round++) {
    if (round === REPAIR_ITERATIONS) return false;
    let next = 0;
    for (let q = 0; q < now; q++) {
      const i = world.repairNow[q];
      const b = F64 * i;
      if (clampMoves(world, i)) {
        logSphere(world, i);
        clampInside(world, i);
        relinkCell(world, i);
      }
      const around = gatherNeighbours(world, i, NEIGH_B);
      const list = world.neighB;
      for (let q2 = 0; q2 < around; q2++) {
        const j = list[q2];
        if (j === i) continue;
        world.repairVisits++;
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
          const lo = i < j ? i : j;
          const hi = i < j ? j : i;
          dx = Math.cos(lo + 0.5 * hi) * (i < j ? 1 : -1);
          dy = Math.sin(lo + 0.5 * hi) * (i < j ? 1 : -1);
          dz = 0;
          d = 1;
        }
        if (depth / s <= REPAIR_TOLERANCE) continue;
        const wi = world.invMass[i];
        const wj = world.invMass[j];
        if (wi + wj === 0) return false; // two fixed spheres cannot be moved apart
        const ei = logSphere(world, i);
        const ej = logSphere(world, j);
        const push = (depth * (1 + 1e-9)) / (d * (wi + wj));
        p[b] -= dx * push * wi;
        p[b + 1] -= dy * push * wi;
        p[b + 2] -= dz * push * wi;
        p[bj] += dx * push * wj;
        p[bj + 1] += dy * push * wj;
        p[bj + 2] += dz * push * wj;
        relinkCell(world, i);
        relinkCell(world, j);
        if (world.editRound[ei] !== round) {
          world.editRound[ei] = round;
          next = pushWork(world, 1, next, i);
        }
        if (world.editRound[ej] !== round) {
          world.editRound[ej] = round;
          next = pushWork(world, 1, next, j);
        }
      }
    }
    const swap = world.repairNow;
    world.repairNow = world.repairNext;
    world.repairNext = swap;
    now = next;
  }
  return true;
}

/** Would clampInside move sphere i? */
function clampMoves(world: WorldState, i: number): boolean {
  const r = world.rad[F64 * i];
  for (let k = 0; k < 3; k++) {
    const x = world.pos[F64 * i + k];
    if (x > world.wallNow[2 * k + 1] - r || x < world.wallNow[2 * k] + r) return true;
  }
  const axis = world.divider[0];
  if (axis >= 0) {
    const x = world.pos[F64 * i + axis];
    if (Math.abs(x - world.divider[1]) < dividerClearance(world, i)) return true;
  }
  return world.options.planar && world.pos[F64 * i + 2] !== 0;
}
