import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { checkFit, DEFAULT_SETTINGS } from '../experiment/index.ts';

describe('applySettings (several settings in one change)', () => {
  it('accepts a count and a box that only fit together, with one rebuild', () => {
    const store = createSandboxStore({ settings: { count: 40, boxSize: 4 } });
    const bigger = { count: 600, boxSize: 12 };
    // One at a time the count would not fit in the old box.
    expect(checkFit({ ...store.getState().settings, count: bigger.count })).not.toBeNull();
    const v0 = store.getState().sceneVersion;
    expect(store.getState().applySettings(bigger)).toBe(true);
    const s = store.getState();
    expect(s.sceneVersion).toBe(v0 + 1);
    expect(s.sim.count).toBe(600);
    expect(s.sim.world.size[0]).toBeCloseTo(12, 9);
  });

  it('changes live settings in the running world without a rebuild', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 5 } });
    const world = store.getState().sim.world;
    expect(store.getState().applySettings({ restitution: 0.5, gravityOn: true, gravity: 2 })).toBe(true);
    const s = store.getState();
    expect(s.sim.world).toBe(world);
    expect(s.sceneVersion).toBe(0);
    expect(world.options.restitution).toBe(0.5);
    expect(world.gravity[1]).toBe(-2);
  });

  it('refuses a bad set as a whole, naming the field and the value', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 5 } });
    const world = store.getState().sim.world;
    expect(store.getState().applySettings({ restitution: 0.5, speed: -4 })).toBe(false);
    const s = store.getState();
    expect(s.errors.speed).toMatch(/Initial speed must be at least 0 m\/s, got -4/);
    expect(s.settings.restitution).toBe(DEFAULT_SETTINGS.restitution);
    expect(s.sim.world).toBe(world);
    expect(world.options.restitution).toBe(DEFAULT_SETTINGS.restitution);
  });

  it('keeps the preset when only the seed and live settings change', () => {
    const store = createSandboxStore({ preset: 'head-on' });
    expect(store.getState().applySettings({ seed: 5, restitution: 0.7 })).toBe(true);
    expect(store.getState().preset).toBe('head-on');
    expect(store.getState().sim.world.options.restitution).toBe(0.7);
    expect(store.getState().applySettings({ count: 20, seed: 6 })).toBe(true);
    expect(store.getState().preset).toBeNull();
  });

  it('tells an attached step participant of each fixed step, with that step\'s events', () => {
    const store = createSandboxStore({ settings: { count: 200, boxSize: 4, speed: 4 } });
    const sim = store.getState().sim;
    let steps = 0;
    let events = 0;
    sim.attach({
      afterStep(world) {
        steps++;
        events += world.events.count;
      },
    });
    for (let k = 0; k < 30; k++) store.getState().stepOnce();
    expect(steps).toBe(30);
    expect(events).toBeGreaterThan(0);
    expect(events).toBe(store.getState().sim.world.stats().pairCollisions + store.getState().sim.world.stats().wallCollisions);
  });
});
