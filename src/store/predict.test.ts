import { describe, expect, it } from 'vitest';
import { cloneWorld } from '../solver/index.ts';
import { createSandboxStore } from './index.ts';
import { totals, velocityError } from '../instruments/index.ts';

const DT = 1 / 60;

/** Plays frames of 1/60 s until `done` or `most` frames. */
function playUntil(store: ReturnType<typeof createSandboxStore>, done: () => boolean, most = 2000): void {
  for (let k = 0; k < most && !done(); k++) store.getState().frame(DT);
}

describe('predict, then reveal', () => {
  it('pauses on the last step before the collision, with the velocities just before it', () => {
    const store = createSandboxStore({ preset: 'head-on', predict: true });
    expect(store.getState().predict.phase).toBe('running');
    playUntil(store, () => store.getState().predict.phase === 'predicting');
    const { predict, running, sim } = store.getState();
    expect(running).toBe(false);
    expect(predict.phase).toBe('predicting');
    expect(sim.stepsRun).toBe(predict.impactStep - 1);
    // No collision yet, and the very next step holds it.
    expect(sim.world.stats().pairCollisions).toBe(0);
    const next = cloneWorld(sim.local!);
    next.step(DT);
    expect(next.stats().pairCollisions).toBe(1);
    expect(predict.before).toEqual([
      [2, 0, 0],
      [-2, 0, 0],
    ]);
  });

  it('the reveal gives the exact result of the theory beside the prediction (elastic, equal masses: the velocities swap)', () => {
    const store = createSandboxStore({ preset: 'head-on', predict: true });
    playUntil(store, () => store.getState().predict.phase === 'predicting');
    expect(store.getState().setPrediction(0, [-1, 0, 0])).toBeNull();
    expect(store.getState().setPrediction(1, [1, 0, 0])).toBeNull();
    store.getState().reveal();
    playUntil(store, () => store.getState().predict.phase === 'revealed');
    const p = store.getState().predict;
    expect(p.phase).toBe('revealed');
    expect(store.getState().running).toBe(false);
    expect(p.actual![0][0]).toBeCloseTo(-2, 12);
    expect(p.actual![1][0]).toBeCloseTo(2, 12);
    // The actual velocities are the world's, exactly.
    const w = store.getState().sim.world;
    expect(p.actual![0]).toEqual(Array.from(w.velocities.subarray(3 * w.indexOf(p.ids[0]), 3 * w.indexOf(p.ids[0]) + 3)));
    expect(velocityError(p.predicted[0], p.actual![0])).toBeCloseTo(1, 12);
    const before = totals(p.masses, p.before);
    const after = totals(p.masses, p.actual!);
    expect(after.momentum[0]).toBeCloseTo(before.momentum[0], 12);
    expect(after.energy).toBeCloseTo(before.energy, 12);
  });

  it('perfectly inelastic: both move on at the common velocity, momentum kept, energy lost as the theory says', () => {
    const store = createSandboxStore({ preset: 'inelastic', predict: true });
    playUntil(store, () => store.getState().predict.phase === 'predicting');
    store.getState().reveal();
    playUntil(store, () => store.getState().predict.phase === 'revealed');
    const p = store.getState().predict;
    const [m1, m2] = p.masses;
    const common = (m1 * p.before[0][0] + m2 * p.before[1][0]) / (m1 + m2);
    expect(p.actual![0][0]).toBeCloseTo(common, 12);
    expect(p.actual![1][0]).toBeCloseTo(common, 12);
    const lost = totals(p.masses, p.before).energy - totals(p.masses, p.actual!).energy;
    const mu = (m1 * m2) / (m1 + m2);
    expect(lost).toBeCloseTo(0.5 * mu * (p.before[0][0] - p.before[1][0]) ** 2, 12);
  });

  it('refuses a bad predicted value naming it, acts only in the two-body experiments, and comes back after a restart', () => {
    const store = createSandboxStore({ preset: 'glancing', predict: true });
    playUntil(store, () => store.getState().predict.phase === 'predicting');
    expect(store.getState().setPrediction(1, [NaN, 0, 0])).toMatch(/velocity x must be a number, got NaN/i);
    expect(store.getState().setPrediction(3, [0, 0, 0])).toMatch(/no sphere 3/);
    store.getState().restart();
    expect(store.getState().predict.phase).toBe('running');
    store.getState().selectPreset('gas');
    expect(store.getState().predict).toMatchObject({ on: true, phase: 'off' });
    store.getState().selectPreset('heavy-light');
    expect(store.getState().predict.phase).toBe('running');
    store.getState().setPredict(false);
    expect(store.getState().predict.phase).toBe('off');
    expect(store.getState().sim.stopAtStep).toBe(-1);
  });
});
