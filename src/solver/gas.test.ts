/** The elastic gas against theory: energy, Maxwell-Boltzmann speeds, the ideal gas law. */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './index.ts';
import { deepestOverlap, escaped } from '../testing/solver.ts';

describe('elastic gas', () => {
  it('conserves energy to 1e-10 over more than 100,000 collisions at packing fraction 0.2', () => {
    const w = buildWorld(gasScene({ count: 1000, packingFraction: 0.2, speed: 5, seed: 11 }));
    const e0 = w.stats().kineticEnergy;
    let steps = 0;
    while (w.stats().pairCollisions + w.stats().wallCollisions < 100_000) {
      w.step(1 / 60);
      steps++;
    }
    const drift = Math.abs(w.stats().kineticEnergy - e0) / e0;
    expect(drift).toBeLessThan(1e-10);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    expect(escaped(w)).toBe(0);
    expect(steps).toBeGreaterThan(10);
  });

  it('relaxes from a single speed to the Maxwell-Boltzmann distribution', () => {
    const n = 2000;
    const w = buildWorld(gasScene({ count: n, packingFraction: 0.1, speed: 2, seed: 7 }));
    // About 30 collisions per sphere.
    while (w.stats().pairCollisions < 15 * n) w.step(1 / 60);
    const v = w.velocities;
    const speeds = new Float64Array(n);
    let v2 = 0;
    for (let i = 0; i < n; i++) {
      speeds[i] = Math.hypot(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
      v2 += speeds[i] ** 2;
    }
    // Equal masses m: kT = m <v^2> / 3. MB speed CDF with a = sqrt(kT / m):
    // F(v) = erf(v / (a sqrt 2)) - sqrt(2 / pi) (v / a) exp(-v^2 / (2 a^2)).
    const a = Math.sqrt(v2 / n / 3);
    const cdf = (x: number) => erf(x / (a * Math.SQRT2)) - Math.sqrt(2 / Math.PI) * (x / a) * Math.exp(-(x * x) / (2 * a * a));
    speeds.sort();
    let ks = 0;
    for (let i = 0; i < n; i++) ks = Math.max(ks, Math.abs(cdf(speeds[i]) - (i + 0.5) / n));
    // Kolmogorov-Smirnov: the 1% critical value for n samples is 1.63 / sqrt(n).
    expect(ks).toBeLessThan(1.63 / Math.sqrt(n));
    // A single-speed start is far from it: the same statistic on the initial state.
    const s0 = 2;
    expect(Math.max(cdf(s0), 1 - cdf(s0))).toBeGreaterThan(0.4);
    // Fourth moment: <v^4> / <v^2>^2 = 5/3 for Maxwell-Boltzmann in 3D (1 at the start).
    let v4 = 0;
    for (let i = 0; i < n; i++) v4 += speeds[i] ** 4;
    expect((v4 / n) / (v2 / n) ** 2).toBeCloseTo(5 / 3, 1);
  });

  it('the wall pressure of a dilute gas obeys the ideal gas law P V = N kT', () => {
    const n = 1000;
    const r = 0.05;
    const w = buildWorld(gasScene({ count: n, packingFraction: 0.002, speed: 3, radius: r, seed: 3 }));
    for (let k = 0; k < 120; k++) w.step(1 / 60); // let it relax
    const j0 = w.stats().wallImpulse;
    const t0 = w.time;
    for (let k = 0; k < 1200; k++) w.step(1 / 60);
    const st = w.stats();
    const [lx, ly, lz] = w.size;
    // The centres move in the box shrunk by one radius on each side: that is the gas's volume and
    // its walls' area (the ideal gas of centres; for r -> 0 it is the box itself).
    const [ax, ay, az] = [lx - 2 * r, ly - 2 * r, lz - 2 * r];
    const area = 2 * (ax * ay + ay * az + az * ax);
    const pressure = (st.wallImpulse - j0) / (w.time - t0) / area;
    // kT = (2/3) <KE>; the volume the centres can reach.
    const kT = ((2 / 3) * st.kineticEnergy) / n;
    const volume = ax * ay * az;
    const eta = 0.002;
    const carnahanStarling = (1 + eta + eta * eta - eta ** 3) / (1 - eta) ** 3;
    const ideal = (n * kT) / volume;
    expect(pressure / (ideal * carnahanStarling)).toBeGreaterThan(0.97);
    expect(pressure / (ideal * carnahanStarling)).toBeLessThan(1.03);
  });

  it('a planar gas stays on the plane z = 0 with zero z velocity', () => {
    const w = buildWorld(gasScene({ count: 300, packingFraction: 0.3, speed: 4, seed: 5, planar: true }));
    for (let k = 0; k < 300; k++) w.step(1 / 60);
    let maxZ = 0;
    for (let i = 0; i < w.count; i++) maxZ = Math.max(maxZ, Math.abs(w.positions[3 * i + 2]), Math.abs(w.velocities[3 * i + 2]));
    expect(maxZ).toBe(0);
    expect(w.stats().pairCollisions).toBeGreaterThan(1000);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
  });
});

/** Error function (Abramowitz-Stegun 7.1.26 is too coarse for a KS test; series + continued fraction). */
function erf(x: number): number {
  if (x < 0) return -erf(-x);
  if (x < 3) {
    // Maclaurin series.
    let sum = x;
    let term = x;
    for (let k = 1; k < 200; k++) {
      term *= (-x * x) / k;
      const add = term / (2 * k + 1);
      sum += add;
      if (Math.abs(add) < 1e-17) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  // Continued fraction for erfc.
  let f = 0;
  for (let k = 60; k >= 1; k--) f = (k / 2) / (x + f);
  return 1 - Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + f);
}
