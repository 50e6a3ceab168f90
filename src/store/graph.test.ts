/**
 * The Graph tool's quantities and series against what they come from: each sample read as the
 * store publishes equals the solver's stats, the sphere's own velocity, the collisions the steps
 * reported and the first law's readout; the series stays within its capacity, starts afresh when
 * the timeline goes back, and its CSV parses back to the very numbers sampled.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { columnName, GraphSeries, parseQuantity, quantityId, quantityUnit, readQuantities, type GraphQuantity, type GraphSource } from '../instruments/index.ts';

type Store = ReturnType<typeof createSandboxStore>;

const run = (name: string): GraphQuantity => parseQuantity(name);

/** What a sample reads of the store's simulation and instruments, as the Graph tool passes it. */
function sourceOf(store: Store): GraphSource {
  const { sim, instruments } = store.getState();
  return { world: sim.world, firstLaw: instruments.firstLaw.last, counter: instruments.counter };
}

/** Records (x, y) into `series` each time the store publishes, as the Graph tool does; returns the unsubscribe. */
function recordOnPublish(store: Store, series: GraphSeries, x: GraphQuantity, y: GraphQuantity): () => void {
  return store.subscribe((s, prev) => {
    if (s.stats !== prev.stats) series.sample(sourceOf(store), x, y, s.sceneVersion);
  });
}

/** One quantity read now. */
function readNow(store: Store, q: GraphQuantity): number {
  const out = new Float64Array(1);
  readQuantities(sourceOf(store), [q], out);
  return out[0];
}

describe('the Graph tool quantities', () => {
  it('samples the kinetic energy and momentum the solver reports at each published step', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const series = new GraphSeries();
    const px = new GraphSeries();
    const stop = recordOnPublish(store, series, run('time'), run('kinetic'));
    const stopP = recordOnPublish(store, px, run('time'), run('px'));
    const expected: number[][] = [];
    for (let k = 0; k < 120; k++) {
      store.getState().stepOnce();
      const s = store.getState().sim.world.stats();
      expected.push([store.getState().sim.world.time, s.kineticEnergy, s.momentum[0]]);
      expect(store.getState().stats.kineticEnergy).toBe(s.kineticEnergy);
    }
    stop();
    stopP();
    expect(series.length).toBe(120);
    for (let k = 0; k < 120; k++) {
      expect(series.x[k]).toBe(expected[k][0]);
      expect(series.time[k]).toBe(expected[k][0]);
      expect(series.y[k]).toBe(expected[k][1]);
      expect(px.y[k]).toBe(expected[k][2]);
    }
    // The head-on spheres collide and swap velocities: momentum stays, and so does an elastic pair's energy.
    expect(store.getState().sim.world.stats().pairCollisions).toBeGreaterThan(0);
    expect(Math.abs(series.y[119] - series.y[0])).toBeLessThan(1e-12 * series.y[0]);
  });

  it("reads a sphere's position, velocity components, speed |v| and ½ m v² from world.velocities; NaN for a sphere not there", () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    for (let k = 0; k < 40; k++) store.getState().stepOnce();
    const w = store.getState().sim.world;
    const id = w.idAt(1);
    const i = w.indexOf(id);
    const v = [w.velocities[3 * i], w.velocities[3 * i + 1], w.velocities[3 * i + 2]];
    expect(readNow(store, run(`s${id}.speed`))).toBeCloseTo(Math.hypot(v[0], v[1], v[2]), 14);
    expect(readNow(store, run(`s${id}.vx`))).toBe(v[0]);
    expect(readNow(store, run(`s${id}.vz`))).toBe(v[2]);
    expect(readNow(store, run(`s${id}.y`))).toBe(w.positions[3 * i + 1]);
    expect(readNow(store, run(`s${id}.kinetic`))).toBeCloseTo(0.5 * w.masses[i] * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2), 14);
    expect(readNow(store, run('s9999.speed'))).toBeNaN();
    // Nothing is recorded for the missing sphere.
    const series = new GraphSeries();
    expect(series.sample(sourceOf(store), run('time'), run('s9999.speed'))).toBe('no-value');
    expect(series.length).toBe(0);
  });

  it('counts the sphere-sphere and wall collisions the steps reported, and reads the collision counter', () => {
    const store = createSandboxStore({ running: false });
    const { sim, instruments } = store.getState();
    let pairs = 0;
    let walls = 0;
    sim.attach({
      afterStep(world) {
        for (let k = 0; k < world.events.count; k++) {
          if (world.events.b[k] >= 0) pairs++;
          else walls++;
        }
      },
    });
    expect(readNow(store, run('counter'))).toBeNaN();
    instruments.counter.start(sim.world.time, { kind: 'all' });
    const series = new GraphSeries();
    const stop = recordOnPublish(store, series, run('time'), run('pairCollisions'));
    for (let k = 0; k < 90; k++) store.getState().stepOnce();
    stop();
    expect(pairs).toBeGreaterThan(0);
    expect(series.y[series.length - 1]).toBe(pairs);
    expect(readNow(store, run('wallCollisions'))).toBe(walls);
    expect(readNow(store, run('counter'))).toBe(pairs + walls);
  });

  it("reads the pressure, volume and ledger of the first law's last sample", () => {
    const store = createSandboxStore({ preset: 'isothermal', running: false });
    for (let k = 0; k < 60; k++) store.getState().stepOnce();
    const last = store.getState().instruments.firstLaw.last;
    expect(last.pressure).toBeGreaterThan(0);
    expect(readNow(store, run('pressure'))).toBe(last.pressure);
    expect(readNow(store, run('volume'))).toBe(last.volume);
    expect(readNow(store, run('heat'))).toBe(last.heat);
    expect(readNow(store, run('work'))).toBe(last.work);
    expect(readNow(store, run('deltaU'))).toBe(last.deltaU);
    expect(readNow(store, run('kT'))).toBeCloseTo(store.getState().stats.temperature, 14);
  });

  it('names each quantity with its unit, per length and area in the plane, and refuses an unknown one by name', () => {
    expect(quantityUnit(run('pressure'), false)).toBe('Pa');
    expect(quantityUnit(run('pressure'), true)).toBe('N/m');
    expect(quantityUnit(run('s3.speed'), false)).toBe('m/s');
    expect(columnName(run('s3.speed'), false)).toBe('sphere3_speed_m_s');
    expect(columnName(run('px'), false)).toBe('px_kg_m_s');
    expect(columnName(run('volume'), false)).toBe('volume_m3');
    expect(columnName(run('volume'), true)).toBe('area_m2');
    expect(columnName(run('pairCollisions'), false)).toBe('pairCollisions');
    expect(quantityId(run('s12.vy'))).toBe('s12.vy');
    expect(() => parseQuantity('s3.colour')).toThrow(/"s3\.colour"/);
    expect(() => parseQuantity('entropy')).toThrow(/"entropy"/);
  });
});

describe('the Graph series', () => {
  it('keeps at most its capacity, dropping the oldest half, newest last and in time order', () => {
    const series = new GraphSeries(10);
    for (let k = 0; k < 25; k++) series.record(k * 0.25, k, 2 * k);
    expect(series.length).toBeLessThanOrEqual(10);
    expect(series.length).toBeGreaterThan(0);
    expect(series.x[series.length - 1]).toBe(24);
    expect(series.y[series.length - 1]).toBe(48);
    for (let k = 1; k < series.length; k++) expect(series.time[k]).toBeGreaterThan(series.time[k - 1]);
    // The kept samples are the newest ones, with none missing between them.
    expect(series.x[0]).toBe(25 - series.length);
    expect(() => new GraphSeries(1)).toThrow(/capacity.*1/);
  });

  it('skips a sample at the same time, and starts afresh when the time goes back (a timeline seek)', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const series = new GraphSeries();
    const stop = recordOnPublish(store, series, run('time'), run('total'));
    for (let k = 0; k < 30; k++) store.getState().stepOnce();
    expect(series.length).toBe(30);
    store.getState().sampleNow();
    expect(series.length).toBe(30);
    store.getState().seek(10);
    const t = store.getState().sim.world.time;
    expect(t).toBeLessThan(series.time[29]);
    expect(series.length).toBe(1);
    expect(series.time[0]).toBe(t);
    store.getState().stepOnce();
    expect(series.length).toBe(2);
    stop();
  });

  it('starts afresh for a new scene, even one published at the same time as the last sample', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const series = new GraphSeries();
    const stop = recordOnPublish(store, series, run('time'), run('kinetic'));
    store.getState().sampleNow();
    expect(series.length).toBe(1);
    expect(series.time[0]).toBe(0);
    const before = series.y[0];
    // Another preset, built and published at time 0: its kinetic energy alone is kept.
    store.getState().selectPreset('cradle');
    stop();
    expect(store.getState().sim.world.time).toBe(0);
    expect(series.length).toBe(1);
    expect(series.y[0]).toBe(store.getState().sim.world.stats().kineticEnergy);
    expect(series.y[0]).not.toBe(before);
  });

  it('writes CSV with a header naming the quantities and units, and rows that parse back to the same numbers', () => {
    const series = new GraphSeries();
    const samples = [
      [0, 1e-7, -3.25],
      [0.016666666666666666, 123456789.125, 2 / 3],
      [0.5, -0.1, 1.5e21],
    ];
    for (const [t, x, y] of samples) series.record(t, x, y);
    const text = series.toCsv(columnName(run('s3.speed'), false), columnName(run('kinetic'), false), false);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('time_s,sphere3_speed_m_s,kinetic_J');
    expect(lines).toHaveLength(1 + samples.length);
    lines.slice(1).forEach((line, k) => expect(line.split(',').map(Number)).toEqual(samples[k]));
    const againstTime = series.toCsv('time_s', 'kinetic_J', true).trimEnd().split('\n');
    expect(againstTime[0]).toBe('time_s,kinetic_J');
    expect(againstTime[2].split(',').map(Number)).toEqual([samples[1][0], samples[1][2]]);
  });
});
