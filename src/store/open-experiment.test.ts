import { describe, expect, it } from 'vitest';
import { experimentFile, fileText } from '../experiment/index.ts';
import { local, stateById } from '../testing/twin.ts';
import { stepN } from '../testing/store.ts';
import { createSandboxStore } from './index.ts';

describe('openExperiment', () => {
  it('a saved experiment opens in a fresh store as a built experiment and runs bit for bit as the original', () => {
    const store = createSandboxStore({ running: false, solverPort: null, settings: { count: 40, boxSize: 6 } });
    expect(store.getState().editSphere(4, { mass: 3, velocity: [2, 0, 1] })).toBeNull();
    store.getState().restart();
    const text = fileText(experimentFile(store.getState().experiment(), 'class'));
    const fresh = createSandboxStore({ preset: 'billiards', running: false, solverPort: null });
    expect(fresh.getState().openExperiment(text)).toBeNull();
    const b = fresh.getState();
    expect(b.preset).toBeNull();
    expect(b.built?.spheres).toHaveLength(40);
    expect(b.edits).toEqual([]);
    expect(b.settings).toEqual(store.getState().settings);
    expect(stateById(local(fresh))).toEqual(stateById(local(store)));
    stepN(store, 150);
    stepN(fresh, 150);
    expect(stateById(local(fresh))).toEqual(stateById(local(store)));
    // Restarting the opened experiment rebuilds its start.
    fresh.getState().restart();
    const again = createSandboxStore({ running: false, solverPort: null });
    expect(again.getState().openExperiment(text)).toBeNull();
    expect(stateById(local(fresh))).toEqual(stateById(local(again)));
  });

  it('a file with a twin at step 0 starts it; predict comes on', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false, solverPort: null });
    const file = experimentFile({ ...store.getState().experiment(), predict: true, twin: { setting: 'restitution', value: 0.5, step: 0 } }, 'twin');
    const fresh = createSandboxStore({ running: false, solverPort: null });
    expect(fresh.getState().openExperiment(JSON.parse(JSON.stringify(file)))).toBeNull();
    expect(fresh.getState().twin).toMatchObject({ active: true, spec: { setting: 'restitution', value: 0.5 } });
    expect(fresh.getState().predict.on).toBe(true);
  });

  it.each([
    ['not JSON', '{', 'JSON'],
    ['a sphere of negative radius', 'radius', 'spheres[1].radius'],
    ['an unknown setting', 'setting', 'experiment.settings.warp'],
    ['a colour that is not #rrggbb', 'color', 'spheres[0].color'],
  ])('%s is refused, naming the field, with the store unchanged', (_what, how, named) => {
    const store = createSandboxStore({ preset: 'billiards', running: false, solverPort: null });
    stepN(store, 20);
    const file = JSON.parse(JSON.stringify(experimentFile({ preset: null, settings: store.getState().settings, edits: [], twin: null, built: { size: [4, 4, 4], spheres: [{ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.2, mass: 1 }, { position: [1, 0, 0], velocity: [0, 0, 0], radius: 0.2, mass: 1 }] } }, 'x')));
    if (how === 'radius') file.spheres[1].radius = -1;
    if (how === 'setting') file.experiment.settings.warp = 1;
    if (how === 'color') file.spheres[0].color = 'blue';
    const before = { experiment: store.getState().experiment(), world: stateById(local(store)), step: store.getState().sim.stepsRun, version: store.getState().sceneVersion };
    const message = store.getState().openExperiment(how === '{' ? '{' : JSON.stringify(file));
    expect(message).toContain(named);
    expect({ experiment: store.getState().experiment(), world: stateById(local(store)), step: store.getState().sim.stepsRun, version: store.getState().sceneVersion }).toEqual(before);
  });
});
