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
