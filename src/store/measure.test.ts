import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { differingSettings, runsCsv, sphereTable, Stopwatch, WATCHED_MAX } from '../instruments/index.ts';
import { wallOf } from '../solver/index.ts';

const DT = 1 / 60;

function play(store: ReturnType<typeof createSandboxStore>, n: number): void {
  store.getState().play();
  for (let k = 0; k < n; k++) store.getState().frame(DT);
}

describe('the stopwatch', () => {
  it('measures simulated time: world.time between start and stop, standing still while paused', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const { sim, instruments } = store.getState();
    const sw = instruments.stopwatch;
    play(store, 10);
    const t0 = sim.world.time;
    sw.start(t0);
    play(store, 30);
    store.getState().pause();
    const tPause = sim.world.time;
    expect(sw.read(sim.world.time).elapsed).toBeCloseTo(tPause - t0, 12);
    // Paused: frames pass, simulated time does not, nor does the stopwatch.
    for (let k = 0; k < 20; k++) store.getState().frame(DT);
    expect(sim.world.time).toBe(tPause);
    expect(sw.read(sim.world.time).elapsed).toBeCloseTo(tPause - t0, 12);
    play(store, 12);
    const tLap = sim.world.time;
    sw.lap(tLap);
    play(store, 6);
    const tStop = sim.world.time;
    sw.stop(tStop);
    play(store, 20);
    const r = sw.read(sim.world.time);
    expect(r.running).toBe(false);
    expect(r.elapsed).toBeCloseTo(tStop - t0, 12);
    expect(r.laps).toHaveLength(1);
    expect(r.laps[0]).toBeCloseTo(tLap - t0, 12);
    sw.reset(sim.world.time);
    expect(sw.read(sim.world.time)).toEqual({ elapsed: 0, running: false, laps: [] });
  });

  it('follows the timeline: after a seek it reads what it read at that step, and a press there forgets the later ones', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const { sim, instruments } = store.getState();
    const sw = instruments.stopwatch;
    sw.start(sim.world.time);
    play(store, 40);
    const at40 = sim.world.time;
    play(store, 40);
    sw.stop(sim.world.time);
    store.getState().pause();
    expect(store.getState().seek(40)).toBeNull();
    expect(sim.world.time).toBe(at40);
    const r = sw.read(sim.world.time);
    expect(r.running).toBe(true);
    expect(r.elapsed).toBeCloseTo(at40, 12);
    // Stopping here is a new future: the stop at step 80 is gone.
    sw.stop(sim.world.time);
    play(store, 20);
    expect(sw.read(sim.world.time).elapsed).toBeCloseTo(at40, 12);
  });

  it('ignores a stop or lap while stopped and a second start', () => {
    const sw = new Stopwatch();
    sw.stop(1);
    sw.lap(1);
    sw.start(2);
    sw.start(3);
    expect(sw.read(5)).toEqual({ elapsed: 3, running: true, laps: [] });
  });
});

describe('the collision counter', () => {
  it('counts what world.events reports, for everything, one sphere and one wall, and follows the timeline', () => {
    for (const target of [{ kind: 'all' } as const, { kind: 'sphere', id: 0 } as const, { kind: 'wall', wall: 0 } as const]) {
      const store = createSandboxStore({ settings: { count: 30, boxSize: 4, restitution: 1 }, running: false });
      const { sim, instruments } = store.getState();
      instruments.counter.start(sim.world.time, target);
      let seen = 0;
      let at60 = 0;
      store.getState().play();
      for (let k = 0; k < 120; k++) {
        store.getState().frame(DT);
        const ev = sim.world.events;
        for (let e = 0; e < ev.count; e++) {
          const b = ev.b[e];
          if (target.kind === 'all' || (target.kind === 'sphere' ? ev.a[e] === 0 || b === 0 : wallOf(b) === 0)) seen++;
        }
        if (k === 59) at60 = seen;
      }
      expect(seen).toBeGreaterThan(0);
      expect(instruments.counter.count(sim.world.time)).toBe(seen);
      store.getState().pause();
      expect(store.getState().seek(60)).toBeNull();
      expect(instruments.counter.count(sim.world.time)).toBe(at60);
      play(store, 60);
      expect(instruments.counter.count(sim.world.time)).toBe(seen);
    }
  });

  it('counts simultaneous collisions each (head-on: both spheres meet their walls at the same instant)', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const { sim, instruments } = store.getState();
    instruments.counter.start(sim.world.time, { kind: 'all' });
    play(store, 180);
    const stats = sim.world.stats();
    expect(stats.wallCollisions).toBeGreaterThan(1);
    expect(instruments.counter.count(sim.world.time)).toBe(stats.pairCollisions + stats.wallCollisions);
  });

  it('stops counting at the end of a period in seconds', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 4, restitution: 1 }, running: false });
    const { sim, instruments } = store.getState();
    instruments.counter.start(0, { kind: 'all' }, 0.5);
    let seen = 0;
    store.getState().play();
    for (let k = 0; k < 60; k++) {
      store.getState().frame(DT);
      const ev = sim.world.events;
      for (let e = 0; e < ev.count; e++) if (ev.time[e] <= 0.5) seen++;
    }
    expect(instruments.counter.counting(sim.world.time)).toBe(false);
    expect(instruments.counter.count(sim.world.time)).toBe(seen);
    expect(() => instruments.counter.start(0, { kind: 'all' }, -1)).toThrow(/-1/);
  });
});

describe('the data table', () => {
  it("totals the selected spheres' momentum as stats() does for the whole world", () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    play(store, 100);
    const { sim } = store.getState();
    const ids = Array.from({ length: sim.count }, (_, s) => sim.world.idAt(s));
    store.getState().selectMany(ids);
    const { rows, total } = sphereTable(sim.world, store.getState().selection);
    expect(rows).toHaveLength(2);
    const stats = sim.world.stats();
    for (let k = 0; k < 3; k++) expect(total.momentum[k]).toBeCloseTo(stats.momentum[k], 12);
    expect(total.kinetic).toBeCloseTo(stats.kineticEnergy, 12);
    // Equal masses head-on: momenta opposite, 2 m/s each (the preset's watch line).
    expect(rows[0].speed).toBeCloseTo(2, 9);
    expect(rows[0].momentum[0]).toBeCloseTo(-rows[1].momentum[0], 9);
  });
});

describe('the runs table', () => {
  it('keeps the settings that differ from the first run and writes them as CSV', () => {
    const runs = [
      { settings: { restitution: 1, count: 2, label: 'a' }, results: { 'energy_lost_J': 0, 'v0_x_m_s': -2 } },
      { settings: { restitution: 0.5, count: 2, label: 'b, c' }, results: { 'energy_lost_J': 3, 'v0_x_m_s': -0.5 } },
    ];
    expect(differingSettings(runs)).toEqual(['restitution', 'label']);
    expect(runsCsv(runs)).toBe('run,restitution,label,energy_lost_J,v0_x_m_s\n1,1,a,0,-2\n2,0.5,"b, c",3,-0.5\n');
    expect(runsCsv([])).toBe('run\n');
  });
});

describe('the last collision of each selected sphere', () => {
  /** Plays frame by frame until `done` holds (at most `max` frames). */
  function playUntil(store: ReturnType<typeof createSandboxStore>, done: () => boolean, max = 600): void {
    store.getState().play();
    for (let k = 0; k < max && !done(); k++) store.getState().frame(DT);
    expect(done()).toBe(true);
  }

  it('gives the velocities before and after an elastic collision of 10 kg and 1 kg, as the 1D formulas do', () => {
    const store = createSandboxStore({ preset: 'heavy-light', running: false });
    store.getState().selectMany([0, 1]);
    const last = store.getState().instruments.lastCollisions;
    playUntil(store, () => last.of(1) !== null);
    const heavy = last.of(0)!;
    const light = last.of(1)!;
    expect(heavy.partner).toEqual({ kind: 'sphere', id: 1 });
    expect(light.partner).toEqual({ kind: 'sphere', id: 0 });
    expect(heavy.time).toBe(light.time);
    // m1 = 10 at u = 1.5 m/s meets m2 = 1 at rest: v1 = (m1 - m2) u / (m1 + m2), v2 = 2 m1 u / (m1 + m2).
    expect(heavy.before[0]).toBeCloseTo(1.5, 12);
    expect(heavy.after[0]).toBeCloseTo((9 / 11) * 1.5, 12);
    expect(light.before[0]).toBeCloseTo(0, 12);
    expect(light.after[0]).toBeCloseTo((20 / 11) * 1.5, 12);
    for (const c of [heavy, light]) for (const k of [1, 2]) expect(Math.abs(c.before[k]) + Math.abs(c.after[k])).toBeLessThan(1e-12);
    // Momentum through the collision: 10 * 1.5 before, and after.
    expect(10 * heavy.after[0] + light.after[0]).toBeCloseTo(15, 12);
  });

  it('carries the velocity back along the free flight under gravity: a ball dropped 2 m meets the floor at sqrt(2 g h) and leaves at it', () => {
    const store = createSandboxStore({
      running: false,
      settings: { gravityOn: true },
      built: { size: [4, 6, 4], spheres: [{ position: [0, -3 + 0.25 + 2, 0], velocity: [0, 0, 0], radius: 0.25, mass: 1 }] },
    });
    store.getState().selectMany([0]);
    const last = store.getState().instruments.lastCollisions;
    playUntil(store, () => last.of(0) !== null);
    const hit = last.of(0)!;
    const g = 9.81;
    expect(hit.partner).toEqual({ kind: 'wall', wall: 2 });
    expect(hit.time).toBeCloseTo(Math.sqrt((2 * 2) / g), 9);
    expect(hit.before[1]).toBeCloseTo(-Math.sqrt(2 * g * 2), 9);
    expect(hit.after[1]).toBeCloseTo(Math.sqrt(2 * g * 2), 9);
    // The end of that step is later than the bounce: the ball has slowed since.
    expect(store.getState().sim.world.velocities[1]).toBeLessThan(hit.after[1]);
  });

  it('knows every sphere of a small scene, even one selected after its collision, and forgets a collision the timeline goes back before', () => {
    const store = createSandboxStore({ preset: 'heavy-light', running: false });
    const last = store.getState().instruments.lastCollisions;
    playUntil(store, () => last.of(1) !== null);
    store.getState().selectMany([1]);
    const when = last.of(1)!.time;
    expect(last.of(0)!.time).toBe(when);
    store.getState().pause();
    expect(store.getState().seek(0)).toBeNull();
    expect(last.of(1)).toBeNull();
    expect(last.of(0)).toBeNull();
  });

  it('in a scene of more than WATCHED_MAX spheres, watches the selected ones only', () => {
    const store = createSandboxStore({ running: false, settings: { count: 200, speed: 5 } });
    const world = store.getState().sim.world;
    expect(world.count).toBeGreaterThan(WATCHED_MAX);
    const chosen = world.idAt(0);
    store.getState().selectMany([chosen]);
    const last = store.getState().instruments.lastCollisions;
    playUntil(store, () => last.of(chosen) !== null);
    // Many others have collided by then; only the selected one was watched.
    expect(world.stats().pairCollisions + world.stats().wallCollisions).toBeGreaterThan(20);
    let known = 0;
    for (let k = 0; k < world.count; k++) if (last.of(world.idAt(k)) !== null) known++;
    expect(known).toBe(1);
  });
});

describe('the Measure tools in the store', () => {
  it('the stopwatch and the counter are pressed through actions and read in the published state', () => {
    const store = createSandboxStore({ settings: { count: 30, boxSize: 4 }, running: false, solverPort: null });
    const s = () => store.getState();
    s().pressStopwatch('start');
    expect(s().measure.stopwatch).toEqual({ elapsed: 0, running: true, laps: [] });
    expect(s().startCounter({ kind: 'all' }, 0.5)).toBeNull();
    play(store, 60);
    s().pause();
    const time = s().sim.world.time;
    expect(s().measure.stopwatch.elapsed).toBeCloseTo(time, 12);
    const counted = s().instruments.counter.count(time);
    expect(s().measure.counter).toMatchObject({ started: true, counting: false, count: counted, target: { kind: 'all' } });
    expect(s().measure.counter.seconds).toBeCloseTo(0.5, 12);
    s().pressStopwatch('reset');
    expect(s().measure.stopwatch).toEqual({ elapsed: 0, running: false, laps: [] });
  });

  it('a bad count is refused with a message naming the value, and nothing starts', () => {
    const store = createSandboxStore({ settings: { count: 10 }, running: false, solverPort: null });
    expect(store.getState().startCounter({ kind: 'all' }, -2)).toContain('-2');
    expect(store.getState().startCounter({ kind: 'sphere', id: 99 }, 1)).toContain('"id":99');
    expect(store.getState().startCounter({ kind: 'wall', wall: 6 }, 1)).toContain('"wall":6');
    expect(store.getState().measure.counter.started).toBe(false);
  });

  it('the graph samples each publish, panel or not; a new quantity or a new scene starts it afresh; a bad id is refused by name', () => {
    const store = createSandboxStore({ settings: { count: 20, boxSize: 4 }, running: false, solverPort: null });
    const s = () => store.getState();
    const series = s().instruments.measure.graph;
    for (let k = 0; k < 5; k++) s().stepOnce();
    expect(s().measure.graph).toMatchObject({ x: 'time', y: 'kinetic', points: 5 });
    expect(series.y[4]).toBeCloseTo(s().sim.world.stats().kineticEnergy, 12);
    expect(s().setGraph('time', 's3.speed')).toBeNull();
    expect(s().measure.graph).toMatchObject({ y: 's3.speed', points: 1 });
    expect(s().setGraph('time', 'warp')).toContain('"warp"');
    expect(s().measure.graph.y).toBe('s3.speed');
    s().stepOnce();
    expect(s().measure.graph.points).toBe(2);
    s().restart();
    expect(s().measure.graph.points).toBe(1);
    s().clearGraph();
    expect(s().measure.graph.points).toBe(0);
    // Cleared while paused, it stays empty at the publishes of the same moment, and goes on when the run moves.
    s().sampleNow();
    s().sampleNow();
    expect(s().measure.graph.points, 'points at the same moment after Clear').toBe(0);
    s().stepOnce();
    expect(s().measure.graph.points, 'points once the run moved').toBe(1);
  });

  it('records runs into the store (they outlive any panel) and clears them', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false, solverPort: null });
    play(store, 90);
    store.getState().recordRun();
    expect(store.getState().applySettings({ restitution: 0.5 })).toBe(true);
    store.getState().restart();
    play(store, 90);
    store.getState().recordRun();
    const runs = store.getState().runs;
    expect(runs).toHaveLength(2);
    expect(differingSettings(runs)).toEqual(['restitution']);
    // Head-on at ±2 m/s, equal masses, after the collision (0.8 s) and before a wall (2.9 s): each
    // leaves at e times the 2 m/s it brought, reversed (e = 1, then 0.5).
    expect(runs[0].results.v0x_m_s).toBeCloseTo(-2, 12);
    expect(runs[0].results.v1x_m_s).toBeCloseTo(2, 12);
    expect(runs[1].results.v0x_m_s).toBeCloseTo(-1, 12);
    expect(runs[1].results.v1x_m_s).toBeCloseTo(1, 12);
    store.getState().clearRuns();
    expect(store.getState().runs).toEqual([]);
  });
});
