/**
 * The condensation lesson does what its line says: at the walls' kT = 0.6 ε most spheres gather
 * into drops within a minute, the drops merge, and the spheres stay warmer than the walls.
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

describe('the condensation lesson', () => {
  it('a gas of 300 with wells between every pair, six walls at kT = 0.6 ε, no gravity', () => {
    const w = buildWorld(presetById('condensation')!.build(1));
    expect(w.count).toBe(CONDENSATION_COUNT);
    expect(w.wells).toHaveLength(1);
    const [well] = w.wells;
    expect(well.range).toBe(CONDENSATION_RANGE);
    for (const wall of ['-x', '+x', '-y', '+y', '-z', '+z'] as const) expect(w.wallState(wall).kT).toBeCloseTo(CONDENSATION_KT * well.depth, 12);
    expect(w.gravity).toEqual([0, 0, 0]);
    expect(inDrops(clusterSizes(w, CONDENSATION_RANGE))).toBeLessThan(0.1);
  });

  it('about 6 in 10 in drops at 20 s, about 7 in 10 at a minute, the drops merging, the spheres near kT = 0.8 ε', () => {
    const w = buildWorld(presetById('condensation')!.build(1));
    const depth = w.wells[0].depth;
    run(w, 20);
    const early = clusterSizes(w, CONDENSATION_RANGE);
    expect(inDrops(early)).toBeGreaterThan(0.55);
    expect(inDrops(early)).toBeLessThan(0.68);
    run(w, 40);
    const late = clusterSizes(w, CONDENSATION_RANGE);
    expect(inDrops(late)).toBeGreaterThan(0.65);
    expect(inDrops(late)).toBeLessThan(0.8);
    expect(Math.max(...late)).toBeGreaterThan(2 * Math.max(...early));
    const stats = w.stats();
    expect(stats.wellPairs).toBeGreaterThan(450);
    expect(stats.wellEnergy).toBeCloseTo(-stats.wellPairs * depth, 6);
    const kT = temperature(w) / depth;
    expect(kT).toBeGreaterThan(0.7);
    expect(kT).toBeLessThan(0.9);
  });
});
