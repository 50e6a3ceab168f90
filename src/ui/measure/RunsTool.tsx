/**
 * The runs table: Record run adds a row with the settings that differ from the first row's (the
 * settings and the hand edits of spheres) and the results — each sphere's final velocity (up to
 * ten spheres), the kinetic energy lost and the mean wall pressure (instruments/runs.ts; the store
 * records them). Downloads as CSV and can be cleared.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { differingSettings, resultColumns, runsCsv } from '../../instruments/index.ts';
import { downloadText, sig } from '../shared/format.ts';

/** The runs table and its buttons (the runs are the store's: they outlive the panel being folded). */
export function RunsTool() {
  const store = useSandboxStore();
  const t = useT();
  const runs = useStore(store, (s) => s.runs);
  const { recordRun: record, clearRuns } = store.getState();
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
        <button type="button" className="button button--quiet" disabled={runs.length === 0} onClick={clearRuns}>
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
