/** response.ts: the analytic collision cases of docs/physics.md, section 4, run through the whole solver. */
import { describe, expect, it } from 'vitest';
import { buildWorld, cradleScene, createWorld, glancingScene, headOnScene } from './index.ts';
import { runFor as run } from '../testing/solver.ts';


describe('two-sphere collisions', () => {
  it('head-on, equal masses, e = 1: the velocities swap', () => {
    const w = buildWorld(headOnScene({ speed: 3 }));
    run(w, 1);
    expect(w.stats().pairCollisions).toBe(1);
    expect(w.velocities[0]).toBeCloseTo(-3, 12);
    expect(w.velocities[3]).toBeCloseTo(3, 12);
  });

  it('glancing, equal masses, one at rest, e = 1: they leave at 90 degrees', () => {
    for (const angle of [0.2, 0.6, 1.1]) {
      const w = buildWorld(glancingScene({ speed: 2, impactAngle: angle }));
      run(w, 2);
      expect(w.stats().pairCollisions).toBe(1);
      const v = w.velocities;
      const dot = v[0] * v[3] + v[1] * v[4] + v[2] * v[5];
      const cos = dot / (Math.hypot(v[0], v[1], v[2]) * Math.hypot(v[3], v[4], v[5]));
      expect(Math.abs(cos)).toBeLessThan(1e-12);
      // The struck sphere leaves along the line of centres: at the impact angle to the incoming path.
      expect(Math.atan2(-v[4], v[3])).toBeCloseTo(angle, 10);
    }
  });

  it('e = 0: both leave with the same normal velocity (head-on: the common velocity)', () => {
    const w = createWorld({ size: [20, 10, 10], restitution: 0 });
    w.addSphere({ position: [-3, 0, 0], velocity: [4, 0, 0], radius: 0.5, mass: 3 });
    w.addSphere({ position: [3, 0, 0], velocity: [-1, 0, 0], radius: 0.5, mass: 1 });
    run(w, 1);
    const common = (3 * 4 + 1 * -1) / 4;
    expect(w.velocities[0]).toBeCloseTo(common, 12);
    expect(w.velocities[3]).toBeCloseTo(common, 12);
    // Kinetic energy lost: (1/2) mu u^2 with mu = 3/4, u = 5.
    expect(w.stats().energyLost).toBeCloseTo(0.5 * 0.75 * 25, 10);
  });

  it('1D unequal masses and radii follow v1\' = ((m1 - e m2) v1 + (1 + e) m2 v2) / (m1 + m2)', () => {
    for (const e of [1, 0.7, 0.3]) {
      const [m1, m2, v1, v2] = [2.5, 0.8, 3, -1.5];
      const w = createWorld({ size: [40, 10, 10], restitution: e });
      w.addSphere({ position: [-6, 0, 0], velocity: [v1, 0, 0], radius: 0.9, mass: m1 });
      w.addSphere({ position: [5, 0, 0], velocity: [v2, 0, 0], radius: 0.4, mass: m2 });
      run(w, 3);
      expect(w.stats().pairCollisions).toBe(1);
      expect(w.velocities[0]).toBeCloseTo(((m1 - e * m2) * v1 + (1 + e) * m2 * v2) / (m1 + m2), 12);
      expect(w.velocities[3]).toBeCloseTo(((m2 - e * m1) * v2 + (1 + e) * m1 * v1) / (m1 + m2), 12);
    }
  });

  it('a fixed obstacle reflects the normal velocity and never moves', () => {
    const w = createWorld({ size: [20, 20, 20], restitution: 1 });
    const obstacle = w.addSphere({ position: [0, 0, 0], radius: 1, fixed: true });
    w.addSphere({ position: [-5, 0.5, 0], velocity: [2, 0, 0], radius: 0.5 });
    run(w, 2);
    expect(w.masses[obstacle]).toBe(Infinity);
    expect(Array.from(w.positions.slice(0, 3))).toEqual([0, 0, 0]);
    // Contact normal at impact: sin(angle) = 0.5 / 1.5; speed kept, direction turned by pi - 2 angle.
    const v = w.velocities;
    expect(Math.hypot(v[3], v[4], v[5])).toBeCloseTo(2, 12);
    const angle = Math.asin(0.5 / 1.5);
    expect(Math.atan2(v[4], v[3])).toBeCloseTo(Math.PI - 2 * angle, 10);
  });

  it('momentum is conserved to 1e-12 when no wall is reached', () => {
    const w = createWorld({ size: [1000, 1000, 1000], restitution: 0.8 });
    for (let k = 0; k < 40; k++) {
      const p = [(k % 5) * 2.5 - 5, Math.floor(k / 5) * 2.5 - 10, (k % 3) * 2.2 - 2.2];
      // Aimed roughly at the middle of the group, so that they collide many times.
      w.addSphere({ position: p, velocity: [-p[0] + Math.sin(k), -p[1] + Math.cos(k * 1.3), -p[2] + Math.sin(k * 0.7)], radius: 0.4 + (k % 4) * 0.15 });
    }
    const p0 = w.stats().momentum;
    run(w, 5);
    expect(w.stats().wallCollisions).toBe(0);
    expect(w.stats().pairCollisions).toBeGreaterThan(10);
    const p1 = w.stats().momentum;
    const scale = Math.hypot(...p0) + 1;
    for (let k = 0; k < 3; k++) expect(Math.abs(p1[k] - p0[k]) / scale).toBeLessThan(1e-12);
  });
});

describe("Newton's cradle", () => {
  it('five equal spheres: the first arrives, only the last leaves, at the same speed', () => {
    const w = buildWorld(cradleScene({ count: 5, speed: 2 }));
    run(w, 6);
    const vx = [0, 1, 2, 3, 4].map((i) => w.velocities[3 * i]);
    expect(vx[4]).toBeCloseTo(2, 12);
    for (let i = 0; i < 4; i++) expect(Math.abs(vx[i])).toBeLessThan(1e-12);
    expect(w.stats().pairCollisions).toBe(4);
  });
});
