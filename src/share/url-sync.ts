/**
 * The address bar follows the experiment: a short while after the preset, a setting or a sphere
 * edit changes, the page's URL is rewritten in place (`history.replaceState`, no new history
 * entry) with the same query as Copy link, so a reload, or a closed tab reopened from the
 * history, brings back the same experiment, and `lang=` keeps a language chosen in the menu
 * (written only where it differs from the browser's own). Parameters that are not part of an experiment
 * (`test`, say) are kept, and a page left within the quiet time writes its last change as it
 * goes (`pagehide`). Nothing is written per frame: only the store's slow state is watched.
 */
import { browserLocale, navigatorLanguages } from '../i18n/index.ts';
import { encodeState, isExperimentKey } from './url-state.ts';
import type { SandboxState, SandboxStore } from '../store/index.ts';

/** What {@link followExperimentInUrl} writes through: the page's history and location by default. */
export interface UrlTarget {
  /** The current address (`pathname`, `search`, `hash` are read). */
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Rewrites the current entry. */
  history: Pick<History, 'replaceState' | 'state'>;
}

/** Options of {@link followExperimentInUrl}. */
export interface UrlSyncOptions {
  /** Quiet time after the last change before the URL is written, ms. @defaultValue 400 */
  delayMs?: number;
  /** Where to write. @defaultValue the page's `window.location` and `window.history` */
  target?: UrlTarget;
  /** The browser's languages: a locale other than theirs is written as `lang=`. @defaultValue `navigator.languages` */
  languages?: readonly string[];
}

/** The default quiet time: a slider dragged across its range writes once, at the end. */
export const URL_SYNC_DELAY_MS = 400;

/**
 * The address with the experiment's query: `search` with its experiment parameters (and `lang`)
 * replaced by `query`, the others kept in place before them.
 */
export function addressWith(location: UrlTarget['location'], query: string): string {
  const kept = new URLSearchParams(location.search);
  for (const key of [...kept.keys()]) if (isExperimentKey(key) || key === 'lang') kept.delete(key);
  const parts = [kept.toString(), query].filter((p) => p.length > 0);
  return `${location.pathname}${parts.length > 0 ? `?${parts.join('&')}` : ''}${location.hash}`;
}

const changed = (s: SandboxState, prev: SandboxState): boolean =>
  s.settings !== prev.settings || s.preset !== prev.preset || s.edits !== prev.edits || s.predict.on !== prev.predict.on || s.twin?.spec !== prev.twin?.spec || s.locale !== prev.locale;

/**
 * Keeps the page's URL in step with `store`'s experiment until the returned function is called
 * (which also drops a write still waiting).
 */
export function followExperimentInUrl(store: SandboxStore, options: UrlSyncOptions = {}): () => void {
  const delay = options.delayMs ?? URL_SYNC_DELAY_MS;
  const target = options.target ?? { location: window.location, history: window.history };
  const ownLocale = browserLocale(options.languages ?? navigatorLanguages());
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = (): void => {
    timer = null;
    const { location, history } = target;
    const state = store.getState();
    const query = [encodeState(state.experiment()), state.locale === ownLocale ? '' : `lang=${state.locale}`].filter((p) => p.length > 0).join('&');
    const next = addressWith(location, query);
    if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (!changed(s, prev)) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(write, delay);
  });
  // A page left (or reloaded) within the quiet time still writes its last change first.
  const flush = (): void => {
    if (timer === null) return;
    clearTimeout(timer);
    write();
  };
  const page = options.target === undefined && typeof window !== 'undefined' ? window : null;
  page?.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', flush);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
