/**
 * The address bar follows the experiment: a short while after the preset, a setting or a sphere
 * edit changes, the page's URL is rewritten in place (`history.replaceState`, no new history
 * entry) with the same query as Copy link, so a reload, or a closed tab reopened from the
 * history, brings back the same experiment, and `lang=` keeps a language chosen in the menu
 * (written only where it differs from the browser's own); `text=large` keeps large-text mode
 * ({@link rememberLargeText}). Parameters that are not part of an experiment (`test`, `text`) are kept, and a page left within the quiet time writes its last change as it
 * goes (`pagehide`). Nothing is written per frame: only the store's slow state is watched.
 */
import { browserLocale, english, navigatorLanguages, type Translate } from '../i18n/index.ts';
import { encodeState, isExperimentKey } from './url-state.ts';
import { linkQuery, needsCompression } from './compressed-link.ts';
import { experimentChanged, writeAfterQuiet } from './quiet-writes.ts';
import { THEMES, type SandboxState, type SandboxStore, type Theme } from '../store/index.ts';

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

/** The value of parameter `name` in a page's query, or null (also for a malformed query, which decodeState reports). */
export function askedParam(query: string, name: string): string | null {
  try {
    return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get(name);
  } catch {
    return null;
  }
}

/** A value from the address as a notice quotes it (cut at 40 characters). */
const quoted = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Writes parameter `name` into the address in place (`value`, or no parameter for null), every other parameter kept where it is. */
function rememberParam(name: string, value: string | null, target: UrlTarget): void {
  const { location, history } = target;
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  const next = `${location.pathname}${query.length > 0 ? `?${query}` : ''}${location.hash}`;
  if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
}

/** The address parameter that keeps large-text mode across reloads, as the language's `lang=` does: `text=large`. */
export const TEXT_PARAM = 'text';

/**
 * Whether a page's query asks for large text (`text=large`), and a notice (in `t`'s language)
 * when `text` names a size the page does not have. Never throws.
 */
export function largeTextFromQuery(query: string, t: Translate = english): { largeText: boolean; notice: string | null } {
  const asked = askedParam(query, TEXT_PARAM);
  if (asked === null || asked === 'normal') return { largeText: false, notice: null };
  if (asked === 'large') return { largeText: true, notice: null };
  return { largeText: false, notice: t('classroom.largeTextUnknown', { value: quoted(asked), list: 'large, normal' }) };
}

/**
 * Writes large-text mode into the address in place (`text=large`, or no `text` at all), every
 * other parameter kept where it is: a reload then keeps it. Copy link leaves it out, as it
 * leaves out the language: each student's screen chooses its own.
 */
export function rememberLargeText(on: boolean, target: UrlTarget = { location: window.location, history: window.history }): void {
  rememberParam(TEXT_PARAM, on ? 'large' : null, target);
}

/** The address parameter of the theme: `theme=projector` (the dark theme is the page without it). */
export const THEME_PARAM = 'theme';

/**
 * The theme a page's query asks for (`theme=projector`; none or `theme=dark` is the dark theme),
 * and a notice (in `t`'s language) when `theme` names one the page does not have. Never throws.
 */
export function themeFromQuery(query: string, t: Translate = english): { theme: Theme; notice: string | null } {
  const asked = askedParam(query, THEME_PARAM);
  if (asked === null) return { theme: 'dark', notice: null };
  if ((THEMES as readonly string[]).includes(asked)) return { theme: asked as Theme, notice: null };
  return { theme: 'dark', notice: t('theme.unknown', { value: quoted(asked), list: THEMES.join(', ') }) };
}

/**
 * Writes the theme into the address in place (`theme=projector`, or no `theme` for the dark
 * one), every other parameter kept where it is: a reload keeps it. Copy link leaves it out, as it
 * leaves out large text.
 */
export function rememberTheme(theme: Theme, target: UrlTarget = { location: window.location, history: window.history }): void {
  rememberParam(THEME_PARAM, theme === 'dark' ? null : theme, target);
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

/** The experiment or the language changed: the address changes. */
const changed = (s: SandboxState, prev: SandboxState): boolean => experimentChanged(s, prev) || s.locale !== prev.locale;

/**
 * Keeps the page's URL in step with `store`'s experiment until the returned function is called
 * (which also drops a write still waiting).
 */
export function followExperimentInUrl(store: SandboxStore, options: UrlSyncOptions = {}): () => void {
  const delay = options.delayMs ?? URL_SYNC_DELAY_MS;
  const target = options.target ?? { location: window.location, history: window.history };
  const ownLocale = browserLocale(options.languages ?? navigatorLanguages());
  // Each write's number: a compressed query that comes back after a newer write is dropped.
  let writes = 0;
  const writeQuery = (experimentQuery: string, locale: string): void => {
    const { location, history } = target;
    const query = [experimentQuery, locale === ownLocale ? '' : `lang=${locale}`].filter((p) => p.length > 0).join('&');
    const next = addressWith(location, query);
    if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
  };
  const write = (): void => {
    const state = store.getState();
    const experiment = state.experiment();
    const mine = ++writes;
    if (!needsCompression(experiment)) writeQuery(encodeState(experiment), state.locale);
    else void linkQuery(experiment).then((query) => mine === writes && writeQuery(query, state.locale));
  };
  const quiet = writeAfterQuiet(store, changed, write, delay);
  // A page left (or reloaded) within the quiet time still writes its last change first.
  const page = options.target === undefined && typeof window !== 'undefined' ? window : null;
  page?.addEventListener('pagehide', quiet.flush);
  return () => {
    quiet.stop();
    page?.removeEventListener('pagehide', quiet.flush);
    writes++;
  };
}
