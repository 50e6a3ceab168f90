/**
 * The world: spheres in a box, advanced by exact event-driven dynamics. This is the public
 * facade; the state is a {@link WorldState} and the work is done by one module per concept.
 *
 * Every sphere moves ballistically between events (x + v t + a t^2 / 2). Each sphere holds one
 * predicted event (its earliest contact with a sphere or a wall, or the moment its centre leaves
 * its grid cell) in a min-heap. `step(dt)` pops events in time order up to the step's end, moves
 * only the spheres an event involves to its exact time (each sphere keeps its own clock), applies
 * the impulse and predicts again for those spheres. A prediction made stale by its partner's later
 * collision is detected by a per-sphere collision counter when it comes up, and simply redone.
 * At the end of the step every sphere is brought to the step's end time.
 */
import * as edits from './edits.ts';
import { positive } from './errors.ts';
import { resolveOptions } from './options.ts';
import type { ResolvedOptions, SphereOptions, Vec3Like, WorldOptions } from './options.ts';
import { advanceAll } from './predict.ts';
import { beginStep, processEvents, reorderIfDue } from './step.ts';
import { DIVIDER, STRIDE, WorldState } from './state.ts';
import { holeWidth } from './hole.ts';
import type { StepWork } from './state.ts';
import { applyGeometry, copyOut, indexOf, reserve } from './storage.ts';
import type { CollisionEvents } from './events.ts';
import * as reactions from './reactions.ts';
import type { Reaction } from './reactions.ts';
import * as wells from './wells.ts';
import type { Well } from './wells.ts';
import * as walls from './walls.ts';
import type { WallState } from './walls.ts';
import { frameWalls, syncWallNow } from './wall-motion.ts';
import { WALL_NAMES } from './events.ts';

/** A wall's name: '-x', '+x', '-y', '+y', '-z' or '+z' (see WALL_NAMES). */
export type WallName = (typeof WALL_NAMES)[number];

type Six = [number, number, number, number, number, number];

const { F64, U8 } = STRIDE;

/** Readouts of {@link World.stats}. */
export interface WorldStats {
  /** Simulated time, s. */
  time: number;
  /** Number of spheres. */
  count: number;
  /** Sum of (1/2) m v^2 over free spheres, J. */
  kineticEnergy: number;
  /**
   * Sum of m |g| h over free spheres, J, with h the height of the sphere's centre above the floor
   * (the wall gravity points at; along each axis of g, measured from that axis's wall), so a
   * sphere resting on the floor has m |g| r and a pile has a positive potential energy. 0 without gravity.
   */
  potentialEnergy: number;
  /** Sum of m v over free spheres, kg m/s. */
  momentum: [number, number, number];
  /** Sphere-sphere collisions since creation. */
  pairCollisions: number;
  /** Sphere-wall collisions since creation. */
  wallCollisions: number;
  /** Total |normal impulse| received by all walls since creation, kg m/s. */
  wallImpulse: number;
  /** Normal impulse received by each wall since creation (-x, +x, -y, +y, -z, +z), kg m/s. */
  wallImpulses: [number, number, number, number, number, number];
  /** Kinetic energy lost in inelastic collisions and to resting contacts since creation, J. */
  energyLost: number;
  /**
   * Work done on the spheres by moving walls and pistons since creation, J (positive: the gas was
   * compressed). With {@link heat} and {@link energyLost} it balances the first law:
   * kinetic + potential energy changes by exactly `work + heat - energyLost`.
   */
  work: number;
  /** Heat given to the spheres by thermal walls since creation, J (negative: taken from them). */
  heat: number;
  /** {@link work} per wall, in WALL_NAMES order, J. */
  wallWork: Six;
  /** {@link heat} per wall, in WALL_NAMES order, J. */
  wallHeat: Six;
  /** Walls stopped at a limit since creation, and of those, walls stopped by a jam (the spheres ahead could not make way). */
  wallStops: number;
  wallJams: number;
  /** Spheres asleep now (resting under gravity). */
  sleeping: number;
  /**
   * Spheres of each species now: entry k counts species k, for every species up to the largest
   * that a sphere has or a reaction names (`[count]` when every sphere is species 0 and there are
   * no reactions).
   */
  speciesCounts: number[];
  /** Each reaction's events ({@link World.setReactions} order): forward, and backward for a reversible one, since the reactions were set. */
  reactions: { forward: number; backward: number }[];
  /**
   * Energy released by reactions since creation, J (negative: absorbed). With it the first law
   * reads: kinetic + potential energy changes by `work + heat + chemical - energyLost - escapedEnergy`.
   */
  chemical: number;
  /**
   * Centres that passed through the divider's hole since creation, by species: `forward[s]` from
   * the low side of its axis to the high side, `backward[s]` the other way (entries as in
   * {@link speciesCounts}).
   */
  holeCrossings: { forward: number[]; backward: number[] };
  /** Spheres of each species that left the box through a wall's hole since creation ({@link World.setWallHole}). */
  escaped: number[];
  /** The kinetic plus potential energy those spheres carried out of the box, J (with wells, plus the well energy of their pairs). */
  escapedEnergy: number;
  /** Pairs of spheres inside a square well now ({@link World.setWells}). */
  wellPairs: number;
  /**
   * The well energy now, J: minus the depth of each pair's well, summed over the pairs inside. With
   * wells the first law reads: kinetic + potential + well energy changes by
   * `work + heat + chemical - energyLost - escapedEnergy`.
   */
  wellEnergy: number;
}

/**
 * How many species the per-species readouts list: up to the largest a sphere has, a reaction
 * names, or a sphere that crossed the divider's hole or escaped had.
 */
function speciesSpan(world: WorldState): number {
  let span = Math.max(1, world.rxSpan);
  for (let i = 0; i < world.count; i++) if (world.species[i] >= span) span = world.species[i] + 1;
  for (let s = span; s < world.escaped.length; s++) {
    if (world.escaped[s] > 0 || world.holeCrossings[2 * s] > 0 || world.holeCrossings[2 * s + 1] > 0) span = s + 1;
  }
  return span;
}

/** Spheres of each species (see {@link WorldStats.speciesCounts}). */
function speciesCounts(world: WorldState, span: number): number[] {
  const counts = new Array<number>(span).fill(0);
  for (let i = 0; i < world.count; i++) counts[world.species[i]]++;
  return counts;
}

/** Creates a world; see {@link WorldOptions}. Throws {@link SolverInputError} on bad options. */
export function createWorld(options: WorldOptions): World {
  return new World(options);
}

export class World {
  /**
   * The world's state, for the solver's own modules (and transfer.ts); not part of the API.
   * @internal
   */
  readonly state: WorldState;

  /** A new, empty world; see {@link WorldOptions}. Throws {@link SolverInputError} on bad options. */
  constructor(options: WorldOptions);
  /** @internal Wraps an existing state instead (unpackWorld in transfer.ts). */
  constructor(options: WorldOptions, adopt: WorldState);
  constructor(options: WorldOptions, adopt?: WorldState) {
    if (adopt) {
      this.state = adopt;
      return;
    }
    const state = new WorldState(resolveOptions(options));
    applyGeometry(state);
    frameWalls(state);
    reserve(state, 16);
    this.state = state;
  }

  /** Collision events of the last step (reused buffer). */
  get events(): CollisionEvents {
    return this.state.events;
  }
  /** Work done by the last step. */
  get lastStep(): StepWork {
    return this.state.lastStep;
  }

  // ---------------------------------------------------------------- the step

  /**
   * Advances exactly `dt` seconds of simulated time, processing every contact at its exact time,
   * in time order. Throws {@link SolverInputError} (and changes nothing) unless dt is finite and > 0.
   */
  step(dt: number): void {
    const world = this.state;
    world.stateVersion++;
    positive('dt', dt);
    beginStep(world);
    processEvents(world, dt);
    advanceAll(world);
    reorderIfDue(world);
    if (world.wallsActive) syncWallNow(world);
  }

  // ---------------------------------------------------------------- public readouts

  /** Number of spheres. */
  get count(): number {
    return this.state.count;
  }
  /** Simulated time, s. */
  get time(): number {
    return this.state.time;
  }
  /**
   * Positions x y z interleaved, first 3 * count entries valid. A copy of the world's state, made
   * when first asked after a change (step or edit) and reused until the next: read it again after
   * each step rather than keeping it.
   */
  get positions(): Float64Array {
    const world = this.state;
    if (world.outAt[0] !== world.stateVersion) {
      if (world.outPos.length < 3 * world.capacity) world.outPos = new Float64Array(3 * world.capacity);
      copyOut(world, world.outPos, world.pos, 3);
      world.outAt[0] = world.stateVersion;
    }
    return world.outPos;
  }
  /** Velocities x y z interleaved, like {@link positions}. */
  get velocities(): Float64Array {
    const world = this.state;
    if (world.outAt[1] !== world.stateVersion) {
      if (world.outVel.length < 3 * world.capacity) world.outVel = new Float64Array(3 * world.capacity);
      copyOut(world, world.outVel, world.vel, 3);
      world.outAt[1] = world.stateVersion;
    }
    return world.outVel;
  }
  /** Radii, m (a copy, like {@link positions}). */
  get radii(): Float64Array {
    const world = this.state;
    if (world.outAt[2] !== world.stateVersion) {
      if (world.outRad.length < world.capacity) world.outRad = new Float64Array(world.capacity);
      copyOut(world, world.outRad, world.rad, 1);
      world.outAt[2] = world.stateVersion;
    }
    return world.outRad;
  }
  /** Species, by slot (a copy, like {@link positions}); see {@link SphereOptions.species}. */
  get species(): Int32Array {
    const world = this.state;
    if (world.outSpeciesAt !== world.stateVersion) {
      if (world.outSpecies.length < world.capacity) world.outSpecies = new Int32Array(world.capacity);
      world.outSpecies.set(world.species.subarray(0, world.count));
      world.outSpeciesAt = world.stateVersion;
    }
    return world.outSpecies;
  }
  /** Masses, kg; Infinity for a fixed sphere. */
  get masses(): Float64Array {
    return this.state.mass;
  }
  /** 1 where the sphere is asleep (resting under gravity), else 0 (a copy, like {@link positions}). */
  get sleeping(): Uint8Array {
    const world = this.state;
    if (world.outAt[3] !== world.stateVersion) {
      if (world.outSleep.length < world.capacity) world.outSleep = new Uint8Array(world.capacity);
      for (let i = 0; i < world.count; i++) world.outSleep[i] = world.asleep[U8 * i];
      world.outAt[3] = world.stateVersion;
    }
    return world.outSleep;
  }
  /** The resolved options (read only). */
  get options(): Readonly<ResolvedOptions> {
    return this.state.options;
  }
  /**
   * Box size [Lx, Ly, Lz] now, m: the distance between each pair of walls (the `size` option
   * until a wall moves; see {@link wallState}). The box spans {@link bounds}.
   */
  get size(): [number, number, number] {
    const n = this.state.wallNow;
    return [n[1] - n[0], n[3] - n[2], n[5] - n[4]];
  }
  /**
   * {@link bounds} without a copy, for a frame loop: the world's own array, updated by each step
   * and wall edit. Read it, never write it.
   */
  get boundsView(): Float64Array {
    return this.state.wallNow;
  }
  /** The box now: the walls' coordinates [x-, x+, y-, y+, z-, z+], m (±size / 2 until a wall moves). */
  get bounds(): Six {
    const n = this.state.wallNow;
    return [n[0], n[1], n[2], n[3], n[4], n[5]];
  }
  /** Gravity, m/s^2. */
  get gravity(): [number, number, number] {
    const g = this.state.gravity;
    return [g[0], g[1], g[2]];
  }

  /**
   * Ids: `addSphere` returns an id that stays the same for the sphere's life. The arrays are
   * indexed by slot: slot = id while nothing was removed. `removeSphere` moves the last sphere
   * into the freed slot (arrays stay dense); its id does not change, only its slot. In a large
   * world `step` also renumbers the slots from time to time for memory locality (see
   * {@link layoutVersion} and the `reorderEvery` option). Ids are never reused.
   */
  indexOf(id: number): number {
    return indexOf(this.state, id);
  }
  /** The id of the sphere in a slot. */
  idAt(slot: number): number {
    return slot >= 0 && slot < this.state.count ? this.state.idOf[slot] : -1;
  }
  /**
   * Counts the steps that moved spheres between slots (see the `reorderEvery` option; a large
   * world's renumbering moves them over several consecutive steps). Code that keeps its own
   * per-slot arrays across a step compares this before and after, and on a change maps them
   * with {@link reorderedFrom}.
   */
  get layoutVersion(): number {
    return this.state.layoutVersion;
  }
  /**
   * After a step that moved spheres between slots ({@link layoutVersion} changed),
   * `reorderedFrom[slot]` is the slot the sphere now in `slot` had before that step (first
   * `count` entries; the slot itself for a sphere that stayed). Valid until the next step or
   * edit; not a copy.
   */
  get reorderedFrom(): Int32Array {
    return this.state.fromSlot;
  }
  /** Whether a sphere with this id exists. */
  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /**
   * Bytes held by the world's typed arrays (per-sphere state, event queue, grid, scratch):
   * the solver's memory, for the benchmark's bytes-per-sphere figure.
   */
  memoryBytes(): number {
    // Each buffer once: the record's fields are views of one buffer.
    const buffers = new Set<ArrayBufferLike>();
    for (const value of Object.values(this.state)) {
      if (ArrayBuffer.isView(value)) buffers.add(value.buffer);
    }
    let bytes = 0;
    for (const b of buffers) bytes += b.byteLength;
    return bytes + this.state.queue.memoryBytes() + this.state.events.memoryBytes();
  }

  /** Totals since creation; see {@link WorldStats}. Allocates the returned object. */
  stats(): WorldStats {
    const world = this.state;
    let ke = 0;
    let pe = 0;
    let px = 0;
    let py = 0;
    let pz = 0;
    const gx = world.gravity[0], gy = world.gravity[1], gz = world.gravity[2];
    // The floor: along each axis, the wall that gravity's component points at (heights are >= 0).
    const fx = Math.sign(gx) * world.halfSize[0], fy = Math.sign(gy) * world.halfSize[1], fz = Math.sign(gz) * world.halfSize[2];
    for (let i = 0; i < world.count; i++) {
      if (world.isFixed[U8 * i]) continue;
      const m = world.mass[i];
      const vx = world.vel[F64 * i];
      const vy = world.vel[F64 * i + 1];
      const vz = world.vel[F64 * i + 2];
      ke += 0.5 * m * (vx * vx + vy * vy + vz * vz);
      pe -= m * (gx * (world.pos[F64 * i] - fx) + gy * (world.pos[F64 * i + 1] - fy) + gz * (world.pos[F64 * i + 2] - fz));
      px += m * vx;
      py += m * vy;
      pz += m * vz;
    }
    const span = speciesSpan(world);
    const w = world.wallImpulse;
    const ww = world.wallWork;
    const wh = world.wallHeat;
    return {
      time: world.time,
      count: world.count,
      kineticEnergy: ke,
      potentialEnergy: pe,
      momentum: [px, py, pz],
      pairCollisions: world.pairCollisions,
      wallCollisions: world.wallCollisions,
      wallImpulse: w[0] + w[1] + w[2] + w[3] + w[4] + w[5],
      wallImpulses: [w[0], w[1], w[2], w[3], w[4], w[5]],
      energyLost: world.energyLost[0],
      sleeping: world.sleepingCount,
      work: ww[0] + ww[1] + ww[2] + ww[3] + ww[4] + ww[5],
      heat: wh[0] + wh[1] + wh[2] + wh[3] + wh[4] + wh[5],
      wallWork: [ww[0], ww[1], ww[2], ww[3], ww[4], ww[5]],
      wallHeat: [wh[0], wh[1], wh[2], wh[3], wh[4], wh[5]],
      wallStops: world.wallStops[0] + world.wallStops[1],
      wallJams: world.wallStops[1],
      speciesCounts: speciesCounts(world, span),
      reactions: Array.from({ length: world.rxCounts.length / 2 }, (_, k) => ({ forward: world.rxCounts[2 * k], backward: world.rxCounts[2 * k + 1] })),
      chemical: world.chemical[0],
      holeCrossings: {
        forward: Array.from({ length: span }, (_, s) => world.holeCrossings[2 * s]),
        backward: Array.from({ length: span }, (_, s) => world.holeCrossings[2 * s + 1]),
      },
      escaped: Array.from(world.escaped.subarray(0, span)),
      escapedEnergy: world.escapedEnergy[0],
      wellPairs: world.wellPairs,
      wellEnergy: wells.wellEnergy(world),
    };
  }

  // ---------------------------------------------------------------- edits (edits.ts)

  /** Adds a sphere and returns its id. Overlaps it creates are repaired (docs/physics.md, section 6). */
  addSphere(def: SphereOptions): number {
    return edits.addSphere(this.state, def);
  }
  /**
   * Adds many spheres at once (a scene) and returns the first id; the others follow in order.
   * Every definition is checked before anything changes (a bad one is named by its index, for
   * instance `spheres[12].radius`), and overlaps are repaired once for all of them, so building
   * N spheres costs time linear in N (adding them one by one repairs N times).
   */
  addSpheres(defs: readonly SphereOptions[]): number {
    return edits.addSpheres(this.state, defs);
  }
  /** Removes a sphere. The last sphere moves into its slot; ids do not change (see {@link indexOf}). */
  removeSphere(id: number): void {
    edits.removeSphere(this.state, id);
  }
  /** Removes every sphere; counters and time are kept. */
  clear(): void {
    edits.clear(this.state);
  }
  /** Moves a sphere by hand (the centre must be inside the box); overlaps are repaired. */
  setPosition(id: number, position: Vec3Like): void {
    edits.setPosition(this.state, id, position);
  }
  /** Sets a sphere's velocity, m/s (ignored for a fixed sphere, which never moves). */
  setVelocity(id: number, velocity: Vec3Like): void {
    edits.setVelocity(this.state, id, velocity);
  }
  /** Changes a sphere's radius. Its mass is kept (set it with {@link setMass}); overlaps are repaired. */
  setRadius(id: number, radius: number): void {
    edits.setRadius(this.state, id, radius);
  }
  /** Sets a sphere's mass, kg; Infinity makes it fixed, a finite mass frees a fixed sphere. */
  setMass(id: number, mass: number): void {
    edits.setMass(this.state, id, mass);
  }
  /** Fixes a sphere in place (infinite mass) or frees it with the density-based mass. */
  setFixed(id: number, fixed: boolean): void {
    edits.setFixed(this.state, id, fixed);
  }
  /** Sets or clears (undefined) a sphere's own restitution; see {@link SphereOptions.restitution}. */
  setSphereRestitution(id: number, restitution: number | undefined): void {
    edits.setSphereRestitution(this.state, id, restitution);
  }
  /** Sets a sphere's species (an integer from 0 to 63); see {@link SphereOptions.species}. */
  setSpecies(id: number, species: number): void {
    edits.setSpecies(this.state, id, species);
  }
  /**
   * Sets the reactions between species (docs/physics.md, section 10), replacing any before, and
   * starts their counts afresh; `[]` turns them off. Each entry is checked first (a bad one throws
   * {@link SolverInputError} naming it, `reactions[1].energyReleased`, and nothing changes).
   */
  setReactions(list: readonly Reaction[]): void {
    this.state.stateVersion++;
    reactions.setReactions(this.state, list);
  }
  /** The reactions set by {@link setReactions}, checked (defaults filled in). */
  get reactions(): Reaction[] {
    return reactions.reactionsOf(this.state);
  }
  /**
   * Sets the square wells between species (docs/physics.md, section 11), replacing any before;
   * `[]` takes them away. Two spheres closer than `range` times their radius sum attract with
   * `depth` J; a well without `between` acts between every pair no other well names. Each entry is
   * checked first (a bad one throws {@link SolverInputError} naming it, `wells[0].range`, and
   * nothing changes); then the pairs inside are found from the spheres' positions.
   */
  setWells(list: readonly Well[]): void {
    this.state.stateVersion++;
    wells.setWells(this.state, list);
  }
  /** The wells set by {@link setWells}, checked. */
  get wells(): Well[] {
    return wells.wellsOf(this.state);
  }
  /** The world's restitution between spheres, in [0, 1]; applies from the next collision. */
  setRestitution(e: number): void {
    edits.setRestitution(this.state, e);
  }
  /** The restitution at the walls, in [0, 1]; applies from the next wall hit. */
  setWallRestitution(e: number): void {
    edits.setWallRestitution(this.state, e);
  }
  /** Changes gravity, m/s^2. Wakes every sleeping sphere. */
  setGravity(gravity: Vec3Like): void {
    edits.setGravity(this.state, gravity);
  }
  /** Resizes the box. Spheres outside the new walls are moved in and overlaps repaired. */
  setSize(size: Vec3Like): void {
    edits.setSize(this.state, size);
  }
  /**
   * Time reversal: negates every velocity. With e = 1 and no sleeping, the system then retraces
   * its path (until rounding, amplified by chaos, makes it diverge); under gravity the
   * trajectories are reversible too. Sleeping spheres are woken.
   */
  reverseVelocities(): void {
    edits.reverseVelocities(this.state);
  }
  /** Updates several world options at once; see {@link WorldOptions}. Validates all before applying any. */
  setOptions(patch: edits.OptionsPatch): void {
    edits.setOptions(this.state, patch);
  }

  // ---------------------------------------------------------------- walls (walls.ts; docs/physics.md, section 9)

  /**
   * Moves a wall at a constant velocity `v`, m/s along its outward normal (negative: inward, which
   * compresses the spheres). The wall stops by itself at its limits ({@link setWallLimits}; by
   * default the frame outward, and inward where the spheres would fill half the box), and when
   * the spheres ahead of it jam (`lastStep.wallJams`). A piston stops being one. 0 stops it.
   */
  setWallVelocity(wall: WallName, v: number): void {
    walls.setWallVelocity(this.state, wall, v);
  }
  /**
   * Makes a wall a free piston: a body of `mass` kg pushed inward by a constant `force`, N (a
   * weight, or a pressure times the wall's area), moved by the force and by every sphere that hits
   * it (a two-body collision along its normal). It keeps its present velocity and stops at its
   * limits. `null` makes it a still wall again.
   */
  setPiston(wall: WallName, piston: { mass: number; force: number } | null): void {
    walls.setPiston(this.state, wall, piston);
  }
  /**
   * Makes a wall thermal at temperature `kT`, J (the unit of the temperature readout): a sphere
   * that hits it leaves with a velocity drawn from the flux of a gas at kT, from the world's own
   * seeded generator (runs and clones stay deterministic). `null` makes it adiabatic again.
   */
  setWallTemperature(wall: WallName, kT: number | null): void {
    walls.setWallTemperature(this.state, wall, kT);
  }
  /**
   * Sets how far a wall may move: `min` and `max`, m along its outward normal from the box's
   * centre (`max` at most the frame's half size, `min` leaving the largest sphere room against the
   * opposite wall). `null` restores the defaults. A wall beyond them moves to them.
   */
  setWallLimits(wall: WallName, limits: { min?: number; max?: number } | null): void {
    walls.setWallLimits(this.state, wall, limits);
  }
  /**
   * Moves a wall at once to `position`, m along its outward normal from the box's centre (at
   * most the frame's half size), keeping its motion. Spheres beyond it are moved in and overlaps
   * repaired; when they cannot fit, it throws and nothing changes.
   */
  setWallPosition(wall: WallName, position: number): void {
    walls.setWallPosition(this.state, wall, position);
  }
  /** A wall now: position, velocity, mass, force, kT, limits, and its work and heat; see {@link WallState}. */
  wallState(wall: WallName): WallState {
    return walls.wallState(this.state, wall);
  }
  /**
   * Puts a still wall across the box, perpendicular to `axis` at coordinate `position`, m, that
   * keeps the spheres on each side apart (two gases, or a gas and a vacuum); `null` takes it out.
   * `hole: { width }` opens a square hole of that side, m, centred on the box's cross-section (in
   * the plane, a slit of that width): a sphere whose path clears its rim passes, one that meets
   * the rim bounces off it (docs/physics.md, section 9), and `stats().holeCrossings` counts the
   * centres that pass, each way. Spheres across it move to the side of their centre. Its hits,
   * rim included, are events with the wall code `-1 - 6` (WALL_NAMES has no name for it: 'divider').
   */
  setDivider(divider: { axis: 'x' | 'y' | 'z'; position: number; hole?: { width: number } | null } | null): void {
    walls.setDivider(this.state, divider);
  }
  /** The divider now, with its hole when it has one, or null. */
  get divider(): { axis: 'x' | 'y' | 'z'; position: number; hole?: { width: number } } | null {
    const d = this.state.divider;
    if (d[0] < 0) return null;
    const axis = (['x', 'y', 'z'] as const)[d[0]];
    const width = holeWidth(this.state, DIVIDER);
    return width === null ? { axis, position: d[1] } : { axis, position: d[1], hole: { width } };
  }
  /**
   * Opens a square hole of side `hole.width`, m, in a still wall, centred on it (`null` closes it):
   * a sphere whose centre passes through it leaves the box into vacuum and is removed, counted in
   * `stats().escaped`, and the energy it carried goes to `stats().escapedEnergy`. A sphere that
   * meets the rim bounces off it. A wall with a hole stays still (moving it is refused), and no
   * sphere rests on it.
   */
  setWallHole(wall: WallName, hole: { width: number } | null): void {
    walls.setWallHole(this.state, wall, hole);
  }
}
