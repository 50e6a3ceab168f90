/**
 * The data table of the selected spheres: mass, velocity components, speed, momentum and kinetic
 * energy, with totals (instruments/data-table.ts); each sphere's last collision, with what it hit
 * and its velocity and kinetic energy just before and just after (instruments/last-collision.ts);
 * while paused, typed values for a sphere's mass and velocity, checked at the field like the
 * inspector's and applied with the store's `editSphere`.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { checkEditValue } from '../../experiment/index.ts';
import { sphereTable, type LastCollision } from '../../instruments/index.ts';
import { WALL_NAMES } from '../../solver/index.ts';
import { sig } from '../shared/format.ts';

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
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  // The spheres' values are read again with each published sample.
  useStore(store, (s) => s.stats);
  // The last edit's message, shown while the scene it was about is (a new scene drops it).
  const [said, setSaid] = useState({ text: '', scene: sceneVersion });
  const message = said.scene === sceneVersion ? said.text : '';
  const setMessage = (text: string): void => setSaid({ text, scene: store.getState().sceneVersion });
  const { sim, instruments } = store.getState();
  const { rows, total } = sphereTable(sim.world, selection);
  const n = (x: number): string => sig(x, 4, t.locale);
  const last = rows.map((r) => instruments.lastCollisions.of(r.id));
  const kinetic = (r: (typeof rows)[number], v: readonly number[]): number => (r.mass === Infinity ? 0 : 0.5 * r.mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
  const hit = (c: LastCollision | null): string =>
    c === null ? t('measure.lastNone') : t('measure.lastWith', { partner: c.partner.kind === 'sphere' ? `#${c.partner.id}` : t('measure.wall', { wall: WALL_NAMES[c.partner.wall] }), time: n(c.time) });
  const change = (before: number, after: number): string => t('measure.beforeAfter', { before: n(before), after: n(after) });
  if (rows.length === 0) return <p className="field__hint">{t('measure.tableEmpty')}</p>;
  const chosen = rows.find((r) => r.id === editing) ?? rows[0];
  const apply = (e: FormEvent): void => {
    e.preventDefault();
    // An empty field keeps its value; a typed one is checked at the field, in the page's language.
    const read = (key: (typeof EDITS)[number], now: number): number | string => (values[key] === undefined || values[key].trim() === '' ? now : checkEditValue(key, values[key], Infinity, t));
    const typed = [read('mass', chosen.mass), read('vx', chosen.velocity[0]), read('vy', chosen.velocity[1]), read('vz', chosen.velocity[2])];
    const bad = typed.find((v): v is string => typeof v === 'string');
    if (bad !== undefined) {
      setMessage(bad);
      return;
    }
    const [mass, vx, vy, vz] = typed as number[];
    const refused = store.getState().editSphere(chosen.id, { mass, velocity: [vx, vy, vz] });
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
            <tr className="measure__group measure__wrap">
              <th scope="row">{t('measure.lastHit')}</th>
              {rows.map((r, j) => (
                <td key={r.id} data-last={r.id}>
                  {hit(last[j])}
                </td>
              ))}
              <td />
            </tr>
            {AXES.map((axis, k) => (
              <tr key={`h${axis}`} className="measure__wrap">
                <th scope="row">{t('measure.colVChange', { axis })}</th>
                {rows.map((r, j) => {
                  const c = last[j];
                  return <td key={r.id}>{c === null ? '–' : change(c.before[k], c.after[k])}</td>;
                })}
                <td />
              </tr>
            ))}
            <tr className="measure__wrap">
              <th scope="row">{t('measure.colKineticChange')}</th>
              {rows.map((r, j) => {
                const c = last[j];
                return <td key={r.id}>{c === null ? '–' : change(kinetic(r, c.before), kinetic(r, c.after))}</td>;
              })}
              <td />
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
            <SelectField id={`${id}-sphere`} label={t('measure.sphere')} value={chosen.id} onChange={(v) => setEditing(Number(v))}>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>
                  #{r.id}
                </option>
              ))}
            </SelectField>
            {EDITS.map((key) => (
              <TextField
                key={key}
                id={`${id}-${key}`}
                label={key === 'mass' ? t('measure.colMass') : t('measure.colV', { axis: key[1] })}
                row={false}
                placeholder={n(key === 'mass' ? chosen.mass : chosen.velocity['xyz'.indexOf(key[1])])}
                value={values[key] ?? ''}
                onChange={(typed) => setValues((v) => ({ ...v, [key]: typed }))}
              />
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
