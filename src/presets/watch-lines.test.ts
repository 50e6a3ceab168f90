/**
 * Each preset's "what to watch" line, claim by claim, against what its scene does (the seven
 * thermodynamics lessons are tested in thermo-presets.test.ts). A line that says something a
 * class can measure has a test here; a scene changed so that its line no longer holds fails it.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, PressureGauge } from '../solver/index.ts';
import type { World } from '../solver/index.ts';
import { runFor } from '../testing/solver.ts';
import { presetById } from './presets.ts';

function build(id: string, seed = 1): World {
  const preset = presetById(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return buildWorld(preset.build(seed));
}

const DT = 1 / 240;

/** Steps `w` until its first pair collision (and no wall hit yet); throws if none comes. */
function untilFirstCollision(w: World, most = 4000): void {
  for (let k = 0; k < most && w.stats().pairCollisions === 0; k++) w.step(DT);
  if (w.stats().pairCollisions === 0) throw new Error('no collision');
  expect(w.stats().wallCollisions).toBe(0);
}

const velocityOf = (w: World, id: number): number[] => Array.from(w.velocities.subarray(3 * w.indexOf(id), 3 * w.indexOf(id) + 3));
const speedOf = (w: World, id: number): number => Math.hypot(...velocityOf(w, id));
const energy = (w: World): number => w.stats().kineticEnergy + w.stats().potentialEnergy;

describe('head-on: equal masses meeting head-on swap their velocities', () => {
  it('each comes back at the 2 m/s the other brought', () => {
    const w = build('head-on');
    const before = [velocityOf(w, 0), velocityOf(w, 1)];
    expect(w.masses[0]).toBe(w.masses[1]);
    expect(before).toEqual([[2, 0, 0], [-2, 0, 0]]);
    untilFirstCollision(w);
    expect(w.stats().pairCollisions).toBe(1);
    velocityOf(w, 0).forEach((v, k) => expect(v).toBeCloseTo(before[1][k], 12));
    velocityOf(w, 1).forEach((v, k) => expect(v).toBeCloseTo(before[0][k], 12));
  });

  it('and the total momentum stays zero', () => {
    const w = build('head-on');
    expect(w.stats().momentum[0]).toBe(0);
    untilFirstCollision(w);
    expect(Math.abs(w.stats().momentum[0])).toBeLessThan(1e-12);
  });
});

describe('heavy versus light', () => {
  it('the heavy sphere keeps 9/11 of its speed, the light one leaves at 20/11 of it, almost twice', () => {
    const w = build('heavy-light');
    const u = speedOf(w, 0);
    expect(w.masses[0] / w.masses[1]).toBe(10);
    expect(speedOf(w, 1)).toBe(0);
    untilFirstCollision(w);
    expect(velocityOf(w, 0)[0] / u).toBeCloseTo(9 / 11, 12);
    expect(velocityOf(w, 1)[0] / u).toBeCloseTo(20 / 11, 12);
    expect(velocityOf(w, 1)[0] / u).toBeGreaterThan(1.8);
  });
});

describe('glancing', () => {
  it('equal masses, one at rest, struck off-centre', () => {
    const w = build('glancing');
    expect(w.masses[0]).toBe(w.masses[1]);
    expect(speedOf(w, 1)).toBe(0);
    // Off-centre: the moving sphere's line misses the other's centre.
    expect(w.positions[1] - w.positions[4]).not.toBe(0);
  });

  it('they leave at exactly 90 degrees, both moving', () => {
    const w = build('glancing');
    untilFirstCollision(w);
    const [a, b] = [velocityOf(w, 0), velocityOf(w, 1)];
    expect(speedOf(w, 0)).toBeGreaterThan(0.1);
    expect(speedOf(w, 1)).toBeGreaterThan(0.1);
    expect((a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (speedOf(w, 0) * speedOf(w, 1))).toBeCloseTo(0, 12);
  });
});

describe('perfectly inelastic (e = 0)', () => {
  it('the spheres move on together at the common velocity', () => {
    const w = build('inelastic');
    expect(w.options.restitution).toBe(0);
    untilFirstCollision(w);
    const common = (2 * 2 + 1 * -1) / 3;
    expect(velocityOf(w, 0)[0]).toBeCloseTo(common, 12);
    expect(velocityOf(w, 1)[0]).toBeCloseTo(common, 12);
  });

  it('momentum is kept, energy is not: it loses half the reduced mass times the closing speed squared', () => {
    const w = build('inelastic');
    const p0 = w.stats().momentum[0];
    const e0 = w.stats().kineticEnergy;
    untilFirstCollision(w);
    expect(w.stats().momentum[0]).toBeCloseTo(p0, 12);
    const mu = (w.masses[0] * w.masses[1]) / (w.masses[0] + w.masses[1]);
    expect(e0 - w.stats().kineticEnergy).toBeCloseTo(0.5 * mu * 3 ** 2, 12);
  });
});

describe("Newton's cradle", () => {
  it('one sphere in, one sphere out: only the last leaves, at the incoming speed', () => {
    const w = build('cradle');
    runFor(w, 2);
    expect(w.stats().wallCollisions).toBe(0);
    expect(velocityOf(w, 4)[0]).toBeCloseTo(2, 12);
    for (let id = 0; id < 4; id++) expect(speedOf(w, id)).toBeLessThan(1e-12);
  });

  it('momentum and energy pass through the row unchanged', () => {
    const w = build('cradle');
    const [p0, e0] = [w.stats().momentum[0], w.stats().kineticEnergy];
    runFor(w, 2);
    expect(w.stats().momentum[0]).toBeCloseTo(p0, 12);
    expect(w.stats().kineticEnergy).toBeCloseTo(e0, 12);
  });
});

describe('billiards break', () => {
  it('the cue ball breaks a rack of 15: the momentum is shared out among the balls', () => {
    const w = build('billiards');
    expect(w.count).toBe(16);
    let moving = 0;
    for (let id = 0; id < 16; id++) if (speedOf(w, id) > 0) moving++;
    expect(moving).toBe(1);
    while (w.stats().wallCollisions === 0) w.step(DT);
    moving = 0;
    for (let id = 0; id < 15; id++) if (speedOf(w, id) > 0.05) moving++;
    expect(moving).toBeGreaterThan(5);
  });

  it('total momentum is conserved until the first cushion, and the balls stay in the plane', () => {
    const w = build('billiards');
    const p0 = w.stats().momentum;
    let steps = 0;
    while (w.stats().wallCollisions === 0) {
      w.step(DT);
      steps++;
    }
    expect(w.stats().pairCollisions).toBeGreaterThan(10);
    // The step that hit the cushion may include it: check the momentum just before it instead.
    const w2 = build('billiards');
    for (let k = 0; k < steps - 1; k++) w2.step(DT);
    const p1 = w2.stats().momentum;
    expect(Math.hypot(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]) / Math.hypot(...p0)).toBeLessThan(1e-12);
    for (let i = 0; i < w.count; i++) expect(w.positions[3 * i + 2]).toBe(0);
  });
});

describe('fixed obstacle', () => {
  it('it turns the others back without moving, keeping their speed', () => {
    const w = build('obstacle');
    expect(w.masses[w.indexOf(0)]).toBe(Infinity);
    untilFirstCollision(w);
    // Step on until several spheres have struck it, before any of them meets another sphere.
    while (w.stats().pairCollisions < 4) w.step(DT);
    let turned = 0;
    for (let id = 1; id < w.count; id++) {
      expect(speedOf(w, id)).toBeCloseTo(3, 12);
      if (velocityOf(w, id)[0] < 0) turned++;
    }
    expect(turned).toBeGreaterThanOrEqual(4);
    expect(velocityOf(w, 0)).toEqual([0, 0, 0]);
    expect(Array.from(w.positions.subarray(3 * w.indexOf(0), 3 * w.indexOf(0) + 3))).toEqual([0, 0, 0]);
  });

  it('over a long run it never moves, and the energy of the others is kept', () => {
    const w = build('obstacle');
    const e0 = w.stats().kineticEnergy;
    runFor(w, 1.2);
    expect(w.stats().pairCollisions).toBeGreaterThan(5);
    expect(Array.from(w.positions.subarray(3 * w.indexOf(0), 3 * w.indexOf(0) + 3))).toEqual([0, 0, 0]);
    expect(w.stats().kineticEnergy / e0).toBeCloseTo(1, 12);
  });
});

/** <v^4> / <v^2>^2 of the free spheres: 1 for a single speed, 5/3 for Maxwell-Boltzmann in 3D. */
function speedMomentRatio(w: World): number {
  let v2 = 0;
  let v4 = 0;
  for (let i = 0; i < w.count; i++) {
    const s2 = w.velocities[3 * i] ** 2 + w.velocities[3 * i + 1] ** 2 + w.velocities[3 * i + 2] ** 2;
    v2 += s2;
    v4 += s2 * s2;
  }
  return (v4 / w.count) / (v2 / w.count) ** 2;
}

describe('gas in a box', () => {
  it('from a single speed it relaxes to the Maxwell-Boltzmann distribution', () => {
    const w = build('gas');
    for (let i = 0; i < w.count; i++) expect(speedOf(w, i)).toBeCloseTo(3, 12);
    expect(speedMomentRatio(w)).toBeCloseTo(1, 12);
    while (w.stats().pairCollisions < 20 * w.count) w.step(1 / 60);
    // 5/3 for Maxwell-Boltzmann; 400 spheres leave it within about 0.15 of that.
    expect(Math.abs(speedMomentRatio(w) - 5 / 3)).toBeLessThan(0.2);
  });

  it("the walls feel its pressure: the gauge reads the dense gas's pressure (ideal gas times Carnahan-Starling)", () => {
    const w = build('gas');
    runFor(w, 2);
    const gauge = new PressureGauge(w);
    runFor(w, 20);
    const { measured, ideal } = gauge.read();
    const eta = 0.05;
    const carnahanStarling = (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3;
    expect(measured / (ideal * carnahanStarling)).toBeGreaterThan(0.9);
    expect(measured / (ideal * carnahanStarling)).toBeLessThan(1.1);
  }, 60_000);
});

describe('brownian motion', () => {
  it('one large, heavy sphere among many small ones', () => {
    const w = build('brownian');
    const big = w.indexOf(0);
    expect(w.count).toBeGreaterThan(500);
    for (let i = 0; i < w.count; i++) {
      if (i === big) continue;
      expect(w.radii[i]).toBeLessThan(w.radii[big] / 5);
      expect(w.masses[i]).toBeLessThan(w.masses[big] / 1000);
    }
  });

  it('it jiggles at random: kicked about, its direction of motion changing again and again, slower than the small ones', () => {
    const w = build('brownian');
    expect(speedOf(w, 0)).toBe(0);
    let turns = 0;
    let last = 0;
    for (let k = 0; k < 180; k++) {
      w.step(1 / 60);
      const vx = velocityOf(w, 0)[0];
      if (vx !== 0 && last !== 0 && Math.sign(vx) !== Math.sign(last)) turns++;
      if (vx !== 0) last = vx;
    }
    expect(turns).toBeGreaterThan(5);
    expect(speedOf(w, 0)).toBeGreaterThan(0);
    // Equipartition: <m v^2> equal, so its typical speed is sqrt(m / M) of theirs.
    expect(speedOf(w, 0)).toBeLessThan(0.5);
  });
});

describe('ball pit', () => {
  it('under gravity with e < 1 every bounce loses energy: the total never rises', () => {
    const w = build('ball-pit');
    expect(w.options.restitution).toBeLessThan(1);
    expect(w.options.wallRestitution).toBeLessThan(1);
    let e = energy(w);
    const e0 = e;
    for (let k = 0; k < 120; k++) {
      w.step(1 / 60);
      const next = energy(w);
      expect(next).toBeLessThanOrEqual(e + 1e-9 * Math.abs(e0));
      e = next;
    }
    expect(e).toBeLessThan(e0);
  });

  it('the spheres settle into a resting pile', () => {
    const w = build('ball-pit');
    const k0 = w.stats().kineticEnergy + w.stats().potentialEnergy; // the energy the pile has to lose (potential from the floor)
    runFor(w, 12);
    expect(w.stats().kineticEnergy).toBeLessThan(1e-2 * Math.abs(k0));
    expect(w.stats().sleeping).toBeGreaterThan(0.8 * w.count);
  }, 120_000);
});
