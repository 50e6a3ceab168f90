/** The handle's seek and link, and onSettingsChange for a controlled sandbox. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxProvider } from './SandboxProvider.tsx';
import { useSandboxHandle, type SphereSandboxHandle } from '../hooks/sandbox-context.ts';
import { createSandboxStore } from '../store/index.ts';
import { decodeState, encodeState } from '../share/url-state.ts';
import type { Settings } from '../experiment/index.ts';
import { applyPropChanges, changed, snapshotOf, type LiveProps } from './prop-changes.ts';
import { followStore } from './store-callbacks.ts';

/** The handle of a provider mounted with `props` (a server render: the store and handle, no view). */
function handleOf(props: Parameters<typeof SandboxProvider>[0]): SphereSandboxHandle {
  let handle: SphereSandboxHandle | null = null;
  function Grab() {
    handle = useSandboxHandle();
    return null;
  }
  renderToString(
    <SandboxProvider {...props}>
      <Grab />
    </SandboxProvider>,
  );
  if (handle === null) throw new Error('no handle');
  return handle;
}

const stateOf = (h: SphereSandboxHandle): number[] => [h.world.time, ...Array.from(h.world.positions.subarray(0, 3 * h.world.count)), ...Array.from(h.world.velocities.subarray(0, 3 * h.world.count))];

describe('the handle', () => {
  it('seek(step) goes back to that step, paused, exactly as it was, and forward again', () => {
    const h = handleOf({ count: 60, boxSize: 5, restitution: 0.9 });
    const seen = new Map<number, number[]>();
    for (let k = 1; k <= 90; k++) {
      h.step();
      if (k % 30 === 0) seen.set(k, stateOf(h));
    }
    expect(h.seek(30)).toBeNull();
    expect(h.running).toBe(false);
    expect(stateOf(h)).toEqual(seen.get(30));
    expect(h.seek(90)).toBeNull();
    expect(stateOf(h)).toEqual(seen.get(90));
    // Beyond the run: its nearest end.
    expect(h.seek(10_000)).toBeNull();
    expect(stateOf(h)).toEqual(seen.get(90));
  });

  it('seek names a step that is not a number, and changes nothing', () => {
    const h = handleOf({ count: 20, paused: true });
    for (let k = 0; k < 10; k++) h.step();
    const before = stateOf(h);
    expect(h.seek(Number.NaN)).toMatch(/NaN/);
    expect(stateOf(h)).toEqual(before);
  });

  it('link() is the share link of the experiment now: it reopens the same preset, settings and edits', () => {
    const h = handleOf({ preset: 'billiards', restitution: 0.8, seed: 3, paused: true });
    const link = h.link();
    expect(link.startsWith('?')).toBe(true); // outside a browser, the query alone
    const opened = decodeState(link);
    expect(opened.notices).toEqual([]);
    expect(opened.state.preset).toBe('billiards');
    expect(opened.state.settings.restitution).toBe(0.8);
    expect(opened.state.settings.seed).toBe(3);
  });
});

describe('onSettingsChange', () => {
  /** A store as a provider makes it, its props re-rendered the way a controlled parent does. */
  function controlled(first: LiveProps) {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 5 }, running: false });
    let snapshot = snapshotOf(first);
    const calls: Settings[] = [];
    const render = (next: LiveProps): string[] => {
      const now = snapshotOf(next);
      if (!changed(snapshot, now)) return [];
      const before = snapshot;
      snapshot = now;
      return applyPropChanges(store, before, now, next);
    };
    const handle = {} as SphereSandboxHandle;
    const stop = followStore(store, () => ({ onSettingsChange: (s) => calls.push(s) }), handle);
    return { store, render, calls, stop };
  }

  it('gives every setting in effect when one changes from inside (the overlay, a preset), not with each sample of stats', () => {
    const { store, calls, stop } = controlled({ count: 30, boxSize: 5 });
    const stats = store.getState().stats;
    store.getState().play();
    for (let k = 0; k < 30; k++) store.getState().frame(1 / 60);
    store.getState().sampleNow();
    store.getState().pause();
    expect(store.getState().stats).not.toBe(stats);
    expect(calls).toHaveLength(0);
    expect(store.getState().applySetting('restitution', 0.6)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({ ...store.getState().settings });
    expect(calls[0].restitution).toBe(0.6);
    store.getState().selectPreset('cradle');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(store.getState().settings);
    stop();
    store.getState().applySetting('restitution', 0.7);
    expect(calls).toHaveLength(2);
  });

  it('settings passed back as props change nothing: no rebuild, no second call; a prop changed by the parent applies', () => {
    const { store, render, calls } = controlled({ count: 30, boxSize: 5 });
    const world = store.getState().sim.world;
    const version = store.getState().sceneVersion;
    store.getState().applySetting('restitution', 0.5);
    expect(calls).toHaveLength(1);
    // The parent keeps them in state and renders the sandbox with them as props.
    expect(render({ ...calls[0] })).toEqual([]);
    expect(store.getState().sceneVersion).toBe(version);
    expect(store.getState().sim.world).toBe(world);
    expect(calls).toHaveLength(1);
    // The parent changes one: it applies, and is reported back.
    expect(render({ ...calls[0], count: 40 })).toEqual([]);
    expect(store.getState().scene.count).toBe(40);
    expect(calls).toHaveLength(2);
    expect(calls[1].count).toBe(40);
    expect(calls[1].restitution).toBe(0.5);
  });
});

describe('the link of the handle and Copy link', () => {
  it('are the same query', () => {
    const h = handleOf({ count: 25, seed: 9, paused: true });
    const store = createSandboxStore({ settings: { count: 25, seed: 9 }, running: false });
    expect(h.link()).toBe(`?${encodeState(store.getState().experiment())}`);
  });
});
