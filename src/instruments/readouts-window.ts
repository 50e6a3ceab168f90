/**
 * The readouts window: what the status line, the plots and the collision log are made of. It
 * counts frames, steps, collisions and time over a window of a few real seconds' fraction, keeps
 * each sphere's last collision (for the flash) and the last colliding pair, and closes the window
 * into {@link SampledStats} a few times a second. Per-frame and per-step work allocates nothing.
 */
import { temperature, type World } from '../solver/index.ts';
import { PressureWindow } from './pressure-window.ts';
import { CollisionLog } from './collision-log.ts';
import { History } from './history.ts';
import { EMPTY_PRESSURE_READOUT, PressureMap, type PressureReadout } from './pressure-map.ts';
import { REAL_SECONDS, SOLVER_MS, type ReplaceCause, type Simulation, type StepParticipant, type StepReport, type WorldView } from '../runtime/index.ts';

/** What the status line shows, sampled a few times a second. */
export interface SampledStats {
  /** Simulated time, s. */
  simTime: number;
  /** Frames drawn per real second over the last sample window. */
  fps: number;
  /** Mean real time per solver step over the last window, ms (0 when no step ran). */
  stepMs: number;
  /** Sphere-sphere collisions per simulated second over the last window (0 when paused). */
  collisionsPerSecond: number;
  /** Wall hits per simulated second over the last window (0 when paused). */
  wallHitsPerSecond: number;
  /**
   * Simulated seconds per real second over the last window: the time scale when the machine
   * keeps up, less when frames are clamped or steps skipped, 0 when paused.
   */
  simRate: number;
  /** Ids of the last pair of spheres that collided, or null before the first collision. */
  lastPair: readonly [number, number] | null;
  /** Simulated time of that collision, s. */
  lastPairTime: number;
  /** Number of spheres. */
  count: number;
  /** Kinetic energy, J. */
  kineticEnergy: number;
  /** Potential energy in gravity, J, measured from the floor (see WorldStats.potentialEnergy). */
  potentialEnergy: number;
  /** Total momentum of the free spheres, kg m/s, x y z. */
  momentum: readonly [number, number, number];
  /** kT, J: (2/3) of the mean kinetic energy per free sphere in 3D, the mean itself in the plane. */
  temperature: number;
  /**
   * Wall pressure measured from the impulses the walls received over the last
   * {@link pressureSeconds} of simulated time (PressureWindow), Pa (N/m in planar mode); NaN
   * before any time has passed. The one measured pressure every panel shows.
   */
  pressureMeasured: number;
  /** The simulated seconds the measured pressure is averaged over (PRESSURE_WINDOW_S, or less early in a run). */
  pressureSeconds: number;
  /** Ideal-gas prediction N kT / V for the same spheres, Pa (N/m in planar mode). */
  pressureIdeal: number;
  /** Dense-gas (Carnahan-Starling) prediction for the same spheres, Pa (N/m in planar mode). */
  pressureDense: number;
  /** Whether the world is planar (pressures are then per length). */
  planar: boolean;
  /** Sphere-sphere collisions since the scene started. */
  pairCollisionsTotal: number;
  /** Sphere-wall collisions since the scene started. */
  wallCollisionsTotal: number;
  /** Spheres asleep (resting under gravity). */
  sleeping: number;
  /** Where the solver ran: on the page's thread or in a worker. */
  thread: 'main' | 'worker';
  /** The pressure map's per-face pressures and legend (see PressureMap). */
  pressureMap: PressureReadout;
}

/** Stats before anything has run. */
export const EMPTY_STATS: SampledStats = Object.freeze({
  simTime: 0,
  fps: 0,
  stepMs: 0,
  collisionsPerSecond: 0,
  wallHitsPerSecond: 0,
  simRate: 0,
  lastPair: null,
  lastPairTime: 0,
  count: 0,
  kineticEnergy: 0,
  potentialEnergy: 0,
  momentum: [0, 0, 0] as const,
  temperature: 0,
  pressureMeasured: NaN,
  pressureSeconds: 0,
  pressureIdeal: NaN,
  pressureDense: NaN,
  planar: false,
  pairCollisionsTotal: 0,
  wallCollisionsTotal: 0,
  sleeping: 0,
  thread: 'main',
  pressureMap: EMPTY_PRESSURE_READOUT,
});

// Slots of ReadoutsWindow.win: fractions live in a typed array, since a number stored in an
// object field is boxed (allocated) at every update, and the last pair's time changes every step.
// The window starts at the simulation's running totals of real and solver time (MARK_*).
const PAIR_TIME = 0;
const MARK_REAL = 1;
const MARK_SOLVER = 2;

/** What the readouts read of the simulation. */
export type ReadoutsSource = Pick<Simulation, 'world' | 'local' | 'runsIn' | 'timing' | 'clock' | 'framesRendered' | 'markSampled'>;

/**
 * The counters of one sample window, the collision log, the plots' history and the last hits: a
 * step participant of the simulation it reads (attach it with `sim.attach`).
 */
export class ReadoutsWindow implements StepParticipant {
  /** Energy and momentum at each sample, for the plots and the CSV export. */
  readonly history = new History();
  /** The most recent sphere-sphere collisions. */
  readonly collisions = new CollisionLog();
  /** Wall impulse per cell of each face over the last few seconds (the pressure map aid). */
  readonly pressureMap: PressureMap;
  private readonly pressure: PressureWindow;
  private readonly win = new Float64Array(3);
  /** The simulation's frames drawn when the window started. */
  private markFrames = 0;
  private steps = 0;
  private pairs = 0;
  private walls = 0;
  private pairA = -1;
  private pairB = -1;
  private hits = new Float64Array(0);
  private scratch = new Float64Array(0);

  constructor(private readonly sim: ReadoutsSource) {
    const world = sim.local as World;
    this.pressure = new PressureWindow(world);
    this.pressureMap = new PressureMap(world);
  }

  /** Each step's (or batch's) collisions and counts. */
  afterStep(world: WorldView, r: Readonly<StepReport>): void {
    if (r.reorderedFrom !== null) this.followRenumbering(r.reorderedFrom, world.count);
    this.stepped(r.steps, r.pairCollisions, r.wallCollisions);
    this.collided(world, !r.onPage && r.slotsChanged);
  }

  /** A new scene starts afresh; another moment of the run (or the twin kept) keeps the history. */
  worldReplaced(cause: ReplaceCause): void {
    if (cause === 'built') this.reset(this.sim.local as World);
    else if (cause === 'rewound' || cause === 'adopted') this.rewind();
  }

  /** The energy and momentum samples up to the moment shown, as CSV (the history's own format). */
  historyCsv(): string {
    return this.history.toCsv(this.sim.world.time);
  }

  /** The collisions logged up to the moment shown, as CSV (the log's own format). */
  collisionsCsv(): string {
    return this.collisions.toCsv(this.sim.world.time);
  }

  /** The world changed in place: the old future's plots and collisions go with it. */
  worldChanged(): void {
    const time = this.sim.world.time;
    this.history.truncate(time);
    this.collisions.truncate(time);
  }

  /**
   * Simulated time of each sphere's last collision with another sphere, s, by slot; -Infinity
   * before its first. The collision flash reads it.
   */
  get lastHit(): Float64Array {
    return this.hits;
  }

  /** Starts a new sample window at the simulation's totals now. */
  private startWindow(): void {
    const w = this.win;
    w[MARK_REAL] = this.sim.timing[REAL_SECONDS];
    w[MARK_SOLVER] = this.sim.timing[SOLVER_MS];
    this.markFrames = this.sim.framesRendered;
    this.steps = this.pairs = this.walls = 0;
    this.sim.markSampled();
  }

  /** Starts afresh for a new world: no history, no collisions, empty counters. */
  reset(world: World): void {
    this.pressure.reset(world);
    this.pressureMap.reset(world);
    this.history.clear();
    this.collisions.clear();
    this.hits.fill(-Infinity);
    this.pairA = this.pairB = -1;
    this.win[PAIR_TIME] = 0;
    this.win[MARK_SOLVER] = this.sim.timing[SOLVER_MS];
    this.steps = this.pairs = this.walls = 0;
  }

  /**
   * The world went to another moment of the same run (the timeline): the history and the
   * collision log stay (they are the run's; the views and exports show them up to the moment
   * shown, and a replayed step adds nothing to them), the measured pressure starts its window
   * afresh at that moment, the last pair is the log's last at or before that moment, the window
   * starts afresh and no sphere is flashing.
   */
  rewind(): void {
    this.hits.fill(-Infinity);
    this.pressure.reset(this.sim.world);
    const [last] = this.collisions.recent(1, this.sim.world.time);
    this.pairA = last ? last.a : -1;
    this.pairB = last ? last.b : -1;
    this.win[PAIR_TIME] = last ? last.time : 0;
    this.win[MARK_SOLVER] = this.sim.timing[SOLVER_MS];
    this.steps = this.pairs = this.walls = 0;
  }

  /** `steps` fixed steps with `pairs` and `walls` collisions in all. */
  stepped(steps: number, pairs: number, walls: number): void {
    this.steps += steps;
    this.pairs += pairs;
    this.walls += walls;
  }

  /** The collisions of the last step (or batch): into the log, each sphere's last hit and the last pair. */
  collided(world: WorldView, slotsChanged: boolean): void {
    this.collisions.record(world);
    this.pressureMap.collided(world);
    const ev = world.events;
    if (slotsChanged) this.hits.fill(-Infinity);
    if (this.hits.length < world.count) {
      const grown = new Float64Array(Math.max(world.count, 2 * this.hits.length)).fill(-Infinity);
      grown.set(this.hits);
      this.hits = grown;
    }
    for (let k = 0; k < ev.count; k++) {
      if (ev.b[k] < 0) continue;
      const i = world.indexOf(ev.a[k]);
      const j = world.indexOf(ev.b[k]);
      if (i >= 0) this.hits[i] = ev.time[k];
      if (j >= 0) this.hits[j] = ev.time[k];
    }
    for (let k = ev.count - 1; k >= 0; k--) {
      if (ev.b[k] >= 0) {
        this.pairA = ev.a[k];
        this.pairB = ev.b[k];
        this.win[PAIR_TIME] = ev.time[k];
        break;
      }
    }
  }

  /** The world renumbered its slots: each sphere's last hit follows it (`from[s]` is slot s's old slot). */
  followRenumbering(from: Int32Array, count: number): void {
    if (this.hits.length < count) return;
    if (this.scratch.length < count) this.scratch = new Float64Array(this.hits.length);
    const t = this.scratch;
    for (let s = 0; s < count; s++) t[s] = this.hits[from[s]];
    for (let k = 0; k < count; k++) this.hits[k] = t[k];
  }

  /** Closes the window: returns its stats and starts a new window. Allocates (a few times a second). */
  sample(): SampledStats {
    const world = this.sim.world;
    const thread = this.sim.runsIn === 'main' ? 'main' : 'worker';
    const s = world.stats();
    const pressure = this.pressure.read(world);
    const h = this.history;
    const w = this.win;
    const timing = this.sim.timing;
    const real = timing[REAL_SECONDS] - w[MARK_REAL];
    const simulated = this.steps * this.sim.clock.fixedDt;
    if (h.length === 0 || world.time > h.columns[0][h.length - 1]) h.push(world.time, s.kineticEnergy, s.potentialEnergy, s.momentum[0], s.momentum[1], s.momentum[2]);
    const stats: SampledStats = {
      simTime: world.time,
      fps: real > 0 ? (this.sim.framesRendered - this.markFrames) / real : 0,
      stepMs: this.steps > 0 ? (timing[SOLVER_MS] - w[MARK_SOLVER]) / this.steps : 0,
      collisionsPerSecond: simulated > 0 ? this.pairs / simulated : 0,
      wallHitsPerSecond: simulated > 0 ? this.walls / simulated : 0,
      simRate: real > 0 ? simulated / real : 0,
      lastPair: this.pairA >= 0 ? [this.pairA, this.pairB] : null,
      lastPairTime: w[PAIR_TIME],
      count: world.count,
      kineticEnergy: s.kineticEnergy,
      potentialEnergy: s.potentialEnergy,
      momentum: s.momentum,
      temperature: temperature(world),
      pressureMeasured: pressure.measured,
      pressureSeconds: pressure.seconds,
      pressureIdeal: pressure.ideal,
      pressureDense: pressure.dense,
      planar: world.options.planar,
      pairCollisionsTotal: s.pairCollisions,
      wallCollisionsTotal: s.wallCollisions,
      sleeping: s.sleeping,
      thread,
      pressureMap: this.pressureMap.settle(world, s.wallImpulses),
    };
    this.startWindow();
    return stats;
  }
}
