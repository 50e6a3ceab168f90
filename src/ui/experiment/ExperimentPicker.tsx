/**
 * The experiment chooser: a select of the classroom presets (or the free sandbox) with the line
 * on what to watch, the copy-link button, the CSV downloads, the file controls and the teacher's
 * Student view control. Under a student view, Copy link keeps its `view=`, and a locked picker is
 * disabled with a note.
 */
import { useId, useState } from 'react';
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

/** Preset select, what to watch, share and export. */
export function ExperimentPicker() {
  const store = useSandboxStore();
  const id = useId();
  const presetId = useStore(store, (s) => s.preset);
  const preset = presetId ? presetById(presetId) : undefined;
  const [link, setLink] = useState<string | null>(null);
  // What became of the last copy, as a message key (so that it follows a change of language), and
  // the link's length when it was too long to open.
  const [copied, setCopied] = useState<MessageKey | null>(null);
  const [tooLong, setTooLong] = useState(0);
  const [max, setMax] = useState(MAX_LINK_LENGTH);
  const t = useT();
  const locked = useLocked('preset');

  const copyLink = async (): Promise<void> => {
    const made = await shareLink(store.getState().experiment(), `${window.location.origin}${window.location.pathname}`);
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
        <select id={id} className="field__select" value={presetId ?? FREE} disabled={locked} aria-describedby={`${id}-watch${locked ? ` ${id}-locked` : ''}`} onChange={(e) => store.getState().selectPreset(e.target.value === FREE ? null : e.target.value)}>
          <option value={FREE}>{t('preset.picker.free')}</option>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {presetTitle(t, p)}
            </option>
          ))}
        </select>
        {locked && <LockedNote id={`${id}-locked`} quiet />}
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
        {copied === null ? '' : t(copied, { length: formatPlain(t.locale, tooLong), max: formatPlain(t.locale, max) })}
      </p>
      <ExperimentFileControls />
      <StudentViewControls />
      {link !== null && (
        <TextField id={`${id}-link`} label={t('preset.picker.link')} kind="text" row={false} wide readOnly value={link} data={{ 'data-testid': 'share-link' }} />
      )}
    </div>
  );
}
