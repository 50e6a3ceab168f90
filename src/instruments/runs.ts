/**
 * The runs table: each recorded run's settings and chosen results. Its columns are the settings
 * that differ from the first row's (the first run's setting stays in its row) and the results; it
 * downloads as CSV. Pure data, updated only when a run is recorded or cleared.
 */

/** One recorded run: its settings (name → value), its results (column name with unit → value), and what the diagrams drew. */
export interface RunRecord {
  settings: Readonly<Record<string, string | number | boolean>>;
  results: Readonly<Record<string, number>>;
  /** The P–V path up to the moment it was recorded (a copy of at most {@link RECORDED_PATH_POINTS} points), or absent when it had none. */
  path?: RecordedPath;
  /** The Graph tool's series up to that moment (a copy of at most {@link RECORDED_SERIES_POINTS} points), or absent when it had none. */
  series?: RecordedSeries;
}

/** Points of a P–V path a recorded run keeps (a longer path is thinned evenly, its first and last points kept). */
export const RECORDED_PATH_POINTS = 1000;

/** Points of a Graph tool series a recorded run keeps (thinned as the path is). */
export const RECORDED_SERIES_POINTS = 1000;

/** A recorded P–V path: volume (m³, or m² in the plane), pressure (Pa, or N/m) and kT (J) of each sample, oldest first. */
export interface RecordedPath {
  readonly volume: Float64Array;
  readonly pressure: Float64Array;
  readonly kT: Float64Array;
}

/** A recorded Graph tool series: the quantities' ids (instruments/graph.ts `quantityId`) and each sample's time (s), x and y. */
export interface RecordedSeries {
  readonly x: string;
  readonly y: string;
  readonly time: Float64Array;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
}

/** Columns of samples as the instruments keep them: `length` valid rows of each column. */
interface Columns {
  readonly length: number;
  readonly columns: readonly Float64Array[];
}

/**
 * Copies the first `length` rows of `columns` into new arrays of at most `max` rows: all of them,
 * or rows chosen evenly from the first to the last (row round(k (n − 1) / (max − 1))).
 */
export function copyColumns(source: Columns, max: number): Float64Array[] {
  const n = source.length;
  const m = Math.min(n, Math.max(2, max));
  return source.columns.map((column) => {
    if (m === n) return column.slice(0, n);
    const out = new Float64Array(m);
    for (let k = 0; k < m; k++) out[k] = column[Math.round((k * (n - 1)) / (m - 1))];
    return out;
  });
}

/** A copy of a P–V path (instruments/first-law.ts `PvPath`: volume, pressure, kT), thinned to `max` points; null when it is empty. */
export function copyPath(path: Columns, max = RECORDED_PATH_POINTS): RecordedPath | null {
  if (path.length === 0) return null;
  const [volume, pressure, kT] = copyColumns(path, max);
  return { volume, pressure, kT };
}

/** A copy of a Graph tool series (time, x, y) of quantities `x` and `y`, thinned to `max` points; null when it is empty. */
export function copySeries(series: Columns, x: string, y: string, max = RECORDED_SERIES_POINTS): RecordedSeries | null {
  if (series.length === 0) return null;
  const [time, xs, ys] = copyColumns(series, max);
  return { x, y, time, xs, ys };
}

/** Spheres up to which each one's final velocity is a result of a run. */
export const RUN_VELOCITY_SPHERES = 10;

/** What a run's record reads: its experiment, the world at the moment shown and the measured wall pressure. */
export interface RunSource {
  readonly settings: Readonly<Record<string, unknown>>;
  readonly preset: string | null;
  readonly edits: readonly { id: number; mass?: number; radius?: number; velocity?: readonly number[] }[];
  readonly world: { readonly time: number; readonly count: number; readonly velocities: Float64Array; idAt(slot: number): number; stats(): { energyLost: number } };
  /** The measured wall pressure, Pa. */
  readonly pressure: number;
  /** The first-law instrument's P–V path (volume, pressure, kT columns). @defaultValue none */
  readonly path?: Columns;
  /** The Graph tool's series (time, x, y columns) and its quantities' ids. @defaultValue none */
  readonly graph?: { readonly series: Columns; readonly x: string; readonly y: string };
}

/**
 * The record of the run now: its settings (each plain setting, the preset, each hand edit as
 * m<id>_kg, r<id>_m and v<id><axis>_start_m_s) and its results (the time, each sphere's velocity
 * for up to {@link RUN_VELOCITY_SPHERES} spheres, the energy lost and the mean wall pressure),
 * with copies of the P–V path and the graph's series when they have points.
 */
export function runRecord(source: RunSource): RunRecord {
  const settings: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(source.settings)) if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') settings[name] = value;
  settings.preset = source.preset ?? '';
  for (const edit of source.edits) {
    if (edit.mass !== undefined) settings[`m${edit.id}_kg`] = edit.mass;
    if (edit.radius !== undefined) settings[`r${edit.id}_m`] = edit.radius;
    if (edit.velocity !== undefined) edit.velocity.forEach((v, k) => (settings[`v${edit.id}${'xyz'[k]}_start_m_s`] = v));
  }
  const world = source.world;
  const results: Record<string, number> = { time_s: world.time };
  if (world.count <= RUN_VELOCITY_SPHERES) {
    for (let slot = 0; slot < world.count; slot++) {
      const id = world.idAt(slot);
      for (let k = 0; k < 3; k++) results[`v${id}${'xyz'[k]}_m_s`] = world.velocities[3 * slot + k];
    }
  }
  results.energy_lost_J = world.stats().energyLost;
  results.mean_pressure_Pa = source.pressure;
  const record: RunRecord = { settings, results };
  const path = source.path ? copyPath(source.path) : null;
  if (path) record.path = path;
  const series = source.graph ? copySeries(source.graph.series, source.graph.x, source.graph.y) : null;
  if (series) record.series = series;
  return record;
}

/** The settings whose value differs in some row from the first row's, in the first row's order. */
export function differingSettings(runs: readonly RunRecord[]): string[] {
  if (runs.length === 0) return [];
  const first = runs[0].settings;
  const names = new Set<string>();
  for (const run of runs) for (const name of Object.keys(run.settings)) if (run.settings[name] !== first[name]) names.add(name);
  for (const run of runs.slice(1)) for (const name of Object.keys(first)) if (!(name in run.settings)) names.add(name);
  return [...names];
}

/** The result columns, in the order first seen. */
export function resultColumns(runs: readonly RunRecord[]): string[] {
  const names = new Set<string>();
  for (const run of runs) for (const name of Object.keys(run.results)) names.add(name);
  return [...names];
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a number in JavaScript's plain form (never localised). */
function field(value: string | number | boolean | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: fields separated by commas, one line per row, a line break after the last (the runs table and the Graph tool write theirs with it). */
export function csvText(rows: readonly (readonly (string | number | boolean | undefined)[])[]): string {
  return rows.map((row) => row.map(field).join(',')).join('\n') + '\n';
}

/** The runs as CSV: a header row (run, the differing settings, the results), then one row per run. */
export function runsCsv(runs: readonly RunRecord[]): string {
  const settings = differingSettings(runs);
  const results = resultColumns(runs);
  const rows: (string | number | boolean | undefined)[][] = [['run', ...settings, ...results]];
  runs.forEach((run, k) => {
    rows.push([k + 1, ...settings.map((s) => run.settings[s]), ...results.map((r) => run.results[r])]);
  });
  return csvText(rows);
}
