/**
 * Main-thread time of the sphere renderers' per-frame instance update (writing every sphere's
 * data into the instance buffers), measured with `performance.now()` around the write loop and
 * accumulated in place, so that measuring allocates nothing. The test hook reads it.
 */

/** Accumulated timings of the per-frame instance update. */
export class UpdateTiming {
  /** Frames measured since the last {@link reset}. */
  frames = 0;
  /** Sum of the measured update times, ms. */
  totalMs = 0;
  /** Longest measured update, ms. */
  maxMs = 0;
  /** Spheres in the last measured frame. */
  spheres = 0;
  /** Frames that wrote sphere data (a renderer that writes only new positions skips the others). */
  writingFrames = 0;
  /** Sum of the update times of the frames that wrote, ms. */
  writingMs = 0;
  private started = 0;

  /** Marks the start of one frame's update. */
  begin(): void {
    this.started = performance.now();
  }

  /** Marks the end of the update begun by {@link begin}, which wrote the data of `spheres` spheres. */
  end(spheres: number): void {
    const ms = performance.now() - this.started;
    this.frames++;
    this.totalMs += ms;
    this.writingFrames++;
    this.writingMs += ms;
    if (ms > this.maxMs) this.maxMs = ms;
    this.spheres = spheres;
  }

  /**
   * Counts a frame of `spheres` spheres that had nothing to write (a renderer that writes only
   * new positions): not timed, since reading the clock would be its only work.
   */
  skip(spheres: number): void {
    this.frames++;
    this.spheres = spheres;
  }

  /** Forgets what was measured (for instance after a warm-up). */
  reset(): void {
    this.frames = 0;
    this.totalMs = 0;
    this.writingFrames = 0;
    this.writingMs = 0;
    this.maxMs = 0;
  }
}
