import { describe, expect, it } from 'vitest';
import { experimentFile, fileText, type BuiltSphere } from '../experiment/index.ts';
import { stepN } from '../testing/store.ts';
import { createSandboxStore, WORLD_CAUSES, type SandboxStore, type WorldCause } from './index.ts';

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
    // An edit works on the scene on screen (with no scene it threw).
    expect(() => s.buildMove([], [0, 0, 0])).not.toThrow();
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

describe('a snapshot of a built experiment', () => {
  it('restores its built scene, so that a restart rebuilds it (it rebuilt the settings\' gas: the model test found it)', async () => {
    const store = buildingHeadOn();
    const built = structuredClone(store.getState().built);
    const snapshot = JSON.parse(JSON.stringify(await store.getState().snapshot()));
    const fresh = createSandboxStore({ settings: { count: 30 }, running: false, solverPort: null });
    expect(fresh.getState().restore(snapshot)).toBeNull();
    expect(fresh.getState().built).toEqual(built);
    fresh.getState().restart();
    expect(fresh.getState().sim.world.count).toBe(3);
    snapshot.experiment.built.spheres[0].radius = -1;
    expect(fresh.getState().restore(snapshot)).toContain('experiment.built');
  });
});

/** Each cause's action, from a paused store of 12 spheres that `prepare` may first bring to where the action applies. */
const ACTIONS: Record<WorldCause, { prepare?: (store: SandboxStore) => Promise<unknown> | unknown; act: (store: SandboxStore) => unknown }> = {
  preset: { act: (s) => s.getState().selectPreset('cradle') },
  settings: { act: (s) => (s.getState().applySettings({ count: 15 }) ? null : 'refused') },
  restart: { prepare: (s) => stepN(s, 5), act: (s) => s.getState().restart() },
  reset: { act: (s) => s.getState().reset() },
  scene: { act: (s) => s.getState().loadScene({ options: { size: [2, 2, 2] }, spheres: [{ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.2 }] }) },
  file: { act: (s) => s.getState().openExperiment(fileText(experimentFile({ preset: 'billiards', settings: s.getState().settings, edits: [] }, 'x'))) },
  link: { act: (s) => s.getState().openLinked({ preset: 'glancing', settings: s.getState().settings, edits: [] }) },
  snapshot: { act: async (s) => s.getState().restore(await createSandboxStore({ running: false, solverPort: null, settings: { count: 7 } }).getState().snapshot()) },
  'build-on': { act: (s) => s.getState().setBuilding(true) },
  'build-off': { prepare: (s) => s.getState().setBuilding(true), act: (s) => s.getState().setBuilding(false) },
  'build-edit': { prepare: (s) => s.getState().setBuilding(true), act: (s) => s.getState().buildDelete([3]) },
  'build-history': { prepare: (s) => (s.getState().setBuilding(true), s.getState().buildDelete([3])), act: (s) => s.getState().buildUndo() },
  rewind: { prepare: (s) => stepN(s, 30), act: (s) => s.getState().seek(10) },
  'twin-kept': { prepare: (s) => (s.getState().startTwin({ setting: 'restitution', value: 0.5 }), stepN(s, 5)), act: (s) => s.getState().keepTwin() },
  pump: { act: (s) => s.getState().pump(3, 0.05) },
  'worker-lost': { act: (s) => s.getState().sim.onWorkerLost?.('a test') },
};

describe('every new world goes through the one transition', () => {
  it.each(WORLD_CAUSES)('%s: the world is placed inside enterWorld, which records its cause', async (cause) => {
    const store = createSandboxStore({ settings: { count: 12, boxSize: 4 }, running: false, solverPort: null });
    await ACTIONS[cause].prepare?.(store);
    // Every placement of a world is followed, before anything else, by an arrival of that cause.
    const log: string[] = [];
    const sim = store.getState().sim;
    for (const method of ['replaceWorld', 'rewindTo', 'adopt'] as const) {
      const original = sim[method].bind(sim) as (...args: unknown[]) => unknown;
      (sim as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => (log.push('placed'), original(...args));
    }
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.arrival !== prev.arrival) log.push(`arrived ${s.arrival.cause}`);
    });
    const before = store.getState().arrival.serial;
    const result = await ACTIONS[cause].act(store);
    unsubscribe();
    expect(result ?? null, `${cause} was refused`).toBeNull();
    expect(store.getState().arrival).toEqual({ cause, serial: before + 1 });
    // Build mode off keeps the world on screen: nothing is placed.
    const placed = cause === 'build-off' ? [] : ['placed'];
    expect(log).toEqual([...placed, `arrived ${cause}`]);
    expectShowable(store);
  });
});

describe('the live region', () => {
  it('tells a collision while the run plays, and is cleared when another experiment arrives', () => {
    let clock = 0;
    const store = createSandboxStore({ preset: 'head-on', running: true, solverPort: null, now: () => (clock += 1000) });
    // Head-on at ±2 m/s from 4 m apart, radii 0.4: they meet at 0.8 s.
    for (let k = 0; k < 90 && store.getState().said === ''; k++) store.getState().frame(1 / 60);
    expect(store.getState().said).toMatch(/0.*1|1.*0/);
    expect(store.getState().said).toContain('2.0');
    store.getState().selectPreset('gas');
    expect(store.getState().said).toBe('');
    store.getState().say('Sphere 3 selected.');
    expect(store.getState().said).toBe('Sphere 3 selected.');
  });
});
