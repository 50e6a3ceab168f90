/** The stopwatch tool: start, stop, lap and reset, in simulated time (instruments/stopwatch.ts, read by the store). */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatFixed } from '../../i18n/index.ts';

/** The stopwatch's face and buttons (drawn again when the store's reading changes). */
export function StopwatchTool() {
  const store = useSandboxStore();
  const t = useT();
  const r = useStore(store, (s) => s.measure.stopwatch);
  const press = store.getState().pressStopwatch;
  const seconds = (x: number): string => `${formatFixed(t.locale, x, 3)} s`;
  return (
    <div className="stopwatch">
      <p className="measure__big" data-measure="stopwatch" aria-label={t('measure.elapsed')}>
        {seconds(r.elapsed)}
      </p>
      <div className="measure__buttons">
        {r.running ? (
          <button type="button" className="button" onClick={() => press('stop')}>
            {t('measure.stop')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => press('start')}>
            {t('measure.start')}
          </button>
        )}
        <button type="button" className="button" onClick={() => press('lap')} disabled={!r.running}>
          {t('measure.lap')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => press('reset')}>
          {t('measure.reset')}
        </button>
      </div>
      <p className="field__hint">{t('measure.stopwatchHint')}</p>
      {r.laps.length > 0 && (
        <ol className="measure__laps" aria-label={t('measure.laps')}>
          {r.laps.map((lap, k) => (
            <li key={k}>{t('measure.lapRow', { n: String(k + 1), time: seconds(lap), split: seconds(lap - (k > 0 ? r.laps[k - 1] : 0)) })}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
