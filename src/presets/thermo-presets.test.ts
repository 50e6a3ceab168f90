/**
 * The thermodynamics presets do what their lines say, measured against theory: an adiabat for the
 * slow compression, more heating for the fast one, a steady temperature for the isothermal one and
 * for free expansion, a balanced heat flow in conduction, a rising piston at constant pressure,
 * and two gases that mix.
 */
import { describe, expect, it } from 'vitest';
import { presetById } from './presets.ts';
import { buildWorld, reachable, temperature, type World } from '../solver/index.ts';

const DT = 1 / 60;
const build = (id: string, seed = 3): World => buildWorld(presetById(id)!.build(seed));
const run = (w: World, seconds: number): void => {
  for (let k = 0; k < Math.round(seconds / DT); k++) w.step(DT);
};
/** The volume the centres can reach. */
const volume = (w: World): number => {
  const r = w.radii[0];
  const s = w.size;
  return (s[0] - 2 * r) * (s[1] - 2 * r) * (s[2] - 2 * r);
};

/** The fraction of the box the spheres fill. */
const packing = (w: World): number => {
  let v = 0;
  for (let i = 0; i < w.count; i++) v += (4 / 3) * Math.PI * w.radii[i] ** 3;
  const s = w.size;
  return v / (s[0] * s[1] * s[2]);
};

describe('thermodynamics presets', () => {
  it('slow compression approaches the hard-sphere adiabat as it slows (within 4% at a quarter of the preset\'s speed), and the fast one ends hotter', () => {
    // Quasi-static compression keeps the entropy: (3/2) ln kT + ln V + s_ex(eta) is constant, with the
    // Carnahan-Starling excess entropy s_ex = -(4 eta - 3 eta^2) / (1 - eta)^2 per sphere (docs/physics.md,
    // section 9); at eta = 0.04 to 0.08 it adds about 7% to the ideal gas's T V^(2/3). A piston at a
    // finite speed u heats more, by a fraction that shrinks with u (the irreversible part).
    const sEx = (eta: number): number => -(4 * eta - 3 * eta * eta) / (1 - eta) ** 2;
    const excess = (speed: number): { excess: number; V1: number; T1: number } => {
      const scene = presetById('slow-compression')!.build(3);
      const w = buildWorld({ ...scene, walls: { '+y': { velocity: -speed, limits: { min: 0 } } } });
      const T0 = temperature(w);
      const V0 = volume(w);
      const eta0 = packing(w);
      let steps = 0;
      while (w.wallState('+y').velocity !== 0 && steps < 20000) {
        w.step(DT);
        steps++;
      }
      const V1 = volume(w);
      // Once the piston stops no energy enters (e = 1, adiabatic walls): kT is exact, no noise.
      const T1 = temperature(w);
      const adiabat = T0 * Math.exp((2 / 3) * (Math.log(V0 / V1) + sEx(eta0) - sEx(packing(w))));
      return { excess: T1 / adiabat - 1, V1, T1 };
    };
    const preset = excess(0.1);
    const slower = excess(0.025);
    expect(preset.V1).toBeCloseTo(slower.V1, 9);
    // Within the theory's own approximations (the Carnahan-Starling entropy of a bulk fluid, in a
    // box of 300 spheres whose walls take a few percent of the volume): 4%.
    expect(slower.excess).toBeGreaterThan(-0.04);
    expect(slower.excess).toBeLessThan(0.04);
    expect(preset.excess).toBeGreaterThan(slower.excess);
    const fast = build('fast-compression');
    run(fast, 10);
    expect(fast.wallState('+y').velocity).toBe(0);
    expect(volume(fast) / preset.V1).toBeCloseTo(1, 6);
    expect(temperature(fast)).toBeGreaterThan(1.2 * preset.T1);
  });

  it("slow compression's line holds: the spheres take up the 4 to 8 % of the box it says, and T V^(2/3) rises by the percentage it says, as the readouts show it", () => {
    const line = presetById('slow-compression')!.watch;
    const [, from, to] = /take up (\d+) to (\d+) %/.exec(line) ?? [];
    const [, rise] = /rises about (\d+) %/.exec(line) ?? [];
    expect([from, to, rise].every((x) => x !== undefined), `the figures in "${line}"`).toBe(true);
    const w = build('slow-compression');
    // The readouts' volume: the one the centres can reach (solver/readouts.ts), as here.
    const tv = (): number => temperature(w) * volume(w) ** (2 / 3);
    const start = { eta: packing(w), tv: tv() };
    let steps = 0;
    while (w.wallState('+y').velocity !== 0 && steps < 20000) {
      w.step(DT);
      steps++;
    }
    expect(start.eta * 100, 'the packing at the start, %').toBeCloseTo(Number(from), 0);
    expect(packing(w) * 100, 'the packing at the end, %').toBeCloseTo(Number(to), 0);
    // "About": within two percentage points of the run (three seeds give 16.4 to 17.8 %).
    const measured = (tv() / start.tv - 1) * 100;
    expect(Math.abs(measured - Number(rise)), `T V^(2/3) rose ${measured.toFixed(1)} %, the line says about ${rise} %`).toBeLessThan(2);
  });

  it('isothermal compression keeps kT within 10% of the walls\' while the heat out balances the work in', () => {
    const w = build('isothermal');
    const kT = w.wallState('-x').kT as number;
    expect(Math.abs(temperature(w) / kT - 1)).toBeLessThan(1e-9);
    run(w, 24);
    const s = w.stats();
    expect(Math.abs(temperature(w) / kT - 1)).toBeLessThan(0.1);
    // ΔU = Q + W: with U nearly unchanged, Q is close to -W.
    expect(s.heat).toBeLessThan(0);
    expect(Math.abs(s.heat + s.work) / s.work).toBeLessThan(0.35);
  });

  it('free expansion: with the divider out the gas fills the box at the same temperature (energy exactly the same, e = 1)', () => {
    const w = build('free-expansion');
    const E0 = w.stats().kineticEnergy;
    const T0 = temperature(w);
    let right = 0;
    for (let i = 0; i < w.count; i++) if (w.positions[3 * i] > 0) right++;
    expect(right).toBe(0);
    w.setDivider(null);
    run(w, 20);
    right = 0;
    for (let i = 0; i < w.count; i++) if (w.positions[3 * i] > 0) right++;
    // Half the gas on each side: binomial spread sqrt(N / 4) = 8.7 for 300 spheres.
    expect(Math.abs(right - w.count / 2)).toBeLessThan(40);
    expect(w.stats().kineticEnergy / E0).toBeCloseTo(1, 12);
    expect(temperature(w) / T0).toBeCloseTo(1, 12);
    expect(w.stats().work).toBe(0);
    expect(w.stats().heat).toBe(0);
  });

  it('conduction: in the steady state the heat in at the hot wall matches the heat out at the cold one, and the temperature falls from hot to cold', () => {
    const w = build('conduction');
    run(w, 30);
    const before = w.stats().wallHeat;
    run(w, 40);
    const after = w.stats().wallHeat;
    const hot = after[0] - before[0];
    const cold = after[1] - before[1];
    expect(hot).toBeGreaterThan(0);
    expect(cold).toBeLessThan(0);
    expect(Math.abs(hot + cold) / hot).toBeLessThan(0.3);
    // Mean kinetic energy in the left and right thirds.
    const third = w.size[0] / 3;
    const ke = [0, 0];
    const n = [0, 0];
    for (let i = 0; i < w.count; i++) {
      const x = w.positions[3 * i];
      const side = x < -third / 2 ? 0 : x > third / 2 ? 1 : -1;
      if (side < 0) continue;
      const v = w.velocities;
      ke[side] += 0.5 * w.masses[i] * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
      n[side]++;
    }
    expect(ke[0] / n[0]).toBeGreaterThan(1.3 * (ke[1] / n[1]));
  });

  it('heating at constant pressure: the piston rises while the weight holds the pressure near N kT / V', () => {
    const w = build('constant-pressure');
    const y0 = w.wallState('+y').position;
    run(w, 20);
    const piston = w.wallState('+y');
    expect(piston.position).toBeGreaterThan(y0 + 1);
    expect(w.stats().work).toBeLessThan(0); // the gas lifts the weight
    expect(w.stats().heat).toBeGreaterThan(0);
    // Ideal gas at the walls' temperature under the weight: V = N kT A / F.
    const s = w.size;
    const area = s[0] * s[2];
    const kT = w.wallState('-x').kT as number;
    const predicted = (w.count * kT * area) / piston.force;
    const [, rz] = reachable(w, w.radii[0]);
    expect(rz).toBeGreaterThan(0);
    expect(volume(w) / predicted).toBeGreaterThan(0.6);
    expect(volume(w) / predicted).toBeLessThan(1.3);
  });

  it('mixing: each gas stays on its side until the divider is out, then spreads over both', () => {
    const w = build('mixing');
    const heavy = (i: number): boolean => w.masses[i] > 1.5 * (4 / 3) * Math.PI * w.radii[i] ** 3;
    run(w, 5);
    for (let i = 0; i < w.count; i++) expect(w.positions[3 * i] < 0).toBe(heavy(i));
    w.setDivider(null);
    run(w, 30);
    let heavyRight = 0;
    let heavyCount = 0;
    for (let i = 0; i < w.count; i++) {
      if (!heavy(i)) continue;
      heavyCount++;
      if (w.positions[3 * i] > 0) heavyRight++;
    }
    expect(heavyRight / heavyCount).toBeGreaterThan(0.3);
  });
});
