/**
 * The experiment chooser: a select of the classroom presets (or the free sandbox) with the line
 * on what to watch, the copy-link button, the CSV downloads, the file controls and the teacher's
 * Student view control. Under a student view, Copy link keeps its `view=`, and a locked picker is
 * disabled with a note.
 *
 * An experiment loads when it is chosen: a click in the list, or Enter. Arrowing or typing
 * through the closed select only shows the choice and what to watch in it (Enter loads it,
 * leaving the select puts the current one back), so a keyboard passing over the list starts
 * nothing.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { PRESETS, presetById } from '../../presets/presets.ts';
import { downloadText } from '../shared/format.ts';
import { ExperimentFileControls } from './ExperimentFileControls.tsx';
import { presetTitle, presetWatch } from '../shared/preset-text.ts';
import { MAX_LINK_LENGTH } from '../../share/url-state.ts';
import { shareLink } from '../../share/compressed-link.ts';
import { withStudentView } from '../../share/student-view.ts';
import { LockedNote, useLocked } from '../shared/LockedNote.tsx';
import { StudentViewControls } from './StudentView.tsx';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { TextField } from '../shared/TextField.tsx';
import { formatPlain, type MessageKey } from '../../i18n/index.ts';
import './experiment.css';

const FREE = '';

/** Keys that move through a closed select without choosing (a single character types ahead). */
const MOVES = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const movesThrough = (e: KeyboardEvent): boolean => MOVES.has(e.key) || (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey);

/** Preset select, what to watch, share and export. */
export function ExperimentPicker() {
  const store = useSandboxStore();
  const id = useId();
  const presetId = useStore(store, (s) => s.preset);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  // The experiment the keyboard has moved to in the closed select, not yet loaded (null: none).
  const [pending, setPending] = useState<string | null>(null);
  const keyed = useRef(false);
  const shown = pending ?? presetId ?? FREE;
  const preset = shown ? presetById(shown) : undefined;
  const [link, setLink] = useState<string | null>(null);
  // What became of the last copy, as a message key (so that it follows a change of language), and
  // the link's length when it was too long to open.
  const [copied, setCopied] = useState<MessageKey | null>(null);
  const [tooLong, setTooLong] = useState(0);
  const [max, setMax] = useState(MAX_LINK_LENGTH);
  const t = useT();
  const locked = useLocked('preset');
  // A copied link, and what became of the copy, are this experiment's: shown until another one
  // (a preset, a file, a restart) is on screen.
  const here = `${presetId ?? FREE}|${sceneVersion}`;
  const [madeFor, setMadeFor] = useState('');
  const current = madeFor === here;

  const load = (value: string): void => {
    setPending(null);
    store.getState().selectPreset(value === FREE ? null : value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>): void => {
    if (e.key === 'Enter' && pending !== null) {
      e.preventDefault();
      load(pending);
    } else if (e.key === 'Escape' && pending !== null) {
      e.preventDefault();
      setPending(null);
    }
    keyed.current = movesThrough(e);
  };

  const copyLink = async (): Promise<void> => {
    const made = await shareLink(store.getState().experiment(), `${window.location.origin}${window.location.pathname}`);
    setMadeFor(here);
    if (made.tooLong) {
      // A link this long opens the default experiment: say so here instead of copying it.
      setLink(null);
      setTooLong(made.queryLength);
      setMax(made.max);
      setCopied('preset.picker.tooLong');
      return;
    }
    // A student sharing on passes on the same student view.
    const url = withStudentView(made.url, store.getState().studentView);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied('preset.picker.copied');
    } catch {
      setCopied('preset.picker.copyBelow');
    }
  };

  return (
    <div className="experiment">
      <div className={locked ? 'field field--locked' : 'field'} title={locked ? t('student.locked') : undefined}>
        <label className="field__label" htmlFor={id}>
          {t('preset.picker.label')}
        </label>
        <select
          id={id}
          className="field__select"
          value={shown}
          disabled={locked}
          aria-describedby={`${id}-watch${pending !== null ? ` ${id}-pending` : ''}${locked ? ` ${id}-locked` : ''}`}
          onKeyDown={onKeyDown}
          onPointerDown={() => (keyed.current = false)}
          onBlur={() => setPending(null)}
          onChange={(e) => {
            const value = e.target.value;
            if (!keyed.current) load(value);
            else setPending(value === (presetId ?? FREE) ? null : value);
          }}
        >
          <option value={FREE}>{t('preset.picker.free')}</option>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {presetTitle(t, p)}
            </option>
          ))}
        </select>
        {locked && <LockedNote id={`${id}-locked`} quiet />}
        {pending !== null && (
          <p className="experiment__pending" id={`${id}-pending`} role="status">
            {t('preset.picker.pending')}
          </p>
        )}
        <p className="experiment__watch" id={`${id}-watch`} data-testid="watch">
          {preset ? presetWatch(t, preset) : t('preset.picker.freeWatch')}
          {preset && preset.mode !== '3d' && <span className="experiment__mode"> {t(preset.mode === 'line' ? 'preset.picker.line' : 'preset.picker.planar')}</span>}
        </p>
      </div>
      <div className="experiment__actions">
        <button type="button" className="button" data-action="copy-link" onClick={() => void copyLink()}>
          {t('preset.picker.copyLink')}
        </button>
        <button type="button" className="button button--quiet" data-action="csv-series" onClick={() => downloadText('sphere-sandbox-energy-momentum.csv', store.getState().instruments.readouts.historyCsv())}>
          {t('preset.picker.energyCsv')}
        </button>
        <button type="button" className="button button--quiet" data-action="csv-collisions" onClick={() => downloadText('sphere-sandbox-collisions.csv', store.getState().instruments.readouts.collisionsCsv())}>
          {t('preset.picker.collisionsCsv')}
        </button>
      </div>
      <p className="experiment__copied" role="status">
        {copied === null || !current ? '' : t(copied, { length: formatPlain(t.locale, tooLong), max: formatPlain(t.locale, max) })}
      </p>
      <ExperimentFileControls />
      <StudentViewControls />
      {link !== null && current && (
        <TextField id={`${id}-link`} label={t('preset.picker.link')} kind="text" row={false} wide readOnly value={link} data={{ 'data-testid': 'share-link' }} />
      )}
    </div>
  );
}
