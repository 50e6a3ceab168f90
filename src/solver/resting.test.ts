/** The hard cases of docs/physics.md, section 7: resting contact and inelastic collapse. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { allFinite, deepestOverlap, escaped } from './test-helpers.ts';
import { STRIDE } from './state.ts';

const { F64, U8 } = STRIDE;

describe('resting contact under gravity', () => {
  it('a bouncing ball (e = 0.5) comes to rest on the floor after finitely many bounces and stays', () => {
    const w = createWorld({ size: [4, 4, 4], gravity: [0, -9.81, 0], restitution: 0.5 });
    w.addSphere({ position: [0, 1, 0], radius: 0.25 });
    let events = 0;
    for (let k = 0; k < 240; k++) {
      w.step(1 / 60);
      events += w.lastStep.events;
    }
    const floor = -2 + 0.25;
    expect(w.positions[1]).toBe(floor);
    expect(w.velocities[1]).toBe(0);
    // Bounce speeds fall by 2 each time; the resting speed ends the sequence after a few dozen.
    expect(w.stats().wallCollisions).toBeLessThan(40);
    expect(events).toBeLessThan(100);
    // Still there, doing nothing, a second later.
    for (let k = 0; k < 60; k++) w.step(1 / 60);
    expect(w.lastStep.events).toBe(0);
    expect(w.positions[1]).toBe(floor);
  });

  it('the first bounces follow the restitution law: height ratio e^2', () => {
    const e = 0.8;
    const w = createWorld({ size: [4, 8, 4], gravity: [0, -9.81, 0], restitution: e });
    w.addSphere({ position: [0, 1, 0], radius: 0.25 });
    const impacts: number[] = [];
    for (let k = 0; k < 2400 && impacts.length < 3; k++) {
      w.step(1 / 240);
      for (let q = 0; q < w.events.count; q++) impacts.push(w.events.closingSpeed[q]);
    }
    expect(impacts[1] / impacts[0]).toBeCloseTo(e, 12);
    expect(impacts[2] / impacts[1]).toBeCloseTo(e, 12);
    // First impact speed from the drop height 1 + 4 - 0.25 = 4.75 m... the floor is at -4 + 0.25.
    expect(impacts[0]).toBeCloseTo(Math.sqrt(2 * 9.81 * (1 + 4 - 0.25)), 10);
  });

  it('a pile of 500 spheres (e = 0.5) settles within 20 s: no jitter, no sinking, nobody outside', () => {
    const w = buildWorld(gasScene({ count: 500, packingFraction: 0.1, speed: 2, seed: 5, aspect: [1, 2, 1], world: { gravity: [0, -9.81, 0], restitution: 0.5 } }));
    const k0 = w.stats().kineticEnergy;
    const e0 = k0 + w.stats().potentialEnergy;
    let maxEvents = 0;
    let worstOverlap = 0;
    let budgetSteps = 0;
    for (let k = 0; k < 1200; k++) {
      w.step(1 / 60);
      maxEvents = Math.max(maxEvents, w.lastStep.events);
      if (w.lastStep.frozen > 0) budgetSteps++;
      if (k % 60 === 59) worstOverlap = Math.max(worstOverlap, deepestOverlap(w));
    }
    // The event budget's fallback (freeze the rest of a step) is rare: at most 1% of the steps.
    expect(budgetSteps).toBeLessThanOrEqual(12);
    const st = w.stats();
    expect(st.kineticEnergy).toBeLessThan(1e-3 * k0);
    expect(st.kineticEnergy + st.potentialEnergy).toBeLessThan(e0); // energy only lost
    expect(worstOverlap).toBeLessThan(0.01 * 0.5); // 1% of a radius, as a fraction of the radius sum
    expect(escaped(w)).toBe(0);
    expect(allFinite(w)).toBe(true);
    expect(st.sleeping).toBeGreaterThan(400);
    // Bounded work per step: never beyond the event budget (10,000 + 500 N) and its fallback.
    expect(maxEvents).toBeLessThanOrEqual(10_000 + 500 * 500 + 500);
  }, 300_000);
});

describe('inelastic collapse', () => {
  it('an inelastic gas without gravity cools without hanging: work per step stays bounded', () => {
    const w = buildWorld(gasScene({ count: 400, packingFraction: 0.3, speed: 3, seed: 2, world: { restitution: 0.3, wallRestitution: 1 } }));
    const k0 = w.stats().kineticEnergy;
    let maxEvents = 0;
    for (let k = 0; k < 300; k++) {
      w.step(1 / 60);
      maxEvents = Math.max(maxEvents, w.lastStep.events);
    }
    const k1 = w.stats().kineticEnergy;
    expect(k1).toBeLessThan(0.2 * k0);
    expect(k1).toBeGreaterThan(0);
    expect(maxEvents).toBeLessThan(10_000 + 500 * 400);
    expect(w.lastStep.frozen).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    // Energy lost equals the sum recorded by the collisions.
    expect(w.stats().energyLost).toBeCloseTo(k0 - k1, 6);
  });
});

describe('still spheres', () => {
  it('a sleeping or fixed sphere keeps zero velocity and zero acceleration (predictions read its trajectory without testing whether it is still)', () => {
    const g = gasScene({ count: 300, packingFraction: 0.15, speed: 2, radius: 0.3, seed: 11 });
    const w = buildWorld({ options: { ...g.options, gravity: [0, -9.81, 0], restitution: 0.6, wallRestitution: 0.5 }, spheres: g.spheres });
    w.setFixed(w.idAt(0), true);
    w.setFixed(w.idAt(1), true);
    // White box: the acceleration is internal, in each sphere's record (see RECORD in state.ts).
    const internal = w.state;
    let stillSeen = 0;
    let maxSleeping = 0;
    let worst = 0;
    for (let k = 0; k < 600; k++) {
      w.step(1 / 60);
      const v = w.velocities;
      const asleep = w.sleeping;
      for (let s = 0; s < w.count; s++) {
        if (!asleep[s] && !internal.isFixed[U8 * s]) continue;
        stillSeen++;
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(v[3 * s + c]), Math.abs(internal.acc[F64 * s + c]));
      }
      maxSleeping = Math.max(maxSleeping, w.stats().sleeping);
    }
    expect(worst).toBe(0);
    // The check saw both kinds: the two fixed spheres every step, and a pile that fell asleep.
    expect(maxSleeping).toBeGreaterThan(200);
    expect(stillSeen).toBeGreaterThan(600 * 2 + 10_000);
  });
});
