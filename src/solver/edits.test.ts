/** edits.ts: runtime edits of spheres and world settings, single and batched. */
import { describe, expect, it } from 'vitest';
import { createWorld, gasScene } from './index.ts';

describe('edits', () => {
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
