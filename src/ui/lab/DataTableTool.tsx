/**
 * The data table of the selected spheres: mass, velocity components, speed, momentum and kinetic
 * energy, with totals (instruments/data-table.ts); while paused, typed values for a sphere's mass
 * and velocity, applied with the store's `editSphere`, which names a bad value.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { sphereTable } from '../../instruments/index.ts';
import { sig } from '../format.ts';

const EDITS = ['mass', 'vx', 'vy', 'vz'] as const;
const AXES = ['x', 'y', 'z'] as const;

/** The selected spheres' table and, while paused, their edits. */
export function DataTableTool() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const selection = useStore(store, (s) => s.selection);
  const running = useStore(store, (s) => s.running);
  const [editing, setEditing] = useState<number | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const { sim } = store.getState();
  const { rows, total } = sphereTable(sim.world, selection);
  const n = (x: number): string => sig(x, 4, t.locale);
  if (rows.length === 0) return <p className="field__hint">{t('measure.tableEmpty')}</p>;
  const chosen = rows.find((r) => r.id === editing) ?? rows[0];
  const apply = (e: FormEvent): void => {
    e.preventDefault();
    const read = (key: string, now: number): number => (values[key] === undefined || values[key].trim() === '' ? now : Number(values[key].replace(',', '.')));
    const mass = read('mass', chosen.mass);
    const velocity: [number, number, number] = [read('vx', chosen.velocity[0]), read('vy', chosen.velocity[1]), read('vz', chosen.velocity[2])];
    const refused = store.getState().editSphere(chosen.id, { mass, velocity });
    setMessage(refused ?? t('measure.edited', { id: String(chosen.id) }));
    if (refused === null) setValues({});
  };
  return (
    <div className="data-table">
      <div className="measure__scroll" tabIndex={0} role="region" aria-label={t('measure.tableCaption')}>
        <table className="measure__table" data-measure="table">
          <caption className="visually-hidden">{t('measure.tableCaption')}</caption>
          <thead>
            <tr>
              <td />
              {rows.map((r) => (
                <th scope="col" key={r.id} data-sphere={r.id}>
                  #{r.id}
                </th>
              ))}
              <th scope="col">{t('measure.total')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('measure.colMass')}</th>
              {rows.map((r) => (
                <td key={r.id}>{r.mass === Infinity ? t('inspector.fixed') : n(r.mass)}</td>
              ))}
              <td data-total="mass">{n(total.mass)}</td>
            </tr>
            {AXES.map((axis, k) => (
              <tr key={`v${axis}`}>
                <th scope="row">{t('measure.colV', { axis })}</th>
                {rows.map((r) => (
                  <td key={r.id}>{n(r.velocity[k])}</td>
                ))}
                <td />
              </tr>
            ))}
            <tr>
              <th scope="row">{t('measure.colSpeed')}</th>
              {rows.map((r) => (
                <td key={r.id}>{n(r.speed)}</td>
              ))}
              <td />
            </tr>
            {AXES.map((axis, k) => (
              <tr key={`p${axis}`}>
                <th scope="row">{t('measure.colP', { axis })}</th>
                {rows.map((r) => (
                  <td key={r.id}>{n(r.momentum[k])}</td>
                ))}
                <td data-total={`p${axis}`}>{n(total.momentum[k])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('measure.colKinetic')}</th>
              {rows.map((r) => (
                <td key={r.id}>{n(r.kinetic)}</td>
              ))}
              <td data-total="kinetic">{n(total.kinetic)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {running ? (
        <p className="field__hint">{t('inspector.pauseToEdit')}</p>
      ) : (
        <form className="measure__edit" onSubmit={apply} noValidate>
          <fieldset>
            <legend>{t('measure.editLegend')}</legend>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-sphere`}>
                {t('measure.sphere')}
              </label>
              <select id={`${id}-sphere`} className="field__input" value={chosen.id} onChange={(e) => setEditing(Number(e.target.value))}>
                {rows.map((r) => (
                  <option key={r.id} value={r.id}>
                    #{r.id}
                  </option>
                ))}
              </select>
            </div>
            {EDITS.map((key) => (
              <div className="field" key={key}>
                <label className="field__label" htmlFor={`${id}-${key}`}>
                  {key === 'mass' ? t('measure.colMass') : t('measure.colV', { axis: key[1] })}
                </label>
                <input
                  id={`${id}-${key}`}
                  className="field__input"
                  inputMode="decimal"
                  placeholder={n(key === 'mass' ? chosen.mass : chosen.velocity['xyz'.indexOf(key[1])])}
                  value={values[key] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                />
              </div>
            ))}
            <button type="submit" className="button">
              {t('measure.apply')}
            </button>
            <p className="field__hint" role="status">
              {message}
            </p>
          </fieldset>
        </form>
      )}
    </div>
  );
}
