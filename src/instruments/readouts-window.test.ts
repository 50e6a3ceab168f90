import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from '../solver/index.ts';
import { Simulation } from '../runtime/index.ts';
import { ReadoutsWindow } from './readouts-window.ts';

describe('the simulation and its readouts over a world that renumbers its slots', () => {
  it('carries the previous positions and collision times along with the spheres', () => {
    const scene = gasScene({ count: 300, packingFraction: 0.2, speed: 4, radius: 0.5, seed: 2 });
    const world = buildWorld({ ...scene, options: { ...scene.options, reorderEvery: 1 } });
    const sim = new Simulation(world);
    const readouts = new ReadoutsWindow(sim);
    sim.attach(readouts);
    for (let k = 0; k < 5; k++) {
      const before = new Map<number, number[]>();
      for (let s = 0; s < world.count; s++) before.set(world.idAt(s), Array.from(world.positions.subarray(3 * s, 3 * s + 3)));
      const layout = world.layoutVersion;
      sim.stepOnce();
      expect(world.layoutVersion).toBe(layout + 1);
      for (let s = 0; s < world.count; s++) {
        expect(Array.from(sim.previous.subarray(3 * s, 3 * s + 3))).toEqual(before.get(world.idAt(s)));
      }
    }
    // Every sphere flashed at its own last collision: the events name them by id.
    const hitTime = new Map<number, number>();
    const ev = world.events;
    for (let k = 0; k < ev.count; k++) {
      if (ev.b[k] < 0) continue;
      hitTime.set(ev.a[k], ev.time[k]);
      hitTime.set(ev.b[k], ev.time[k]);
    }
    expect(hitTime.size).toBeGreaterThan(0);
    for (const [id, t] of hitTime) expect(readouts.lastHit[world.indexOf(id)]).toBe(t);
  });
});
