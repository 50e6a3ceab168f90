/** Runtime edits, overlap repair, ids, determinism. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { deepestOverlap, escaped } from './test-helpers.ts';

describe('overlap repair and edits', () => {
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

  it('live changes of restitution and gravity take effect without a rebuild', () => {
    const w = createWorld({ size: [10, 10, 10] });
    w.addSphere({ position: [0, 0, 0], velocity: [0, -2, 0], radius: 0.5 });
    w.setWallRestitution(0.5);
    for (let k = 0; k < 180; k++) w.step(1 / 60);
    expect(w.velocities[1]).toBeCloseTo(1, 12);
    w.setGravity([0, -9.81, 0]);
    const v0 = w.velocities[1];
    w.step(0.01);
    expect(w.velocities[1]).toBeCloseTo(v0 - 0.0981, 10);
  });

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

  it('default mass is density x volume; explicit mass overrides; fixed is infinite', () => {
    const w = createWorld({ size: [10, 10, 10], density: 2 });
    const a = w.addSphere({ position: [0, 0, 0], radius: 0.5 });
    const b = w.addSphere({ position: [2, 0, 0], radius: 0.5, mass: 7 });
    const c = w.addSphere({ position: [-2, 0, 0], radius: 0.5, fixed: true });
    expect(w.masses[w.indexOf(a)]).toBeCloseTo((4 / 3) * Math.PI * 0.125 * 2, 14);
    expect(w.masses[w.indexOf(b)]).toBe(7);
    expect(w.masses[w.indexOf(c)]).toBe(Infinity);
  });

  it('per-sphere restitution combines by the smaller value', () => {
    const w = createWorld({ size: [20, 10, 10], restitution: 1 });
    w.addSphere({ position: [-3, 0, 0], velocity: [1, 0, 0], radius: 0.5, restitution: 0.5 });
    w.addSphere({ position: [3, 0, 0], velocity: [-1, 0, 0], radius: 0.5, restitution: 0.8 });
    for (let k = 0; k < 200; k++) w.step(1 / 60);
    expect(w.velocities[0]).toBeCloseTo(-0.5, 12);
    expect(w.velocities[3]).toBeCloseTo(0.5, 12);
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

describe('adding many spheres at once', () => {
  it('addSpheres gives the same world as adding one by one, and names a bad definition by index', () => {
    const scene = gasScene({ count: 200, packingFraction: 0.2, speed: 3, seed: 8, radius: [0.3, 0.5] });
    const one = createWorld(scene.options);
    for (const s of scene.spheres) one.addSphere(s);
    const batch = createWorld(scene.options);
    expect(batch.addSpheres(scene.spheres)).toBe(0);
    expect(Array.from(batch.positions.subarray(0, 600))).toEqual(Array.from(one.positions.subarray(0, 600)));
    const bad = [...scene.spheres.slice(0, 5), { position: [0, 0, 0] as [number, number, number], radius: -1 }];
    expect(() => batch.addSpheres(bad)).toThrow(/spheres\[5\]\.radius must be a finite number > 0, got -1/);
    expect(batch.count).toBe(200);
  });

  it('a batch that cannot be placed is refused whole', () => {
    const w = createWorld({ size: [2, 2, 2] });
    const full = Array.from({ length: 30 }, () => ({ position: [0, 0, 0] as [number, number, number], radius: 0.5, fixed: true }));
    expect(() => w.addSpheres(full)).toThrow(/spheres/);
    expect(w.count).toBe(0);
    w.addSphere({ position: [0, 0, 0], radius: 0.5 });
    expect(w.idAt(0)).toBe(0);
  });
});
