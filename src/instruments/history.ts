/**
 * The time series the plots draw and the CSV export writes: one sample per stats window (a few
 * per second) in the columns of a {@link SampleColumns}.
 */
import { SampleColumns } from './sample-columns.ts';

/** Column names of {@link History}, in order; units in the CSV header. */
export const HISTORY_COLUMNS = ['time_s', 'kinetic_J', 'potential_J', 'total_J', 'px_kg_m_s', 'py_kg_m_s', 'pz_kg_m_s', 'p_kg_m_s'] as const;

/** A fixed-capacity table of samples, oldest first (see {@link SampleColumns}). */
export class History extends SampleColumns {
  constructor(capacity = 1200) {
    super(HISTORY_COLUMNS.length, capacity, 'History');
  }

  /** Appends one row: time, kinetic, potential, momentum x y z (total and |p| are derived). */
  push(time: number, kinetic: number, potential: number, px: number, py: number, pz: number): void {
    const k = this.addRow();
    const c = this.columns;
    c[0][k] = time;
    c[1][k] = kinetic;
    c[2][k] = potential;
    c[3][k] = kinetic + potential;
    c[4][k] = px;
    c[5][k] = py;
    c[6][k] = pz;
    c[7][k] = Math.sqrt(px * px + py * py + pz * pz);
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
    this.keep(this.rowsUpTo(time));
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
