import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, type Scene } from './scenes.ts';
import { deepestOverlap, escaped } from './test-helpers.ts';
import type { World } from './world.ts';
import { STRIDE } from './state.ts';

const { I16 } = STRIDE;

const DT = 1 / 60;

/** Positions and velocities listed by id (slots may differ between the worlds compared). */
function byId(w: World): number[] {
  const out: number[] = [];
  for (let id = 0; out.length < 6 * w.count; id++) {
    const s = w.indexOf(id);
    if (s < 0) continue;
    for (let k = 0; k < 3; k++) out.push(w.positions[3 * s + k]);
    for (let k = 0; k < 3; k++) out.push(w.velocities[3 * s + k]);
  }
  return out;
}

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

describe('memory', () => {
  it('holds a large world in at most 256 bytes a sphere (typed arrays, events, grid and queue)', () => {
    const w = buildWorld(gasScene({ count: 20000, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    for (let k = 0; k < 70; k++) w.step(DT); // past a renumbering
    expect(w.layoutVersion).toBe(2);
    expect(w.memoryBytes() / w.count).toBeLessThanOrEqual(256);
  });
});

describe('the grid follows the spheres (cell crossings at their exact times)', () => {
  /** Spheres whose recorded cell is not the one holding their centre (beyond a face by more than rounding). */
  function misplaced(w: World): number {
    // White box: each sphere's cell is internal, in its record (see RECORD in state.ts).
    const internal = w.state;
    const p = w.positions;
    let wrong = 0;
    for (let s = 0; s < w.count; s++) {
      for (let k = 0; k < 3; k++) {
        const n = internal.gridN[k];
        if (n === 1) continue;
        const u = (p[3 * s + k] + internal.halfSize[k]) / internal.cellW[k];
        const c = internal.cellC[I16 * s + k];
        const inside = c === Math.min(n - 1, Math.max(0, Math.floor(u)));
        const onFace = Math.abs(u - Math.round(u)) < 1e-9 && Math.abs(c - Math.round(u)) <= 1;
        if (!inside && !onFace) wrong++;
      }
    }
    return wrong;
  }

  it('after every step each sphere is in the cell that holds its centre, in a gas and under gravity', () => {
    const gas = gasScene({ count: 800, packingFraction: 0.1, speed: 5, radius: 0.3, seed: 12 });
    const falling = buildWorld({ options: { ...gas.options, gravity: [0, -9.81, 0], restitution: 0.7 }, spheres: gas.spheres });
    for (const w of [buildWorld(gas), falling]) {
      let crossings = 0;
      let worst = 0;
      for (let k = 0; k < 240; k++) {
        w.step(DT);
        crossings += w.lastStep.cellCrossings;
        worst = Math.max(worst, misplaced(w));
      }
      expect(crossings).toBeGreaterThan(5000);
      expect(worst).toBe(0);
    }
  });
});
