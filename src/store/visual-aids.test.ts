import { describe, expect, it } from 'vitest';
import { createSandboxStore, DEFAULT_AIDS } from './index.ts';

describe('visual aids in the store', () => {
  it('start all off and switch one at a time', () => {
    const store = createSandboxStore({ running: false, reducedMotion: false });
    expect(store.getState().aids).toEqual(DEFAULT_AIDS);
    expect(store.getState().setAid('velocity', true)).toBe(true);
    expect(store.getState().setAid('trail', true)).toBe(true);
    expect(store.getState().aids).toEqual({ ...DEFAULT_AIDS, velocity: true, trail: true });
    store.getState().setAid('velocity', false);
    expect(store.getState().aids.velocity).toBe(false);
    expect(store.getState().aids.trail).toBe(true);
  });

  it('do not notify subscribers when nothing changes', () => {
    const store = createSandboxStore({ running: false, reducedMotion: false });
    let calls = 0;
    store.subscribe(() => calls++);
    store.getState().setAid('momentum', false);
    expect(calls).toBe(0);
    store.getState().setAid('momentum', true);
    expect(calls).toBe(1);
  });

  it('survive a rebuild and a preset change (view state, not scene state)', () => {
    const store = createSandboxStore({ running: false, reducedMotion: false, aids: { centreOfMass: true } });
    store.getState().applySetting('count', 20);
    store.getState().selectPreset('gas');
    expect(store.getState().aids.centreOfMass).toBe(true);
  });

  it('keep the collision flash off under reduced motion', () => {
    const store = createSandboxStore({ running: false, reducedMotion: true, aids: { flash: true } });
    expect(store.getState().reducedMotion).toBe(true);
    expect(store.getState().aids.flash).toBe(false);
    expect(store.getState().setAid('flash', true)).toBe(false);
    expect(store.getState().aids.flash).toBe(false);
    expect(store.getState().setAid('velocity', true)).toBe(true);
  });
});

describe('last collision times for the flash', () => {
  it('stamps both spheres of a sphere-sphere collision with its time, and clears on a rebuild', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const { sim, instruments } = store.getState();
    const readouts = instruments.readouts;
    let steps = 0;
    while (readouts.collisions.total === 0 && steps < 600) {
      store.getState().stepOnce();
      steps++;
    }
    expect(readouts.collisions.total).toBe(1);
    const hit = readouts.collisions.recent(1)[0];
    const a = sim.world.indexOf(hit.a);
    const b = sim.world.indexOf(hit.b);
    expect(readouts.lastHit[a]).toBe(hit.time);
    expect(readouts.lastHit[b]).toBe(hit.time);
    expect(hit.time).toBeLessThanOrEqual(sim.world.time);
    expect(hit.time).toBeGreaterThan(sim.world.time - 1 / 60 - 1e-12);
    store.getState().restart();
    expect(readouts.lastHit[a]).toBe(-Infinity);
    expect(readouts.lastHit[b]).toBe(-Infinity);
  });

  it('leaves spheres that never collided at -Infinity', () => {
    const store = createSandboxStore({ settings: { count: 1, boxSize: 5 }, running: false });
    for (let k = 0; k < 30; k++) store.getState().stepOnce();
    expect(store.getState().instruments.readouts.lastHit[0]).toBe(-Infinity);
  });
});
