/**
 * Notices for the person (a shared link that was partly wrong, an edit that was skipped): a polite
 * live region, always present so that screen readers announce what appears in it, with a Dismiss
 * button. The text is shown as text, never as HTML.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import './notices.css';

/** The dismissible notice list. */
export function Notices() {
  const store = useSandboxStore();
  const notices = useStore(store, (s) => s.notices);
  const t = useT();
  return (
    <div className={`notices${notices.length > 0 ? ' notices--shown' : ''}`} role="status" aria-live="polite" data-covers-view="">
      {notices.length > 0 && (
        <>
          <ul className="notices__list">
            {notices.map((n, k) => (
              <li key={k}>{n}</li>
            ))}
          </ul>
          <button type="button" className="button button--quiet" onClick={() => store.getState().dismissNotices()}>
            {t('app.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}
