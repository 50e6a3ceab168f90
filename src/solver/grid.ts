/**
 * The broad phase: a uniform grid of cells, each holding a singly linked list of the spheres whose
 * centre it contains (cellHead, nextIn). A cell is at least the largest diameter wide, so touching
 * spheres are in neighbouring cells; a sphere's centre crossing a cell face is an event like any
 * other (response.ts, crossCell), so the grid is exact at every moment.
 */
import { CELLS_PER_SPHERE, GRID_AXIS_MAX } from './options.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { NEIGH_A, NEIGH_B } = LIST;
const { F64, I32, I16 } = STRIDE;

/**
 * Cell size: at least the largest diameter (so touching spheres are in neighbouring cells), times
 * the largest well's range when there are wells (wells.ts),
 * and large enough that there are at most about two cells per sphere (memory and empty-cell
 * scans stay linear in N however big the box). `radius`: a sphere about to be added or grown.
 */
export function buildGrid(world: WorldState, radius = 0): void {
  let rMax = radius; // a sphere about to be added counts too
  for (let i = 0; i < world.count; i++) if (world.rad[F64 * i] > rMax) rMax = world.rad[F64 * i];
  const L = world.options.size;
  const dims = world.options.planar ? 2 : 3;
  const maxCells = CELLS_PER_SPHERE * world.count + 8;
  let vol = 1;
  for (let k = 0; k < dims; k++) vol *= L[k];
  // With wells, a pair within reach of its well's edge must be in neighbouring cells too.
  const minW = Math.max(2 * rMax * (1 + 1e-9) * world.wellReach, Math.pow(vol / maxCells, 1 / dims));
  let total = 1;
  for (let k = 0; k < 3; k++) {
    const nk = k < dims ? Math.min(GRID_AXIS_MAX, Math.max(1, Math.floor(L[k] / minW))) : 1;
    world.gridN[k] = nk;
    world.cellW[k] = L[k] / nk;
    total *= nk;
  }
  world.gridReady = true;
  world.gridCount = world.count;
  if (world.cellHead.length < total) world.cellHead = new Int32Array(Math.max(total, 2 * world.cellHead.length));
  world.cellHead.fill(-1, 0, total);
  for (let i = 0; i < world.count; i++) {
    for (let k = 0; k < 3; k++) {
      const c = Math.floor((world.pos[F64 * i + k] + world.halfSize[k]) / world.cellW[k]);
      world.cellC[I16 * i + k] = c < 0 ? 0 : c >= world.gridN[k] ? world.gridN[k] - 1 : c;
    }
    linkCell(world, i);
  }
}

/** Puts sphere i in the cell of its centre, if it is not there (after an edit moved it). */
export function relinkCell(world: WorldState, i: number): void {
  const b = I16 * i;
  let moved = false;
  for (let k = 0; k < 3; k++) {
    const c = Math.floor((world.pos[F64 * i + k] + world.halfSize[k]) / world.cellW[k]);
    const ck = c < 0 ? 0 : c >= world.gridN[k] ? world.gridN[k] - 1 : c;
    if (ck !== world.cellC[b + k]) moved = true;
  }
  if (!moved) return;
  unlinkCell(world, i);
  for (let k = 0; k < 3; k++) {
    const c = Math.floor((world.pos[F64 * i + k] + world.halfSize[k]) / world.cellW[k]);
    world.cellC[b + k] = c < 0 ? 0 : c >= world.gridN[k] ? world.gridN[k] - 1 : c;
  }
  linkCell(world, i);
}

export function cellIndex(world: WorldState, i: number): number {
  return (world.cellC[I16 * i + 2] * world.gridN[1] + world.cellC[I16 * i + 1]) * world.gridN[0] + world.cellC[I16 * i];
}

export function linkCell(world: WorldState, i: number): void {
  const c = cellIndex(world, i);
  world.nextIn[I32 * i] = world.cellHead[c];
  world.cellHead[c] = i;
}

/** Takes sphere i out of its cell's list (singly linked: cells hold a sphere or two, so the walk is short). */
export function unlinkCell(world: WorldState, i: number): void {
  const c = cellIndex(world, i);
  let j = world.cellHead[c];
  if (j === i) {
    world.cellHead[c] = world.nextIn[I32 * i];
    return;
  }
  while (j >= 0) {
    const next = world.nextIn[I32 * j];
    if (next === i) {
      world.nextIn[I32 * j] = world.nextIn[I32 * i];
      return;
    }
    j = next;
  }
}

/**
 * Writes into a slot list (NEIGH_A, NEIGH_B or SCAN_LIST) every sphere in the cells
 * [x0, x1] x [y0, y1] x [z0, z1] except `skip` (-1: none); returns how many. The lists grow by
 * doubling (only while warming up). Two neighbour lists, so that a loop over one may call code
 * that gathers into the other.
 */
export function gatherCells(world: WorldState, which: number, skip: number, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): number {
  let out: Int32Array = which === NEIGH_A ? world.neighA : which === NEIGH_B ? world.neighB : world.scanList;
  const nx = world.gridN[0], ny = world.gridN[1];
  let n = 0;
  for (let qz = z0; qz <= z1; qz++) {
    for (let qy = y0; qy <= y1; qy++) {
      const row = (qz * ny + qy) * nx;
      for (let qx = x0; qx <= x1; qx++) {
        for (let j = world.cellHead[row + qx]; j >= 0; j = world.nextIn[I32 * j]) {
          if (n === out.length) out = growList(world, which);
          out[n] = j;
          n += j === skip ? 0 : 1;
        }
      }
    }
  }
  return n;
}

/** Doubles a slot list (see gatherCells) and returns it. */
export function growList(world: WorldState, which: number): Int32Array {
  const old = which === NEIGH_A ? world.neighA : which === NEIGH_B ? world.neighB : world.scanList;
  const bigger = new Int32Array(2 * old.length);
  bigger.set(old);
  if (which === NEIGH_A) world.neighA = bigger;
  else if (which === NEIGH_B) world.neighB = bigger;
  else world.scanList = bigger;
  return bigger;
}

/**
 * Writes into neighA (which = NEIGH_A) or neighB (NEIGH_B) the slots of every sphere in the 27
 * cells around sphere i's cell, i included; returns how many.
 */
export function gatherNeighbours(world: WorldState, i: number, which: number): number {
  const nx = world.gridN[0], ny = world.gridN[1], nz = world.gridN[2];
  const cx = world.cellC[I16 * i], cy = world.cellC[I16 * i + 1], cz = world.cellC[I16 * i + 2];
  return gatherCells(world, which, -1, cx > 0 ? cx - 1 : 0, cx < nx - 1 ? cx + 1 : nx - 1, cy > 0 ? cy - 1 : 0, cy < ny - 1 ? cy + 1 : ny - 1, cz > 0 ? cz - 1 : 0, cz < nz - 1 ? cz + 1 : nz - 1);
}
