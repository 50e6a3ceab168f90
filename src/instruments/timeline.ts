/**
 * The timeline of a run: exact copies of the world kept every so often, from which any earlier
 * step is rebuilt by replaying the steps after the nearest copy. The solver is deterministic, so
 * the rebuilt world is the one that was there, bit for bit, and playing on from it gives exactly
 * the run that happened.
 *
 * A change made to the world in place (a live setting, an edit, Reverse) starts a new future: the
 * copies after it are dropped, and a copy of the changed world is kept (never thinned), so that
 * no replay crosses a change. That copy is made when the run goes on ({@link Timeline.flush}), not
 * at each change: a paused world edited many times (a sphere dragged about, at 100,000 spheres a
 * 24 MB copy each time) is copied once. Memory is bounded: when the copies would take more than
 * {@link TIMELINE_BYTES}, the copy whose neighbours lie closest together is dropped, so the
 * copies stay spread over the whole run, and a replay runs at most the steps between two copies.
 */
import { english, type Translate } from '../i18n/index.ts';
import { cloneWorld, type World } from '../solver/index.ts';
import type { ReplaceCause, Simulation, StepParticipant } from '../runtime/index.ts';

/** The most bytes the copies of one run take together. */
export const TIMELINE_BYTES = 64 * 1024 * 1024;
/** Steps between two copies, at most (a replay runs fewer while the memory allows). */
export const TIMELINE_EVERY = 30;

/** One kept copy. */
interface Snapshot {
  /** The step the copy is at (steps since the scene was built). */
  step: number;
  world: World;
  bytes: number;
  /** Made right after a change to the world: never dropped by thinning. */
  kept: boolean;
}

/** The copies of one run and where it stands. */
export class Timeline {
  private snaps: Snapshot[] = [];
  private bytes = 0;
  /** The furthest step the run has reached on its present line (the end of the bar). */
  end = 0;
  /** The world changed at `step` whose copy is still to be made (the live world: copied before it steps). */
  private pending: { world: World; step: number } | null = null;

  constructor(
    private readonly budget = TIMELINE_BYTES,
    private readonly every = TIMELINE_EVERY,
  ) {}

  /** The copies kept (for tests and the docs' bound; a change's copy counts once made). */
  get snapshots(): number {
    return this.snaps.length;
  }

  /** The bytes the copies take. */
  get memoryBytes(): number {
    return this.bytes;
  }

  /** The first step kept (0 unless the timeline started again mid-run). */
  get start(): number {
    return this.snaps.length > 0 ? this.snaps[0].step : this.end;
  }

  /** Starts a new run from `world` at `step` (0 for a new scene). */
  reset(world: World, step = 0): void {
    this.pending = null;
    this.snaps = [];
    this.bytes = 0;
    this.end = step;
    this.add(world, step, true);
  }

  /**
   * The run is at `step` with `world` (between frames): a copy is made when the last one is
   * {@link TIMELINE_EVERY} steps back or more and the run is past its known end. Returns whether one was made.
   */
  record(world: World, step: number): boolean {
    if (step <= this.end) return false; // replaying the known future: its copies are there
    this.end = step;
    const last = this.snaps[this.snaps.length - 1];
    if (last !== undefined && step - last.step < this.every) return false;
    this.add(world, step, false);
    return true;
  }

  /**
   * The world was changed in place at `step`: the copies after it are dropped, the run ends here
   * for now, and a copy of the changed world is to be kept. It is made by {@link flush}, which
   * the owner calls before the world steps again; until then `world` is held as it is.
   */
  changed(world: World, step: number): void {
    if (this.pending !== null && this.pending.step < step) this.flush(); // an earlier change keeps its copy
    while (this.snaps.length > 0 && this.snaps[this.snaps.length - 1].step >= step) {
      const dropped = this.snaps.pop()!;
      this.bytes -= dropped.bytes;
    }
    this.end = step;
    this.pending = { world, step };
  }

  /** Makes the copy of a changed world that is still to be made (call before that world steps again). */
  flush(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    this.add(p.world, p.step, true);
  }

  /**
   * The world at `step` (0 to {@link end}): a fresh copy of the nearest earlier copy, and the
   * steps to replay from it. Null before the first copy.
   */
  from(step: number): { world: World; step: number } | null {
    this.flush();
    let best: Snapshot | null = null;
    for (const s of this.snaps) {
      if (s.step > step) break;
      best = s;
    }
    return best === null ? null : { world: cloneWorld(best.world), step: best.step };
  }

  private add(world: World, step: number, kept: boolean): void {
    const copy = cloneWorld(world);
    const bytes = copy.memoryBytes();
    this.snaps.push({ step, world: copy, bytes, kept });
    this.bytes += bytes;
    while (this.bytes > this.budget && this.thinOnce()) {
      // dropped one
    }
  }

  /** Drops the unkept copy whose neighbours lie closest together; false when none can go. */
  private thinOnce(): boolean {
    let pick = -1;
    let gap = Infinity;
    // The newest copy stays (the run goes on from it); so does the first.
    for (let k = 1; k < this.snaps.length - 1; k++) {
      if (this.snaps[k].kept) continue;
      const g = this.snaps[k + 1].step - this.snaps[k - 1].step;
      if (g < gap) {
        gap = g;
        pick = k;
      }
    }
    if (pick < 0) return false;
    this.bytes -= this.snaps[pick].bytes;
    this.snaps.splice(pick, 1);
    return true;
  }
}

/** Where the run stands on its timeline (published with the stats, a few times a second). */
export interface TimelineState {
  /** Whether the timeline can be used now (the solver runs on this page). */
  available: boolean;
  /** The step the world is at, since the scene was built. */
  step: number;
  /** The first step that can be gone back to. */
  start: number;
  /** The furthest step the run has reached (a scrub forward goes up to it). */
  end: number;
  /** The fixed step, s (a step's time is step x dt). */
  dt: number;
}

/**
 * The timeline as a step participant: it starts again with each new scene, keeps the copy of a
 * changed world before the world steps on, and goes back to any kept step ({@link seek}). Copies
 * are made by {@link record}, which the owner calls with the stats (between frames, never per frame).
 */
export class RunTimeline implements StepParticipant {
  /** The copies. */
  readonly timeline: Timeline;
  /** A change reached the world while a worker held it: the timeline starts again when it is back. */
  private stale = false;

  constructor(
    private readonly sim: Simulation,
    timeline = new Timeline(),
  ) {
    this.timeline = timeline;
    const world = sim.local;
    if (world !== null) timeline.reset(world, sim.stepsRun);
    else this.stale = true;
  }

  /** The copy of a change is made before the world steps on. */
  beforeSteps(): void {
    this.timeline.flush();
  }

  worldReplaced(cause: ReplaceCause): void {
    const world = this.sim.local;
    if (cause === 'built' && world !== null) {
      this.timeline.reset(world, this.sim.stepsRun);
      this.stale = false;
    } else if (cause === 'returned' && this.stale && world !== null) {
      this.timeline.reset(world, this.sim.stepsRun);
      this.stale = false;
    }
  }

  /** The world changed in place: the run's future starts again from here. */
  worldChanged(): void {
    const world = this.sim.local;
    if (world === null) this.stale = true;
    else this.timeline.changed(world, this.sim.stepsRun);
  }

  /** Keeps a copy of the world every so often (call between frames, with the stats). */
  record(): void {
    const world = this.sim.local;
    if (world === null) return;
    if (this.stale) {
      this.timeline.reset(world, this.sim.stepsRun);
      this.stale = false;
    } else this.timeline.record(world, this.sim.stepsRun);
  }

  /** Where the run stands. Allocates (a few times a second). */
  state(): TimelineState {
    const { sim, timeline } = this;
    return { available: sim.local !== null, step: sim.stepsRun, start: timeline.start, end: Math.max(timeline.end, sim.stepsRun), dt: sim.clock.fixedDt };
  }

  /**
   * The world at `step`, clamped to the kept range, exactly as it was: the nearest earlier copy
   * replayed to it, for the store to put in its place (`Simulation.rewindTo`). Returns why not (in
   * the language of `t`) when there is none.
   */
  worldAt(step: number, t: Translate = english): { world: World; step: number } | string {
    const { sim, timeline } = this;
    const world = sim.local;
    if (world === null) return t('store.timelineNeedsPage');
    const target = Math.min(Math.max(Math.round(step), timeline.start), Math.max(timeline.end, sim.stepsRun));
    if (!Number.isFinite(target)) return t('store.stepNotNumber', { value: String(step) });
    // The run so far is kept before leaving it (the newest steps may have no copy yet).
    timeline.record(world, sim.stepsRun);
    const from = timeline.from(target);
    if (from === null) return t('store.nothingKept');
    const dt = sim.clock.fixedDt;
    for (let k = from.step; k < target; k++) from.world.step(dt);
    return { world: from.world, step: target };
  }
}
