/**
 * The shared-link parser against hostile links: random strings, random query strings, and
 * hand-made attacks (prototype keys, markup, huge and deep values, thousands of fields). Whatever
 * comes in, it never throws, never lets a value outside its limits through, never touches
 * Object.prototype, and answers with a few plain-text notices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, NUMBER_SPECS, type NumberKey } from '../experiment/index.ts';
import { decodeState, defaultState, encodeState, MAX_EDITS, MAX_LINK_LENGTH, MAX_NOTICES } from './url-state.ts';

const RUNS = Math.round(2000 * Math.max(1, Number(process.env.SOLVER_PROPERTY_RUNS ?? 1) || 1));
const KEYS = [...Object.keys(DEFAULT_SETTINGS), 'preset', 'edits', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Every setting valid, every edit well formed: the invariant of whatever decodeState returns. */
function checkParsed(query: string) {
  const parsed = decodeState(query);
  const s = parsed.state.settings;
  for (const key of Object.keys(NUMBER_SPECS) as NumberKey[]) {
    const spec = NUMBER_SPECS[key];
    const v = s[key];
    expect(typeof v === 'number' && Number.isFinite(v) && v >= spec.min && v <= spec.max, `${key} = ${v}`).toBe(true);
    if (spec.integer) expect(Number.isInteger(v)).toBe(true);
  }
  expect(typeof s.gravityOn).toBe('boolean');
  expect(typeof s.planar).toBe('boolean');
  expect(['speed', 'mass']).toContain(s.colorBy);
  expect(s.radiusMin).toBeLessThanOrEqual(s.radiusMax);
  expect(Object.keys(s).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
  expect(parsed.state.edits.length).toBeLessThanOrEqual(MAX_EDITS);
  for (const e of parsed.state.edits) {
    expect(Object.keys(e).every((k) => ['id', 'position', 'velocity', 'radius', 'mass'].includes(k))).toBe(true);
    expect(Number.isInteger(e.id)).toBe(true);
  }
  expect(parsed.notices.length).toBeLessThanOrEqual(MAX_NOTICES);
  for (const n of parsed.notices) {
    expect(typeof n).toBe('string');
    expect(n.length).toBeLessThan(400);
  }
  // Nothing leaked onto the prototype of every object.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'count')).toBe(false);
  return parsed;
}

const hostileValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom('1e309', '-0', '0x10', 'NaN', 'Infinity', '1e-400', '9'.repeat(400), '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '%00', '%', '%%', '%E0%A4%A', '\u202e', '\ud800', '{"__proto__":{"polluted":1}}', '[{"id":0,"__proto__":{"polluted":1}}]', '[{"id":0,"constructor":{"prototype":{"polluted":1}}}]', `[${'['.repeat(3000)}${']'.repeat(3000)}]`, JSON.stringify(Array.from({ length: MAX_EDITS + 1 }, (_, id) => ({ id }))), '[{"id":1e400}]', '[{"id":1,"position":[1e400,0,0]}]', '[{"id":1,"radius":-1}]', '[{"id":1,"mass":"1"}]'),
);
/** Percent-encodes when it can (a lone surrogate cannot be), else leaves the text raw. */
const enc = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
};
const hostileQuery = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })), hostileValue, fc.boolean()), { maxLength: 30 })
  .map((pairs) => pairs.map(([k, v, raw]) => (raw ? `${k}=${v}` : `${enc(k)}=${enc(v)}`)).join('&'));

describe('shared links under attack (fuzz)', () => {
  it('random strings and random query strings: never a throw, never a value out of its limits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 500 }), fc.string({ unit: 'binary', maxLength: 500 }), fc.webQueryParameters(), fc.webUrl({ withQueryParameters: true, withFragments: true }).map((u) => u.split('?')[1] ?? '')), (q) => {
        checkParsed(q);
      }),
      { numRuns: RUNS, seed: 71 },
    );
  });

  it('hostile fields and values, known keys included: the same, and no prototype pollution', () => {
    fc.assert(fc.property(hostileQuery, (q) => void checkParsed(q)), { numRuns: RUNS, seed: 72 });
  });

  it('a well-formed link round-trips whatever values are in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 2_147_483_647 }), fc.boolean(), (count, e, seed, gravityOn) => {
        const state = { ...defaultState(), settings: { ...DEFAULT_SETTINGS, count, restitution: e, seed, gravityOn } };
        const parsed = checkParsed(encodeState(state));
        expect(parsed.notices).toEqual([]);
        expect(parsed.state).toEqual(state);
      }),
      { numRuns: RUNS / 4, seed: 73 },
    );
  });

  it('named attacks', () => {
    // Markup comes back as text in a notice, clipped, never anything else.
    const markup = checkParsed(`count=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(markup.notices[0]).toBe('Spheres must be a number, got "<img src=x onerror=alert(1)>"; ignored.');
    // Prototype keys are unknown fields: ignored without a notice, nothing polluted.
    expect(checkParsed('__proto__=1&constructor=2&prototype=3&toString=4').notices).toEqual([]);
    expect(checkParsed(`edits=${encodeURIComponent('[{"id":0,"__proto__":{"polluted":1}}]')}`).state.edits).toEqual([{ id: 0 }]);
    // The size limit is on the raw link, before any decoding.
    expect(checkParsed('a'.repeat(MAX_LINK_LENGTH)).notices).toEqual([]);
    expect(checkParsed('a'.repeat(MAX_LINK_LENGTH + 1)).notices[0]).toMatch(/too long \(4097 characters, at most 4096\)/);
    // A thousand bad fields: a short list of notices that says how many more there were.
    const many = checkParsed(Array.from({ length: 400 }, () => 'count=-1').join('&'));
    expect(many.notices).toHaveLength(MAX_NOTICES);
    expect(many.notices[0]).toBe('Spheres must be at least 1, got -1; ignored.');
    expect(many.notices[MAX_NOTICES - 2]).toBe('…and 393 more problems in the link.');
    // A long value is clipped in its notice.
    expect(checkParsed(`seed=${'9'.repeat(400)}x`).notices[0]).toBe(`Seed must be a number, got "${'9'.repeat(40)}…"; ignored.`);
    // Deep nesting in the edits is refused as not an edit, not a stack overflow.
    expect(checkParsed(`edits=${'['.repeat(1500)}${']'.repeat(1500)}`).notices[0]).toMatch(/not an object/);
  });
});
