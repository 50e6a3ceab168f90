/**
 * Storage: the per-sphere records and arrays, grown by doubling; stable ids and their slots;
 * swap-removal; the derived geometry (half sizes, gravity, resting speed) of the options.
 */
import { SolverInputError } from './errors.ts';
import { cancelRenumbering } from './renumber.ts';
import { RECORD_BYTES, SIDE_BYTE, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { F64, I32, U8 } = STRIDE;

/** out[width * i + k] = field[S * i + k] for every sphere (a record field to a packed array). */
export function copyOut(world: WorldState, out: Float64Array, field: Float64Array, width: number): void {
  for (let i = 0; i < world.count; i++) {
    for (let k = 0; k < width; k++) out[width * i + k] = field[F64 * i + k];
  }
}

/**
 * Ids: `addSphere` returns an id that stays the same for the sphere's life. The arrays are
 * indexed by slot: slot = id while nothing was removed. `removeSphere` moves the last sphere
 * into the freed slot (arrays stay dense); its id does not change, only its slot. In a large
 * world `step` also renumbers the slots from time to time for memory locality (see
 * {@link layoutVersion} and the `reorderEvery` option). Ids are never reused.
 */
export function indexOf(world: WorldState, id: number): number {
  return Number.isInteger(id) && id >= 0 && id < world.nextId ? world.slotOf[id] : -1;
}

export function slotFor(world: WorldState, id: number): number {
  const i = indexOf(world, id);
  if (i < 0) throw new SolverInputError('id', id, 'the id of an existing sphere');
  return i;
}

/** Writes a vector field of the record (pos, vel or acc). */
export function setVec(arr: Float64Array, i: number, v: ArrayLike<number>): void {
  arr[F64 * i] = v[0];
  arr[F64 * i + 1] = v[1];
  arr[F64 * i + 2] = v[2];
}

/**
 * Swap-remove: the last sphere moves into slot i (its whole record, so its cell link and its
 * event must be redone by the caller). Both slots' collision counters move past every value they
 * had, so that any prediction naming either slot is stale from now on (counters only grow).
 */
export function removeSlot(world: WorldState, i: number): void {
  cancelRenumbering(world);
  const last = world.count - 1;
  if (world.asleep[U8 * i]) world.sleepingCount--;
  const countI = world.collCount[I32 * i];
  const countLast = world.collCount[I32 * last];
  if (i !== last) {
    // Copied by copyWithin, not through a variable: a sphere leaving through a hole is removed within a
    // step, where V8 may still run this unoptimized, and there a number read into a variable is boxed.
    world.mass.copyWithin(i, last, last + 1);
    world.invMass.copyWithin(i, last, last + 1);
    world.ownE.copyWithin(i, last, last + 1);
    world.lastColl.copyWithin(i, last, last + 1);
    world.slowSince.copyWithin(i, last, last + 1);
    world.species[i] = world.species[last];
    world.recordI32.copyWithin(I32 * i, I32 * last, I32 * (last + 1));
    world.idOf[i] = world.idOf[last];
    world.slotOf[world.idOf[i]] = i;
  }
  world.collCount[I32 * i] = Math.max(countI, countLast) + 1;
  world.collCount[I32 * last] = Math.max(countI, countLast) + 1;
  world.count = last;
}

export function growIds(world: WorldState, n: number): void {
  if (world.slotOf.length >= n) return;
  const next = new Int32Array(Math.max(n, 2 * world.slotOf.length)).fill(-1);
  next.set(world.slotOf);
  world.slotOf = next;
}

/** Points the record's field views at a record buffer (see RECORD). */
export function viewRecord(world: WorldState, rec: ArrayBuffer): void {
  world.record = rec;
  world.recordI32 = new Int32Array(rec);
  world.pos = new Float64Array(rec, 0);
  world.vel = new Float64Array(rec, 24);
  world.tLoc = new Float64Array(rec, 48);
  world.rad = new Float64Array(rec, 56);
  world.acc = new Float64Array(rec, 64);
  world.pairT = new Float64Array(rec, 88);
  world.cellC = new Int16Array(rec, 96);
  world.side = new Uint8Array(rec, SIDE_BYTE);
  world.holeSub = new Uint8Array(rec, SIDE_BYTE + 1);
  world.nextIn = new Int32Array(rec, 104);
  world.collCount = new Int32Array(rec, 108);
  world.pairJ = new Int32Array(rec, 112);
  world.pairC = new Int32Array(rec, 116);
  world.evKind = new Int32Array(rec, 120);
  world.asleep = new Uint8Array(rec, 124);
  world.isFixed = new Uint8Array(rec, 125);
  world.frozen = new Uint8Array(rec, 126);
  world.restMask = new Uint8Array(rec, 127);
}

/** Grows every per-sphere array to hold n spheres: by doubling, or to exactly n (a batch). */
export function reserve(world: WorldState, n: number, exact = false): void {
  if (n <= world.capacity) return;
  let cap = Math.max(16, world.capacity);
  if (exact) cap = Math.max(cap, n);
  while (cap < n) cap *= 2;
  const f64 = (a: Float64Array, k: number) => {
    const b = new Float64Array(cap * k);
    b.set(a);
    return b;
  };
  const i32 = (a: Int32Array, k: number) => {
    const b = new Int32Array(cap * k);
    b.set(a);
    return b;
  };
  const rec = new ArrayBuffer(cap * RECORD_BYTES);
  new Uint8Array(rec).set(new Uint8Array(world.record));
  viewRecord(world, rec);
  world.mass = f64(world.mass, 1);
  world.invMass = f64(world.invMass, 1);
  world.ownE = f64(world.ownE, 1);
  world.lastColl = f64(world.lastColl, 1);
  world.slowSince = f64(world.slowSince, 1);
  world.evTime = f64(world.evTime, 1);
  world.stepStamp = i32(world.stepStamp, 1);
  world.stepContacts = i32(world.stepContacts, 1);
  world.idOf = i32(world.idOf, 1);
  world.species = i32(world.species, 1);
  world.stack = new Int32Array(cap);
  world.clusterMark = i32(world.clusterMark, 1);
  world.editMark = i32(world.editMark, 1);
  world.queue.reserve(cap, world.evTime);
  world.capacity = cap;
}

export function applyGeometry(world: WorldState): void {
  for (let k = 0; k < 3; k++) world.halfSize[k] = world.options.size[k] / 2;
  world.gravity[0] = world.options.gravity[0];
  world.gravity[1] = world.options.gravity[1];
  world.gravity[2] = world.options.planar ? 0 : world.options.gravity[2];
  world.gravityMagnitude = Math.hypot(world.gravity[0], world.gravity[1], world.gravity[2]);
  world.restUnit[0] = Math.sqrt(2 * world.gravityMagnitude * world.options.restingHeight);
}
