import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene, maxwellBoltzmann, PressureGauge, reachable, speedHistogram, temperature } from './index.ts';

describe('readouts', () => {
  it('the Maxwell-Boltzmann densities integrate to 1 (3D and planar)', () => {
    for (const planar of [false, true]) {
      let sum = 0;
      const dv = 1e-3;
      for (let v = dv / 2; v < 20; v += dv) sum += maxwellBoltzmann(v, 2, 1.5, planar) * dv;
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('temperature: kT = (2/3) <KE> in 3D and <KE> in the plane', () => {
    const w = createWorld({ size: [10, 10, 10] });
    w.addSphere({ position: [0, 0, 0], velocity: [3, 0, 0], radius: 0.5, mass: 2 }); // KE 9
    w.addSphere({ position: [2, 0, 0], velocity: [0, 1, 0], radius: 0.5, mass: 2 }); // KE 1
    w.addSphere({ position: [-2, 0, 0], radius: 0.5, fixed: true });
    expect(temperature(w)).toBeCloseTo((2 / 3) * 5, 14);
    const p = createWorld({ size: [10, 10, 2], planar: true });
    p.addSphere({ position: [0, 0, 0], velocity: [3, 0, 0], radius: 0.5, mass: 2 });
    expect(temperature(p)).toBeCloseTo(9, 14);
  });

  it('the pressure gauge of a dilute gas reads the ideal-gas prediction', () => {
    const w = buildWorld(gasScene({ count: 800, packingFraction: 0.003, speed: 3, radius: 0.05, seed: 8 }));
    for (let k = 0; k < 60; k++) w.step(1 / 60);
    const gauge = new PressureGauge(w);
    for (let k = 0; k < 900; k++) w.step(1 / 60);
    const { measured, ideal, seconds } = gauge.read();
    expect(seconds).toBeCloseTo(15, 10);
    expect(measured / ideal).toBeGreaterThan(0.96);
    expect(measured / ideal).toBeLessThan(1.04);
  });

  it('the gauge follows the conventions of solver.md: the mean radius of the free spheres for V and A, fixed spheres left out, area and perimeter in the plane', () => {
    const w = createWorld({ size: [6, 5, 4] });
    w.addSphere({ position: [-2, 0, 0], velocity: [2, 0, 0], radius: 0.2, mass: 1 });
    w.addSphere({ position: [1.5, 0, 0], velocity: [0, -1, 0], radius: 0.6, mass: 3 });
    w.addSphere({ position: [0, 1.5, 0], radius: 1, fixed: true });
    const [V, A] = reachable(w, 0.4);
    expect(V).toBeCloseTo(5.2 * 4.2 * 3.2, 12);
    expect(A).toBeCloseTo(2 * (5.2 * 4.2 + 4.2 * 3.2 + 3.2 * 5.2), 12);
    const gauge = new PressureGauge(w);
    const j0 = w.stats().wallImpulse;
    for (let k = 0; k < 300; k++) w.step(1 / 60);
    const { measured, ideal, seconds } = gauge.read();
    expect(w.stats().wallImpulse).toBeGreaterThan(j0);
    expect(ideal).toBeCloseTo((2 * temperature(w)) / V, 12);
    expect(measured).toBeCloseTo((w.stats().wallImpulse - j0) / seconds / A, 12);

    const p = createWorld({ size: [6, 4, 1], planar: true });
    p.addSphere({ position: [0, 0, 0], velocity: [1, 1, 0], radius: 0.25, mass: 2 });
    expect(reachable(p, 0.25)).toEqual([5.5 * 3.5, 2 * (5.5 + 3.5)]);
    expect(new PressureGauge(p).read().ideal).toBeCloseTo(temperature(p) / (5.5 * 3.5), 12);
  });

  it('the speed histogram is a density and follows Maxwell-Boltzmann once relaxed', () => {
    const w = buildWorld(gasScene({ count: 2000, packingFraction: 0.1, speed: 2, seed: 4 }));
    while (w.stats().pairCollisions < 30_000) w.step(1 / 60);
    const h = speedHistogram(w, 20);
    const width = h.edges[1] - h.edges[0];
    let area = 0;
    let err = 0;
    for (let k = 0; k < 20; k++) {
      area += h.density[k] * width;
      err += Math.abs(h.density[k] - h.maxwell[k]) * width;
    }
    expect(area).toBeCloseTo(1, 12);
    // Total variation distance from the theory: small for 2,000 spheres (about 0.05 from noise).
    expect(err / 2).toBeLessThan(0.08);
  });

  it('reversing every velocity makes an elastic gas retrace its path', () => {
    const w = buildWorld(gasScene({ count: 200, packingFraction: 0.1, speed: 2, seed: 6 }));
    const start = Array.from(w.positions.subarray(0, 3 * w.count));
    for (let k = 0; k < 60; k++) w.step(1 / 60);
    expect(w.stats().pairCollisions).toBeGreaterThan(20);
    w.reverseVelocities();
    for (let k = 0; k < 60; k++) w.step(1 / 60);
    let worst = 0;
    for (let k = 0; k < start.length; k++) worst = Math.max(worst, Math.abs(w.positions[k] - start[k]));
    expect(worst).toBeLessThan(1e-6);
  });
});

describe('potential energy from the floor', () => {
  it('is m g h with h the height of the centre above the floor the gravity points at', () => {
    const w = createWorld({ size: [4, 6, 4], gravity: [0, -9.81, 0] });
    w.addSphere({ position: [0.5, 1.25, -1], radius: 0.5, mass: 2 });
    // The floor is y = -3: the centre is 4.25 m above it.
    expect(w.stats().potentialEnergy).toBeCloseTo(2 * 9.81 * 4.25, 12);
    w.addSphere({ position: [1, -2.5, 1], radius: 0.5, mass: 3 });
    expect(w.stats().potentialEnergy).toBeCloseTo(2 * 9.81 * 4.25 + 3 * 9.81 * 0.5, 12);
  });

  it('measures along any gravity from the walls it points at, and is zero without gravity', () => {
    const w = createWorld({ size: [4, 6, 8], gravity: [3, 0, -4] });
    w.addSphere({ position: [1, 2, 3], radius: 0.5, mass: 1 });
    // +x wall at x = 2 (1 m away along g's x part), -z wall at z = -4 (7 m away along g's z part).
    expect(w.stats().potentialEnergy).toBeCloseTo(3 * 1 + 4 * 7, 12);
    const still = createWorld({ size: [4, 4, 4] });
    still.addSphere({ position: [1, 1, 1], radius: 0.5 });
    expect(still.stats().potentialEnergy).toBe(0);
  });

  it('a pile at rest on the floor has positive potential energy, at least M g r', () => {
    const w = createWorld({ size: [3, 3, 3], gravity: [0, -9.81, 0], restitution: 0.3, wallRestitution: 0.3 });
    let mass = 0;
    for (let k = 0; k < 12; k++) {
      w.addSphere({ position: [-1 + 0.6 * (k % 4), -0.9 + 0.6 * Math.floor(k / 4), 0.13 * (k % 3)], radius: 0.25 });
    }
    for (let k = 0; k < 12; k++) mass += w.masses[k];
    for (let k = 0; k < 600; k++) w.step(1 / 60);
    const s = w.stats();
    expect(s.kineticEnergy).toBeLessThan(1e-3 * s.potentialEnergy);
    expect(s.potentialEnergy).toBeGreaterThanOrEqual(mass * 9.81 * 0.25 * (1 - 1e-9));
  });
});
