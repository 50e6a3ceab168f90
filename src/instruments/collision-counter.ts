/**
 * The collision counter: counts the collisions of one sphere, of one wall, or of everything, over
 * a sample period (started and stopped by hand, or a set number of seconds). It keeps the simulated
 * time of each collision it counts in a typed array, so that after the timeline goes back it reads
 * the count of the line the run is on (the collisions at or before the world's time); no
 * allocation after each step.
 */
import type { ReplaceCause, StepParticipant, StepReport, WorldView } from '../runtime/index.ts';
import { wallOf } from '../solver/index.ts';

/** What is counted: every collision, those of one sphere (by id), or those on one wall (0..5 = -x, +x, -y, +y, -z, +z). */
export type CounterTarget = { kind: 'all' } | { kind: 'sphere'; id: number } | { kind: 'wall'; wall: number };

/** Counts collisions matching a target in a sample period; a step participant. */
export class CollisionCounter implements StepParticipant {
  private readonly times: Float64Array;
  private held = 0;
  /** The latest step counted (`StepReport.stepsRun`). */
  private newestStep = -1;
  /** The target counted. */
  target: CounterTarget = { kind: 'all' };
  /** Start of the sample period (simulated s), or NaN when none was started. */
  from = NaN;
  /** End of the sample period (simulated s): Infinity while counting until stopped. */
  until = Infinity;

  constructor(
    private readonly sim: { readonly world: { readonly time: number }; readonly stepsRun: number },
    readonly capacity = 100_000,
  ) {
    this.times = new Float64Array(capacity);
  }

  /** Starts a new sample at `time`, for `seconds` (Infinity: until stopped), counting `target`. */
  start(time: number, target: CounterTarget, seconds = Infinity): void {
    if (!(seconds > 0)) throw new RangeError(`Counter period must be a positive number of seconds, got ${seconds}`);
    this.target = target;
    this.from = time;
    this.until = time + seconds;
    this.held = 0;
    this.newestStep = -1;
  }

  /** Ends the sample at `time`. */
  stop(time: number): void {
    if (!Number.isNaN(this.from) && time < this.until) this.until = Math.max(time, this.from);
  }

  /** Forgets the sample. */
  clear(): void {
    this.from = NaN;
    this.until = Infinity;
    this.held = 0;
    this.newestStep = -1;
  }

  /** Whether the sample is counting at simulated time `time`. */
  counting(time: number): boolean {
    return time >= this.from && time < this.until;
  }

  /** The count at simulated time `time`: the counted collisions at or before it. */
  count(time: number): number {
    let n = this.held;
    while (n > 0 && this.times[n - 1] > time) n--;
    return n;
  }

  afterStep(world: WorldView, report: Readonly<StepReport>): void {
    if (Number.isNaN(this.from)) return;
    // A step replayed after the timeline went back was counted already.
    if (report.stepsRun <= this.newestStep) return;
    this.newestStep = report.stepsRun;
    const ev = world.events;
    const target = this.target;
    for (let k = 0; k < ev.count; k++) {
      const t = ev.time[k];
      if (t < this.from || t > this.until) continue;
      const b = ev.b[k];
      const match = target.kind === 'all' || (target.kind === 'sphere' ? ev.a[k] === target.id || b === target.id : wallOf(b) === target.wall);
      if (!match || this.held === this.capacity) continue;
      this.times[this.held++] = t;
    }
  }

  worldChanged(): void {
    // A change starts a new future here: the collisions counted after it are gone.
    this.held = this.count(this.sim.world.time);
    this.newestStep = this.sim.stepsRun;
  }

  worldReplaced(cause: ReplaceCause): void {
    if (cause === 'built') this.clear();
  }
}
