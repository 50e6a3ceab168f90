/**
 * The per-frame side of the sandbox: one solver world, the fixed-step clock, the positions of the
 * previous step for interpolation, and the counters the status line samples. Nothing here goes
 * through React or the store's state; the frame loop reads the typed arrays directly.
 */
import { packWorld, PressureGauge, temperature, unpackWorld, type World } from '../solver/index.ts';
import { CollisionLog } from './collision-log.ts';
import { FixedStepClock, type ClockOptions } from './fixed-step-clock.ts';
import { History } from './history.ts';
import { RemoteWorld, type WorldView } from './remote-world.ts';
import { slotData, type FromSolver, type SolverPort, type ToSolver } from './solver-service.ts';

/** Where the solver runs: chosen by size (`auto`), always on the page's thread, or always in a worker. */
export type SolverThread = 'auto' | 'main' | 'worker';

/** With the `auto` thread, scenes of at least this many spheres run in a worker (when one can be made). */
export const WORKER_AUTO_COUNT = 5000;

/** A worker (or any port serving `serveSolver`), with a way to end it. */
export type SolverPortFactory = () => SolverPort & { terminate?(): void };

/** The world while a worker runs it. */
interface RemoteLink {
  view: RemoteWorld;
  /** Generation of the hand-over: replies about older ones are ignored. */
  gen: number;
  /** Positions before the last step of the last batch. */
  previous: Float64Array;
  /** A batch was asked for and has not come back. */
  inFlight: boolean;
  /** Steps owed and not yet asked for. */
  owed: number;
  /** The world was asked back (paused). */
  returning: boolean;
  /** Buffers to lend to the next batch (the ones drawn before the last batch came back). */
  spare: LentBuffers | null;
}

/** The buffers a batch fills: positions, previous positions, velocities, and the 32-bit ones for drawing. */
type LentBuffers = [Float64Array, Float64Array, Float64Array, Float32Array, Float32Array, Float32Array];

/** The last batch's data for drawing, in 32 bits (see {@link Simulation.batch32}). */
export interface Batch32 {
  /** The {@link Simulation.version} it belongs to. */
  version: number;
  /** Positions, x y z a sphere. */
  now: Float32Array;
  /** Positions before the last step, like `now`. */
  before: Float32Array;
  /** Speeds, one a sphere. */
  speed: Float32Array;
}

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
  /** Potential energy in gravity, J, measured from the floor (see WorldStats.potentialEnergy). */
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
  /** Where the solver ran: on the page's thread or in a worker. */
  thread: 'main' | 'worker';
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
  thread: 'main',
});

/** The running world and everything the frame loop needs, with no allocation per frame. */
// Slots of Simulation.win.
const REAL = 0;
const STEP_MS = 1;
const SIM = 2;
const PAIR_TIME = 3;
const UNSEEN = 4;

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
  get unseenSeconds(): number {
    return this.win[UNSEEN];
  }
  /** Set by {@link ignoreNextFrameTime}: the next frame's delta is real time nobody saw, not simulated. */
  private skipNextDelta = false;
  /** Energy and momentum at each sample, for the plots and the CSV export. */
  readonly history = new History();
  /** The most recent sphere-sphere collisions. */
  readonly collisions = new CollisionLog();
  /**
   * Called after every fixed step with the world, whose `events` then hold that step's
   * collisions (the embeddable component feeds its `onCollision` from here); in worker mode,
   * after every batch, with the batch's collisions. @defaultValue null
   */
  afterStep: ((world: WorldView) => void) | null = null;

  private current: World;
  private remote: RemoteLink | null = null;
  private port: (SolverPort & { terminate?(): void }) | null = null;
  private gen = 0;
  private thread: SolverThread = 'auto';
  /** Steps asked for while the world was on its way back from the worker. */
  private stepsOnReturn = 0;
  /** The worker said it is ready (a world is handed over only then). */
  private portReady = false;
  /** The worker failed to load or run: the solver stays on this thread. */
  private workerFailed = false;
  /**
   * Called when the worker failed while it held the world (the world is lost with it): the owner
   * rebuilds the experiment. The solver then stays on this thread.
   */
  onWorkerLost: ((message: string) => void) | null = null;
  /** Makes a worker for worker mode; none: the solver always runs on this thread. */
  private readonly makePort: SolverPortFactory | null;
  /** Called when something changed outside a frame (the world came back from the worker). */
  onChange: (() => void) | null = null;
  private gauge: PressureGauge;
  private prev = new Float64Array(0);
  /**
   * Changes whenever the positions to draw change: a step, a batch from the worker, an edit, a
   * new world. Renderers that upload positions compare it with what they uploaded last.
   */
  version = 0;
  /**
   * The {@link version} whose positions {@link previous} holds, in the present slot order; a
   * negative number, new each time, when they are no version's (after a renumbering of the slots
   * or several steps at once). When it equals what a renderer drew last, that renderer already
   * has the previous positions and only needs the new ones.
   */
  previousVersion = -1;
  private otherPrevious = 1;
  /** Changes whenever the slots' radii, masses or order may change (an edit, a new world, a renumbering). */
  slotsVersion = 0;
  /**
   * In worker mode, the last batch's positions, previous positions and speeds in 32 bits, made
   * by the worker for drawing; current while its `version` is {@link version}.
   */
  readonly batch32: Batch32 = { version: -1, now: new Float32Array(0), before: new Float32Array(0), speed: new Float32Array(0) };
  /** Scratch for carrying per-slot arrays over a renumbering of the world's slots. */
  private remap = new Float64Array(0);
  private hits = new Float64Array(0);
  private readonly now: Now;

  // Sample window counters. The fractional ones live in `win` (REAL, STEP_MS, SIM, PAIR_TIME,
  // UNSEEN): a number stored in an object field is boxed (allocated) at every update, and these
  // change every frame.
  private readonly win = new Float64Array(5);
  private windowFrames = 0;
  private windowSteps = 0;
  private windowPairs = 0;
  private windowWalls = 0;
  private pairA = -1;
  private pairB = -1;

  constructor(world: World, clock: ClockOptions = {}, now: Now = () => performance.now(), makePort: SolverPortFactory | null = null) {
    this.clock = new FixedStepClock(clock);
    this.now = now;
    this.makePort = makePort;
    this.current = world;
    this.gauge = new PressureGauge(world);
    this.syncPrevious();
  }

  /**
   * The world as the page reads it (replaced by {@link replaceWorld}): the solver world itself,
   * or, while a worker runs it, the view of its last batch.
   */
  get world(): WorldView {
    return this.remote ? this.remote.view : this.current;
  }

  /** The solver world when it is on this thread (edits need it), or null while a worker has it. */
  get local(): World | null {
    return this.remote ? null : this.current;
  }

  /** Where the solver runs now: 'main', 'worker', or 'returning' (paused, on its way back). */
  get runsIn(): 'main' | 'worker' | 'returning' {
    return this.remote === null ? 'main' : this.remote.returning ? 'returning' : 'worker';
  }

  /** Where the solver should run when the simulation plays; see {@link SolverThread}. */
  get solverThread(): SolverThread {
    return this.thread;
  }
  set solverThread(thread: SolverThread) {
    this.thread = thread;
  }

  /** Whether playing now would hand the world to a worker. */
  get wantsWorker(): boolean {
    return this.makePort !== null && !this.workerFailed && (this.thread === 'worker' || (this.thread === 'auto' && this.world.count >= WORKER_AUTO_COUNT));
  }

  /** Number of spheres. */
  get count(): number {
    return this.world.count;
  }

  /** Current positions, x y z interleaved (first 3 * count entries). */
  get positions(): Float64Array {
    return this.world.positions;
  }

  /** Positions before the last step, laid out like {@link positions}. */
  get previous(): Float64Array {
    return this.remote ? this.remote.previous : this.prev;
  }

  /** Velocities, m/s, x y z interleaved. */
  get velocities(): Float64Array {
    return this.world.velocities;
  }

  /** Radii, m. */
  get radii(): Float64Array {
    return this.world.radii;
  }

  /** Masses, kg. */
  get masses(): Float64Array {
    return this.world.masses;
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

  /** {@link alpha} as a one-element view (see {@link FixedStepClock.alphaCell}). */
  get alphaCell(): Float64Array {
    return this.clock.alphaCell;
  }

  /** Swaps in a new world (a rebuilt scene) and starts its clock and counters afresh. */
  replaceWorld(world: World): void {
    if (this.remote) {
      // The worker's world is dropped: its replies are ignored from now on, and it is replaced
      // by the next hand-over.
      this.gen++;
      this.remote = null;
      this.stepsOnReturn = 0;
    }
    this.current = world;
    this.gauge = new PressureGauge(world);
    this.history.clear();
    this.collisions.clear();
    this.hits.fill(-Infinity);
    this.clock.reset();
    this.pairA = this.pairB = -1;
    this.win[PAIR_TIME] = 0;
    this.win[STEP_MS] = this.win[SIM] = 0;
    this.windowSteps = this.windowPairs = this.windowWalls = 0;
    this.syncPrevious();
  }

  /** Makes the previous positions equal the current ones (nothing to interpolate). */
  syncPrevious(): void {
    this.previousVersion = ++this.version;
    this.slotsVersion++;
    const world = this.world;
    const n = 3 * world.count;
    if (this.remote) {
      this.remote.previous.set(world.positions.subarray(0, n));
      return;
    }
    if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
    this.prev.set(world.positions.subarray(0, n));
  }

  /** Ends the worker, if one was made (the sandbox is going away). */
  dispose(): void {
    this.gen++;
    this.port?.terminate?.();
    this.port = null;
    this.portReady = false;
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
      if (delta > 0 && Number.isFinite(delta)) this.win[UNSEEN] += delta;
      delta = 0;
    }
    if (delta > 0 && Number.isFinite(delta)) this.win[REAL] += delta;
    let ran = 0;
    // The world goes to the worker while it plays there, and comes back when paused or no longer wanted there.
    const inWorker = running && this.wantsWorker;
    if (inWorker && this.remote === null) this.handOver();
    const remote = this.remote;
    if (remote !== null) {
      if (!inWorker) {
        if (!remote.returning) this.askBack();
      } else if (!remote.returning) {
        const steps = this.clock.advance(delta, this.timeScale);
        ran = steps;
        // While a batch is out, owed steps wait (at most a frame's worth: a worker that falls
        // behind makes slow motion, not a backlog).
        remote.owed = Math.min(remote.owed + steps, this.clock.maxStepsPerFrame);
        if (!remote.inFlight && remote.owed > 0) this.requestBatch(remote);
      }
    } else if (running) {
      const steps = this.clock.advance(delta, this.timeScale);
      // Timed per frame, not per step: each reading of the clock is a number V8 allocates.
      const start = steps > 0 ? this.now() : 0;
      for (let k = 0; k < steps; k++) {
        this.step();
        ran++;
        if (k + 1 < steps && this.now() - start > this.frameBudgetMs) {
          this.skippedSteps += steps - k - 1;
          break;
        }
      }
      if (ran > 0) this.win[STEP_MS] += this.now() - start;
    }
    this.stepsLastFrame = ran;
    if (ran > this.mostStepsInAFrame) this.mostStepsInAFrame = ran;
    return this.win[REAL] >= sampleSeconds - 1e-9;
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
    if (this.remote) {
      // The world is in the worker: step it once it is back (pausing asks for it).
      this.stepsOnReturn++;
      if (!this.remote.returning) this.askBack();
      return;
    }
    const start = this.now();
    this.step();
    this.win[STEP_MS] += this.now() - start;
    this.clock.reset();
    this.clock.alpha = 1;
  }

  /** Runs one fixed step, keeping the previous positions and the counters. */
  private step(): void {
    const world = this.current;
    const n = 3 * world.count;
    if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
    // Copied in a loop: subarray would make a view object every step.
    const prev = this.prev;
    const cur = world.positions;
    for (let k = 0; k < n; k++) prev[k] = cur[k];
    const layout = world.layoutVersion;
    world.step(this.clock.fixedDt);
    this.previousVersion = this.version++;
    if (world.layoutVersion !== layout) {
      this.followRenumbering(world);
      this.previousVersion = -++this.otherPrevious;
      this.slotsVersion++;
    }
    this.windowSteps++;
    this.win[SIM] += this.clock.fixedDt;
    this.windowPairs += world.lastStep.pairCollisions;
    this.windowWalls += world.lastStep.wallCollisions;
    this.collisions.record(world);
    this.noteHits(world);
  }

  /** Each sphere's last collision (for the flash) and the last pair, from the events just stepped. */
  private noteHits(world: WorldView): void {
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
        this.win[PAIR_TIME] = ev.time[k];
        break;
      }
    }
    if (this.afterStep !== null) this.afterStep(world);
  }

  /** Hands the world to the worker (made on first use); this thread keeps a view of it. */
  private handOver(): void {
    if (this.makePort === null) return;
    if (this.port === null) {
      let port: SolverPort & { terminate?(): void };
      try {
        port = this.makePort();
      } catch (error) {
        this.failWorker(`it could not be started (${error instanceof Error ? error.message : String(error)})`);
        return;
      }
      this.port = port;
      this.portReady = false;
      port.onmessage = (event: MessageEvent) => {
        if (this.port === port) this.receive(event.data as FromSolver);
      };
      port.onerror = (event: ErrorEvent) => {
        if (this.port !== port) return;
        event.preventDefault?.();
        const why = typeof event.message === 'string' && event.message !== '' ? event.message : 'it failed to load or stopped';
        this.failWorker(why);
      };
    }
    if (!this.portReady) return; // still loading: this thread steps meanwhile
    const world = this.current;
    const gen = ++this.gen;
    const view = new RemoteWorld(world, slotData(world), (call) => this.post({ type: 'call', gen, ...call }));
    const previous = new Float64Array(3 * world.count);
    previous.set(this.prev.subarray(0, 3 * world.count));
    const { message, transfer } = packWorld(world);
    this.post({ type: 'take', gen, world: message }, transfer);
    this.remote = { view, gen, previous, inFlight: false, owed: 0, returning: false, spare: null };
  }

  private post(message: ToSolver, transfer: Transferable[] = []): void {
    this.port?.postMessage(message, transfer);
  }

  /** Asks the worker for the next steps, lending it the buffers to fill. */
  private requestBatch(remote: RemoteLink): void {
    const n = 3 * remote.view.count;
    let spare = remote.spare;
    if (spare === null || spare[0].length < n || spare[3].length < n || spare[5].length < n / 3) {
      spare = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n / 3)];
    }
    remote.spare = null;
    const steps = remote.owed;
    remote.owed = 0;
    remote.inFlight = true;
    const [positions, previous, velocities, drawNow, drawBefore, drawSpeed] = spare;
    this.post({ type: 'run', gen: remote.gen, steps, dt: this.clock.fixedDt, positions, previous, velocities, drawNow, drawBefore, drawSpeed }, [
      positions.buffer,
      previous.buffer,
      velocities.buffer,
      drawNow.buffer,
      drawBefore.buffer,
      drawSpeed.buffer,
    ] as ArrayBuffer[]);
  }

  /** Asks for the world back (paused): it is this thread's again when it arrives. */
  private askBack(): void {
    const remote = this.remote;
    if (remote === null) return;
    remote.returning = true;
    this.post({ type: 'give', gen: remote.gen });
  }

  /** The worker cannot be used: end it and stay on this thread (rebuilding if it held the world). */
  private failWorker(why: string): void {
    this.workerFailed = true;
    this.port?.terminate?.();
    this.port = null;
    console.warn(`Sphere sandbox: the solver worker is not available (${why}); the solver runs on the page.`);
    if (this.remote) {
      this.gen++;
      this.remote = null;
      this.onWorkerLost?.(`The solver worker stopped (${why}); the experiment restarted on the page.`);
    }
  }

  private receive(m: FromSolver): void {
    if (m.type === 'ready') {
      this.portReady = true;
      return;
    }
    const remote = this.remote;
    if (remote === null || m.gen !== remote.gen) return; // about a world since replaced
    if (m.type === 'error') {
      console.error(`Solver worker: ${m.message}`);
      return;
    }
    if (m.type === 'world') {
      this.current = unpackWorld(m.world);
      this.remote = null;
      const n = 3 * this.current.count;
      if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
      this.prev.set(remote.previous.subarray(0, n));
      this.version++;
      this.previousVersion = -++this.otherPrevious;
      this.slotsVersion++;
      for (; this.stepsOnReturn > 0; this.stepsOnReturn--) this.stepOnce();
      this.onChange?.();
      return;
    }
    // A batch: draw it, and lend the buffers drawn until now to the next one.
    const view = remote.view;
    const b32 = this.batch32;
    remote.spare = [view.positions, remote.previous, view.velocities, b32.now, b32.before, b32.speed];
    remote.previous = m.previous;
    view.update(m.time, m.positions, m.velocities, m.stats, m.events, m.slots);
    // One step, same slots: `previous` is what was drawn until now.
    this.previousVersion = m.steps === 1 && m.slots === null ? this.version : -++this.otherPrevious;
    this.version++;
    if (m.slots !== null) this.slotsVersion++;
    b32.now = m.drawNow;
    b32.before = m.drawBefore;
    b32.speed = m.drawSpeed;
    b32.version = this.version;
    remote.inFlight = false;
    this.windowSteps += m.steps;
    this.win[STEP_MS] += m.stepMs;
    this.win[SIM] += m.steps * this.clock.fixedDt;
    this.windowPairs += m.pairs;
    this.windowWalls += m.walls;
    this.collisions.record(view);
    if (m.slots) this.hits.fill(-Infinity);
    this.noteHits(view);
    if (remote.owed > 0 && !remote.returning) this.requestBatch(remote);
  }

  /** The world renumbered its slots (large worlds, for memory locality): carry the per-slot arrays along. */
  private followRenumbering(world: World): void {
    const n = world.count;
    const from = world.reorderedFrom;
    if (this.remap.length < 3 * n) this.remap = new Float64Array(Math.max(3 * n, 2 * this.remap.length));
    const t = this.remap;
    for (let s = 0; s < n; s++) {
      const b = 3 * from[s];
      t[3 * s] = this.prev[b];
      t[3 * s + 1] = this.prev[b + 1];
      t[3 * s + 2] = this.prev[b + 2];
    }
    for (let k = 0; k < 3 * n; k++) this.prev[k] = t[k];
    if (this.hits.length >= n) {
      for (let s = 0; s < n; s++) t[s] = this.hits[from[s]];
      for (let k = 0; k < n; k++) this.hits[k] = t[k];
    }
  }

  /** Closes the sample window: returns its stats and starts a new window. Allocates (a few times a second). */
  sample(): SampledStats {
    const world = this.world;
    const s = world.stats();
    const pressure = this.gauge.read(world);
    const h = this.history;
    const w = this.win;
    if (h.length === 0 || world.time > h.columns[0][h.length - 1]) h.push(world.time, s.kineticEnergy, s.potentialEnergy, s.momentum[0], s.momentum[1], s.momentum[2]);
    const stats: SampledStats = {
      simTime: world.time,
      fps: w[REAL] > 0 ? this.windowFrames / w[REAL] : 0,
      stepMs: this.windowSteps > 0 ? w[STEP_MS] / this.windowSteps : 0,
      collisionsPerSecond: w[SIM] > 0 ? this.windowPairs / w[SIM] : 0,
      wallHitsPerSecond: w[SIM] > 0 ? this.windowWalls / w[SIM] : 0,
      simRate: w[REAL] > 0 ? w[SIM] / w[REAL] : 0,
      lastPair: this.pairA >= 0 ? [this.pairA, this.pairB] : null,
      lastPairTime: w[PAIR_TIME],
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
      thread: this.remote === null ? 'main' : 'worker',
    };
    w[REAL] = w[STEP_MS] = w[SIM] = 0;
    this.windowFrames = this.windowSteps = this.windowPairs = this.windowWalls = 0;
    return stats;
  }
}
