import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/presets.ts';
import { buildWorld } from '../solver/index.ts';
import { CollisionLog, separatingSpeed } from '../instruments/index.ts';
import { History, HISTORY_COLUMNS } from '../instruments/index.ts';
import { createSandboxStore } from './index.ts';
import { positionsOf, stepN } from '../testing/store.ts';


describe('presets in the store', () => {
  it('builds each preset instead of the gas, with its mode, restitution and gravity in the settings', () => {
    for (const preset of PRESETS) {
      const store = createSandboxStore({ running: false });
      store.getState().selectPreset(preset.id);
      const s = store.getState();
      const scene = preset.build(s.settings.seed);
      expect(s.preset).toBe(preset.id);
      expect(s.sim.count).toBe(scene.spheres.length);
      expect(s.sim.world.options.size).toEqual(scene.options.size);
      expect(s.sim.world.options.planar).toBe(preset.mode === 'planar');
      expect(s.sim.world.options.restitution).toBe(scene.options.restitution ?? 1);
      // Gravity on for the scenes that fall (the ball pit, the boiling and evaporating drops), off for the rest.
      expect(s.settings.gravityOn, preset.id).toBe((scene.options.gravity?.[1] ?? 0) < 0);
      stepN(store, 3);
      expect(s.sim.world.time).toBeCloseTo(3 / 60, 12);
    }
  });

  it('keeps line presets on the x axis', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    stepN(store, 120);
    const sim = store.getState().sim;
    for (let i = 0; i < sim.count; i++) {
      expect(sim.positions[3 * i + 1]).toBe(0);
      expect(sim.positions[3 * i + 2]).toBe(0);
    }
  });

  it('restart reproduces a preset, and a preset equals its scene built directly', () => {
    const store = createSandboxStore({ preset: 'billiards', running: false });
    stepN(store, 40);
    const first = positionsOf(store);
    const direct = buildWorld(PRESETS.find((p) => p.id === 'billiards')!.build(1));
    for (let k = 0; k < 40; k++) direct.step(1 / 60);
    expect(Array.from(direct.positions.subarray(0, first.length))).toEqual(first);
    store.getState().restart();
    stepN(store, 40);
    expect(positionsOf(store)).toEqual(first);
  });

  it('a scene setting leaves the preset for the free sandbox; the seed rebuilds the preset', () => {
    const store = createSandboxStore({ preset: 'gas', running: false });
    expect(store.getState().applySetting('seed', 7)).toBe(true);
    expect(store.getState().preset).toBe('gas');
    expect(store.getState().sim.count).toBe(400);
    expect(store.getState().applySetting('count', 50)).toBe(true);
    expect(store.getState().preset).toBeNull();
    expect(store.getState().sim.count).toBe(50);
  });

  it('presets borrow the physics: the free sandbox keeps its own values through any number of presets', () => {
    const store = createSandboxStore({ running: false, settings: { count: 30, boxSize: 5 } });
    const mine = { restitution: 0.5, wallRestitution: 0.7, gravityOn: true, gravity: 3.5 };
    expect(store.getState().applySettings(mine)).toBe(true);
    for (const id of ['cradle', 'billiards', 'ball-pit', 'gas']) {
      store.getState().selectPreset(id);
      const o = PRESETS.find((p) => p.id === id)!.build(store.getState().settings.seed).options;
      // The preset's own physics run in the world while it is selected.
      expect(store.getState().sim.world.options.restitution).toBe(o.restitution ?? 1);
      expect(store.getState().settings.gravityOn).toBe(o.gravity !== undefined && o.gravity[1] !== 0);
    }
    // A live change during a preset acts on the preset's run only.
    expect(store.getState().applySetting('restitution', 0.3)).toBe(true);
    expect(store.getState().sim.world.options.restitution).toBe(0.3);
    store.getState().selectPreset(null);
    const s = store.getState();
    expect({ restitution: s.settings.restitution, wallRestitution: s.settings.wallRestitution, gravityOn: s.settings.gravityOn, gravity: s.settings.gravity }).toEqual(mine);
    expect(s.freeSettings).toEqual(s.settings);
    expect(s.sim.world.options.restitution).toBe(0.5);
    expect(s.sim.world.options.wallRestitution).toBe(0.7);
    expect(s.sim.world.gravity).toEqual([0, -3.5, 0]);
    expect(s.sim.count).toBe(30);
  });

  it('leaving a preset by a scene setting brings back the free physics with that setting', () => {
    const store = createSandboxStore({ running: false, settings: { restitution: 0.4 } });
    store.getState().selectPreset('billiards');
    expect(store.getState().settings.restitution).toBe(0.95);
    expect(store.getState().applySetting('count', 40)).toBe(true);
    const s = store.getState();
    expect(s.preset).toBeNull();
    expect(s.settings.restitution).toBe(0.4);
    expect(s.sim.world.options.restitution).toBe(0.4);
    expect(s.sim.count).toBe(40);
  });

  it('brownian motion starts with its big sphere selected and trailed; leaving gives the trail back as it was', () => {
    for (const start of ['link', 'menu'] as const) {
      const store = start === 'link' ? createSandboxStore({ preset: 'brownian', running: false }) : createSandboxStore({ running: false, settings: { count: 20 } });
      if (start === 'menu') store.getState().selectPreset('brownian');
      expect(store.getState().selected).toBe(0);
      expect(store.getState().aids.trail).toBe(true);
      store.getState().selectPreset('gas');
      expect(store.getState().selected).toBeNull();
      expect(store.getState().aids.trail).toBe(false);
    }
    // A trail the teacher had on stays on.
    const store = createSandboxStore({ running: false, settings: { count: 20 }, aids: { trail: true } });
    store.getState().selectPreset('brownian');
    store.getState().selectPreset(null);
    expect(store.getState().aids.trail).toBe(true);
  });

  it('an unknown preset id gives a notice and the free sandbox, never a crash', () => {
    const store = createSandboxStore({ preset: 'nope', settings: { count: 20, boxSize: 4 } });
    expect(store.getState().preset).toBeNull();
    expect(store.getState().notices.join(' ')).toMatch(/Unknown preset "nope"/);
    store.getState().selectPreset('also-nope');
    expect(store.getState().preset).toBeNull();
    store.getState().dismissNotices();
    expect(store.getState().notices).toEqual([]);
  });
});

describe('readouts sampled by the store', () => {
  it('reports energy, momentum, temperature and pressures in the sampled stats', () => {
    const store = createSandboxStore({ preset: 'gas', running: true, sampleSeconds: 0.25 });
    for (let k = 0; k < 60; k++) store.getState().frame(1 / 60);
    const stats = store.getState().stats;
    const world = store.getState().sim.world;
    const s = world.stats();
    expect(stats.kineticEnergy).toBeCloseTo(s.kineticEnergy, 9);
    expect(stats.potentialEnergy).toBe(0);
    expect(stats.momentum).toHaveLength(3);
    // 400 spheres of speed 3: kT = (2/3) (1/2) m v^2 averaged.
    expect(stats.temperature).toBeCloseTo((2 / 3) * (s.kineticEnergy / 400), 9);
    expect(stats.pressureIdeal).toBeGreaterThan(0);
    expect(stats.pressureMeasured).toBeGreaterThan(0);
    expect(stats.pairCollisionsTotal).toBe(s.pairCollisions);
    expect(stats.pairCollisionsTotal).toBeGreaterThan(0);
  });

  it('records one history row per sample, only when time moved', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 5 }, sampleSeconds: 0.1 });
    for (let k = 0; k < 30; k++) store.getState().frame(1 / 60);
    const h = store.getState().instruments.readouts.history;
    expect(h.length).toBe(5);
    const t = h.columns[0];
    for (let k = 1; k < h.length; k++) expect(t[k]).toBeGreaterThan(t[k - 1]);
    store.getState().pause();
    const n = h.length;
    for (let k = 0; k < 30; k++) store.getState().frame(1 / 60);
    expect(h.length).toBe(n);
    store.getState().restart();
    expect(h.length).toBe(1);
  });

  it('reverse negates every velocity; an elastic preset retraces its path', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const start = positionsOf(store);
    stepN(store, 90);
    const v = Array.from(store.getState().sim.velocities.subarray(0, 6));
    store.getState().reverse();
    expect(Array.from(store.getState().sim.velocities.subarray(0, 6))).toEqual(v.map((x) => -x));
    stepN(store, 90);
    const back = positionsOf(store);
    back.forEach((x, k) => expect(x).toBeCloseTo(start[k], 9));
  });
});

describe('history table', () => {
  it('derives the total energy and |p|, and drops the older half when full', () => {
    const h = new History(4);
    for (let k = 0; k < 5; k++) h.push(k, 1, 2, 3, 4, 0);
    expect(h.length).toBe(3);
    expect(Array.from(h.columns[0].subarray(0, 3))).toEqual([2, 3, 4]);
    expect(h.columns[3][0]).toBe(3);
    expect(h.columns[7][0]).toBe(5);
    const csv = h.toCsv().trim().split('\n');
    expect(csv[0].split(',')).toEqual([...HISTORY_COLUMNS]);
    expect(csv).toHaveLength(4);
    expect(csv[1].split(',').map(Number)).toEqual([2, 1, 2, 3, 3, 4, 0, 5]);
  });
});

describe('collision log', () => {
  it('measures the restitution from the impulse and the closing speed', () => {
    // Equal masses 1, closing at 4 m/s, e = 0.5: J = mu (1 + e) u = 0.5 * 1.5 * 4 = 3.
    expect(separatingSpeed(3, 4, 1, 1)).toBeCloseTo(2, 12);
    // A fixed partner: mu is the free mass.
    expect(separatingSpeed(2 * 3, 3, 1, Infinity)).toBeCloseTo(3, 12);
  });

  it('logs the head-on collision with e = 1 and the inelastic one with e = 0', () => {
    for (const [id, e] of [['head-on', 1], ['inelastic', 0]] as const) {
      const store = createSandboxStore({ preset: id, running: false });
      stepN(store, 120);
      const log = store.getState().instruments.readouts.collisions;
      expect(log.total).toBeGreaterThanOrEqual(1);
      const first = log.recent(log.length).at(-1)!;
      expect([first.a, first.b].sort()).toEqual([0, 1]);
      expect(first.restitution).toBeCloseTo(e, 9);
      if (e === 0) expect(first.energyLost).toBeGreaterThan(0);
      const csv = log.toCsv().trim().split('\n');
      expect(csv[0]).toMatch(/^time_s,sphere_a,sphere_b,impulse_kg_m_s,energy_lost_J/);
      expect(csv.length).toBe(log.length + 1);
    }
  });

  it('keeps the newest entries when the ring is full', () => {
    const log = new CollisionLog(2);
    const store = createSandboxStore({ preset: 'gas', running: false });
    const world = store.getState().sim.local!;
    for (let k = 0; k < 30; k++) {
      world.step(1 / 60);
      log.record(world);
    }
    expect(log.total).toBeGreaterThan(2);
    expect(log.length).toBe(2);
    const [newest, older] = log.recent(5);
    expect(newest.time).toBeGreaterThanOrEqual(older.time);
  });
});

describe('inspector edits and shared state', () => {
  it('refuses edits while running and bad values with a message naming the value', () => {
    const store = createSandboxStore({ preset: 'head-on' });
    expect(store.getState().editSphere(0, { mass: 2 })).toMatch(/Pause/);
    store.getState().pause();
    expect(store.getState().editSphere(0, { mass: -1 })).toMatch(/-1/);
    expect(store.getState().editSphere(0, { radius: 50 })).toMatch(/50/);
    expect(store.getState().editSphere(99, { mass: 1 })).toMatch(/#99/);
    expect(store.getState().edits).toEqual([]);
  });

  it('applies an edit now, records it, and restart and the experiment reproduce it', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    expect(store.getState().editSphere(1, { mass: 3 })).toBeNull();
    expect(store.getState().editSphere(1, { velocity: [-1, 0, 0] })).toBeNull();
    expect(store.getState().sim.masses[1]).toBe(3);
    expect(store.getState().edits).toEqual([{ id: 1, mass: 3, velocity: [-1, 0, 0] }]);
    stepN(store, 100);
    const first = positionsOf(store);
    store.getState().restart();
    stepN(store, 100);
    expect(positionsOf(store)).toEqual(first);

    // The experiment (what a link carries; links themselves are tested in share/) rebuilds the run.
    const copy = createSandboxStore({ ...store.getState().experiment(), running: false });
    stepN(copy, 100);
    expect(positionsOf(copy)).toEqual(first);
  });

  it('a moved sphere: overlap repaired, the move recorded, a refused move changes nothing', () => {
    const store = createSandboxStore({ preset: 'gas', running: false });
    const { sim } = store.getState();
    const slot1 = sim.world.indexOf(1);
    const target: [number, number, number] = [sim.positions[3 * slot1], sim.positions[3 * slot1 + 1], sim.positions[3 * slot1 + 2]];
    // Sphere 0 dropped right on top of sphere 1: the two are pushed apart until they just touch.
    expect(store.getState().editSphere(0, { position: target })).toBeNull();
    const s0 = 3 * sim.world.indexOf(0);
    const s1 = 3 * sim.world.indexOf(1);
    const gap = Math.hypot(sim.positions[s0] - sim.positions[s1], sim.positions[s0 + 1] - sim.positions[s1 + 1], sim.positions[s0 + 2] - sim.positions[s1 + 2]);
    const contact = sim.radii[sim.world.indexOf(0)] + sim.radii[sim.world.indexOf(1)];
    expect(gap).toBeGreaterThanOrEqual(contact * (1 - 1e-9));
    expect(store.getState().edits).toEqual([{ id: 0, position: target }]);

    const before = positionsOf(store);
    const size = sim.world.size[0];
    const message = store.getState().editSphere(2, { position: [size, 0, 0] });
    expect(message).toMatch(new RegExp(`position.*${size}`));
    expect(positionsOf(store)).toEqual(before);
    expect(store.getState().edits).toHaveLength(1);

    store.getState().notify('A drag was not applied.');
    expect(store.getState().notices).toContain('A drag was not applied.');
  });

  it('an edit for a sphere the scene lacks is skipped with a notice', () => {
    const store = createSandboxStore({ preset: 'head-on', edits: [{ id: 5, mass: 2 }] });
    expect(store.getState().notices.join(' ')).toMatch(/#5 does not exist/);
  });

  it('selection follows existing ids only', () => {
    const store = createSandboxStore({ preset: 'cradle' });
    store.getState().select(3);
    expect(store.getState().selected).toBe(3);
    store.getState().select(42);
    expect(store.getState().selected).toBeNull();
  });
});
