/**
 * The runs table: each recorded run's settings and chosen results. Its columns are the settings
 * that differ from the first row's (the first run's setting stays in its row) and the results; it
 * downloads as CSV. Pure data, updated only when a run is recorded or cleared.
 */

/** One recorded run: its settings (name → value) and its results (column name with unit → value). */
export interface RunRecord {
  settings: Readonly<Record<string, string | number | boolean>>;
  results: Readonly<Record<string, number>>;
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
}

/**
 * The record of the run now: its settings (each plain setting, the preset, each hand edit as
 * m<id>_kg, r<id>_m and v<id><axis>_start_m_s) and its results (the time, each sphere's velocity
 * for up to {@link RUN_VELOCITY_SPHERES} spheres, the energy lost and the mean wall pressure).
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
  return { settings, results };
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
