/** renumber.ts: slots put in cell order keep every trajectory and say where each sphere went. */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, type Scene } from './scenes.ts';
import { byId, deepestOverlap, escaped } from './test-helpers.ts';
import type { World } from './world.ts';

const DT = 1 / 60;

function withReorder(scene: Scene, reorderEvery: number): World {
  return buildWorld({ ...scene, options: { ...scene.options, reorderEvery } });
}

describe('renumbering slots in cell order (memory layout)', () => {
  it('leaves a gas trajectory exactly as it is', () => {
    const gas = gasScene({ count: 600, packingFraction: 0.15, speed: 5, radius: 0.5, seed: 3 });
    const plain = withReorder(gas, -1);
    const shuffled = withReorder(gas, 1);
    for (let k = 0; k < 240; k++) {
      plain.step(DT);
      shuffled.step(DT);
    }
    expect(shuffled.layoutVersion).toBe(240);
    expect(plain.layoutVersion).toBe(0);
    expect(byId(shuffled)).toEqual(byId(plain));
    expect(shuffled.stats().pairCollisions).toBe(plain.stats().pairCollisions);
    expect(deepestOverlap(shuffled)).toBeLessThan(1e-9);
  });

  it('keeps a settling pile legal (its resting clusters are solved in slot order, so rounding differs)', () => {
    const pile = gasScene({ count: 150, packingFraction: 0.1, speed: 2, radius: 0.5, seed: 4, world: { gravity: [0, -9.81, 0], restitution: 0.6 } });
    const w = withReorder(pile, 1);
    const energy = (): number => {
      const s = w.stats();
      return s.kineticEnergy + s.potentialEnergy;
    };
    const e0 = energy();
    for (let k = 0; k < 200; k++) w.step(DT);
    expect(w.layoutVersion).toBe(200);
    expect(deepestOverlap(w)).toBeLessThan(1e-2);
    expect(escaped(w)).toBe(0);
    expect(energy()).toBeLessThanOrEqual(e0);
  });

  it('orders the slots by cell, and reorderedFrom tells where each sphere was', () => {
    const w = withReorder(gasScene({ count: 400, packingFraction: 0.1, speed: 3, radius: 0.5, seed: 5 }), 10);
    for (let k = 0; k < 9; k++) w.step(DT);
    const idsBefore = Array.from({ length: w.count }, (_, s) => w.idAt(s));
    w.step(DT);
    expect(w.layoutVersion).toBe(1);
    const from = w.reorderedFrom;
    for (let s = 0; s < w.count; s++) expect(w.idAt(s)).toBe(idsBefore[from[s]]);
    // Neighbours in memory are neighbours in space: consecutive slots mostly lie within a couple
    // of diameters (along a row of cells), where before they lay a good fraction of the box apart.
    const medianGap = (ids: number[] | null): number => {
      const p = w.positions;
      const gaps: number[] = [];
      for (let s = 1; s < w.count; s++) {
        const a = ids ? w.indexOf(ids[s - 1]) : s - 1;
        const b = ids ? w.indexOf(ids[s]) : s;
        gaps.push(Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]));
      }
      gaps.sort((x, y) => x - y);
      return gaps[gaps.length >> 1];
    };
    expect(medianGap(null)).toBeLessThan(0.3 * medianGap(idsBefore));
  });

  it('small worlds keep their slots by default; large ones are put in cell order when built and every 64 steps', () => {
    const small = buildWorld(gasScene({ count: 500, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    for (let k = 0; k < 130; k++) small.step(DT);
    expect(small.layoutVersion).toBe(0);
    const large = buildWorld(gasScene({ count: 20000, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    large.step(DT); // the first step builds the grid and puts the spheres in cell order
    expect(large.layoutVersion).toBe(1);
    for (let k = 1; k < 64; k++) large.step(DT);
    expect(large.layoutVersion).toBe(2);
  });
});
