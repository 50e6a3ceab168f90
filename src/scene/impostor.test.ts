import { describe, expect, it } from 'vitest';
import { nearestSphereHit } from './impostor-pick.ts';
import { chooseSphereRenderer, IMPOSTOR_THRESHOLD } from './Spheres.tsx';
import { Color } from 'three';
import { SPECIES_COLOURS } from '../presets/species.ts';
import { NEIGHBOUR_TOP } from '../instruments/index.ts';
import { MASS_RAMP, NEIGHBOUR_COLOURS, NEIGHBOUR_TABLE, SPECIES_TABLE, SPEED_RAMP, SphereColoring, type ColoringSim, type ColoringState } from './sphere-colors.ts';

describe('nearestSphereHit', () => {
  // Three spheres on the x axis, the ray along +x from x = -10.
  const centres = new Float64Array([0, 0, 0, 5, 0, 0, -4, 0, 0]);
  const radii = new Float64Array([1, 2, 0.5]);
  const out = new Float64Array(2);

  it('finds the nearest sphere along the ray and its distance', () => {
    nearestSphereHit(centres, radii, 3, [-10, 0, 0], [1, 0, 0], 0, Infinity, out);
    expect(out[0]).toBe(2);
    expect(out[1]).toBeCloseTo(5.5, 6);
  });

  it('ignores spheres beyond the count and outside near and far', () => {
    nearestSphereHit(centres, radii, 2, [-10, 0, 0], [1, 0, 0], 0, Infinity, out);
    expect(out[0]).toBe(0);
    expect(out[1]).toBeCloseTo(9, 6);
    nearestSphereHit(centres, radii, 3, [-10, 0, 0], [1, 0, 0], 0, 5, out);
    expect(out[0]).toBe(-1);
    expect(out[1]).toBe(Infinity);
  });

  it('misses when the ray passes by, and hits at 0 from inside', () => {
    nearestSphereHit(centres, radii, 3, [-10, 3, 0], [1, 0, 0], 0, Infinity, out);
    expect(out[0]).toBe(-1);
    nearestSphereHit(centres, radii, 3, [5, 0, 0], [0, 1, 0], 0, Infinity, out);
    expect(out[0]).toBe(1);
    expect(out[1]).toBe(0);
  });

  it('does not pick spheres behind the ray', () => {
    nearestSphereHit(centres, radii, 3, [10, 0, 0], [1, 0, 0], 0, Infinity, out);
    expect(out[0]).toBe(-1);
  });
});

describe('chooseSphereRenderer', () => {
  it('uses meshes up to the threshold and impostors above it, unless told', () => {
    expect(chooseSphereRenderer(300)).toBe('mesh');
    expect(chooseSphereRenderer(IMPOSTOR_THRESHOLD)).toBe('mesh');
    expect(chooseSphereRenderer(IMPOSTOR_THRESHOLD + 1)).toBe('impostor');
    expect(chooseSphereRenderer(300, 'impostor')).toBe('impostor');
    expect(chooseSphereRenderer(100_000, 'mesh')).toBe('mesh');
  });
});

describe('SphereColoring', () => {
  const sim: ColoringSim = {
    count: 2,
    velocities: new Float64Array([0, 0, 0, 3, 4, 0]),
    masses: new Float64Array([1, 8]),
    world: { time: 1, species: new Int32Array([2, 0]) },
  };
  const state = (colorBy: string, flash: boolean, reducedMotion = false, inPlay = true): ColoringState => ({
    settings: { colorBy, gravityOn: false, gravity: 9.81, boxSize: 8, speed: 2 },
    preset: null,
    instruments: { readouts: { lastHit: new Float64Array([0.95, -Infinity]) }, reactions: { inPlay } },
    aids: { flash },
    reducedMotion,
  });

  it('colours by speed: at rest the bottom of the ramp, fast the top', () => {
    const c = new SphereColoring();
    c.rescan(sim);
    c.begin(state('speed', false), sim);
    expect(c.ramp).toBe(SPEED_RAMP);
    expect(c.rampOffset(0, sim.velocities, sim.masses)).toBe(0);
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(3 * 255); // 5 m/s is over 1.8 x 2 m/s
  });

  it('colours by mass from the lightest to the heaviest', () => {
    const c = new SphereColoring();
    c.rescan(sim);
    c.begin(state('mass', false), sim);
    expect(c.ramp).toBe(MASS_RAMP);
    expect(c.rampOffset(0, sim.velocities, sim.masses)).toBe(0);
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(3 * 255);
  });

  it("colours by species from the colour-blind-safe palette, each sphere its species' entry", () => {
    const c = new SphereColoring();
    c.rescan(sim);
    c.begin(state('species', false), sim);
    expect(c.ramp).toBe(SPECIES_TABLE);
    expect(c.rampOffset(0, sim.velocities, sim.masses)).toBe(3 * 2);
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(0);
    const green = new Color(SPECIES_COLOURS[2]);
    expect([c.ramp[6], c.ramp[7], c.ramp[8]]).toEqual([green.r, green.g, green.b].map(Math.fround));
  });

  it('by species in a scene of one species and no reactions, colours by speed instead', () => {
    const c = new SphereColoring();
    c.rescan(sim);
    c.begin(state('species', false, false, false), sim);
    expect(c.ramp).toBe(SPEED_RAMP);
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(3 * 255);
  });

  it('shades by bound neighbours: none the gas colour, more deeper, from the top of the table on the deepest; without wells by speed', () => {
    const c = new SphereColoring();
    c.rescan(sim);
    const held = [0, 11];
    const drops = { active: true, neighboursOf: (slot: number) => held[slot] };
    const withDrops = (active: boolean): ColoringState => {
      const s = state('neighbours', false);
      return { ...s, instruments: { ...s.instruments, drops: { ...drops, active } } };
    };
    c.begin(withDrops(true), sim);
    expect(c.ramp).toBe(NEIGHBOUR_TABLE);
    expect(c.rampOffset(0, sim.velocities, sim.masses)).toBe(0);
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(3 * NEIGHBOUR_TOP);
    held[1] = 3;
    expect(c.rampOffset(1, sim.velocities, sim.masses)).toBe(3 * 3);
    const gas = new Color(NEIGHBOUR_COLOURS[0]);
    expect([c.ramp[0], c.ramp[1], c.ramp[2]]).toEqual([gas.r, gas.g, gas.b].map(Math.fround));
    // Deeper: each entry darker than the one before it (the sum of its linear RGB).
    for (let k = 2; k <= NEIGHBOUR_TOP; k++) expect(c.ramp[3 * k] + c.ramp[3 * k + 1] + c.ramp[3 * k + 2]).toBeLessThan(c.ramp[3 * k - 3] + c.ramp[3 * k - 2] + c.ramp[3 * k - 1]);
    c.begin(withDrops(false), sim);
    expect([c.byNeighbours, c.bySpeed]).toEqual([false, true]);
    expect(c.ramp).toBe(SPEED_RAMP);
  });

  it('flashes a sphere that just collided, fading, and never under reduced motion', () => {
    const c = new SphereColoring();
    c.rescan(sim);
    c.begin(state('speed', true), sim);
    expect(c.flashOf(0, 0.1)).toBeCloseTo(0.5, 9);
    expect(c.flashOf(1, 0.1)).toBe(0);
    expect(c.flashOf(0, 0.04)).toBe(0);
    c.begin(state('speed', true, true), sim);
    expect(c.flashOf(0, 0.1)).toBe(0);
  });
});
