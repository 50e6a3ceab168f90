/**
 * The time series the plots draw and the CSV export writes: one sample per stats window (a few
 * per second) in fixed columns of typed arrays. When full, the older half is dropped, so pushing
 * never allocates and the plots always see one contiguous, time-ordered run.
 */

/** Column names of {@link History}, in order; units in the CSV header. */
export const HISTORY_COLUMNS = ['time_s', 'kinetic_J', 'potential_J', 'total_J', 'px_kg_m_s', 'py_kg_m_s', 'pz_kg_m_s', 'p_kg_m_s'] as const;

/** A fixed-capacity table of samples, oldest first. */
export class History {
  /** One array per column of {@link HISTORY_COLUMNS}; entries 0 .. length-1 are valid. */
  readonly columns: Float64Array[];
  /** Number of valid rows. */
  length = 0;
  /** Increments on every push or clear (the plots redraw when it changes). */
  version = 0;

  constructor(readonly capacity = 1200) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`History capacity must be a whole number >= 2, got ${capacity}`);
    this.columns = HISTORY_COLUMNS.map(() => new Float64Array(capacity));
  }

  /** Appends one row: time, kinetic, potential, momentum x y z (total and |p| are derived). */
  push(time: number, kinetic: number, potential: number, px: number, py: number, pz: number): void {
    if (this.length === this.capacity) {
      const half = this.capacity >> 1;
      for (const column of this.columns) column.copyWithin(0, half, this.capacity);
      this.length = this.capacity - half;
    }
    const k = this.length++;
    const c = this.columns;
    c[0][k] = time;
    c[1][k] = kinetic;
    c[2][k] = potential;
    c[3][k] = kinetic + potential;
    c[4][k] = px;
    c[5][k] = py;
    c[6][k] = pz;
    c[7][k] = Math.sqrt(px * px + py * py + pz * pz);
    this.version++;
  }

  /** The number of rows at or before `time` (all of them unless the run went back). */
  rowsUpTo(time: number): number {
    const t = this.columns[0];
    let n = this.length;
    while (n > 0 && t[n - 1] > time) n--;
    return n;
  }

  /** Forgets the rows after `time` (a change made there starts a new future). */
  truncate(time: number): void {
    const t = this.columns[0];
    while (this.length > 0 && t[this.length - 1] > time) this.length--;
    this.version++;
  }

  /** Forgets every row (a new scene). */
  clear(): void {
    this.length = 0;
    this.version++;
  }

  /**
   * The table as CSV text with a header row (full precision, '.' decimals): the rows at or before
   * `time` (all by default; after the timeline went back, the present line's).
   */
  toCsv(time = Infinity): string {
    const lines = [HISTORY_COLUMNS.join(',')];
    const rows = this.rowsUpTo(time);
    for (let k = 0; k < rows; k++) lines.push(this.columns.map((c) => String(c[k])).join(','));
    return lines.join('\n') + '\n';
  }
}
