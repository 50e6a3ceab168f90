/**
 * The what-if twin's controls, in the classroom panel: pick a setting and a value, start a twin of
 * the run as it is now; while it runs, the legend (which is which, what differs), Keep twin and
 * Drop twin. Also the legend over the view and the readouts side by side. Everything here
 * re-renders only when the store publishes (a few times a second).
 */
import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatFixed, formatNumber, formatPlain, type Translate } from '../../i18n/index.ts';
import { parseNumberInput } from '../../experiment/index.ts';
import { checkChange, describeChange, TWIN_LABELS, twinSettingsOpen, type TwinChange, type TwinSetting } from '../../experiment/index.ts';
import type { TwinState } from '../../instruments/index.ts';
import { sig } from '../shared/format.ts';
import { TextField } from '../shared/TextField.tsx';
import './whatif.css';

/** The run's own value of a changed setting, as the legend writes it. */
function originalText(twin: TwinState, t: Translate): string {
  const v = twin.original;
  if (!Number.isFinite(v)) return '';
  return describeChange({ ...twin.spec, value: Number(v.toPrecision(6)) }, t);
}

/** A value to offer for a setting, given the run's own (so the twin differs). */
function suggestion(setting: TwinSetting, current: number): string {
  switch (setting) {
    case 'restitution':
    case 'wallRestitution':
      return current === 1 ? '0.8' : '1';
    case 'gravity':
      return current === 0 ? '9.81' : '0';
    case 'mass':
      return Number.isFinite(current) ? String(Number((2 * current).toPrecision(6))) : '2';
    case 'pistonSpeed':
      return Number.isFinite(current) && current > 0 ? String(Number((10 * current).toPrecision(6))) : '1';
  }
}

/** The two swatches and what each shows. */
function Legend({ twin, compact = false }: { twin: TwinState; compact?: boolean }) {
  const dt = useSandbox((s) => s.timeline.dt);
  const t = useT();
  const from = twin.stats ? t('twin.from', { time: formatFixed(t.locale, twin.spec.step * dt, 2) }) : '';
  const original = originalText(twin, t);
  return (
    <ul className={`twin-legend${compact ? ' twin-legend--compact' : ''}`} aria-label={t('twin.legend')} data-twin-legend="">
      <li>
        <span className="twin-legend__swatch twin-legend__swatch--run" aria-hidden="true" />
        <span>
          <strong>{t('twin.run')}</strong> {t('twin.runNote')}
          {original ? `: ${original}` : ''}
        </span>
      </li>
      <li>
        <span className="twin-legend__swatch twin-legend__swatch--twin" aria-hidden="true" />
        <span>
          <strong>{t('twin.whatIf')}</strong> {t('twin.whatIfNote')}: {describeChange(twin.spec, t)}
          {from && !compact ? `, ${from}` : ''}
        </span>
      </li>
    </ul>
  );
}

/** The legend over the view while a twin runs. */
export function TwinLegend() {
  const twin = useSandbox((s) => s.twin);
  if (twin === null || !twin.active) return null;
  return (
    <div className="twin-banner" data-covers-view="">
      <Legend twin={twin} compact />
    </div>
  );
}

/** The run's readouts and the twin's, side by side, while a twin runs. */
export function TwinReadouts() {
  const { twin, stats } = useSandbox(useShallow((s) => ({ twin: s.twin, stats: s.stats })));
  const t = useT();
  const locale = t.locale;
  if (twin === null || twin.stats === null) return null;
  const w = twin.stats;
  const rows: [string, string, string, string][] = [
    ['kinetic', t('twin.kinetic'), sig(stats.kineticEnergy, 4, locale), sig(w.kineticEnergy, 4, locale)],
    ['total', t('twin.total'), sig(stats.kineticEnergy + stats.potentialEnergy, 4, locale), sig(w.kineticEnergy + w.potentialEnergy, 4, locale)],
    ['momentum-magnitude', t('twin.momentum'), sig(Math.hypot(...stats.momentum), 4, locale), sig(Math.hypot(...w.momentum), 4, locale)],
    ['collision-total', t('twin.collisions'), formatNumber(locale, stats.pairCollisionsTotal), formatNumber(locale, w.pairCollisionsTotal)],
  ];
  return (
    <table className="twin-readouts" data-twin-readouts="">
      <caption>{t('twin.readouts')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('twin.quantity')}</th>
          <th scope="col">{t('twin.runColumn')}</th>
          <th scope="col">{t('twin.whatIf')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, label, run, what]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td data-run-readout={key}>{run}</td>
            <td data-twin-readout={key}>{what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Start, keep and drop a what-if twin. */
export function WhatIfPanel() {
  const store = useSandboxStore();
  const id = useId();
  const t = useT();
  const twin = useSandbox((s) => s.twin);
  const available = useSandbox((s) => s.timeline.available);
  const selected = useSandbox((s) => s.selected);
  const dt = useSandbox((s) => s.timeline.dt);
  // The run's own values are read from its world when the settings or the scene change.
  useSandbox((s) => s.settings);
  useSandbox((s) => s.sceneVersion);
  // A student view's locks take their settings out of the menu (keeping a twin would change the run's).
  const open = useSandbox(useShallow((s) => twinSettingsOpen(s.studentView)));
  const [chosen, setSetting] = useState<TwinSetting>('restitution');
  const setting = open.includes(chosen) ? chosen : (open[0] ?? chosen);
  const [value, setValue] = useState<string | null>(null);
  const [sphere, setSphere] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const sphereText = sphere ?? (selected !== null ? String(selected) : '0');
  const currentOf = (s: TwinSetting): number => {
    const world = store.getState().sim.local;
    if (world === null) return NaN;
    if (s === 'restitution') return world.options.restitution;
    if (s === 'wallRestitution') return world.options.wallRestitution;
    if (s === 'gravity') return Math.hypot(...world.gravity);
    if (s === 'pistonSpeed') return Math.abs(world.wallState('+y').velocity);
    const slot = world.indexOf(Number(sphereText));
    return slot >= 0 ? world.masses[slot] : NaN;
  };
  const valueText = value ?? suggestion(setting, currentOf(setting));

  if (twin !== null) {
    return (
      <div className="twin" data-twin={twin.active ? 'running' : 'waiting'}>
        {twin.active ? (
          <Legend twin={twin} />
        ) : (
          <p className="field__hint" data-twin="waiting">
            {t('twin.waiting', { change: describeChange(twin.spec, t), time: formatFixed(t.locale, twin.spec.step * dt, 2) })}
          </p>
        )}
        <div className="twin__actions">
          {twin.active && (
            <button type="button" className="button button--primary" data-action="keep-twin" onClick={() => setMessage(store.getState().keepTwin())}>
              {t('twin.keep')}
            </button>
          )}
          <button type="button" className="button" data-action="drop-twin" onClick={() => store.getState().dropTwin()}>
            {t('twin.drop')}
          </button>
        </div>
        {twin.active && <TwinReadouts />}
        {twin.active && <p className="field__hint">{t('twin.keepDropHint')}</p>}
        {message && (
          <p className="field__message field__message--error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  }

  const start = (): void => {
    const parsed = parseNumberInput(valueText, t.locale !== 'en');
    const change: TwinChange = { setting, value: parsed as number };
    if (setting === 'mass') change.sphere = Number(sphereText);
    if (setting === 'mass' && !/^\d{1,8}$/.test(sphereText.trim())) {
      setMessage(t('twin.sphereNumber', { got: JSON.stringify(sphereText) }));
      return;
    }
    const problem = typeof parsed === 'string' ? t('edit.notNumber', { name: t(TWIN_LABELS[setting]), got: parsed.trim() === '' ? t('edit.nothing') : JSON.stringify(parsed) }) : checkChange(change, undefined, t);
    const refused = problem ?? store.getState().startTwin(change);
    setMessage(refused);
    if (refused === null) setValue(null);
  };

  return (
    <form
      className="twin"
      data-twin="off"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <p className="field__hint">{t('twin.intro')}</p>
      <div className="field">
        <div className="field__row">
          <label className="field__label" htmlFor={`${id}-setting`}>
            {t('twin.whatIf')}
          </label>
          <select
            id={`${id}-setting`}
            className="field__select"
            value={setting}
            data-twin-field="setting"
            onChange={(e) => {
              setSetting(e.target.value as TwinSetting);
              setValue(null);
              setMessage(null);
            }}
          >
            {open.map((s) => (
              <option key={s} value={s}>
                {t(TWIN_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {setting === 'mass' && (
        <TextField id={`${id}-sphere`} label={t('twin.sphere')} kind="numeric" value={sphereText} data={{ 'data-twin-field': 'sphere' }} onChange={setSphere} />
      )}
      <TextField
        id={`${id}-value`}
        label={t('twin.newValue')}
        unit={setting === 'gravity' ? t('twin.gravityUnit') : setting === 'mass' ? '(kg)' : setting === 'pistonSpeed' ? '(m/s)' : undefined}
        value={valueText}
        hint={t('twin.current', { value: Number.isFinite(currentOf(setting)) ? formatPlain(t.locale, Number(currentOf(setting).toPrecision(6))) : '–' })}
        error={message}
        data={{ 'data-twin-field': 'value' }}
        onChange={(typed) => {
          setValue(typed);
          setMessage(null);
        }}
      />
      <button type="submit" className="button button--primary" data-action="start-twin" disabled={!available || open.length === 0}>
        {t('twin.start')}
      </button>
      {!available && <p className="field__hint">{t('twin.offPage')}</p>}
    </form>
  );
}
