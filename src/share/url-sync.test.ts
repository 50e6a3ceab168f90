import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { encodeState, storeOptionsFromQuery } from './url-state.ts';
import { addressWith, followExperimentInUrl, type UrlTarget } from './url-sync.ts';

/** A page address whose history records every replaceState. */
function fakePage(search = ''): UrlTarget & { writes: string[] } {
  const location = { pathname: '/lab/', search, hash: '' };
  const writes: string[] = [];
  return {
    location,
    writes,
    history: {
      state: null,
      replaceState(_state: unknown, _unused: string, url?: string | URL | null) {
        const u = new URL(String(url), 'http://host');
        location.pathname = u.pathname;
        location.search = u.search;
        location.hash = u.hash;
        writes.push(String(url));
      },
    },
  };
}

describe('the address bar follows the experiment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes nothing until the experiment changes, and never for a frame or a stats sample', () => {
    const store = createSandboxStore({ running: true, settings: { count: 20 } });
    const page = fakePage('?test=1');
    const stop = followExperimentInUrl(store, { target: page });
    for (let k = 0; k < 30; k++) store.getState().frame(1 / 60);
    store.getState().sampleNow();
    store.getState().pause();
    vi.advanceTimersByTime(5000);
    expect(page.writes).toEqual([]);
    stop();
  });

  it('writes once, after the quiet time, the same query as Copy link, keeping other parameters', () => {
    const store = createSandboxStore({ running: false, settings: { count: 20 } });
    const page = fakePage('?test=1');
    const stop = followExperimentInUrl(store, { target: page, delayMs: 400 });
    for (const e of [0.9, 0.8, 0.7, 0.6, 0.5]) {
      store.getState().applySetting('restitution', e);
      vi.advanceTimersByTime(100);
    }
    // 100 ms have passed since the last change.
    expect(page.writes).toEqual([]);
    vi.advanceTimersByTime(299);
    expect(page.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(page.writes).toEqual([`/lab/?test=1&${encodeState(store.getState().experiment())}`]);
    expect(page.location.search).toContain('restitution=0.5');
    stop();
  });

  it('a preset, a seed and a sphere edit reach the URL, and the URL rebuilds the same run', () => {
    const store = createSandboxStore({ running: false });
    const page = fakePage();
    const stop = followExperimentInUrl(store, { target: page });
    store.getState().selectPreset('billiards');
    store.getState().applySetting('restitution', 0.8);
    store.getState().applySetting('seed', 5);
    const cue = store.getState().sim.world.idAt(15);
    expect(store.getState().editSphere(cue, { velocity: [3.25, 0.5, 0] })).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(page.writes.length).toBe(1);
    const copy = createSandboxStore({ ...storeOptionsFromQuery(page.location.search), running: false });
    expect(copy.getState().experiment()).toEqual(store.getState().experiment());
    for (let k = 0; k < 60; k++) {
      store.getState().stepOnce();
      copy.getState().stepOnce();
    }
    expect(Array.from(copy.getState().sim.positions.subarray(0, 48))).toEqual(Array.from(store.getState().sim.positions.subarray(0, 48)));
    stop();
  });

  it('stopping drops a write still waiting', () => {
    const store = createSandboxStore({ running: false, settings: { count: 20 } });
    const page = fakePage();
    const stop = followExperimentInUrl(store, { target: page });
    store.getState().applySetting('restitution', 0.5);
    stop();
    vi.advanceTimersByTime(5000);
    expect(page.writes).toEqual([]);
  });

  it('replaces only the experiment parameters (and the language) of an address', () => {
    const at = { pathname: '/', search: '?preset=gas&test=1&count=40&lang=de&mine=2', hash: '#x' };
    expect(addressWith(at, 'restitution=0.5&lang=es')).toBe('/?test=1&mine=2&restitution=0.5&lang=es#x');
    expect(addressWith({ pathname: '/', search: '?count=40', hash: '' }, '')).toBe('/');
  });
});
