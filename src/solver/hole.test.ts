/**
 * Holes against geometry and kinetic theory (docs/physics.md, section 9, "A hole"): each event
 * type at the time and with the normal that the plane-with-a-square-hole's geometry gives (found
 * here independently, by brute force on the distance to the solid), no overlap with the divider or
 * its rim in random scenes, the effusion flux (1/4) n vbar (w - 2r)^2 and Graham's ratio, the
 * crossings counted per species, and spheres leaving through a wall's hole with the ledger closed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random, SolverInputError, buildWorld, cloneWorld, createWorld, gasScene, worldFromJSON, worldToJSON } from './index.ts';
import type { Scene, SphereOptions, World } from './index.ts';
import { stateHash } from './state-hash.ts';
import { checkLegal, deepestOverlap } from '../testing/solver.ts';

const SCALE = Math.max(1, Number(process.env.SOLVER_PROPERTY_RUNS ?? 1) || 1);

/** A plane on axis k at coordinate d with a square opening of half widths h1, h2 centred at c1, c2 on its other axes (in order). */
interface Plane {
  k: number;
  d: number;
  h1: number;
  h2: number;
  c1: number;
  c2: number;
}

const others = (k: number): [number, number] => [k === 0 ? 1 : 0, k === 2 ? 1 : 2];

/**
 * The point of the plane's solid part (the plane less the open square) nearest to p: p's projection
 * when that is outside the opening, else its foot on the nearest of the four edge lines.
 */
function nearestSolid(p: readonly number[], s: Plane): number[] {
  const [k1, k2] = others(s.k);
  const q = [...p];
  q[s.k] = s.d;
  const d1 = s.h1 - Math.abs(p[k1] - s.c1);
  const d2 = s.h2 - Math.abs(p[k2] - s.c2);
  if (d1 <= 0 || d2 <= 0) return q;
  if (d1 <= d2) q[k1] = s.c1 + Math.sign(p[k1] - s.c1) * s.h1;
  else q[k2] = s.c2 + Math.sign(p[k2] - s.c2) * s.h2;
  return q;
}

function solidDistance(p: readonly number[], s: Plane): number {
  const q = nearestSolid(p, s);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** Centre at time t of a free flight from x0 with velocity v0 and acceleration a. */
const at = (x0: readonly number[], v0: readonly number[], a: readonly number[], t: number): number[] => x0.map((x, k) => x + v0[k] * t + 0.5 * a[k] * t * t);

/**
 * The first time in [0, T] that a sphere of radius r flying from x0 touches the solid part, by
 * brute force: dense samples of the exact distance, then bisection of distance - r.
 */
function firstContact(x0: number[], v0: number[], a: number[], r: number, s: Plane, T: number): number {
  const n = 20000;
  let lo = 0;
  for (let q = 1; q <= n; q++) {
    const t = (q / n) * T;
    if (solidDistance(at(x0, v0, a, t), s) <= r) {
      let hi = t;
      for (let it = 0; it < 200; it++) {
        const m = 0.5 * (lo + hi);
        if (solidDistance(at(x0, v0, a, m), s) > r) lo = m;
        else hi = m;
      }
      return lo;
    }
    lo = t;
  }
  return Infinity;
}

/** A world of size L with a divider on x at 0 with a hole of width w, and the spheres given. */
function dividedWorld(L: [number, number, number], w: number, spheres: SphereOptions[], gravity: [number, number, number] = [0, 0, 0]): World {
  const world = createWorld({ size: L, gravity });
  world.setDivider({ axis: 'x', position: 0, hole: { width: w } });
  world.addSpheres(spheres);
  return world;
}

const dividerPlane = (w: number): Plane => ({ k: 0, d: 0, h1: w / 2, h2: w / 2, c1: 0, c2: 0 });

/** The elastic reflection of v off the normal n (unit). */
function reflect(v: readonly number[], n: readonly number[]): number[] {
  const vn = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
  return v.map((c, k) => c - 2 * vn * n[k]);
}

/** A sphere's flight up to its first rim or face contact, checked against the brute-force geometry: the event's time, point and the velocity after. */
function checkFirstContact(x0: number[], v0: number[], g: [number, number, number], r: number, w: number, T: number): { t: number; gap: number } {
  const world = dividedWorld([4, 4, 4], w, [{ position: x0, velocity: v0, radius: r }], g);
  const s = dividerPlane(w);
  const expected = firstContact(x0, v0, g, r, s, T);
  expect(expected).toBeLessThan(T);
  // Step to just past the contact: the first event of that step is it.
  world.step(expected + 1e-3);
  const ev = world.events;
  expect(ev.count).toBeGreaterThan(0);
  expect(ev.b[0], 'the divider (rim included)').toBe(-7);
  expect(Math.abs(ev.time[0] - expected), `time ${ev.time[0]} against ${expected}`).toBeLessThan(1e-9);
  const centre = at(x0, v0, g, ev.time[0]);
  const foot = nearestSolid(centre, s);
  const gap = Math.hypot(centre[0] - foot[0], centre[1] - foot[1], centre[2] - foot[2]) - r;
  // The event's contact point is that nearest solid point.
  for (let k = 0; k < 3; k++) expect(Math.abs(ev.point[k] - foot[k])).toBeLessThan(1e-9);
  const n = centre.map((c, k) => (c - foot[k]) / (r + gap));
  const vBefore = v0.map((c, k) => c + g[k] * ev.time[0]);
  const vAfter = reflect(vBefore, n);
  // Velocity now: the reflection, then free flight to the step's end.
  const dtAfter = world.time - ev.time[0];
  const v = world.velocities;
  if (ev.count === 1) for (let k = 0; k < 3; k++) expect(Math.abs(v[k] - (vAfter[k] + g[k] * dtAfter)), `v[${k}]`).toBeLessThan(1e-9);
  return { t: ev.time[0], gap };
}

describe('a hole in the divider: each event against the geometry', () => {
  it('a sphere aimed through the middle passes without touching, and its crossing is counted', () => {
    const w = dividedWorld([4, 4, 4], 1, [{ position: [-1, 0.1, -0.05], velocity: [1, 0, 0], radius: 0.2 }]);
    w.step(2);
    expect(w.stats().wallCollisions).toBe(0);
    expect(w.positions[0]).toBeCloseTo(1, 12);
    expect(w.velocities[0]).toBe(1);
    expect(w.stats().holeCrossings).toEqual({ forward: [1], backward: [0] });
    // Back through (off the +x wall): one each way.
    w.step(3);
    expect(w.stats().holeCrossings).toEqual({ forward: [1], backward: [1] });
  });

  it('a sphere aimed at an edge bounces off it: at the time, with the normal from the edge line to the centre, and the reflection they give', () => {
    // Centre 0.05 inside the edge y = +0.5: it touches when x^2 + 0.05^2 = r^2.
    const r = 0.2;
    const { t } = checkFirstContact([-1, 0.45, 0.1], [1, 0, 0], [0, 0, 0], r, 1, 2);
    expect(t).toBeCloseTo(1 - Math.sqrt(r * r - 0.05 * 0.05), 12);
  });

  it('aimed near a corner, it meets the nearer edge: the corner is never nearer than both its edges', () => {
    // Heading for the corner (y, z) = (0.5, 0.5) from inside the opening, slightly off the diagonal.
    checkFirstContact([-1, 0.3, 0.28], [1, 0.2, 0.21], [0, 0, 0], 0.2, 1, 3);
    // Exactly on the diagonal it touches both edges at once: it bounces off them, never into the corner.
    const w = dividedWorld([4, 4, 4], 1, [{ position: [-1, 0.4, 0.4], velocity: [1, 0, 0], radius: 0.2 }]);
    const s = dividerPlane(1);
    for (let q = 0; q < 200; q++) {
      w.step(0.01);
      expect(solidDistance([w.positions[0], w.positions[1], w.positions[2]], s)).toBeGreaterThan(0.2 * (1 - 1e-12));
    }
    expect(w.velocities[0]).toBeLessThan(0);
    expect(w.stats().kineticEnergy).toBeCloseTo(0.5 * w.masses[0], 12);
  });

  it('under gravity a parabola meets an edge at the root of the quartic: the distance to the edge line is r to 1e-12', () => {
    // Thrown at the hole's lower edge (y = -0.5) falling: (x - 0)^2 + (y(t) + 0.5)^2 = r^2 with y quadratic.
    const g: [number, number, number] = [0, -3, 0];
    const r = 0.15;
    const { gap } = checkFirstContact([-1.2, 0.2, 0], [1.5, 0.425, 0], g, r, 1, 2);
    expect(Math.abs(gap) / r).toBeLessThan(1e-12);
  });

  it('a sphere whose centre projects onto solid plane hits the face, even next to the opening', () => {
    checkFirstContact([-1, 0.55, 0], [1, 0, 0], [0, 0, 0], 0.2, 1, 2);
    const w = dividedWorld([4, 4, 4], 1, [{ position: [-1, 0.55, 0], velocity: [1, 0, 0], radius: 0.2 }]);
    w.step(1);
    expect(w.events.normal[0]).toBe(1);
    expect(w.events.time[0]).toBeCloseTo(0.8, 12);
  });

  it('counts the crossings each way per species', () => {
    // Species 0 and 2 go through from the low side, species 1 from the high side.
    const spheres: SphereOptions[] = [
      { position: [-1, 0, 0], velocity: [1, 0, 0], radius: 0.1, species: 0 },
      { position: [-1, 0.2, 0.2], velocity: [1, 0, 0], radius: 0.1, species: 2 },
      { position: [-1, -0.2, 0.2], velocity: [1, 0, 0], radius: 0.1, species: 2 },
      { position: [1, 0, -0.25], velocity: [-1, 0, 0], radius: 0.1, species: 1 },
    ];
    const w = dividedWorld([4, 4, 4], 1, spheres);
    w.step(1.5);
    expect(w.stats().holeCrossings).toEqual({ forward: [1, 0, 2], backward: [0, 1, 0] });
    expect(w.stats().speciesCounts).toEqual([1, 1, 2]);
  });

  it('refuses a bad hole naming the field and the value, and changes nothing', () => {
    const w = dividedWorld([4, 3, 2], 1, [{ position: [-1, 0, 0], velocity: [1, 0, 0], radius: 0.1 }]);
    const before = JSON.stringify(worldToJSON(w));
    const refused = (hole: unknown, message: RegExp) => {
      let error: unknown;
      try {
        w.setDivider({ axis: 'x', position: 0.5, hole } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SolverInputError);
      expect((error as Error).message).toMatch(message);
      expect(JSON.stringify(worldToJSON(w))).toBe(before);
    };
    refused({ width: 0 }, /^divider\.hole\.width must be a finite number > 0, got 0$/);
    refused({ width: NaN }, /^divider\.hole\.width must be a finite number > 0, got NaN$/);
    refused({ width: -1 }, /^divider\.hole\.width must be a finite number > 0, got -1$/);
    refused({ width: 2.5 }, /^divider\.hole\.width must be at most the box's cross-section there \(2 m\), got 2\.5$/);
    refused({}, /^divider\.hole\.width must be a finite number > 0, got undefined$/);
    refused(3, /^divider\.hole must be \{ width \} or null, got 3$/);
    expect(() => w.setWallHole('+z', { width: Infinity })).toThrow(/^hole\.width must be a finite number > 0, got Infinity$/);
    w.setWallVelocity('-y', -0.1);
    expect(() => w.setWallHole('-y', { width: 1 })).toThrow(/^wall must be a still wall/);
    w.setWallVelocity('-y', 0);
    w.setWallHole('-y', { width: 1 });
    expect(() => w.setWallVelocity('-y', 1)).toThrow(/^wall must be a wall without a hole/);
    expect(() => w.setPiston('-y', { mass: 1, force: 1 })).toThrow(/^wall must be a wall without a hole/);
    expect(w.wallState('-y').hole).toBe(1);
  });

  it('a hole is state: a clone, a packed copy and a JSON copy made mid-run go on bit for bit, through renumberings', () => {
    const scene = gasScene({ count: 400, packingFraction: 0.05, speed: 2, seed: 5, world: { reorderEvery: 7, gravity: [0, -1, 0] } });
    const w = buildWorld(scene);
    w.setDivider({ axis: 'y', position: 0.3, hole: { width: w.size[0] / 2 } });
    w.setWallHole('+x', { width: w.size[1] / 4 });
    for (let k = 0; k < 30; k++) w.step(1 / 30);
    const copies = [cloneWorld(w), worldFromJSON(JSON.parse(JSON.stringify(worldToJSON(w))))];
    for (let k = 0; k < 60; k++) for (const x of [w, ...copies]) x.step(1 / 30);
    const s = w.stats();
    expect(s.holeCrossings.forward[0] + s.holeCrossings.backward[0]).toBeGreaterThan(10);
    expect(s.escaped[0]).toBeGreaterThan(0);
    for (const c of copies) {
      expect(stateHash(c)).toBe(stateHash(w));
      expect(c.stats().holeCrossings).toEqual(s.holeCrossings);
      expect(c.stats().escaped).toEqual(s.escaped);
    }
  });
});

// ---------------------------------------------------------------- never an overlap

/** Deepest overlap of any sphere with the divider's solid part, as a fraction of its radius (0: none). */
function deepestInDivider(w: World, s: Plane): number {
  let worst = 0;
  const p = w.positions;
  for (let i = 0; i < w.count; i++) {
    const r = w.radii[i];
    const d = solidDistance([p[3 * i], p[3 * i + 1], p[3 * i + 2]], s);
    if (r - d > worst * r) worst = (r - d) / r;
  }
  return worst;
}

describe('no sphere ever overlaps the divider or its rim', () => {
  it('random gases, holes, gravity and restitution: checked after every step against the plane with its square hole', () => {
    fc.assert(
      fc.property(
        fc.record({
          count: fc.integer({ min: 1, max: 40 }),
          packingFraction: fc.double({ min: 0.02, max: 0.25, noNaN: true }),
          speed: fc.double({ min: 0.5, max: 15, noNaN: true }),
          r: fc.double({ min: 0.1, max: 0.4, noNaN: true }),
          seed: fc.integer({ min: 0, max: 1_000_000 }),
          planar: fc.boolean(),
          axis: fc.constantFrom('x' as const, 'y' as const),
          at: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
          width: fc.double({ min: 0.2, max: 1, noNaN: true }),
          gravity: fc.constantFrom(0, 5),
          restitution: fc.constantFrom(1, 0.8),
        }),
        (sc) => {
          const scene: Scene = gasScene({ count: sc.count, packingFraction: sc.packingFraction, speed: sc.speed, radius: [sc.r, 1.5 * sc.r], seed: sc.seed, planar: sc.planar, world: { gravity: [sc.gravity, -sc.gravity, 0], restitution: sc.restitution, wallRestitution: sc.restitution } });
          const w = buildWorld(scene);
          const k = sc.axis === 'x' ? 0 : 1;
          const L = w.size;
          const [k1, k2] = others(k);
          const cross = sc.planar ? L[k1] : Math.min(L[k1], L[k2]);
          const width = sc.width * cross;
          const position = sc.at * L[k];
          w.setDivider({ axis: sc.axis, position, hole: { width } });
          const s: Plane = { k, d: position, h1: width / 2, h2: sc.planar ? Infinity : width / 2, c1: 0, c2: 0 };
          expect(deepestInDivider(w, s), 'after setDivider').toBeLessThan(1e-9);
          for (let q = 0; q < 25; q++) {
            w.step(1 / 30);
            checkLegal(w, `step ${q}`);
            const depth = deepestInDivider(w, s);
            if (!(depth < 1e-9)) throw new Error(`step ${q}: a sphere overlaps the divider by ${depth} of its radius`);
          }
        },
      ),
      { numRuns: Math.round(25 * SCALE), seed: 37 },
    );
  });
});

// ---------------------------------------------------------------- effusion

/**
 * Effusion runs. Each places `counts[s]` spheres of mass `masses[s]` (radius r, kT = 1: each
 * velocity component Gaussian with variance 1 / m) uniformly over the region their centres may
 * occupy on the low side of a box [2 d, 3, 3] with a divider on x at 0 and a hole of width w (the
 * slab within r of the divider included over the opening: equilibrium), the high side empty, and
 * counts the centres that pass through in a window T = d / 2. So dilute (packing 6e-4) that
 * collisions are rare, the gas streams freely: a sphere that has crossed could only be missed by
 * a later crossing after travelling 2 d along x, which takes longer than the window for all but
 * the fastest few in a million. The count's expectation is therefore exactly the initial flux
 * times T, (1/4) n vbar A_eff T, with n = N / V the density on the low side at the start (V the
 * volume its centres may occupy) and A_eff = (w - 2r)^2 (docs/physics.md, section 9); about 5 %
 * of the light spheres cross in a window (the emptying time is about 20 windows). The runs are
 * independent, so the count is Poisson: its standard error is its square root.
 */
function effusion(masses: number[], counts: number[], runs: number) {
  const r = 0.01;
  const d = 0.25;
  const side = 3;
  const width = 1.5;
  const T = d / 2;
  const plane = dividerPlane(width);
  const crossed = masses.map(() => 0);
  const present = masses.map(() => 0);
  for (let run = 0; run < runs; run++) {
    const rng = new Random(1000 + run);
    const spheres: SphereOptions[] = [];
    for (let s = 0; s < masses.length; s++) {
      const sd = Math.sqrt(1 / masses[s]);
      for (let q = 0; q < counts[s]; q++) {
        let p: number[];
        // Uniform over where a centre may be (an overlapping pair, about one a run, is pushed apart by the repair).
        do p = [rng.range(-d + r, 0), rng.range(-side / 2 + r, side / 2 - r), rng.range(-side / 2 + r, side / 2 - r)];
        while (solidDistance(p, plane) < r);
        spheres.push({ position: p, velocity: [sd * rng.normal(), sd * rng.normal(), sd * rng.normal()], radius: r, mass: masses[s], species: s });
      }
      present[s] += counts[s];
    }
    const w = dividedWorld([2 * d, side, side], width, spheres);
    w.step(T);
    const f = w.stats().holeCrossings.forward;
    for (let s = 0; s < masses.length; s++) crossed[s] += f[s] ?? 0;
  }
  // V: the box's low side less r at each wall, plus the part of the slab within r of the divider
  // over the opening, where a centre at depth x may be within w/2 - sqrt(r^2 - x^2) of the middle.
  let slab = 0;
  const M = 1000;
  for (let q = 0; q < M; q++) {
    const x = ((q + 0.5) / M) * r;
    slab += (Math.max(0, width - 2 * Math.sqrt(r * r - x * x)) ** 2 * r) / M;
  }
  const V = (d - 2 * r) * (side - 2 * r) ** 2 + slab;
  const A = (width - 2 * r) ** 2;
  return masses.map((m, s) => {
    const vbar = Math.sqrt(8 / (Math.PI * m));
    // Expected crossings: (1/4) n vbar A_eff T over the runs, n = N / V.
    const expected = 0.25 * (present[s] / runs / V) * vbar * A * T * runs;
    return { crossed: crossed[s], ratio: crossed[s] / expected, error: Math.sqrt(crossed[s]) / expected, perSphere: crossed[s] / present[s] };
  });
}

describe('effusion through a hole (kinetic theory)', () => {
  // Twice as many heavy spheres, so that both species cross about as often.
  // Twice as many heavy spheres, so that both species cross about as often. Run once, for both tests.
  let runs: ReturnType<typeof effusion> | undefined;
  const measured = () => {
    if (runs) return runs;
    runs = effusion([1, 4], [100, 200], Math.round(500 * SCALE));
    const [light, heavy] = runs;
    const graham = light.perSphere / heavy.perSphere;
    console.log(
      `effusion: mass 1: ${light.crossed} crossings, ${light.ratio.toFixed(4)} of (1/4) n vbar (w - 2r)^2 (standard error ${light.error.toFixed(4)}); ` +
        `mass 4: ${heavy.crossed}, ${heavy.ratio.toFixed(4)} (${heavy.error.toFixed(4)}); flux per sphere, light / heavy: ${graham.toFixed(4)} against 2 ` +
        `(standard error ${(graham * Math.sqrt(1 / light.crossed + 1 / heavy.crossed)).toFixed(4)})`,
    );
    return runs;
  };

  it('the initial flux is (1/4) n vbar (w - 2r)^2 for each gas, to its standard error (below 2 %)', () => {
    for (const gas of measured()) {
      expect(gas.error).toBeLessThan(0.021);
      expect(Math.abs(gas.ratio - 1)).toBeLessThan(0.05);
    }
  });

  it("two gases at one temperature leak in the ratio sqrt(m2 / m1) = 2 per sphere (Graham's law)", () => {
    const [light, heavy] = measured();
    expect(Math.abs(light.perSphere / heavy.perSphere / 2 - 1)).toBeLessThan(0.03);
  });
});

// ---------------------------------------------------------------- a hole in a wall

describe('a hole in an outer wall', () => {
  it('spheres that pass through leave the box: removed, counted per species, and the ledger closes to 1e-12', () => {
    for (const gravity of [[0, 0, 0], [0, -4, 1]] as [number, number, number][]) {
      const scene = gasScene({ count: 300, packingFraction: 0.08, speed: 3, seed: 11, world: { gravity, restitution: 0.9 } });
      scene.spheres.forEach((s, i) => (s.species = i % 3));
      const w = buildWorld(scene);
      w.setWallHole('-y', { width: 0.8 * w.size[0] });
      w.setWallTemperature('+x', 2);
      const s0 = w.stats();
      const e0 = s0.kineticEnergy + s0.potentialEnergy;
      for (let k = 0; k < 120; k++) w.step(1 / 60);
      const s = w.stats();
      const gone = s.escaped.reduce((a, b) => a + b, 0);
      expect(gone, 'spheres escaped').toBeGreaterThan(20);
      expect(s.count).toBe(300 - gone);
      // Per species: each sphere is counted once, as its species now.
      expect(s.speciesCounts.map((c, k) => c + s.escaped[k])).toEqual([100, 100, 100]);
      const residual = s.kineticEnergy + s.potentialEnergy - e0 - (s.work + s.heat + s.chemical - s.energyLost - s.escapedEnergy);
      const scale = e0 + Math.abs(s.heat) + s.energyLost + Math.abs(s.escapedEnergy);
      console.log(`wall hole, gravity ${gravity}: ${gone} escaped, ${s.escapedEnergy.toFixed(4)} J carried out, ledger residual ${(residual / scale).toExponential(2)} of ${scale.toFixed(2)} J`);
      expect(Math.abs(residual) / scale).toBeLessThan(1e-12);
      // Inside the box: clear of every wall, and of the -y wall's solid part (over its hole a sphere may reach out).
      const floor: Plane = { k: 1, d: w.bounds[2], h1: 0.4 * w.size[0], h2: 0.4 * w.size[0], c1: 0, c2: 0 };
      const p = w.positions;
      for (let i = 0; i < w.count; i++) {
        const c = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
        const r = w.radii[i];
        expect(solidDistance(c, floor)).toBeGreaterThan(r * (1 - 1e-9));
        expect(c[1]).toBeGreaterThan(w.bounds[2]);
        for (const k of [0, 2]) expect(Math.abs(c[k])).toBeLessThan(w.size[k] / 2 - r * (1 - 1e-9));
        expect(c[1]).toBeLessThan(w.bounds[3] - r * (1 - 1e-9));
      }
      expect(deepestOverlap(w)).toBeLessThan(1e-9);
    }
  });
});
