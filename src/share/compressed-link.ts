/**
 * Links that carry any experiment: the experiment's query (as {@link encodeState} writes it, with
 * a built scene as `built=`) deflated (deflate-raw, the browser's CompressionStream) and written in
 * base64url as one parameter, `exp=`. A link is written so only when it must be: an experiment
 * with a built scene, or one whose plain query is over {@link MAX_LINK_LENGTH}; other links stay
 * plain and readable. Reading one is asynchronous, so a page expands its address before its store
 * is made ({@link prepareAddress}).
 */
import { english, type Translate } from '../i18n/index.ts';
import type { ExperimentState } from '../experiment/index.ts';
import { encodeState, MAX_LINK_LENGTH, type ExperimentLink } from './url-state.ts';

/** The parameter of a compressed link. */
export const COMPRESSED_PARAM = 'exp';
/** A compressed link's query holds at most this many characters (a few hundred built spheres). */
export const MAX_COMPRESSED_LENGTH = 64_000;
/** A compressed link expands to at most this many characters (a guard against a deflate bomb). */
export const MAX_EXPANDED_LENGTH = 4_000_000;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Text deflated (deflate-raw) and written in base64url. */
export async function compressText(text: string): Promise<string> {
  const bytes = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'), Infinity);
  return toBase64Url(bytes as Uint8Array);
}

/** The text of {@link compressText}'s output, or null when it is not such (or expands past `limit` characters). */
export async function decompressText(data: string, limit = MAX_EXPANDED_LENGTH): Promise<string | null> {
  const bytes = fromBase64Url(data);
  if (bytes === null) return null;
  try {
    const out = await pipe(bytes, new DecompressionStream('deflate-raw'), limit);
    return out === null ? null : new TextDecoder('utf-8', { fatal: true }).decode(out);
  } catch {
    return null;
  }
}

/** The plain query of an experiment, its built scene included (`built=`, JSON). */
export function fullQuery(state: ExperimentState): string {
  const plain = encodeState(state);
  if (!state.built) return plain;
  const built = `built=${encodeURIComponent(JSON.stringify(state.built))}`;
  return plain.length > 0 ? `${plain}&${built}` : built;
}

/** Whether an experiment's link must be compressed: it has a built scene, or its plain query is too long. */
export function needsCompression(state: ExperimentState): boolean {
  return (state.built !== undefined && state.built !== null) || encodeState(state).length > MAX_LINK_LENGTH;
}

/** The query of an experiment's link: plain when it can be, else `exp=` and the compressed query. */
export async function linkQuery(state: ExperimentState): Promise<string> {
  if (!needsCompression(state)) return encodeState(state);
  return `${COMPRESSED_PARAM}=${await compressText(fullQuery(state))}`;
}

/** An experiment's link (plain or compressed), and whether it is over what a link may hold. */
export async function shareLink(state: ExperimentState, base: string): Promise<ExperimentLink & { max: number }> {
  const query = await linkQuery(state);
  const max = query.startsWith(`${COMPRESSED_PARAM}=`) ? MAX_COMPRESSED_LENGTH : MAX_LINK_LENGTH;
  return { url: `${base}${query.length > 0 ? `?${query}` : ''}`, queryLength: query.length, tooLong: query.length > max, max };
}

/**
 * A page's query with its compressed experiment expanded in place of `exp=` (other parameters,
 * such as `lang` and `test`, kept), and a notice (in `t`'s language) when it could not be read;
 * the query unchanged when it has none.
 */
export async function expandQuery(query: string, t: Translate = english): Promise<{ query: string; notice: string | null }> {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  } catch {
    return { query, notice: null };
  }
  const data = params.get(COMPRESSED_PARAM);
  if (data === null) return { query, notice: null };
  params.delete(COMPRESSED_PARAM);
  const rest = params.toString();
  if (data.length > MAX_COMPRESSED_LENGTH) return { query: rest, notice: t('link.compressedTooLong', { length: String(data.length), max: String(MAX_COMPRESSED_LENGTH) }) };
  const inner = await decompressText(data);
  if (inner === null) return { query: rest, notice: t('link.compressedUnreadable') };
  return { query: [rest, inner].filter((p) => p.length > 0).join('&'), notice: null };
}

let prepared: { query: string; notice: string | null } | null = null;

/**
 * Expands the page's address once, before the store is made: {@link addressQuery} then gives
 * the expanded query. Pages that never call it read their address as it is (a compressed
 * experiment in it is then not read).
 */
export async function prepareAddress(t: Translate = english): Promise<void> {
  prepared = await expandQuery(window.location.search, t);
}

/** The page's query as its experiment reads it: expanded by {@link prepareAddress}, else as it is. */
export function addressQuery(): string {
  return prepared?.query ?? (typeof window === 'undefined' ? '' : window.location.search);
}

/** The longest query the page's experiment may be read from: a compressed one's expansion, else a plain link's. */
export function addressLimit(): number {
  return prepared !== null && prepared.query !== (typeof window === 'undefined' ? '' : window.location.search) ? MAX_EXPANDED_LENGTH : MAX_LINK_LENGTH;
}

/** The notice of a compressed address that could not be read, or null. */
export function addressNotice(): string | null {
  return prepared?.notice ?? null;
}
