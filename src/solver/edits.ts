/**
 * Edits: adding, removing and changing spheres, and the world-wide settings. Each validates its
 * input before changing anything, repairs the overlaps it creates (repair.ts) and rolls back when
 * it cannot.
 *
 * An edit of one sphere costs what it touches: the sphere, the neighbours the overlap repair
 * pushes (in cascade), and the sleepers resting on them. Those are predicted again at once and
 * every other prediction stands (one that involved a touched sphere is found stale by its
 * collision counter when it comes up, as after a collision). Edits of the whole world (gravity,
 * the box, reversing every velocity, a batch of spheres) mark it for a rebuild at the next step
 * instead, and so does an edit while it is marked (before the first step, say): the rebuild
 * predicts everything anyway.
 */
import { SolverInputError, bool, inRange, integer, positive, vec3 } from './errors.ts';
import { resolveOptions } from './options.ts';
import type { SphereOptions, Vec3Like, WorldOptions } from './options.ts';
import { buildGrid, linkCell, unlinkCell } from './grid.ts';
import { sideFromCentre } from './hole.ts';
import { predict, sync } from './predict.ts';
import { MAX_SPECIES } from './reactions.ts';
import { cancelRenumbering } from './renumber.ts';
import { logSphere, repairAround, repairOverlaps } from './repair.ts';
import { forNeighbours, pushSleepersAbove, restOnTouchedWalls, updateAcceleration, wake, wakeAbove, wakeAll, wakeCascade } from './sleep.ts';
import { EVENT, NO_SNAPSHOT, STRIDE } from './state.ts';
import type { CheckedSphere, WorldState } from './state.ts';
import { applyGeometry, copyOut, growIds, removeSlot, reserve, setVec, slotFor } from './storage.ts';
import { frameWalls } from './wall-motion.ts';
import { forgetWells, recountWells, refreshWells } from './wells.ts';

const { F64, I16, I32, U8 } = STRIDE;
const { NONE } = EVENT;

/** The world options that {@link setOptions} may change after creation. */
export type OptionsPatch = Partial<Pick<WorldOptions, 'restitution' | 'wallRestitution' | 'restingHeight' | 'restingFriction' | 'sleep' | 'collapseTime' | 'maxContactsPerStep' | 'maxEventsPerStep'>>;

/** Adds a sphere and returns its id. Overlaps it creates are repaired (docs/physics.md, section 6). */
export function addSphere(world: WorldState, def: SphereOptions): number {
  world.stateVersion++;
  const s = checkSphere(world, def, '');
  if (world.nextId + 1 >= 0x7fffffff) throw new SolverInputError('sphere', world.nextId, 'fewer than 2^31 ever added');
  reserve(world, world.count + 1);
  growIds(world, world.nextId + 1);
  prepareGrid(world, s.radius, world.count + 1);
  const i = world.count;
  const id = world.nextId;
  writeSphere(world, s);
  if (!world.dirty) {
    world.evTime[i] = Infinity;
    world.evKind[I32 * i] = NONE;
    world.queue.add();
  }
  placeInGrid(world, i);
  beginLocalEdit(world, i);
  logSphere(world, i);
  localEdit(world, 0, 'position', def.position, () => {
    unlinkCell(world, i);
    if (!world.dirty) world.queue.drop();
    world.count--;
    world.slotOf[id] = -1;
    world.nextId--;
  });
  return id;
}

/**
 * Adds many spheres at once (a scene) and returns the first id; the others follow in order.
 * Every definition is checked before anything changes (a bad one is named by its index, for
 * instance `spheres[12].radius`), and overlaps are repaired once for all of them, so building
 * N spheres costs time linear in N (adding them one by one repairs N times).
 */
export function addSpheres(world: WorldState, defs: readonly SphereOptions[]): number {
  world.stateVersion++;
  if (!Array.isArray(defs)) throw new SolverInputError('spheres', defs, 'an array of sphere definitions');
  if (world.pending.length < defs.length) world.pending = new Array(defs.length);
  for (let k = 0; k < defs.length; k++) world.pending[k] = checkSphere(world, defs[k], `spheres[${k}].`);
  return appendChecked(world, defs.length, 'spheres', `${defs.length} spheres`);
}

/** Validates a sphere definition (fields prefixed for messages); changes nothing. */
export function checkSphere(world: WorldState, def: SphereOptions, prefix: string): CheckedSphere {
  if (def === null || typeof def !== 'object') throw new SolverInputError(prefix ? prefix.slice(0, -1) : 'sphere', def, 'an object');
  const radius = positive(`${prefix}radius`, def.radius);
  const p = vec3(`${prefix}position`, def.position);
  const v = def.velocity === undefined ? ([0, 0, 0] as [number, number, number]) : vec3(`${prefix}velocity`, def.velocity);
  const fixed = def.fixed === undefined ? false : bool(`${prefix}fixed`, def.fixed);
  let mass: number;
  if (fixed) {
    if (def.mass !== undefined && def.mass !== Infinity) positive(`${prefix}mass`, def.mass);
    mass = Infinity;
  } else if (def.mass !== undefined) mass = positive(`${prefix}mass`, def.mass);
  else {
    const density = def.density === undefined ? world.options.density : positive(`${prefix}density`, def.density);
    mass = positive(`${prefix}mass`, (4 / 3) * Math.PI * radius * radius * radius * density);
  }
  const e = def.restitution === undefined ? NaN : inRange(`${prefix}restitution`, def.restitution, 0, 1);
  const species = def.species === undefined ? 0 : integer(`${prefix}species`, def.species, 0, MAX_SPECIES - 1);
  checkFits(world, `${prefix}radius`, radius);
  checkInside(world, `${prefix}position`, p);
  return { radius, p, v, fixed, mass, e, species };
}

/** Appends the first `count` checked spheres, repairs overlaps once, rolls all back on failure. */
export function appendChecked(world: WorldState, count: number, field: string, value: unknown): number {
  if (world.nextId + count >= 0x7fffffff) throw new SolverInputError('sphere', world.nextId, 'fewer than 2^31 ever added');
  sync(world);
  reserve(world, world.count + count, count > 1); // a batch: exactly what it needs
  const first = world.nextId;
  growIds(world, first + count);
  editRollback(world, () => {
    for (let k = 0; k < count; k++) writeSphere(world, world.pending[k]);
  }, field, value, () => {
    for (let k = 0; k < count; k++) {
      removeSlot(world, world.count - 1);
      world.slotOf[world.nextId - 1] = -1;
      world.nextId--;
    }
  });
  for (let k = 0; k < count; k++) world.pending[k] = undefined as unknown as CheckedSphere;
  return first;
}

/** Writes a checked sphere into the next slot, with the next id (capacity reserved by the caller). */
function writeSphere(world: WorldState, s: CheckedSphere): void {
  cancelRenumbering(world); // the plan's slots end at the old count
  const i = world.count++;
  const id = world.nextId++;
  world.idOf[i] = id;
  world.slotOf[id] = i;
  world.rad[F64 * i] = s.radius;
  world.mass[i] = s.mass;
  world.invMass[i] = s.fixed ? 0 : 1 / s.mass;
  world.isFixed[U8 * i] = s.fixed ? 1 : 0;
  world.ownE[i] = s.e;
  world.species[i] = s.species;
  world.asleep[U8 * i] = 0;
  world.frozen[U8 * i] = 0;
  world.restMask[U8 * i] = 0;
  world.collCount[I32 * i]++; // counters only grow: a prediction naming this slot before is stale
  world.lastColl[i] = -Infinity;
  world.slowSince[i] = NaN;
  world.stepStamp[i] = -1;
  world.editMark[i] = 0;
  world.tLoc[F64 * i] = world.time;
  setVec(world.pos, i, s.p);
  setVec(world.vel, i, s.fixed ? [0, 0, 0] : s.v);
  for (let k = 0; k < 3; k++) world.acc[F64 * i + k] = 0;
  if (world.options.planar) {
    world.pos[F64 * i + 2] = 0;
    world.vel[F64 * i + 2] = 0;
  }
  world.side[U8 * i] = 0;
  sideFromCentre(world, i);
}

/** Removes a sphere. The last sphere moves into its slot; ids do not change (see {@link indexOf}). */
export function removeSphere(world: WorldState, id: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  world.clock[0] = world.time;
  removeSlotNow(world, i);
}

/**
 * Removes the sphere in slot i at the clock's time: by an edit, or within a step when it leaves the
 * box through a hole (hole.ts). The last sphere moves into slot i and is predicted there; every
 * prediction that names either slot is stale by their collision counters.
 */
export function removeSlotNow(world: WorldState, i: number): void {
  const id = world.idOf[i];
  const live = !world.dirty;
  // Its pairs leave the wells (their energy, in wellScratch[0], is the caller's to book).
  if (world.wellsOn) forgetWells(world, i);
  // The sleepers it carried fall.
  if (world.sleepingCount > 0) {
    if (live) wakeAbove(world, i);
    else wakeAll(world);
  }
  const last = world.count - 1;
  if (world.gridReady) {
    unlinkCell(world, i);
    if (i !== last) unlinkCell(world, last);
  }
  removeSlot(world, i);
  world.slotOf[id] = -1;
  if (live) world.queue.drop();
  if (i === last) return;
  if (world.gridReady) linkCell(world, i);
  // The sphere now in slot i: its event under its new slot (its partners are stale: both slots' counters moved).
  if (live) predict(world, i);
}

/** Removes every sphere; counters and time are kept. */
export function clear(world: WorldState): void {
  world.stateVersion++;
  for (let i = 0; i < world.count; i++) world.slotOf[world.idOf[i]] = -1;
  world.count = 0;
  world.sleepingCount = 0;
  world.dirty = true;
  world.gridReady = false;
  recountWells(world);
}

/** Moves a sphere by hand (the centre must be inside the box); overlaps are repaired. */
export function setPosition(world: WorldState, id: number, position: Vec3Like): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  const p = vec3('position', position);
  checkInside(world, 'position', p);
  prepareGrid(world, world.rad[F64 * i], world.count);
  const top = beginLocalEdit(world, i);
  logSphere(world, i);
  unlinkCell(world, i);
  setVec(world.pos, i, p);
  if (world.options.planar) world.pos[F64 * i + 2] = 0;
  placeInGrid(world, i);
  localEdit(world, top, 'position', p);
}

/** Sets a sphere's velocity, m/s (ignored for a fixed sphere, which never moves). */
export function setVelocity(world: WorldState, id: number, velocity: Vec3Like): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  const v = vec3('velocity', velocity);
  if (world.isFixed[U8 * i]) return;
  setVec(world.vel, i, v);
  if (world.options.planar) world.vel[F64 * i + 2] = 0;
  motionChanged(world, i);
}

/** Changes a sphere's radius. Its mass is kept (set it with {@link setMass}); overlaps are repaired. */
export function setRadius(world: WorldState, id: number, radius: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  positive('radius', radius);
  checkFits(world, 'radius', radius);
  const old = world.rad[F64 * i];
  prepareGrid(world, radius, world.count);
  const top = beginLocalEdit(world, i);
  logSphere(world, i);
  world.rad[F64 * i] = radius;
  localEdit(world, top, 'radius', radius, () => {
    world.rad[F64 * i] = old;
  });
}

/** Sets a sphere's mass, kg; Infinity makes it fixed, a finite mass frees a fixed sphere. */
export function setMass(world: WorldState, id: number, mass: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  if (mass !== Infinity) positive('mass', mass);
  const wasFixed = world.isFixed[U8 * i] === 1;
  world.mass[i] = mass;
  world.invMass[i] = mass === Infinity ? 0 : 1 / mass;
  world.isFixed[U8 * i] = mass === Infinity ? 1 : 0;
  // A finite mass changes only collisions to come; becoming fixed or free changes the motion.
  if (wasFixed === (mass === Infinity)) return;
  if (mass === Infinity) setVec(world.vel, i, [0, 0, 0]);
  motionChanged(world, i);
}

/** Fixes a sphere in place (infinite mass) or frees it with the density-based mass. */
export function setFixed(world: WorldState, id: number, fixed: boolean): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  bool('fixed', fixed);
  if (fixed) setMass(world, id, Infinity);
  else if (world.isFixed[U8 * i]) {
    const r = world.rad[F64 * i];
    setMass(world, id, (4 / 3) * Math.PI * r * r * r * world.options.density);
  }
}

/** Sets or clears (undefined) a sphere's own restitution; see {@link SphereOptions.restitution}. */
export function setSphereRestitution(world: WorldState, id: number, restitution: number | undefined): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  world.ownE[i] = restitution === undefined ? NaN : inRange('restitution', restitution, 0, 1);
}

/** Sets a sphere's species (an integer from 0 to 63); it reacts as that species from its next collision. */
export function setSpecies(world: WorldState, id: number, species: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  world.species[i] = integer('species', species, 0, MAX_SPECIES - 1);
  // Its pairs are in the wells of its new species where they are close enough; the predictions of
  // its pairs were made with the old species' wells, so all are made again at the next step.
  if (world.wellsOn) {
    refreshWells(world, i);
    world.dirty = true;
  }
}

/** The world's restitution between spheres, in [0, 1]; applies from the next collision. */
export function setRestitution(world: WorldState, e: number): void {
  world.stateVersion++;
  world.options.restitution = inRange('restitution', e, 0, 1);
}

/** The restitution at the walls, in [0, 1]; applies from the next wall hit. */
export function setWallRestitution(world: WorldState, e: number): void {
  world.stateVersion++;
  world.options.wallRestitution = inRange('wallRestitution', e, 0, 1);
}

/** Changes gravity, m/s^2. Wakes every sleeping sphere. */
export function setGravity(world: WorldState, gravity: Vec3Like): void {
  world.stateVersion++;
  const g = vec3('gravity', gravity);
  sync(world);
  world.options.gravity = g;
  applyGeometry(world);
  wakeAll(world);
  for (let i = 0; i < world.count; i++) world.restMask[U8 * i] = 0;
  world.dirty = true;
}

/** Resizes the box. Spheres outside the new walls are moved in and overlaps repaired. */
export function setSize(world: WorldState, size: Vec3Like): void {
  world.stateVersion++;
  const s = vec3('size', size, positive);
  for (let i = 0; i < world.count; i++) {
    for (let k = 0; k < 3; k++) {
      if (2 * world.rad[F64 * i] > s[k]) throw new SolverInputError(`size[${k}]`, s[k], `at least the largest sphere's diameter (${2 * world.rad[F64 * i]})`);
    }
  }
  sync(world);
  const old = world.options.size;
  editRollback(world, () => {
    world.options.size = s;
    applyGeometry(world);
    frameWalls(world);
  }, 'size', s, () => {
    world.options.size = old;
    applyGeometry(world);
    frameWalls(world);
  });
}

/**
 * Time reversal: negates every velocity. With e = 1 and no sleeping, the system then retraces
 * its path (until rounding, amplified by chaos, makes it diverge); under gravity the
 * trajectories are reversible too. Sleeping spheres are woken.
 */
export function reverseVelocities(world: WorldState): void {
  world.stateVersion++;
  sync(world);
  for (let i = 0; i < world.count; i++) {
    for (let k = 0; k < 3; k++) world.vel[F64 * i + k] = -world.vel[F64 * i + k];
  }
  for (let i = 0; i < world.count; i++) world.restMask[U8 * i] = 0;
  wakeAll(world);
  world.dirty = true;
}

/** Updates several world options at once; see {@link WorldOptions}. Validates all before applying any. */
export function setOptions(world: WorldState, patch: OptionsPatch): void {
  world.stateVersion++;
  const merged = resolveOptions({ ...world.options, ...patch });
  world.options.restitution = merged.restitution;
  world.options.wallRestitution = merged.wallRestitution;
  world.options.restingHeight = merged.restingHeight;
  applyGeometry(world);
  world.options.restingFriction = merged.restingFriction;
  world.options.collapseTime = merged.collapseTime;
  world.options.maxContactsPerStep = merged.maxContactsPerStep;
  world.options.maxEventsPerStep = merged.maxEventsPerStep;
  if (world.options.sleep !== merged.sleep) {
    world.options.sleep = merged.sleep;
    sync(world);
    wakeAll(world);
    world.dirty = true;
  }
}

export function checkFits(world: WorldState, field: string, radius: number): void {
  for (let k = 0; k < 3; k++) {
    if (2 * radius > world.options.size[k]) {
      throw new SolverInputError(field, radius, `at most half the smallest box side (${Math.min(...world.options.size) / 2})`);
    }
  }
}

export function checkInside(world: WorldState, field: string, p: [number, number, number]): void {
  for (let k = 0; k < 3; k++) {
    const lo = world.wallNow[2 * k];
    const hi = world.wallNow[2 * k + 1];
    if (p[k] > hi || p[k] < lo) throw new SolverInputError(`${field}[${k}]`, p[k], lo === -hi ? `inside the box, within ±${hi}` : `inside the box, in [${lo}, ${hi}]`);
  }
}

/** Runs an edit; if the overlap repair cannot make room, restores positions and `undo`es it. */
export function editRollback(world: WorldState, apply: () => void, field: string, value: unknown, undo?: () => void): void {
  const n = world.count;
  if (world.snapshot.length < 3 * n) world.snapshot = new Float64Array(Math.max(3 * n, 2 * world.snapshot.length));
  copyOut(world, world.snapshot, world.pos, 3);
  apply();
  try {
    afterGeometryEdit(world, field, value);
    // A sphere the edit added or the repair moved is on the side of the divider its centre is now on.
    const s = world.snapshot;
    for (let i = 0; i < world.count; i++) {
      const b = F64 * i;
      if (i >= n || world.pos[b] !== s[3 * i] || world.pos[b + 1] !== s[3 * i + 1] || world.pos[b + 2] !== s[3 * i + 2]) sideFromCentre(world, i);
    }
    // Every sphere may have moved: the pairs inside the wells, from the geometry.
    if (world.wellsOn) recountWells(world);
  } catch (err) {
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) world.pos[F64 * i + k] = world.snapshot[3 * i + k];
    }
    undo?.();
    applyGeometry(world);
    world.gridReady = false; // its lists follow the positions the repair reached
    throw err;
  } finally {
    // Edits are rare: the snapshot is not kept between them (24 bytes a sphere).
    world.snapshot = NO_SNAPSHOT;
  }
}

/** After an edit that moved or grew spheres: keep them in the box and apart. */
export function afterGeometryEdit(world: WorldState, field: string, value: unknown): void {
  world.dirty = true;
  if (!repairOverlaps(world)) throw new SolverInputError(field, value, 'a value that leaves room for every sphere without overlap');
  wakeAll(world);
}

// ---------------------------------------------------------------- local edits

/**
 * Makes the grid usable for an edit that brings a sphere of this radius and leaves `count`
 * spheres: built, cells at least its diameter, and not built for fewer than half as many spheres
 * (more would now fit). Building it anew moves every cell face, so a live world is then marked
 * for a rebuild (rare: the first edits, a sphere larger than any before, each doubling).
 */
function prepareGrid(world: WorldState, radius: number, count: number): void {
  const dims = world.options.planar ? 2 : 3;
  let fits = world.gridReady && count <= 2 * world.gridCount + 16;
  for (let k = 0; k < dims && fits; k++) if (2 * radius * (1 + 1e-9) * world.wellReach > world.cellW[k]) fits = false;
  if (fits) return;
  buildGrid(world, radius);
  world.gridCount = count;
  world.dirty = true;
}

/** Puts sphere i (just written or moved) in the cell of its centre. */
function placeInGrid(world: WorldState, i: number): void {
  for (let k = 0; k < 3; k++) {
    const c = Math.floor((world.pos[F64 * i + k] + world.halfSize[k]) / world.cellW[k]);
    world.cellC[I16 * i + k] = c < 0 ? 0 : c >= world.gridN[k] ? world.gridN[k] - 1 : c;
  }
  linkCell(world, i);
}

/**
 * Starts the log of an edit of sphere i, before it changes: in a live world, the sleepers resting
 * on it go onto the wake stack (they lose their support); returns the stack's top.
 */
function beginLocalEdit(world: WorldState, i: number): number {
  world.editCount = 0;
  world.clock[0] = world.time;
  return !world.dirty && world.sleepingCount > 0 ? pushSleepersAbove(world, i, world.stack, 0) : 0;
}

/**
 * Finishes an edit of a sphere's geometry (it is in the log, changed and in its cell; `top`
 * sleepers are on the wake stack): repairs the overlaps around it, then predicts again every
 * sphere the edit moved and wakes the sleepers they carried. If the repair fails, every logged
 * sphere goes back where it was, `undo` reverts the edit itself, and the error names the field.
 */
function localEdit(world: WorldState, top: number, field: string, value: unknown, undo?: () => void): void {
  const live = !world.dirty;
  const ok = repairAround(world);
  // Sleepers resting on a sphere the repair pushed lose their support too (where it was).
  if (live && world.sleepingCount > 0) top = sleepersOnPushed(world, top);
  if (!ok) {
    for (let e = world.editCount - 1; e >= 0; e--) {
      const k = world.editSlot[e];
      unlinkCell(world, k);
      for (let c = 0; c < 3; c++) {
        world.pos[F64 * k + c] = world.editOld[3 * e + c];
        world.cellC[I16 * k + c] = world.editCell[3 * e + c];
      }
      world.editMark[k] = 0;
      linkCell(world, k);
    }
    undo?.();
    // Back where they were: their pairs inside the wells as before.
    if (world.wellsOn) for (let e = 0; e < world.editCount; e++) refreshWells(world, world.editSlot[e]);
    world.editCount = 0;
    if (top > 0) wakeCascade(world, top);
    throw new SolverInputError(field, value, 'a value that leaves room for every sphere without overlap');
  }
  // The spheres it moved (the edited one first): their pairs inside the wells, from the geometry.
  if (world.wellsOn) for (let e = 0; e < world.editCount; e++) refreshWells(world, world.editSlot[e]);
  for (let e = 0; e < world.editCount; e++) {
    const k = world.editSlot[e];
    world.editMark[k] = 0;
    sideFromCentre(world, k);
    if (!live) continue;
    if (world.asleep[U8 * k]) {
      // A sleeper the repair pushed: it wakes with the others (wakeCascade predicts it).
      world.asleep[U8 * k] = 0;
      world.sleepingCount--;
      world.stack[top++] = k;
      continue;
    }
    world.collCount[I32 * k]++;
    restOnTouchedWalls(world, k);
    updateAcceleration(world, k);
  }
  if (live) {
    for (let e = 0; e < world.editCount; e++) {
      const k = world.editSlot[e];
      if (world.asleep[U8 * k]) continue;
      predict(world, k);
      // No prediction of a still sphere covers its contacts: its new neighbours look again.
      if (world.isFixed[U8 * k]) forNeighbours(world, k, 1);
    }
    if (top > 0) wakeCascade(world, top);
  } else if (world.sleepingCount > 0) wakeAll(world);
  world.editCount = 0;
}

/**
 * Marks awake (onto the wake stack, from `top`) the sleepers resting on each sphere the repair
 * pushed (log entries after the first), where that sphere was; returns the new top.
 */
function sleepersOnPushed(world: WorldState, top: number): number {
  const p = world.pos;
  for (let e = 1; e < world.editCount; e++) {
    const b = F64 * world.editSlot[e];
    const x = p[b], y = p[b + 1], z = p[b + 2];
    p[b] = world.editOld[3 * e];
    p[b + 1] = world.editOld[3 * e + 1];
    p[b + 2] = world.editOld[3 * e + 2];
    top = pushSleepersAbove(world, world.editSlot[e], world.stack, top);
    p[b] = x;
    p[b + 1] = y;
    p[b + 2] = z;
  }
  return top;
}

/**
 * Sphere i's motion changed by hand (its velocity, or it became fixed or free): its own event and
 * the sleepers it carried; if it now stands still, its neighbours look again (no prediction of a
 * still sphere covers their contacts with it).
 */
function motionChanged(world: WorldState, i: number): void {
  if (world.dirty) {
    if (world.sleepingCount > 0) wakeAll(world);
    return;
  }
  world.clock[0] = world.time;
  if (world.asleep[U8 * i]) {
    if (world.isFixed[U8 * i]) {
      world.asleep[U8 * i] = 0;
      world.sleepingCount--;
    } else {
      wake(world, i);
      return;
    }
  }
  world.collCount[I32 * i]++;
  world.restMask[U8 * i] = 0;
  if (!world.isFixed[U8 * i]) restOnTouchedWalls(world, i);
  updateAcceleration(world, i);
  if (world.sleepingCount > 0) wakeAbove(world, i);
  predict(world, i);
  if (world.isFixed[U8 * i]) forNeighbours(world, i, 1);
}
