/**
 * Whether the window is in the overlay's small layout (overlay.css's `max-width: 719px` rules: the
 * panels stacked across the width, as on a phone), followed as the window changes size.
 */
import { useSyncExternalStore } from 'react';

/** The media query of the overlay's small layout; the same width as overlay.css's small-screen rules. */
export const SMALL_LAYOUT_QUERY = '(max-width: 719px)';

const query = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SMALL_LAYOUT_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const now = (): boolean => query()?.matches ?? false;
const onServer = (): boolean => false;

/** Whether the overlay is in its small layout now (false on the server and without `matchMedia`). */
export function useSmallLayout(): boolean {
  return useSyncExternalStore(subscribe, now, onServer);
}
