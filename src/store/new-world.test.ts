import { describe, expect, it } from 'vitest';
import { experimentFile, fileText, type BuiltSphere } from '../experiment/index.ts';
import { stepN } from '../testing/store.ts';
import { createSandboxStore, type SandboxStore } from './index.ts';

const ball = (x: number): BuiltSphere => ({ position: [x, 0, 0], velocity: [0, 0, 0], radius: 0.2, mass: 1 });

/** A paused store of the head-on experiment in build mode with one sphere added (so its undo history is not empty). */
function buildingHeadOn(): SandboxStore {
  const store = createSandboxStore({ preset: 'head-on', running: false, solverPort: null });
  expect(store.getState().setBuilding(true)).toBeNull();
  expect(store.getState().buildAdd(ball(0))).toBeNull();
  expect(store.getState().buildPast).toHaveLength(1);
  return store;
}

/** Build mode has a scene of the world on screen, and its history is that scene's. */
function expectShowable(store: SandboxStore): void {
  const s = store.getState();
  if (s.building) {
    expect(s.built).not.toBeNull();
    expect(s.built?.spheres.length).toBe(s.sim.world.count);
    // An edit now works on the scene on screen.
    expect(s.buildMove([], [0, 0, 0])).not.toBeUndefined();
  } else {
    expect(s.buildPast).toEqual([]);
    expect(s.buildFuture).toEqual([]);
  }
}

describe('a new world while build mode is on', () => {
  it('a setting that rebuilds the world ends build mode with its history (it threw at the next edit)', () => {
    const store = buildingHeadOn();
    expect(store.getState().applySettings({ count: 20 })).toBe(true);
    const s = store.getState();
    expect(s.sim.world.count).toBe(20);
    expect(s.building).toBe(false);
    expectShowable(store);
    // Build mode again takes the new world, and its edits work.
    expect(s.setBuilding(true)).toBeNull();
    expect(store.getState().built?.spheres).toHaveLength(20);
    expect(store.getState().buildDelete([0])).toBeNull();
    expect(store.getState().sim.world.count).toBe(19);
  });

  it('opening a file forgets the old undo history (undo brought back the old scene under the new name)', () => {
    const billiards = createSandboxStore({ preset: 'billiards', running: false, solverPort: null });
    const text = fileText(experimentFile(billiards.getState().experiment(), 'break'));
    const count = billiards.getState().sim.world.count;
    const store = buildingHeadOn();
    expect(store.getState().openExperiment(text)).toBeNull();
    const s = store.getState();
    expect(s.sim.world.count).toBe(count);
    expect(s.buildPast).toEqual([]);
    expect(s.buildUndo()).not.toBeNull(); // nothing to undo, or not building: refused either way
    expect(store.getState().sim.world.count).toBe(count);
    expectShowable(store);
  });

  it('restoring a snapshot taken outside build mode ends build mode (Add threw)', async () => {
    const other = createSandboxStore({ settings: { count: 12, boxSize: 4 }, running: false, solverPort: null });
    stepN(other, 10);
    const snapshot = await other.getState().snapshot();
    const store = buildingHeadOn();
    expect(store.getState().restore(snapshot)).toBeNull();
    const s = store.getState();
    expect(s.sim.world.count).toBe(12);
    expect(s.sim.stepsRun).toBe(10);
    expect(s.building).toBe(false);
    expectShowable(store);
    expect(s.setBuilding(true)).toBeNull();
    expect(store.getState().buildAdd(ball(0))).toBeNull();
    expect(store.getState().sim.world.count).toBe(13);
  });
});
