/**
 * The fixed-timestep clock: turns variable frame times into a whole number of equal solver steps,
 * and says how far between the last two steps the picture should be drawn.
 */

/** Options of {@link FixedStepClock}. */
export interface ClockOptions {
  /** Simulated seconds per solver step. @defaultValue 1 / 60 */
  fixedDt?: number;
  /**
   * Longest frame delta taken into account, real seconds. A hidden tab or a debugger pause
   * reports a delta of seconds or minutes; catching up on all of it would freeze the page.
   * @defaultValue 0.25
   */
  maxFrameDelta?: number;
  /**
   * Most solver steps taken in one frame. When the solver is slower than real time the clock
   * drops the backlog instead of falling further behind every frame (the spiral of death).
   * @defaultValue 8
   */
  maxStepsPerFrame?: number;
}

const ACC = 0;
const ALPHA = 1;
const DROPPED = 2;

/**
 * Accumulates real frame time (clamped, times the time scale) and pays it out in fixed steps.
 * Allocation-free; one instance per simulation.
 */
export class FixedStepClock {
  /** Simulated seconds per step. */
  readonly fixedDt: number;
  /** Longest frame delta counted, real seconds. */
  readonly maxFrameDelta: number;
  /** Most steps per frame. */
  readonly maxStepsPerFrame: number;
  /**
   * [ACC] accumulator, [ALPHA] alpha, [DROPPED] dropped: kept in a typed array, since a number
   * stored in an object field is boxed (allocated) on every frame's update.
   */
  private readonly state = new Float64Array(3);
  /**
   * The alpha as a one-element view, for copying it into another typed array with `set`: a
   * renderer's frame loop that may still run unoptimized then handles no number (each would be
   * allocated).
   */
  readonly alphaCell = this.state.subarray(ALPHA, ALPHA + 1);

  /** Simulated time owed but not yet stepped, s; always in [0, fixedDt) after {@link advance}. */
  get accumulator(): number {
    return this.state[ACC];
  }
  set accumulator(value: number) {
    this.state[ACC] = value;
  }
  /**
   * Where to draw between the previous and the current step, in [0, 1): the leftover
   * accumulator over the fixed step.
   */
  get alpha(): number {
    return this.state[ALPHA];
  }
  set alpha(value: number) {
    this.state[ALPHA] = value;
  }
  /** Simulated time dropped so far because a frame hit the step cap, s. */
  get dropped(): number {
    return this.state[DROPPED];
  }
  set dropped(value: number) {
    this.state[DROPPED] = value;
  }

  constructor(options: ClockOptions = {}) {
    this.fixedDt = options.fixedDt ?? 1 / 60;
    this.maxFrameDelta = options.maxFrameDelta ?? 0.25;
    this.maxStepsPerFrame = options.maxStepsPerFrame ?? 8;
    if (!(this.fixedDt > 0) || !Number.isFinite(this.fixedDt)) throw new RangeError(`fixedDt must be a finite number > 0, got ${this.fixedDt}`);
    if (!(this.maxFrameDelta > 0)) throw new RangeError(`maxFrameDelta must be > 0, got ${this.maxFrameDelta}`);
    if (!Number.isInteger(this.maxStepsPerFrame) || this.maxStepsPerFrame < 1) {
      throw new RangeError(`maxStepsPerFrame must be a whole number >= 1, got ${this.maxStepsPerFrame}`);
    }
  }

  /**
   * Takes one frame's real delta (seconds) and the time scale, and returns how many fixed steps
   * to run now. A negative, NaN or infinite delta counts as zero (clocks do jump backwards).
   */
  advance(frameDeltaSeconds: number, timeScale = 1): number {
    const st = this.state;
    const delta = frameDeltaSeconds > 0 && Number.isFinite(frameDeltaSeconds) ? Math.min(frameDeltaSeconds, this.maxFrameDelta) : 0;
    const scale = timeScale > 0 && Number.isFinite(timeScale) ? timeScale : 0;
    st[ACC] += delta * scale;
    // A tiny tolerance so that, say, 60 deltas of 1/60 s make exactly 60 steps despite rounding.
    let steps = Math.floor(st[ACC] / this.fixedDt + 1e-9);
    if (steps > this.maxStepsPerFrame) {
      st[DROPPED] += (steps - this.maxStepsPerFrame) * this.fixedDt;
      steps = this.maxStepsPerFrame;
    }
    st[ACC] = Math.max(0, st[ACC] - steps * this.fixedDt);
    if (st[ACC] >= this.fixedDt) {
      // Only after the cap: keep the fraction, drop whole steps of backlog.
      st[ACC] %= this.fixedDt;
    }
    st[ALPHA] = Math.min(st[ACC] / this.fixedDt, 1);
    return steps;
  }

  /** Forgets any owed time (on pause, play, rebuild). */
  reset(): void {
    this.accumulator = 0;
    this.alpha = 0;
  }
}
