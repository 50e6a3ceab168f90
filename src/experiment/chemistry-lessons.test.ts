/**
 * The chemistry lessons do what their lines say, for the scene's own numbers: collision theory's
 * steep climb of the rate with kT, the catalyst's faster route (and the catalyst kept), the
 * equilibrium ratio at e^(Q/kT) and its return after more reactant is pumped in, and an
 * exothermic reaction warming an insulated gas with ΔU equal to the chemical energy released.
 * (Here rather than beside presets.ts: Le Chatelier's lesson needs the pump.)
 */
import { describe, expect, it } from 'vitest';
import { pumpSpheres } from './pump.ts';
import { buildWorld, temperature, type World } from '../solver/index.ts';
import { CHEM_ENERGIES, CHEM_KT } from '../presets/chemistry-presets.ts';
import { presetById } from '../presets/presets.ts';

const DT = 1 / 60;
const build = (id: string, seed = 1): World => buildWorld(presetById(id)!.build(seed));
const run = (w: World, seconds: number): void => {
  for (let k = 0; k < Math.round(seconds / DT); k++) w.step(DT);
};
/** Forward events of reaction `k` per second per reactant pair, over `seconds` (the pairs summed at each step). */
function measuredK(w: World, seconds: number, k = 0): number {
  const r = w.reactions[k];
  const [a, b] = r.reactants;
  const before = w.stats().reactions[k].forward;
  let pairTime = 0;
  for (let s = 0; s < Math.round(seconds / DT); s++) {
    const c = w.stats().speciesCounts;
    pairTime += (a === b ? (c[a] * (c[a] - 1)) / 2 : c[a] * c[b]) * DT;
    w.step(DT);
  }
  return (w.stats().reactions[k].forward - before) / pairTime;
}
const ratio = (w: World): number => {
  const c = w.stats().speciesCounts;
  return (c[2] * c[3]) / (c[0] * c[1]);
};

describe('the chemistry lessons', () => {
  it('collision theory: the walls hold kT; doubled, the rate per reactant pair climbs over tenfold (theory: √2 e^2.5 ≈ 17)', () => {
    const w = build('collision-theory');
    expect(w.reactions[0].activationEnergy / CHEM_KT).toBeCloseTo(5, 12);
    expect(w.wallState('-x').kT).toBe(CHEM_KT);
    const cold = measuredK(w, 20);
    w.setWallTemperature('-x', 2 * CHEM_KT);
    w.setWallTemperature('+x', 2 * CHEM_KT);
    run(w, 8);
    expect(temperature(w) / CHEM_KT).toBeGreaterThan(1.8);
    const hot = measuredK(w, 10);
    expect(hot / cold).toBeGreaterThan(10);
  });

  it('a catalyst: over five times as much P is made on the 30 K as by A meeting A, and K is never used up', () => {
    const w = build('catalyst');
    expect(w.stats().speciesCounts).toEqual([270, 0, 30]);
    const [slow, fast] = w.reactions;
    expect(slow.activationEnergy).toBe(CHEM_ENERGIES.uncatalysed);
    expect(fast.activationEnergy / CHEM_KT).toBeCloseTo(2, 12);
    expect(fast.products[1]).toBe(2);
    run(w, 30);
    const rx = w.stats().reactions;
    expect(rx[1].forward).toBeGreaterThan(5 * rx[0].forward);
    expect(w.stats().speciesCounts[2]).toBe(30);
    expect(w.stats().speciesCounts[1]).toBe(2 * rx[0].forward + rx[1].forward);
  });

  it('equilibrium: [C][D]/[A][B] settles near e; 100 more A pumped in lower it, and it returns to about e', () => {
    const w = build('equilibrium');
    expect(w.reactions[0].energyReleased / CHEM_KT).toBeCloseTo(1, 12);
    run(w, 20);
    const mean = (seconds: number): number => {
      let sum = 0;
      let n = 0;
      for (let s = 0; s < seconds; s++) {
        run(w, 1);
        sum += Math.log(ratio(w));
        n++;
      }
      return Math.exp(sum / n);
    };
    expect(Math.abs(Math.log(mean(40) / Math.E))).toBeLessThan(0.25);
    w.addSpheres(pumpSpheres(w, 100, CHEM_KT, 7, 0));
    expect(w.stats().speciesCounts[0]).toBeGreaterThan(140);
    const dropped = ratio(w);
    expect(dropped).toBeLessThan(0.75 * Math.E);
    run(w, 20);
    expect(Math.abs(Math.log(mean(40) / Math.E))).toBeLessThan(0.25);
    // More C and D than before the pump: the equilibrium moved to the products' side.
    expect(w.stats().speciesCounts[2]).toBeGreaterThan(100);
  });

  it('an exothermic reaction: no heat, no work, yet the gas warms by over half; ΔU equals the chemical energy to rounding', () => {
    const w = build('exothermic');
    expect(w.wallState('-x').kT).toBeNull();
    const s0 = w.stats();
    const kT0 = temperature(w);
    run(w, 60);
    const s = w.stats();
    expect(s.heat).toBe(0);
    expect(s.work).toBe(0);
    expect(s.chemical).toBeCloseTo(s.reactions[0].forward * CHEM_ENERGIES.exoReleased, 9);
    expect(temperature(w) / kT0).toBeGreaterThan(1.5);
    const deltaU = s.kineticEnergy + s.potentialEnergy - (s0.kineticEnergy + s0.potentialEnergy);
    expect(Math.abs(deltaU - s.chemical)).toBeLessThan(1e-12 * s.kineticEnergy);
  });

  it('every lesson shows within a minute: a hundred reactions or more in 60 s at the start', () => {
    for (const id of ['catalyst', 'equilibrium', 'exothermic']) {
      const w = build(id);
      run(w, 60);
      const events = w.stats().reactions.reduce((sum, r) => sum + r.forward + r.backward, 0);
      expect(events, id).toBeGreaterThan(100);
    }
  });

  it("effusion: the light A leave about twice as fast as the heavy B (Graham: √(4/1) = 2), about 60 A and 35 B in a minute", () => {
    const line = presetById('effusion')!.watch;
    const [, a, b] = /about (\d+) A and (\d+) B leave/.exec(line) ?? [];
    let logRatio = 0;
    let leftA = 0;
    let leftB = 0;
    const seeds = [1, 2, 3, 4, 5, 6];
    for (const seed of seeds) {
      const w = build('effusion', seed);
      const half = w.count / 2;
      expect(temperature(w), 'both species start at the same kT (B at half the speed, four times the mass)').toBeGreaterThan(0);
      run(w, 60);
      const [outA, outB] = w.stats().escaped;
      leftA += outA;
      leftB += outB;
      // Each count decays exponentially at its own rate: the ratio of the rates, whatever the depletion.
      logRatio += Math.log(half / (half - outA)) / Math.log(half / (half - outB));
    }
    const rates = logRatio / seeds.length;
    expect(Math.abs(rates - 2), `the rate of A over the rate of B, six runs: ${rates.toFixed(2)}`).toBeLessThan(0.3);
    expect(Math.abs(leftA / seeds.length - Number(a)), `A out in a minute (six runs' mean ${leftA / seeds.length}; the line says ${a})`).toBeLessThan(10);
    expect(Math.abs(leftB / seeds.length - Number(b)), `B out in a minute (six runs' mean ${leftB / seeds.length}; the line says ${b})`).toBeLessThan(8);
  });

  it('diffusion: through the divider\'s hole, a quarter of each half is the other species after a minute, nearly half after three', () => {
    // The lesson's own scene (seed 1); seed 2 gives 0.27 and 0.28 after a minute, 0.42 and 0.45 after three.
    for (const seed of [1]) {
      const w = build('diffusion', seed);
      /** The fraction of each half's spheres that are the other half's species. */
      const mixed = (): [number, number] => {
        const c = [0, 0, 0, 0];
        for (let i = 0; i < w.count; i++) c[(w.positions[3 * i] < 0 ? 0 : 2) + w.species[i]]++;
        return [c[1] / (c[0] + c[1]), c[2] / (c[2] + c[3])];
      };
      expect(mixed(), 'at the start').toEqual([0, 0]);
      run(w, 60);
      for (const f of mixed()) expect(Math.abs(f - 0.25), `seed ${seed}, after a minute: ${f}`).toBeLessThan(0.08);
      run(w, 120);
      for (const f of mixed()) expect(f, `seed ${seed}, after three minutes`).toBeGreaterThan(0.35);
      const { forward, backward } = w.stats().holeCrossings;
      expect(forward[0] + backward[0] + forward[1] + backward[1], 'crossings through the hole').toBeGreaterThan(300);
    }
  });
});
