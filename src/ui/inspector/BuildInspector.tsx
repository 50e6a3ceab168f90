/**
 * The inspector's form in build mode: mass, radius, own restitution, position, velocity, fixed,
 * colour, label and species of the selected spheres together. A field shows a value when every selected
 * sphere has it, and is blank ("mixed") otherwise; Apply sets each typed field on all of them
 * through the store's `buildPatch` (a blank restitution, colour or label that was typed empty
 * gives the sphere the world's restitution, the scheme's colour, no label). A bad value is refused
 * at its field with a message naming it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { EDIT_LABELS, readNumber, type BuiltSphere, type SpherePatch } from '../../experiment/index.ts';
import { formatPlain, type MessageKey } from '../../i18n/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { SpeciesOptions } from '../shared/SpeciesOptions.tsx';
import { speciesChoices } from '../shared/species.ts';

const NUMBER_FIELDS = ['mass', 'radius', 'restitution', 'px', 'py', 'pz', 'vx', 'vy', 'vz'] as const;
const TEXT_FIELDS = ['color', 'label'] as const;
type Field = (typeof NUMBER_FIELDS)[number] | (typeof TEXT_FIELDS)[number];

/** The hand-edit form's labels, with build mode's own fields. */
const LABELS: Record<Field, MessageKey> = { ...EDIT_LABELS, restitution: 'build.restitution', color: 'build.color', label: 'build.label' };

/** A sphere's value of one field (undefined when it has none). */
function valueOf(s: BuiltSphere, f: Field): number | string | undefined {
  switch (f) {
    case 'px':
    case 'py':
    case 'pz':
      return s.position['xyz'.indexOf(f[1])];
    case 'vx':
    case 'vy':
    case 'vz':
      return s.velocity['xyz'.indexOf(f[1])];
    default:
      return s[f];
  }
}

/** The multi-sphere form of build mode. */
export function BuildInspector() {
  const store = useSandboxStore();
  const t = useT();
  const formId = useId();
  const ids = useStore(store, (s) => s.selection);
  const built = useStore(store, (s) => s.built);
  const spheres = ids.map((id) => built?.spheres[id]).filter((x): x is BuiltSphere => x !== undefined);
  const shown = (f: Field): string => {
    const values = spheres.map((s) => valueOf(s, f));
    const first = values[0];
    if (first === undefined || values.some((v) => v !== first)) return '';
    return typeof first === 'number' ? formatPlain(t.locale, Number(first.toPrecision(6))) : first;
  };
  // Fields whose values differ between the selected spheres (their blank reads "mixed").
  const mixed = new Set([...NUMBER_FIELDS, ...TEXT_FIELDS].filter((f) => spheres.some((s) => valueOf(s, f) !== valueOf(spheres[0], f))));
  const key = JSON.stringify(spheres);
  const kinds = new Set(spheres.map((s) => s.species ?? 0));
  const species = kinds.size === 1 ? [...kinds][0] : null;
  const choices = speciesChoices(store.getState().instruments.reactions.last.counts);
  return <BuildForm key={key} species={species} choices={Math.max(choices - 1, ...kinds)} ids={ids} initial={Object.fromEntries([...NUMBER_FIELDS, ...TEXT_FIELDS].map((f) => [f, shown(f)])) as Record<Field, string>} mixed={mixed} fixed={spheres.every((s) => s.fixed === true) ? true : spheres.every((s) => !s.fixed) ? false : null} formId={formId} t={t} store={store} />;
}

interface FormProps {
  ids: number[];
  initial: Record<Field, string>;
  /** The fields whose values differ between the spheres. */
  mixed: ReadonlySet<Field>;
  /** Whether every selected sphere is fixed (true), none is (false), or some are (null). */
  fixed: boolean | null;
  formId: string;
  t: ReturnType<typeof useT>;
  store: ReturnType<typeof useSandboxStore>;
  /** The species every selected sphere has, or null when they differ. */
  species: number | null;
  /** Species the menu offers. */
  choices: number;
}

function BuildForm({ ids, initial, mixed, fixed, formId, t, store, species, choices }: FormProps) {
  const [kind, setKind] = useState(species === null ? '' : String(species));
  const [text, setText] = useState(initial);
  const [fix, setFix] = useState(fixed);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [result, setResult] = useState('');

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found: Partial<Record<Field | 'form', string>> = {};
    const patch: SpherePatch = {};
    const position: [number | null, number | null, number | null] = [null, null, null];
    const velocity: [number | null, number | null, number | null] = [null, null, null];
    for (const f of NUMBER_FIELDS) {
      if (text[f] === initial[f]) continue;
      if (f === 'restitution' && text[f].trim() === '') {
        patch.restitution = null;
        continue;
      }
      const v = readNumber(text[f], t(LABELS[f]).replace(/ \(.*\)$/, ''), t.locale !== 'en', t);
      if (typeof v === 'string') found[f] = v;
      else if (f === 'mass' || f === 'radius' || f === 'restitution') patch[f] = v;
      else if (f[0] === 'p') position['xyz'.indexOf(f[1])] = v;
      else velocity['xyz'.indexOf(f[1])] = v;
    }
    if (position.some((v) => v !== null)) patch.position = position;
    if (velocity.some((v) => v !== null)) patch.velocity = velocity;
    for (const f of TEXT_FIELDS) if (text[f] !== initial[f]) patch[f] = text[f].trim() === '' ? null : text[f];
    if (fix !== fixed && fix !== null) patch.fixed = fix;
    if (kind !== '' && Number(kind) !== species) patch.species = Number(kind);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setResult('');
      return;
    }
    if (Object.keys(patch).length === 0) {
      setErrors({});
      setResult(t('inspector.nothingChanged'));
      return;
    }
    const why = store.getState().buildPatch(ids, patch);
    if (why === null) {
      setErrors({});
      setResult(t('inspector.applied'));
      return;
    }
    // The refusal names its field: show it there.
    const field = (Object.keys(LABELS) as Field[]).find((f) => why.startsWith(t(`build.field.${f}`)));
    setErrors(field ? { [field]: why } : { form: why });
    setResult('');
  };

  return (
    <form className="inspector__edit" aria-label={t('build.multi.legend', { count: String(ids.length) })} onSubmit={submit} noValidate data-build-inspector={ids.join(',')}>
      <p className="field__hint">{t('build.multi.hint')}</p>
      {([...NUMBER_FIELDS, ...TEXT_FIELDS] as Field[]).map((f) => {
        return (
          <TextField
            key={f}
            id={`${formId}-${f}`}
            label={t(LABELS[f])}
            kind={f === 'color' || f === 'label' ? 'text' : 'decimal'}
            name={f}
            value={text[f]}
            placeholder={mixed.has(f) ? t('build.mixed') : undefined}
            error={errors[f]}
            onChange={(typed) => setText({ ...text, [f]: typed })}
            after={f === 'color' && /^#[0-9a-f]{6}$/i.test(text.color) && <span className="build__swatch" aria-hidden="true" style={{ background: text.color }} />}
          />
        );
      })}
      <SelectField label={t('build.field.species')} id={`${formId}-species`} name="species" value={kind} onChange={setKind} data={{ 'data-build': 'species' }}>
        {species === null && <option value="">{t('build.mixed')}</option>}
        <SpeciesOptions count={choices + 1} />
      </SelectField>
      <div className="field field--toggle">
        <label className="field__label">
          <input type="checkbox" name="fixed" checked={fix === true} ref={(el) => { if (el) el.indeterminate = fix === null; }} onChange={(e) => setFix(e.target.checked)} /> {t('build.fixed')}
        </label>
      </div>
      <button type="submit" className="button" data-action="build-apply">
        {t('build.apply')}
      </button>
      {errors.form && (
        <p className="field__message field__message--error" role="alert">
          {errors.form}
        </p>
      )}
      <p className="field__hint" role="status" data-testid="build-edit-result">
        {result}
      </p>
    </form>
  );
}
