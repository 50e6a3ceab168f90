/** sleep.ts: a carried pile goes to sleep and stays still; a sleeper struck hard wakes. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene } from './index.ts';
import { allFinite, deepestOverlap, escaped } from '../testing/solver.ts';
import { STRIDE } from './state.ts';

const { F64, U8 } = STRIDE;

describe('sleeping', () => {
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

  it('a sleeping sphere struck faster than the resting speed wakes and moves off', () => {
    // The floor takes every bounce (wall restitution 0): the sleeper lands and sleeps at once.
    const w = createWorld({ size: [6, 4, 4], gravity: [0, -9.81, 0], restitution: 0.9, wallRestitution: 0 });
    const sleeper = w.addSphere({ position: [0, -1.6, 0], radius: 0.25 });
    // The striker slides along the floor and arrives after 0.5 s.
    w.addSphere({ position: [-2.5, -1.75, 0], velocity: [4, 0, 0], radius: 0.25 });
    let slept = false;
    let woke = false;
    for (let k = 0; k < 60 && !woke; k++) {
      w.step(1 / 60);
      const s = w.indexOf(sleeper);
      if (w.sleeping[s] === 1) slept = true;
      else if (slept) woke = w.velocities[3 * s] > 1;
    }
    expect(slept).toBe(true);
    expect(woke).toBe(true);
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
