import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { stepN } from '../testing/store.ts';
import { local, play, separateRun, stateById, twinWorld } from '../testing/twin.ts';
import type { TwinChange } from '../experiment/index.ts';

describe('the what-if twin', () => {
  const cases: { name: string; options: Parameters<typeof createSandboxStore>[0]; change: TwinChange; k: number; n: number }[] = [
    { name: 'cradle: e = 1 against e = 0.8', options: { preset: 'cradle' }, change: { setting: 'restitution', value: 0.8 }, k: 30, n: 240 },
    { name: 'billiards: without gravity against with it', options: { preset: 'billiards' }, change: { setting: 'gravity', value: 9.81 }, k: 20, n: 200 },
    { name: 'a gas: e = 1 against e = 0.9', options: { preset: 'gas' }, change: { setting: 'restitution', value: 0.9 }, k: 45, n: 150 },
    { name: 'ball pit: walls e = 0.6 against 0.95', options: { preset: 'ball-pit' }, change: { setting: 'wallRestitution', value: 0.95 }, k: 25, n: 60 },
    { name: 'heavy-light: the light sphere ten times heavier', options: { preset: 'heavy-light' }, change: { setting: 'mass', value: 10, sphere: 1 }, k: 10, n: 200 },
    { name: 'slow compression: the piston fifteen times faster', options: { preset: 'slow-compression' }, change: { setting: 'pistonSpeed', value: 1.5 }, k: 30, n: 150 },
  ];
  for (const c of cases) {
    it(`diverges exactly as a separate run with that setting does (${c.name}); the original runs on untouched`, () => {
      const store = createSandboxStore({ ...c.options, running: false });
      play(store, c.k);
      expect(store.getState().startTwin(c.change)).toBeNull();
      expect(store.getState().twin).toMatchObject({ active: true, spec: { ...c.change, step: c.k } });
      play(store, c.n);
      const separate = separateRun(c.options, c.k, c.change, c.n);
      expect(stateById(twinWorld(store))).toEqual(stateById(local(separate)));
      // The original is the run without the change, step for step.
      const plain = createSandboxStore({ ...c.options, running: false });
      stepN(plain, c.k + c.n);
      expect(stateById(local(store))).toEqual(stateById(local(plain)));
      // And the change made a difference.
      expect(stateById(twinWorld(store))).not.toEqual(stateById(local(store)));
    });
  }

  it('publishes its readouts beside the original’s, and its energy curve from its start', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    stepN(store, 30);
    store.getState().startTwin({ setting: 'restitution', value: 0.8 });
    stepN(store, 200);
    const { twin, stats } = store.getState();
    const w = twinWorld(store).stats();
    expect(twin!.stats!.kineticEnergy).toBe(w.kineticEnergy);
    expect(twin!.stats!.momentum).toEqual(w.momentum);
    expect(twin!.original).toBe(1);
    // Energy is lost in the twin only (e < 1), momentum is the same in both before any wall.
    expect(twin!.stats!.kineticEnergy).toBeLessThan(stats.kineticEnergy);
    const h = store.getState().instruments.twin.run!.history;
    // Sampled at the original's moments, from the twin's start on (the plot pairs them by time).
    const main = store.getState().instruments.readouts.history;
    const times = Array.from(main.columns[0].subarray(0, main.length));
    expect(h.length).toBe(201);
    for (let k = 0; k < h.length; k++) expect(times).toContain(h.columns[0][k]);
    expect(h.columns[0][0]).toBe(times[29]);
  });

  it('kept, it becomes the run: same world, the settings take its value, and the run goes on as the separate run', () => {
    const options = { preset: 'cradle' };
    const store = createSandboxStore({ ...options, running: false });
    stepN(store, 40);
    store.getState().startTwin({ setting: 'restitution', value: 0.8 });
    stepN(store, 100);
    const twin = stateById(twinWorld(store));
    expect(store.getState().keepTwin()).toBeNull();
    expect(store.getState().twin).toBeNull();
    expect(store.getState().instruments.twin.run).toBeNull();
    expect(store.getState().settings.restitution).toBe(0.8);
    expect(store.getState().preset).toBe('cradle');
    expect(stateById(local(store))).toEqual(twin);
    stepN(store, 100);
    const separate = separateRun(options, 40, { setting: 'restitution', value: 0.8 }, 200);
    expect(stateById(local(store))).toEqual(stateById(local(separate)));
    // The timeline holds the twin's run from its start: going back into it replays the twin.
    expect(store.getState().seek(90)).toBeNull();
    expect(stateById(local(store))).toEqual(stateById(local(separateRun(options, 40, { setting: 'restitution', value: 0.8 }, 50))));
  });

  it('kept with a sphere’s mass, it records the mass as an inspector edit', () => {
    const store = createSandboxStore({ preset: 'heavy-light', running: false });
    stepN(store, 5);
    expect(store.getState().startTwin({ setting: 'mass', value: 3, sphere: 1 })).toBeNull();
    stepN(store, 5);
    expect(store.getState().keepTwin()).toBeNull();
    expect(store.getState().edits).toEqual([{ id: 1, mass: 3 }]);
    expect(local(store).masses[local(store).indexOf(1)]).toBe(3);
  });

  it('kept with gravity 0, gravity is switched off in the settings', () => {
    const store = createSandboxStore({ preset: 'ball-pit', running: false });
    stepN(store, 5);
    store.getState().startTwin({ setting: 'gravity', value: 0 });
    store.getState().keepTwin();
    expect(store.getState().settings.gravityOn).toBe(false);
    expect(local(store).gravity).toEqual([0, -0, 0]);
  });

  it('is dropped by Drop, and whenever the world is replaced, rewound or changed in place', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    const start = () => {
      stepN(store, 3);
      expect(store.getState().startTwin({ setting: 'restitution', value: 0.5 })).toBeNull();
      expect(store.getState().twin?.active).toBe(true);
    };
    const dropped = () => {
      expect(store.getState().instruments.twin.run).toBeNull();
      expect(store.getState().twin).toBeNull();
    };
    start();
    store.getState().dropTwin();
    dropped();
    for (const act of [
      () => store.getState().restart(),
      () => store.getState().selectPreset('gas'),
      () => store.getState().seek(1),
      () => store.getState().applySetting('gravityOn', true),
      () => store.getState().reverse(),
      () => store.getState().applySetting('count', 20),
    ]) {
      start();
      act();
      dropped();
    }
    // A time scale or colour change leaves it.
    start();
    store.getState().applySetting('timeScale', 0.5);
    expect(store.getState().twin?.active).toBe(true);
  });

  it('refuses a bad value with a message naming it, and a sphere that does not exist', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    expect(store.getState().startTwin({ setting: 'restitution', value: 1.5 })).toBe('Restitution (spheres) must be at most 1, got 1.5');
    expect(store.getState().startTwin({ setting: 'gravity', value: -2 })).toBe('Gravity strength must be at least 0 m/s², got -2');
    expect(store.getState().startTwin({ setting: 'mass', value: 0, sphere: 1 })).toBe('Mass must be greater than 0, got 0');
    expect(store.getState().startTwin({ setting: 'mass', value: 2, sphere: 99 })).toBe('Sphere #99 does not exist.');
    expect(store.getState().twin).toBeNull();
  });
});
