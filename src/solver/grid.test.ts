/** grid.ts: the cell grid holds every sphere in the cell of its centre, cells sized to the spheres. */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './scenes.ts';
import { STRIDE } from './state.ts';
import type { World } from './world.ts';

const { I16 } = STRIDE;
const DT = 1 / 60;

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
