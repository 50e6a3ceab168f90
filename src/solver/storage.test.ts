/** storage.ts: stable ids over dense slots, growth by doubling, memory per sphere. */
import { describe, expect, it } from 'vitest';
import { createWorld } from './index.ts';
import { RENUMBER_PHASES } from './renumber.ts';
import { buildWorld, gasScene } from './scenes.ts';

const DT = 1 / 60;

describe('ids and slots', () => {
  it('ids stay with their sphere after a removal; the last sphere moves into the freed slot', () => {
    const w = createWorld({ size: [10, 10, 10] });
    const ids = [0, 1, 2, 3].map((k) => w.addSphere({ position: [k * 2 - 3, 0, 0], radius: 0.4 }));
    expect(ids).toEqual([0, 1, 2, 3]);
    w.removeSphere(ids[1]);
    expect(w.count).toBe(3);
    expect(w.has(ids[1])).toBe(false);
    expect(w.indexOf(ids[3])).toBe(1);
    expect(w.positions[3 * w.indexOf(ids[3])]).toBe(3);
    expect(w.idAt(1)).toBe(3);
    expect(w.addSphere({ position: [0, 3, 0], radius: 0.4 })).toBe(4); // ids are never reused
  });


  it('slots grow by doubling while spheres are added one by one, and to the exact count for a batch', () => {
    const one = createWorld({ size: [40, 40, 40] });
    const capacities = new Set<number>();
    for (let k = 0; k < 100; k++) {
      one.addSphere({ position: [-19 + (k % 38), -19 + Math.floor(k / 38) * 2, 0], radius: 0.4 });
      capacities.add(one.state.capacity);
    }
    expect([...capacities]).toEqual([16, 32, 64, 128]);
    const batch = createWorld({ size: [40, 40, 40] });
    batch.addSpheres(Array.from({ length: 100 }, (_, k) => ({ position: [-19 + (k % 38), -19 + Math.floor(k / 38) * 2, 0] as [number, number, number], radius: 0.4 })));
    expect(batch.state.capacity).toBe(100);
  });
});

describe('memory', () => {
  it('holds a large world in at most 264 bytes a sphere (typed arrays, events with their contact points, grid and queue)', () => {
    const w = buildWorld(gasScene({ count: 20000, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    for (let k = 0; k < 80; k++) w.step(DT); // past a renumbering, planned at step 64 and carried out in the next parts
    expect(w.layoutVersion).toBe(1 + RENUMBER_PHASES);
    expect(w.memoryBytes() / w.count).toBeLessThanOrEqual(264);
  });
});
