/** base64.ts: bytes to base64 text and back, exactly, strictly, and without a TextDecoder too. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { SolverInputError } from './errors.ts';
import { Random } from './random.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('base64', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes the test vectors of RFC 4648, section 10, and reads them back', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [plain, coded] of vectors) {
      expect(encodeBase64(text(plain))).toBe(coded);
      expect(decodeBase64(coded, 'x')).toEqual(text(plain));
    }
  });

  it('round-trips every byte value at every length modulo 3, and agrees with Node', () => {
    const rng = new Random(1);
    for (let n = 0; n < 300; n++) {
      const bytes = new Uint8Array(n);
      for (let k = 0; k < n; k++) bytes[k] = k < 256 ? k : Math.floor(rng.next() * 256);
      const coded = encodeBase64(bytes);
      expect(coded).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(coded, 'x')).toEqual(bytes);
    }
  });

  it('writes the same text without a TextDecoder (chunked String.fromCharCode), long input included', () => {
    const bytes = new Uint8Array(100_003);
    for (let k = 0; k < bytes.length; k++) bytes[k] = (k * 2654435761) >>> 24;
    const withDecoder = encodeBase64(bytes);
    vi.stubGlobal('TextDecoder', undefined);
    expect(encodeBase64(bytes)).toBe(withDecoder);
    expect(decodeBase64(withDecoder, 'x')).toEqual(bytes);
  });

  it('refuses text that is not strict base64, naming the field and the position', () => {
    const refused = (s: string, field: RegExp) => {
      let error: unknown;
      try {
        decodeBase64(s, 'data');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SolverInputError);
      expect((error as SolverInputError).message).toMatch(field);
    };
    refused('Zm9', /^data\.length must be a multiple of 4.*got 3$/);
    refused('Zm*v', /^data\[2\] must be a base64 character.*got "\*"$/);
    refused('Zm=v', /^data\[2\]/); // = inside
    refused('Z===', /^data\[1\]/); // three of padding
    refused('Zm9é', /^data\[3\]/); // not ASCII
    refused('Zm9v Zg=', /^data\[4\]/); // no white space
  });
});
