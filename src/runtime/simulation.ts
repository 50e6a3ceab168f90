/**
 * The simulation as the page runs it: the fixed-step clock with the interpolation between the
 * last two steps, and the solver host that holds the world (this page, or a worker while a large
 * scene plays). What is measured of the run plugs in as step participants (participant.ts): the
 * simulation tells each what every step did and when the world is replaced or changed, and knows
 * none of them by name. Nothing here goes through React or the store's state; the frame loop reads
 * the typed arrays directly.
 */
import type { World } from '../solver/index.ts';
import { FixedStepClock, type ClockOptions } from './fixed-step-clock.ts';
import type { ReplaceCause, StepParticipant, StepReport } from './participant.ts';
import { LocalHost, type SolverHost } from './solver-host.ts';
import type { WorldView } from './world-view.ts';
import { WorkerHost, type Batch32, type BatchMessage, type SolverPortFactory } from './worker/worker-host.ts';

/** Where the solver runs: chosen by size (`auto`), always on the page's thread, or always in a worker. */
export type SolverThread = 'auto' | 'main' | 'worker';

/** With the `auto` thread, scenes of at least this many spheres run in a worker (when one can be made). */
export const WORKER_AUTO_COUNT = 5000;

/** Where `Simulation.timing` holds the real seconds of the frames drawn since creation (the time nobody saw left out). */
export const REAL_SECONDS = 0;
/** Where `Simulation.timing` holds the real time the solver took since creation, ms. */
export const SOLVER_MS = 1;
/** Where `Simulation.timing` holds the real seconds the page was hidden or frozen, left unsimulated. */
export const UNSEEN_SECONDS = 2;
/** Where `Simulation.timing` holds {@link REAL_SECONDS} as of the last sample ({@link Simulation.markSampled}). */
export const SAMPLED_AT = 3;

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
  /**
   * Whether the page says it is hidden (the view sets it with each visibility event). A frame
   * drawn while hidden (the last one before the browser stops drawing, or every one where it does
   * not) spans time nobody saw, and leaves {@link ignoreNextFrameTime}'s mark for the first frame
   * after the page is shown. @defaultValue false
   */
  pageHidden = false;
  /**
   * Called when the worker failed while it held the world (the world is lost with it): the owner
   * rebuilds the experiment. The solver then stays on this thread.
   */
  onWorkerLost: ((why: string) => void) | null = null;
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
  /** The step participants, in the order they attached (see participant.ts). */
  private readonly participants: StepParticipant[] = [];
  /** What the last step did, filled again for every step and handed to the participants. */
  private readonly report: StepReport = { steps: 0, stepsRun: 0, pairCollisions: 0, wallCollisions: 0, reactions: 0, slotsChanged: false, reorderedFrom: null, onPage: true };
  /**
   * Running totals of real time, in typed cells (a fraction kept in an object field would be a
   * number allocated at each update, and these change every frame): see {@link REAL_SECONDS},
   * {@link SOLVER_MS}, {@link UNSEEN_SECONDS} and {@link SAMPLED_AT}. The readouts take their
   * rates from the differences between two samples.
   */
  readonly timing = new Float64Array(4);
  /** Real seconds between two samples of the readouts: {@link frame} returns true when one is due. @defaultValue 0.25 */
  sampleSeconds = 0.25;

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

  /** Real seconds the page was hidden or frozen, left unsimulated (see {@link ignoreNextFrameTime}). */
  get unseenSeconds(): number {
    return this.timing[UNSEEN_SECONDS];
  }

  /**
   * Attaches a step participant (see participant.ts); returns the function that detaches it. A
   * participant attached twice is told everything twice.
   */
  attach(participant: StepParticipant): () => void {
    this.participants.push(participant);
    return () => {
      const k = this.participants.indexOf(participant);
      if (k >= 0) this.participants.splice(k, 1);
    };
  }

  /**
   * The world was changed in place (a live setting, an edit, Reverse): tells the participants, for
   * whom the run's future starts again here.
   */
  changed(): void {
    for (let k = 0; k < this.participants.length; k++) this.participants[k].worldChanged?.();
  }

  /** Tells the participants that the world was replaced. */
  private replaced(cause: ReplaceCause): void {
    for (let k = 0; k < this.participants.length; k++) this.participants[k].worldReplaced?.(cause);
  }

  /** Where to draw between {@link previous} (0) and {@link positions} (1). */
  get alpha(): number {
    return this.clock.alpha;
  }

  /** {@link alpha} as a one-element view (see {@link FixedStepClock.alphaCell}). */
  get alphaCell(): Float64Array {
    return this.clock.alphaCell;
  }

  /**
   * Swaps in a new world (a rebuilt scene) and starts its clock and counters afresh, at `step`
   * (0 for a new scene; a restored snapshot's step for a run that goes on).
   */
  replaceWorld(world: World, step = 0): void {
    // A world the worker holds is dropped: its replies are ignored, and the next hand-over replaces it.
    this.worker.drop();
    this.stepsOnReturn = 0;
    this.page.replace(world);
    this.clock.reset();
    this.stepsRun = step;
    this.syncPrevious();
    this.replaced('built');
  }

  /**
   * Puts back `world`, an exact copy of this run's world at step `step` (the timeline), drawn at
   * that step.
   */
  rewindTo(world: World, step: number): void {
    this.worker.drop();
    this.stepsOnReturn = 0;
    this.page.replace(world);
    this.clock.reset();
    this.clock.alpha = 1;
    this.stepsRun = step;
    this.syncPrevious();
    this.replaced('rewound');
  }

  /**
   * Another world of this run takes over at the same step (the twin kept), drawn where it is:
   * `previous` holds its positions before its last step. Returns false while a worker holds the
   * world (nothing is done).
   */
  adopt(world: World, previous: Float64Array): boolean {
    if (this.worker.holding) return false;
    this.page.replace(world);
    this.page.takePrevious(previous);
    this.version++;
    this.previousVersion = -++this.otherPrevious;
    this.slotsVersion++;
    this.replaced('adopted');
    return true;
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

  /** A sample of the readouts was taken: the next is due {@link sampleSeconds} of real time from now. */
  markSampled(): void {
    this.timing[SAMPLED_AT] = this.timing[REAL_SECONDS];
  }

  /**
   * One rendered frame: when running, runs the fixed steps owed for `frameDeltaSeconds` of real
   * time (on this page, or asked of the worker), telling the participants about each. Returns
   * true when a sample of the readouts is due ({@link sampleSeconds} of real time since the last).
   */
  frame(frameDeltaSeconds: number, running: boolean): boolean {
    this.framesRendered++;
    let delta = frameDeltaSeconds;
    const unseen = this.skipNextDelta || this.pageHidden;
    if (!this.pageHidden) this.skipNextDelta = false;
    if (delta > 0 && Number.isFinite(delta)) this.timing[unseen ? UNSEEN_SECONDS : REAL_SECONDS] += delta;
    if (unseen) delta = 0;
    let ran = 0;
    // The world goes to the worker while it plays there, and comes back when paused or no longer wanted there.
    const inWorker = running && this.wantsWorker;
    if (inWorker && !this.worker.holding) {
      this.worker.take(this.page.world, this.page.previous);
      this.replaced('lent');
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
      if (steps > 0) for (let k = 0; k < this.participants.length; k++) this.participants[k].beforeSteps?.();
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
      if (ran > 0) {
        this.timing[SOLVER_MS] += this.now() - start;
      }
      if (steps > 0) for (let k = 0; k < this.participants.length; k++) this.participants[k].afterSteps?.();
    }
    this.stepsLastFrame = ran;
    if (ran > this.mostStepsInAFrame) this.mostStepsInAFrame = ran;
    return this.timing[REAL_SECONDS] - this.timing[SAMPLED_AT] >= this.sampleSeconds - 1e-9;
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
    for (let k = 0; k < this.participants.length; k++) this.participants[k].beforeSteps?.();
    const start = this.now();
    this.step();
    this.timing[SOLVER_MS] += this.now() - start;
    this.clock.reset();
    this.clock.alpha = 1;
    for (let k = 0; k < this.participants.length; k++) this.participants[k].afterSteps?.();
  }

  /** Runs one fixed step on this page, keeping the previous positions, and tells the participants. */
  private step(): void {
    const world = this.page.world;
    const renumbered = this.page.step(this.clock.fixedDt);
    this.stepsRun++;
    this.previousVersion = this.version++;
    if (renumbered) {
      this.previousVersion = -++this.otherPrevious;
      this.slotsVersion++;
    }
    const r = this.report;
    r.steps = 1;
    r.stepsRun = this.stepsRun;
    r.pairCollisions = world.lastStep.pairCollisions;
    r.wallCollisions = world.lastStep.wallCollisions;
    r.reactions = world.lastStep.reactions;
    r.slotsChanged = renumbered;
    r.reorderedFrom = renumbered ? world.reorderedFrom : null;
    r.onPage = true;
    for (let k = 0; k < this.participants.length; k++) this.participants[k].afterStep?.(world, r);
  }

  /** A batch from the worker: new positions to draw, and its steps told to the participants. */
  private afterBatch(m: BatchMessage): void {
    // One step, same slots: `previous` is what was drawn until now.
    this.previousVersion = m.steps === 1 && m.slots === null ? this.version : -++this.otherPrevious;
    this.version++;
    if (m.slots !== null) this.slotsVersion++;
    this.batch32.version = this.version;
    this.stepsRun += m.steps;
    const view = this.worker.world;
    const r = this.report;
    r.steps = m.steps;
    r.stepsRun = this.stepsRun;
    r.pairCollisions = m.pairs;
    r.wallCollisions = m.walls;
    r.reactions = m.reactions;
    r.slotsChanged = m.slots !== null;
    r.reorderedFrom = null;
    r.onPage = false;
    this.timing[SOLVER_MS] += m.stepMs;
    for (let k = 0; k < this.participants.length; k++) this.participants[k].afterStep?.(view, r);
  }

  /** The world came back from the worker: it runs on this page again, and steps asked for meanwhile run now. */
  private worldBack(world: World, previous: Float64Array): void {
    this.page.replace(world);
    this.page.takePrevious(previous);
    this.version++;
    this.previousVersion = -++this.otherPrevious;
    this.slotsVersion++;
    this.replaced('returned');
    for (; this.stepsOnReturn > 0; this.stepsOnReturn--) this.stepOnce();
    this.onChange?.();
  }
}
