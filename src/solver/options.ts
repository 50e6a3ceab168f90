/**
 * The world definition: every option with its unit, its default and why that value; then every
 * tuning constant of the solver, with its unit and the reason for its value.
 */
import { bool, inRange, integer, positive, SolverInputError, vec3 } from './errors.ts';

/** Three numbers: a position, velocity, size or gravity vector, x y z. */
export type Vec3Like = readonly [number, number, number] | ArrayLike<number>;

/** Options of {@link createWorld}. Units are SI: metres, seconds, kilograms. */
export interface WorldOptions {
  /** Box size [Lx, Ly, Lz] in m; the box is centred on the origin. Required. */
  size: Vec3Like;
  /** Uniform gravity in m/s^2, any direction. In planar mode its z part is ignored. @defaultValue [0, 0, 0] */
  gravity?: Vec3Like;
  /** Coefficient of restitution between spheres, in [0, 1]. @defaultValue 1 (perfectly elastic) */
  restitution?: number;
  /** Coefficient of restitution at the walls, in [0, 1]. @defaultValue the value of `restitution` */
  wallRestitution?: number;
  /**
   * Planar (2D) mode: every sphere lies on the plane z = 0 with zero z velocity; positions and
   * velocities given with a z part are projected onto the plane. The same code path as 3D.
   * @defaultValue false
   */
  planar?: boolean;
  /** Density in kg/m^3 used for the default mass, (4/3) pi r^3 density. @defaultValue 1 */
  density?: number;
  /**
   * Resting contacts under gravity (docs/physics.md, section 7). A contact whose normal closing speed is
   * below sqrt(2 |g| h), with h = `restingHeight` times the smaller radius, is perfectly inelastic:
   * a bounce lower than h is not resolved as a bounce. 0.002 keeps every visible bounce (a
   * thousandth of a diameter) while ending the Zeno sequence of ever smaller bounces in a few
   * dozen events. With e = 1 a contact is resting only below the stop speed (see
   * {@link STOP_FRACTION}): elastic bounces never shrink. Dimensionless. Has no effect without
   * gravity. @defaultValue 0.002
   */
  restingHeight?: number;
  /**
   * Sleeping under gravity: a sphere slower than the resting speed above whose weight is carried
   * by walls, fixed or sleeping spheres stops (becomes an immovable obstacle) until something
   * strikes it. Carried means: minus gravity lies within the cone of its support normals, widened
   * by this static-friction coefficient (tan of the steepest single contact that holds it).
   * 1 (45 degrees) is about rubber on rubber, and lets a pile come to rest within a few seconds.
   * Dimensionless. @defaultValue 1
   */
  restingFriction?: number;
  /** Whether spheres may sleep (see `restingFriction`). @defaultValue true */
  sleep?: boolean;
  /**
   * Inelastic collapse guard (the TC model of Luding and McNamara): a collision less than this
   * long after either sphere's previous collision is treated as elastic. An inelastic cluster
   * would otherwise collide infinitely often in finite time; 1e-7 s is far below any interval a
   * person can see. Seconds. @defaultValue 1e-7
   */
  collapseTime?: number;
  /**
   * Zeno guard: a slow sphere (below the resting speed) with more contacts than this in one step,
   * and resting on anything below it, sleeps. Catches resting stacks that sleeping by support
   * does not. @defaultValue 16
   */
  maxContactsPerStep?: number;
  /**
   * Hard bound on the events (collisions, wall hits, cell crossings) processed in one step.
   * Beyond it the spheres whose next event still falls inside the step are frozen in place for
   * the rest of that step (they lose their velocity) and released at the next: work stays bounded
   * and the state stays legal. 0 chooses 10,000 + 500 per sphere. @defaultValue 0
   */
  maxEventsPerStep?: number;
  /** Most collisions the per-step event buffer keeps (see {@link CollisionEvents}; it grows to this as needed). @defaultValue 4096 */
  eventCapacity?: number;
  /**
   * Memory layout: every this many steps, `step` renumbers the slots in the order of the grid's
   * cells, so that spheres near each other in space are near each other in memory (a large world
   * spends most of its time waiting on memory otherwise). The trajectories do not change; only
   * the slots do (ids stay; see {@link World.layoutVersion}). A renumbering due every 18 steps
   * or more is spread: planned at the step it falls due and carried out over the next 16, so
   * that no step stalls; one due more often is done whole. 0 chooses every 64 steps, and after
   * every rebuild (a first step, an edit; done whole), for worlds of {@link REORDER_MIN_SPHERES}
   * spheres or more, and never below; -1 never. @defaultValue 0
   */
  reorderEvery?: number;
}

/** Options of {@link World.addSphere}. */
export interface SphereOptions {
  /** Centre in m; must lie inside the box. A sphere that pokes through a wall is moved inside. */
  position: Vec3Like;
  /** Velocity in m/s. @defaultValue [0, 0, 0] */
  velocity?: Vec3Like;
  /** Radius in m, > 0, small enough to fit in the box. */
  radius: number;
  /** Mass in kg, > 0; overrides density. @defaultValue (4/3) pi r^3 density */
  mass?: number;
  /** Density in kg/m^3 for this sphere's default mass. @defaultValue the world's density */
  density?: number;
  /** A fixed sphere has infinite mass and never moves: an obstacle. @defaultValue false */
  fixed?: boolean;
  /**
   * This sphere's own restitution in [0, 1]. A collision uses the smaller of the two spheres'
   * values (a collision is as elastic as its least elastic sphere); a sphere without its own value
   * uses the world's. At a wall, the smaller of this and the wall restitution.
   * @defaultValue none (the world's value)
   */
  restitution?: number;
  /**
   * The sphere's species, an integer from 0 to 63: what it reacts as ({@link World.setReactions})
   * and how a view may colour and name it. @defaultValue 0
   */
  species?: number;
}

/** Resolved world options with every default filled in. */
export interface ResolvedOptions {
  size: [number, number, number];
  gravity: [number, number, number];
  restitution: number;
  wallRestitution: number;
  planar: boolean;
  density: number;
  restingHeight: number;
  restingFriction: number;
  sleep: boolean;
  collapseTime: number;
  maxContactsPerStep: number;
  maxEventsPerStep: number;
  eventCapacity: number;
  reorderEvery: number;
}

/** The defaults of every optional world option. */
export const DEFAULT_OPTIONS = {
  gravity: [0, 0, 0] as [number, number, number],
  restitution: 1,
  planar: false,
  density: 1,
  restingHeight: 0.002,
  restingFriction: 1,
  sleep: true,
  collapseTime: 1e-7,
  maxContactsPerStep: 16,
  maxEventsPerStep: 0,
  eventCapacity: 4096,
  reorderEvery: 0,
} as const;

/** With `reorderEvery` 0, worlds of at least this many spheres are renumbered in cell order (smaller ones fit in the CPU's caches). */
export const REORDER_MIN_SPHERES = 16384;
/** With `reorderEvery` 0, steps between renumberings. */
export const REORDER_STEPS = 64;

/**
 * Relative tolerance on the closing speed of a touching pair: closing slower than this fraction
 * of the two speeds is rounding noise (for instance right after a perfectly inelastic collision),
 * not an approach.
 */
export const APPROACH_TOLERANCE = 1e-12;

/**
 * Overlap repair stops when no pair overlaps by more than this fraction of its radius sum.
 * Physics keeps overlaps at rounding level (about 1e-15); 1e-10 leaves room for that.
 */
export const REPAIR_TOLERANCE = 1e-10;

/** Contacts count as touching for the support test when the gap is below this fraction of the radius. */
export const SUPPORT_GAP = 5e-3;

/**
 * Under gravity, a touching pair closing slower than this fraction of the resting speed is at rest
 * (see scanPairs in predict.ts). Small enough that the overlap it can leave is far below a nanometre per
 * second for metre-sized spheres; large enough to end the geometric sequences of a wedged sphere.
 */
export const STOP_FRACTION = 1e-6;

/**
 * Event budget when `maxEventsPerStep` is 0: this many events a step, plus
 * {@link EVENT_BUDGET_PER_SPHERE} per sphere. The benchmark gas (packing fraction 0.05) has about 0.1 events per sphere a
 * step; the budget only stops a runaway step (an inelastic collapse the guards missed).
 */
export const EVENT_BUDGET_BASE = 10000;
/** See {@link EVENT_BUDGET_BASE}. Events per sphere per step. */
export const EVENT_BUDGET_PER_SPHERE = 500;

/**
 * Sleep timer: seconds a sphere may stay slow (below {@link SLEEP_SPEED_FACTOR} times the resting
 * speed) without being carried before it sleeps anyway: the last guard against a sphere hopping
 * forever in a pocket. Half a second is long enough for any visible motion to play out.
 */
export const SLEEP_TIME = 0.5;
/** "Slow" for the sleep timer: below this multiple of the resting speed. Dimensionless. */
export const SLEEP_SPEED_FACTOR = 2;

/**
 * Tolerance on the residual of the support-cone test (is gravity within the cone of a sphere's
 * support normals?): a friction-like allowance, so that a sphere held a hair off the exact cone
 * by rounding or a slightly uneven pile still counts as carried. Dimensionless (unit vectors).
 */
export const CONE_RESIDUAL = 0.02;

/** Spheres in one resting cluster at most (resolveCluster): a cluster is local, a few layers of a pile. */
export const CLUSTER_SIZE = 48;
/** Contacts of one cluster at most (resolveCluster): 8 per member, more than a packed pile has. */
export const CLUSTER_CONTACTS = 384;
/**
 * Sweeps of projected Gauss-Seidel over a cluster's contacts at most (resolveCluster); it stops
 * earlier once no contact closes faster than the stop speed, usually within a few sweeps.
 */
export const CLUSTER_ITERATIONS = 64;

/** Still contacts (walls, fixed and sleeping spheres) considered per sphere: 6 walls and more neighbours than can touch it. */
export const STILL_CONTACTS = 32;

/** Cells per axis at most (a cell coordinate is an Int16 in the record). */
export const GRID_AXIS_MAX = 32767;
/** Grid cells per sphere at most: memory and empty-cell scans stay linear in N however big the box. */
export const CELLS_PER_SPHERE = 2;

/** Rounds of overlap repair at most before an edit is refused as impossible (each round pushes every overlapping pair apart). */
export const REPAIR_ITERATIONS = 2000;

/** Fills in the defaults and checks every option; throws {@link SolverInputError} naming the first bad one. */
export function resolveOptions(options: WorldOptions): ResolvedOptions {
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
