import { describe, expect, it } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { stepN } from '../testing/store.ts';
import { local, play, separateRun, stateById, twinWorld } from '../testing/twin.ts';
import { parseTwin } from '../experiment/index.ts';
import { decodeState, encodeState, storeOptionsFromQuery } from './url-state.ts';

describe('the what-if twin in a link', () => {
  it('round-trips, and reads strictly with a notice naming the bad value', () => {
    expect(parseTwin('restitution:0.8@120')).toEqual({ setting: 'restitution', value: 0.8, step: 120 });
    expect(parseTwin('mass.3:2.5@0')).toEqual({ setting: 'mass', value: 2.5, sphere: 3, step: 0 });
    expect(parseTwin('restitution:1.5@0')).toBe('What-if twin: Restitution (spheres) must be at most 1, got 1.5');
    expect(parseTwin('gravity:abc@0')).toMatch(/Gravity strength must be a number, got "abc"/);
    expect(parseTwin('speed:2@0')).toMatch(/must be one of restitution, wallRestitution, gravity, mass, pistonSpeed, got "speed"/);
    expect(parseTwin('mass:2@0')).toMatch(/must name its sphere/);
    expect(parseTwin('restitution:0.5@-3')).toMatch(/not setting:value@step/);
    const state = { preset: 'cradle', settings: decodeState('preset=cradle').state.settings, edits: [], twin: { setting: 'restitution' as const, value: 0.8, step: 120 } };
    const link = encodeState(state);
    expect(link).toContain('twin=restitution%3A0.8%40120');
    expect(decodeState(link).state.twin).toEqual(state.twin);
    const bad = decodeState('preset=cradle&twin=wallRestitution:7@3');
    expect(bad.state.twin).toBeUndefined();
    expect(bad.notices).toEqual(['What-if twin: Restitution (walls) must be at most 1, got 7; ignored.']);
  });

  it('a link’s twin starts when the run reaches its step, exactly as one started by hand there', () => {
    const options = storeOptionsFromQuery('preset=cradle&twin=restitution:0.8@50');
    const store = createSandboxStore({ ...options, running: false });
    expect(store.getState().twin).toMatchObject({ active: false, spec: { step: 50 } });
    play(store, 49);
    expect(store.getState().instruments.twin.run).toBeNull();
    play(store, 1);
    expect(store.getState().instruments.twin.run).not.toBeNull();
    play(store, 150);
    expect(store.getState().twin?.active).toBe(true);
    expect(stateById(twinWorld(store))).toEqual(stateById(local(separateRun({ preset: 'cradle' }, 50, { setting: 'restitution', value: 0.8 }, 150))));
    // The store's experiment writes it back.
    expect(encodeState(store.getState().experiment())).toContain('twin=restitution%3A0.8%4050');
  });

  it('a link’s twin at step 0 starts at once', () => {
    const store = createSandboxStore({ ...storeOptionsFromQuery('preset=billiards&twin=gravity:9.81@0'), running: false });
    expect(store.getState().twin?.active).toBe(true);
    stepN(store, 90);
    expect(stateById(twinWorld(store))).toEqual(stateById(local(separateRun({ preset: 'billiards' }, 0, { setting: 'gravity', value: 9.81 }, 90))));
  });

  it('a link’s twin of a sphere that does not exist is refused with a notice', () => {
    const store = createSandboxStore({ ...storeOptionsFromQuery('preset=cradle&twin=mass.40:2@10'), running: false });
    expect(store.getState().twin).toBeNull();
    expect(store.getState().notices.join(' ')).toMatch(/what-if twin was not started: Sphere #40 does not exist/);
  });
});
