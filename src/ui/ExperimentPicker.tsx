/**
 * The experiment chooser: a select of the classroom presets (or the free sandbox) with the line
 * on what to watch, the copy-link button and the CSV downloads.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { PRESETS, presetById } from '../presets/presets.ts';
import { downloadText } from './format.ts';
import { encodeState } from '../share/url-state.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

const FREE = '';

/** Preset select, what to watch, share and export. */
export function ExperimentPicker() {
  const store = useSandboxStore();
  const id = useId();
  const presetId = useStore(store, (s) => s.preset);
  const preset = presetId ? presetById(presetId) : undefined;
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<string>('');

  const copyLink = async (): Promise<void> => {
    const url = `${window.location.origin}${window.location.pathname}?${encodeState(store.getState().experiment())}`;
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied to the clipboard.');
    } catch {
      setCopied('Copy the link below.');
    }
  };

  return (
    <div className="experiment">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Experiment
        </label>
        <select id={id} className="field__select" value={presetId ?? FREE} aria-describedby={`${id}-watch`} onChange={(e) => store.getState().selectPreset(e.target.value === FREE ? null : e.target.value)}>
          <option value={FREE}>Free sandbox (settings panel)</option>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
        <p className="experiment__watch" id={`${id}-watch`} data-testid="watch">
          {preset ? preset.watch : 'A gas of spheres built from the settings panel.'}
          {preset && preset.mode !== '3d' && <span className="experiment__mode"> {preset.mode === 'line' ? '1D: along a line' : '2D: in a plane'}</span>}
        </p>
      </div>
      <div className="experiment__actions">
        <button type="button" className="button" data-action="copy-link" onClick={() => void copyLink()}>
          Copy link
        </button>
        <button type="button" className="button button--quiet" data-action="csv-series" onClick={() => downloadText('sphere-sandbox-energy-momentum.csv', store.getState().sim.history.toCsv())}>
          Energy CSV
        </button>
        <button type="button" className="button button--quiet" data-action="csv-collisions" onClick={() => downloadText('sphere-sandbox-collisions.csv', store.getState().sim.collisions.toCsv())}>
          Collisions CSV
        </button>
      </div>
      <p className="experiment__copied" role="status">
        {copied}
      </p>
      {link !== null && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-link`}>
            Link to this experiment
          </label>
          <input id={`${id}-link`} className="field__input field__input--wide" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
        </div>
      )}
    </div>
  );
}
