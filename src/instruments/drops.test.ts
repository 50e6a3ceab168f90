import { describe, expect, it } from 'vitest';
import { buildWorld, condensingGasScene, gasScene, World, type Scene, type SphereOptions } from '../solver/index.ts';
import type { StepReport } from '../runtime/index.ts';
import { Clusters } from './clusters.ts';
import { DropMeter, DropsHistory, EMPTY_DROPS } from './drops.ts';

const report = (world: World, renumbered: boolean): StepReport => ({ steps: 1, stepsRun: 1, pairCollisions: 0, wallCollisions: 0, reactions: 0, slotsChanged: renumbered, reorderedFrom: renumbered ? world.reorderedFrom : null, onPage: true });

describe('the drop meter', () => {
  it('samples the spheres in drops, the largest drop and the count against time, as the clusters of the world at each sample', () => {
    const world = buildWorld(condensingGasScene({ count: 300, packingFraction: 0.03, seed: 4 }));
    const meter = new DropMeter({ world });
    const check = new Clusters();
    check.setWells(world.wells);
    expect(meter.active).toBe(true);
    for (let k = 0; k < 40; k++) {
      world.step(0.25);
      const r = meter.sample();
      check.measure(world);
      expect(r).toMatchObject({ active: true, time: world.time, count: 300, inDrops: check.inDrops, largest: check.largest, drops: check.drops, pairs: world.stats().wellPairs, depth: 1 });
      for (let i = 0; i < world.count; i++) expect(meter.neighboursOf(i)).toBe(check.neighbours[i]);
    }
    const h = meter.history;
    expect(h.length).toBe(40);
    expect(h.time[39]).toBe(world.time);
    expect(h.inDrops[39]).toBe(meter.last.inDrops);
    expect(h.liquidKT[39]).toBe(meter.last.liquidKT);
    // A sample at the same moment (a publish while paused) adds no point.
    meter.sample();
    expect(h.length).toBe(40);
    // The liquid forms: more spheres in drops after 10 s than after the first quarter second.
    expect(h.inDrops[39]).toBeGreaterThan(h.inDrops[0]);
  });

  it('measures nothing in a world without wells, and starts afresh when wells come', () => {
    const world = buildWorld(gasScene({ count: 100, packingFraction: 0.2, speed: 1, radius: 0.3, seed: 1 }));
    const meter = new DropMeter({ world });
    world.step(0.1);
    expect(meter.sample()).toBe(EMPTY_DROPS);
    expect(meter.neighboursOf(0)).toBe(0);
    world.setWells([{ range: 1.8, depth: 1 }]);
    meter.worldChanged();
    const r = meter.sample();
    expect(r.active).toBe(true);
    expect(r.pairs).toBe(world.stats().wellPairs);
    expect(r.pairs).toBeGreaterThan(0);
  });

  it('a change forgets the samples after the moment shown; a new scene forgets them all', () => {
    const world = buildWorld(condensingGasScene({ count: 100, packingFraction: 0.03, seed: 5 }));
    const sim = { world };
    const meter = new DropMeter(sim);
    for (let k = 0; k < 5; k++) {
      world.step(0.25);
      meter.sample();
    }
    const later = buildWorld(condensingGasScene({ count: 100, packingFraction: 0.03, seed: 5 }));
    later.step(0.5);
    sim.world = later;
    meter.worldChanged();
    expect(meter.history.length).toBe(2);
    meter.worldReplaced('built');
    expect([meter.history.length, meter.last]).toEqual([0, EMPTY_DROPS]);
  });

  it('a world over the measuring limit is measured at every k-th sample (k = count / limit, rounded up), the last reading standing between', () => {
    const world = buildWorld(condensingGasScene({ count: 300, packingFraction: 0.03, seed: 7 }));
    const meter = new DropMeter({ world });
    meter.measureEveryUpTo = 100; // 300 spheres: every third sample
    const times: number[] = [];
    for (let k = 0; k < 9; k++) {
      world.step(0.25);
      times.push(meter.sample().time);
    }
    expect(times).toEqual([0.25, 0.25, 0.25, 1, 1, 1, 1.75, 1.75, 1.75]);
    expect(meter.history.length).toBe(3);
    // A change measures at the next sample.
    meter.worldChanged();
    world.step(0.25);
    expect(meter.sample().time).toBe(world.time);
  });

  it('each sphere\'s neighbour count follows it when the slots are renumbered', () => {
    const scene = condensingGasScene({ count: 300, packingFraction: 0.03, seed: 6 });
    const world = buildWorld({ ...scene, options: { ...scene.options, reorderEvery: 7 } });
    const meter = new DropMeter({ world });
    for (let k = 0; k < 30; k++) world.step(0.25);
    let renumbered = 0;
    for (let k = 0; k < 14; k++) {
      meter.sample();
      const byId = new Map<number, number>();
      for (let i = 0; i < world.count; i++) byId.set(world.idAt(i), meter.neighboursOf(i));
      const version = world.layoutVersion;
      world.step(1 / 60);
      const moved = world.layoutVersion !== version;
      if (moved) renumbered++;
      meter.afterStep(world, report(world, moved));
      for (let i = 0; i < world.count; i++) expect(meter.neighboursOf(i)).toBe(byId.get(world.idAt(i)));
    }
    expect(renumbered).toBeGreaterThan(0);
  });
});

/** (2/3) of the mean of ½ m v² over `spheres` in 3D, the mean in the plane: kT by hand. */
function kTByHand(spheres: readonly SphereOptions[], planar: boolean): number {
  let sum = 0;
  for (const s of spheres) {
    const [vx, vy, vz] = s.velocity as number[];
    sum += 0.5 * s.mass! * (vx * vx + vy * vy + vz * vz);
  }
  return ((planar ? 1 : 2 / 3) * sum) / spheres.length;
}

/**
 * A drop of 12 spheres (radius 0.5, 1.1 m apart on a 3 x 2 x 2 lattice, held by a well of range
 * 1.5 sums of radii, 1.5 m: each to its lattice neighbours) moving slowly, a pair bound together
 * and five lone spheres far apart moving fast, in a 40 m box. In the plane the drop is 4 x 3.
 */
function dropAndGas(planar: boolean): { scene: Scene; drop: SphereOptions[]; gas: SphereOptions[] } {
  const drop: SphereOptions[] = [];
  for (let k = 0; k < 12; k++) {
    const [i, j, l] = planar ? [k % 4, Math.floor(k / 4), 0] : [k % 3, Math.floor(k / 3) % 2, Math.floor(k / 6)];
    drop.push({ position: [-10 + 1.1 * i, -10 + 1.1 * j, 1.1 * l], velocity: [0.1 * (k % 5) - 0.2, 0.05 * (k % 3), planar ? 0 : -0.1 + 0.02 * k], radius: 0.5, mass: 2 + (k % 2) });
  }
  const gas: SphereOptions[] = [
    { position: [8, 8, 0], velocity: [3, -1, planar ? 0 : 2], radius: 0.5, mass: 2 },
    { position: [9.2, 8, 0], velocity: [-2, 1, planar ? 0 : 0.5], radius: 0.5, mass: 3 },
    ...[0, 1, 2, 3, 4].map((k): SphereOptions => ({ position: [-15 + 7 * k, 15, 0], velocity: [2 + k, -3, planar ? 0 : 1 - k], radius: 0.5, mass: 2 + k })),
  ];
  return {
    drop,
    gas,
    scene: { options: { size: [40, 40, planar ? 1.2 : 40], planar, restitution: 1, wallRestitution: 1 }, spheres: [...drop, ...gas], wells: [{ range: 1.5, depth: 2 }] },
  };
}

describe("the liquid's and the vapour's temperatures", () => {
  for (const planar of [false, true]) {
    it(`kT of the spheres in drops and of the others, as computed by hand from their velocities (${planar ? 'in the plane' : 'in space'}), and the wells' depth`, () => {
      const { scene, drop, gas } = dropAndGas(planar);
      const world = buildWorld(scene);
      const r = new DropMeter({ world }).sample();
      expect([r.inDrops, r.largest, r.drops]).toEqual([12, 12, 1]);
      const liquid = kTByHand(drop, planar);
      const vapour = kTByHand(gas, planar);
      expect(vapour).toBeGreaterThan(10 * liquid);
      expect(r.liquidKT).toBeCloseTo(liquid, 12);
      expect(r.vapourKT).toBeCloseTo(vapour, 12);
      expect(r.depth).toBe(2);
    });
  }

  it('a fixed sphere in the drop counts in neither (no kinetic energy of its own, as in the first law\'s kT)', () => {
    const { scene, drop, gas } = dropAndGas(false);
    const fixed: SphereOptions = { position: [-10, -10, 2.2], radius: 0.5, fixed: true };
    const r = new DropMeter({ world: buildWorld({ ...scene, spheres: [...drop, ...gas, fixed] }) }).sample();
    expect(r.inDrops).toBe(13);
    expect(r.liquidKT).toBeCloseTo(kTByHand(drop, false), 12);
    expect(r.vapourKT).toBeCloseTo(kTByHand(gas, false), 12);
  });

  it('no liquid: the liquid kT is NaN and the vapour\'s the whole gas\'s; all liquid: the vapour\'s is NaN; no wells: both NaN', () => {
    const { scene, drop, gas } = dropAndGas(false);
    const vapourOnly = new DropMeter({ world: buildWorld({ ...scene, spheres: gas }) }).sample();
    expect(vapourOnly.active).toBe(true);
    expect(vapourOnly.inDrops).toBe(0);
    expect(vapourOnly.liquidKT).toBeNaN();
    expect(vapourOnly.vapourKT).toBeCloseTo(kTByHand(gas, false), 12);
    const liquidOnly = new DropMeter({ world: buildWorld({ ...scene, spheres: drop }) }).sample();
    expect(liquidOnly.liquidKT).toBeCloseTo(kTByHand(drop, false), 12);
    expect(liquidOnly.vapourKT).toBeNaN();
    const noWells = new DropMeter({ world: buildWorld({ ...scene, wells: [] }) }).sample();
    expect(noWells).toBe(EMPTY_DROPS);
    expect([noWells.liquidKT, noWells.vapourKT, noWells.depth]).toEqual([NaN, NaN, NaN]);
  });

  it('wells of two depths have no one ε to read kT in', () => {
    const { scene } = dropAndGas(false);
    const spheres = scene.spheres.map((s, k) => ({ ...s, species: k % 2 }));
    const wells = [
      { between: [0, 0] as const, range: 1.5, depth: 2 },
      { between: [0, 1] as const, range: 1.5, depth: 1 },
    ];
    expect(new DropMeter({ world: buildWorld({ ...scene, spheres, wells }) }).sample().depth).toBeNaN();
    expect(new DropMeter({ world: buildWorld({ ...scene, spheres, wells: wells.map((w) => ({ ...w, depth: 3 })) }) }).sample().depth).toBe(3);
  });
});

describe("the liquid's kT along the T–Q path", () => {
  it('each moment of the path takes the mean of the samples with a liquid in the seconds up to it, as a brute-force filter finds it', () => {
    const h = new DropsHistory(64);
    const rows: { t: number; kT: number }[] = [];
    // Samples a quarter second apart, some without a liquid, the later ones a second apart.
    for (let k = 0; k < 40; k++) {
      const t = k < 30 ? 0.25 * (k + 1) : 7.5 + (k - 29);
      const kT = k % 7 === 3 || (k >= 12 && k <= 20) ? NaN : 1 + 0.1 * Math.sin(k);
      rows.push({ t, kT });
      const r = h.addRow();
      h.time[r] = t;
      h.liquidKT[r] = kT;
    }
    // The path's moments: the samples' own and others between them, before the first and after the last.
    const times = Float64Array.from([0.1, 0.25, 0.6, 1, 2.5, 3, 4.75, 5, 5.5, 6, 7.5, 8, 8.4, 9.5, 12, 20.5, 30]);
    const out = new Float64Array(times.length);
    h.liquidMeans(times, times.length, 2, out);
    times.forEach((t, k) => {
      const window = rows.filter((r) => r.t > t - 2 && r.t <= t && !Number.isNaN(r.kT));
      if (window.length === 0) expect(out[k], `at ${t} s`).toBeNaN();
      else expect(out[k], `at ${t} s`).toBeCloseTo(window.reduce((a, r) => a + r.kT, 0) / window.length, 12);
    });
    // Some moments have no liquid in their window, most have one.
    expect(out.filter((x) => Number.isNaN(x)).length).toBeGreaterThan(1);
    expect(out.filter((x) => !Number.isNaN(x)).length).toBeGreaterThan(10);
  });
});
