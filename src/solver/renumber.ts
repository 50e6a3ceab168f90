/**
 * Renumbering: the slots are put in the order of the grid's cells from time to time (the
 * `reorderEvery` option), so that spheres near each other in space are near each other in
 * memory. Nothing is predicted again and the trajectories do not change.
 */
import { linkCell } from './grid.ts';
import { STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { I16, I32 } = STRIDE;

/**
 * Renumbers the slots in the order of the grid's cells (row by row, z then y then x; a Morton
 * curve measured no faster), so that the spheres a prediction reads (its 27 cells) sit close
 * together in memory. Runs between
 * steps, every sphere at the world's time; every per-sphere array is permuted and the predicted
 * events carry over (their partner slots renamed), so nothing is predicted again and the
 * trajectories do not change. O(N), allocation-free after the first: the new order is a
 * counting sort of the slots by cell, the records are permuted in place, the other per-sphere
 * arrays gathered through a scratch array (8 bytes a sphere, made at the first renumbering), the
 * cluster stack holds the inverse, and the grid's lists and the queue are rebuilt.
 */
export function reorder(world: WorldState): void {
  const n = world.count;
  if (n < 2) return;
  if (world.fromSlot.length < world.capacity) world.fromSlot = new Int32Array(world.capacity);
  const order = world.fromSlot;
  const cells = world.gridN[0] * world.gridN[1] * world.gridN[2];
  // A counting sort of the slots by cell (ascending slots within a cell), read from each record's
  // cell in one sweep: walking the cells' lists instead reads the records in a scattered order.
  // cellHead holds the counts, then each cell's next place; its lists are built again below.
  const head = world.cellHead;
  const cellC = world.cellC;
  const nx = world.gridN[0], ny = world.gridN[1];
  head.fill(0, 0, cells);
  for (let s = 0; s < n; s++) head[(cellC[I16 * s + 2] * ny + cellC[I16 * s + 1]) * nx + cellC[I16 * s]]++;
  let sum = 0;
  for (let c = 0; c < cells; c++) {
    const m = head[c];
    head[c] = sum;
    sum += m;
  }
  for (let s = 0; s < n; s++) order[head[(cellC[I16 * s + 2] * ny + cellC[I16 * s + 1]) * nx + cellC[I16 * s]]++] = s;
  const inverse = world.stack;
  for (let s = 0; s < n; s++) inverse[order[s]] = s;
  permute(world, world.recordI32, I32, n); // whole records, as 32-bit words (exact for every field)
  // The other arrays are gathered through a scratch array: independent reads, which the
  // processor overlaps, where following the permutation's cycles reads one after another.
  if (world.gatherF64.length < world.capacity) {
    const scratch = new ArrayBuffer(8 * world.capacity);
    world.gatherF64 = new Float64Array(scratch);
    world.gatherI32 = new Int32Array(scratch);
  }
  gatherFloats(world, world.mass, n);
  gatherFloats(world, world.invMass, n);
  gatherFloats(world, world.ownE, n);
  gatherFloats(world, world.lastColl, n);
  gatherFloats(world, world.slowSince, n);
  gatherFloats(world, world.evTime, n);
  gatherInts(world, world.stepStamp, n);
  gatherInts(world, world.stepContacts, n);
  gatherInts(world, world.clusterMark, n);
  gatherInts(world, world.idOf, n);
  for (let s = 0; s < n; s++) {
    const kind = world.evKind[I32 * s];
    if (kind >= 0) world.evKind[I32 * s] = inverse[kind]; // a partner's slot
    const pair = world.pairJ[I32 * s];
    if (pair >= 0) world.pairJ[I32 * s] = inverse[pair];
    world.slotOf[world.idOf[s]] = s;
  }
  // The cells stay as they were (a sphere on a cell face keeps the side it was given).
  world.cellHead.fill(-1, 0, cells);
  for (let s = n - 1; s >= 0; s--) linkCell(world, s);
  world.queue.build(n);
  world.layoutVersion++;
  world.reorderedAt = world.stepId;
}

/** a[s] = old a[fromSlot[s]] for the first n slots, through gatherF64. */
export function gatherFloats(world: WorldState, a: Float64Array, n: number): void {
  const from = world.fromSlot;
  const tmp = world.gatherF64;
  for (let s = 0; s < n; s++) tmp[s] = a[from[s]];
  for (let s = 0; s < n; s++) a[s] = tmp[s];
}

/** a[s] = old a[fromSlot[s]] for the first n slots, through gatherI32. */
export function gatherInts(world: WorldState, a: Int32Array, n: number): void {
  const from = world.fromSlot;
  const tmp = world.gatherI32;
  for (let s = 0; s < n; s++) tmp[s] = a[from[s]];
  for (let s = 0; s < n; s++) a[s] = tmp[s];
}

/**
 * a[stride * s + q] = old a[stride * fromSlot[s] + q] for the first n slots, in place: each cycle
 * of the permutation is followed once (visited slots are marked by flipping their entry in
 * fromSlot, and unmarked at the end); one entry (stride elements, at most 32) waits in permTmp.
 */
export function permute(world: WorldState, a: Int32Array, stride: number, n: number): void {
  const from = world.fromSlot;
  const tmp = world.permTmp;
  for (let start = 0; start < n; start++) {
    if (from[start] < 0 || from[start] === start) continue;
    for (let q = 0; q < stride; q++) tmp[q] = a[stride * start + q];
    let j = start;
    for (;;) {
      const k = from[j];
      from[j] = -1 - k;
      if (k === start) {
        for (let q = 0; q < stride; q++) a[stride * j + q] = tmp[q];
        break;
      }
      a.copyWithin(stride * j, stride * k, stride * k + stride);
      j = k;
    }
  }
  for (let s = 0; s < n; s++) if (from[s] < 0) from[s] = -1 - from[s];
}
