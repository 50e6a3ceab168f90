/**
 * Base64 (RFC 4648: the standard alphabet, padded with `=`) between bytes and text, in plain
 * TypeScript, so that it runs the same in Node, a browser and a Web Worker (no Buffer, btoa or
 * atob). Both directions take time linear in the size: the characters are made as bytes, then
 * turned into text at once by the standard `TextDecoder` (about 0.1 s for 24 MB), or, where a
 * runtime has none, a chunk at a time by `String.fromCharCode`; never by adding one character to
 * a string.
 */
import { SolverInputError } from './errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='
/** Character codes of the alphabet, by 6-bit value. */
const ENCODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** The 6-bit value of each character code below 128, or -1 where it is not in the alphabet. */
const DECODE = new Int8Array(128).fill(-1);
for (let k = 0; k < 64; k++) DECODE[ENCODE[k]] = k;
/**
 * Characters per `String.fromCharCode` call without a TextDecoder: far below the number of
 * arguments an engine takes in one call (and faster than larger chunks in V8).
 */
const CHUNK = 4096;

/** The base64 text of `bytes` (padded: its length is a multiple of 4). */
export function encodeBase64(bytes: Uint8Array): string {
  const n = bytes.length;
  const chars = new Uint8Array(4 * Math.ceil(n / 3));
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const w = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chars[o++] = ENCODE[w >> 18];
    chars[o++] = ENCODE[(w >> 12) & 63];
    chars[o++] = ENCODE[(w >> 6) & 63];
    chars[o++] = ENCODE[w & 63];
  }
  if (i < n) {
    const w = (bytes[i] << 16) | (i + 1 < n ? bytes[i + 1] << 8 : 0);
    chars[o++] = ENCODE[w >> 18];
    chars[o++] = ENCODE[(w >> 12) & 63];
    chars[o++] = i + 1 < n ? ENCODE[(w >> 6) & 63] : PAD;
    chars[o++] = PAD;
  }
  return asciiText(chars);
}

/** The text of ASCII character codes. */
function asciiText(chars: Uint8Array): string {
  if (typeof TextDecoder === 'function') return new TextDecoder().decode(chars); // ASCII is UTF-8
  const parts: string[] = [];
  for (let k = 0; k < chars.length; k += CHUNK) {
    parts.push(String.fromCharCode.apply(null, chars.subarray(k, k + CHUNK) as unknown as number[]));
  }
  return parts.join('');
}

/**
 * The bytes of base64 `text`, strictly: its length a multiple of 4, every character in the
 * alphabet, `=` only as one or two characters of padding at the end. Throws
 * {@link SolverInputError} naming `field` (with the position of a bad character) otherwise.
 */
export function decodeBase64(text: string, field: string): Uint8Array {
  if (text.length % 4 !== 0) throw new SolverInputError(`${field}.length`, text.length, 'a multiple of 4 (base64 text, padded with =)');
  const pad = text.length === 0 ? 0 : text.charCodeAt(text.length - 1) !== PAD ? 0 : text.charCodeAt(text.length - 2) !== PAD ? 1 : 2;
  const out = new Uint8Array((3 * text.length) / 4 - pad);
  const body = text.length - (pad > 0 ? 4 : 0); // the groups without padding
  let o = 0;
  for (let i = 0; i < body; i += 4) {
    const w = (sextet(text, i, field) << 18) | (sextet(text, i + 1, field) << 12) | (sextet(text, i + 2, field) << 6) | sextet(text, i + 3, field);
    out[o++] = w >> 16;
    out[o++] = (w >> 8) & 255;
    out[o++] = w & 255;
  }
  if (pad > 0) {
    const i = body;
    let w = (sextet(text, i, field) << 18) | (sextet(text, i + 1, field) << 12);
    if (pad === 1) w |= sextet(text, i + 2, field) << 6;
    out[o++] = w >> 16;
    if (pad === 1) out[o++] = (w >> 8) & 255;
  }
  return out;
}

/** The 6-bit value of the character at `i`; throws naming its position when it is not in the alphabet. */
function sextet(text: string, i: number, field: string): number {
  const c = text.charCodeAt(i);
  const v = c < 128 ? DECODE[c] : -1;
  if (v < 0) throw new SolverInputError(`${field}[${i}]`, text[i], 'a base64 character (A-Z, a-z, 0-9, + or /; = only as padding at the end)');
  return v;
}
