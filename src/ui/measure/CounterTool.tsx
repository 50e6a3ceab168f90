/** The collision counter tool: what to count, for how long, and the count (instruments/collision-counter.ts, read by the store). */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { formatFixed, formatPlain } from '../../i18n/index.ts';
import { WALL_NAMES } from '../../solver/index.ts';
import type { CounterTarget } from '../../instruments/index.ts';

/** Reads a target from the select's value: "all", "s<id>" or "w<wall>". */
function targetOf(value: string): CounterTarget {
  if (value.startsWith('s')) return { kind: 'sphere', id: Number(value.slice(1)) };
  if (value.startsWith('w')) return { kind: 'wall', wall: Number(value.slice(1)) };
  return { kind: 'all' };
}

/** The counter's choices, its start and stop, and its count (drawn again when the store's reading changes). */
export function CounterTool() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const [target, setTarget] = useState('all');
  const [period, setPeriod] = useState('');
  const [error, setError] = useState('');
  const counter = useStore(store, (s) => s.measure.counter);
  // The spheres to choose from change with the world.
  useStore(store, (s) => s.scene);
  const { sim } = store.getState();
  const ids = Array.from({ length: sim.count }, (_, s) => sim.world.idAt(s)).sort((a, b) => a - b);
  const start = (e: FormEvent): void => {
    e.preventDefault();
    const seconds = period.trim() === '' ? Infinity : Number(period.replace(',', '.'));
    if (!(seconds > 0)) {
      setError(t('measure.badPeriod', { value: period }));
      return;
    }
    setError(store.getState().startCounter(targetOf(target), seconds) ?? '');
  };
  const stop = (): void => store.getState().stopCounter();
  return (
    <form className="counter" onSubmit={start} noValidate>
      <SelectField id={`${id}-target`} label={t('measure.count')} value={target} onChange={setTarget}>
        <option value="all">{t('measure.countAll')}</option>
        {ids.map((sphere) => (
          <option key={`s${sphere}`} value={`s${sphere}`}>
            {t('inspector.label', { id: String(sphere) })}
          </option>
        ))}
        {WALL_NAMES.map((wall, k) => (
          <option key={`w${k}`} value={`w${k}`}>
            {t('measure.wall', { wall })}
          </option>
        ))}
      </SelectField>
      <TextField id={`${id}-period`} label={t('measure.period')} row={false} value={period} hint={t('measure.periodHint')} error={error} onChange={setPeriod} />
      <div className="measure__buttons">
        <button type="submit" className="button">
          {t('measure.startCount')}
        </button>
        <button type="button" className="button" onClick={stop} disabled={!counter.counting}>
          {t('measure.stop')}
        </button>
      </div>
      <p className="measure__big" data-measure="counter" aria-live="off">
        {counter.started ? formatPlain(t.locale, counter.count) : '—'}
      </p>
      {counter.started && (
        <p className="field__hint">
          {t('measure.countOver', { seconds: formatFixed(t.locale, counter.seconds, 2), running: counter.counting ? t('measure.counting') : t('measure.stopped') })}
        </p>
      )}
    </form>
  );
}
