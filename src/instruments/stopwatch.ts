/**
 * The stopwatch: start, stop, lap and reset, in simulated time. It keeps the simulated times at
 * which each button was pressed and reads itself at any time `t` by replaying the presses made at
 * or before `t`. A paused run's time stands still, so the stopwatch stands still with it; after the
 * timeline goes back to an earlier step, it reads what it read then, and a press made there
 * forgets the presses of the abandoned future.
 */
import type { ReplaceCause, StepParticipant } from '../runtime/index.ts';

/** One press of a stopwatch button. */
type Press = { kind: 'start' | 'stop' | 'lap' | 'reset'; time: number };

/** What the stopwatch shows at one moment. */
export interface StopwatchReading {
  /** Simulated time measured, s. */
  elapsed: number;
  /** Whether it is counting. */
  running: boolean;
  /** The elapsed time at each lap, s, oldest first. */
  laps: number[];
}

/** A stopwatch over simulated time (a few presses: no per-step work); a participant only to hear of a new scene. */
export class Stopwatch implements StepParticipant {
  private presses: Press[] = [];

  /** Starts counting at simulated time `time` (nothing when it already counts). */
  start(time: number): void {
    if (!this.read(time).running) this.press('start', time);
  }

  /** Stops counting at `time` (nothing when it is stopped). */
  stop(time: number): void {
    if (this.read(time).running) this.press('stop', time);
  }

  /** Marks a lap at `time` (only while counting). */
  lap(time: number): void {
    if (this.read(time).running) this.press('lap', time);
  }

  /** Sets it back to zero, stopped, at `time`. */
  reset(time: number): void {
    this.press('reset', time);
  }

  /** Forgets every press (a new scene: its time starts again at zero). */
  clear(): void {
    this.presses = [];
  }

  /** What it shows at simulated time `time`: the presses made at or before `time`, replayed. Allocates (for display). */
  read(time: number): StopwatchReading {
    let elapsed = 0;
    let since = NaN;
    let laps: number[] = [];
    for (const p of this.presses) {
      if (p.time > time) break;
      if (p.kind === 'start') since = p.time;
      else if (p.kind === 'stop') {
        elapsed += p.time - since;
        since = NaN;
      } else if (p.kind === 'lap') laps.push(elapsed + p.time - since);
      else {
        elapsed = 0;
        since = NaN;
        laps = [];
      }
    }
    const running = !Number.isNaN(since);
    return { elapsed: running ? elapsed + time - since : elapsed, running, laps };
  }

  worldReplaced(cause: ReplaceCause): void {
    if (cause === 'built') this.clear();
  }

  private press(kind: Press['kind'], time: number): void {
    // A press after the timeline went back starts a new future: the later presses are gone.
    let n = this.presses.length;
    while (n > 0 && this.presses[n - 1].time > time) n--;
    this.presses.length = n;
    this.presses.push({ kind, time });
  }
}
