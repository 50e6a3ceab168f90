/** world.ts: the public facade: readouts copied when asked, totals, and determinism of the whole. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';

describe('readouts', () => {
  it('positions are a copy made once per change: the same array until the next step or edit', () => {
    const w = buildWorld(gasScene({ count: 50, packingFraction: 0.1, speed: 2, seed: 5 }));
    const a = w.positions;
    expect(w.positions).toBe(a);
    const before = Array.from(a.subarray(0, 150));
    a[0] = 1e6; // writing into the copy does not reach the world
    w.step(1 / 60);
    const b = w.positions;
    expect(b[0]).not.toBe(1e6);
    expect(Array.from(b.subarray(0, 150))).not.toEqual(before);
  });

  it('stats add up kinetic energy and momentum of the free spheres only', () => {
    const w = createWorld({ size: [10, 10, 10] });
    w.addSphere({ position: [-2, 0, 0], velocity: [1, 2, 0], radius: 0.5, mass: 2 });
    w.addSphere({ position: [2, 0, 0], velocity: [0, 0, -3], radius: 0.5, mass: 4 });
    w.addSphere({ position: [0, 2, 0], velocity: [9, 9, 9], radius: 0.5, fixed: true });
    const s = w.stats();
    expect(s.count).toBe(3);
    expect(s.kineticEnergy).toBeCloseTo(0.5 * 2 * 5 + 0.5 * 4 * 9, 12);
    expect(s.momentum).toEqual([2, 4, -12]);
  });
});

describe('determinism', () => {
  it('the same scene and the same calls give bit-identical results', () => {
    const runOnce = () => {
      const w = buildWorld(gasScene({ count: 300, packingFraction: 0.2, speed: 4, seed: 42, world: { gravity: [0, -3, 0], restitution: 0.9 } }));
      for (let k = 0; k < 200; k++) {
        w.step(1 / 60);
        if (k === 50) w.setRestitution(0.7);
        if (k === 100) w.addSphere({ position: [0, 0, 0], velocity: [1, 2, 3], radius: 0.6 });
      }
      return { p: Array.from(w.positions.subarray(0, 3 * w.count)), v: Array.from(w.velocities.subarray(0, 3 * w.count)), s: w.stats() };
    };
    const a = runOnce();
    const b = runOnce();
    expect(b.p).toEqual(a.p);
    expect(b.v).toEqual(a.v);
    expect(b.s).toEqual(a.s);
  });

  it('different seeds give different scenes', () => {
    const a = gasScene({ count: 10, packingFraction: 0.1, seed: 1 });
    const b = gasScene({ count: 10, packingFraction: 0.1, seed: 2 });
    expect(a.spheres[0].position).not.toEqual(b.spheres[0].position);
  });
});
