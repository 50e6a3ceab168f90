/**
 * Edits: adding, removing and changing spheres, and the world-wide settings. Each validates its
 * input before changing anything, repairs the overlaps it creates (repair.ts), rolls back when it
 * cannot, and marks the world for a rebuild at the next step.
 */
import { SolverInputError, bool, inRange, positive, vec3 } from './errors.ts';
import { resolveOptions } from './options.ts';
import type { SphereOptions, Vec3Like, WorldOptions } from './options.ts';
import { sync } from './predict.ts';
import { repairOverlaps } from './repair.ts';
import { wakeAll } from './sleep.ts';
import { NO_SNAPSHOT, STRIDE } from './state.ts';
import type { CheckedSphere, WorldState } from './state.ts';
import { applyGeometry, copyOut, growIds, removeSlot, reserve, setVec, slotFor } from './storage.ts';

const { F64, I32, U8 } = STRIDE;

/** The world options that {@link setOptions} may change after creation. */
export type OptionsPatch = Partial<Pick<WorldOptions, 'restitution' | 'wallRestitution' | 'restingHeight' | 'restingFriction' | 'sleep' | 'collapseTime' | 'maxContactsPerStep' | 'maxEventsPerStep'>>;

/** Adds a sphere and returns its id. Overlaps it creates are repaired (docs/physics.md, section 6). */
export function addSphere(world: WorldState, def: SphereOptions): number {
  world.stateVersion++;
  world.pending[0] = checkSphere(world, def, '');
  return appendChecked(world, 1, 'position', def?.position);
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
  checkFits(world, `${prefix}radius`, radius);
  checkInside(world, `${prefix}position`, p);
  return { radius, p, v, fixed, mass, e };
}

/** Appends the first `count` checked spheres, repairs overlaps once, rolls all back on failure. */
export function appendChecked(world: WorldState, count: number, field: string, value: unknown): number {
  if (world.nextId + count >= 0x7fffffff) throw new SolverInputError('sphere', world.nextId, 'fewer than 2^31 ever added');
  sync(world);
  reserve(world, world.count + count, count > 1); // a batch: exactly what it needs
  const first = world.nextId;
  growIds(world, first + count);
  editRollback(world, () => {
    for (let k = 0; k < count; k++) {
      const s = world.pending[k];
      const i = world.count++;
      const id = world.nextId++;
      world.idOf[i] = id;
      world.slotOf[id] = i;
      world.rad[F64 * i] = s.radius;
      world.mass[i] = s.mass;
      world.invMass[i] = s.fixed ? 0 : 1 / s.mass;
      world.isFixed[U8 * i] = s.fixed ? 1 : 0;
      world.ownE[i] = s.e;
      world.asleep[U8 * i] = 0;
      world.frozen[U8 * i] = 0;
      world.restMask[U8 * i] = 0;
      world.collCount[I32 * i] = 0;
      world.lastColl[i] = -Infinity;
      world.slowSince[i] = NaN;
      world.stepStamp[i] = -1;
      world.tLoc[F64 * i] = world.time;
      setVec(world.pos, i, s.p);
      setVec(world.vel, i, s.fixed ? [0, 0, 0] : s.v);
      if (world.options.planar) {
        world.pos[F64 * i + 2] = 0;
        world.vel[F64 * i + 2] = 0;
      }
    }
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

/** Removes a sphere. The last sphere moves into its slot; ids do not change (see {@link indexOf}). */
export function removeSphere(world: WorldState, id: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  sync(world);
  removeSlot(world, i);
  world.slotOf[id] = -1;
  wakeAll(world);
  world.dirty = true;
}

/** Removes every sphere; counters and time are kept. */
export function clear(world: WorldState): void {
  world.stateVersion++;
  for (let i = 0; i < world.count; i++) world.slotOf[world.idOf[i]] = -1;
  world.count = 0;
  world.sleepingCount = 0;
  world.dirty = true;
}

/** Moves a sphere by hand (the centre must be inside the box); overlaps are repaired. */
export function setPosition(world: WorldState, id: number, position: Vec3Like): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  const p = vec3('position', position);
  checkInside(world, 'position', p);
  sync(world);
  editRollback(world, () => {
    setVec(world.pos, i, p);
    if (world.options.planar) world.pos[F64 * i + 2] = 0;
  }, 'position', p);
}

/** Sets a sphere's velocity, m/s (ignored for a fixed sphere, which never moves). */
export function setVelocity(world: WorldState, id: number, velocity: Vec3Like): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  const v = vec3('velocity', velocity);
  sync(world);
  if (world.isFixed[U8 * i]) return;
  setVec(world.vel, i, v);
  if (world.options.planar) world.vel[F64 * i + 2] = 0;
  wakeAll(world);
  world.dirty = true;
}

/** Changes a sphere's radius. Its mass is kept (set it with {@link setMass}); overlaps are repaired. */
export function setRadius(world: WorldState, id: number, radius: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  positive('radius', radius);
  checkFits(world, 'radius', radius);
  sync(world);
  const old = world.rad[F64 * i];
  editRollback(world, () => {
    world.rad[F64 * i] = radius;
  }, 'radius', radius, () => {
    world.rad[F64 * i] = old;
  });
}

/** Sets a sphere's mass, kg; Infinity makes it fixed, a finite mass frees a fixed sphere. */
export function setMass(world: WorldState, id: number, mass: number): void {
  world.stateVersion++;
  const i = slotFor(world, id);
  if (mass !== Infinity) positive('mass', mass);
  sync(world);
  world.mass[i] = mass;
  world.invMass[i] = mass === Infinity ? 0 : 1 / mass;
  world.isFixed[U8 * i] = mass === Infinity ? 1 : 0;
  if (mass === Infinity) setVec(world.vel, i, [0, 0, 0]);
  wakeAll(world);
  world.dirty = true;
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
  }, 'size', s, () => {
    world.options.size = old;
    applyGeometry(world);
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
    if (Math.abs(p[k]) > world.halfSize[k]) throw new SolverInputError(`${field}[${k}]`, p[k], `inside the box, within ±${world.halfSize[k]}`);
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
  } catch (err) {
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) world.pos[F64 * i + k] = world.snapshot[3 * i + k];
    }
    undo?.();
    applyGeometry(world);
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
