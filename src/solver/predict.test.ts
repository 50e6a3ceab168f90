/** predict.ts: every contact found at its exact time, whatever the speed; cell crossings only where the path crosses a face. */
import { describe, expect, it } from 'vitest';
import { createWorld, gasScene } from './index.ts';
import { deepestOverlap, escaped } from '../testing/solver.ts';

describe('exact times of impact', () => {
  it('two spheres closing at 2 v collide when the gap has closed, to rounding', () => {
    const w = createWorld({ size: [20, 4, 4] });
    w.addSphere({ position: [-3, 0, 0], velocity: [1.5, 0, 0], radius: 0.5 });
    w.addSphere({ position: [4, 0, 0], velocity: [-2, 0, 0], radius: 0.5 });
    // Gap 7 - 1 = 6 m closing at 3.5 m/s.
    w.step(2);
    expect(w.events.count).toBe(1);
    expect(w.events.time[0]).toBeCloseTo(6 / 3.5, 13);
    expect(w.events.closingSpeed[0]).toBeCloseTo(3.5, 13);
  });

  it('a falling sphere hits the floor at sqrt(2 h / g)', () => {
    const w = createWorld({ size: [4, 10, 4], gravity: [0, -9.81, 0] });
    w.addSphere({ position: [0, 2, 0], radius: 0.5 });
    // Its bottom falls from 2 - 0.5 + 5 = 6.5 m above the floor.
    w.step(1.5);
    expect(w.events.count).toBeGreaterThan(0);
    expect(w.events.time[0]).toBeCloseTo(Math.sqrt((2 * 6.5) / 9.81), 12);
  });
});

describe('the grid in prediction', () => {
  it('a sphere crossing a box of n cells along x crosses n - 1 faces, and nothing else happens', () => {
    const w = createWorld({ size: [40, 2, 2] });
    w.addSphere({ position: [-19.5, 0, 0], velocity: [10, 0, 0], radius: 0.5 });
    let crossings = 0;
    for (let k = 0; k < 36; k++) {
      w.step(0.1);
      crossings += w.lastStep.cellCrossings;
    }
    const cells = w.state.gridN[0]; // the grid the steps used (built at the first)
    // 3.6 s at 10 m/s from x = -19.5: it reaches the far wall (x = 19.5) at 3.9 s, so it has not yet.
    expect(cells).toBeGreaterThan(4);
    expect(w.stats().wallCollisions).toBe(0);
    const face = (k: number) => -20 + (k * 40) / cells; // face k of the grid
    let expected = 0;
    for (let k = 1; k < cells; k++) if (face(k) > -19.5 && face(k) <= -19.5 + 36) expected++;
    expect(crossings).toBe(expected);
  });
});

describe('no tunnelling', () => {
  it('spheres at 100 box lengths per second stay inside and never overlap for 600 steps', () => {
    const L = 10;
    const w = createWorld({ size: [L, L, L] });
    const scene = gasScene({ count: 60, packingFraction: 0.05, speed: 100 * L, seed: 9, radius: 0.4 });
    // Same spheres, in a box of side L (scaled placement), at 1,000 m/s.
    const scale = L / (scene.options.size as number[])[0];
    for (const s of scene.spheres) {
      const p = s.position as number[];
      w.addSphere({ ...s, position: [p[0] * scale, p[1] * scale, p[2] * scale], radius: 0.4 });
    }
    let worst = 0;
    let out = 0;
    for (let k = 0; k < 600; k++) {
      w.step(1 / 60);
      worst = Math.max(worst, deepestOverlap(w));
      out += escaped(w);
    }
    expect(out).toBe(0);
    expect(worst).toBeLessThan(1e-9);
    expect(w.stats().wallCollisions).toBeGreaterThan(60 * 600);
  });
});
