/** repair.ts: overlaps a user makes are pushed apart by inverse mass, inside the box, without adding energy. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { deepestOverlap, escaped } from '../testing/solver.ts';

describe('overlap repair', () => {
  it('adding a sphere where one already is pushes them apart by inverse mass, velocities untouched', () => {
    const w = createWorld({ size: [10, 10, 10] });
    const a = w.addSphere({ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.5, mass: 3 });
    const b = w.addSphere({ position: [0.4, 0, 0], velocity: [0, 2, 0], radius: 0.5, mass: 1 });
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    const pa = w.positions[3 * w.indexOf(a)];
    const pb = w.positions[3 * w.indexOf(b)];
    // Depth 0.6 shared 1:3 (the heavy sphere moves a quarter).
    expect(pa).toBeCloseTo(-0.15, 6);
    expect(pb).toBeCloseTo(0.85, 6);
    expect(w.stats().kineticEnergy).toBeCloseTo(0.5 * 3 * 1 + 0.5 * 1 * 4, 12);
  });


  it('growing a radius, moving a sphere by hand and shrinking the box all leave a legal state', () => {
    const w = buildWorld(gasScene({ count: 200, packingFraction: 0.15, speed: 2, seed: 4 }));
    w.step(0.1);
    w.setRadius(w.idAt(0), 1.2);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    w.setPosition(w.idAt(1), w.positions.slice(6, 9));
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    const [lx, ly, lz] = w.size;
    w.setSize([lx * 0.8, ly * 0.8, lz * 0.8]);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    expect(escaped(w)).toBe(0);
    for (let k = 0; k < 60; k++) w.step(1 / 60);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    expect(escaped(w)).toBe(0);
  });


  it('a row of overlapping spheres spreads out along the row, each pair apart and all inside the walls', () => {
    const w = createWorld({ size: [6, 6, 6] });
    // Nine spheres of radius 0.3 every 0.5 m: each overlaps the next by 0.1 m; apart they need 5.4 m of the 6.
    w.addSpheres(Array.from({ length: 9 }, (_, k) => ({ position: [-2 + 0.5 * k, 0, 0] as [number, number, number], radius: 0.3 })));
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    expect(escaped(w)).toBe(0);
    const x = Array.from({ length: 9 }, (_, k) => w.positions[3 * w.indexOf(k)]);
    for (let k = 1; k < 9; k++) expect(x[k]).toBeGreaterThan(x[k - 1]);
    expect(x[8] - x[0]).toBeGreaterThanOrEqual(4.8 - 1e-9);
    expect(w.stats().kineticEnergy).toBe(0);
  });

  it('two fixed spheres cannot be pushed apart: the edit is refused and nothing moves', () => {
    const w = createWorld({ size: [6, 6, 6] });
    const a = w.addSphere({ position: [-1, 0, 0], radius: 0.5, fixed: true });
    const b = w.addSphere({ position: [1, 0, 0], radius: 0.5, fixed: true });
    expect(() => w.setPosition(b, [-0.5, 0, 0])).toThrow(/position/);
    expect(w.positions[3 * w.indexOf(a)]).toBe(-1);
    expect(w.positions[3 * w.indexOf(b)]).toBe(1);
  });
});
