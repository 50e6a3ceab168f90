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
      <div className="measure__scroll">
        <table className="measure__table" data-measure="table">
          <caption className="visually-hidden">{t('measure.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('measure.sphere')}</th>
              <th scope="col">{t('measure.colMass')}</th>
              {AXES.map((axis) => (
                <th scope="col" key={`v${axis}`}>
                  {t('measure.colV', { axis })}
                </th>
              ))}
              <th scope="col">{t('measure.colSpeed')}</th>
              {AXES.map((axis) => (
                <th scope="col" key={`p${axis}`}>
                  {t('measure.colP', { axis })}
                </th>
              ))}
              <th scope="col">{t('measure.colKinetic')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-sphere={r.id}>
                <th scope="row">#{r.id}</th>
                <td>{r.mass === Infinity ? t('inspector.fixed') : n(r.mass)}</td>
                {r.velocity.map((v, k) => (
                  <td key={`v${k}`}>{n(v)}</td>
                ))}
                <td>{n(r.speed)}</td>
                {r.momentum.map((p, k) => (
                  <td key={`p${k}`}>{n(p)}</td>
                ))}
                <td>{n(r.kinetic)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-sphere="total">
              <th scope="row">{t('measure.total')}</th>
              <td>{n(total.mass)}</td>
              <td colSpan={4} />
              {total.momentum.map((p, k) => (
                <td key={`p${k}`} data-total={`p${'xyz'[k]}`}>
                  {n(p)}
                </td>
              ))}
              <td data-total="kinetic">{n(total.kinetic)}</td>
            </tr>
          </tfoot>
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
