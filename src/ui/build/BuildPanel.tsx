/**
 * The Build section: build mode on or off, and while on, the lab bench's tools — undo and redo
 * (also Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y), add a sphere at a free spot, duplicate, delete, select
 * all, clear the box, move the selected spheres (buttons, and the arrow keys and Page Up/Down
 * outside text fields), the new sphere's radius and mass, the placing plane's height, lining up in
 * a row, grid or ring, the wells between species, and starting again from an empty box or a preset. Each refusal is shown at
 * the field or under the tools, naming the value.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { PRESETS } from '../../presets/presets.ts';
import { readNumber, type ArrangeShape } from '../../experiment/index.ts';
import { formatPlain, plural } from '../../i18n/index.ts';
import { presetTitle } from '../shared/preset-text.ts';
import { SwitchRow } from '../shared/ToggleField.tsx';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { SpeciesOptions } from '../shared/SpeciesOptions.tsx';
import { speciesChoices } from '../shared/species.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { useLocked } from '../shared/LockedNote.tsx';
import { isTyping } from '../../hooks/keys.ts';
import { WellsEditor } from './WellsEditor.tsx';
import './build.css';

/** How far one arrow key or move button moves the selected spheres, m. */
export const MOVE_STEP = 0.1;

/** A text field whose typed value is handed to `commit` (on Enter or leaving it); `commit` returns a message or null. */
export function BuildField({ label, name, value, commit }: { label: string; name: string; value: string; commit(text: string): string | null }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = (): void => {
    if (draft === null) return;
    const message = commit(draft);
    setError(message);
    if (message === null) setDraft(null);
  };
  return (
    <TextField
      label={label}
      name={name}
      value={draft ?? value}
      error={error}
      fieldData={{ 'data-build-field': name }}
      onChange={setDraft}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
    />
  );
}

function Tools({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="build__tools" role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** The Build section's content. */
export function BuildPanel() {
  const store = useSandboxStore();
  const t = useT();
  // A student view that locks editing or the experiment keeps build mode off (the store refuses it too).
  const lockedEdits = useLocked('edits');
  const lockedPreset = useLocked('preset');
  const locked = lockedEdits || lockedPreset;
  const comma = t.locale !== 'en';
  const num = (x: number): string => formatPlain(t.locale, Number(x.toPrecision(6)));
  const [building, count, selected, past, future, height, template, size] = useStore(
    store,
    useShallow((s) => [s.building, s.built?.spheres.length ?? 0, s.selection.length, s.buildPast.length, s.buildFuture.length, s.placeHeight, s.buildTemplate, s.scene.size[0]] as const),
  );
  const [result, setResult] = useState('');
  const [shape, setShape] = useState<ArrangeShape>('row');
  // Numbers, shown in the page's language like every other field (the box side as the scene has it).
  const [arrangeCount, setArrangeCount] = useState(5);
  const [spacing, setSpacing] = useState(0.6);
  const [side, setSide] = useState(size);
  const [preset, setPreset] = useState(PRESETS[0]?.id ?? '');
  const [toggleError, setToggleError] = useState<string | null>(null);

  const act = (why: string | null): void => setResult(why ?? t('build.done'));

  // Undo and redo anywhere on the page, arrow keys and Delete outside text fields, while building.
  useEffect(() => {
    if (!building) return;
    const onKey = (event: KeyboardEvent): void => {
      const typing = isTyping(event.target);
      const s = store.getState();
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && !typing && (key === 'z' || key === 'y')) {
        event.preventDefault();
        act(key === 'y' || event.shiftKey ? s.buildRedo() : s.buildUndo());
        return;
      }
      if (typing || event.ctrlKey || event.metaKey || event.altKey || s.selection.length === 0) return;
      const moves: Record<string, [number, number, number]> = {
        ArrowLeft: [-MOVE_STEP, 0, 0],
        ArrowRight: [MOVE_STEP, 0, 0],
        ArrowUp: s.scene.planar ? [0, MOVE_STEP, 0] : [0, 0, -MOVE_STEP],
        ArrowDown: s.scene.planar ? [0, -MOVE_STEP, 0] : [0, 0, MOVE_STEP],
        PageUp: [0, MOVE_STEP, 0],
        PageDown: [0, -MOVE_STEP, 0],
      };
      const delta = moves[event.key];
      if (delta) {
        event.preventDefault();
        act(s.buildMove(s.selection, delta));
      } else if (event.key === 'Delete') {
        event.preventDefault();
        act(s.buildDelete(s.selection));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- act only sets this panel's result text
  }, [building, store]);

  const toggle = (
    <SwitchRow
      label={t('build.toggle')}
      name="build"
      checked={building}
      disabled={locked && !building}
      note={toggleError ?? (locked ? t('student.locked') : t('build.toggleHint'))}
      noteKind={toggleError ? 'error' : locked ? 'locked' : 'hint'}
      data={{ 'data-setting': 'build' }}
      onChange={(on) => {
        setToggleError(store.getState().setBuilding(on));
        setResult('');
      }}
    />
  );
  if (!building) return <div className="build">{toggle}</div>;
  const s = (): ReturnType<typeof store.getState> => store.getState();
  const newAt = (): [number, number, number] => [0, s().placeHeight + s().buildTemplate.radius, 0];
  return (
    <div className="build" data-building="true">
      {toggle}
      <p className="field__hint" data-testid="build-count">
        {plural(t, 'build.count', count, { count: formatPlain(t.locale, count), selected: formatPlain(t.locale, selected) })}
      </p>
      <Tools label={t('build.title')}>
        <button type="button" className="button" data-action="build-undo" disabled={past === 0} onClick={() => act(s().buildUndo())}>
          {t('build.undo')}
        </button>
        <button type="button" className="button" data-action="build-redo" disabled={future === 0} onClick={() => act(s().buildRedo())}>
          {t('build.redo')}
        </button>
        <button type="button" className="button" data-action="build-add" onClick={() => act(s().buildAdd({ ...s().buildTemplate, position: newAt() }))}>
          {t('build.add')}
        </button>
        <button type="button" className="button" data-action="build-duplicate" onClick={() => act(s().buildDuplicate(s().selection))}>
          {t('build.duplicate')}
        </button>
        <button type="button" className="button" data-action="build-delete" onClick={() => act(s().buildDelete(s().selection))}>
          {t('build.delete')}
        </button>
        <button type="button" className="button" data-action="build-select-all" onClick={() => s().selectMany(Array.from({ length: count }, (_, i) => i))}>
          {t('build.selectAll')}
        </button>
        <button type="button" className="button button--quiet" data-action="build-clear" onClick={() => act(s().buildClear())}>
          {t('build.clear')}
        </button>
      </Tools>
      <p className="field__hint" role="status" data-testid="build-result">
        {result}
      </p>
      <p className="field__hint">{t('build.moveHint')}</p>
      <fieldset className="build__set">
        <legend>{t('build.newSphereLegend')}</legend>
        <BuildField label={t('build.newRadius')} name="new-radius" value={num(template.radius)} commit={(text) => {
          const v = readNumber(text, t('build.field.radius'), comma, t);
          return typeof v === 'string' ? v : s().setBuildTemplate({ radius: v });
        }} />
        <BuildField label={t('build.newMass')} name="new-mass" value={num(template.mass)} commit={(text) => {
          const v = readNumber(text, t('build.field.mass'), comma, t);
          return typeof v === 'string' ? v : s().setBuildTemplate({ mass: v });
        }} />
        <SelectField
          label={t('build.field.species')}
          name="new-species"
          value={template.species ?? 0}
          data={{ 'data-build': 'new-species' }}
          onChange={(v) => {
            const species = Number(v);
            s().setBuildTemplate({ species });
            // A second species is a chemistry scene: its spheres are coloured by species.
            if (species !== 0 && s().settings.colorBy !== 'species') s().applySetting('colorBy', 'species');
          }}
        >
          <SpeciesOptions count={speciesChoices(s().instruments.reactions.last.counts)} />
        </SelectField>
        <BuildField label={t('build.planeHeight')} name="place-height" value={num(height)} commit={(text) => {
          const v = readNumber(text, t('build.planeHeight'), comma, t);
          return typeof v === 'string' ? v : s().setPlaceHeight(v);
        }} />
        <p className="field__hint">{t('build.planeHint')}</p>
      </fieldset>
      <WellsEditor />
      <fieldset className="build__set">
        <legend>{t('build.arrangeLegend')}</legend>
        <SelectField id="build-shape" label={t('build.shape')} name="build-shape" row value={shape} onChange={(v) => setShape(v as ArrangeShape)}>
          {(['row', 'grid', 'ring'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`build.shape.${k}`)}
            </option>
          ))}
        </SelectField>
        <BuildField label={t('build.arrangeCount')} name="arrange-count" value={num(arrangeCount)} commit={(text) => {
          const v = readNumber(text, t('build.arrangeCount'), comma, t);
          if (typeof v === 'string') return v;
          setArrangeCount(v);
          return null;
        }} />
        <BuildField label={t('build.spacing')} name="arrange-spacing" value={num(spacing)} commit={(text) => {
          const v = readNumber(text, t('build.spacing'), comma, t);
          if (typeof v === 'string') return v;
          setSpacing(v);
          return null;
        }} />
        <button
          type="button"
          className="button"
          data-action="build-arrange"
          onClick={() => act(s().buildArrange(s().selection, { shape, count: arrangeCount, spacing, centre: newAt() }, s().buildTemplate))}
        >
          {t('build.arrange')}
        </button>
        <p className="field__hint">{t('build.arrangeHint')}</p>
      </fieldset>
      <fieldset className="build__set">
        <legend>{t('build.startLegend')}</legend>
        <BuildField label={t('build.boxSide')} name="box-side" value={num(side)} commit={(text) => {
          const v = readNumber(text, t('build.boxSide'), comma, t);
          if (typeof v === 'string') return v;
          setSide(v);
          return null;
        }} />
        <button type="button" className="button" data-action="build-empty" onClick={() => act(s().buildStart({ size: [side, side, side], planar: s().scene.planar }))}>
          {t('build.startEmpty')}
        </button>
        <SelectField id="build-preset" label={t('build.startLegend')} name="build-preset" row value={preset} onChange={setPreset}>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {presetTitle(t, p)}
            </option>
          ))}
        </SelectField>
        <button type="button" className="button" data-action="build-from-preset" onClick={() => act(s().buildStart({ preset }))}>
          {t('build.startPreset')}
        </button>
      </fieldset>
    </div>
  );
}
