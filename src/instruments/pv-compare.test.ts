/**
 * Slow against fast on one P–V diagram: a recorded run keeps a bounded copy of its path, the
 * shared axes span every path shown, and the two compression lessons, stepped to rest and sampled
 * as the store samples, end at the same volume with the fast one at the higher pressure.
 */
import { describe, expect, it } from 'vitest';
import { FirstLaw, PvPath } from './first-law.ts';
import { pathEnd, pvAxes } from './pv-compare.ts';
import { copyPath, copySeries, RECORDED_PATH_POINTS, runRecord } from './runs.ts';
import { GraphSeries } from './graph.ts';
import { presetById } from '../presets/presets.ts';
import { buildWorld } from '../solver/index.ts';

const DT = 1 / 60;

/** The lesson `id` stepped for `seconds` and sampled every quarter of a second, as the store publishes; its first-law instrument. */
function compress(id: string, seconds: number): FirstLaw {
  const world = buildWorld(presetById(id)!.build(1));
  const law = new FirstLaw({ world });
  for (let k = 1; k <= Math.round(seconds / DT); k++) {
    world.step(DT);
    if (k % 15 === 0) law.sample();
  }
  return law;
}

/** A path of `n` points: volume 10 − k/n, pressure k + 1, kT 2k. */
function pathOf(n: number, capacity = 4000): PvPath {
  const p = new PvPath(capacity);
  for (let k = 0; k < n; k++) {
    const row = p.addRow();
    p.volume[row] = 10 - k / n;
    p.pressure[row] = k + 1;
    p.kT[row] = 2 * k;
  }
  return p;
}

describe('a recorded run keeps its P–V path', () => {
  it('copies a short path whole, into arrays of its own', () => {
    const p = pathOf(5);
    const copy = copyPath(p)!;
    expect([...copy.pressure]).toEqual([1, 2, 3, 4, 5]);
    expect([...copy.kT]).toEqual([0, 2, 4, 6, 8]);
    p.pressure[0] = 99;
    expect(copy.pressure[0], 'a copy, not a view').toBe(1);
    expect(copyPath(new PvPath()), 'an empty path records none').toBeNull();
  });

  it('thins a long path evenly to its bound, keeping the first and the last point', () => {
    const copy = copyPath(pathOf(3001))!;
    expect(copy.volume.length).toBe(RECORDED_PATH_POINTS);
    expect(copy.pressure[0]).toBe(1);
    expect(copy.pressure[RECORDED_PATH_POINTS - 1]).toBe(3001);
    for (let k = 1; k < copy.pressure.length; k++) expect(copy.pressure[k]).toBeGreaterThan(copy.pressure[k - 1]);
  });

  it('goes into the run record with the graph series, and neither into the results', () => {
    const world = buildWorld(presetById('slow-compression')!.build(1));
    const law = new FirstLaw({ world });
    const series = new GraphSeries();
    for (let k = 1; k <= 60; k++) {
      world.step(DT);
      if (k % 15 === 0) {
        law.sample();
        series.record(world.time, law.last.volume, law.last.pressure);
      }
    }
    const record = runRecord({ settings: {}, preset: 'slow-compression', edits: [], world, pressure: 1, path: law.path, graph: { series, x: 'volume', y: 'pressure' } });
    expect(record.path!.volume.length).toBe(law.path.length);
    expect(record.series).toMatchObject({ x: 'volume', y: 'pressure' });
    expect(record.series!.ys.length).toBe(series.length);
    expect(Object.keys(record.results)).not.toContain('path');
    expect(copySeries(new GraphSeries(), 'time', 'kT')).toBeNull();
    expect(runRecord({ settings: {}, preset: null, edits: [], world, pressure: 1 }).path).toBeUndefined();
  });
});

describe('the shared P–V axes', () => {
  it('span every path shown, and none when no path has a point', () => {
    const a = pathOf(10); // V 9.1 .. 10, P 1 .. 10
    const b = new PvPath();
    for (const [v, pr] of [[4, 30], [6, 2]]) {
      const row = b.addRow();
      b.volume[row] = v;
      b.pressure[row] = pr;
    }
    const both = pvAxes([a, b])!;
    expect(both.v0).toBeLessThan(4);
    expect(both.v1).toBeGreaterThan(10);
    expect(both.pTop).toBeCloseTo(33, 10);
    const one = pvAxes([a])!;
    expect(one.pTop).toBeCloseTo(11, 10);
    expect(pvAxes([new PvPath()])).toBeNull();
    expect(pvAxes([a], () => 15)!.pTop, 'the adiabat at the smallest volume, when higher').toBeCloseTo(16.5, 10);
    expect(pvAxes([a], () => 1000)!.pTop, 'but at most three times the highest pressure').toBeCloseTo(33, 10);
  });

  it('puts the fast compression above the slow one at the same final volume', () => {
    // The piston stops at half the height in both lessons (0.1 m/s and 1.5 m/s over the same 3 m or so: 1,900 steps slow); a rest after it.
    const slow = compress('slow-compression', 36);
    const fast = compress('fast-compression', 4);
    const s = pathEnd(slow.path)!;
    const f = pathEnd(fast.path)!;
    // Seed 1: slow ends at 0.374 Pa and kT 0.036 J, fast at 0.515 Pa and 0.050 J (1.38 times).
    expect(f.volume / s.volume, 'the same final volume').toBeCloseTo(1, 6);
    const ratio = f.pressure / s.pressure;
    expect(ratio, `fast ends at ${f.pressure}, slow at ${s.pressure}`).toBeGreaterThan(1.2);
    expect(f.kT, 'and hotter').toBeGreaterThan(s.kT);
    const axes = pvAxes([slow.path, fast.path])!;
    expect(axes.pTop).toBeGreaterThan(f.pressure);
    expect(axes.v0).toBeLessThan(f.volume);
  });
});
