/**
 * Student views in a link: `view=hide:settings,build;lock:preset,restitution` hides parts of the
 * page and locks controls (the names are in experiment/student-view.ts). The value is one or two
 * parts separated by ';', each `hide:` or `lock:` and a comma-separated list of names; either
 * part may be left out. A link is untrusted: an unknown name, a part of another kind, a repeated
 * part or an over-long value is dropped with a notice naming it, and what is left still applies.
 * Nothing here throws.
 */
import { english, type Translate } from '../i18n/index.ts';
import { HIDE_NAMES, LOCK_NAMES, type HideName, type LockName, type StudentView } from '../experiment/index.ts';

/** The query parameter of a student view. */
export const VIEW_PARAM = 'view';
/** A `view=` value longer than this is ignored whole. */
export const MAX_VIEW_LENGTH = 512;
/** At most this many refused names are quoted in one notice. */
const QUOTED_NAMES = 5;

/** What reading a `view=` value gives: the view (null when it hides and locks nothing) and a notice per problem. */
export interface ParsedView {
  view: StudentView | null;
  notices: string[];
}

/** Untrusted text as a notice quotes it: at most 40 characters. */
const clip = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The names of `list` that `known` holds, in `known`'s order, and the others (each once, in the order given). */
function sortNames<N extends string>(list: readonly string[], known: readonly N[]): { names: N[]; unknown: string[] } {
  const unknown: string[] = [];
  for (const name of list) if (name.length > 0 && !(known as readonly string[]).includes(name) && !unknown.includes(name)) unknown.push(name);
  return { names: known.filter((k) => list.includes(k)), unknown };
}

/** The quoted list of refused names for a notice. */
function quoteNames(names: readonly string[]): string {
  const shown = names.slice(0, QUOTED_NAMES).map((n) => `"${clip(n)}"`);
  return names.length > QUOTED_NAMES ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** Reads a `view=` value (null when the link has none). Never throws. */
export function parseStudentView(raw: string | null, t: Translate = english): ParsedView {
  if (raw === null) return { view: null, notices: [] };
  if (typeof raw !== 'string') return { view: null, notices: [t('student.badPart', { part: String(raw) })] };
  if (raw.length > MAX_VIEW_LENGTH) return { view: null, notices: [t('student.tooLong', { length: String(raw.length), max: String(MAX_VIEW_LENGTH) })] };
  const notices: string[] = [];
  let hide: HideName[] | null = null;
  let lock: LockName[] | null = null;
  for (const part of raw.split(';')) {
    if (part.length === 0) continue;
    const colon = part.indexOf(':');
    const kind = colon < 0 ? '' : part.slice(0, colon);
    if (kind !== 'hide' && kind !== 'lock') {
      notices.push(t('student.badPart', { part: clip(part) }));
      continue;
    }
    if ((kind === 'hide' ? hide : lock) !== null) {
      notices.push(t('student.repeatedPart', { kind }));
      continue;
    }
    const list = part.slice(colon + 1).split(',');
    if (kind === 'hide') {
      const { names, unknown } = sortNames(list, HIDE_NAMES);
      hide = names;
      if (unknown.length > 0) notices.push(t('student.unknownHide', { names: quoteNames(unknown), list: HIDE_NAMES.join(', ') }));
    } else {
      const { names, unknown } = sortNames(list, LOCK_NAMES);
      lock = names;
      if (unknown.length > 0) notices.push(t('student.unknownLock', { names: quoteNames(unknown), list: LOCK_NAMES.join(', ') }));
    }
  }
  const view = { hide: hide ?? [], lock: lock ?? [] };
  return { view: view.hide.length + view.lock.length > 0 ? view : null, notices };
}

/** The student view a page's query names (`view=`), with its notices; none for a query without one or a malformed query (decodeState reports that). */
export function studentViewFromQuery(query: string, t: Translate = english): ParsedView {
  let raw: string | null;
  try {
    raw = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get(VIEW_PARAM);
  } catch {
    return { view: null, notices: [] };
  }
  return parseStudentView(raw, t);
}

/** A view as its `view=` value: `hide:…;lock:…`, the names in their canonical order, an empty part left out ('' for a view of nothing). */
export function encodeStudentView(view: StudentView | null): string {
  if (view === null) return '';
  const hide = HIDE_NAMES.filter((n) => view.hide.includes(n));
  const lock = LOCK_NAMES.filter((n) => view.lock.includes(n));
  return [hide.length > 0 ? `hide:${hide.join(',')}` : '', lock.length > 0 ? `lock:${lock.join(',')}` : ''].filter((p) => p.length > 0).join(';');
}

/**
 * `url` with the student view added as its last parameter (any `view=` it had replaced), written
 * readably: ':' ',' and ';' may stand in a query unescaped. A view of nothing gives `url` without `view=`.
 */
export function withStudentView(url: string, view: StudentView | null): string {
  const hash = url.indexOf('#');
  const body = hash < 0 ? url : url.slice(0, hash);
  const q = body.indexOf('?');
  const base = q < 0 ? body : body.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : body.slice(q + 1));
  params.delete(VIEW_PARAM);
  const value = encodeStudentView(view);
  const query = [params.toString(), value.length > 0 ? `${VIEW_PARAM}=${value}` : ''].filter((p) => p.length > 0).join('&');
  return `${base}${query.length > 0 ? `?${query}` : ''}${hash < 0 ? '' : url.slice(hash)}`;
}
