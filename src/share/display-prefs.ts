/**
 * Display preferences kept in the browser's storage: large text and the theme. They also live in
 * the address (`text=large`, `theme=projector`), which a reload keeps; the storage keeps them for
 * a bare visit (a bookmark, the address typed again), so that a low-vision student gets large
 * text back without a special link. The address wins when it names one; the storage is written
 * whenever one changes. A storage that cannot be read or written (switched off, full) is ignored:
 * the page then behaves as without it. (Whether the address names one: url-sync.ts's askedParam.)
 */
import { THEMES, type Theme } from '../store/index.ts';

/** The storage key of the display preferences ({ largeText, theme }). */
export const DISPLAY_PREFS_KEY = 'sphere-sandbox.display';

/** What the page reads and writes through: its localStorage by default. */
export type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The kept preferences: each absent until it has been chosen once. */
export interface DisplayPrefs {
  largeText?: boolean;
  theme?: Theme;
}

const pageStorage = (): PrefsStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The kept preferences; a value that is not one the page has (an older page's, a hand edit) is left out. */
export function readDisplayPrefs(storage: PrefsStorage | null = pageStorage()): DisplayPrefs {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(DISPLAY_PREFS_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const { largeText, theme } = saved as Record<string, unknown>;
  const prefs: DisplayPrefs = {};
  if (typeof largeText === 'boolean') prefs.largeText = largeText;
  if (typeof theme === 'string' && (THEMES as readonly string[]).includes(theme)) prefs.theme = theme as Theme;
  return prefs;
}

/** Keeps `change` over what was kept. */
export function keepDisplayPrefs(change: DisplayPrefs, storage: PrefsStorage | null = pageStorage()): void {
  try {
    storage?.setItem(DISPLAY_PREFS_KEY, JSON.stringify({ ...readDisplayPrefs(storage), ...change }));
  } catch {
    // A full or refusing storage: the address still keeps them across a reload.
  }
}
