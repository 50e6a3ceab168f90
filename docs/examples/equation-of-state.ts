// A dense gas of hard spheres against Carnahan-Starling: which volume, and why the walls matter.
// docs/solver.md, "A dense gas's equation of state", explains each line; a unit test runs this file
// (src/equation-of-state.test.ts). In your own project, import from 'sphere-sandbox/solver'.
import { PressureGauge, buildWorld, gasScene, temperature } from '../../src/solver/index.ts';

/** Carnahan-Starling: P V / (N kT) of a hard-sphere fluid at packing fraction eta. */
export function carnahanStarling(eta: number): number {
  return (1 + eta + eta * eta - eta * eta * eta) / (1 - eta) ** 3;
}

export function equationOfState({ count = 4000, packingFraction = 0.3, seed = 1, relax = 300, steps = 600 } = {}) {
  const radius = 0.05;
  const d = 2 * radius;
  // eventCapacity: the step's list of collisions must hold every wall hit (a few thousand a step here).
  const world = buildWorld(gasScene({ count, packingFraction, radius, speed: 1, seed, world: { eventCapacity: 1 << 16 } }));
  for (let k = 0; k < relax; k++) world.step(1 / 60); // melt the starting lattice

  const half = world.size[0] / 2; // a cube
  const patch = half - 3 * d; // wall hits at least 3 diameters from the face's edges
  const core = half - 4 * d; // centres at least 4 diameters from every wall
  const gauge = new PressureGauge(world); // every wall, whole
  const t0 = world.time;
  let patchImpulse = 0;
  let coreCount = 0;
  let kTSum = 0;
  let samples = 0;
  let dropped = 0;
  for (let k = 0; k < steps; k++) {
    world.step(1 / 60);
    const ev = world.events;
    dropped += ev.dropped;
    for (let e = 0; e < ev.count; e++) {
      if (ev.b[e] >= 0) continue; // two spheres; a wall is b = -1 - wall
      // The point of the wall under the centre: one coordinate is the wall's (|c| = half), the
      // other two lie in its face. Inside the patch when only the wall's own exceeds `patch`.
      const x = Math.abs(ev.point[3 * e]), y = Math.abs(ev.point[3 * e + 1]), z = Math.abs(ev.point[3 * e + 2]);
      if (Number(x > patch) + Number(y > patch) + Number(z > patch) === 1) patchImpulse += ev.impulse[e];
    }
    if (k % 10 === 0) {
      const p = world.positions;
      for (let i = 0; i < world.count; i++) {
        if (Math.abs(p[3 * i]) < core && Math.abs(p[3 * i + 1]) < core && Math.abs(p[3 * i + 2]) < core) coreCount++;
      }
      kTSum += temperature(world);
      samples++;
    }
  }
  const seconds = world.time - t0;
  const kT = kTSum / samples;
  const sphere = (4 / 3) * Math.PI * radius ** 3;

  // 1. The box's volume: counts room no centre can reach.
  const { measured, ideal } = gauge.read();
  const etaBox = (count * sphere) / (2 * half) ** 3;
  const zBox = (measured * (2 * half) ** 3) / (count * kT);
  // 2. The volume the centres reach (the gauge's V): right for a dilute gas, high for a dense one.
  const zReachable = measured / ideal;
  // 3. The bulk: the pressure on the middle of the faces, the density in the core.
  const bulkPressure = patchImpulse / seconds / (6 * (2 * patch) ** 2);
  const bulkDensity = coreCount / samples / (2 * core) ** 3;
  const etaBulk = bulkDensity * sphere;
  const zBulk = bulkPressure / (bulkDensity * kT);
  return { etaBox, zBox, zReachable, etaBulk, zBulk, carnahanStarling: carnahanStarling(etaBulk), dropped };
}
