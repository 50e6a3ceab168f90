/**
 * The reaction meter against collision theory: in a gas held at kT by thermal walls, the measured
 * rate constant and the fraction of reactant hits that clear the barrier are collision theory's,
 * the equilibrium ratio is read from the counts, and the concentration history keeps one row a sample.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, type World } from '../solver/index.ts';
import { collisionTheoryK, contactValue, reactantPairs, ReactionMeter } from './reactions.ts';

const DT = 1 / 60;

/** 300 spheres, half A and half B, A + B ⇌ C + D over 1 kT (Q = 0), walls at kT. */
function scene(): { world: World; kT: number } {
  const gas = gasScene({ count: 300, packingFraction: 0.04, speed: 2, radius: 0.15, seed: 4 });
  const kT = ((4 / 3) * Math.PI * 0.15 ** 3 * 4) / 3;
  const world = buildWorld({
    ...gas,
    spheres: gas.spheres.map((s, k) => ({ ...s, species: k % 2 })),
    reactions: [{ reactants: [0, 1], products: [2, 3], activationEnergy: kT, energyReleased: 0, reversible: true }],
    walls: { '-x': { kT }, '+x': { kT } },
  });
  return { world, kT };
}

/** Runs the world and the meter for `seconds`, sampling every quarter second. */
function run(world: World, meter: ReactionMeter, seconds: number): void {
  for (let k = 1; k <= Math.round(seconds / DT); k++) {
    world.step(DT);
    meter.afterStep(world);
    if (k % 15 === 0) meter.sample();
  }
}

describe('the reaction meter', () => {
  it('pairs of reactants: Na Nb of two species, Na (Na - 1) / 2 of one; the contact value is 1 in the dilute limit', () => {
    expect(reactantPairs([3, 4], 0, 1)).toBe(12);
    expect(reactantPairs([5], 0, 0)).toBe(10);
    expect(reactantPairs([5], 0, 2)).toBe(0);
    expect(contactValue(0)).toBe(1);
    expect(contactValue(0.04)).toBeCloseTo(0.98 / 0.96 ** 3, 12);
  });

  it('measures the rate constant and the fraction over the barrier as collision theory gives them (within 20% and 15%)', () => {
    const { world, kT } = scene();
    const meter = new ReactionMeter({ world });
    expect(meter.last.inPlay).toBe(true);
    expect(meter.reacting).toBe(true);
    run(world, meter, 12);
    const r = meter.last.reactions[0];
    expect(r.forward).toBeGreaterThan(200);
    expect(meter.last.kT / kT).toBeGreaterThan(0.9);
    expect(meter.last.kT / kT).toBeLessThan(1.1);
    const theory = collisionTheoryK(0.15, 0.15, world.masses[0], world.masses[1], meter.last.kT, kT, 300 * (4 / 3) * Math.PI * 0.15 ** 3 / (world.size[0] * world.size[1] * world.size[2]));
    expect(r.kTheory).toBeCloseTo(theory, 12);
    expect(Math.abs(r.kMeasured / r.kTheory - 1)).toBeLessThan(0.2);
    expect(Math.abs(r.cleared / r.clearedTheory - 1)).toBeLessThan(0.15);
    expect(r.clearedTheory).toBeCloseTo(Math.exp(-kT / meter.last.kT), 12);
    expect(r.hitsPerSecond).toBeGreaterThan(30);
    // Q = 0: at equilibrium the ratio is about 1.
    const c = meter.last.counts;
    expect(r.ratio).toBe((c[2] * c[3]) / (c[0] * c[1]));
    expect(r.ratioTheory).toBe(1);
  });

  it('keeps one row of concentrations a sample, and starts again on a new world', () => {
    const { world } = scene();
    const meter = new ReactionMeter({ world });
    run(world, meter, 1);
    expect(meter.history.length).toBe(4);
    const v = meter.last.volume;
    expect(meter.history.of(0)[3] * v).toBeCloseTo(meter.last.counts[0], 9);
    meter.worldReplaced('built');
    expect(meter.history.length).toBe(0);
  });

  it('a world of one species and no reactions is not in play and counts nothing per step', () => {
    const world = buildWorld(gasScene({ count: 50, packingFraction: 0.05, seed: 1 }));
    const meter = new ReactionMeter({ world });
    run(world, meter, 0.5);
    expect(meter.last.inPlay).toBe(false);
    expect(meter.reacting).toBe(false);
    expect(meter.last.reactions).toEqual([]);
    expect(meter.history.length).toBe(0);
  });
});
