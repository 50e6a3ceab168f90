/** edits.ts: runtime edits of spheres and world settings, single and batched. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { byId, deepestOverlap } from '../testing/solver.ts';

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

describe('an edit costs what it touches', () => {
  /** A running gas of `count` spheres (predictions all made: the world is live). */
  function live(count: number) {
    const w = buildWorld(gasScene({ count, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
    for (let k = 0; k < 3; k++) w.step(1 / 60);
    return w;
  }

  /** Predictions made and sphere pairs looked at by `edit`, and whether it left the world live. */
  function work(w: ReturnType<typeof live>, edit: () => void) {
    const p0 = w.state.predictions;
    const v0 = w.state.repairVisits;
    edit();
    return { predictions: w.state.predictions - p0, visits: w.state.repairVisits - v0, live: !w.state.dirty };
  }

  it('each kind of edit predicts again and looks at the same few spheres in a world of 2,000 as of 40,000', () => {
    const kinds = (w: ReturnType<typeof live>) => {
      const [lx] = w.size;
      // A sphere moved onto another pushes it (and maybe a third): a cascade of a few.
      const target = w.positions.slice(3 * 10, 3 * 10 + 3);
      return {
        setPosition: () => w.setPosition(w.idAt(5), [target[0] + 0.3, target[1], target[2]]),
        setVelocity: () => w.setVelocity(w.idAt(6), [1, 2, 3]),
        setRadius: () => w.setRadius(w.idAt(7), 0.45),
        setMass: () => w.setMass(w.idAt(8), 3),
        setFixed: () => w.setFixed(w.idAt(9), true),
        setFree: () => w.setFixed(w.idAt(9), false),
        setSphereRestitution: () => w.setSphereRestitution(w.idAt(11), 0.5),
        addSphere: () => w.addSphere({ position: [lx / 4, 0, 0], velocity: [1, 0, 0], radius: 0.5 }),
        removeSphere: () => w.removeSphere(w.idAt(12)),
      };
    };
    const small = live(2000);
    const large = live(40000);
    const a = kinds(small);
    const b = kinds(large);
    for (const name of Object.keys(a) as (keyof typeof a)[]) {
      const ws = work(small, a[name]);
      const wl = work(large, b[name]);
      expect(ws.live, name).toBe(true);
      expect(wl.live, name).toBe(true);
      // At most a few spheres and their neighbourhoods, whatever the world's size.
      expect(wl.predictions, name).toBeLessThanOrEqual(40);
      expect(wl.visits, name).toBeLessThanOrEqual(200);
      expect(wl.predictions, name).toBeLessThanOrEqual(ws.predictions + 10);
      expect(wl.visits, name).toBeLessThanOrEqual(ws.visits + 60);
    }
  });

  it('a live edit leaves the same motion as predicting everything again (no contact missed)', () => {
    const edited = live(3000);
    const rebuilt = live(3000);
    const edits = (w: ReturnType<typeof live>) => {
      w.setPosition(w.idAt(5), [0, 0, 0]);
      w.setVelocity(w.idAt(6), [8, 0, 0]);
      w.setRadius(w.idAt(7), 0.45);
      w.setFixed(w.idAt(8), true);
      w.addSphere({ position: [1, 1, 1], velocity: [0, 3, 0], radius: 0.5 });
      w.removeSphere(w.idAt(20));
    };
    edits(edited);
    edits(rebuilt);
    expect(edited.state.dirty).toBe(false);
    rebuilt.state.dirty = true; // the next step predicts every sphere from scratch
    for (let k = 0; k < 20; k++) {
      edited.step(1 / 60);
      rebuilt.step(1 / 60);
    }
    // The same collisions at the same times up to rounding: every position agrees closely.
    const a = byId(edited);
    const b = byId(rebuilt);
    let worst = 0;
    for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
    expect(worst).toBeLessThan(1e-6);
    expect(deepestOverlap(edited)).toBeLessThan(1e-9);
  });

  it('building a world one addSphere at a time does the same work per sphere at any size', () => {
    const perSphere = (count: number) => {
      const scene = gasScene({ count, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 2 });
      const w = createWorld(scene.options);
      const v0 = w.state.repairVisits;
      for (const s of scene.spheres) w.addSphere(s);
      return (w.state.repairVisits - v0) / count;
    };
    expect(perSphere(20000)).toBeLessThanOrEqual(perSphere(2000) * 1.5 + 5);
  });

  it('a sleeper resting on a sphere that is moved away wakes and falls', () => {
    const w = createWorld({ size: [4, 4, 4], gravity: [0, -9.81, 0], restitution: 0.2, wallRestitution: 0.2 });
    const base = w.addSphere({ position: [0, -1.75, 0], radius: 0.25 });
    const top = w.addSphere({ position: [0, -1.25, 0], radius: 0.25 });
    for (let k = 0; k < 300; k++) w.step(1 / 60);
    expect(w.stats().sleeping).toBe(2);
    w.setPosition(base, [1.5, -1.75, 0]);
    expect(w.sleeping[w.indexOf(top)]).toBe(0);
    for (let k = 0; k < 120; k++) w.step(1 / 60);
    expect(w.positions[3 * w.indexOf(top) + 1]).toBeCloseTo(-1.75, 2);
  });
});
