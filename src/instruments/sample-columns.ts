/**
 * The one store of a sampled history: columns of numbers in typed arrays of a fixed capacity,
 * oldest row first. When full, the older half is dropped, so adding a row never allocates and a
 * reader always sees one contiguous, time-ordered run (the plots' history, the Graph tool's series
 * and the P–V path are each one of these).
 */
export class SampleColumns {
  /** One array per column; rows 0 .. length-1 are valid. */
  readonly columns: Float64Array[];
  /** Number of valid rows. */
  length = 0;
  /** Increments with every change (a redraw is due when it moved). */
  version = 0;

  /** `count` columns of `capacity` rows; `what` names the table in the error for a bad capacity. */
  constructor(count: number, readonly capacity: number, what: string) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`${what} capacity must be a whole number >= 2, got ${capacity}`);
    this.columns = Array.from({ length: count }, () => new Float64Array(capacity));
  }

  /** Makes room for one more row (dropping the older half when full) and returns its index, for the caller to fill. */
  addRow(): number {
    if (this.length === this.capacity) {
      const half = this.capacity >> 1;
      for (const column of this.columns) column.copyWithin(0, half, this.capacity);
      this.length = this.capacity - half;
    }
    this.version++;
    return this.length++;
  }

  /** Keeps the first `rows` rows (fewer than now: the later ones are forgotten). */
  keep(rows: number): void {
    this.length = Math.max(0, Math.min(this.length, rows));
    this.version++;
  }

  /** Forgets every row. */
  clear(): void {
    this.keep(0);
  }
}
