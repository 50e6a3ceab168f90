import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_MAX, DEFAULT_SETTINGS } from '../experiment/index.ts';
import { decodeState, defaultState, encodeState, experimentLink, MAX_LINK_LENGTH } from './url-state.ts';
import type { ExperimentState } from '../experiment/index.ts';

describe('shared links', () => {
  it('round-trips preset, settings, seed and edits exactly', () => {
    const state: ExperimentState = {
      preset: 'gas',
      settings: { ...DEFAULT_SETTINGS, count: 120, restitution: 0.85, gravityOn: true, gravity: 3.5, planar: true, seed: 123456, colorBy: 'mass', timeScale: 0.25 },
      edits: [{ id: 3, position: [0.5, -1.25, 0], velocity: [1e-3, 2, -3.5], radius: 0.2, mass: 4 }],
    };
    const link = encodeState(state);
    const parsed = decodeState(`?${link}`);
    expect(parsed.notices).toEqual([]);
    expect(parsed.state).toEqual(state);
  });

  it('writes only what differs from the defaults', () => {
    expect(encodeState(defaultState())).toBe('');
    expect(encodeState({ ...defaultState(), settings: { ...DEFAULT_SETTINGS, seed: 7 } })).toBe('seed=7');
  });

  it('ignores unknown fields silently, drops bad values with a notice and keeps their defaults', () => {
    const parsed = decodeState('count=abc&restitution=1.5&newFeature=yes&gravityOn=maybe&seed=42');
    expect(parsed.state.settings.count).toBe(DEFAULT_SETTINGS.count);
    expect(parsed.state.settings.restitution).toBe(DEFAULT_SETTINGS.restitution);
    expect(parsed.state.settings.gravityOn).toBe(DEFAULT_SETTINGS.gravityOn);
    expect(parsed.state.settings.seed).toBe(42);
    expect(parsed.notices).toHaveLength(3);
    expect(parsed.notices.join(' ')).toMatch(/Spheres must be a number, got "abc"/);
    expect(parsed.notices.join(' ')).toMatch(/1\.5/);
    expect(parsed.notices.join(' ')).not.toMatch(/newFeature/);
  });

  it('refuses an oversized link and loads the defaults with a notice', () => {
    const parsed = decodeState(`seed=1&pad=${'x'.repeat(MAX_LINK_LENGTH)}`);
    expect(parsed.state).toEqual(defaultState());
    expect(parsed.notices[0]).toMatch(/too long/);
  });

  it('Copy link knows a link is too long exactly when the page that opens it would refuse it', () => {
    const base = 'https://example.org/sandbox/';
    let crossed = -1;
    for (let n = 1; n <= 120; n++) {
      const state = { ...defaultState(), preset: 'gas', edits: Array.from({ length: n }, (_, id) => ({ id, velocity: [1.234567, -2.345678, 0.5] as [number, number, number] })) };
      const link = experimentLink(state, base);
      expect(link.url).toBe(`${base}?${encodeState(state)}`);
      expect(link.queryLength).toBe(link.url.length - base.length);
      const opened = decodeState(link.url.slice(base.length));
      expect(link.tooLong).toBe(opened.notices.some((m) => /too long/.test(m)));
      if (link.tooLong) {
        crossed = n;
        expect(link.queryLength).toBeGreaterThan(MAX_LINK_LENGTH);
        break;
      }
      expect(opened.state.edits).toHaveLength(n);
    }
    expect(crossed).toBeGreaterThan(10); // the loop did reach the limit
  });

  it('loads the defaults with a notice when the settings do not fit together', () => {
    const parsed = decodeState('count=100000&boxSize=1&radiusMax=0.4');
    expect(parsed.state.settings).toEqual(DEFAULT_SETTINGS);
    expect(parsed.notices.at(-1)).toMatch(/default settings are used instead/);
  });

  it('rejects malformed edits and unknown presets without touching the rest', () => {
    const parsed = decodeState(`preset=nope&seed=9&edits=${encodeURIComponent('[{"id":1,"position":[1,2]}]')}`);
    expect(parsed.state.preset).toBeNull();
    expect(parsed.state.edits).toEqual([]);
    expect(parsed.state.settings.seed).toBe(9);
    expect(parsed.notices).toHaveLength(2);
    expect(decodeState('edits=%7Bnot json').notices[0]).toMatch(/malformed/);
    expect(decodeState(`edits=${encodeURIComponent('{"__proto__":{"x":1}}')}`).notices[0]).toMatch(/not a list/);
  });

  it('never throws and never lets an invalid value through, whatever the string (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.webQueryParameters(), fc.constantFrom('%', '%E0%A4%A', '&&&==', '?=&=', 'count=1e309', 'seed=-1', 'count=1.5', '<script>alert(1)</script>')), (q) => {
        const parsed = decodeState(q);
        const s = parsed.state.settings;
        expect(Number.isInteger(s.count) && s.count >= 1 && s.count <= COUNT_MAX).toBe(true);
        expect(s.restitution >= 0 && s.restitution <= 1).toBe(true);
        expect(s.radiusMin <= s.radiusMax).toBe(true);
        for (const n of parsed.notices) expect(typeof n).toBe('string');
      }),
      { numRuns: 1500, seed: 11 },
    );
  });
});
