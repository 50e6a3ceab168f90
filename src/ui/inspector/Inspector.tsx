/**
 * The inspector: the selected sphere's mass, radius, velocity, speed and kinetic energy (read from
 * the simulation when the store publishes a sample), and, while paused, typed edits of its mass,
 * radius, position and velocity, each checked with a message at its field (marked invalid) that
 * names the value and, for a position, the box's limits in metres; a refusal of the solver that
 * names a field is shown at that field too. Moving the sphere
 * and pulling its velocity arrow with the pointer are in the view (`DragEditor`).
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { english, formatPlain, type Locale, type Translate } from '../../i18n/index.ts';
import { checkEditValue, EDIT_LABELS, type EditField } from '../../experiment/index.ts';
import { BuildInspector } from './BuildInspector.tsx';
import { sig, vec } from '../shared/format.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { LockedNote, useLocked } from '../shared/LockedNote.tsx';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { SpeciesOptions } from '../shared/SpeciesOptions.tsx';
import { speciesChoices, speciesLabel, useSpeciesInPlay, useSpeciesNames } from '../shared/species.ts';
import './inspector.css';

type FieldName = EditField;

/** A number for a message: three significant digits, no trailing zeros, the decimal sign of `locale`. */
const plain = (x: number, locale: Locale = 'en'): string => formatPlain(locale, Number(x.toPrecision(3)));

const AXES = ['x', 'y', 'z'] as const;
const POSITION_FIELDS = ['px', 'py', 'pz'] as const;

/**
 * Checks a position coordinate against the box: the centre of a sphere of `radius` stays at
 * least `radius` from each wall, so along an axis of side `side` it lies within ±(side/2 - radius).
 * Returns null when it fits, else a message in plain words (in the language of `t`) with the limits rounded.
 */
export function checkInsideBox(axis: 0 | 1 | 2, value: number, side: number, radius: number, t: Translate = english): string | null {
  const limit = side / 2 - radius;
  if (Math.abs(value) <= limit) return null;
  const n = (x: number): string => plain(x, t.locale);
  return t('inspector.outsideBox', { axis: AXES[axis], min: n(-limit), max: n(limit), radius: n(radius), side: n(side), got: n(value) });
}

/**
 * The field a solver's refusal names (`position[0]` is position x), and its message with long
 * numbers rounded to three significant digits; the field is null when it is none of the form's.
 */
export function fieldOfRefusal(message: string): { field: FieldName | null; text: string } {
  const text = message.replace(/-?\d+\.\d{4,}(e[-+]?\d+)?/g, (n) => plain(Number(n)));
  const m = /^(position|velocity)\[([012])\]|^(mass|radius)\b/.exec(message);
  if (!m) return { field: null, text };
  if (m[3]) return { field: m[3] as FieldName, text: text.replace(/^(mass|radius)/, (w) => w[0].toUpperCase() + w.slice(1)) };
  const axis = Number(m[2]);
  const field = `${m[1] === 'position' ? 'p' : 'v'}${AXES[axis]}` as FieldName;
  return { field, text: text.replace(/^(position|velocity)\[[012]\]/, `${m[1] === 'position' ? 'Position' : 'Velocity'} ${AXES[axis]}`) };
}

/** Details and edits of the selected sphere. */
export function Inspector() {
  const store = useSandboxStore();
  const selected = useStore(store, (s) => s.selected);
  const boxSize = useStore(store, (s) => s.scene.size);
  const running = useStore(store, (s) => s.running);
  const building = useStore(store, (s) => s.building);
  const many = useStore(store, (s) => s.selection.length);
  const t = useT();
  const locale = t.locale;
  // The outcome of the last typed edit, kept here so that it outlives the form it came from.
  const [result, setResult] = useState({ id: -1, text: '' });
  // Re-read the sphere whenever a sample is published (a few times a second).
  useStore(store, (s) => s.stats);
  // Species are shown while the scene has more than one, or reactions.
  const chemistry = useSpeciesInPlay();
  const names = useSpeciesNames();
  if (building && many > 0) {
    return (
      <div className="inspector" data-sphere={selected ?? undefined}>
        <BuildInspector />
        <button type="button" className="button button--quiet" onClick={() => store.getState().select(null)}>
          {t('inspector.clear')}
        </button>
      </div>
    );
  }
  if (selected === null) {
    return <p className="inspector__empty">{t('inspector.empty')}</p>;
  }
  const sim = store.getState().sim;
  const slot = sim.world.indexOf(selected);
  if (slot < 0) return <p className="inspector__empty">{t('inspector.gone')}</p>;
  const m = sim.masses[slot];
  const r = sim.radii[slot];
  const v = sim.velocities.subarray(3 * slot, 3 * slot + 3);
  const p = sim.positions.subarray(3 * slot, 3 * slot + 3);
  const speed = Math.hypot(v[0], v[1], v[2]);
  const ke = m === Infinity ? 0 : 0.5 * m * speed * speed;
  const species = sim.world.species[slot] ?? 0;
  const counts = store.getState().instruments.reactions.last.counts;
  return (
    <div className="inspector" data-sphere={selected}>
      <dl className="readouts" aria-label={t('inspector.label', { id: String(selected) })}>
        {(
          [
            ['id', 'inspector.sphere', `#${selected}`],
            ['mass', 'inspector.mass', m === Infinity ? t('inspector.fixed') : `${sig(m, 4, locale)} kg`],
            ['radius', 'inspector.radius', `${sig(r, 4, locale)} m`],
            ['position', 'inspector.position', `${vec(p, 3, locale)} m`],
            ['velocity', 'inspector.velocity', `${vec(v, 3, locale)} m/s`],
            ['speed', 'inspector.speed', `${sig(speed, 4, locale)} m/s`],
            ['kinetic', 'inspector.kinetic', `${sig(ke, 4, locale)} J`],
            ...(chemistry ? ([['species', 'species.label', speciesLabel(t, species, names)]] as const) : []),
          ] as const
        ).map(([key, label, value]) => (
          <div className="readouts__row" key={key}>
            <dt>{t(label)}</dt>
            <dd data-inspect={key}>{value}</dd>
          </div>
        ))}
      </dl>
      {running ? (
        <p className="field__hint">{t('inspector.pauseToEdit')}</p>
      ) : (
        <SphereEditor
          // A new sphere, a rebuilt scene or an edit made elsewhere (a drag in the view) starts the form afresh.
          key={`${selected}-${store.getState().sceneVersion}-${m}-${r}-${p.join()}-${v.join()}-${species}`}
          id={selected}
          species={chemistry ? { value: species, choices: speciesChoices(counts) } : null}
          initial={{ mass: m, radius: r, px: p[0], py: p[1], pz: p[2], vx: v[0], vy: v[1], vz: v[2] }}
          maxRadius={Math.min(...boxSize) / 2}
          boxSize={boxSize}
          result={result.id === selected ? result.text : ''}
          onResult={(text) => setResult({ id: selected, text })}
        />
      )}
      <button type="button" className="button button--quiet" onClick={() => store.getState().select(null)}>
        {t('inspector.clear')}
      </button>
    </div>
  );
}

/** A value as first shown in an edit field (a fixed sphere's mass reads Infinity). */
function shown(value: number): string {
  return String(Number(value.toPrecision(6)));
}

interface SphereEditorProps {
  id: number;
  initial: Record<FieldName, number>;
  /** Half the smallest box side: the largest radius the field accepts. */
  maxRadius: number;
  /** The box's sides, m: a position must keep the sphere inside. */
  boxSize: readonly number[];
  /** The outcome of the last edit, shown under the form. */
  result: string;
  onResult(text: string): void;
  /** The sphere's species and how many the menu offers (null: no species menu, the scene has one species). */
  species: { value: number; choices: number } | null;
}

function SphereEditor({ id, initial, maxRadius, boxSize, result, onResult, species }: SphereEditorProps) {
  const store = useSandboxStore();
  const formId = useId();
  const t = useT();
  // A student view that locks editing shows the fields disabled, with a note (the store refuses edits too).
  const locked = useLocked('edits');
  const [text, setText] = useState<Record<FieldName, string>>(() => {
    const first = {} as Record<FieldName, string>;
    for (const k of Object.keys(initial) as FieldName[]) first[k] = shown(initial[k]);
    return first;
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [kind, setKind] = useState(species?.value ?? 0);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    const values: Partial<Record<FieldName, number>> = {};
    for (const k of Object.keys(EDIT_LABELS) as FieldName[]) {
      if (text[k] === shown(initial[k])) continue; // unchanged
      const checked = checkEditValue(k, text[k], maxRadius, t);
      if (typeof checked === 'string') found[k] = checked;
      else values[k] = checked;
    }
    // The centre must keep the sphere (at its new radius, if one is given) inside the box.
    const radius = values.radius ?? initial.radius;
    POSITION_FIELDS.forEach((k, axis) => {
      const value = values[k];
      if (value === undefined || found[k]) return;
      const outside = checkInsideBox(axis as 0 | 1 | 2, value, boxSize[axis], radius, t);
      if (outside) found[k] = outside;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      onResult('');
      return;
    }
    const patch: { mass?: number; radius?: number; position?: [number, number, number]; velocity?: [number, number, number]; species?: number } = {};
    if (species !== null && kind !== species.value) patch.species = kind;
    if (values.mass !== undefined) patch.mass = values.mass;
    if (values.radius !== undefined) patch.radius = values.radius;
    if (values.px !== undefined || values.py !== undefined || values.pz !== undefined) {
      patch.position = [values.px ?? initial.px, values.py ?? initial.py, values.pz ?? initial.pz];
    }
    if (values.vx !== undefined || values.vy !== undefined || values.vz !== undefined) {
      patch.velocity = [values.vx ?? initial.vx, values.vy ?? initial.vy, values.vz ?? initial.vz];
    }
    if (Object.keys(patch).length === 0) {
      onResult(t('inspector.nothingChanged'));
      return;
    }
    const message = store.getState().editSphere(id, patch);
    if (message === null) {
      onResult(t('inspector.applied'));
      return;
    }
    // A refusal that names one of the fields is shown at that field.
    const refusal = fieldOfRefusal(message);
    if (refusal.field !== null) {
      setErrors({ [refusal.field]: refusal.text });
      onResult('');
    } else onResult(refusal.text);
  };

  return (
    <form className="inspector__edit" aria-label={t('inspector.editLabel', { id: String(id) })} onSubmit={submit} noValidate>
      {locked ? <LockedNote id={`${formId}-locked`} /> : <p className="field__hint">{t('inspector.editHint')}</p>}
      {(Object.keys(EDIT_LABELS) as FieldName[]).map((k) => {
        // A locked form's fields are disabled, described by the form's one note; their labels stay undimmed.
        return (
          <TextField
            key={k}
            id={`${formId}-${k}`}
            label={t(EDIT_LABELS[k])}
            name={k}
            value={text[k]}
            error={errors[k]}
            disabled={locked}
            dimmed={false}
            describedBy={locked ? `${formId}-locked` : undefined}
            onChange={(typed) => setText({ ...text, [k]: typed })}
          />
        );
      })}
      {species !== null && (
        <SelectField label={t('species.label')} id={`${formId}-species`} name="species" value={kind} onChange={(v) => setKind(Number(v))} data={{ 'data-edit': 'species' }}>
          <SpeciesOptions count={species.choices} />
        </SelectField>
      )}
      <button type="submit" className="button" data-action="apply-edit" disabled={locked}>
        {t('inspector.apply')}
      </button>
      <p className="field__hint" role="status" data-testid="edit-result">
        {result}
      </p>
    </form>
  );
}
