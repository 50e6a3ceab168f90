import { describe, expect, it } from 'vitest';
import { SolverInputError } from './errors.ts';
import { buildWorld, gasScene } from './scenes.ts';

/** Total sphere volume of a scene (area in the plane). */
function filled(spheres: { radius?: number }[], planar = false): number {
  return spheres.reduce((sum, s) => sum + (planar ? Math.PI * s.radius! ** 2 : (4 / 3) * Math.PI * s.radius! ** 3), 0);
}

describe('gasScene', () => {
  it('with a packing fraction: a cube whose volume the spheres fill to that fraction', () => {
    const scene = gasScene({ count: 400, packingFraction: 0.1, radius: [0.1, 0.3], seed: 4 });
    const [x, y, z] = scene.options.size as number[];
    expect(x).toBe(y);
    expect(y).toBe(z);
    expect(filled(scene.spheres) / (x * y * z)).toBeCloseTo(0.1, 12);
  });

  it('with a side: exactly that box, the same spheres as for the packing they fill', () => {
    const side = 9;
    const scene = gasScene({ count: 400, side, radius: [0.1, 0.3], seed: 4 });
    expect(scene.options.size).toEqual([side, side, side]);
    const byFraction = gasScene({ count: 400, packingFraction: filled(scene.spheres) / side ** 3, radius: [0.1, 0.3], seed: 4 });
    expect(scene.spheres.map((s) => s.radius)).toEqual(byFraction.spheres.map((s) => s.radius));
    const world = buildWorld(scene);
    for (let i = 0; i < world.count; i++) for (let k = 0; k < 3; k++) expect(Math.abs(world.positions[3 * i + k])).toBeLessThanOrEqual(side / 2 - world.radii[i]);
  });

  it('with a side too small for the spheres: grows to the densest packing, or refuses naming the side', () => {
    const planar = gasScene({ count: 50, side: 4, radius: 0.2, planar: true, seed: 2 });
    expect(planar.options.size![0]).toBe(4);
    const crowded = gasScene({ count: 30, side: 1, radius: 0.2, seed: 2 });
    expect(filled(crowded.spheres) / (crowded.options.size![0] as number) ** 3).toBeLessThanOrEqual(0.45 + 1e-12);
    expect(() => gasScene({ count: 10, radius: 0.2 } as never)).toThrow(SolverInputError);
    expect(() => gasScene({ count: 10, radius: 0.2, side: 2, packingFraction: 0.1 })).toThrow(/packingFraction/);
    expect(() => gasScene({ count: 10, radius: 0.2, side: -1 })).toThrow(/side/);
  });
});
