/**
 * Renumbering: the slots are put in the order of the grid's cells from time to time (the
 * `reorderEvery` option), so that spheres near each other in space are near each other in
 * memory. Nothing is predicted again and the trajectories do not change.
 *
 * A renumbering is planned, then carried out in parts:
 * - `planRenumbering` sorts the slots by cell into the plan (`moveFrom[s]`: the slot where the
 *   sphere that goes to s is now; `moveTo`, its inverse). It moves nothing.
 * - `moveSpheres` puts the plan's next slots in place, each by swapping its planned sphere in;
 *   the sphere it held goes where that one was, and its own planned slot follows it in the plan.
 *   Every reference to a moved slot is then renamed: partners, cell lists, ids, the queue.
 *
 * A large world spreads the parts over {@link RENUMBER_PHASES} steps (one call a step, after the
 * step's events), so that no step carries the whole renumbering; a world renumbered every few
 * steps, or after a rebuild, plans and moves everything at once (`reorder`). Between two calls
 * the world is whole and consistent: edits and steps may come in between. An edit that adds or
 * removes a slot drops what is left of the plan (`cancelRenumbering`).
 */
import { cellIndex } from './grid.ts';
import { STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { I16, I32 } = STRIDE;

/** Parts a large world's renumbering is carried out in, one a step, after the step that plans it. */
export const RENUMBER_PHASES = 16;

/** Plans and carries out a whole renumbering now (after a rebuild, or when renumbering every few steps). */
export function reorder(world: WorldState): void {
  if (world.count < 2) {
    cancelRenumbering(world);
    return;
  }
  planRenumbering(world, 1);
  if (renumberingUnderway(world)) moveSpheres(world);
}

/** Drops what is left of a planned renumbering (its slots no longer name the same spheres). */
export function cancelRenumbering(world: WorldState): void {
  world.moveCursor = world.moveEnd = 0;
}

/**
 * Plans a renumbering: the slots in the order of the grid's cells (row by row, z then y then x;
 * a Morton curve measured no faster), ascending slots within a cell, to be carried out in
 * `phases` calls of `moveSpheres`. A two-pass radix sort (by x, then by row) reads each sphere's
 * cell once, into a compact array: the counting arrays hold a row of cells and the rows, not
 * every cell, and the grid's own lists stay as they are. O(N), allocation-free once the arrays
 * have their size.
 */
export function planRenumbering(world: WorldState, phases: number): void {
  const n = world.count;
  ensurePlanArrays(world);
  const nx = world.gridN[0], ny = world.gridN[1], nz = world.gridN[2];
  if (world.xCount.length < nx) world.xCount = new Int32Array(nx);
  if (world.rowCount.length < ny * nz) world.rowCount = new Int32Array(ny * nz);
  const cellC = world.cellC;
  const key = world.stack; // each sphere's cell index (scratch until the moves)
  const byX = world.moveTo; // the slots ordered by x (scratch until the inverse below)
  const order = world.moveFrom;
  for (let s = 0; s < n; s++) key[s] = (cellC[I16 * s + 2] * ny + cellC[I16 * s + 1]) * nx + cellC[I16 * s];
  // Pass 1: the slots by their x cell, stable.
  const xc = world.xCount;
  xc.fill(0, 0, nx);
  for (let s = 0; s < n; s++) xc[key[s] % nx]++;
  let sum = 0;
  for (let x = 0; x < nx; x++) {
    const m = xc[x];
    xc[x] = sum;
    sum += m;
  }
  for (let s = 0; s < n; s++) byX[xc[key[s] % nx]++] = s;
  // Pass 2: by row (y and z), stable: cell order, ascending slots within a cell.
  const rows = ny * nz;
  const rc = world.rowCount;
  rc.fill(0, 0, rows);
  for (let s = 0; s < n; s++) rc[(key[s] / nx) | 0]++;
  sum = 0;
  for (let r = 0; r < rows; r++) {
    const m = rc[r];
    rc[r] = sum;
    sum += m;
  }
  for (let q = 0; q < n; q++) {
    const s = byX[q];
    order[rc[(key[s] / nx) | 0]++] = s;
  }
  const to = world.moveTo;
  let first = n;
  let last = -1;
  for (let s = 0; s < n; s++) {
    to[order[s]] = s;
    if (order[s] !== s) {
      if (first === n) first = s;
      last = s;
    }
  }
  // Only the slots from the first to the last one out of place are carried out (none: nothing to do).
  world.moveCursor = first;
  world.moveEnd = last + 1;
  world.moveBudget = Math.ceil((last + 1 - first) / phases);
  world.reorderedAt = world.stepId;
  world.lastStep.renumberSorted += n;
}

/**
 * Carries out the next part of the planned renumbering: the next `moveBudget` slots (from
 * `moveCursor`) take their planned spheres, each by a swap with the slot where that sphere is
 * now, and every reference to a moved slot is renamed. The swaps of one call do not wait on each
 * other (the processor overlaps their reads), and a part ends with whole slots in place.
 * reorderedFrom (`fromSlot`) then says where each sphere was: the slot itself for those that
 * stayed. Allocation-free; the renaming reads every sphere's links once. A part with nothing to
 * swap changes nothing (layoutVersion stays).
 */
export function moveSpheres(world: WorldState): void {
  const n = world.count;
  const from = world.moveFrom;
  const to = world.moveTo;
  const was = world.fromSlot; // slot -> the slot its sphere had before this call
  for (let s = 0; s < n; s++) was[s] = s;
  const first = world.moveCursor;
  const end = Math.min(world.moveEnd, first + world.moveBudget);
  let swaps = 0;
  for (let j = first; j < end; j++) {
    const k = from[j]; // where j's planned sphere is now
    if (k === j) continue;
    swaps++;
    // The sphere in j goes to k, and on from there to its own planned slot later.
    const d = to[j];
    swapSpheres(world, j, k);
    from[d] = k;
    to[k] = d;
    from[j] = j;
    to[j] = j;
    const w = was[j];
    was[j] = was[k];
    was[k] = w;
  }
  world.moveCursor = end;
  world.reorderedAt = world.stepId;
  if (swaps === 0) return;
  world.lastStep.renumberSwaps += swaps;
  const now = world.stack; // slot before this call -> slot after
  for (let s = 0; s < n; s++) now[was[s]] = s;
  renameSlots(world, now);
  world.layoutVersion++;
}

/** A renumbering is planned and not yet carried out to its end. */
export function renumberingUnderway(world: WorldState): boolean {
  return world.moveCursor < world.moveEnd;
}

/**
 * Swaps the whole state of the spheres in slots j and k: records, every per-sphere array, their
 * ids' slots, and the cell lists' heads among them.
 */
function swapSpheres(world: WorldState, j: number, k: number): void {
  const head = world.cellHead;
  const cj = cellIndex(world, j);
  const ck = cellIndex(world, k);
  const jHeads = head[cj] === j;
  const kHeads = head[ck] === k;
  if (jHeads) head[cj] = k;
  if (kHeads) head[ck] = j;
  // The records word by word, four at a time: twice as fast here as copies through a spare
  // record (copyWithin and loops), which wait on the loads of one record before the next.
  const rec = world.recordI32;
  const a = I32 * j;
  const b = I32 * k;
  for (let q = 0; q < I32; q += 4) {
    const x0 = rec[a + q], x1 = rec[a + q + 1], x2 = rec[a + q + 2], x3 = rec[a + q + 3];
    rec[a + q] = rec[b + q];
    rec[a + q + 1] = rec[b + q + 1];
    rec[a + q + 2] = rec[b + q + 2];
    rec[a + q + 3] = rec[b + q + 3];
    rec[b + q] = x0;
    rec[b + q + 1] = x1;
    rec[b + q + 2] = x2;
    rec[b + q + 3] = x3;
  }
  swapFloat(world.mass, j, k);
  swapFloat(world.invMass, j, k);
  swapFloat(world.ownE, j, k);
  swapFloat(world.lastColl, j, k);
  swapFloat(world.slowSince, j, k);
  swapFloat(world.evTime, j, k);
  swapInt(world.stepStamp, j, k);
  swapInt(world.stepContacts, j, k);
  swapInt(world.clusterMark, j, k);
  swapInt(world.idOf, j, k);
  swapInt(world.species, j, k);
  world.slotOf[world.idOf[j]] = j;
  world.slotOf[world.idOf[k]] = k;
}

function swapFloat(a: Float64Array, j: number, k: number): void {
  const x = a[j];
  a[j] = a[k];
  a[k] = x;
}

function swapInt(a: Int32Array, j: number, k: number): void {
  const x = a[j];
  a[j] = a[k];
  a[k] = x;
}

/**
 * Renames every other reference to a moved slot (now[old] = new; unmoved slots map to
 * themselves): each sphere's cell-list link, best partner and event partner, and the queue when
 * it holds events. (The moves renamed the cells' list heads.)
 */
function renameSlots(world: WorldState, now: Int32Array): void {
  const n = world.count;
  for (let s = 0; s < n; s++) {
    const next = world.nextIn[I32 * s];
    if (next >= 0) world.nextIn[I32 * s] = now[next];
    const pair = world.pairJ[I32 * s];
    if (pair >= 0) world.pairJ[I32 * s] = now[pair];
    const kind = world.evKind[I32 * s];
    if (kind >= 0) world.evKind[I32 * s] = now[kind];
  }
  if (world.queue.queued() > 0) world.queue.build(n);
}

/** The plan's arrays at the world's capacity (made at the first renumbering). */
function ensurePlanArrays(world: WorldState): void {
  if (world.moveFrom.length >= world.capacity) return;
  world.moveFrom = new Int32Array(world.capacity);
  world.moveTo = new Int32Array(world.capacity);
  world.fromSlot = new Int32Array(world.capacity);
}
