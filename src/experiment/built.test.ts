import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from '../solver/index.ts';
import { builtSceneOf } from './built.ts';
import { experimentWorld } from './experiment-world.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe('built scenes', () => {
  it('a world taken as a built scene builds again with the same spheres, owns and fixed included', () => {
    const world = buildWorld(gasScene({ count: 40, side: 8, seed: 3, radius: [0.2, 0.4] }));
    world.setFixed(5, true);
    world.setSphereRestitution(7, 0.25);
    const built = builtSceneOf(world, (id) => (id === 2 ? { color: '#ff0000', label: 'A' } : {}));
    expect(built.spheres).toHaveLength(40);
    expect(built.spheres[2]).toMatchObject({ color: '#ff0000', label: 'A' });
    expect(built.spheres[5].fixed).toBe(true);
    expect(Number.isFinite(built.spheres[5].mass)).toBe(true);
    expect(built.spheres[7].restitution).toBe(0.25);
    const again = experimentWorld({ ...DEFAULT_SETTINGS, gravityOn: false }, null, [], undefined, built).world;
    expect(again.count).toBe(40);
    expect(again.size).toEqual(world.size);
    for (let id = 0; id < 40; id++) {
      const a = world.indexOf(id);
      const b = again.indexOf(id);
      expect(again.radii[b]).toBe(world.radii[a]);
      expect(again.masses[b]).toBe(world.masses[a]);
      expect([...again.positions.subarray(3 * b, 3 * b + 3)]).toEqual([...world.positions.subarray(3 * a, 3 * a + 3)]);
      expect([...again.velocities.subarray(3 * b, 3 * b + 3)]).toEqual([...world.velocities.subarray(3 * a, 3 * a + 3)]);
    }
    // The same motion from there on: one second of both worlds ends in the same energy.
    world.step(1);
    again.step(1);
    expect(again.stats().kineticEnergy).toBe(world.stats().kineticEnergy);
  });
});
