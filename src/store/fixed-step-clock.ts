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
  /** Simulated time owed but not yet stepped, s; always in [0, fixedDt) after {@link advance}. */
  accumulator = 0;
  /**
   * Where to draw between the previous and the current step, in [0, 1): the leftover
   * accumulator over the fixed step.
   */
  alpha = 0;
  /** Simulated time dropped so far because a frame hit the step cap, s. */
  dropped = 0;

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
    const delta = frameDeltaSeconds > 0 && Number.isFinite(frameDeltaSeconds) ? Math.min(frameDeltaSeconds, this.maxFrameDelta) : 0;
    const scale = timeScale > 0 && Number.isFinite(timeScale) ? timeScale : 0;
    this.accumulator += delta * scale;
    // A tiny tolerance so that, say, 60 deltas of 1/60 s make exactly 60 steps despite rounding.
    let steps = Math.floor(this.accumulator / this.fixedDt + 1e-9);
    if (steps > this.maxStepsPerFrame) {
      this.dropped += (steps - this.maxStepsPerFrame) * this.fixedDt;
      steps = this.maxStepsPerFrame;
    }
    this.accumulator = Math.max(0, this.accumulator - steps * this.fixedDt);
    if (this.accumulator >= this.fixedDt) {
      // Only after the cap: keep the fraction, drop whole steps of backlog.
      this.accumulator %= this.fixedDt;
    }
    this.alpha = Math.min(this.accumulator / this.fixedDt, 1);
    return steps;
  }

  /** Forgets any owed time (on pause, play, rebuild). */
  reset(): void {
    this.accumulator = 0;
    this.alpha = 0;
  }
}
