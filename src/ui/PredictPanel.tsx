/**
 * Predict, then reveal, in the classroom panel (the two-body experiments): a switch; while the
 * run waits before the collision, each sphere's predicted velocity after it (typed here, or
 * dragged at the tip of the selected sphere's arrow in the view) and a Reveal button; after the
 * reveal, the prediction beside the solver's exact velocities, with the error in each and in the
 * momentum and kinetic energy.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { PREDICT_PRESETS, totals, velocityError, type PredictState, type Velocity } from '../store/predict.ts';
import { sig, vec } from './format.ts';

const AXES = ['x', 'y', 'z'] as const;

/** The fields of one sphere's predicted velocity. */
function VelocityFields({ index, id, value, axes }: { index: number; id: number; value: Velocity; axes: number }) {
  const store = useSandboxStore();
  const base = useId();
  const [message, setMessage] = useState('');
  const [text, setText] = useState(() => value.map((x) => String(Number(x.toPrecision(6)))));
  const apply = (k: number, typed: string): void => {
    const next = text.slice();
    next[k] = typed;
    setText(next);
    const numbers = next.map((t) => (t.trim() === '' ? '' : Number(t)));
    const refused = store.getState().setPrediction(index, numbers as unknown as Velocity);
    setMessage(refused ?? '');
  };
  return (
    <fieldset className="predict__sphere" data-predict-sphere={id}>
      <legend>Sphere #{id} after the collision (m/s)</legend>
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
  // Along a line only x, in a plane x and y.
  const shown = (v: Velocity): string => (p.axes === 1 ? sig(v[0], 3) : vec(v.slice(0, p.axes)));
  return (
    <table className="log predict__result" data-predict="result">
      <caption>Your prediction and what happened</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">predicted</th>
          <th scope="col">exact</th>
          <th scope="col">error</th>
        </tr>
      </thead>
      <tbody>
        {p.ids.map((id, i) => (
          <tr key={id} data-predict-row={id}>
            <th scope="row">#{id} {p.axes === 1 ? 'vx' : 'v'} (m/s)</th>
            <td>{shown(p.predicted[i])}</td>
            <td data-exact={actual[i].join(' ')}>{shown(actual[i])}</td>
            <td>{sig(velocityError(p.predicted[i], actual[i]), 3)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{p.axes === 1 ? 'px' : 'p'} (kg m/s)</th>
          <td>{shown(guess.momentum)}</td>
          <td>{shown(after.momentum)}</td>
          <td>{sig(velocityError(guess.momentum, after.momentum), 3)}</td>
        </tr>
        <tr>
          <th scope="row">KE (J)</th>
          <td>{sig(guess.energy, 4)}</td>
          <td>{sig(after.energy, 4)}</td>
          <td>{sig(Math.abs(guess.energy - after.energy), 3)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4}>
            Before: momentum {shown(before.momentum)} kg m/s, kinetic energy {sig(before.energy, 4)} J.
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
  const p = useStore(store, (s) => s.predict);
  const preset = useStore(store, (s) => s.preset);
  const twoBody = preset !== null && PREDICT_PRESETS.includes(preset);
  return (
    <div className="predict" data-predict-phase={p.phase}>
      <div className="field field--toggle">
        <div className="field__row">
          <label className="field__label" htmlFor={id}>
            Predict before the collision
          </label>
          <input id={id} className="switch" type="checkbox" role="switch" checked={p.on} onChange={(e) => store.getState().setPredict(e.target.checked)} />
        </div>
        <p className="field__hint">{twoBody ? 'The run stops just before the spheres collide, for you to predict what happens.' : 'Works in the two-sphere experiments: head-on, heavy versus light, glancing and inelastic.'}</p>
      </div>
      {p.phase === 'running' && <p className="predict__status">Play: the run stops just before the collision.</p>}
      {p.phase === 'predicting' && (
        <>
          <p className="predict__status">Paused before the collision. Set the velocities you expect after it: drag the tip of a selected sphere's arrow, or type them.</p>
          {p.ids.map((sphere, i) => (
            <VelocityFields key={`${sphere}-${p.impactStep}`} index={i} id={sphere} value={p.predicted[i]} axes={p.axes} />
          ))}
          <button type="button" className="button button--primary" data-action="reveal" onClick={() => store.getState().reveal()}>
            Reveal
          </button>
        </>
      )}
      {p.phase === 'revealing' && <p className="predict__status">Playing the collision…</p>}
      {p.phase === 'revealed' && (
        <>
          <Result p={p} />
          <p className="field__hint">Amber arrows: your prediction. Green arrows: the exact velocities. Restart to try again.</p>
        </>
      )}
    </div>
  );
}
