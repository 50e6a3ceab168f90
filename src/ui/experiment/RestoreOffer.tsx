/**
 * The offer to bring back the experiment an earlier visit kept (share/autosave.ts): a notice
 * with Restore and Dismiss, shown only when what was kept differs from the experiment this page
 * opened with (a link the person opened is never overwritten without their word), and never under
 * a student view that locks the experiment.
 */
import { useId, useState } from 'react';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { keptText } from '../../share/autosave.ts';
import { isLocked } from '../../experiment/index.ts';
import './experiment.css';

/** Restore / Dismiss for `kept` (the text an earlier visit kept, or null for none). */
export function RestoreOffer({ kept }: { kept: string | null }) {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(() => {
    if (kept === null || isLocked(store.getState().studentView, 'preset')) return false;
    try {
      return kept !== keptText(store.getState().experiment());
    } catch {
      return true;
    }
  });
  const [problem, setProblem] = useState<string | null>(null);
  if (!open) return null;
  const restore = (): void => {
    const refused = store.getState().openExperiment(kept);
    if (refused === null) setOpen(false);
    else setProblem(refused);
  };
  return (
    <section className="restore-offer" aria-labelledby={`${id}-text`} data-testid="restore-offer" data-covers-view="">
      <p className="restore-offer__text" id={`${id}-text`} role="status">
        {problem === null ? t('autosave.offer') : t('file.refused', { problem })}
      </p>
      <div className="experiment__actions">
        {problem === null && (
          <button type="button" className="button" onClick={restore}>
            {t('autosave.restore')}
          </button>
        )}
        <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
          {t('app.dismiss')}
        </button>
      </div>
    </section>
  );
}
