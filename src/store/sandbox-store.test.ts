import { describe, expect, it } from 'vitest';
import { createSandboxStore, SettingsError } from './index.ts';
import { sandboxScene } from '../experiment/index.ts';
import { DEFAULT_SETTINGS } from '../experiment/index.ts';
import { positionsOf } from '../testing/store.ts';

const DT = 1 / 60;
const small = { count: 40, boxSize: 5 };


describe('sandbox store', () => {
  it('a live setting reaches only the solver setters of what changed (the time scale none)', () => {
    const store = createSandboxStore({ settings: small });
    const world = store.getState().sim.world;
    const calls: string[] = [];
    for (const name of ['setRestitution', 'setWallRestitution', 'setGravity'] as const) {
      const original = world[name].bind(world) as (value: never) => void;
      (world as unknown as Record<string, (value: never) => void>)[name] = (value: never) => {
        calls.push(name);
        original(value);
      };
    }
    expect(store.getState().applySettings({ timeScale: 0.5 })).toBe(true);
    expect(calls).toEqual([]);
    expect(store.getState().applySettings({ restitution: 0.5 })).toBe(true);
    expect(calls).toEqual(['setRestitution']);
    expect(world.options.restitution).toBe(0.5);
    expect(store.getState().applySettings({ wallRestitution: 0.25, gravityOn: true })).toBe(true);
    expect(calls).toEqual(['setRestitution', 'setWallRestitution', 'setGravity']);
  });

  it('starts running with the defaults and one world of the chosen count', () => {
    const store = createSandboxStore();
    const s = store.getState();
    expect(s.running).toBe(true);
    expect(s.settings).toEqual(DEFAULT_SETTINGS);
    expect(s.sim.count).toBe(300);
    expect(s.sim.world.size).toEqual([8, 8, 8]);
  });

  it('refuses bad initial settings with the field named', () => {
    expect(() => createSandboxStore({ settings: { count: -1 } })).toThrow(SettingsError);
    expect(() => createSandboxStore({ settings: { count: -1 } })).toThrow(/Spheres must be at least 1, got -1/);
  });

  it('advances whole fixed steps per frame while running, none while paused', () => {
    const store = createSandboxStore({ settings: small });
    store.getState().frame(0.05); // 3 steps of 1/60
    expect(store.getState().sim.world.time).toBeCloseTo(3 * DT, 12);
    store.getState().pause();
    store.getState().frame(0.05);
    store.getState().frame(0.05);
    expect(store.getState().sim.world.time).toBeCloseTo(3 * DT, 12);
    store.getState().play();
    store.getState().frame(DT);
    expect(store.getState().sim.world.time).toBeCloseTo(4 * DT, 12);
  });

  it('clamps a long frame and caps the steps per frame', () => {
    const store = createSandboxStore({ settings: small, clock: { maxFrameDelta: 0.25, maxStepsPerFrame: 8 } });
    store.getState().frame(10);
    expect(store.getState().sim.world.time).toBeCloseTo(8 * DT, 12);
    expect(store.getState().sim.clock.accumulator).toBeLessThan(DT);
  });

  it('keeps the previous positions of the last step for interpolation', () => {
    const store = createSandboxStore({ settings: small });
    const sim = store.getState().sim;
    store.getState().frame(DT);
    const before = Array.from(sim.positions.subarray(0, 3 * sim.count));
    store.getState().frame(DT * 1.5);
    expect(Array.from(sim.previous.subarray(0, 3 * sim.count))).toEqual(before);
    expect(sim.alpha).toBeCloseTo(0.5, 6);
  });

  it('time scale slows the simulation without changing the step', () => {
    const store = createSandboxStore({ settings: small });
    expect(store.getState().applySetting('timeScale', 0.5)).toBe(true);
    for (let k = 0; k < 4; k++) store.getState().frame(DT);
    expect(store.getState().sim.world.time).toBeCloseTo(2 * DT, 12);
    expect(store.getState().sceneVersion).toBe(0);
  });

  it('stepOnce pauses and advances exactly one fixed step', () => {
    const store = createSandboxStore({ settings: small });
    store.getState().frame(0.1);
    const t = store.getState().sim.world.time;
    store.getState().stepOnce();
    expect(store.getState().running).toBe(false);
    expect(store.getState().sim.world.time).toBe(t + DT);
    expect(store.getState().stats.simTime).toBe(t + DT);
    expect(store.getState().sim.alpha).toBe(1);
  });

  it('restart reproduces the same positions (same scene, same seed)', () => {
    const store = createSandboxStore({ settings: small });
    store.getState().pause();
    for (let k = 0; k < 30; k++) store.getState().stepOnce();
    const first = positionsOf(store);
    store.getState().restart();
    expect(store.getState().sim.world.time).toBe(0);
    for (let k = 0; k < 30; k++) store.getState().stepOnce();
    expect(positionsOf(store)).toEqual(first);
    expect(store.getState().sceneVersion).toBe(1);
  });

  it('live settings change the running world without a rebuild', () => {
    const store = createSandboxStore({ settings: small });
    const world = store.getState().sim.world;
    store.getState().frame(0.1);
    expect(store.getState().applySetting('restitution', 0.5)).toBe(true);
    expect(store.getState().applySetting('wallRestitution', 0.25)).toBe(true);
    expect(store.getState().applySetting('gravityOn', true)).toBe(true);
    expect(store.getState().applySetting('gravity', 3)).toBe(true);
    const s = store.getState();
    expect(s.sim.world).toBe(world);
    expect(world.options.restitution).toBe(0.5);
    expect(world.options.wallRestitution).toBe(0.25);
    expect(world.gravity).toEqual([0, -3, 0]);
    expect(world.time).toBeGreaterThan(0);
    expect(s.sceneVersion).toBe(0);
    expect(store.getState().applySetting('gravityOn', false)).toBe(true);
    expect(world.gravity[1]).toBeCloseTo(0, 15);
  });

  it('scene settings rebuild the world at once', () => {
    const store = createSandboxStore({ settings: small });
    expect(store.getState().applySetting('count', 25)).toBe(true);
    expect(store.getState().sim.count).toBe(25);
    expect(store.getState().sceneVersion).toBe(1);
    expect(store.getState().applySetting('boxSize', 6)).toBe(true);
    expect(store.getState().sim.world.size).toEqual([6, 6, 6]);
    expect(store.getState().applySetting('planar', true)).toBe(true);
    const sim = store.getState().sim;
    for (let i = 0; i < sim.count; i++) expect(sim.positions[3 * i + 2]).toBe(0);
  });

  it('a rejected value records a message, changes nothing and the simulation keeps running', () => {
    const store = createSandboxStore({ settings: small });
    const world = store.getState().sim.world;
    expect(store.getState().applySetting('count', -3)).toBe(false);
    expect(store.getState().errors.count).toBe('Spheres must be at least 1, got -3');
    expect(store.getState().applySetting('restitution', 2)).toBe(false);
    expect(world.options.restitution).toBe(1);
    expect(store.getState().settings.count).toBe(40);
    expect(store.getState().sim.world).toBe(world);
    expect(store.getState().running).toBe(true);
    store.getState().frame(DT);
    expect(world.time).toBeCloseTo(DT, 12);
    // A good value clears the field's message.
    expect(store.getState().applySetting('count', 30)).toBe(true);
    expect(store.getState().errors.count).toBeUndefined();
    expect(store.getState().errors.restitution).toMatch(/got 2/);
  });

  it('warns above 5,000 spheres but accepts them', () => {
    const store = createSandboxStore({ settings: { ...small, radiusMin: 0.05, radiusMax: 0.08, boxSize: 10 } });
    expect(store.getState().applySetting('count', 6000)).toBe(true);
    expect(store.getState().warnings.count).toMatch(/6000 spheres/);
    expect(store.getState().sim.count).toBe(6000);
  });

  it('reset goes back to the defaults and runs', () => {
    const store = createSandboxStore({ settings: small, running: false });
    store.getState().applySetting('restitution', 2);
    store.getState().reset();
    const s = store.getState();
    expect(s.settings).toEqual(DEFAULT_SETTINGS);
    expect(s.errors).toEqual({});
    expect(s.running).toBe(true);
    expect(s.sim.count).toBe(DEFAULT_SETTINGS.count);
  });

  it('publishes stats only when a sample window closes, not every frame', () => {
    const store = createSandboxStore({ settings: small, sampleSeconds: 0.25 });
    let updates = 0;
    store.subscribe(() => updates++);
    for (let k = 0; k < 60; k++) store.getState().frame(DT);
    expect(updates).toBe(4);
    const stats = store.getState().stats;
    expect(stats.fps).toBeCloseTo(60, 6);
    expect(stats.simTime).toBeCloseTo(60 * DT, 9);
    expect(stats.count).toBe(40);
    expect(store.getState().sim.framesRendered).toBe(60);
  });

  it('reports collisions per simulated second and the last colliding pair', () => {
    const store = createSandboxStore({ settings: { count: 200, boxSize: 5 }, sampleSeconds: 0.5 });
    for (let k = 0; k < 30; k++) store.getState().frame(DT);
    const stats = store.getState().stats;
    expect(stats.collisionsPerSecond).toBeGreaterThan(0);
    expect(stats.lastPair).not.toBeNull();
    const [a, b] = stats.lastPair!;
    expect(a).not.toBe(b);
    expect(store.getState().sim.world.indexOf(a)).toBeGreaterThanOrEqual(0);
  });

  it('resetView bumps the view version only', () => {
    const store = createSandboxStore({ settings: small });
    store.getState().resetView();
    expect(store.getState().viewVersion).toBe(1);
    expect(store.getState().sceneVersion).toBe(0);
  });

  it('setFieldError records and clears a message for text that is not a value yet', () => {
    const store = createSandboxStore({ settings: small });
    store.getState().setFieldError('speed', 'Initial speed must be a number, got "x"');
    expect(store.getState().errors.speed).toMatch(/"x"/);
    store.getState().setFieldError('speed', null);
    expect(store.getState().errors.speed).toBeUndefined();
  });
});

describe('scene building', () => {
  it('makes a box of exactly the chosen side', () => {
    for (const boxSize of [5, 8, 13.5]) {
      const size = sandboxScene({ ...DEFAULT_SETTINGS, boxSize }).options.size as number[];
      for (const side of size) expect(side).toBeCloseTo(boxSize, 9);
    }
  });
});

describe('frame budget', () => {
  it('skips the rest of a frame\'s steps when the solver overruns its budget', () => {
    let ms = 0;
    // A slow machine: every reading of the clock is 100 ms after the last.
    const store = createSandboxStore({ settings: small, now: () => (ms += 100) });
    const sim = store.getState().sim;
    store.getState().frame(8 * DT);
    expect(sim.world.time).toBeCloseTo(DT, 12);
    expect(sim.skippedSteps).toBe(7);
    expect(sim.clock.accumulator).toBeLessThan(DT);
  });

  it('runs every owed step when the solver is fast', () => {
    const store = createSandboxStore({ settings: small, now: () => 0 });
    store.getState().frame(8 * DT);
    expect(store.getState().sim.world.time).toBeCloseTo(8 * DT, 12);
    expect(store.getState().sim.skippedSteps).toBe(0);
  });

  it('keeps the scene facts (count, box, planar) as state that changes when, and only when, the world is replaced', () => {
    const store = createSandboxStore({ settings: small, running: false });
    expect(store.getState().scene).toEqual({ count: 40, size: [5, 5, 5], planar: false });
    const seen: unknown[] = [];
    store.subscribe((s, prev) => {
      if (s.scene !== prev.scene) seen.push(s.scene);
    });
    store.getState().applySetting('restitution', 0.5); // live: the same world
    store.getState().stepOnce();
    expect(seen).toEqual([]);
    store.getState().applySettings({ count: 60, boxSize: 6 });
    store.getState().applySetting('planar', true);
    expect(seen).toEqual([
      { count: 60, size: [6, 6, 6], planar: false },
      { count: 60, size: store.getState().sim.world.size, planar: true },
    ]);
    expect(store.getState().scene.count).toBe(store.getState().sim.world.count);
  });

  it('loads a solver scene past the settings, or refuses it naming the field and keeps the world', () => {
    const store = createSandboxStore({ settings: small, preset: null, running: false });
    const before = store.getState();
    expect(store.getState().loadScene({ options: { size: [3, 3, 3] }, spheres: [{ position: [0, 0, 0], radius: 2 }] })).toMatch(/radius/);
    expect(store.getState().sim.world).toBe(before.sim.world);
    expect(store.getState().sceneVersion).toBe(before.sceneVersion);
    const scene = sandboxScene({ ...DEFAULT_SETTINGS, count: 500, boxSize: 12 });
    expect(store.getState().loadScene(scene)).toBeNull();
    const after = store.getState();
    expect(after.scene).toEqual({ count: 500, size: [12, 12, 12], planar: false });
    expect(after.sim.world.count).toBe(500);
    expect(after.sceneVersion).toBe(before.sceneVersion + 1);
    expect(after.viewVersion).toBe(before.viewVersion + 1);
    expect(after.settings).toEqual(before.settings);
    // A restart rebuilds from the settings.
    after.restart();
    expect(store.getState().scene.count).toBe(40);
  });
});
