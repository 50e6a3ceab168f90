/**
 * Main-thread time of the sphere renderers' per-frame instance update (writing every sphere's
 * data into the instance buffers), measured with `performance.now()` around the write loop and
 * accumulated in place, so that measuring allocates nothing (the times are kept in a typed array:
 * a double in an object's field may be boxed on the heap at each write). It measures only from
 * the test hook's first reset on: `performance.now()` returns a new number each time, which the
 * frame loop would otherwise allocate every frame. The test hook reads it.
 */

const STARTED = 0;
const TOTAL = 1;
const MAX = 2;
const WRITING = 3;

/** Accumulated timings of the per-frame instance update. */
export class UpdateTiming {
  /** Frames measured since the last {@link reset}. */
  frames = 0;
  /** The start of the frame's update, and the sums and the longest, ms. */
  private readonly ms = new Float64Array(4);
  /** Spheres in the last measured frame. */
  spheres = 0;
  /** Frames that wrote sphere data (a renderer that writes only new positions skips the others). */
  writingFrames = 0;
  /** Whether frames are measured: from the first {@link reset} on (reading the clock boxes a number each time). */
  private measuring = false;

  /** Sum of the measured update times, ms. */
  get totalMs(): number {
    return this.ms[TOTAL];
  }

  /** Longest measured update, ms. */
  get maxMs(): number {
    return this.ms[MAX];
  }

  /** Sum of the update times of the frames that wrote, ms. */
  get writingMs(): number {
    return this.ms[WRITING];
  }

  /** Marks the start of one frame's update. */
  begin(): void {
    if (!this.measuring) return;
    this.ms[STARTED] = performance.now();
  }

  /** Marks the end of the update begun by {@link begin}, which wrote the data of `spheres` spheres. */
  end(spheres: number): void {
    if (!this.measuring) return;
    const t = this.ms;
    const ms = performance.now() - t[STARTED];
    t[TOTAL] += ms;
    t[WRITING] += ms;
    if (ms > t[MAX]) t[MAX] = ms;
    this.frames++;
    this.writingFrames++;
    this.spheres = spheres;
  }

  /**
   * Counts a frame of `spheres` spheres that had nothing to write (a renderer that writes only
   * new positions): not timed, since reading the clock would be its only work.
   */
  skip(spheres: number): void {
    if (!this.measuring) return;
    this.frames++;
    this.spheres = spheres;
  }

  /** Forgets what was measured (for instance after a warm-up), and measures from now on. */
  reset(): void {
    this.measuring = true;
    this.frames = 0;
    this.writingFrames = 0;
    this.ms.fill(0);
  }
}
