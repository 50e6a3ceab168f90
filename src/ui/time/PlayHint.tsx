/**
 * "Press Play": while a scene waits paused at time zero (a preset chosen while paused, a restart
 * while paused, a sandbox that starts paused), a bright prompt beside the time controls says how
 * to start it; pressing it plays. Announced politely to screen readers; gone once time runs.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import './time.css';

/** The prompt to press Play, shown only while paused at t = 0. */
export function PlayHint() {
  const store = useSandboxStore();
  const waiting = useStore(store, (s) => !s.running && s.stats.simTime === 0);
  const t = useT();
  return (
    <div className="play-hint" role="status" aria-live="polite">
      {waiting && (
        <button type="button" className="play-hint__button" data-testid="play-hint" onClick={() => store.getState().play()}>
          <span aria-hidden="true">▶ </span>
          {t('help.playHint')} <kbd>{t('help.key.space')}</kbd>
        </button>
      )}
    </div>
  );
}
