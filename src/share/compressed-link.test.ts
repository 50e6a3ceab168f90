import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type BuiltScene, type ExperimentState } from '../experiment/index.ts';
import { compressText, COMPRESSED_PARAM, decompressText, expandQuery, MAX_COMPRESSED_LENGTH, MAX_EXPANDED_LENGTH, shareLink } from './compressed-link.ts';
import { decodeState, encodeState, MAX_LINK_LENGTH } from './url-state.ts';

const BASE = 'https://example.org/sandbox/';

/** A built scene of `n` spheres on a lattice, with awkward doubles for velocities, colours and labels. */
function lattice(n: number, seed = 1): BuiltScene {
  let x = seed;
  const rand = (): number => ((x = (x * 16807) % 2147483647) / 2147483647) * 2 - 1;
  return {
    size: [20, 20, 20],
    spheres: Array.from({ length: n }, (_, k) => ({
      position: [-9.5 + (k % 19), -9.5 + (Math.floor(k / 19) % 19), -9.5 + Math.floor(k / 361)] as [number, number, number],
      velocity: [rand(), rand(), rand()] as [number, number, number],
      radius: 0.2 + 0.1 * Math.abs(rand()),
      mass: 1 + Math.abs(rand()),
      ...(k % 7 === 0 ? { color: '#33aa77', label: `S${k}` } : {}),
      ...(k % 11 === 0 ? { restitution: 0.5 } : {}),
    })),
  };
}

/** A link opened as a page opens it: expanded, then read. */
async function opened(url: string): Promise<ExperimentState> {
  const { query, notice } = await expandQuery(url.slice(url.indexOf('?')));
  expect(notice).toBeNull();
  const parsed = decodeState(query, undefined, MAX_EXPANDED_LENGTH);
  expect(parsed.notices).toEqual([]);
  return parsed.state;
}

describe('compressed links', () => {
  it('text round-trips through deflate-raw and base64url, which is URL-safe', async () => {
    const text = `äöü ${'spheres '.repeat(500)} ∑`;
    const data = await compressText(text);
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(data.length).toBeLessThan(text.length / 5);
    expect(await decompressText(data)).toBe(text);
  });

  it('a short experiment keeps its plain, readable link', async () => {
    const state: ExperimentState = { preset: 'gas', settings: DEFAULT_SETTINGS, edits: [{ id: 1, mass: 2 }], twin: null };
    const link = await shareLink(state, BASE);
    expect(link.url).toBe(`${BASE}?${encodeState(state)}`);
    expect(link.url).not.toContain(`${COMPRESSED_PARAM}=`);
  });

  it('an experiment of 60 edited spheres, over a plain link\'s length, goes into one compressed parameter and comes back whole', async () => {
    const edits = Array.from({ length: 60 }, (_, id) => ({ id, mass: 1 + id / 7, velocity: [Math.sin(id), Math.cos(id), id / 3] as [number, number, number] }));
    const state: ExperimentState = { preset: null, settings: { ...DEFAULT_SETTINGS, count: 80 }, edits, twin: null };
    expect(encodeState(state).length).toBeGreaterThan(MAX_LINK_LENGTH);
    const link = await shareLink(state, BASE);
    expect(link.tooLong).toBe(false);
    expect([...new URL(link.url).searchParams.keys()]).toEqual([COMPRESSED_PARAM]);
    const back = await opened(link.url);
    expect(back.edits).toEqual(edits);
    expect(back.settings.count).toBe(80);
  });

  it('a built experiment of 300 spheres with the twin and predict fits in a link and comes back bit for bit', async () => {
    const built = lattice(300);
    const state: ExperimentState = { preset: null, settings: { ...DEFAULT_SETTINGS, gravityOn: false, restitution: 0.9 }, edits: [], built, predict: true, twin: { setting: 'mass', sphere: 4, value: 3, step: 20 } };
    const link = await shareLink(state, BASE);
    expect(link.tooLong).toBe(false);
    expect(link.queryLength).toBeLessThanOrEqual(MAX_COMPRESSED_LENGTH);
    const back = await opened(link.url);
    expect(back.built).toEqual(built);
    expect(back.settings.restitution).toBe(0.9);
    expect(back.predict).toBe(true);
    expect(back.twin).toEqual(state.twin);
  });

  it('past what a link can hold, the link says it is too long', async () => {
    const state: ExperimentState = { preset: null, settings: DEFAULT_SETTINGS, edits: [], built: lattice(3000, 5), twin: null };
    const link = await shareLink(state, BASE);
    expect(link.queryLength).toBeGreaterThan(MAX_COMPRESSED_LENGTH);
    expect(link.tooLong).toBe(true);
    expect(link.max).toBe(MAX_COMPRESSED_LENGTH);
  });

  it('old plain links are read as before, and the other parameters of a compressed one are kept', async () => {
    expect(await expandQuery('?preset=cradle&restitution=0.5')).toEqual({ query: '?preset=cradle&restitution=0.5', notice: null });
    const data = await compressText('preset=cradle');
    const { query } = await expandQuery(`?test=1&${COMPRESSED_PARAM}=${data}&lang=de`);
    expect(new URLSearchParams(query).get('test')).toBe('1');
    expect(new URLSearchParams(query).get('lang')).toBe('de');
    expect(new URLSearchParams(query).get('preset')).toBe('cradle');
  });

  it('a damaged, cut, oversized or exploding compressed link opens the default experiment with a notice', async () => {
    const data = await compressText(`preset=gas&edits=${encodeURIComponent(JSON.stringify([{ id: 1, mass: 2 }]))}`);
    for (const bad of ['%%%', '!!!!', data.slice(0, data.length - 6), `A${data}`]) {
      const { query, notice } = await expandQuery(`?${COMPRESSED_PARAM}=${bad}`);
      expect(notice).toMatch(/could not be read/);
      expect(decodeState(query).state.preset).toBeNull();
    }
    const bomb = await compressText('a'.repeat(MAX_EXPANDED_LENGTH + 10));
    expect(bomb.length).toBeLessThan(MAX_COMPRESSED_LENGTH);
    expect((await expandQuery(`?${COMPRESSED_PARAM}=${bomb}`)).notice).toMatch(/could not be read/);
    expect((await expandQuery(`?${COMPRESSED_PARAM}=${'A'.repeat(MAX_COMPRESSED_LENGTH + 1)}`)).notice).toMatch(/at most 64000/);
  });

  it('a bad built scene in a link is dropped with a notice naming its field', async () => {
    const built = lattice(3);
    (built.spheres[1] as { radius: number }).radius = -1;
    const parsed = decodeState(`built=${encodeURIComponent(JSON.stringify(built))}`);
    expect(parsed.state.built ?? null).toBeNull();
    expect(parsed.notices[0]).toContain('built.spheres[1].radius');
  });
});
