import { describe, expect, it } from 'vitest';
import { buildWorld, condensingGasScene, gasScene, World } from '../solver/index.ts';
import type { StepReport } from '../runtime/index.ts';
import { Clusters } from './clusters.ts';
import { DropMeter, EMPTY_DROPS } from './drops.ts';

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
      expect(r).toEqual({ active: true, time: world.time, count: 300, inDrops: check.inDrops, largest: check.largest, drops: check.drops, pairs: world.stats().wellPairs });
      for (let i = 0; i < world.count; i++) expect(meter.neighboursOf(i)).toBe(check.neighbours[i]);
    }
    const h = meter.history;
    expect(h.length).toBe(40);
    expect(h.time[39]).toBe(world.time);
    expect(h.inDrops[39]).toBe(meter.last.inDrops);
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
