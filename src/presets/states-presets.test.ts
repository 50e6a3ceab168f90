/**
 * The condensation lesson does what its line says: with its left and right walls at kT = 0.6 ε
 * most spheres gather into drops within a minute, the drops merge, and the spheres stay warmer than
 * the walls. The fractions are the mean over four seeds (one run varies by about 0.05).
 * A drop is a cluster of at least 6 spheres joined by pairs inside a well (centres closer than
 * the range times the sum of radii), found by a small union-find.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, temperature, type World } from '../solver/index.ts';
import { presetById } from './presets.ts';
import { CONDENSATION_COUNT, CONDENSATION_KT, CONDENSATION_RANGE } from './states-presets.ts';

const DT = 1 / 60;
const run = (w: World, seconds: number): void => {
  for (let k = 0; k < Math.round(seconds / DT); k++) w.step(DT);
};

/** The sizes of the clusters of spheres joined by pairs closer than `range` sums of radii. */
function clusterSizes(w: World, range: number): number[] {
  const n = w.count;
  const p = w.positions;
  const r = w.radii;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = range * (r[i] + r[j]);
      if ((p[3 * i] - p[3 * j]) ** 2 + (p[3 * i + 1] - p[3 * j + 1]) ** 2 + (p[3 * i + 2] - p[3 * j + 2]) ** 2 < d * d) parent[find(i)] = find(j);
    }
  }
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  return [...sizes.values()];
}
/** The fraction of spheres in drops of at least 6. */
const inDrops = (sizes: number[]): number => sizes.filter((s) => s >= 6).reduce((a, s) => a + s, 0) / sizes.reduce((a, s) => a + s, 0);

const SEEDS = [1, 2, 3, 4];
const mean = (xs: number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

describe('the condensation lesson', () => {
  it('a gas of 300 with a well between every pair, its left and right walls at kT = 0.6 ε, no gravity', () => {
    const w = buildWorld(presetById('condensation')!.build(1));
    expect(w.count).toBe(CONDENSATION_COUNT);
    expect(w.wells).toHaveLength(1);
    const [well] = w.wells;
    expect(well.between).toBeUndefined();
    expect(well.range).toBe(CONDENSATION_RANGE);
    for (const wall of ['-x', '+x'] as const) expect(w.wallState(wall).kT).toBeCloseTo(CONDENSATION_KT * well.depth, 12);
    for (const wall of ['-y', '+y', '-z', '+z'] as const) expect(w.wallState(wall).kT).toBeNull();
    expect(w.gravity).toEqual([0, 0, 0]);
    expect(inDrops(clusterSizes(w, CONDENSATION_RANGE))).toBeLessThan(0.1);
  });

  it('about 6 in 10 in drops at 20 s, about 2 in 3 at a minute, the drops merging, the spheres near kT = 0.85 ε', () => {
    const early: number[] = [];
    const late: number[] = [];
    const kT: number[] = [];
    for (const seed of SEEDS) {
      const w = buildWorld(presetById('condensation')!.build(seed));
      const depth = w.wells[0].depth;
      run(w, 20);
      const first = clusterSizes(w, CONDENSATION_RANGE);
      early.push(inDrops(first));
      run(w, 40);
      const second = clusterSizes(w, CONDENSATION_RANGE);
      late.push(inDrops(second));
      // The drops merge: the largest is larger a minute on.
      expect(Math.max(...second), `seed ${seed}`).toBeGreaterThan(Math.max(...first));
      const stats = w.stats();
      expect(stats.wellPairs, `seed ${seed}`).toBeGreaterThan(400);
      expect(stats.wellEnergy).toBeCloseTo(-stats.wellPairs * depth, 6);
      kT.push(temperature(w) / depth);
    }
    expect(mean(early)).toBeGreaterThan(0.55);
    expect(mean(early)).toBeLessThan(0.65);
    expect(mean(late)).toBeGreaterThan(0.62);
    expect(mean(late)).toBeLessThan(0.72);
    expect(mean(late)).toBeGreaterThan(mean(early));
    expect(mean(kT)).toBeGreaterThan(0.8);
    expect(mean(kT)).toBeLessThan(0.9);
  });
});
