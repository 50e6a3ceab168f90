/**
 * The runs table: Record run adds a row with the settings that differ from the first row's (the
 * settings and the hand edits of spheres) and the results — each sphere's final velocity (up to
 * ten spheres), the kinetic energy lost and the mean wall pressure (instruments/runs.ts). Downloads
 * as CSV and can be cleared.
 */
import { useState } from 'react';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { differingSettings, resultColumns, runsCsv, type RunRecord } from '../../instruments/index.ts';
import { downloadText, sig } from '../format.ts';

/** Spheres up to which each one's final velocity is a result. */
const VELOCITY_SPHERES = 10;

/** The runs recorded on this page, per store (they outlive the panel being folded). */
const recorded = new WeakMap<object, RunRecord[]>();

/** The runs table and its buttons. */
export function RunsTool() {
  const store = useSandboxStore();
  const t = useT();
  const [runs, setRuns] = useState<RunRecord[]>(() => recorded.get(store) ?? []);
  const update = (next: RunRecord[]): void => {
    recorded.set(store, next);
    setRuns(next);
  };
  const record = (): void => {
    const s = store.getState();
    const settings: Record<string, string | number | boolean> = {};
    for (const [name, value] of Object.entries(s.settings)) if (typeof value !== 'object') settings[name] = value;
    settings.preset = s.preset ?? '';
    for (const edit of s.edits) {
      if (edit.mass !== undefined) settings[`m${edit.id}_kg`] = edit.mass;
      if (edit.radius !== undefined) settings[`r${edit.id}_m`] = edit.radius;
      if (edit.velocity !== undefined) edit.velocity.forEach((v, k) => (settings[`v${edit.id}${'xyz'[k]}_start_m_s`] = v));
    }
    const world = s.sim.world;
    const results: Record<string, number> = { time_s: world.time };
    if (world.count <= VELOCITY_SPHERES) {
      for (let slot = 0; slot < world.count; slot++) {
        const id = world.idAt(slot);
        for (let k = 0; k < 3; k++) results[`v${id}${'xyz'[k]}_m_s`] = world.velocities[3 * slot + k];
      }
    }
    results.energy_lost_J = world.stats().energyLost;
    results.mean_pressure_Pa = s.stats.pressureMeasured;
    update([...runs, { settings, results }]);
  };
  const settings = differingSettings(runs);
  const results = resultColumns(runs);
  const cell = (v: string | number | boolean | undefined): string => (typeof v === 'number' ? sig(v, 4, t.locale) : v === undefined ? '' : String(v));
  return (
    <div className="runs">
      <div className="measure__buttons">
        <button type="button" className="button" onClick={record}>
          {t('measure.record')}
        </button>
        <button type="button" className="button" disabled={runs.length === 0} onClick={() => downloadText('runs.csv', runsCsv(runs))}>
          {t('measure.downloadCsv')}
        </button>
        <button type="button" className="button button--quiet" disabled={runs.length === 0} onClick={() => update([])}>
          {t('measure.clear')}
        </button>
      </div>
      {runs.length === 0 ? (
        <p className="field__hint">{t('measure.runsEmpty')}</p>
      ) : (
        <div className="measure__scroll" tabIndex={0} role="region" aria-label={t('measure.runsCaption')}>
          <table className="measure__table" data-measure="runs">
            <caption className="visually-hidden">{t('measure.runsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('measure.run')}</th>
                {[...settings, ...results].map((name) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {runs.map((run, k) => (
                <tr key={k}>
                  <th scope="row">{k + 1}</th>
                  {settings.map((name) => (
                    <td key={name}>{cell(run.settings[name])}</td>
                  ))}
                  {results.map((name) => (
                    <td key={name}>{cell(run.results[name])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
