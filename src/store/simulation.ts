/**
 * The per-frame side of the sandbox: one solver world, the fixed-step clock, the positions of the
 * previous step for interpolation, and the counters the status line samples. Nothing here goes
 * through React or the store's state; the frame loop reads the typed arrays directly.
 */
import { PressureGauge, temperature, type World } from '../solver/index.ts';
import { CollisionLog } from './collision-log.ts';
import { FixedStepClock, type ClockOptions } from './fixed-step-clock.ts';
import { History } from './history.ts';

/** A monotonic clock in milliseconds (performance.now in the browser). */
export type Now = () => number;

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
  /** Potential energy in gravity, J (zero at the box centre). */
  potentialEnergy: number;
  /** Total momentum of the free spheres, kg m/s, x y z. */
  momentum: readonly [number, number, number];
  /** kT, J: (2/3) of the mean kinetic energy per free sphere in 3D, the mean itself in the plane. */
  temperature: number;
  /**
   * Wall pressure measured from the impulses the walls received since the scene started, Pa
   * (N/m in planar mode); NaN before any time has passed.
   */
  pressureMeasured: number;
  /** Ideal-gas prediction N kT / V for the same spheres, Pa (N/m in planar mode). */
  pressureIdeal: number;
  /** Whether the world is planar (pressures are then per length). */
  planar: boolean;
  /** Sphere-sphere collisions since the scene started. */
  pairCollisionsTotal: number;
  /** Sphere-wall collisions since the scene started. */
  wallCollisionsTotal: number;
  /** Spheres asleep (resting under gravity). */
  sleeping: number;
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
  pressureIdeal: NaN,
  planar: false,
  pairCollisionsTotal: 0,
  wallCollisionsTotal: 0,
  sleeping: 0,
});

/** The running world and everything the frame loop needs, with no allocation per frame. */
export class Simulation {
  /** The fixed-step clock. */
  readonly clock: FixedStepClock;
  /** Simulated seconds per real second. */
  timeScale = 1;
  /** Frames passed to {@link frame} since creation (the browser tests wait on it). */
  framesRendered = 0;
  /**
   * Real time the solver may take in one frame, ms. When a frame's steps take longer, the rest
   * of that frame's steps are skipped: a scene too big to run in real time runs in slow motion
   * and the page stays responsive. @defaultValue 30
   */
  frameBudgetMs = 30;
  /** Steps skipped so far because a frame ran out of its solver budget. */
  skippedSteps = 0;
  /** Solver steps run by the last frame. */
  stepsLastFrame = 0;
  /** Most solver steps run by one frame since creation (a test may set it back to 0). */
  mostStepsInAFrame = 0;
  /** Real seconds the page was hidden or frozen, left unsimulated (see {@link ignoreNextFrameTime}). */
  unseenSeconds = 0;
  /** Set by {@link ignoreNextFrameTime}: the next frame's delta is real time nobody saw, not simulated. */
  private skipNextDelta = false;
  /** Energy and momentum at each sample, for the plots and the CSV export. */
  readonly history = new History();
  /** The most recent sphere-sphere collisions. */
  readonly collisions = new CollisionLog();

  private current: World;
  private gauge: PressureGauge;
  private prev = new Float64Array(0);
  private hits = new Float64Array(0);
  private readonly now: Now;

  // Sample window counters.
  private windowReal = 0;
  private windowFrames = 0;
  private windowSteps = 0;
  private windowStepMs = 0;
  private windowSim = 0;
  private windowPairs = 0;
  private windowWalls = 0;
  private pairA = -1;
  private pairB = -1;
  private pairTime = 0;

  constructor(world: World, clock: ClockOptions = {}, now: Now = () => performance.now()) {
    this.clock = new FixedStepClock(clock);
    this.now = now;
    this.current = world;
    this.gauge = new PressureGauge(world);
    this.syncPrevious();
  }

  /** The solver world (replaced by {@link replaceWorld}). */
  get world(): World {
    return this.current;
  }

  /** Number of spheres. */
  get count(): number {
    return this.current.count;
  }

  /** Current positions, x y z interleaved (first 3 * count entries). */
  get positions(): Float64Array {
    return this.current.positions;
  }

  /** Positions before the last step, laid out like {@link positions}. */
  get previous(): Float64Array {
    return this.prev;
  }

  /** Velocities, m/s, x y z interleaved. */
  get velocities(): Float64Array {
    return this.current.velocities;
  }

  /** Radii, m. */
  get radii(): Float64Array {
    return this.current.radii;
  }

  /** Masses, kg. */
  get masses(): Float64Array {
    return this.current.masses;
  }

  /**
   * Simulated time of each sphere's last collision with another sphere, s, by slot (like
   * {@link positions}); -Infinity before its first. The collision flash reads it.
   */
  get lastHit(): Float64Array {
    return this.hits;
  }

  /** Where to draw between {@link previous} (0) and {@link positions} (1). */
  get alpha(): number {
    return this.clock.alpha;
  }

  /** Swaps in a new world (a rebuilt scene) and starts its clock and counters afresh. */
  replaceWorld(world: World): void {
    this.current = world;
    this.gauge = new PressureGauge(world);
    this.history.clear();
    this.collisions.clear();
    this.hits.fill(-Infinity);
    this.clock.reset();
    this.pairA = this.pairB = -1;
    this.pairTime = 0;
    this.windowSteps = this.windowStepMs = this.windowSim = this.windowPairs = this.windowWalls = 0;
    this.syncPrevious();
  }

  /** Makes the previous positions equal the current ones (nothing to interpolate). */
  syncPrevious(): void {
    const n = 3 * this.current.count;
    if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
    this.prev.set(this.current.positions.subarray(0, n));
  }

  /**
   * One rendered frame: when running, runs the fixed steps owed for `frameDeltaSeconds` of real
   * time. Returns true when a sample window of `sampleSeconds` has closed (time to publish stats).
   */
  frame(frameDeltaSeconds: number, running: boolean, sampleSeconds: number): boolean {
    this.framesRendered++;
    this.windowFrames++;
    let delta = frameDeltaSeconds;
    if (this.skipNextDelta) {
      this.skipNextDelta = false;
      if (delta > 0 && Number.isFinite(delta)) this.unseenSeconds += delta;
      delta = 0;
    }
    if (delta > 0 && Number.isFinite(delta)) this.windowReal += delta;
    let ran = 0;
    if (running) {
      const steps = this.clock.advance(delta, this.timeScale);
      const start = steps > 1 ? this.now() : 0;
      for (let k = 0; k < steps; k++) {
        this.step();
        ran++;
        if (k + 1 < steps && this.now() - start > this.frameBudgetMs) {
          this.skippedSteps += steps - k - 1;
          break;
        }
      }
    }
    this.stepsLastFrame = ran;
    if (ran > this.mostStepsInAFrame) this.mostStepsInAFrame = ran;
    return this.windowReal >= sampleSeconds - 1e-9;
  }

  /**
   * The page was hidden, frozen or shown again: the next frame's delta spans time nobody saw (the
   * tab in the background, the machine asleep), which is not simulated: no burst of catch-up
   * steps, the simulation simply goes on. Called on both edges, so that whichever frame comes
   * first after the gap (browsers differ in the order of the event and the frame) discards it.
   */
  ignoreNextFrameTime(): void {
    this.skipNextDelta = true;
  }

  /** Exactly one fixed step, drawn at its end (for stepping while paused). */
  stepOnce(): void {
    this.step();
    this.clock.reset();
    this.clock.alpha = 1;
  }

  /** Runs one fixed step, keeping the previous positions and the counters. */
  private step(): void {
    const world = this.current;
    const n = 3 * world.count;
    if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
    this.prev.set(world.positions.subarray(0, n));
    const t0 = this.now();
    world.step(this.clock.fixedDt);
    this.windowStepMs += this.now() - t0;
    this.windowSteps++;
    this.windowSim += this.clock.fixedDt;
    this.windowPairs += world.lastStep.pairCollisions;
    this.windowWalls += world.lastStep.wallCollisions;
    this.collisions.record(world);
    const ev = world.events;
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
        this.pairTime = ev.time[k];
        break;
      }
    }
  }

  /** Closes the sample window: returns its stats and starts a new window. Allocates (a few times a second). */
  sample(): SampledStats {
    const world = this.current;
    const s = world.stats();
    const pressure = this.gauge.read();
    const h = this.history;
    if (h.length === 0 || world.time > h.columns[0][h.length - 1]) h.push(world.time, s.kineticEnergy, s.potentialEnergy, s.momentum[0], s.momentum[1], s.momentum[2]);
    const stats: SampledStats = {
      simTime: world.time,
      fps: this.windowReal > 0 ? this.windowFrames / this.windowReal : 0,
      stepMs: this.windowSteps > 0 ? this.windowStepMs / this.windowSteps : 0,
      collisionsPerSecond: this.windowSim > 0 ? this.windowPairs / this.windowSim : 0,
      wallHitsPerSecond: this.windowSim > 0 ? this.windowWalls / this.windowSim : 0,
      simRate: this.windowReal > 0 ? this.windowSim / this.windowReal : 0,
      lastPair: this.pairA >= 0 ? [this.pairA, this.pairB] : null,
      lastPairTime: this.pairTime,
      count: world.count,
      kineticEnergy: s.kineticEnergy,
      potentialEnergy: s.potentialEnergy,
      momentum: s.momentum,
      temperature: temperature(world),
      pressureMeasured: pressure.measured,
      pressureIdeal: pressure.ideal,
      planar: world.options.planar,
      pairCollisionsTotal: s.pairCollisions,
      wallCollisionsTotal: s.wallCollisions,
      sleeping: s.sleeping,
    };
    this.windowReal = this.windowFrames = this.windowSteps = this.windowStepMs = this.windowSim = this.windowPairs = this.windowWalls = 0;
    return stats;
  }
}
