/**
 * The File group: Save downloads the experiment as `<name>.sphere.json` (experiment/experiment-file.ts),
 * Open reads one from a file input or from a file dropped anywhere on the page and opens it whole,
 * or says which field was refused, changing nothing.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { experimentFile, fileNameOf, fileText } from '../../experiment/index.ts';
import { presetById } from '../../presets/presets.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { downloadText } from '../shared/format.ts';
import { presetTitle } from '../shared/preset-text.ts';
import { useLocked } from '../shared/LockedNote.tsx';

/** What the last save or open said. */
type Said = { key: 'file.saved' | 'file.opened'; name: string } | { key: 'file.refused'; problem: string } | null;

/** Save and Open of experiment files, with a page-wide drop target. */
export function ExperimentFileControls() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<Said>(null);
  // A student view that locks the experiment disables Open (a dropped file is refused by the store).
  const locked = useLocked('preset');

  const save = (): void => {
    const s = store.getState();
    const preset = s.preset === null ? undefined : presetById(s.preset);
    const name = fileNameOf(preset ? presetTitle(t, preset) : 'experiment');
    downloadText(name, fileText(experimentFile(s.experiment(), name.replace(/\.sphere\.json$/, ''))), 'application/json');
    setSaid({ key: 'file.saved', name });
  };

  const openFile = useCallback(
    async (file: File): Promise<void> => {
      const problem = store.getState().openExperiment(await file.text());
      setSaid(problem === null ? { key: 'file.opened', name: file.name } : { key: 'file.refused', problem });
    },
    [store],
  );

  // A file dropped anywhere on the page opens (the view and the panels alike).
  useEffect(() => {
    const over = (e: DragEvent): void => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent): void => {
      const file = e.dataTransfer?.files[0];
      if (file === undefined) return;
      e.preventDefault();
      void openFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [openFile]);

  return (
    <fieldset className="experiment__file" aria-describedby={`${id}-hint`}>
      <legend className="field__label">{t('file.group')}</legend>
      <div className="experiment__actions">
        <button type="button" className="button" data-action="save-file" onClick={save}>
          {t('file.save')}
        </button>
        <button type="button" className="button" data-action="open-file" disabled={locked} onClick={() => input.current?.click()}>
          {t('file.open')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="open-file-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file !== undefined) void openFile(file);
          }}
        />
      </div>
      <p className="experiment__hint" id={`${id}-hint`}>
        {t('file.dropHint')}
      </p>
      <p className="experiment__copied experiment__file-status" role="status" data-testid="file-status">
        {said === null ? '' : said.key === 'file.refused' ? t('file.refused', { problem: said.problem }) : t(said.key, { name: said.name })}
      </p>
    </fieldset>
  );
}
