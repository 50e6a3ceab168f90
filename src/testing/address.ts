/**
 * A page's address for the address-bar tests: a location whose `search` and `hash` follow what
 * `history.replaceState` writes, as a browser's do.
 */
import type { UrlTarget } from '../share/url-sync.ts';

/** An address at `/` with the query `search` (and `hash`), rewritten in place by its history. */
export function addressAt(search: string, hash = ''): UrlTarget {
  const location = { pathname: '/', search, hash };
  return {
    location,
    history: {
      state: null,
      replaceState(_s: unknown, _u: string, url?: string | URL | null) {
        const next = new URL(String(url), 'http://host');
        location.search = next.search;
        location.hash = next.hash;
      },
    },
  };
}
