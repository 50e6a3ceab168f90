import { describe, expect, it } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { positionsOf, stepN } from '../testing/store.ts';
import { decodeState, encodeState, storeOptionsFromQuery } from './url-state.ts';

const positionsAfter = (store: ReturnType<typeof createSandboxStore>, steps: number): number[] => {
  stepN(store, steps);
  return positionsOf(store);
};

describe('shared links', () => {
  it('a plain preset link takes the preset’s own restitution', () => {
    const store = createSandboxStore(storeOptionsFromQuery('?preset=inelastic&test=1'));
    expect(store.getState().preset).toBe('inelastic');
    expect(store.getState().sim.world.options.restitution).toBe(0);
    expect(store.getState().notices).toEqual([]);
  });

  it('keeps a restitution set back to its default on a preset whose own value differs', () => {
    const store = createSandboxStore({ preset: 'ball-pit', running: false });
    store.getState().applySetting('restitution', 1);
    const query = encodeState(store.getState().experiment());
    expect(query).toMatch(/restitution=1/);
    const copy = createSandboxStore({ ...storeOptionsFromQuery(query), running: false });
    expect(copy.getState().sim.world.options.restitution).toBe(1);
    expect(copy.getState().sim.world.options.wallRestitution).toBe(0.6);
    expect(positionsAfter(copy, 40)).toEqual(positionsAfter(store, 40));
  });

  it('reproduces the free sandbox with an edit', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 5, seed: 9 }, running: false });
    expect(store.getState().editSphere(4, { velocity: [1, 2, 3], mass: 0.5 })).toBeNull();
    store.getState().restart();
    const copy = createSandboxStore({ ...storeOptionsFromQuery(encodeState(store.getState().experiment())), running: false });
    expect(copy.getState().edits).toEqual(store.getState().edits);
    expect(positionsAfter(copy, 50)).toEqual(positionsAfter(store, 50));
  });

  it('a broken link gives notices and a working sandbox, never a crash', () => {
    const options = storeOptionsFromQuery('?preset=warp&count=-3&edits=%7Bnope');
    const store = createSandboxStore(options);
    const notices = store.getState().notices.join(' ');
    expect(notices).toMatch(/Unknown preset "warp"/);
    expect(notices).toMatch(/Spheres must be at least 1, got -3/);
    expect(notices).toMatch(/edits/);
    expect(store.getState().sim.count).toBe(300);
    const huge = createSandboxStore(storeOptionsFromQuery('?' + 'x'.repeat(5000)));
    expect(huge.getState().notices.join(' ')).toMatch(/too long/);
  });

  it('a shared link with live settings changed on a preset reproduces the run', () => {
    const store = createSandboxStore({ preset: 'ball-pit', running: false });
    store.getState().applySetting('restitution', 0.3);
    stepN(store, 30);
    const first = positionsOf(store);
    const link = decodeState(encodeState(store.getState().experiment()));
    const copy = createSandboxStore({ ...link.state, running: false });
    stepN(copy, 30);
    expect(positionsOf(copy)).toEqual(first);
  });


  it('a link can switch predict, then reveal on, and the experiment carries it', () => {
    const store = createSandboxStore({ ...storeOptionsFromQuery('?preset=head-on&predict=1'), running: false });
    expect(store.getState().predict).toMatchObject({ on: true, phase: 'running' });
    const query = encodeState(store.getState().experiment());
    expect(new URLSearchParams(query).get('predict')).toBe('1');
    expect(storeOptionsFromQuery('?predict=maybe').notices).toEqual(['predict must be 1 or 0, got "maybe"; ignored.']);
  });
});
