/**
 * Predict, then reveal, in the classroom panel (the two-body experiments): a switch; while the
 * run waits before the collision, each sphere's predicted velocity after it (typed here, or
 * dragged at the tip of the selected sphere's arrow in the view) and a Reveal button; after the
 * reveal, the prediction beside the solver's exact velocities, with the error in each and in the
 * momentum and kinetic energy.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { parseNumberInput } from '../../experiment/index.ts';
import { PREDICT_PRESETS, totals, velocityError, type PredictState, type Velocity } from '../../instruments/index.ts';
import { sig, vec } from '../shared/format.ts';
import './predict.css';

const AXES = ['x', 'y', 'z'] as const;

/** The fields of one sphere's predicted velocity. */
function VelocityFields({ index, id, value, axes }: { index: number; id: number; value: Velocity; axes: number }) {
  const store = useSandboxStore();
  const base = useId();
  const t = useT();
  const [message, setMessage] = useState('');
  const [text, setText] = useState(() => value.map((x) => String(Number(x.toPrecision(6)))));
  const apply = (k: number, typed: string): void => {
    const next = text.slice();
    next[k] = typed;
    setText(next);
    const numbers = next.map((x) => (x.trim() === '' ? '' : parseNumberInput(x, t.locale !== 'en')));
    // The store checks the values and answers in the sandbox's language.
    const refused = store.getState().setPrediction(index, numbers as unknown as Velocity);
    setMessage(refused ?? '');
  };
  return (
    <fieldset className="predict__sphere" data-predict-sphere={id}>
      <legend>{t('predict.sphereAfter', { id: String(id) })}</legend>
      <div className="predict__fields">
        {AXES.slice(0, axes).map((axis, k) => (
          <label key={axis} className="predict__field" htmlFor={`${base}-${axis}`}>
            v{axis}
            <input
              id={`${base}-${axis}`}
              className="field__input"
              inputMode="decimal"
              value={text[k]}
              aria-invalid={message !== '' || undefined}
              onChange={(e) => apply(k, e.target.value)}
              data-predict={`${id}-${axis}`}
            />
          </label>
        ))}
      </div>
      {message && (
        <p className="field__message field__message--error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}

/** The prediction beside the solver's result. */
function Result({ p }: { p: PredictState }) {
  const actual = p.actual!;
  const before = totals(p.masses, p.before);
  const guess = totals(p.masses, p.predicted);
  const after = totals(p.masses, actual);
  const t = useT();
  const locale = t.locale;
  // Along a line only x, in a plane x and y.
  const shown = (v: Velocity): string => (p.axes === 1 ? sig(v[0], 3, locale) : vec(v.slice(0, p.axes), 3, locale));
  return (
    <table className="log predict__result" data-predict="result">
      <caption>{t('predict.result')}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('predict.predicted')}</th>
          <th scope="col">{t('predict.exact')}</th>
          <th scope="col">{t('predict.error')}</th>
        </tr>
      </thead>
      <tbody>
        {p.ids.map((id, i) => (
          <tr key={id} data-predict-row={id}>
            <th scope="row">
              #{id} v{p.axes === 1 ? 'x' : ''} (m/s)
            </th>
            <td>{shown(p.predicted[i])}</td>
            <td data-exact={actual[i].join(' ')}>{shown(actual[i])}</td>
            <td>{sig(velocityError(p.predicted[i], actual[i]), 3, locale)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">p{p.axes === 1 ? 'x' : ''} (kg m/s)</th>
          <td>{shown(guess.momentum)}</td>
          <td>{shown(after.momentum)}</td>
          <td>{sig(velocityError(guess.momentum, after.momentum), 3, locale)}</td>
        </tr>
        <tr>
          <th scope="row">{t('predict.kineticEnergy')}</th>
          <td>{sig(guess.energy, 4, locale)}</td>
          <td>{sig(after.energy, 4, locale)}</td>
          <td>{sig(Math.abs(guess.energy - after.energy), 3, locale)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4}>
            {t('predict.before', { momentum: shown(before.momentum), energy: sig(before.energy, 4, locale) })}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The Predict section's body; nothing outside the two-body experiments unless switched on. */
export function PredictPanel() {
  const store = useSandboxStore();
  const id = useId();
  const t = useT();
  const p = useStore(store, (s) => s.predict);
  const preset = useStore(store, (s) => s.preset);
  const twoBody = preset !== null && PREDICT_PRESETS.includes(preset);
  return (
    <div className="predict" data-predict-phase={p.phase}>
      <div className="field field--toggle">
        <div className="field__row">
          <label className="field__label" htmlFor={id}>
            {t('predict.switch')}
          </label>
          <input id={id} className="switch" type="checkbox" role="switch" checked={p.on} onChange={(e) => store.getState().setPredict(e.target.checked)} />
        </div>
        <p className="field__hint">{twoBody ? t('predict.hintOn') : t('predict.hintOff')}</p>
      </div>
      {p.phase === 'running' && <p className="predict__status">{t('predict.running')}</p>}
      {p.phase === 'predicting' && (
        <>
          <p className="predict__status">{t('predict.predicting')}</p>
          {p.ids.map((sphere, i) => (
            <VelocityFields key={`${sphere}-${p.impactStep}`} index={i} id={sphere} value={p.predicted[i]} axes={p.axes} />
          ))}
          <button type="button" className="button button--primary" data-action="reveal" onClick={() => store.getState().reveal()}>
            {t('predict.reveal')}
          </button>
        </>
      )}
      {p.phase === 'revealing' && <p className="predict__status">{t('predict.revealing')}</p>}
      {p.phase === 'revealed' && (
        <>
          <Result p={p} />
          <p className="field__hint">{t('predict.revealed')}</p>
        </>
      )}
    </div>
  );
}
