/**
 * The world: spheres in a box, advanced by exact event-driven dynamics.
 *
 * Every sphere moves ballistically between events (x + v t + a t^2 / 2). Each sphere holds one
 * predicted event (its earliest contact with a sphere or a wall, or the moment its centre leaves
 * its grid cell) in a min-heap. `step(dt)` pops events in time order up to the step's end, moves
 * only the spheres an event involves to its exact time (each sphere keeps its own clock), applies
 * the impulse and predicts again for those spheres. A prediction made stale by its partner's later
 * collision is detected by a per-sphere collision counter when it comes up, and simply redone.
 * At the end of the step every sphere is brought to the step's end time.
 *
 * Each sphere's hot state is one 128-byte record (see RECORD below), so that an event reads one
 * or two cache lines per sphere; the rest is in typed arrays. Everything grows by doubling, and
 * nothing is allocated in `step`.
 */
import { CollisionEvents, WALL_CODE } from './events.ts';
import { EventQueue } from './event-queue.ts';
import { bool, inRange, integer, positive, SolverInputError, vec3 } from './errors.ts';
import { APPROACH_TOLERANCE, DEFAULT_OPTIONS, REORDER_MIN_SPHERES, REORDER_STEPS, REPAIR_TOLERANCE, STOP_FRACTION, SUPPORT_GAP } from './options.ts';
import type { ResolvedOptions, SphereOptions, Vec3Like, WorldOptions } from './options.ts';
import { firstCrossing, GRAZE, pairTimeOfImpact, PRESS_FRACTION, TOI_ARGS } from './time-of-impact.ts';

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
  /** Spheres asleep now (resting under gravity). */
  sleeping: number;
}

/** Work done by the last step; tests count this instead of timing. */
export interface StepWork {
  /** Events popped from the queue (all kinds, stale ones included). */
  events: number;
  /** Sphere-sphere collisions with a non-zero impulse. */
  pairCollisions: number;
  /** Sphere-wall collisions with a non-zero impulse. */
  wallCollisions: number;
  /** Grid cell crossings. */
  cellCrossings: number;
  /** Predictions found stale and redone. */
  stale: number;
  /** Spheres frozen by the event budget (0 unless the budget was exceeded). */
  frozen: number;
  /** Resting contacts resolved as work-free hops (spheres gliding over one another). */
  hops: number;
  /** Slow contacts resolved together with their touching cluster (see resolveCluster). */
  clusters: number;
}

/** A sphere definition after validation. */
interface CheckedSphere {
  radius: number;
  p: [number, number, number];
  v: [number, number, number];
  fixed: boolean;
  mass: number;
  e: number;
}

/** Sleep timer: seconds a sphere may stay slow (below SLEEP_SPEED_FACTOR x resting speed) before it sleeps. */
const SLEEP_TIME = 0.5;
const SLEEP_SPEED_FACTOR = 2;

const NONE = -1000;
/** Slots of World.best. */
const WALL_T = 0;
const FACE_T = 1;
const SCAN_T = 2;
const CELL_BASE = -10; // cell crossing: CELL_BASE - (2 * axis + side)
const WALL_BASE = -1; // wall w: WALL_BASE - w, w = 2 * axis + side (side 1 = + wall)

/**
 * RECORD: the per-sphere record, 128 bytes (two cache lines). The first line holds everything a
 * prediction reads of a neighbour: position, velocity, local time and radius; the second the
 * rest of what an event reads and writes of its own sphere. Views of one ArrayBuffer, each
 * starting at its field's byte offset, so field f of slot i is view[STRIDE * i + component]:
 *
 *   bytes   0-23  pos (f64 x3)    24-47 vel (f64 x3)    48 tLoc (f64)     56 rad (f64)
 *   bytes  64-87  acc (f64 x3)    88 pairT (f64)
 *   bytes  96-101 cellC (i16 x3)  104 nextIn (i32)      108 collCount (i32)   112 pairJ (i32)
 *   bytes 116     pairC (i32)     120 evKind (i32)    124 asleep  125 isFixed  126 frozen  127 restMask (u8 each)
 */
const RECORD_BYTES = 128;
/** Strides of the record's views, in elements: f64, i32, i16, u8. */
const S = RECORD_BYTES / 8;
const SI = RECORD_BYTES / 4;
const SH = RECORD_BYTES / 2;
const SB = RECORD_BYTES;
/** The slot lists of World.gatherCells. */
const NEIGH_A = 0;
const NEIGH_B = 1;
const SCAN_LIST = 2;
/** Contacts of one cluster at most (see World.resolveCluster). */
const CLUSTER_CONTACTS = 384;
/** Cells per axis at most (a cell coordinate is an Int16 in the record). */
const GRID_AXIS_MAX = 32767;

/** Creates a world; see {@link WorldOptions}. Throws {@link SolverInputError} on bad options. */
export function createWorld(options: WorldOptions): World {
  return new World(options);
}

export class World {
  private o: ResolvedOptions;
  private half = new Float64Array(3);
  private g = new Float64Array(3);
  private gMag = 0;

  private n = 0;
  private cap = 0;
  private simTime = 0;
  private dirty = true;

  // Per-sphere state (slot-indexed); the hot part in the record's views (see RECORD).
  private rec = new ArrayBuffer(0);
  private recordI32 = new Int32Array(0); // the whole record as 32-bit words
  private pos = new Float64Array(0);
  private vel = new Float64Array(0);
  private tLoc = new Float64Array(0);
  private rad = new Float64Array(0);
  private acc = new Float64Array(0);
  private pairT = new Float64Array(0);
  private cellC = new Int16Array(0); // the sphere's cell, per axis
  private nextIn = new Int32Array(0); // the next sphere in its cell's list, or -1
  private collCount = new Int32Array(0);
  private pairJ = new Int32Array(0);
  private pairC = new Int32Array(0); // the partner's collCount when the pair was predicted
  private evKind = new Int32Array(0);
  private isFixed = new Uint8Array(0);
  private asleep = new Uint8Array(0);
  private frozen = new Uint8Array(0);
  private restMask = new Uint8Array(0); // bit w: resting on wall w
  // Copies for the public readouts (positions, velocities, radii, sleeping), made when asked.
  private outPos = new Float64Array(0);
  private outVel = new Float64Array(0);
  private outRad = new Float64Array(0);
  private outSleep = new Uint8Array(0);
  private outAt = new Int32Array(4).fill(-1); // the stateVersion each copy was made at
  // Counts calls that may change the state (every public edit and step bumps it first).
  private stateVersion = 0;
  private mass = new Float64Array(0);
  private invMass = new Float64Array(0);
  private ownE = new Float64Array(0); // NaN: use the world's restitution
  private lastColl = new Float64Array(0);
  private slowSince = new Float64Array(0); // NaN: not slow
  private stepStamp = new Int32Array(0);
  private stepContacts = new Int32Array(0);

  // The one predicted event per sphere.
  private evTime = new Float64Array(0);
  // Its kind is evKind in the record: a partner's slot (a pair event, valid while the partner's
  // collCount still equals pairC), or a wall or cell-face code. Each sphere's earliest pair
  // contact found by its last search is kept across cell crossings (pairT, pairJ, pairC: time,
  // partner slot or NONE, partner's collision count).
  // Results of boundTimes and scanPairs: the times in a typed array (a number stored in an object
  // field is boxed, a fresh heap number each store), the kinds as small integers.
  private best = new Float64Array(3); // [WALL_T]: next wall hit, [FACE_T]: next cell face, [SCAN_T]: best pair
  private wallKind = NONE;
  private faceKind = NONE;
  private scanKind = NONE;
  private scanCount = 0;
  private lo = new Int32Array(3);
  private hi = new Int32Array(3);
  private queue = new EventQueue(this.evTime);

  // Uniform grid (cell list).
  private gridN = new Int32Array(3);
  private cellW = new Float64Array(3);
  private cellHead = new Int32Array(0);

  // Stable ids.
  private idOf = new Int32Array(0);
  private slotOf = new Int32Array(16).fill(-1);
  private nextId = 0;

  // Scratch.
  private stack = new Int32Array(0);
  private normals = new Float64Array(3 * 32);
  private solveScratch = new Float64Array(6);
  /** Checked sphere definitions waiting to be appended (edits only, never in step). */
  private pending: CheckedSphere[] = [];
  private neighA = new Int32Array(256);
  private scanList = new Int32Array(64); // scanPairs' neighbours
  private neighB = new Int32Array(256);
  /** The time of the event being processed, s (a typed array: numbers passed between methods would be boxed). */
  private clock = new Float64Array(1);
  /** sqrt(2 |g| restingHeight): the resting speed of a sphere of radius r is this times sqrt(r). */
  private restUnit = new Float64Array(1);
  private contact = new Float64Array(7);
  private bounds = new Float64Array(12);
  private boundCodes = new Int32Array(12);
  private toi = new Float64Array(TOI_ARGS);
  private cluster = new Int32Array(48);
  private clusterMark = new Int32Array(0);
  private clusterStamp = 0;
  // A cluster's contacts (CLUSTER_CONTACTS at most), made at the first cluster (under gravity only).
  private cA = new Int32Array(0);
  private cB = new Int32Array(0);
  private cN = new Float64Array(0);
  private cL = new Float64Array(0);
  private snapshot = new Float64Array(0);

  // Counters.
  private pairTotal = 0;
  private wallTotal = 0;
  /** [0]: kinetic energy lost since creation, J (a typed array: a number stored in an object field is boxed on every store). */
  private lost = new Float64Array(1);
  private wallImp = new Float64Array(6);
  private stepId = 0;
  private sleepingCount = 0;
  private frozenCount = 0;
  /** After a renumbering: the old slot of each new slot (see {@link reorder}). */
  private fromSlot = new Int32Array(0);
  private permTmp = new Float64Array(SI);
  /** Scratch for renumbering (reorder), one buffer seen as f64 and i32; made at the first renumbering. */
  private gatherF64 = new Float64Array(0);
  private gatherI32 = new Int32Array(0);
  /** The step of the last renumbering. */
  private reorderedAt = -1;
  private layout = 0;

  /** Collision events of the last step (reused buffer). */
  readonly events: CollisionEvents;
  /** Work done by the last step. */
  readonly lastStep: StepWork = { events: 0, pairCollisions: 0, wallCollisions: 0, cellCrossings: 0, stale: 0, frozen: 0, hops: 0, clusters: 0 };

  constructor(options: WorldOptions) {
    this.o = resolveOptions(options);
    this.events = new CollisionEvents(this.o.eventCapacity);
    this.applyGeometry();
    this.reserve(16);
  }

  // ---------------------------------------------------------------- public readouts

  /** Number of spheres. */
  get count(): number {
    return this.n;
  }
  /** Simulated time, s. */
  get time(): number {
    return this.simTime;
  }
  /**
   * Positions x y z interleaved, first 3 * count entries valid. A copy of the world's state, made
   * when first asked after a change (step or edit) and reused until the next: read it again after
   * each step rather than keeping it.
   */
  get positions(): Float64Array {
    if (this.outAt[0] !== this.stateVersion) {
      if (this.outPos.length < 3 * this.cap) this.outPos = new Float64Array(3 * this.cap);
      this.copyOut(this.outPos, this.pos, 3);
      this.outAt[0] = this.stateVersion;
    }
    return this.outPos;
  }
  /** Velocities x y z interleaved, like {@link positions}. */
  get velocities(): Float64Array {
    if (this.outAt[1] !== this.stateVersion) {
      if (this.outVel.length < 3 * this.cap) this.outVel = new Float64Array(3 * this.cap);
      this.copyOut(this.outVel, this.vel, 3);
      this.outAt[1] = this.stateVersion;
    }
    return this.outVel;
  }
  /** Radii, m (a copy, like {@link positions}). */
  get radii(): Float64Array {
    if (this.outAt[2] !== this.stateVersion) {
      if (this.outRad.length < this.cap) this.outRad = new Float64Array(this.cap);
      this.copyOut(this.outRad, this.rad, 1);
      this.outAt[2] = this.stateVersion;
    }
    return this.outRad;
  }
  /** Masses, kg; Infinity for a fixed sphere. */
  get masses(): Float64Array {
    return this.mass;
  }
  /** 1 where the sphere is asleep (resting under gravity), else 0 (a copy, like {@link positions}). */
  get sleeping(): Uint8Array {
    if (this.outAt[3] !== this.stateVersion) {
      if (this.outSleep.length < this.cap) this.outSleep = new Uint8Array(this.cap);
      for (let i = 0; i < this.n; i++) this.outSleep[i] = this.asleep[SB * i];
      this.outAt[3] = this.stateVersion;
    }
    return this.outSleep;
  }

  /** out[width * i + k] = field[S * i + k] for every sphere (a record field to a packed array). */
  private copyOut(out: Float64Array, field: Float64Array, width: number): void {
    for (let i = 0; i < this.n; i++) {
      for (let k = 0; k < width; k++) out[width * i + k] = field[S * i + k];
    }
  }
  /** The resolved options (read only). */
  get options(): Readonly<ResolvedOptions> {
    return this.o;
  }
  /** Box size [Lx, Ly, Lz], m. */
  get size(): [number, number, number] {
    return [this.o.size[0], this.o.size[1], this.o.size[2]];
  }
  /** Gravity, m/s^2. */
  get gravity(): [number, number, number] {
    return [this.g[0], this.g[1], this.g[2]];
  }

  /**
   * Ids: `addSphere` returns an id that stays the same for the sphere's life. The arrays are
   * indexed by slot: slot = id while nothing was removed. `removeSphere` moves the last sphere
   * into the freed slot (arrays stay dense); its id does not change, only its slot. In a large
   * world `step` also renumbers the slots from time to time for memory locality (see
   * {@link layoutVersion} and the `reorderEvery` option). Ids are never reused.
   */
  indexOf(id: number): number {
    return Number.isInteger(id) && id >= 0 && id < this.nextId ? this.slotOf[id] : -1;
  }
  /** The id of the sphere in a slot. */
  idAt(slot: number): number {
    return slot >= 0 && slot < this.n ? this.idOf[slot] : -1;
  }
  /**
   * Counts the renumberings of the slots done by `step` (see the `reorderEvery` option). Code that
   * keeps its own per-slot arrays across a step compares this before and after, and on a change
   * maps them with {@link reorderedFrom}.
   */
  get layoutVersion(): number {
    return this.layout;
  }
  /**
   * After a renumbering, `reorderedFrom[slot]` is the slot the sphere now in `slot` had before it
   * (first `count` entries). Valid until the next renumbering or edit; not a copy.
   */
  get reorderedFrom(): Int32Array {
    return this.fromSlot;
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
    for (const value of Object.values(this)) {
      if (ArrayBuffer.isView(value)) buffers.add(value.buffer);
    }
    let bytes = 0;
    for (const b of buffers) bytes += b.byteLength;
    return bytes + this.queue.memoryBytes() + this.events.memoryBytes();
  }

  /** Totals since creation; see {@link WorldStats}. Allocates the returned object. */
  stats(): WorldStats {
    let ke = 0;
    let pe = 0;
    let px = 0;
    let py = 0;
    let pz = 0;
    const gx = this.g[0], gy = this.g[1], gz = this.g[2];
    // The floor: along each axis, the wall that gravity's component points at (heights are >= 0).
    const fx = Math.sign(gx) * this.half[0], fy = Math.sign(gy) * this.half[1], fz = Math.sign(gz) * this.half[2];
    for (let i = 0; i < this.n; i++) {
      if (this.isFixed[SB * i]) continue;
      const m = this.mass[i];
      const vx = this.vel[S * i];
      const vy = this.vel[S * i + 1];
      const vz = this.vel[S * i + 2];
      ke += 0.5 * m * (vx * vx + vy * vy + vz * vz);
      pe -= m * (gx * (this.pos[S * i] - fx) + gy * (this.pos[S * i + 1] - fy) + gz * (this.pos[S * i + 2] - fz));
      px += m * vx;
      py += m * vy;
      pz += m * vz;
    }
    const w = this.wallImp;
    return {
      time: this.simTime,
      count: this.n,
      kineticEnergy: ke,
      potentialEnergy: pe,
      momentum: [px, py, pz],
      pairCollisions: this.pairTotal,
      wallCollisions: this.wallTotal,
      wallImpulse: w[0] + w[1] + w[2] + w[3] + w[4] + w[5],
      wallImpulses: [w[0], w[1], w[2], w[3], w[4], w[5]],
      energyLost: this.lost[0],
      sleeping: this.sleepingCount,
    };
  }

  // ---------------------------------------------------------------- edits

  /** Adds a sphere and returns its id. Overlaps it creates are repaired (docs/physics.md, section 6). */
  addSphere(def: SphereOptions): number {
    this.stateVersion++;
    this.pending[0] = this.checkSphere(def, '');
    return this.appendChecked(1, 'position', def?.position);
  }

  /**
   * Adds many spheres at once (a scene) and returns the first id; the others follow in order.
   * Every definition is checked before anything changes (a bad one is named by its index, for
   * instance `spheres[12].radius`), and overlaps are repaired once for all of them, so building
   * N spheres costs time linear in N (adding them one by one repairs N times).
   */
  addSpheres(defs: readonly SphereOptions[]): number {
    this.stateVersion++;
    if (!Array.isArray(defs)) throw new SolverInputError('spheres', defs, 'an array of sphere definitions');
    if (this.pending.length < defs.length) this.pending = new Array(defs.length);
    for (let k = 0; k < defs.length; k++) this.pending[k] = this.checkSphere(defs[k], `spheres[${k}].`);
    return this.appendChecked(defs.length, 'spheres', `${defs.length} spheres`);
  }

  /** Validates a sphere definition (fields prefixed for messages); changes nothing. */
  private checkSphere(def: SphereOptions, prefix: string): CheckedSphere {
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
      const density = def.density === undefined ? this.o.density : positive(`${prefix}density`, def.density);
      mass = positive(`${prefix}mass`, (4 / 3) * Math.PI * radius * radius * radius * density);
    }
    const e = def.restitution === undefined ? NaN : inRange(`${prefix}restitution`, def.restitution, 0, 1);
    this.checkFits(`${prefix}radius`, radius);
    this.checkInside(`${prefix}position`, p);
    return { radius, p, v, fixed, mass, e };
  }

  /** Appends the first `count` checked spheres, repairs overlaps once, rolls all back on failure. */
  private appendChecked(count: number, field: string, value: unknown): number {
    if (this.nextId + count >= 0x7fffffff) throw new SolverInputError('sphere', this.nextId, 'fewer than 2^31 ever added');
    this.sync();
    this.reserve(this.n + count, count > 1); // a batch: exactly what it needs
    const first = this.nextId;
    this.growIds(first + count);
    this.editRollback(() => {
      for (let k = 0; k < count; k++) {
        const s = this.pending[k];
        const i = this.n++;
        const id = this.nextId++;
        this.idOf[i] = id;
        this.slotOf[id] = i;
        this.rad[S * i] = s.radius;
        this.mass[i] = s.mass;
        this.invMass[i] = s.fixed ? 0 : 1 / s.mass;
        this.isFixed[SB * i] = s.fixed ? 1 : 0;
        this.ownE[i] = s.e;
        this.asleep[SB * i] = 0;
        this.frozen[SB * i] = 0;
        this.restMask[SB * i] = 0;
        this.collCount[SI * i] = 0;
        this.lastColl[i] = -Infinity;
        this.slowSince[i] = NaN;
        this.stepStamp[i] = -1;
        this.tLoc[S * i] = this.simTime;
        this.setVec(this.pos, i, s.p);
        this.setVec(this.vel, i, s.fixed ? [0, 0, 0] : s.v);
        if (this.o.planar) {
          this.pos[S * i + 2] = 0;
          this.vel[S * i + 2] = 0;
        }
      }
    }, field, value, () => {
      for (let k = 0; k < count; k++) {
        this.removeSlot(this.n - 1);
        this.slotOf[this.nextId - 1] = -1;
        this.nextId--;
      }
    });
    for (let k = 0; k < count; k++) this.pending[k] = undefined as unknown as CheckedSphere;
    return first;
  }

  /** Removes a sphere. The last sphere moves into its slot; ids do not change (see {@link indexOf}). */
  removeSphere(id: number): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    this.sync();
    this.removeSlot(i);
    this.slotOf[id] = -1;
    this.wakeAll();
    this.dirty = true;
  }

  /** Removes every sphere; counters and time are kept. */
  clear(): void {
    this.stateVersion++;
    for (let i = 0; i < this.n; i++) this.slotOf[this.idOf[i]] = -1;
    this.n = 0;
    this.sleepingCount = 0;
    this.dirty = true;
  }

  /** Moves a sphere by hand (the centre must be inside the box); overlaps are repaired. */
  setPosition(id: number, position: Vec3Like): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    const p = vec3('position', position);
    this.checkInside('position', p);
    this.sync();
    this.editRollback(() => {
      this.setVec(this.pos, i, p);
      if (this.o.planar) this.pos[S * i + 2] = 0;
    }, 'position', p);
  }

  /** Sets a sphere's velocity, m/s (ignored for a fixed sphere, which never moves). */
  setVelocity(id: number, velocity: Vec3Like): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    const v = vec3('velocity', velocity);
    this.sync();
    if (this.isFixed[SB * i]) return;
    this.setVec(this.vel, i, v);
    if (this.o.planar) this.vel[S * i + 2] = 0;
    this.wakeAll();
    this.dirty = true;
  }

  /** Changes a sphere's radius. Its mass is kept (set it with {@link setMass}); overlaps are repaired. */
  setRadius(id: number, radius: number): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    positive('radius', radius);
    this.checkFits('radius', radius);
    this.sync();
    const old = this.rad[S * i];
    this.editRollback(() => {
      this.rad[S * i] = radius;
    }, 'radius', radius, () => {
      this.rad[S * i] = old;
    });
  }

  /** Sets a sphere's mass, kg; Infinity makes it fixed, a finite mass frees a fixed sphere. */
  setMass(id: number, mass: number): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    if (mass !== Infinity) positive('mass', mass);
    this.sync();
    this.mass[i] = mass;
    this.invMass[i] = mass === Infinity ? 0 : 1 / mass;
    this.isFixed[SB * i] = mass === Infinity ? 1 : 0;
    if (mass === Infinity) this.setVec(this.vel, i, [0, 0, 0]);
    this.wakeAll();
    this.dirty = true;
  }

  /** Fixes a sphere in place (infinite mass) or frees it with the density-based mass. */
  setFixed(id: number, fixed: boolean): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    bool('fixed', fixed);
    if (fixed) this.setMass(id, Infinity);
    else if (this.isFixed[SB * i]) {
      const r = this.rad[S * i];
      this.setMass(id, (4 / 3) * Math.PI * r * r * r * this.o.density);
    }
  }

  /** Sets or clears (undefined) a sphere's own restitution; see {@link SphereOptions.restitution}. */
  setSphereRestitution(id: number, restitution: number | undefined): void {
    this.stateVersion++;
    const i = this.slotFor(id);
    this.ownE[i] = restitution === undefined ? NaN : inRange('restitution', restitution, 0, 1);
  }

  /** The world's restitution between spheres, in [0, 1]; applies from the next collision. */
  setRestitution(e: number): void {
    this.stateVersion++;
    this.o.restitution = inRange('restitution', e, 0, 1);
  }

  /** The restitution at the walls, in [0, 1]; applies from the next wall hit. */
  setWallRestitution(e: number): void {
    this.stateVersion++;
    this.o.wallRestitution = inRange('wallRestitution', e, 0, 1);
  }

  /** Changes gravity, m/s^2. Wakes every sleeping sphere. */
  setGravity(gravity: Vec3Like): void {
    this.stateVersion++;
    const g = vec3('gravity', gravity);
    this.sync();
    this.o.gravity = g;
    this.applyGeometry();
    this.wakeAll();
    for (let i = 0; i < this.n; i++) this.restMask[SB * i] = 0;
    this.dirty = true;
  }

  /** Resizes the box. Spheres outside the new walls are moved in and overlaps repaired. */
  setSize(size: Vec3Like): void {
    this.stateVersion++;
    const s = vec3('size', size, positive);
    for (let i = 0; i < this.n; i++) {
      for (let k = 0; k < 3; k++) {
        if (2 * this.rad[S * i] > s[k]) throw new SolverInputError(`size[${k}]`, s[k], `at least the largest sphere's diameter (${2 * this.rad[S * i]})`);
      }
    }
    this.sync();
    const old = this.o.size;
    this.editRollback(() => {
      this.o.size = s;
      this.applyGeometry();
    }, 'size', s, () => {
      this.o.size = old;
      this.applyGeometry();
    });
  }

  /**
   * Time reversal: negates every velocity. With e = 1 and no sleeping, the system then retraces
   * its path (until rounding, amplified by chaos, makes it diverge); under gravity the
   * trajectories are reversible too. Sleeping spheres are woken.
   */
  reverseVelocities(): void {
    this.stateVersion++;
    this.sync();
    for (let i = 0; i < this.n; i++) {
      for (let k = 0; k < 3; k++) this.vel[S * i + k] = -this.vel[S * i + k];
    }
    for (let i = 0; i < this.n; i++) this.restMask[SB * i] = 0;
    this.wakeAll();
    this.dirty = true;
  }

  /** Updates several world options at once; see {@link WorldOptions}. Validates all before applying any. */
  setOptions(patch: Partial<Pick<WorldOptions, 'restitution' | 'wallRestitution' | 'restingHeight' | 'restingFriction' | 'sleep' | 'collapseTime' | 'maxContactsPerStep' | 'maxEventsPerStep'>>): void {
    this.stateVersion++;
    const merged = resolveOptions({ ...this.o, ...patch });
    this.o.restitution = merged.restitution;
    this.o.wallRestitution = merged.wallRestitution;
    this.o.restingHeight = merged.restingHeight;
    this.applyGeometry();
    this.o.restingFriction = merged.restingFriction;
    this.o.collapseTime = merged.collapseTime;
    this.o.maxContactsPerStep = merged.maxContactsPerStep;
    this.o.maxEventsPerStep = merged.maxEventsPerStep;
    if (this.o.sleep !== merged.sleep) {
      this.o.sleep = merged.sleep;
      this.sync();
      this.wakeAll();
      this.dirty = true;
    }
  }

  // ---------------------------------------------------------------- the step

  /**
   * Advances exactly `dt` seconds of simulated time, processing every contact at its exact time,
   * in time order. Throws {@link SolverInputError} (and changes nothing) unless dt is finite and > 0.
   */
  step(dt: number): void {
    this.stateVersion++;
    positive('dt', dt);
    this.stepId++;
    const work = this.lastStep;
    work.events = work.pairCollisions = work.wallCollisions = work.cellCrossings = work.stale = work.frozen = work.hops = work.clusters = 0;
    this.events.clear();
    if (this.dirty) this.rebuild();
    if (this.frozenCount > 0) this.releaseFrozen();
    const tEnd = this.simTime + dt;
    this.queue.horizon[0] = tEnd;
    this.queue.refill();
    const budget = this.o.maxEventsPerStep > 0 ? this.o.maxEventsPerStep : 10000 + 500 * this.n;
    for (;;) {
      const i = this.queue.top();
      if (i < 0) break;
      const t = this.queue.time[0]; // = evTime[i], from the heap (evTime[i] is not read: a cache miss)
      if (!(t <= tEnd)) break;
      this.clock[0] = t;
      work.events++;
      if (work.events > budget) {
        this.freeze(i);
        continue;
      }
      const kind = this.evKind[SI * i];
      if (kind >= 0) {
        // A pair event is set only by settle, which keeps the partner's count in pairC.
        if (this.pairC[SI * i] !== this.collCount[SI * kind]) {
          work.stale++;
          this.predict(i);
        } else this.collidePair(i, kind);
      } else if (kind <= CELL_BASE) this.crossCell(i, CELL_BASE - kind);
      else if (kind <= WALL_BASE && kind > CELL_BASE) this.collideWall(i, WALL_BASE - kind);
      else this.predict(i);
    }
    this.clock[0] = tEnd;
    this.advanceAll();
    this.simTime = tEnd;
    const every = this.o.reorderEvery === 0 ? (this.n >= REORDER_MIN_SPHERES ? REORDER_STEPS : -1) : this.o.reorderEvery;
    // At most one renumbering a step (reorderedFrom describes only the last).
    if (every > 0 && this.stepId % every === 0 && this.reorderedAt !== this.stepId) this.reorder();
  }

  /**
   * Renumbers the slots in the order of the grid's cells (row by row, z then y then x; a Morton
   * curve measured no faster), so that the spheres a prediction reads (its 27 cells) sit close
   * together in memory. Runs between
   * steps, every sphere at the world's time; every per-sphere array is permuted and the predicted
   * events carry over (their partner slots renamed), so nothing is predicted again and the
   * trajectories do not change. O(N), allocation-free after the first: the records are permuted
   * in place, the other per-sphere arrays gathered through a scratch array (8 bytes a sphere,
   * made at the first renumbering), the cluster stack holds the inverse, and the grid's lists and
   * the queue are rebuilt.
   */
  private reorder(): void {
    const n = this.n;
    if (n < 2) return;
    if (this.fromSlot.length < this.cap) this.fromSlot = new Int32Array(this.cap);
    const order = this.fromSlot;
    const cells = this.gridN[0] * this.gridN[1] * this.gridN[2];
    let k = 0;
    for (let c = 0; c < cells; c++) {
      for (let j = this.cellHead[c]; j >= 0; j = this.nextIn[SI * j]) order[k++] = j;
    }
    if (k !== n) return; // cannot happen: every sphere is in exactly one cell
    const inverse = this.stack;
    for (let s = 0; s < n; s++) inverse[order[s]] = s;
    this.permute(this.recordI32, SI, n); // whole records, as 32-bit words (exact for every field)
    // The other arrays are gathered through a scratch array: independent reads, which the
    // processor overlaps, where following the permutation's cycles reads one after another.
    if (this.gatherF64.length < this.cap) {
      const scratch = new ArrayBuffer(8 * this.cap);
      this.gatherF64 = new Float64Array(scratch);
      this.gatherI32 = new Int32Array(scratch);
    }
    this.gatherFloats(this.mass, n);
    this.gatherFloats(this.invMass, n);
    this.gatherFloats(this.ownE, n);
    this.gatherFloats(this.lastColl, n);
    this.gatherFloats(this.slowSince, n);
    this.gatherFloats(this.evTime, n);
    this.gatherInts(this.stepStamp, n);
    this.gatherInts(this.stepContacts, n);
    this.gatherInts(this.clusterMark, n);
    this.gatherInts(this.idOf, n);
    for (let s = 0; s < n; s++) {
      const kind = this.evKind[SI * s];
      if (kind >= 0) this.evKind[SI * s] = inverse[kind]; // a partner's slot
      const pair = this.pairJ[SI * s];
      if (pair >= 0) this.pairJ[SI * s] = inverse[pair];
      this.slotOf[this.idOf[s]] = s;
    }
    // The cells stay as they were (a sphere on a cell face keeps the side it was given).
    this.cellHead.fill(-1, 0, cells);
    for (let s = n - 1; s >= 0; s--) this.linkCell(s);
    this.queue.build(n);
    this.layout++;
    this.reorderedAt = this.stepId;
  }

  // Two gathers, one per element type, so that each stays monomorphic (fast element access).

  /** a[s] = old a[fromSlot[s]] for the first n slots, through gatherF64. */
  private gatherFloats(a: Float64Array, n: number): void {
    const from = this.fromSlot;
    const tmp = this.gatherF64;
    for (let s = 0; s < n; s++) tmp[s] = a[from[s]];
    for (let s = 0; s < n; s++) a[s] = tmp[s];
  }

  /** a[s] = old a[fromSlot[s]] for the first n slots, through gatherI32. */
  private gatherInts(a: Int32Array, n: number): void {
    const from = this.fromSlot;
    const tmp = this.gatherI32;
    for (let s = 0; s < n; s++) tmp[s] = a[from[s]];
    for (let s = 0; s < n; s++) a[s] = tmp[s];
  }

  /**
   * a[stride * s + q] = old a[stride * fromSlot[s] + q] for the first n slots, in place: each cycle
   * of the permutation is followed once (visited slots are marked by flipping their entry in
   * fromSlot, and unmarked at the end); one entry (stride elements, at most 32) waits in permTmp.
   */
  private permute(a: Int32Array, stride: number, n: number): void {
    const from = this.fromSlot;
    const tmp = this.permTmp;
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


  // ---------------------------------------------------------------- events

  /** Moves sphere i along its trajectory to the clock's time. */
  private advance(i: number): void {
    const t = this.clock[0];
    const h = t - this.tLoc[S * i];
    if (h === 0) return;
    this.tLoc[S * i] = t;
    if (this.asleep[SB * i] || this.isFixed[SB * i]) return;
    const b = S * i;
    const p = this.pos;
    const v = this.vel;
    const a = this.acc;
    p[b] += (v[b] + 0.5 * a[b] * h) * h;
    p[b + 1] += (v[b + 1] + 0.5 * a[b + 1] * h) * h;
    p[b + 2] += (v[b + 2] + 0.5 * a[b + 2] * h) * h;
    v[b] += a[b] * h;
    v[b + 1] += a[b + 1] * h;
    v[b + 2] += a[b + 2] * h;
  }

  /**
   * Brings every sphere to the clock's time at the end of a step: `advance` for each, streamlined
   * for a sweep over every record. No still test (a still sphere's velocity and acceleration are
   * zero, so it stays where it is), and without gravity the accelerations are not read: only the
   * first line of each record is touched.
   */
  private advanceAll(): void {
    const t = this.clock[0];
    const p = this.pos;
    const v = this.vel;
    const a = this.acc;
    const tLoc = this.tLoc;
    const n = this.n;
    if (this.gMag === 0) {
      for (let i = 0; i < n; i++) {
        const b = S * i;
        const h = t - tLoc[b];
        if (h === 0) continue;
        tLoc[b] = t;
        p[b] += v[b] * h;
        p[b + 1] += v[b + 1] * h;
        p[b + 2] += v[b + 2] * h;
      }
      return;
    }
    for (let i = 0; i < n; i++) {
      const b = S * i;
      const h = t - tLoc[b];
      if (h === 0) continue;
      tLoc[b] = t;
      p[b] += (v[b] + 0.5 * a[b] * h) * h;
      p[b + 1] += (v[b + 1] + 0.5 * a[b + 1] * h) * h;
      p[b + 2] += (v[b + 2] + 0.5 * a[b + 2] * h) * h;
      v[b] += a[b] * h;
      v[b + 1] += a[b + 1] * h;
      v[b + 2] += a[b + 2] * h;
    }
  }

  /** Finds sphere i's earliest event after time t and files it in the queue. */
  private predict(i: number): void {
    this.advance(i);
    if (this.asleep[SB * i] || this.isFixed[SB * i]) {
      this.pairJ[SI * i] = NONE;
      this.setEvent(i, Infinity, NONE);
      return;
    }
    this.boundTimes(i);
    const wall = this.best[WALL_T];
    // Pairs: every sphere in the 27 surrounding cells, up to the next wall hit (after it the
    // trajectory changes and this is predicted again). Not cut at the next cell face: the best
    // pair is kept, so that crossing a face only has to look at the cells it brings in.
    const nx = this.gridN[0], ny = this.gridN[1], nz = this.gridN[2];
    const b = S * i;
    const cx = this.cellC[4 * b];
    const cy = this.cellC[4 * b + 1];
    const cz = this.cellC[4 * b + 2];
    this.best[SCAN_T] = wall;
    this.scanKind = NONE;
    this.scanCount = 0;
    this.scanPairs(i, cx > 0 ? cx - 1 : 0, cx < nx - 1 ? cx + 1 : nx - 1, cy > 0 ? cy - 1 : 0, cy < ny - 1 ? cy + 1 : ny - 1, cz > 0 ? cz - 1 : 0, cz < nz - 1 ? cz + 1 : nz - 1);
    this.settle(i);
  }

  /**
   * Sphere i's centre crossed into a new cell: its trajectory is unchanged, so its best pair
   * among the cells it saw before still holds unless that partner has collided since; only the
   * layer of nine cells the crossing brings into reach is searched. Otherwise a full prediction.
   */
  private predictAfterCrossing(i: number, axis: number, side: number): void {
    const j = this.pairJ[SI * i];
    if (this.asleep[SB * i] || this.isFixed[SB * i] || (j >= 0 && this.collCount[SI * j] !== this.pairC[SI * i])) {
      this.predict(i);
      return;
    }
    const t = this.clock[0];
    this.boundTimes(i);
    const wall = this.best[WALL_T];
    this.best[SCAN_T] = wall;
    this.scanKind = NONE;
    this.scanCount = 0;
    if (j >= 0 && this.pairT[S * i] - t < wall) {
      this.best[SCAN_T] = this.pairT[S * i] - t;
      this.scanKind = j;
      this.scanCount = this.pairC[SI * i];
    }
    const b = S * i;
    const layer = this.cellC[4 * b + axis] + side;
    if (layer >= 0 && layer < this.gridN[axis]) {
      const lo = this.lo;
      const hi = this.hi;
      for (let k = 0; k < 3; k++) {
        const c = this.cellC[4 * b + k];
        const n = this.gridN[k];
        lo[k] = k === axis ? layer : c > 0 ? c - 1 : 0;
        hi[k] = k === axis ? layer : c < n - 1 ? c + 1 : n - 1;
      }
      this.scanPairs(i, lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]);
    }
    this.settle(i);
  }

  /** Keeps the pair found by the scan as sphere i's best pair, and sets its next event (times from the clock's now). */
  private settle(i: number): void {
    const t = this.clock[0];
    const kind = this.scanKind;
    this.pairJ[SI * i] = kind;
    this.pairT[S * i] = t + this.best[SCAN_T];
    this.pairC[SI * i] = this.scanCount;
    // The event written here rather than through setEvent: a time passed to a call that is not
    // inlined would be boxed.
    const which = this.best[FACE_T] < this.best[SCAN_T] ? FACE_T : kind >= 0 ? SCAN_T : WALL_T;
    this.evTime[i] = t + this.best[which];
    this.evKind[SI * i] = which === FACE_T ? this.faceKind : which === SCAN_T ? kind : this.wallKind;
    this.queue.update(i);
  }

  /**
   * Times from now until sphere i's centre reaches each wall (less its radius) and each face of
   * its cell: the earliest wall in best[WALL_T]/wallKind, the earliest face in best[FACE_T]/faceKind
   * (nothing returned: a number returned from a call V8 does not inline is boxed).
   */
  private boundTimes(i: number): void {
    const p = this.pos;
    const v = this.vel;
    const a = this.acc;
    const r = this.rad[S * i];
    const mask = this.restMask[SB * i];
    const b = S * i;
    if (a[b] === 0 && a[b + 1] === 0 && a[b + 2] === 0) {
      this.boundTimesStraight(i);
      return;
    }
    // Up to four bounds per axis, gathered first so that the root finder has a single call site
    // (inlined, no boxed numbers).
    const bounds = this.bounds;
    const codes = this.boundCodes;
    let nb = 0;
    for (let k = 0; k < 3; k++) {
      if (v[b + k] === 0 && a[b + k] === 0) continue;
      const h = this.half[k];
      if (!(mask & (1 << (2 * k + 1)))) {
        bounds[nb] = h - r;
        codes[nb++] = WALL_BASE - (2 * k + 1);
      }
      if (!(mask & (1 << (2 * k)))) {
        bounds[nb] = r - h;
        codes[nb++] = WALL_BASE - 2 * k;
      }
      const nk = this.gridN[k];
      if (nk > 1) {
        const c = this.cellC[4 * b + k];
        if (c < nk - 1) {
          bounds[nb] = -h + (c + 1) * this.cellW[k];
          codes[nb++] = CELL_BASE - (2 * k + 1);
        }
        if (c > 0) {
          bounds[nb] = -h + c * this.cellW[k];
          codes[nb++] = CELL_BASE - 2 * k;
        }
      }
    }
    let wall = Infinity;
    let wallKind = NONE;
    let face = Infinity;
    let faceKind = NONE;
    for (let q = 0; q < nb; q++) {
      const code = codes[q];
      const isWall = code > CELL_BASE;
      const w = isWall ? WALL_BASE - code : CELL_BASE - code; // 2 * axis + side
      const k = w >> 1;
      const tw = firstCrossing(p[b + k], v[b + k], a[b + k], bounds[q], w & 1 ? 1 : -1);
      if (isWall) {
        if (tw < wall) {
          wall = tw;
          wallKind = code;
        }
      } else if (tw < face) {
        face = tw;
        faceKind = code;
      }
    }
    this.best[WALL_T] = wall;
    this.wallKind = wallKind;
    this.best[FACE_T] = face;
    this.faceKind = faceKind;
  }

  /**
   * boundTimes for a sphere without acceleration (every sphere of a gas): along each axis only
   * the wall and the cell face ahead can be reached, at (bound - x) / v, or at once when already
   * past it. firstCrossing's straight-line case written out, with its arithmetic (the same times
   * bit for bit), in the same order of bounds, so ties go the same way.
   */
  private boundTimesStraight(i: number): void {
    const p = this.pos;
    const v = this.vel;
    const r = this.rad[S * i];
    const mask = this.restMask[SB * i];
    const b = S * i;
    let wall = Infinity;
    let wallKind = NONE;
    let face = Infinity;
    let faceKind = NONE;
    for (let k = 0; k < 3; k++) {
      const vk = v[b + k];
      if (vk === 0) continue;
      const x = p[b + k];
      const h = this.half[k];
      const nk = this.gridN[k];
      const c = this.cellC[4 * b + k];
      if (vk > 0) {
        if (!(mask & (1 << (2 * k + 1)))) {
          const C = x - (h - r);
          const tw = C >= 0 ? 0 : -C / vk;
          if (tw < wall) {
            wall = tw;
            wallKind = WALL_BASE - (2 * k + 1);
          }
        }
        if (nk > 1 && c < nk - 1) {
          const C = x - (-h + (c + 1) * this.cellW[k]);
          const tf = C >= 0 ? 0 : -C / vk;
          if (tf < face) {
            face = tf;
            faceKind = CELL_BASE - (2 * k + 1);
          }
        }
      } else {
        if (!(mask & (1 << (2 * k)))) {
          const C = -(x - (r - h));
          const tw = C >= 0 ? 0 : -C / -vk;
          if (tw < wall) {
            wall = tw;
            wallKind = WALL_BASE - 2 * k;
          }
        }
        if (nk > 1 && c > 0) {
          const C = -(x - (-h + c * this.cellW[k]));
          const tf = C >= 0 ? 0 : -C / -vk;
          if (tf < face) {
            face = tf;
            faceKind = CELL_BASE - 2 * k;
          }
        }
      }
    }
    this.best[WALL_T] = wall;
    this.wallKind = wallKind;
    this.best[FACE_T] = face;
    this.faceKind = faceKind;
  }

  /**
   * Sphere i against every sphere in the cells [x0, x1] x [y0, y1] x [z0, z1]: keeps in
   * best[SCAN_T]/scanKind/scanCount the earliest contact found before best[SCAN_T].
   */
  private scanPairs(i: number, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): void {
    const t = this.clock[0];
    const p = this.pos;
    const v = this.vel;
    const a = this.acc;
    const r = this.rad[S * i];
    const b = S * i;
    const xi = p[b];
    const yi = p[b + 1];
    const zi = p[b + 2];
    const vxi = v[b];
    const vyi = v[b + 1];
    const vzi = v[b + 2];
    const axi = a[b];
    const ayi = a[b + 1];
    const azi = a[b + 2];
    const speedI = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
    // Under gravity, touching spheres closing slower than a millionth of the resting speed are at
    // rest against each other: without this floor, a sphere wedged against a wall by another would
    // be struck again and again with ever smaller (geometrically shrinking) speeds.
    const stopSpeed = STOP_FRACTION * this.restUnit[0] * Math.sqrt(r);
    const noGravity = this.gMag === 0;
    let best = this.best[SCAN_T];
    let kind = this.scanKind;
    let count = this.scanCount;
    // First the neighbours' slots, walking the cells' lists: a short loop, so the processor
    // fetches the lists of many cells at once instead of one after another between the
    // computations below (each is likely a cache miss in a large world).
    const m = this.gatherCells(SCAN_LIST, i, x0, x1, y0, y1, z0, z1);
    const list = this.scanList;
    for (let e = 0; e < m; e++) {
      const j = list[e];
      const bj = S * j;
      const h = t - this.tLoc[S * j];
      // No test for a still (sleeping or fixed) neighbour: its velocity and acceleration are
      // kept at zero, so the expressions below give its position and zero velocity. Without
      // gravity every acceleration is zero and is not read.
      const ajx = noGravity ? 0 : a[bj];
      const ajy = noGravity ? 0 : a[bj + 1];
      const ajz = noGravity ? 0 : a[bj + 2];
      const vjx = v[bj] + ajx * h;
      const vjy = v[bj + 1] + ajy * h;
      const vjz = v[bj + 2] + ajz * h;
      const pjx = p[bj] + (v[bj] + 0.5 * ajx * h) * h;
      const pjy = p[bj + 1] + (v[bj + 1] + 0.5 * ajy * h) * h;
      const pjz = p[bj + 2] + (v[bj + 2] + 0.5 * ajz * h) * h;
      const gx = pjx - xi;
      const gy = pjy - yi;
      const gz = pjz - zi;
      const ux = vjx - vxi;
      const uy = vjy - vyi;
      const uz = vjz - vzi;
      const dx = ajx - axi;
      const dy = ajy - ayi;
      const dz = ajz - azi;
      if (dx === 0 && dy === 0 && dz === 0) {
        // No relative acceleration (no gravity, or two free spheres under it): a pair moving
        // apart (or keeping its distance) never meets, and a pair apart now meets at the first
        // root of |g + u t| = s. This is pairTimeOfImpact's straight-line case written out, with
        // its rules and its arithmetic (same results, bit for bit), since most pairs end here;
        // touching pairs go to it below.
        const b = gx * ux + gy * uy + gz * uz;
        if (b >= 0) continue;
        const s = r + this.rad[S * j];
        const pp = gx * gx + gy * gy + gz * gz;
        const c = pp - s * s;
        if (c > 0) {
          const a2 = ux * ux + uy * uy + uz * uz;
          // Passing by (the line never comes within s) or grazing: no contact.
          if (b * b - a2 * c <= a2 * GRAZE * s * s) continue;
          const tp = c / (-b + Math.sqrt(b * b - a2 * c));
          if (!(tp < best)) continue;
          // Out of reach within the window (the gap cannot close by more than |u| T): none.
          if (best < Infinity && Math.sqrt(pp) - s > Math.sqrt(a2) * best) continue;
          best = tp;
          kind = j;
          count = this.collCount[SI * j];
          continue;
        }
      }
      const speedJ = Math.sqrt(vjx * vjx + vjy * vjy + vjz * vjz);
      const q = this.toi;
      q[0] = gx;
      q[1] = gy;
      q[2] = gz;
      q[3] = ux;
      q[4] = uy;
      q[5] = uz;
      q[6] = dx;
      q[7] = dy;
      q[8] = dz;
      q[9] = r + this.rad[S * j];
      q[10] = best;
      q[11] = APPROACH_TOLERANCE * (speedI + speedJ) + stopSpeed;
      pairTimeOfImpact(q);
      const tp = q[12];
      if (tp < best) {
        best = tp;
        kind = j;
        count = this.collCount[SI * j];
      }
    }
    this.best[SCAN_T] = best;
    this.scanKind = kind;
    this.scanCount = count;
  }

  /**
   * Writes into a slot list (NEIGH_A, NEIGH_B or SCAN_LIST) every sphere in the cells
   * [x0, x1] x [y0, y1] x [z0, z1] except `skip` (-1: none); returns how many. The lists grow by
   * doubling (only while warming up). Two neighbour lists, so that a loop over one may call code
   * that gathers into the other.
   */
  private gatherCells(which: number, skip: number, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): number {
    let out: Int32Array = which === NEIGH_A ? this.neighA : which === NEIGH_B ? this.neighB : this.scanList;
    const nx = this.gridN[0], ny = this.gridN[1];
    let n = 0;
    for (let qz = z0; qz <= z1; qz++) {
      for (let qy = y0; qy <= y1; qy++) {
        const row = (qz * ny + qy) * nx;
        for (let qx = x0; qx <= x1; qx++) {
          for (let j = this.cellHead[row + qx]; j >= 0; j = this.nextIn[SI * j]) {
            if (n === out.length) out = this.growList(which);
            out[n] = j;
            n += j === skip ? 0 : 1;
          }
        }
      }
    }
    return n;
  }

  /** Doubles a slot list (see gatherCells) and returns it. */
  private growList(which: number): Int32Array {
    const old = which === NEIGH_A ? this.neighA : which === NEIGH_B ? this.neighB : this.scanList;
    const bigger = new Int32Array(2 * old.length);
    bigger.set(old);
    if (which === NEIGH_A) this.neighA = bigger;
    else if (which === NEIGH_B) this.neighB = bigger;
    else this.scanList = bigger;
    return bigger;
  }

  /**
   * Writes into neighA (which = NEIGH_A) or neighB (NEIGH_B) the slots of every sphere in the 27
   * cells around sphere i's cell, i included; returns how many.
   */
  private gatherNeighbours(i: number, which: number): number {
    const nx = this.gridN[0], ny = this.gridN[1], nz = this.gridN[2];
    const cx = this.cellC[SH * i], cy = this.cellC[SH * i + 1], cz = this.cellC[SH * i + 2];
    return this.gatherCells(which, -1, cx > 0 ? cx - 1 : 0, cx < nx - 1 ? cx + 1 : nx - 1, cy > 0 ? cy - 1 : 0, cy < ny - 1 ? cy + 1 : ny - 1, cz > 0 ? cz - 1 : 0, cz < nz - 1 ? cz + 1 : nz - 1);
  }

  /** Sets a sphere's next event to a wall or cell code, or NONE (pair events are set by settle). */
  private setEvent(i: number, time: number, kind: number): void {
    this.evTime[i] = time;
    this.evKind[SI * i] = kind;
    this.queue.update(i);
  }

  /** The centre of sphere i leaves its cell through face (axis, side): move it to the next cell. */
  private crossCell(i: number, code: number): void {
    this.lastStep.cellCrossings++;
    this.advance(i);
    const k = code >> 1;
    const side = code & 1 ? 1 : -1;
    this.unlinkCell(i);
    this.cellC[SH * i + k] += side;
    this.linkCell(i);
    this.predictAfterCrossing(i, k, side);
  }

  /** Sphere i hits wall w: its normal velocity v_n becomes -e v_n (docs/physics.md, section 4). */
  private collideWall(i: number, w: number): void {
    const t = this.clock[0];
    this.advance(i);
    const k = w >> 1;
    const dir = w & 1 ? 1 : -1;
    const b = S * i;
    const r = this.rad[S * i];
    const h = this.half[k];
    const vn = dir * this.vel[b + k]; // > 0: into the wall
    // Exactly on the wall: the root is exact up to rounding, and the centre must stay inside.
    this.pos[b + k] = dir > 0 ? Math.min(this.pos[b + k], h - r) : Math.max(this.pos[b + k], r - h);
    let vAfter = 0;
    if (vn > 0) {
      let e = this.o.wallRestitution;
      const own = this.ownE[i];
      if (own < e) e = own;
      // Resting contact: no bounce. If gravity presses it into this wall, the wall now carries it.
      if (vn < this.restUnit[0] * Math.sqrt(r)) {
        e = 0;
        this.vel[b + k] = 0;
        this.projectVelocity(i); // against every other still contact too (corners, wedges)
        this.vel[b + k] = dir * vn;
      }
      vAfter = -e * vn;
      const m = this.mass[i];
      const impulse = m * (vn - vAfter);
      const lost = 0.5 * m * (vn * vn - vAfter * vAfter);
      this.vel[b + k] = dir * vAfter;
      this.wallImp[w] += impulse;
      this.wallTotal++;
      this.lastStep.wallCollisions++;
      this.lost[0] += lost;
      {
        const p = this.events.pending;
        p[0] = t;
        p[1] = k === 0 ? dir : 0;
        p[2] = k === 1 ? dir : 0;
        p[3] = k === 2 ? dir : 0;
        p[4] = impulse;
        p[5] = lost;
        p[6] = vn;
      }
      this.events.record(this.idOf[i], WALL_CODE - w);
    }
    if (vAfter === 0 && dir * this.g[k] > 0) {
      this.vel[b + k] = 0;
      this.restMask[SB * i] |= 1 << w;
      this.updateAcceleration(i);
    }
    this.collCount[SI * i]++;
    this.countContact(i);
    this.lastColl[i] = t;
    if (!this.trySleep(i)) this.predict(i);
  }

  /** Spheres i and j touch: apply J = -(1 + e) mu u along the normal (docs/physics.md, section 4). */
  private collidePair(i: number, j: number): void {
    const t = this.clock[0];
    this.advance(i);
    this.advance(j);
    const p = this.pos;
    const v = this.vel;
    const bi = S * i;
    const bj = S * j;
    let nx = p[bj] - p[bi];
    let ny = p[bj + 1] - p[bi + 1];
    let nz = p[bj + 2] - p[bi + 2];
    const d = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (d === 0) {
      nx = 1;
      ny = nz = 0;
    } else {
      nx /= d;
      ny /= d;
      nz /= d;
    }
    const u = (v[bj] - v[bi]) * nx + (v[bj + 1] - v[bi + 1]) * ny + (v[bj + 2] - v[bi + 2]) * nz;
    const rMin = Math.min(this.rad[S * i], this.rad[S * j]);
    const vRest = this.restUnit[0] * Math.sqrt(rMin);
    // A sleeping sphere struck harder than the resting speed wakes up and takes part as a free sphere.
    if (this.asleep[SB * j] && -u > vRest) this.wake(j);
    const wi = this.asleep[SB * i] ? 0 : this.invMass[i];
    const wj = this.asleep[SB * j] ? 0 : this.invMass[j];
    // The contact, for slideOver (written here rather than passed: numbers passed to a call that
    // V8 does not inline are boxed).
    const cs = this.contact;
    cs[0] = nx;
    cs[1] = ny;
    cs[2] = nz;
    cs[3] = d;
    cs[4] = wi;
    cs[5] = wj;
    cs[6] = rMin;
    if (vRest > 0 && -u < vRest && wj === 0 && wi > 0) {
      // Slow contact with something that does not move: no bounce against every still contact at once.
      const b3 = S * i;
      const before = 0.5 * this.mass[i] * (v[b3] ** 2 + v[b3 + 1] ** 2 + v[b3 + 2] ** 2);
      this.projectVelocity(i);
      const lost = before - 0.5 * this.mass[i] * (v[b3] ** 2 + v[b3 + 1] ** 2 + v[b3 + 2] ** 2);
      if (u < 0) {
        this.pairTotal++;
        this.lastStep.pairCollisions++;
        {
          const p = this.events.pending;
          p[0] = t;
          p[1] = nx;
          p[2] = ny;
          p[3] = nz;
          p[4] = -u * this.mass[i];
          p[5] = lost;
          p[6] = -u;
        }
        this.events.record(this.idOf[i], this.idOf[j]);
      }
      this.lost[0] += lost;
      if (this.vel[S * i] * nx + this.vel[S * i + 1] * ny + this.vel[S * i + 2] * nz > -STOP_FRACTION * vRest) {
        this.slideOver(i, j);
      }
    } else if (vRest > 0 && -u < vRest && wi + wj > 0 && this.slideOver(i, j)) {
      // resting contact between two free spheres handled as a hop (see slideOver)
    } else if (vRest > 0 && -u < vRest && wi > 0 && wj > 0) {
      this.resolveCluster(i, j);
      return;
    } else if (u < 0 && wi + wj > 0) {
      let e = this.o.restitution;
      const ei = this.ownE[i];
      const ej = this.ownE[j];
      if (ei === ei) e = ej === ej ? Math.min(ei, ej) : ei;
      else if (ej === ej) e = ej;
      if (-u < vRest) e = 0; // resting contact (only under gravity: vRest is 0 without)
      else if (t - this.lastColl[i] < this.o.collapseTime || t - this.lastColl[j] < this.o.collapseTime) e = 1; // TC model
      const mu = 1 / (wi + wj);
      const impulse = -(1 + e) * mu * u;
      const lost = 0.5 * mu * (1 - e * e) * u * u;
      v[bi] -= impulse * wi * nx;
      v[bi + 1] -= impulse * wi * ny;
      v[bi + 2] -= impulse * wi * nz;
      v[bj] += impulse * wj * nx;
      v[bj + 1] += impulse * wj * ny;
      v[bj + 2] += impulse * wj * nz;
      this.pairTotal++;
      this.lastStep.pairCollisions++;
      this.lost[0] += lost;
      {
        const p = this.events.pending;
        p[0] = t;
        p[1] = nx;
        p[2] = ny;
        p[3] = nz;
        p[4] = impulse;
        p[5] = lost;
        p[6] = -u;
      }
      this.events.record(this.idOf[i], this.idOf[j]);
    }
    this.lastColl[i] = t;
    this.lastColl[j] = t;
    this.countContact(i);
    this.countContact(j);
    const movedJ = wj > 0;
    this.collCount[SI * i]++;
    if (movedJ) this.collCount[SI * j]++;
    this.afterVelocityChange(i);
    if (movedJ) this.afterVelocityChange(j);
    if (!this.trySleep(i)) this.predict(i);
    if (movedJ && !this.trySleep(j)) this.predict(j);
  }

  /**
   * A slow contact that the two spheres' accelerations press together (a sphere sliding over
   * another under gravity) has no ballistic solution: each bounce would be followed by the next
   * at t = 0 (a Zeno sequence). The constraint force of real sliding does no work, so it is
   * modelled as a work-free hop: the relative velocity is turned, keeping its magnitude (kinetic
   * energy and momentum are unchanged), so that its normal part becomes the separation speed
   * sqrt(2 a h) of a hop of height h = `restingHeight` times the smaller radius against the
   * pressing acceleration a. The sphere then glides over the surface in hops of that height. A
   * slide that starts from rest cannot pay for its first hop; it gets it anyway (at most mu a h,
   * within the resting tolerance), and the sleep rules stop it where it is carried. Returns false
   * when the contact is not pressed (plain inelastic collision instead).
   */
  private slideOver(i: number, j: number): boolean {
    const cs = this.contact;
    const nx = cs[0], ny = cs[1], nz = cs[2], d = cs[3], wi = cs[4], wj = cs[5], rMin = cs[6];
    const a = this.acc;
    const v = this.vel;
    const bi = S * i;
    const bj = S * j;
    const si = this.asleep[SB * i] || this.isFixed[SB * i];
    const sj = this.asleep[SB * j] || this.isFixed[SB * j];
    const dn = ((sj ? 0 : a[bj]) - (si ? 0 : a[bi])) * nx + ((sj ? 0 : a[bj + 1]) - (si ? 0 : a[bi + 1])) * ny + ((sj ? 0 : a[bj + 2]) - (si ? 0 : a[bi + 2])) * nz;
    const Vx = v[bj] - v[bi];
    const Vy = v[bj + 1] - v[bi + 1];
    const Vz = v[bj + 2] - v[bi + 2];
    const u = Vx * nx + Vy * ny + Vz * nz;
    const Tx = Vx - u * nx;
    const Ty = Vy - u * ny;
    const Tz = Vz - u * nz;
    const t2 = Tx * Tx + Ty * Ty + Tz * Tz;
    // Pressing acceleration: the relative acceleration into contact minus the centripetal part
    // that the tangential motion over the curved surface needs.
    const press = -dn - t2 / Math.max(d, 1e-300);
    const ax = (sj ? 0 : a[bj]) - (si ? 0 : a[bi]);
    const ay = (sj ? 0 : a[bj + 1]) - (si ? 0 : a[bi + 1]);
    const az = (sj ? 0 : a[bj + 2]) - (si ? 0 : a[bi + 2]);
    if (!(press > PRESS_FRACTION * Math.sqrt(ax * ax + ay * ay + az * az))) return false;
    const hop = Math.sqrt(2 * press * this.o.restingHeight * rMin);
    const speed2 = t2 + u * u;
    let un: number;
    let scale: number;
    if (speed2 > hop * hop) {
      un = hop;
      scale = t2 > 0 ? Math.sqrt((speed2 - hop * hop) / t2) : 0;
    } else {
      // Too slow to pay for the hop (a slide starting from rest): the hop is given anyway, so
      // that the sphere can start sliding; this adds at most mu a h, the resting tolerance.
      un = hop;
      scale = 1;
    }
    // New relative velocity V' = un n + scale T; share the change by inverse mass.
    const dVx = un * nx + scale * Tx - Vx;
    const dVy = un * ny + scale * Ty - Vy;
    const dVz = un * nz + scale * Tz - Vz;
    const fi = wi / (wi + wj);
    const fj = wj / (wi + wj);
    v[bi] -= fi * dVx;
    v[bi + 1] -= fi * dVy;
    v[bi + 2] -= fi * dVz;
    v[bj] += fj * dVx;
    v[bj + 1] += fj * dVy;
    v[bj + 2] += fj * dVz;
    this.lastStep.hops++;
    return true;
  }

  /**
   * A slow contact between two free spheres under gravity: the spheres touching them (a cluster
   * resting on the floor, against walls and on one another) are resolved together, perfectly
   * inelastically, by projected Gauss-Seidel over all their touching contacts (the iterative
   * contact solver of physics engines, docs/physics.md, section 7): accumulated normal impulses, each
   * kept >= 0, until no contact closes faster than `stopSpeed`. Pairwise impulses would pass the
   * approach back and forth inside the cluster in an endless, geometrically shrinking sequence.
   * Every update brings one contact's normal speed towards 0, so kinetic energy never grows.
   */
  private resolveCluster(i: number, j: number): void {
    const stopSpeed = STOP_FRACTION * this.restUnit[0] * Math.sqrt(Math.min(this.rad[S * i], this.rad[S * j]));
    const t = this.clock[0];
    const members = this.cluster;
    const stamp = ++this.clusterStamp;
    this.advance(i);
    this.advance(j);
    this.clusterMark[i] = this.clusterMark[j] = stamp;
    members[0] = i;
    members[1] = j;
    let size = 2;
    // Grow the cluster over touching free spheres (bounded size).
    for (let q = 0; q < size; q++) {
      const k = members[q];
      const around = this.gatherNeighbours(k, NEIGH_A);
      const list = this.neighA;
      for (let q = 0; q < around; q++) {
        const o = list[q];
        if (size >= members.length || this.clusterMark[o] === stamp || this.asleep[SB * o] || this.isFixed[SB * o]) continue;
        if (this.touching(k, o)) {
          this.clusterMark[o] = stamp;
          members[size++] = o;
        }
      }
    }
    // Contacts: member-member, member-still sphere, member-wall.
    if (this.cA.length === 0) {
      this.cA = new Int32Array(CLUSTER_CONTACTS);
      this.cB = new Int32Array(CLUSTER_CONTACTS);
      this.cN = new Float64Array(3 * CLUSTER_CONTACTS);
      this.cL = new Float64Array(CLUSTER_CONTACTS);
    }
    const cA = this.cA, cB = this.cB, cN = this.cN, cL = this.cL;
    let nc = 0;
    for (let q = 0; q < size && nc < cA.length; q++) {
      const k = members[q];
      const b = S * k;
      const r = this.rad[S * k];
      for (let w = 0; w < 6 && nc < cA.length; w++) {
        const ax = w >> 1;
        const dir = w & 1 ? 1 : -1;
        if (dir * this.pos[b + ax] >= this.half[ax] - r - SUPPORT_GAP * r) {
          cA[nc] = k;
          cB[nc] = -1 - w;
          cN[3 * nc] = ax === 0 ? dir : 0;
          cN[3 * nc + 1] = ax === 1 ? dir : 0;
          cN[3 * nc + 2] = ax === 2 ? dir : 0;
          cL[nc++] = 0;
        }
      }
      const around = this.gatherNeighbours(k, NEIGH_A);
      const list = this.neighA;
      for (let q = 0; q < around; q++) {
        const o = list[q];
        if (o === k || nc >= cA.length) continue;
        const member = this.clusterMark[o] === stamp;
        if (member ? o < k : !(this.asleep[SB * o] || this.isFixed[SB * o])) continue;
        if (!this.touching(k, o)) continue;
        const dx = this.pos[S * o] - this.pos[b], dy = this.pos[S * o + 1] - this.pos[b + 1], dz = this.pos[S * o + 2] - this.pos[b + 2];
        const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (d === 0) continue;
        cA[nc] = k;
        cB[nc] = o;
        cN[3 * nc] = dx / d;
        cN[3 * nc + 1] = dy / d;
        cN[3 * nc + 2] = dz / d;
        cL[nc++] = 0;
      }
    }
    let before = 0;
    for (let q = 0; q < size; q++) {
      const m = members[q];
      before += 0.5 * this.mass[m] * (this.vel[S * m] ** 2 + this.vel[S * m + 1] ** 2 + this.vel[S * m + 2] ** 2);
    }
    const v = this.vel;
    for (let iter = 0; iter < 64; iter++) {
      let worst = 0;
      for (let c = 0; c < nc; c++) {
        const a = cA[c];
        const o = cB[c];
        const wa = this.invMass[a];
        const wo = o >= 0 && this.clusterMark[o] === stamp ? this.invMass[o] : 0;
        const ex = cN[3 * c], ey = cN[3 * c + 1], ez = cN[3 * c + 2];
        let u = -(v[S * a] * ex + v[S * a + 1] * ey + v[S * a + 2] * ez);
        if (wo > 0) u += v[S * o] * ex + v[S * o + 1] * ey + v[S * o + 2] * ez;
        if (-u > worst) worst = -u;
        let dl = -u / (wa + wo);
        if (cL[c] + dl < 0) dl = -cL[c];
        if (dl === 0) continue;
        cL[c] += dl;
        v[S * a] -= dl * wa * ex;
        v[S * a + 1] -= dl * wa * ey;
        v[S * a + 2] -= dl * wa * ez;
        if (wo > 0) {
          v[S * o] += dl * wo * ex;
          v[S * o + 1] += dl * wo * ey;
          v[S * o + 2] += dl * wo * ez;
        }
      }
      if (worst <= stopSpeed) break;
    }
    let after = 0;
    for (let q = 0; q < size; q++) {
      const m = members[q];
      after += 0.5 * this.mass[m] * (this.vel[S * m] ** 2 + this.vel[S * m + 1] ** 2 + this.vel[S * m + 2] ** 2);
    }
    this.lost[0] += Math.max(0, before - after);
    for (let c = 0; c < nc; c++) if (cB[c] < 0) this.wallImp[-1 - cB[c]] += cL[c];
    this.pairTotal++;
    this.lastStep.pairCollisions++;
    this.lastStep.clusters++;
    for (let q = 0; q < size; q++) {
      const k = members[q];
      this.collCount[SI * k]++;
      this.lastColl[k] = t;
      this.countContact(k);
      this.afterVelocityChange(k);
    }
    for (let q = 0; q < size; q++) {
      const k = members[q];
      if (!this.asleep[SB * k] && !this.trySleep(k)) this.predict(k);
    }
  }

  /** Do spheres k and o touch (gap below SUPPORT_GAP of k's radius) now? Brings o to now. */
  private touching(k: number, o: number): boolean {
    this.advance(o);
    const dx = this.pos[S * o] - this.pos[S * k];
    const dy = this.pos[S * o + 1] - this.pos[S * k + 1];
    const dz = this.pos[S * o + 2] - this.pos[S * k + 2];
    return Math.sqrt(dx * dx + dy * dy + dz * dz) - this.rad[S * k] - this.rad[S * o] <= SUPPORT_GAP * this.rad[S * k];
  }


  /** Stores the contact geometry that {@link slideOver} reads. */


  /**
   * Perfectly inelastic contact with everything still that sphere i touches (walls, fixed and
   * sleeping spheres), all at once: its velocity becomes the nearest velocity that approaches none
   * of them, min |v' - v| subject to v' . m_k >= 0 (m_k the unit normals pointing from each contact
   * to the sphere). Resolving them one after another instead would converge only geometrically in
   * a narrow wedge (a sphere falling between a wall and a neighbour). v' is a projection onto a
   * convex cone, so |v'| <= |v|: kinetic energy never grows. Solved by trying active sets of up to
   * three contacts (more cannot be independent in 3D); the first that satisfies the optimality
   * conditions is the solution.
   */
  private projectVelocity(i: number): void {
    const m = this.collectStillContacts(i);
    if (m === 0) return;
    const nrm = this.normals;
    const b = S * i;
    const vx = this.vel[b];
    const vy = this.vel[b + 1];
    const vz = this.vel[b + 2];
    let ok = true;
    for (let k = 0; k < m; k++) if (nrm[3 * k] * vx + nrm[3 * k + 1] * vy + nrm[3 * k + 2] * vz < 0) ok = false;
    if (ok) return;
    const out = this.solveScratch;
    out[3] = vx;
    out[4] = vy;
    out[5] = vz;
    for (let size = 1; size <= 3; size++) {
      for (let a = 0; a < m; a++) {
        for (let c = size > 1 ? a + 1 : m; c < (size > 1 ? m : m + 1); c++) {
          for (let e = size > 2 ? c + 1 : m; e < (size > 2 ? m : m + 1); e++) {
            if (solveActiveSet(nrm, m, a, size > 1 ? c : -1, size > 2 ? e : -1, out)) {
              this.vel[b] = out[0];
              this.vel[b + 1] = out[1];
              this.vel[b + 2] = out[2];
              return;
            }
          }
        }
      }
    }
    this.vel[b] = this.vel[b + 1] = this.vel[b + 2] = 0;
  }

  /** Unit normals (towards sphere i) of its touching walls and still spheres, into `normals`. */
  private collectStillContacts(i: number): number {
    const b = S * i;
    const r = this.rad[S * i];
    const gap = SUPPORT_GAP * r;
    const nrm = this.normals;
    const maxNormals = nrm.length / 3;
    let m = 0;
    for (let k = 0; k < 3; k++) {
      const x = this.pos[b + k];
      const h = this.half[k];
      if (h - r - x <= gap) {
        nrm[3 * m] = k === 0 ? -1 : 0;
        nrm[3 * m + 1] = k === 1 ? -1 : 0;
        nrm[3 * m + 2] = k === 2 ? -1 : 0;
        m++;
      }
      if (x - (r - h) <= gap) {
        nrm[3 * m] = k === 0 ? 1 : 0;
        nrm[3 * m + 1] = k === 1 ? 1 : 0;
        nrm[3 * m + 2] = k === 2 ? 1 : 0;
        m++;
      }
    }
    const around = this.gatherNeighbours(i, NEIGH_A);
    const list = this.neighA;
    for (let q = 0; q < around; q++) {
      const j = list[q];
      if (j === i || m >= maxNormals || (!this.asleep[SB * j] && !this.isFixed[SB * j])) continue;
      this.advance(j);
      const dx = this.pos[b] - this.pos[S * j];
      const dy = this.pos[b + 1] - this.pos[S * j + 1];
      const dz = this.pos[b + 2] - this.pos[S * j + 2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d === 0 || d - r - this.rad[S * j] > gap) continue;
      nrm[3 * m] = dx / d;
      nrm[3 * m + 1] = dy / d;
      nrm[3 * m + 2] = dz / d;
      m++;
    }
    return m;
  }

  /** After an impulse: leave walls it no longer rests on, and wake sleepers it was carrying. */
  private afterVelocityChange(i: number): void {
    const mask = this.restMask[SB * i];
    if (mask) {
      let keep = mask;
      for (let w = 0; w < 6; w++) {
        if (mask & (1 << w) && this.vel[S * i + (w >> 1)] !== 0) keep &= ~(1 << w);
      }
      if (keep !== mask) {
        this.restMask[SB * i] = keep;
        this.updateAcceleration(i);
      }
    }
    if (this.sleepingCount > 0) this.wakeAbove(i);
  }

  /** Counts a contact for the Zeno guard (contacts of sphere i in this step). */
  private countContact(i: number): void {
    if (this.stepStamp[i] !== this.stepId) {
      this.stepStamp[i] = this.stepId;
      this.stepContacts[i] = 0;
    }
    this.stepContacts[i]++;
  }

  // ---------------------------------------------------------------- resting, sleeping, waking

  /**
   * Resting contact and inelastic collapse (docs/physics.md, section 7): the remedies chosen.
   *
   * 1. A contact closing slower than the resting speed sqrt(2 |g| h) is perfectly inelastic, so
   *    the Zeno sequence of a bouncing sphere ends after finitely many bounces.
   * 2. A sphere brought to rest on a wall stays on it: the wall cancels gravity's normal part
   *    (its acceleration loses that component), so it slides exactly instead of bouncing at t = 0.
   * 3. A slow sphere whose weight is carried by walls, fixed or sleeping spheres goes to sleep: an
   *    immovable obstacle with zero velocity. A pile therefore stops completely: no jitter, no
   *    sinking, no energy gain, and no work per step. A sleeper wakes when struck faster than the
   *    resting speed, when a sphere below it moves, or on any edit of gravity, box or spheres.
   *    This is the event-driven counterpart of a contact solver with static friction: it removes
   *    the residual energy of a settled pile (at most m g h per sphere) and nothing else.
   * 4. Without gravity there is no resting speed; a dense inelastic cluster is kept from
   *    collapsing by the TC model (`collapseTime`): collisions in quick succession are elastic.
   * 5. Guards for the cases 1-3 miss: a slow sphere with more than `maxContactsPerStep` contacts in
   *    a step sleeps if anything is below it; a sphere that stays slower than twice the resting
   *    speed for SLEEP_TIME (hopping in a pocket it is not carried by) sleeps likewise, like the
   *    sleep timers of physics engines; and the per-step event budget freezes what is left of the
   *    step (see `maxEventsPerStep`), counted in `lastStep.frozen`, zero in ordinary scenes.
   *
   * Returns true when the sphere went to sleep.
   */
  private trySleep(i: number): boolean {
    if (!this.o.sleep || this.gMag === 0 || this.isFixed[SB * i]) return false;
    const b = S * i;
    const vx = this.vel[b];
    const vy = this.vel[b + 1];
    const vz = this.vel[b + 2];
    const vRest = this.restUnit[0] * Math.sqrt(this.rad[S * i]);
    const v2 = vx * vx + vy * vy + vz * vz;
    const t = this.clock[0];
    // Sleep timer (the last guard): a sphere that keeps hopping slowly on whatever is below it
    // for SLEEP_TIME without ever being carried still comes to rest.
    if (v2 >= SLEEP_SPEED_FACTOR * SLEEP_SPEED_FACTOR * vRest * vRest) {
      this.slowSince[i] = NaN;
      return false;
    }
    const since = this.slowSince[i];
    if (since !== since) this.slowSince[i] = t;
    const timedOut = t - since > SLEEP_TIME;
    if (v2 >= vRest * vRest && !timedOut) return false;
    const zeno = timedOut || (this.stepStamp[i] === this.stepId && this.stepContacts[i] > this.o.maxContactsPerStep);
    if (!this.isSupported(i, zeno)) return false;
    this.sleepSphere(i);
    return true;
  }

  private sleepSphere(i: number): void {
    const b = S * i;
    const m = this.mass[i];
    const v2 = this.vel[b] ** 2 + this.vel[b + 1] ** 2 + this.vel[b + 2] ** 2;
    this.lost[0] += 0.5 * m * v2;
    this.vel[b] = this.vel[b + 1] = this.vel[b + 2] = 0;
    this.asleep[SB * i] = 1;
    this.sleepingCount++;
    this.slowSince[i] = NaN;
    this.restMask[SB * i] = 0;
    this.updateAcceleration(i);
    this.collCount[SI * i]++;
    this.setEvent(i, Infinity, NONE);
    // Its neighbours' predictions assumed it moving; now it stands still, they must look again.
    this.forNeighbours(i, 1);
  }

  /**
   * Is sphere i carried against gravity? Its contacts (gap below SUPPORT_GAP of the radius) with
   * walls, fixed and sleeping spheres give support normals; it is carried when gravity's direction
   * lies in the cone they span (one contact within the friction angle of straight down, two with
   * gravity in their plane, or three around it). With `anyBelow` (the Zeno guard), any contact
   * below it counts, awake spheres included.
   */
  private isSupported(i: number, anyBelow: boolean): boolean {
    const gx = this.g[0] / this.gMag;
    const gy = this.g[1] / this.gMag;
    const gz = this.g[2] / this.gMag;
    const nrm = this.normals;
    if (anyBelow) {
      const b = S * i;
      const r = this.rad[S * i];
      for (let k = 0; k < 3; k++) {
        const gk = k === 0 ? gx : k === 1 ? gy : gz;
        if (gk > 0 && this.half[k] - r - this.pos[b + k] <= SUPPORT_GAP * r) return true;
        if (gk < 0 && this.pos[b + k] - (r - this.half[k]) <= SUPPORT_GAP * r) return true;
      }
      return this.touchesSphereBelow(i);
    }
    // Still contacts, as directions from the sphere towards them.
    const m = this.collectStillContacts(i);
    for (let k = 0; k < 3 * m; k++) nrm[k] = -nrm[k];
    const cosFriction = 1 / Math.sqrt(1 + this.o.restingFriction * this.o.restingFriction);
    for (let a = 0; a < m; a++) {
      if (nrm[3 * a] * gx + nrm[3 * a + 1] * gy + nrm[3 * a + 2] * gz >= cosFriction) return true;
    }
    const gv = this.solveScratch;
    gv[3] = gx;
    gv[4] = gy;
    gv[5] = gz;
    return inCone(nrm, m, gv, this.o.planar);
  }

  /** Does sphere i touch (within SUPPORT_GAP of its radius) any sphere whose centre is below its own? */
  private touchesSphereBelow(i: number): boolean {
    const b = S * i;
    const gap = SUPPORT_GAP * this.rad[S * i];
    const around = this.gatherNeighbours(i, NEIGH_A);
    const list = this.neighA;
    for (let q = 0; q < around; q++) {
      const j = list[q];
      if (j === i) continue;
      this.advance(j);
      const dx = this.pos[S * j] - this.pos[b];
      const dy = this.pos[S * j + 1] - this.pos[b + 1];
      const dz = this.pos[S * j + 2] - this.pos[b + 2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d - this.rad[S * i] - this.rad[S * j] <= gap && dx * this.g[0] + dy * this.g[1] + dz * this.g[2] > 0) return true;
    }
    return false;
  }

  /** Wakes sphere i (at rest) and, in cascade, every sleeper resting on it. */
  private wake(i: number): void {
    this.stack[0] = i;
    this.asleep[SB * i] = 0;
    this.sleepingCount--;
    this.wakeCascade(1);
  }

  /** Wakes the sleepers resting on sphere i (it is moving). */
  private wakeAbove(i: number): void {
    const top = this.pushSleepersAbove(i, this.stack, 0);
    if (top > 0) this.wakeCascade(top);
  }

  /**
   * stack[0..top) were just marked awake: wake, in cascade, every sleeper resting on them, then
   * predict for all of them (they start at rest and fall onto whatever is below). Their
   * neighbours' stale predictions are caught by the collision counters; new contacts with them
   * are found by their own predictions.
   */
  private wakeCascade(top: number): void {
    const t = this.clock[0];
    const stack = this.stack;
    for (let q = 0; q < top; q++) {
      const k = stack[q];
      this.tLoc[S * k] = t;
      this.collCount[SI * k]++;
      this.restOnTouchedWalls(k);
      this.updateAcceleration(k);
      top = this.pushSleepersAbove(k, stack, top);
    }
    for (let q = 0; q < top; q++) this.predict(stack[q]);
  }

  /** Pushes onto `stack` every sleeping sphere touching k from above, marking it awake. */
  private pushSleepersAbove(k: number, stack: Int32Array, top: number): number {
    const b = S * k;
    const gap = SUPPORT_GAP * this.rad[S * k];
    const around = this.gatherNeighbours(k, NEIGH_A);
    const list = this.neighA;
    for (let q = 0; q < around; q++) {
      const j = list[q];
      if (!this.asleep[SB * j]) continue;
      const dx = this.pos[S * j] - this.pos[b];
      const dy = this.pos[S * j + 1] - this.pos[b + 1];
      const dz = this.pos[S * j + 2] - this.pos[b + 2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d - this.rad[S * k] - this.rad[S * j] > gap) continue;
      if (dx * this.g[0] + dy * this.g[1] + dz * this.g[2] >= 0) continue; // not above
      this.asleep[SB * j] = 0;
      this.sleepingCount--;
      stack[top++] = j;
    }
    return top;
  }

  /**
   * Re-predicts the awake neighbours of sphere i (whose motion just changed without its own
   * prediction covering them). With `skipSelf` 0, i itself and newly woken spheres are included.
   */
  private forNeighbours(i: number, skipSelf: number): void {
    const around = this.gatherNeighbours(i, NEIGH_B);
    const list = this.neighB;
    for (let q = 0; q < around; q++) {
      const j = list[q];
      if ((skipSelf && j === i) || this.asleep[SB * j] || this.isFixed[SB * j]) continue;
      this.predict(j);
    }
  }

  /** A sphere at rest touching a wall that gravity pushes it into rests on that wall. */
  private restOnTouchedWalls(i: number): void {
    const b = S * i;
    const r = this.rad[S * i];
    const gap = SUPPORT_GAP * r;
    let mask = 0;
    for (let k = 0; k < 3; k++) {
      const h = this.half[k];
      const old = this.pos[b + k];
      if (this.g[k] > 0 && h - r - old <= gap && this.vel[b + k] === 0) {
        this.pos[b + k] = h - r;
        if (this.snapOverlaps(i, k, old)) this.pos[b + k] = old;
        else mask |= 1 << (2 * k + 1);
      } else if (this.g[k] < 0 && old - (r - h) <= gap && this.vel[b + k] === 0) {
        this.pos[b + k] = r - h;
        if (this.snapOverlaps(i, k, old)) this.pos[b + k] = old;
        else mask |= 1 << (2 * k);
      }
    }
    this.restMask[SB * i] = mask;
  }

  /**
   * Whether moving sphere i onto a wall (axis k, from `old`) pushed it into a neighbour beyond
   * the repair tolerance (deeper than it already was): a sphere leaning on another just above the
   * floor must not be snapped down into it; it then falls and settles by the ordinary events.
   * Walks the grid cells directly (no neighbour buffer: callers may be looping over one).
   */
  private snapOverlaps(i: number, k: number, old: number): boolean {
    const p = this.pos;
    const b = S * i;
    const r = this.rad[S * i];
    const nx = this.gridN[0], ny = this.gridN[1], nz = this.gridN[2];
    const cx = this.cellC[4 * b], cy = this.cellC[4 * b + 1], cz = this.cellC[4 * b + 2];
    for (let qz = cz > 0 ? cz - 1 : 0; qz <= (cz < nz - 1 ? cz + 1 : nz - 1); qz++) {
      for (let qy = cy > 0 ? cy - 1 : 0; qy <= (cy < ny - 1 ? cy + 1 : ny - 1); qy++) {
        for (let qx = cx > 0 ? cx - 1 : 0; qx <= (cx < nx - 1 ? cx + 1 : nx - 1); qx++) {
          for (let j = this.cellHead[(qz * ny + qy) * nx + qx]; j >= 0; j = this.nextIn[SI * j]) {
            if (j === i) continue;
            const bj = S * j;
            const s = r + this.rad[S * j];
            const dx = p[bj] - p[b];
            const dy = p[bj + 1] - p[b + 1];
            const dz = p[bj + 2] - p[b + 2];
            const d2 = dx * dx + dy * dy + dz * dz;
            if (d2 >= s * s) continue;
            const depth = s - Math.sqrt(d2);
            if (depth <= REPAIR_TOLERANCE * s) continue;
            const dk = p[bj + k] - old;
            const before = s - Math.sqrt(d2 - (p[bj + k] - p[b + k]) ** 2 + dk * dk);
            if (depth > before) return true;
          }
        }
      }
    }
    return false;
  }

  /** a = g, minus the normal part of every wall the sphere rests on; 0 for a still sphere. */
  private updateAcceleration(i: number): void {
    const b = S * i;
    const still = this.asleep[SB * i] || this.isFixed[SB * i];
    const mask = this.restMask[SB * i];
    for (let k = 0; k < 3; k++) {
      this.acc[b + k] = still || mask & (3 << (2 * k)) ? 0 : this.g[k];
    }
  }


  /** Event budget exceeded: sphere i stops for the rest of this step. */
  private freeze(i: number): void {
    this.advance(i);
    if (!this.asleep[SB * i]) {
      this.frozen[SB * i] = 1;
      this.frozenCount++;
      this.lastStep.frozen++;
      this.sleepSphere(i);
    } else this.setEvent(i, Infinity, NONE);
  }

  /** Frees the spheres the budget froze in the previous step. */
  private releaseFrozen(): void {
    this.clock[0] = this.simTime;
    for (let i = 0; i < this.n; i++) {
      if (!this.frozen[SB * i]) continue;
      this.frozen[SB * i] = 0;
      if (this.asleep[SB * i]) {
        this.asleep[SB * i] = 0;
        this.sleepingCount--;
        this.updateAcceleration(i);
        this.collCount[SI * i]++;
        this.predict(i);
      }
    }
    this.frozenCount = 0;
  }

  private wakeAll(): void {
    for (let i = 0; i < this.n; i++) {
      this.asleep[SB * i] = 0;
      this.frozen[SB * i] = 0;
    }
    this.sleepingCount = 0;
    this.frozenCount = 0;
  }

  // ---------------------------------------------------------------- grid, rebuild, repair

  /** Rebuilds grid, accelerations and every prediction (after edits). */
  private rebuild(): void {
    this.sync();
    this.clock[0] = this.simTime;
    this.buildGrid();
    for (let i = 0; i < this.n; i++) {
      if (!this.asleep[SB * i]) this.restOnTouchedWalls(i);
      this.updateAcceleration(i);
      this.evTime[i] = Infinity;
      this.evKind[SI * i] = NONE;
    }
    this.queue.reserve(this.n, this.evTime);
    this.queue.build(this.n);
    for (let i = 0; i < this.n; i++) this.predict(i);
    this.dirty = false;
    // A large world starts in cell order too (its spheres were added in any order).
    if (this.o.reorderEvery === 0 && this.n >= REORDER_MIN_SPHERES) this.reorder();
  }

  /**
   * Cell size: at least the largest diameter (so touching spheres are in neighbouring cells),
   * and large enough that there are at most about two cells per sphere (memory and empty-cell
   * scans stay linear in N however big the box).
   */
  private buildGrid(): void {
    let rMax = 0;
    for (let i = 0; i < this.n; i++) if (this.rad[S * i] > rMax) rMax = this.rad[S * i];
    const L = this.o.size;
    const dims = this.o.planar ? 2 : 3;
    const maxCells = 2 * this.n + 8;
    let vol = 1;
    for (let k = 0; k < dims; k++) vol *= L[k];
    const minW = Math.max(2 * rMax * (1 + 1e-9), Math.pow(vol / maxCells, 1 / dims));
    let total = 1;
    for (let k = 0; k < 3; k++) {
      const nk = k < dims ? Math.min(GRID_AXIS_MAX, Math.max(1, Math.floor(L[k] / minW))) : 1;
      this.gridN[k] = nk;
      this.cellW[k] = L[k] / nk;
      total *= nk;
    }
    if (this.cellHead.length < total) this.cellHead = new Int32Array(Math.max(total, 2 * this.cellHead.length));
    this.cellHead.fill(-1, 0, total);
    for (let i = 0; i < this.n; i++) {
      for (let k = 0; k < 3; k++) {
        const c = Math.floor((this.pos[S * i + k] + this.half[k]) / this.cellW[k]);
        this.cellC[SH * i + k] = c < 0 ? 0 : c >= this.gridN[k] ? this.gridN[k] - 1 : c;
      }
      this.linkCell(i);
    }
  }

  private cellIndex(i: number): number {
    return (this.cellC[SH * i + 2] * this.gridN[1] + this.cellC[SH * i + 1]) * this.gridN[0] + this.cellC[SH * i];
  }

  private linkCell(i: number): void {
    const c = this.cellIndex(i);
    this.nextIn[SI * i] = this.cellHead[c];
    this.cellHead[c] = i;
  }

  /** Takes sphere i out of its cell's list (singly linked: cells hold a sphere or two, so the walk is short). */
  private unlinkCell(i: number): void {
    const c = this.cellIndex(i);
    let j = this.cellHead[c];
    if (j === i) {
      this.cellHead[c] = this.nextIn[SI * i];
      return;
    }
    while (j >= 0) {
      const next = this.nextIn[SI * j];
      if (next === i) {
        this.nextIn[SI * j] = this.nextIn[SI * i];
        return;
      }
      j = next;
    }
  }

  /** Brings every sphere to the world's time (between steps they already are). */
  private sync(): void {
    this.clock[0] = this.simTime;
    for (let i = 0; i < this.n; i++) this.advance(i);
  }

  /** After an edit that moved or grew spheres: keep them in the box and apart. */
  private afterGeometryEdit(field: string, value: unknown): void {
    this.dirty = true;
    if (!this.repairOverlaps()) throw new SolverInputError(field, value, 'a value that leaves room for every sphere without overlap');
    this.wakeAll();
  }

  /** Runs an edit; if the overlap repair cannot make room, restores positions and `undo`es it. */
  private editRollback(apply: () => void, field: string, value: unknown, undo?: () => void): void {
    const n = this.n;
    if (this.snapshot.length < 3 * n) this.snapshot = new Float64Array(Math.max(3 * n, 2 * this.snapshot.length));
    this.copyOut(this.snapshot, this.pos, 3);
    apply();
    try {
      this.afterGeometryEdit(field, value);
    } catch (err) {
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 3; k++) this.pos[S * i + k] = this.snapshot[3 * i + k];
      }
      undo?.();
      this.applyGeometry();
      throw err;
    } finally {
      // Edits are rare: the snapshot is not kept between them (24 bytes a sphere).
      this.snapshot = NO_SNAPSHOT;
    }
  }

  /**
   * Overlap repair (docs/physics.md, section 6), for states the user makes: every overlapping pair is
   * pushed apart along its normal by the penetration depth, shared in proportion to inverse mass
   * (a fixed sphere does not move), and every sphere is pulled inside the walls; repeated until no
   * pair overlaps by more than REPAIR_TOLERANCE of its radius sum. Velocities are untouched, so no
   * kinetic energy is added. Returns false if it does not converge.
   */
  private repairOverlaps(): boolean {
    const p = this.pos;
    for (let iter = 0; iter < 2000; iter++) {
      for (let i = 0; i < this.n; i++) this.clampInside(i);
      this.buildGrid();
      let worst = 0;
      for (let i = 0; i < this.n; i++) {
        const b = S * i;
        const around = this.gatherNeighbours(i, NEIGH_A);
        const list = this.neighA;
        for (let q = 0; q < around; q++) {
          const j = list[q];
          if (j <= i) continue;
          const bj = S * j;
          let dx = p[bj] - p[b];
          let dy = p[bj + 1] - p[b + 1];
          let dz = p[bj + 2] - p[b + 2];
          const s = this.rad[S * i] + this.rad[S * j];
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
          const wi = this.invMass[i];
          const wj = this.invMass[j];
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
        this.buildGrid();
        return true;
      }
    }
    return false;
  }

  private clampInside(i: number): void {
    const r = this.rad[S * i];
    for (let k = 0; k < 3; k++) {
      const lim = this.half[k] - r;
      const x = this.pos[S * i + k];
      if (x > lim) this.pos[S * i + k] = lim;
      else if (x < -lim) this.pos[S * i + k] = -lim;
    }
    if (this.o.planar) this.pos[S * i + 2] = 0;
  }

  // ---------------------------------------------------------------- storage and checks

  private applyGeometry(): void {
    for (let k = 0; k < 3; k++) this.half[k] = this.o.size[k] / 2;
    this.g[0] = this.o.gravity[0];
    this.g[1] = this.o.gravity[1];
    this.g[2] = this.o.planar ? 0 : this.o.gravity[2];
    this.gMag = Math.hypot(this.g[0], this.g[1], this.g[2]);
    this.restUnit[0] = Math.sqrt(2 * this.gMag * this.o.restingHeight);
  }

  private checkFits(field: string, radius: number): void {
    for (let k = 0; k < 3; k++) {
      if (2 * radius > this.o.size[k]) {
        throw new SolverInputError(field, radius, `at most half the smallest box side (${Math.min(...this.o.size) / 2})`);
      }
    }
  }

  private checkInside(field: string, p: [number, number, number]): void {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(p[k]) > this.half[k]) throw new SolverInputError(`${field}[${k}]`, p[k], `inside the box, within ±${this.half[k]}`);
    }
  }

  private slotFor(id: number): number {
    const i = this.indexOf(id);
    if (i < 0) throw new SolverInputError('id', id, 'the id of an existing sphere');
    return i;
  }

  /** Writes a vector field of the record (pos, vel or acc). */
  private setVec(arr: Float64Array, i: number, v: ArrayLike<number>): void {
    arr[S * i] = v[0];
    arr[S * i + 1] = v[1];
    arr[S * i + 2] = v[2];
  }

  /** Swap-remove: the last sphere moves into slot i. */
  private removeSlot(i: number): void {
    const last = this.n - 1;
    if (this.asleep[SB * i]) this.sleepingCount--;
    if (i !== last) {
      const f64 = [this.mass, this.invMass, this.ownE, this.lastColl, this.slowSince];
      for (const a of f64) a[i] = a[last];
      // The whole record moves (the event fields are predicted again on the rebuild).
      new Uint8Array(this.rec).copyWithin(RECORD_BYTES * i, RECORD_BYTES * last, RECORD_BYTES * (last + 1));
      this.collCount[SI * i] = this.collCount[SI * last] + 1;
      this.idOf[i] = this.idOf[last];
      this.slotOf[this.idOf[i]] = i;
    }
    this.n = last;
    this.dirty = true;
  }

  private growIds(n: number): void {
    if (this.slotOf.length >= n) return;
    const next = new Int32Array(Math.max(n, 2 * this.slotOf.length)).fill(-1);
    next.set(this.slotOf);
    this.slotOf = next;
  }

  /** Points the record's field views at a record buffer (see RECORD). */
  private viewRecord(rec: ArrayBuffer): void {
    this.rec = rec;
    this.recordI32 = new Int32Array(rec);
    this.pos = new Float64Array(rec, 0);
    this.vel = new Float64Array(rec, 24);
    this.tLoc = new Float64Array(rec, 48);
    this.rad = new Float64Array(rec, 56);
    this.acc = new Float64Array(rec, 64);
    this.pairT = new Float64Array(rec, 88);
    this.cellC = new Int16Array(rec, 96);
    this.nextIn = new Int32Array(rec, 104);
    this.collCount = new Int32Array(rec, 108);
    this.pairJ = new Int32Array(rec, 112);
    this.pairC = new Int32Array(rec, 116);
    this.evKind = new Int32Array(rec, 120);
    this.asleep = new Uint8Array(rec, 124);
    this.isFixed = new Uint8Array(rec, 125);
    this.frozen = new Uint8Array(rec, 126);
    this.restMask = new Uint8Array(rec, 127);
  }

  /** Grows every per-sphere array to hold n spheres: by doubling, or to exactly n (a batch). */
  private reserve(n: number, exact = false): void {
    if (n <= this.cap) return;
    let cap = Math.max(16, this.cap);
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
    new Uint8Array(rec).set(new Uint8Array(this.rec));
    this.viewRecord(rec);
    this.mass = f64(this.mass, 1);
    this.invMass = f64(this.invMass, 1);
    this.ownE = f64(this.ownE, 1);
    this.lastColl = f64(this.lastColl, 1);
    this.slowSince = f64(this.slowSince, 1);
    this.evTime = f64(this.evTime, 1);
    this.stepStamp = i32(this.stepStamp, 1);
    this.stepContacts = i32(this.stepContacts, 1);
    this.idOf = i32(this.idOf, 1);
    this.stack = new Int32Array(cap);
    this.clusterMark = i32(this.clusterMark, 1);
    this.queue.reserve(cap, this.evTime);
    this.cap = cap;
    this.dirty = true;
  }
}

/** The edit snapshot between edits: none. */
const NO_SNAPSHOT = new Float64Array(0);

/** Tolerance on the residual of the support cone test: a friction-like allowance. */
const CONE_RESIDUAL = 0.02;

/**
 * Is g = gv[3..5] a non-negative combination of two or three of the m unit normals (up to
 * CONE_RESIDUAL)? In planar mode every normal lies in the plane and two suffice.
 */
function inCone(nrm: Float64Array, m: number, gv: Float64Array, planar: boolean): boolean {
  const gx = gv[3], gy = gv[4], gz = gv[5];
  for (let a = 0; a < m; a++) {
    const ax = nrm[3 * a], ay = nrm[3 * a + 1], az = nrm[3 * a + 2];
    for (let b = a + 1; b < m; b++) {
      const bx = nrm[3 * b], by = nrm[3 * b + 1], bz = nrm[3 * b + 2];
      // Least squares g ~ la a + lb b: 2x2 normal equations.
      const ab = ax * bx + ay * by + az * bz;
      const det = 1 - ab * ab;
      if (det > 1e-12) {
        const ga = gx * ax + gy * ay + gz * az;
        const gb = gx * bx + gy * by + gz * bz;
        const la = (ga - ab * gb) / det;
        const lb = (gb - ab * ga) / det;
        if (la >= 0 && lb >= 0) {
          const rx = gx - la * ax - lb * bx, ry = gy - la * ay - lb * by, rz = gz - la * az - lb * bz;
          if (rx * rx + ry * ry + rz * rz <= CONE_RESIDUAL * CONE_RESIDUAL) return true;
        }
      }
      if (planar) continue;
      for (let c = b + 1; c < m; c++) {
        const cx = nrm[3 * c], cy = nrm[3 * c + 1], cz = nrm[3 * c + 2];
        const det3 = ax * (by * cz - bz * cy) - bx * (ay * cz - az * cy) + cx * (ay * bz - az * by);
        if (Math.abs(det3) < 1e-12) continue;
        const la = (gx * (by * cz - bz * cy) - bx * (gy * cz - gz * cy) + cx * (gy * bz - gz * by)) / det3;
        const lb = (ax * (gy * cz - gz * cy) - gx * (ay * cz - az * cy) + cx * (ay * gz - az * gy)) / det3;
        const lc = (ax * (by * gz - bz * gy) - bx * (ay * gz - az * gy) + gx * (ay * bz - az * by)) / det3;
        if (la >= 0 && lb >= 0 && lc >= 0) return true;
      }
    }
  }
  return false;
}

/**
 * One active set of the velocity projection: v' = v + sum mu_k m_k over the set {a, b, c}
 * (b, c = -1 when absent) with v' . m_k = 0 on the set. Valid when every mu_k >= 0 and v' . m >= 0
 * for every other contact; then writes v' to out and returns true.
 */
function solveActiveSet(nrm: Float64Array, m: number, a: number, b: number, c: number, out: Float64Array): boolean {
  const vx = out[3], vy = out[4], vz = out[5];
  const idx0 = a, idx1 = b, idx2 = c;
  const size = c >= 0 ? 3 : b >= 0 ? 2 : 1;
  // Gram matrix G mu = -M^T v.
  let mu0 = 0, mu1 = 0, mu2 = 0;
  if (size === 1) {
    mu0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
  } else if (size === 2) {
    const g01 = nrm[3 * idx0] * nrm[3 * idx1] + nrm[3 * idx0 + 1] * nrm[3 * idx1 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx1 + 2];
    const det = 1 - g01 * g01;
    if (det < 1e-12) return false;
    const r0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
    const r1 = -(nrm[3 * idx1] * vx + nrm[3 * idx1 + 1] * vy + nrm[3 * idx1 + 2] * vz);
    mu0 = (r0 - g01 * r1) / det;
    mu1 = (r1 - g01 * r0) / det;
  } else {
    const g01 = nrm[3 * idx0] * nrm[3 * idx1] + nrm[3 * idx0 + 1] * nrm[3 * idx1 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx1 + 2];
    const g02 = nrm[3 * idx0] * nrm[3 * idx2] + nrm[3 * idx0 + 1] * nrm[3 * idx2 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx2 + 2];
    const g12 = nrm[3 * idx1] * nrm[3 * idx2] + nrm[3 * idx1 + 1] * nrm[3 * idx2 + 1] + nrm[3 * idx1 + 2] * nrm[3 * idx2 + 2];
    const det = 1 * (1 - g12 * g12) - g01 * (g01 - g12 * g02) + g02 * (g01 * g12 - g02);
    if (Math.abs(det) < 1e-12) return false;
    const r0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
    const r1 = -(nrm[3 * idx1] * vx + nrm[3 * idx1 + 1] * vy + nrm[3 * idx1 + 2] * vz);
    const r2 = -(nrm[3 * idx2] * vx + nrm[3 * idx2 + 1] * vy + nrm[3 * idx2 + 2] * vz);
    mu0 = (r0 * (1 - g12 * g12) - g01 * (r1 - g12 * r2) + g02 * (r1 * g12 - r2)) / det;
    mu1 = (1 * (r1 - r2 * g12) - r0 * (g01 - g12 * g02) + g02 * (g01 * r2 - g02 * r1)) / det;
    mu2 = (1 * (1 * r2 - g12 * r1) - g01 * (g01 * r2 - r1 * g02) + r0 * (g01 * g12 - g02)) / det;
  }
  if (mu0 < 0 || mu1 < 0 || mu2 < 0) return false;
  let px = vx + mu0 * nrm[3 * idx0], py = vy + mu0 * nrm[3 * idx0 + 1], pz = vz + mu0 * nrm[3 * idx0 + 2];
  if (size > 1) {
    px += mu1 * nrm[3 * idx1];
    py += mu1 * nrm[3 * idx1 + 1];
    pz += mu1 * nrm[3 * idx1 + 2];
  }
  if (size > 2) {
    px += mu2 * nrm[3 * idx2];
    py += mu2 * nrm[3 * idx2 + 1];
    pz += mu2 * nrm[3 * idx2 + 2];
  }
  const tol = 1e-12 * Math.sqrt(vx * vx + vy * vy + vz * vz);
  for (let k = 0; k < m; k++) {
    if (k === idx0 || k === idx1 || k === idx2) continue;
    if (nrm[3 * k] * px + nrm[3 * k + 1] * py + nrm[3 * k + 2] * pz < -tol) return false;
  }
  out[0] = px;
  out[1] = py;
  out[2] = pz;
  return true;
}

function resolveOptions(options: WorldOptions): ResolvedOptions {
  if (options === null || typeof options !== 'object') throw new SolverInputError('options', options, 'an object');
  const size = vec3('size', options.size, positive);
  const gravity = options.gravity === undefined ? [...DEFAULT_OPTIONS.gravity] as [number, number, number] : vec3('gravity', options.gravity);
  const restitution = options.restitution === undefined ? DEFAULT_OPTIONS.restitution : inRange('restitution', options.restitution, 0, 1);
  const wallRestitution = options.wallRestitution === undefined ? restitution : inRange('wallRestitution', options.wallRestitution, 0, 1);
  const opt = <T>(v: T | undefined, d: T) => (v === undefined ? d : v);
  return {
    size,
    gravity,
    restitution,
    wallRestitution,
    planar: bool('planar', opt(options.planar, DEFAULT_OPTIONS.planar)),
    density: positive('density', opt(options.density, DEFAULT_OPTIONS.density)),
    restingHeight: inRange('restingHeight', opt(options.restingHeight, DEFAULT_OPTIONS.restingHeight), 0, 1),
    restingFriction: inRange('restingFriction', opt(options.restingFriction, DEFAULT_OPTIONS.restingFriction), 0, 1e6),
    sleep: bool('sleep', opt(options.sleep, DEFAULT_OPTIONS.sleep)),
    collapseTime: inRange('collapseTime', opt(options.collapseTime, DEFAULT_OPTIONS.collapseTime), 0, 1),
    maxContactsPerStep: integer('maxContactsPerStep', opt(options.maxContactsPerStep, DEFAULT_OPTIONS.maxContactsPerStep), 1, 1e9),
    maxEventsPerStep: integer('maxEventsPerStep', opt(options.maxEventsPerStep, DEFAULT_OPTIONS.maxEventsPerStep), 0, 1e12),
    eventCapacity: integer('eventCapacity', opt(options.eventCapacity, DEFAULT_OPTIONS.eventCapacity), 0, 1e7),
    reorderEvery: integer('reorderEvery', opt(options.reorderEvery, DEFAULT_OPTIONS.reorderEvery), -1, 1e9),
  };
}

/** Marks a world packed for another thread by {@link packWorld}. */
const PACKED = 'sphere-sandbox/world@1';

/** A world as {@link packWorld} hands it to `postMessage`: plain data, structured-clonable. */
export interface PackedWorld {
  kind: typeof PACKED;
  state: object;
}

/**
 * Packs a world to move it to another thread (a Web Worker): the message and the buffers to
 * transfer with it, so nothing is copied. The world's arrays are detached by the transfer: the
 * sending side must not use the world afterwards. {@link unpackWorld} on the other side gives the
 * same world back, mid-run, events and all; its next steps are exactly those this one would take.
 */
export function packWorld(world: World): { message: PackedWorld; transfer: ArrayBuffer[] } {
  const buffers = new Set<ArrayBuffer>();
  const collect = (holder: object): void => {
    for (const value of Object.values(holder)) {
      if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.byteLength > 0) buffers.add(value.buffer);
    }
  };
  const fields = world as unknown as { queue: object; events: object };
  collect(world);
  collect(fields.queue);
  collect(fields.events);
  return { message: { kind: PACKED, state: world }, transfer: [...buffers] };
}

/** The world packed by {@link packWorld} (after `postMessage`), whole again. */
export function unpackWorld(message: unknown): World {
  const m = message as Partial<PackedWorld> | null;
  if (m === null || typeof m !== 'object' || m.kind !== PACKED || typeof m.state !== 'object' || m.state === null) {
    throw new SolverInputError('world', typeof message, 'a world packed by packWorld');
  }
  const state = m.state as { queue: object; events: object };
  Object.setPrototypeOf(state, World.prototype);
  Object.setPrototypeOf(state.queue, EventQueue.prototype);
  Object.setPrototypeOf(state.events, CollisionEvents.prototype);
  return state as unknown as World;
}
