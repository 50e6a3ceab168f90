/**
 * The world's state: one object, made by one constructor (so it has one hidden class), that every
 * solver function takes as its first argument, `world`. It holds data only; the functions that
 * read and write it live in one module per concept (see docs/solver.md).
 *
 * Each sphere's hot state is one 128-byte record (see RECORD below), so that an event reads one
 * or two cache lines per sphere; the rest is in typed arrays indexed by slot. Everything grows by
 * doubling (storage.ts), and nothing is allocated in a step.
 */
import { CollisionEvents } from './events.ts';
import { EventQueue } from './event-queue.ts';
import { CLUSTER_SIZE, STILL_CONTACTS } from './options.ts';
import type { ResolvedOptions } from './options.ts';
import { TOI_ARGS } from './time-of-impact.ts';

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
  /** Slots sorted by cell into a renumbering's plan (all of them in the step that plans one; see renumber.ts). */
  renumberSorted: number;
  /** Slots given their planned sphere by a swap (a large world's renumbering spreads these over several steps). */
  renumberSwaps: number;
  /** Walls that stopped in this step: at a limit, or jammed (the spheres ahead of a driven wall could not make way). */
  wallStops: number;
  /** Collisions that were reactions (both directions). */
  reactions: number;
  /** Of those, the jammed ones. */
  wallJams: number;
  /** Pairs that reached a square well's edge (wells.ts): entering it, leaving it, or turned back inside. */
  wellEvents: number;
}

/** A sphere definition after validation (edits.ts). */
export interface CheckedSphere {
  radius: number;
  p: [number, number, number];
  v: [number, number, number];
  fixed: boolean;
  mass: number;
  e: number;
  species: number;
}

/**
 * RECORD: the per-sphere record, 128 bytes (two cache lines). The first line holds everything a
 * prediction reads of a neighbour: position, velocity, local time and radius; the second the
 * rest of what an event reads and writes of its own sphere. Views of one ArrayBuffer, each
 * starting at its field's byte offset (storage.ts, viewRecord), so field f of slot i is
 * view[STRIDE * i + component], with the stride of the view's element type:
 *
 *   bytes   0-23  pos (f64 x3)    24-47 vel (f64 x3)    48 tLoc (f64)     56 rad (f64)
 *   bytes  64-87  acc (f64 x3)    88 pairT (f64)
 *   bytes  96-101 cellC (i16 x3)  102 side  103 holeSub (u8 each)
 *   bytes 104     nextIn (i32)    108 collCount (i32)   112 pairJ (i32)
 *   bytes 116     pairC (i32)     120 evKind (i32)    124 asleep  125 isFixed  126 frozen  127 restMask (u8 each)
 */
export const RECORD_BYTES = 128;
/** The byte of the record that holds `side`; `holeSub` is the next (the two were spare before holes). */
export const SIDE_BYTE = 102;
/**
 * The record's strides in elements of each view type: pos[F64 * i + k], evKind[I32 * i],
 * cellC[I16 * i + k], asleep[U8 * i]. A module that indexes records takes the ones it uses as its
 * own constants, `const { F64, U8 } = STRIDE;`: V8 folds a module's own constants into the code
 * it compiles, but loads an imported binding at every use (5 to 8% of a gas step).
 */
export const STRIDE = Object.freeze({ F64: RECORD_BYTES / 8, I32: RECORD_BYTES / 4, I16: RECORD_BYTES / 2, U8: RECORD_BYTES });

/**
 * Event kinds (evKind) and partners (pairJ, scanKind): a partner's slot (>= 0) for a pair event,
 * WALL_BASE - w for a hit on wall w, CELL_BASE - f for a crossing of cell face f, or NONE.
 * Walls and faces are numbered 2 * axis + side (side 1: the + wall or face).
 */
export const EVENT: Readonly<Record<'NONE' | 'WALL_BASE' | 'CELL_BASE', number>> = Object.freeze({ NONE: -1000, WALL_BASE: -1, CELL_BASE: -10 });
const { NONE, WALL_BASE, CELL_BASE } = EVENT;

/**
 * The divider's wall codes (walls.ts): met by a sphere moving down its axis (DIVIDER) or up it
 * (DIVIDER + 1); a collision event names it `-1 - DIVIDER`.
 */
export const DIVIDER = 6;

/**
 * The wall code of a hole's own events (hole.ts): a sphere meeting an edge of a hole's rim, or its
 * centre passing through a hole (into the divider's other side, or out of the box). Which one is
 * in the sphere's `holeSub`. Its kind is WALL_BASE - HOLE = -9, the one code between the divider's
 * (-7, -8) and the cell faces' (CELL_BASE = -10).
 */
export const HOLE = 8;

/** A pair event: the kind is the partner's slot. */
export function isPairEvent(kind: number): boolean {
  return kind >= 0;
}
/** A sphere's centre reaching a face of its cell (decode with {@link cellFaceOf}). */
export function isCellCrossing(kind: number): boolean {
  return kind <= CELL_BASE;
}
/** A hit on a wall (decode with {@link wallOf}). */
export function isWallHit(kind: number): boolean {
  return kind <= WALL_BASE && kind > CELL_BASE;
}
/** The wall (2 * axis + side) of a wall-hit kind. */
export function wallOf(kind: number): number {
  return WALL_BASE - kind;
}
/** The cell face (2 * axis + side) of a cell-crossing kind. */
export function cellFaceOf(kind: number): number {
  return CELL_BASE - kind;
}

/** Slots of WorldState.best. */
export const BEST = Object.freeze({ WALL_T: 0, FACE_T: 1, SCAN_T: 2 });
/** The slot lists of gatherCells (grid.ts). */
export const LIST = Object.freeze({ NEIGH_A: 0, NEIGH_B: 1, SCAN_LIST: 2 });

/** The edit snapshot between edits: none. */
export const NO_SNAPSHOT = new Float64Array(0);

/** See the module comment. Fields are public to the solver's modules only (the API is World). */
export class WorldState {
  /** The world's options, resolved; edits change some of them in place. */
  options: ResolvedOptions;
  /** Half the box size per axis, m (derived from options by applyGeometry). */
  halfSize = new Float64Array(3);
  /** Gravity in use, m/s^2 (options.gravity; z = 0 in planar mode). */
  gravity = new Float64Array(3);
  /** |gravity|, m/s^2. */
  gravityMagnitude = 0;

  /** Spheres in use (slots 0..count-1). */
  count = 0;
  /** Slots allocated. */
  capacity = 0;
  /** Simulated time, s. */
  time = 0;
  /** Predictions and grid are out of date (after an edit): the next step rebuilds them. */
  dirty = true;

  // Per-sphere state (slot-indexed); the hot part in the record's views (see RECORD).
  record = new ArrayBuffer(0);
  recordI32 = new Int32Array(0); // the whole record as 32-bit words
  pos = new Float64Array(0);
  vel = new Float64Array(0);
  /** The sphere's own clock: pos and vel are its state at this time, s. */
  tLoc = new Float64Array(0);
  rad = new Float64Array(0);
  acc = new Float64Array(0);
  /** Time of the sphere's best pair contact found by its last search (partner pairJ), s. */
  pairT = new Float64Array(0);
  cellC = new Int16Array(0); // the sphere's cell, per axis
  nextIn = new Int32Array(0); // the next sphere in its cell's list, or -1
  /** Bumped at every change of the sphere's motion: predictions that involve it go stale. */
  collCount = new Int32Array(0);
  /** Partner slot of the best pair contact (or NONE), kept across cell crossings. */
  pairJ = new Int32Array(0);
  pairC = new Int32Array(0); // the partner's collCount when the pair was predicted
  /** Kind of the sphere's next event (see NONE, WALL_BASE, CELL_BASE above). */
  evKind = new Int32Array(0);
  isFixed = new Uint8Array(0);
  asleep = new Uint8Array(0);
  /** Stopped by the event budget for the rest of the step. */
  frozen = new Uint8Array(0);
  restMask = new Uint8Array(0); // bit w: resting on wall w
  /** The side of the divider the sphere's centre is on (0: low, 1: high), kept while the divider has a hole (hole.ts). */
  side = new Uint8Array(0);
  /** Which hole event a HOLE kind is: 8 * plane + 0..3 (a rim edge) or + 4 (the centre passing through). */
  holeSub = new Uint8Array(0);
  // Copies for the public readouts (positions, velocities, radii, sleeping), made when asked.
  outPos = new Float64Array(0);
  outVel = new Float64Array(0);
  outRad = new Float64Array(0);
  outSleep = new Uint8Array(0);
  outAt = new Int32Array(4).fill(-1); // the stateVersion each copy was made at
  /** Counts calls that may change the state (every public edit and step bumps it first). */
  stateVersion = 0;
  mass = new Float64Array(0);
  invMass = new Float64Array(0);
  ownE = new Float64Array(0); // NaN: use the world's restitution
  /** Time of the sphere's last collision (the inelastic collapse guard), s. */
  lastColl = new Float64Array(0);
  slowSince = new Float64Array(0); // NaN: not slow
  /** The step stepContacts counts for, and the contacts in it (the Zeno guard). */
  stepStamp = new Int32Array(0);
  stepContacts = new Int32Array(0);

  /** The time of each sphere's one predicted event, s (the event queue's keys). */
  evTime = new Float64Array(0);

  // Registers: results passed between the prediction's functions. The times in a typed array
  // (a number stored in an object field is boxed, a fresh heap number each store), the kinds as
  // small integers.
  /** [WALL_T]: time to the next wall hit, [FACE_T]: to the next cell face, [SCAN_T]: to the best pair. */
  best = new Float64Array(3);
  wallKind = NONE;
  faceKind = NONE;
  scanKind = NONE;
  /** The best pair's partner's collCount. */
  scanCount = 0;
  /** The cell range the crossing of a face brings into reach (predictAfterCrossing). */
  layerLo = new Int32Array(3);
  layerHi = new Int32Array(3);
  queue = new EventQueue(this.evTime);

  // Uniform grid (cell list).
  gridN = new Int32Array(3);
  cellW = new Float64Array(3);
  /** First sphere of each cell's list, or -1. */
  cellHead = new Int32Array(0);

  // Stable ids.
  idOf = new Int32Array(0);
  slotOf = new Int32Array(16).fill(-1);
  nextId = 0;

  // Scratch.
  /** The wake cascade's stack; the cells' keys, then where each moved sphere went, while renumbering. */
  stack = new Int32Array(0);
  /** Unit normals of a sphere's still contacts (collectStillContacts). */
  normals = new Float64Array(3 * STILL_CONTACTS);
  /** [0..2]: projectVelocity's result; [3..5]: its input velocity, or gravity's direction for inCone. */
  solveScratch = new Float64Array(6);
  /** Checked sphere definitions waiting to be appended (edits only, never in step). */
  pending: CheckedSphere[] = [];
  neighA = new Int32Array(256);
  scanList = new Int32Array(64); // scanPairs' neighbours
  neighB = new Int32Array(256);
  /** The time of the event being processed, s (a typed array: numbers passed between functions would be boxed). */
  clock = new Float64Array(1);
  /** sqrt(2 |g| restingHeight): the resting speed of a sphere of radius r is this times sqrt(r). */
  restUnit = new Float64Array(1);
  /** The contact collidePair hands to slideOver: normal x y z, distance, inverse masses i and j, smaller radius. */
  contact = new Float64Array(7);
  /** boundTimes' bounds and their kinds (up to four per axis). */
  bounds = new Float64Array(12);
  /** boundTimesWalls' crossings, gathered for one call site of the root finder: x, v, a, bound and direction of each (at most 13). */
  crossArgs = new Float64Array(5 * 13);
  crossCodes = new Int32Array(13);
  /** A thermal wall's three uniform draws for one hit (walls.ts). */
  thermalU = new Float64Array(3);
  boundCodes = new Int32Array(12);
  /** pairTimeOfImpact's arguments and result (see TOI_ARGS). */
  toiArgs = new Float64Array(TOI_ARGS);
  /** The members of the cluster being resolved (resolveCluster). */
  cluster = new Int32Array(CLUSTER_SIZE);
  /** clusterStamp where the sphere is a member of the current cluster. */
  clusterMark = new Int32Array(0);
  clusterStamp = 0;
  // A cluster's contacts (CLUSTER_CONTACTS at most), made at the first cluster (under gravity only):
  // the two sides (a slot; the other a slot or -1 - wall), the unit normal, the accumulated impulse.
  contactA = new Int32Array(0);
  contactB = new Int32Array(0);
  contactNormal = new Float64Array(0);
  contactImpulse = new Float64Array(0);
  /** Positions before a world-wide edit, to roll it back (edits only). */
  snapshot = new Float64Array(0);
  // The log of a local edit (edits.ts): the spheres it moved, in order, with where each was
  // (position and cell) for a rollback; editMark[slot] is the sphere's entry + 1, or 0.
  editSlot = new Int32Array(16);
  editOld = new Float64Array(48);
  editCell = new Int16Array(48);
  /** The repair round in which each entry was last put on a work list. */
  editRound = new Int32Array(16);
  editCount = 0;
  editMark = new Int32Array(0);
  /** The local repair's work lists: this round's spheres and the next round's. */
  repairNow = new Int32Array(16);
  repairNext = new Int32Array(16);
  /** The grid is built and follows every sphere (cell lists, cellC), so edits can use it. */
  gridReady = false;
  /** Spheres when the grid was last built (it is built again when the count has doubled). */
  gridCount = 0;

  // Counters since creation.
  pairCollisions = 0;
  wallCollisions = 0;
  /** [0]: kinetic energy lost since creation, J (a typed array: a number stored in an object field is boxed on every store). */
  energyLost = new Float64Array(1);
  /** Normal impulse received by each wall, kg m/s. */
  wallImpulse = new Float64Array(6);

  // The walls (walls.ts; docs/physics.md, section 9). Wall w = 2 * axis + side; its position is
  // along its outward normal, from the box's centre (the frame's half size while it is where the
  // box put it). Its motion is X(t) = X + V (t - T) + A (t - T)^2 / 2 from wallX, wallV, wallA at
  // wallT. Everything in typed arrays, so that packWorld and worldToJSON carry it.
  /** Something other than six still, adiabatic walls at the frame (a moving, displaced, piston or thermal wall, or the divider): the general paths run. */
  wallsActive = 0;
  /** Some wall moves (a velocity, an acceleration, or a piston): no sphere sleeps. */
  wallsMoving = 0;
  /** 1 where the wall is plain: still, at the frame, adiabatic, of infinite mass (resting contacts form on plain walls only). */
  wallPlain = new Uint8Array(6).fill(1);
  wallX = new Float64Array(6);
  wallV = new Float64Array(6);
  wallA = new Float64Array(6);
  wallT = new Float64Array(6);
  /** The inner and outer limits of each wall's position, m (outward from the centre). */
  wallMin = new Float64Array(6);
  wallMax = new Float64Array(6);
  /** A piston's mass, kg (Infinity: a wall that moves as it is told). */
  wallMass = new Float64Array(6).fill(Infinity);
  /** The constant inward force on a piston, N. */
  wallForce = new Float64Array(6);
  /** A thermal wall's temperature kT, J (NaN: adiabatic). */
  wallKT = new Float64Array(6).fill(NaN);
  /** Work done on the spheres by each wall, and heat given to them, since creation, J. */
  wallWork = new Float64Array(6);
  wallHeat = new Float64Array(6);
  /** The cell layer (along the wall's axis) that holds each wall's plane. */
  wallLayer = new Int32Array(6);
  /** Each moving wall's next event (a limit, or its plane crossing a cell face): time, s, and kind (WALL_EVENT). */
  wallEvT = new Float64Array(6).fill(Infinity);
  wallEvKind = new Int32Array(6);
  /** [0]: the earliest of wallEvT; [1]: its wall. */
  wallNext = new Float64Array(2).fill(Infinity);
  /** The walls' coordinates now (at `time`): [2k] the low wall of axis k, [2k + 1] the high one. */
  wallNow = new Float64Array(6);
  /** The divider: [0] its axis (-1: none), [1] its coordinate, m; [2] its hits, [3] the impulse it received, kg m/s. */
  divider = new Float64Array(4);
  /**
   * Holes (hole.ts): plane p (a wall 0..5, or DIVIDER) has a square opening when bit p of holeMask
   * is set. hole[HOLE_FIELDS * p + 0..3]: its half widths along the plane's two other axes (the
   * lower-numbered first; Infinity along z in the plane: a slit), and its centre on them, m.
   */
  holeMask = 0;
  hole = new Float64Array(4 * 7);
  /** Centres through the divider's hole since creation: [2 s] low to high, [2 s + 1] high to low, for species s. */
  holeCrossings = new Float64Array(2 * 64); // 64: MAX_SPECIES (reactions.ts)
  /** Spheres of each species that left the box through a wall's hole since creation. */
  escaped = new Float64Array(64); // MAX_SPECIES
  /** [0]: the kinetic plus potential energy they carried away, J. */
  escapedEnergy = new Float64Array(1);
  /** Walls stopped at their limits [0] and by a jam [1], since creation. */
  wallStops = new Int32Array(2);
  /** The thermal walls' random generator state (mulberry32), seeded once: clones and links go on identically. */
  rng = new Uint32Array(1);
  /** Scratch for the wall modules: a wall's position, velocity and acceleration now. */
  wallScratch = new Float64Array(4);
  /** Steps taken. */
  stepId = 0;
  /** Predictions made since creation (tests count the work of an edit with it). */
  predictions = 0;
  /** Sphere pairs the local overlap repair has looked at since creation (the same). */
  repairVisits = 0;
  sleepingCount = 0;
  frozenCount = 0;
  /** After a renumbering's moves: the old slot of each slot (itself where nothing moved; see renumber.ts). */
  fromSlot = new Int32Array(0);
  /** The planned renumbering: moveFrom[s] is the slot where the sphere planned for s is now (s once in place); moveTo its inverse. */
  moveFrom = new Int32Array(0);
  moveTo = new Int32Array(0);
  /** The plan's slots from moveCursor to moveEnd are still to take their planned spheres. */
  moveCursor = 0;
  moveEnd = 0;
  /** Slots each call of moveSpheres puts in place. */
  moveBudget = 0;
  /** The plan's radix sort counts: per x cell, per row of cells. */
  xCount = new Int32Array(0);
  rowCount = new Int32Array(0);
  /** The step of the last renumbering. */
  reorderedAt = -1;
  /** Renumberings so far (World.layoutVersion). */
  layoutVersion = 0;

  // Species and reactions (reactions.ts; docs/physics.md, section 10).
  /** Each sphere's species, a small integer (0 unless given). */
  species = new Int32Array(0);
  /** Reactions are set (1) or not (0): a collision looks its pair up only then. */
  reacting = 0;
  /** The species-pair table's side: 1 + the largest species any reaction names. */
  rxSpan = 0;
  /** rxTable[a * rxSpan + b]: 0, or 1 + 2 k + direction (0 forward, 1 backward) for reaction k; negative when a is the reaction's second species. */
  rxTable = new Int32Array(0);
  /** Each reaction's a, b, c, d, activation energy, energy released and reversible (RX_FIELDS each). */
  rxDef = new Float64Array(0);
  /** Each reaction's forward and backward events since it was set. */
  rxCounts = new Float64Array(0);
  /** [0]: the energy reactions have released since creation, J (negative: absorbed). */
  chemical = new Float64Array(1);
  /** [0]: the impulse of the reaction tryReaction just applied, kg m/s. */
  rxImpulse = new Float64Array(1);
  /** The public copy of species (World.species) and the stateVersion it was made at. */
  outSpecies = new Int32Array(0);
  outSpeciesAt = -1;

  // Square wells (wells.ts; docs/physics.md, section 11).
  /** Wells are set (1) or not (0): the scan and the pair events take the wells' paths only then. */
  wellsOn = 0;
  /** The largest range of any well (the grid's cells are at least this many diameters wide), 1 without wells. */
  wellReach = 1;
  /** wellTable[a * MAX_SPECIES + b]: 1 + the well between species a and b, or 0 for none. */
  wellTable = new Int32Array(0);
  /** Each well's a, b (-1 and -1: every pair), range and depth (WELL_FIELDS each). */
  wellDef = new Float64Array(0);
  /** Pairs inside each well now. */
  wellCount = new Float64Array(0);
  /**
   * The pairs inside a well: an open-addressing hash set (linear probing, a power-of-two size)
   * keyed by the two ids, smaller first; pairWell is 1 + the pair's well, 0 for an empty entry.
   */
  pairLo = new Int32Array(0);
  pairHi = new Int32Array(0);
  pairWell = new Int32Array(0);
  /** Entries in use in the pair set. */
  wellPairs = 0;
  /** Pairs at a well's edge since creation: [0] entering, [1] leaving, [2] turned back inside. */
  wellEdge = new Float64Array(3);
  /** [0]: the well energy forgetWells took away with a sphere's pairs, J (a typed array: see energyLost). */
  wellScratch = new Float64Array(1);

  /** Collision events of the last step (reused buffer). */
  readonly events: CollisionEvents;
  /** Work done by the last step. */
  readonly lastStep: StepWork = { events: 0, pairCollisions: 0, wallCollisions: 0, cellCrossings: 0, stale: 0, frozen: 0, hops: 0, clusters: 0, renumberSorted: 0, renumberSwaps: 0, wallStops: 0, wallJams: 0, reactions: 0, wellEvents: 0 };

  constructor(options: ResolvedOptions) {
    this.options = options;
    this.events = new CollisionEvents(options.eventCapacity);
    this.divider[0] = -1;
    this.rng[0] = 0x5eed1e55;
  }
}
