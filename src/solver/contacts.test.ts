/** contacts.ts, with response.ts: resting contact under gravity and inelastic collapse (docs/physics.md, section 7). */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { deepestOverlap } from '../testing/solver.ts';

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

describe('elastic means elastic under gravity', () => {
  it('an e = 1 gas under gravity keeps kinetic plus potential energy to 1e-10 over 10,000 steps (the resting rule acts only at the stop speed)', () => {
    const g = gasScene({ count: 300, packingFraction: 0.05, speed: 5, radius: 0.3, seed: 3 });
    const w = buildWorld({ options: { ...g.options, gravity: [0, -9.81, 0], restitution: 1, wallRestitution: 1 }, spheres: g.spheres });
    const s0 = w.stats();
    const e0 = s0.kineticEnergy + s0.potentialEnergy;
    let slowFloorHits = 0;
    for (let k = 0; k < 10000; k++) {
      w.step(1 / 60);
      // Hits slower than the resting speed: each was taken as resting before (e = 0).
      const ev = w.events;
      for (let q = 0; q < ev.count; q++) if (ev.closingSpeed[q] < Math.sqrt(2 * 9.81 * 0.002 * 0.3)) slowFloorHits++;
    }
    const s = w.stats();
    expect(slowFloorHits).toBeGreaterThan(10);
    expect(Math.abs(s.kineticEnergy + s.potentialEnergy - e0) / e0).toBeLessThan(1e-10);
    expect(s.energyLost).toBe(0);
    expect(s.sleeping).toBe(0);
  }, 120_000);
});
