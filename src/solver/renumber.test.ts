/** renumber.ts: slots put in cell order, whole or spread over steps, keep every trajectory and say where each sphere went. */
import { describe, expect, it } from 'vitest';
import { RENUMBER_PHASES } from './renumber.ts';
import { buildWorld, gasScene, type Scene } from './scenes.ts';
import { byId, deepestOverlap, escaped } from '../testing/solver.ts';
import { cloneWorld } from './transfer.ts';
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

  it.each([1, 20])('keeps a settling pile legal, renumbered every %i steps (its resting clusters are solved in slot order, so rounding differs)', (every) => {
    const pile = gasScene({ count: 150, packingFraction: 0.1, speed: 2, radius: 0.5, seed: 4, world: { gravity: [0, -9.81, 0], restitution: 0.6 } });
    const w = withReorder(pile, every);
    const energy = (): number => {
      const s = w.stats();
      return s.kineticEnergy + s.potentialEnergy;
    };
    const e0 = energy();
    let moved = 0;
    for (let k = 0; k < 200; k++) {
      w.step(DT);
      if (w.lastStep.renumberSwaps > 0) moved++;
    }
    expect(moved).toBeGreaterThan(every === 1 ? 20 : 5); // a step that finds every slot in place moves nothing
    expect(w.layoutVersion).toBe(moved);
    expect(deepestOverlap(w)).toBeLessThan(1e-2);
    expect(escaped(w)).toBe(0);
    expect(energy()).toBeLessThanOrEqual(e0);
  });

  it('orders the slots by cell, and reorderedFrom tells where each sphere was', () => {
    const w = withReorder(gasScene({ count: 400, packingFraction: 0.1, speed: 3, radius: 0.5, seed: 5 }), 5);
    for (let k = 0; k < 4; k++) w.step(DT);
    const idsBefore = Array.from({ length: w.count }, (_, s) => w.idAt(s));
    w.step(DT);
    expect(w.layoutVersion).toBe(1);
    expect(w.lastStep.renumberSorted).toBe(w.count); // done whole: sorted and swapped in one step
    expect(w.lastStep.renumberSwaps).toBeGreaterThan(w.count / 2);
    const from = w.reorderedFrom;
    for (let s = 0; s < w.count; s++) expect(w.idAt(s)).toBe(idsBefore[from[s]]);
    // Neighbours in memory are neighbours in space: consecutive slots mostly lie within a couple
    // of diameters (along a row of cells), where before they lay a good fraction of the box apart.
    expect(medianGap(w, null)).toBeLessThan(0.3 * medianGap(w, idsBefore));
  });

  it('small worlds keep their slots by default; large ones are put in cell order when built, and every 64 steps over the next parts', () => {
    const small = buildWorld(gasScene({ count: 500, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    for (let k = 0; k < 130; k++) small.step(DT);
    expect(small.layoutVersion).toBe(0);
    const large = buildWorld(gasScene({ count: 20000, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    large.step(DT); // the first step builds the grid and puts the spheres in cell order
    expect(large.layoutVersion).toBe(1);
    for (let k = 1; k < 64; k++) large.step(DT);
    expect(large.lastStep.renumberSorted).toBe(large.count); // step 64 plans the next renumbering
    expect(large.layoutVersion).toBe(1);
    for (let k = 0; k < RENUMBER_PHASES; k++) {
      large.step(DT);
      expect(large.lastStep.renumberSwaps).toBeGreaterThan(0);
      expect(large.lastStep.renumberSwaps).toBeLessThanOrEqual(Math.ceil(large.count / RENUMBER_PHASES));
    }
    expect(large.layoutVersion).toBe(1 + RENUMBER_PHASES);
    large.step(DT);
    expect(large.lastStep.renumberSwaps).toBe(0);
    expect(large.layoutVersion).toBe(1 + RENUMBER_PHASES);
  });
});

describe('a renumbering spread over several steps', () => {
  const EVERY = 20;
  const gas = gasScene({ count: 600, packingFraction: 0.15, speed: 5, radius: 0.5, seed: 3 });

  it('plans at the step it is due, swaps a bounded share in each of the next steps, and leaves the trajectory exactly as it is', () => {
    const plain = withReorder(gas, -1);
    const spread = withReorder(gas, EVERY);
    const share = Math.ceil(gas.spheres.length / RENUMBER_PHASES);
    let parts = 0;
    for (let k = 1; k <= 240; k++) {
      plain.step(DT);
      const layout = spread.layoutVersion;
      spread.step(DT);
      const { renumberSorted, renumberSwaps } = spread.lastStep;
      const sinceDue = k % EVERY;
      // Sorted only where due; swaps only in the RENUMBER_PHASES steps after, at most a share each.
      expect(renumberSorted).toBe(sinceDue === 0 ? spread.count : 0);
      if (sinceDue === 0 || sinceDue > RENUMBER_PHASES) expect(renumberSwaps).toBe(0);
      expect(renumberSwaps).toBeLessThanOrEqual(share);
      if (renumberSwaps > 0) parts++;
      expect(spread.layoutVersion).toBe(layout + (renumberSwaps > 0 ? 1 : 0));
    }
    expect(parts).toBeGreaterThan((240 / EVERY - 1) * (RENUMBER_PHASES - 1));
    expect(byId(spread)).toEqual(byId(plain));
    expect(spread.stats().pairCollisions).toBe(plain.stats().pairCollisions);
    expect(deepestOverlap(spread)).toBeLessThan(1e-9);
  });

  it('says where each sphere went at every part, and ends with the slots in the planned cell order', () => {
    const w = withReorder(gas, EVERY);
    for (let k = 0; k < EVERY - 1; k++) w.step(DT);
    const before = Array.from({ length: w.count }, (_, s) => w.idAt(s));
    w.step(DT); // plans, moves nothing
    expect(w.lastStep.renumberSorted).toBe(w.count);
    expect(Array.from({ length: w.count }, (_, s) => w.idAt(s))).toEqual(before);
    for (let part = 0; part < RENUMBER_PHASES; part++) {
      const ids = Array.from({ length: w.count }, (_, s) => w.idAt(s));
      const layout = w.layoutVersion;
      w.step(DT);
      if (w.layoutVersion === layout) continue;
      const from = w.reorderedFrom;
      let moved = 0;
      for (let s = 0; s < w.count; s++) {
        expect(w.idAt(s)).toBe(ids[from[s]]);
        if (from[s] !== s) moved++;
      }
      // Each swap changes two slots; a sphere swapped out and on again in the same part counts once.
      expect(moved).toBeLessThanOrEqual(2 * w.lastStep.renumberSwaps);
    }
    expect(medianGap(w, null)).toBeLessThan(0.3 * medianGap(w, before));
    w.step(DT);
    expect(w.lastStep.renumberSwaps).toBe(0);
  });

  it('is dropped by an edit that adds a sphere, and the world stays exact', () => {
    const plain = withReorder(gas, -1);
    const spread = withReorder(gas, EVERY);
    const both = (f: (w: World) => void): void => {
      f(plain);
      f(spread);
    };
    for (let k = 0; k < EVERY + 2; k++) both((w) => w.step(DT)); // planned, two parts done
    expect(spread.layoutVersion).toBe(2);
    // Where it touches nobody, so that only the new sphere is predicted, alike in both worlds.
    const at = emptiestPoint(plain);
    both((w) => w.addSphere({ position: at, velocity: [1, 0, -1], radius: 0.5 }));
    both((w) => w.setVelocity(7, [1, 2, 3]));
    for (let k = EVERY + 3; k < 2 * EVERY; k++) {
      both((w) => w.step(DT));
      expect(spread.lastStep.renumberSwaps).toBe(0); // what was left of the plan is gone
    }
    expect(spread.layoutVersion).toBe(2);
    for (let k = 0; k < 3 * EVERY; k++) both((w) => w.step(DT)); // the next renumberings run to their end
    expect(spread.layoutVersion).toBeGreaterThan(2 + 2 * RENUMBER_PHASES);
    expect(byId(spread)).toEqual(byId(plain));
    expect(deepestOverlap(spread)).toBeLessThan(1e-9);
  });

  it('is dropped by a removal too, and the world stays legal', () => {
    const w = withReorder(gas, EVERY);
    for (let k = 0; k < EVERY + 2; k++) w.step(DT);
    w.removeSphere(w.idAt(w.count - 1));
    w.removeSphere(w.idAt(0));
    for (let k = EVERY + 3; k < 2 * EVERY; k++) {
      w.step(DT);
      expect(w.lastStep.renumberSwaps).toBe(0);
    }
    for (let k = 0; k < 2 * EVERY; k++) w.step(DT);
    expect(w.count).toBe(gas.spheres.length - 2);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    expect(escaped(w)).toBe(0);
  });

  it('goes on in a clone made mid-renumbering exactly as in the original', () => {
    const w = withReorder(gas, EVERY);
    for (let k = 0; k < EVERY + 3; k++) w.step(DT);
    const copy = cloneWorld(w);
    for (let k = 0; k < RENUMBER_PHASES + 4; k++) {
      w.step(DT);
      copy.step(DT);
      expect(copy.lastStep.renumberSwaps).toBe(w.lastStep.renumberSwaps);
    }
    expect(copy.layoutVersion).toBe(w.layoutVersion);
    expect(Array.from(copy.positions.subarray(0, 3 * copy.count))).toEqual(Array.from(w.positions.subarray(0, 3 * w.count)));
  });
});

/** Median distance between the spheres of consecutive slots (ids: the slots' sphere ids at an earlier time, or null for now). */
function medianGap(w: World, ids: number[] | null): number {
  const p = w.positions;
  const gaps: number[] = [];
  for (let s = 1; s < w.count; s++) {
    const a = ids ? w.indexOf(ids[s - 1]) : s - 1;
    const b = ids ? w.indexOf(ids[s]) : s;
    gaps.push(Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]));
  }
  gaps.sort((x, y) => x - y);
  return gaps[gaps.length >> 1];
}

/** The point of a grid over the box farthest from every sphere's centre. */
function emptiestPoint(w: World): [number, number, number] {
  const L = w.size;
  const p = w.positions;
  let best: [number, number, number] = [0, 0, 0];
  let bestGap = -1;
  for (let i = 1; i < 10; i++) {
    for (let j = 1; j < 10; j++) {
      for (let k = 1; k < 10; k++) {
        const q: [number, number, number] = [L[0] * (i / 10 - 0.5), L[1] * (j / 10 - 0.5), L[2] * (k / 10 - 0.5)];
        let gap = Infinity;
        for (let s = 0; s < w.count; s++) gap = Math.min(gap, Math.hypot(p[3 * s] - q[0], p[3 * s + 1] - q[1], p[3 * s + 2] - q[2]));
        if (gap > bestGap) {
          bestGap = gap;
          best = q;
        }
      }
    }
  }
  return best;
}
