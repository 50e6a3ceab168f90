/**
 * The simulation as the page runs it: the fixed-step clock with the interpolation between the
 * last two steps, the solver host that holds the world (this page, or a worker while a large
 * scene plays), and the readouts window the status line samples. Nothing here goes through React
 * or the store's state; the frame loop reads the typed arrays directly.
 */
import { english, type Translate } from '../i18n/index.ts';
import type { World } from '../solver/index.ts';
import { FixedStepClock, type ClockOptions } from './fixed-step-clock.ts';
import { ReadoutsWindow, type SampledStats } from './readouts-window.ts';
import type { WorldView } from './remote-world.ts';
import { LocalHost, type SolverHost } from './solver-host.ts';
import { makeTwin, type TwinRun, type TwinSpec } from './twin.ts';
import { WorkerHost, type Batch32, type BatchMessage, type SolverPortFactory } from './worker-host.ts';

export { EMPTY_STATS, type SampledStats } from './readouts-window.ts';
export type { Batch32, SolverPortFactory } from './worker-host.ts';

/** Where the solver runs: chosen by size (`auto`), always on the page's thread, or always in a worker. */
export type SolverThread = 'auto' | 'main' | 'worker';

/** With the `auto` thread, scenes of at least this many spheres run in a worker (when one can be made). */
export const WORKER_AUTO_COUNT = 5000;

/** A monotonic clock in milliseconds (performance.now in the browser). */
export type Now = () => number;

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
  /** Fixed steps the world has taken since it was built (the timeline's clock). */
  stepsRun = 0;
  /**
   * A step at which playing stops (the world is left at it), or -1 for none: the prediction of
   * a collision pauses the run just before it. {@link reachedStop} says when it happened.
   */
  stopAtStep = -1;
  /** Set when a frame stopped at {@link stopAtStep}; the owner clears it. */
  reachedStop = false;
  /** Set by {@link ignoreNextFrameTime}: the next frame's delta is real time nobody saw, not simulated. */
  private skipNextDelta = false;
  /** The sample window's counters, the plots' history, the collision log and the last hits. */
  readonly readouts: ReadoutsWindow;
  /**
   * Called after every fixed step with the world, whose `events` then hold that step's
   * collisions (the embeddable component feeds its `onCollision` from here); in worker mode,
   * after every batch, with the batch's collisions. @defaultValue null
   */
  afterStep: ((world: WorldView) => void) | null = null;
  /**
   * Called when the worker failed while it held the world (the world is lost with it): the owner
   * rebuilds the experiment. The solver then stays on this thread.
   */
  onWorkerLost: ((why: string) => void) | null = null;
  /** The language of the messages it gives back (the store keeps it in step with its locale). */
  translate: Translate = english;
  /** Called when something changed outside a frame (the world came back from the worker). */
  onChange: (() => void) | null = null;
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
  /**
   * The what-if twin (twin.ts), stepped right after the world in every fixed step on this page;
   * null when there is none. It goes when the world is replaced, rewound or handed to a worker.
   */
  twin: TwinRun | null = null;
  /** A twin to start when the run reaches its step on this page (a shared link's), or null. */
  twinPending: TwinSpec | null = null;
  /** Why the last pending twin could not start (for the store's notice), or null. */
  twinRefused: string | null = null;

  /** The world on this page (the last one, while a worker holds it). */
  private readonly page: LocalHost;
  /** The world in a worker, while it plays there. */
  private readonly worker: WorkerHost;
  private thread: SolverThread = 'auto';
  /** Steps asked for while the world was on its way back from the worker. */
  private stepsOnReturn = 0;
  private readonly now: Now;

  constructor(world: World, clock: ClockOptions = {}, now: Now = () => performance.now(), makePort: SolverPortFactory | null = null) {
    this.clock = new FixedStepClock(clock);
    this.now = now;
    this.page = new LocalHost(world);
    this.readouts = new ReadoutsWindow(world);
    this.worker = new WorkerHost(makePort, this.batch32, {
      batch: (m) => this.afterBatch(m),
      back: (w, previous) => this.worldBack(w, previous),
      lost: (why) => this.onWorkerLost?.(why),
    });
    this.syncPrevious();
  }

  /** The host that holds the world now. */
  get host(): SolverHost {
    return this.worker.holding ? this.worker : this.page;
  }

  /**
   * The world as the page reads it (replaced by {@link replaceWorld}): the solver world itself,
   * or, while a worker runs it, the view of its last batch.
   */
  get world(): WorldView {
    return this.host.world;
  }

  /** The solver world when it is on this thread (edits need it), or null while a worker has it. */
  get local(): World | null {
    return this.worker.holding ? null : this.page.world;
  }

  /** Where the solver runs now: 'main', 'worker', or 'returning' (paused, on its way back). */
  get runsIn(): 'main' | 'worker' | 'returning' {
    return !this.worker.holding ? 'main' : this.worker.returning ? 'returning' : 'worker';
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
    return this.worker.usable && (this.thread === 'worker' || (this.thread === 'auto' && this.world.count >= WORKER_AUTO_COUNT));
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
    return this.host.previous;
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

  /** Energy and momentum at each sample, for the plots and the CSV export. */
  get history(): ReadoutsWindow['history'] {
    return this.readouts.history;
  }

  /** The most recent sphere-sphere collisions. */
  get collisions(): ReadoutsWindow['collisions'] {
    return this.readouts.collisions;
  }

  /**
   * Simulated time of each sphere's last collision with another sphere, s, by slot (like
   * {@link positions}); -Infinity before its first. The collision flash reads it.
   */
  get lastHit(): Float64Array {
    return this.readouts.lastHit;
  }

  /** Real seconds the page was hidden or frozen, left unsimulated (see {@link ignoreNextFrameTime}). */
  get unseenSeconds(): number {
    return this.readouts.unseenSeconds;
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
    // A world the worker holds is dropped: its replies are ignored, and the next hand-over replaces it.
    this.worker.drop();
    this.stepsOnReturn = 0;
    this.dropTwin();
    this.page.replace(world);
    this.readouts.reset(world);
    this.clock.reset();
    this.stepsRun = 0;
    this.syncPrevious();
  }

  /**
   * Puts back `world`, an exact copy of this run's world at step `step` (the timeline), drawn at
   * that step; the readouts go back with it (see {@link ReadoutsWindow.rewind}).
   */
  rewindTo(world: World, step: number): void {
    this.worker.drop();
    this.stepsOnReturn = 0;
    this.dropTwin();
    this.page.replace(world);
    this.readouts.rewind();
    this.clock.reset();
    this.clock.alpha = 1;
    this.stepsRun = step;
    this.syncPrevious();
  }

  /** Makes the previous positions equal the current ones (nothing to interpolate). */
  syncPrevious(): void {
    this.previousVersion = ++this.version;
    this.slotsVersion++;
    this.host.syncPrevious();
  }

  /** Ends the worker, if one was made (the sandbox is going away). */
  dispose(): void {
    this.worker.dispose();
  }

  /**
   * One rendered frame: when running, runs the fixed steps owed for `frameDeltaSeconds` of real
   * time. Returns true when a sample window of `sampleSeconds` has closed (time to publish stats).
   */
  frame(frameDeltaSeconds: number, running: boolean, sampleSeconds: number): boolean {
    this.framesRendered++;
    let delta = frameDeltaSeconds;
    const unseen = this.skipNextDelta;
    this.skipNextDelta = false;
    this.readouts.frame(delta, unseen);
    if (unseen) delta = 0;
    let ran = 0;
    // The world goes to the worker while it plays there, and comes back when paused or no longer wanted there.
    const inWorker = running && this.wantsWorker;
    if (inWorker && !this.worker.holding) {
      this.dropTwin(); // the twin runs beside the world on this page only
      this.worker.take(this.page.world, this.page.previous);
    }
    if (this.worker.holding) {
      if (!inWorker) this.worker.askBack();
      else if (!this.worker.returning) {
        const steps = this.clock.advance(delta, this.timeScale);
        ran = steps;
        this.worker.owe(steps, this.clock.fixedDt, this.clock.maxStepsPerFrame);
      }
    } else if (running) {
      const steps = this.clock.advance(delta, this.timeScale);
      // Timed per frame, not per step: each reading of the clock is a number V8 allocates.
      const start = steps > 0 ? this.now() : 0;
      for (let k = 0; k < steps; k++) {
        if (this.stepsRun === this.stopAtStep) {
          this.reachedStop = true;
          this.clock.alpha = 1;
          break;
        }
        this.step();
        ran++;
        if (k + 1 < steps && this.now() - start > this.frameBudgetMs) {
          this.skippedSteps += steps - k - 1;
          break;
        }
      }
      if (ran > 0) this.readouts.solverTime(this.now() - start);
    }
    this.stepsLastFrame = ran;
    if (ran > this.mostStepsInAFrame) this.mostStepsInAFrame = ran;
    return this.readouts.isClosed(sampleSeconds);
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
    if (this.worker.holding) {
      // The world is in the worker: step it once it is back (pausing asks for it).
      this.stepsOnReturn++;
      this.worker.askBack();
      return;
    }
    const start = this.now();
    this.step();
    this.readouts.solverTime(this.now() - start);
    this.clock.reset();
    this.clock.alpha = 1;
  }

  /** Runs one fixed step on this page, keeping the previous positions and the counters. */
  private step(): void {
    const world = this.page.world;
    const renumbered = this.page.step(this.clock.fixedDt);
    this.stepsRun++;
    this.previousVersion = this.version++;
    if (renumbered) {
      this.readouts.followRenumbering(world.reorderedFrom, world.count);
      this.previousVersion = -++this.otherPrevious;
      this.slotsVersion++;
    }
    this.readouts.stepped(1, this.clock.fixedDt, world.lastStep.pairCollisions, world.lastStep.wallCollisions);
    this.readouts.collided(world, false);
    if (this.twin !== null) this.twin.step(this.clock.fixedDt);
    else if (this.twinPending !== null && this.twinPending.step === this.stepsRun) this.startPendingTwin();
    if (this.afterStep !== null) this.afterStep(world);
  }

  /** Starts the twin of the world as it is now; returns null, or the message naming the refused change. */
  startTwin(spec: TwinSpec): string | null {
    if (this.worker.holding) return this.translate('store.twinNeedsPage');
    const twin = makeTwin(this.page.world, spec, this.page.previous, this.translate);
    if (typeof twin === 'string') return twin;
    this.twin = twin;
    this.twinPending = null;
    return null;
  }

  /** Drops the twin, and a twin waiting for its step. */
  dropTwin(): void {
    this.twin = null;
    this.twinPending = null;
  }

  /**
   * The twin becomes the run: its world replaces the original at the same step, drawn where it is
   * (its previous positions come with it). The plots keep the run up to the twin's start and the
   * twin's samples after it; the collision log keeps the run's up to the start. Returns whether there was a twin.
   */
  adoptTwin(): boolean {
    const twin = this.twin;
    if (twin === null || this.worker.holding) return false;
    this.twin = null;
    this.twinPending = null;
    const start = twin.history.length > 0 ? twin.history.columns[0][0] : twin.world.time;
    this.page.replace(twin.world);
    this.page.takePrevious(twin.previous);
    this.readouts.rewind();
    const h = this.history;
    h.truncate(start);
    const t = twin.history;
    const c = t.columns;
    for (let k = 0; k < t.length; k++) if (h.length === 0 || c[0][k] > h.columns[0][h.length - 1]) h.push(c[0][k], c[1][k], c[2][k], c[4][k], c[5][k], c[6][k]);
    this.collisions.truncate(start);
    this.version++;
    this.previousVersion = -++this.otherPrevious;
    this.slotsVersion++;
    return true;
  }

  /** The run reached a pending twin's step: it starts now (once). */
  private startPendingTwin(): void {
    const spec = this.twinPending as TwinSpec;
    this.twinPending = null;
    this.twinRefused = this.startTwin(spec);
  }

  /** A batch from the worker: new positions to draw, and its steps in the readouts. */
  private afterBatch(m: BatchMessage): void {
    // One step, same slots: `previous` is what was drawn until now.
    this.previousVersion = m.steps === 1 && m.slots === null ? this.version : -++this.otherPrevious;
    this.version++;
    if (m.slots !== null) this.slotsVersion++;
    this.batch32.version = this.version;
    this.stepsRun += m.steps;
    const view = this.worker.world;
    this.readouts.solverTime(m.stepMs);
    this.readouts.stepped(m.steps, this.clock.fixedDt, m.pairs, m.walls);
    this.readouts.collided(view, m.slots !== null);
    if (this.afterStep !== null) this.afterStep(view);
  }

  /** The world came back from the worker: it runs on this page again, and steps asked for meanwhile run now. */
  private worldBack(world: World, previous: Float64Array): void {
    this.page.replace(world);
    this.page.takePrevious(previous);
    this.version++;
    this.previousVersion = -++this.otherPrevious;
    this.slotsVersion++;
    for (; this.stepsOnReturn > 0; this.stepsOnReturn--) this.stepOnce();
    this.onChange?.();
  }

  /** Closes the sample window: returns its stats and starts a new window. Allocates (a few times a second). */
  sample(): SampledStats {
    return this.readouts.sample(this.world, this.worker.holding ? 'worker' : 'main');
  }
}
