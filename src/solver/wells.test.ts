/**
 * Square wells (docs/physics.md, section 11) against their formulas: the impulses at the edge, the
 * first law to rounding, the second virial coefficient B2 in the wall pressure of a dilute gas, the
 * jump of the pair distribution at the edge, condensation below the critical temperature and none
 * above it; and the bookkeeping: the pairs inside always as the geometry says, edits, determinism,
 * and a world saved and read back going on bit for bit.
 *
 * SOLVER_PROPERTY_RUNS (a number, as for properties.test.ts) makes the dilute gas's runs that many
 * times longer.
 */
import { describe, expect, it } from 'vitest';
import { PressureGauge, SolverInputError, buildWorld, cloneWorld, condensingGasScene, createWorld, gasScene, reachable, temperature, worldFromJSON, worldToJSON } from './index.ts';
import type { World } from './index.ts';
import { stateHash } from './state-hash.ts';
import { wellPairList } from './wells.ts';

const RUNS = Math.max(1, Number(process.env.SOLVER_PROPERTY_RUNS ?? 1) || 1);
const WALLS = ['-x', '+x', '-y', '+y', '-z', '+z'] as const;
/** Mass of a sphere of radius 0.5 at density 1, kg. */
const M = (4 / 3) * Math.PI * 0.125;

/** A gas of spheres of radius 0.5 (d = 1) at packing `eta`, every sphere at the speed of temperature kT. */
function wellGas(count: number, eta: number, kT: number, seed: number, world: object = {}): World {
  return buildWorld(gasScene({ count, packingFraction: eta, speed: Math.sqrt((3 * kT) / M), seed, world }));
}

/** Kinetic + potential + well energy, J. */
function total(w: World): number {
  const s = w.stats();
  return s.kineticEnergy + s.potentialEnergy + s.wellEnergy;
}

/** The pairs whose centres are closer than their well's range times their radius sum, by id, and the pairs within `slack` of that edge. */
function geometricPairs(w: World, slack = 0): { inside: Set<string>; edge: Set<string> } {
  const wells = w.wells;
  const species = w.species;
  const p = w.positions;
  const r = w.radii;
  const inside = new Set<string>();
  const edge = new Set<string>();
  for (let i = 0; i < w.count; i++) {
    for (let j = i + 1; j < w.count; j++) {
      const named = wells.find((x) => x.between && ((x.between[0] === species[i] && x.between[1] === species[j]) || (x.between[1] === species[i] && x.between[0] === species[j])));
      const well = named ?? wells.find((x) => !x.between);
      if (!well) continue;
      const L = well.range * (r[i] + r[j]);
      const d = Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]);
      const a = w.idAt(i);
      const b = w.idAt(j);
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      if (d < L) inside.add(key);
      if (Math.abs(d - L) <= slack * L) edge.add(key);
    }
  }
  return { inside, edge };
}

/** The pair set disagrees with the geometry only at the edge (within `slack` of it, by rounding): the pairs that differ elsewhere. */
function membershipErrors(w: World, slack: number): string[] {
  const { inside, edge } = geometricPairs(w, slack);
  const set = new Set(wellPairList(w.state).map(([a, b]) => `${a},${b}`));
  const wrong: string[] = [];
  for (const key of set) if (!inside.has(key) && !edge.has(key)) wrong.push(`${key} in the set, outside`);
  for (const key of inside) if (!set.has(key) && !edge.has(key)) wrong.push(`${key} inside, not in the set`);
  return wrong;
}

/** The smallest gap between two spheres, as a fraction of their radius sum (negative: overlap). */
function smallestGap(w: World): number {
  const p = w.positions;
  const r = w.radii;
  let min = Infinity;
  for (let i = 0; i < w.count; i++) {
    for (let j = i + 1; j < w.count; j++) {
      const s = r[i] + r[j];
      min = Math.min(min, Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]) / s - 1);
    }
  }
  return min;
}

describe('wells: the input', () => {
  it('refuses a bad well, naming the field and the value, and changes nothing', () => {
    const w = createWorld({ size: [4, 4, 4] });
    w.setWells([{ range: 1.5, depth: 1 }]);
    const refused = (list: unknown, message: RegExp): void => {
      expect(() => w.setWells(list as never)).toThrow(SolverInputError);
      expect(() => w.setWells(list as never)).toThrow(message);
      expect(w.wells).toEqual([{ range: 1.5, depth: 1 }]);
    };
    refused([{ range: 1, depth: 1 }], /^wells\[0\]\.range must be a number in \(1, 2\].*got 1$/);
    refused([{ range: 2.5, depth: 1 }], /^wells\[0\]\.range .*got 2\.5$/);
    refused([{ range: 1.5, depth: 0 }], /^wells\[0\]\.depth must be a finite number > 0, J, got 0$/);
    refused([{ range: 1.5, depth: NaN }], /^wells\[0\]\.depth/);
    refused([{ between: [0, 64], range: 1.5, depth: 1 }], /^wells\[0\]\.between\[1\]/);
    refused([{ between: [0, 1], range: 1.5, depth: 1 }, { between: [1, 0], range: 1.2, depth: 1 }], /^wells\[1\]\.between .*wells\[0\] already does/);
    refused([{ range: 1.5, depth: 1 }, { range: 1.2, depth: 2 }], /^wells\[1\] /);
    refused('none', /^wells must be an array/);
    w.setWells([]);
    expect(w.wells).toEqual([]);
    expect(w.stats()).toMatchObject({ wellPairs: 0, wellEnergy: 0 });
  });
});

describe('wells: the edge', () => {
  /** Two spheres of masses 1 and 3 on the x axis, 4 m apart, closing at 1 m/s, with a well of range 1.5 (1.5 m) and depth eps. */
  const pair = (eps: number, gap = 4, speed = 1): World => {
    const w = createWorld({ size: [20, 4, 4] });
    w.addSphere({ position: [-gap / 2, 0, 0], velocity: [speed, 0, 0], radius: 0.5, mass: 1 });
    w.addSphere({ position: [gap / 2, 0, 0], velocity: [0, 0, 0], radius: 0.5, mass: 3 });
    w.setWells([{ range: 1.5, depth: eps }]);
    return w;
  };
  const mu = 0.75;

  it('entering gains eps along the line of centres: u\' = -sqrt(u^2 + 2 eps / mu), momentum kept', () => {
    const w = pair(0.6);
    w.step(2.4); // the edge (gap 1.5) at t = 2.5 - ... : they meet the edge at 2.5 s; not yet
    expect(w.stats().wellPairs).toBe(0);
    w.step(0.2);
    expect(w.stats().wellPairs).toBe(1);
    expect(w.stats().pairCollisions).toBe(0);
    const v = w.velocities;
    const u = v[3] - v[0];
    expect(u).toBeCloseTo(-Math.sqrt(1 + (2 * 0.6) / mu), 14);
    expect(v[0] * 1 + v[3] * 3).toBeCloseTo(1, 14);
    expect(w.stats().wellEnergy).toBe(-0.6);
    expect(total(w)).toBeCloseTo(0.5, 14);
  });

  it('leaving pays eps: after the hard-core bounce they leave with the relative speed they came with', () => {
    const w = pair(0.6);
    w.step(10);
    expect(w.stats()).toMatchObject({ wellPairs: 0, pairCollisions: 1, wellEnergy: 0 });
    const v = w.velocities;
    expect(v[3] - v[0]).toBeCloseTo(1, 13);
    expect(0.5 * v[0] * v[0] + 1.5 * v[3] * v[3]).toBeCloseTo(0.5, 13);
    expect([...w.state.wellEdge]).toEqual([1, 1, 0]);
  });

  it('a pair inside without the energy to leave is turned back at the edge: u\' = -u, and stays bound', () => {
    // Inside from the start (1.2 m apart), separating at 0.5 m/s: (1/2) mu u^2 = 0.094 J < eps = 1.
    const w = pair(1, 1.2, -0.5);
    expect(w.stats().wellPairs).toBe(1);
    const e0 = total(w);
    w.step(1.2); // reaches the edge (0.3 m to open at 0.5 m/s) at 0.6 s
    const v = w.velocities;
    expect(v[3] - v[0]).toBeCloseTo(-0.5, 14);
    expect([...w.state.wellEdge]).toEqual([0, 0, 1]);
    w.step(100);
    expect(w.stats().wellPairs).toBe(1);
    expect(w.stats().pairCollisions).toBeGreaterThan(10);
    expect(Math.abs(total(w) - e0)).toBeLessThan(1e-14);
  });
});

describe('wells: the first law', () => {
  it('with reactions: a pair keeps the well it entered while its species change, and the ledger closes with the chemical energy', () => {
    const g = gasScene({ count: 300, packingFraction: 0.05, speed: Math.sqrt(3 / M), seed: 6 });
    const w = buildWorld({ options: g.options, spheres: g.spheres.map((s, k) => ({ ...s, species: k % 2 })) });
    w.setReactions([{ reactants: [0, 1], products: [2, 3], activationEnergy: 0.2, energyReleased: 0.3, reversible: true }]);
    w.setWells([{ range: 1.3, depth: 0.5 }, { between: [2, 3], range: 1.8, depth: 1.5 }, { between: [0, 1], range: 1.6, depth: 1 }]);
    const e0 = total(w);
    for (let k = 0; k < 100; k++) w.step(0.5);
    const s = w.stats();
    expect(s.reactions[0].forward).toBeGreaterThan(100);
    expect(s.reactions[0].backward).toBeGreaterThan(10);
    expect(Math.abs(total(w) - e0 - s.chemical) / s.kineticEnergy).toBeLessThan(1e-12);
    expect(smallestGap(w)).toBeGreaterThan(-1e-9);
  });


  it('kinetic + well energy is conserved to 1e-12 over 100,000 events, e = 1', () => {
    const w = wellGas(300, 0.05, 1, 3);
    w.setWells([{ range: 1.5, depth: 1 }, { between: [0, 0], range: 1.3, depth: 0.5 }]);
    const e0 = total(w);
    let events = 0;
    let edge = 0;
    while (events < 100_000) {
      w.step(0.5);
      events += w.lastStep.events;
      edge += w.lastStep.wellEvents;
    }
    expect(edge).toBeGreaterThan(10_000);
    expect(Math.abs(total(w) - e0) / w.stats().kineticEnergy).toBeLessThan(1e-12);
  });

  it('kinetic + potential + well energy is conserved to 1e-12 under gravity, fixed spheres (quartic edges) included', () => {
    const g = gasScene({ count: 300, packingFraction: 0.05, speed: Math.sqrt(3 / M), seed: 4, world: { gravity: [0, -1, 0] } });
    g.spheres.forEach((s, k) => {
      if (k % 30 === 0) s.fixed = true;
    });
    const w = buildWorld(g);
    w.setWells([{ range: 1.5, depth: 1 }]);
    const e0 = total(w);
    let events = 0;
    while (events < 100_000) {
      w.step(0.5);
      events += w.lastStep.events;
    }
    expect(w.stats().sleeping).toBe(0);
    expect(Math.abs(total(w) - e0) / w.stats().kineticEnergy).toBeLessThan(1e-12);
    expect(smallestGap(w)).toBeGreaterThan(-1e-9);
  });

  it('with thermal walls the heat closes it: kinetic + well energy changes by exactly the heat', () => {
    const w = wellGas(300, 0.05, 2, 5);
    w.setWells([{ range: 1.5, depth: 1 }]);
    for (const wall of WALLS) w.setWallTemperature(wall, 0.6);
    const e0 = total(w);
    let events = 0;
    while (events < 60_000) {
      w.step(0.5);
      events += w.lastStep.events;
    }
    const s = w.stats();
    expect(s.heat).toBeLessThan(-10); // the gas condenses and gives its heat to the walls
    expect(Math.abs(total(w) - e0 - s.heat) / s.kineticEnergy).toBeLessThan(1e-12);
  });
});

/**
 * A dilute gas at kT with wells of range 1.5 and depth 1: Z = P V / (N kT) from the wall pressure
 * (V the volume the centres reach), the temperature averaged over the window, and the pair
 * distribution just inside and just outside the edge.
 */
function dilute(beta: number, seed: number, steps: number, settle: number): { Z: number; theory: number; kT: number; jump: number; hits: number; counts: [number, number] } {
  const N = 300;
  const w = wellGas(N, 0.003, 1 / beta, seed);
  w.setWells([{ range: 1.5, depth: 1 }]);
  for (let k = 0; k < settle; k++) w.step(0.25);
  const gauge = new PressureGauge(w);
  const edge0 = [...w.state.wellEdge];
  let kT = 0;
  let inner = 0;
  let outer = 0;
  for (let k = 0; k < steps; k++) {
    w.step(0.25);
    kT += temperature(w);
    const p = w.positions;
    for (let i = 0; i < N; i++) {
      for (let j = i + 1; j < N; j++) {
        const dx = p[3 * j] - p[3 * i], dy = p[3 * j + 1] - p[3 * i + 1], dz = p[3 * j + 2] - p[3 * i + 2];
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 >= 1.35 * 1.35 && d2 < 1.5 * 1.5) inner++;
        else if (d2 >= 1.5 * 1.5 && d2 < 1.65 * 1.65) outer++;
      }
    }
  }
  kT /= steps;
  const [V] = reachable(w, 0.5);
  const Z = (gauge.read().measured * V) / (N * kT);
  const B2 = ((2 * Math.PI) / 3) * (1 - (1.5 ** 3 - 1) * (Math.exp(1 / kT) - 1));
  // Pairs per unit volume of each shell: g inside over g outside.
  const shell = (a: number, b: number): number => b ** 3 - a ** 3;
  const jump = inner / shell(1.35, 1.5) / (outer / shell(1.5, 1.65));
  // Pairs reaching the edge from inside (leaving or turned back) over those reaching it from outside.
  const e = w.state.wellEdge;
  const hits = (e[1] - edge0[1] + e[2] - edge0[2]) / (e[0] - edge0[0]);
  return { Z, theory: 1 + (B2 * N) / V, kT, jump, hits, counts: [inner, outer] };
}

describe('wells: a dilute gas', () => {
  // 300 spheres at rho d^3 = 0.0057 (packing 0.003), 500 s to settle (the bound pairs form only in
  // three-body collisions, over many mean free times of about 20 s), then 2,000 s measured. These
  // seeds give Z - (1 + B2 rho) = +0.005 and +0.003, the jump 0.986 and 0.976, the edge hits'
  // 0.991 and 0.974 (at eps / kT = 1.39 and 0.79).
  // Measured over seeds 1-8 (2,000 s each after 500 s; mean +- standard deviation): at
  // eps / kT = 0.79, Z - (1 + B2 rho) = +0.003 +- 0.001, the histogram's jump over exp(eps / kT)
  // 0.990 +- 0.020, the edge hits' 0.988 +- 0.008; at eps / kT = 1.39, +0.003 +- 0.002,
  // 1.009 +- 0.024 and 0.998 +- 0.014 (fewer, longer-lived bound pairs carry it). Over the eight
  // seeds the edge hits' mean at 0.79 is 0.988 +- 0.003 (its standard error): a deficit of about
  // 1 % that these runs do not explain.
  const runs = new Map<number, ReturnType<typeof dilute>>();
  const run = (beta: number, seed: number): ReturnType<typeof dilute> => {
    if (!runs.has(beta)) runs.set(beta, dilute(beta, seed, 8000 * RUNS, 2000));
    return runs.get(beta)!;
  };
  for (const [beta, seed] of [[1.5, 21], [0.8, 22]]) {
    it(`at eps / kT near ${beta}: Z = P V / (N kT) is 1 + B2 rho within 0.01`, () => {
      const r = run(beta, seed);
      expect(Math.abs(r.Z - r.theory), JSON.stringify(r)).toBeLessThan(0.01);
      // The attraction shows: Z is below 1, where the hard spheres alone would put it above.
      expect(r.theory).toBeLessThan(1);
      expect(r.Z).toBeLessThan(1);
    }, 60_000 * RUNS);
  }

  it('at eps / kT near 0.8: the pair distribution jumps by exp(eps / kT) at the edge within 3 %, and pairs reach the edge from inside exp(eps / kT) times as often as from outside', () => {
    const r = run(0.8, 22);
    const boltzmann = Math.exp(1 / r.kT);
    expect(Math.abs(r.jump / boltzmann - 1), JSON.stringify(r)).toBeLessThan(0.03);
    expect(Math.abs(r.hits / boltzmann - 1), JSON.stringify(r)).toBeLessThan(0.03);
  }, 60_000 * RUNS);

  it('at eps / kT near 1.5: pairs reach the edge from inside exp(eps / kT) times as often as from outside within 3 %; the histogram, noisier here (the bound pairs are few and long-lived), within 8 %', () => {
    const r = run(1.5, 21);
    const boltzmann = Math.exp(1 / r.kT);
    expect(Math.abs(r.jump / boltzmann - 1), JSON.stringify(r)).toBeLessThan(0.08);
    expect(Math.abs(r.hits / boltzmann - 1), JSON.stringify(r)).toBeLessThan(0.03);
  }, 60_000 * RUNS);
});

/** The sizes of the clusters of spheres linked by pairs inside a well, largest first. */
function clusters(w: World): number[] {
  const parent = new Map<number, number>();
  const find = (a: number): number => {
    let r = a;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(a, r);
    return r;
  };
  for (let i = 0; i < w.count; i++) parent.set(w.idAt(i), w.idAt(i));
  for (const [a, b] of wellPairList(w.state)) parent.set(find(a), find(b));
  const size = new Map<number, number>();
  for (let i = 0; i < w.count; i++) {
    const r = find(w.idAt(i));
    size.set(r, (size.get(r) ?? 0) + 1);
  }
  return [...size.values()].sort((a, b) => b - a);
}

describe('wells: condensation', () => {
  /** 200 spheres at packing 0.04 between six thermal walls at kT, wells of range 1.5 and depth 1 (the critical temperature is near kT = 1.22). */
  const quench = (kT: number, steps: number): number => {
    const w = wellGas(200, 0.04, kT, 5);
    w.setWells([{ range: 1.5, depth: 1 }]);
    for (const wall of WALLS) w.setWallTemperature(wall, kT);
    let largest = 0;
    for (let k = 0; k < steps; k++) {
      w.step(0.5);
      // The mean over the last 20 steps' largest clusters.
      if (k >= steps - 20) largest += clusters(w)[0] / 20;
    }
    expect(smallestGap(w)).toBeGreaterThan(-1e-9);
    return largest / w.count;
  };

  it('at kT = 0.6 eps most spheres end in one drop', () => {
    // Measured: 0.72 of the spheres on average over the last 20 steps (0.65 to 0.84).
    expect(quench(0.6, 120)).toBeGreaterThan(0.6);
  });

  it('condensingGasScene builds that world: wells, six thermal walls at kT, every sphere at the speed of kT', () => {
    const scene = condensingGasScene({ count: 50, temperature: 0.5, depth: 2, range: 1.4 });
    expect(scene.wells).toEqual([{ range: 1.4, depth: 2 }]);
    const w = buildWorld(scene);
    expect(w.wells).toEqual([{ range: 1.4, depth: 2 }]);
    for (const wall of WALLS) expect(w.wallState(wall).kT).toBe(1);
    expect(temperature(w)).toBeCloseTo(1, 12);
    expect(() => condensingGasScene({ count: 10, temperature: -1 })).toThrow(/^temperature must be a finite number > 0/);
  });

  it('at kT = 3 eps almost none do: the largest cluster is a few spheres', () => {
    // Measured: 0.07 of the spheres on average over the last 20 steps (0.05 to 0.15: passing pairs and triples).
    expect(quench(3, 60)).toBeLessThan(0.15);
  });
});

describe('wells: the pairs inside, edits and determinism', () => {
  /** A gas of two species with a well between every pair and a wider, deeper one between 0 and 1. */
  const mixture = (seed: number): World => {
    const g = gasScene({ count: 200, packingFraction: 0.08, speed: Math.sqrt(3 / M), seed });
    const w = buildWorld({ options: g.options, spheres: g.spheres.map((s, k) => ({ ...s, species: k % 2 })) });
    w.setWells([{ range: 1.3, depth: 0.5 }, { between: [0, 1], range: 1.8, depth: 1.5 }]);
    return w;
  };

  it('are always the pairs the geometry says (but at the edge by rounding), and no spheres overlap', () => {
    const w = mixture(1);
    let edge = 0;
    for (let k = 0; k < 40; k++) {
      w.step(0.25);
      edge += w.lastStep.wellEvents;
      expect(membershipErrors(w, 1e-9)).toEqual([]);
      expect(smallestGap(w)).toBeGreaterThan(-1e-9);
    }
    expect(edge).toBeGreaterThan(2000);
    expect(w.stats().wellPairs).toBe(wellPairList(w.state).length);
  });

  it('are found again from the geometry after edits: moving, adding, growing, removing, a species, the box', () => {
    const w = mixture(2);
    w.step(1);
    const exact = (): void => expect(membershipErrors(w, 0)).toEqual([]);
    const id = w.idAt(7);
    const other = w.idAt(8);
    const p = w.positions;
    // Beside another sphere, inside their well.
    w.setPosition(id, [p[3 * w.indexOf(other)] + 1.2, p[3 * w.indexOf(other) + 1], p[3 * w.indexOf(other) + 2]]);
    exact();
    w.step(0.5);
    w.setRadius(id, 0.8);
    exact();
    w.setSpecies(other, 1 - w.species[w.indexOf(other)]);
    exact();
    w.addSphere({ position: [0, 0, 0], radius: 0.5 });
    exact();
    w.removeSphere(w.idAt(3));
    exact();
    w.setSize(w.size.map((s) => s * 0.95));
    exact();
    w.setWells([{ range: 1.6, depth: 1 }]);
    exact();
    w.step(2);
    expect(membershipErrors(w, 1e-9)).toEqual([]);
  });

  it('are deterministic, and a world saved to JSON, cloned or renumbered goes on bit for bit', () => {
    const a = mixture(3);
    const b = mixture(3);
    for (let k = 0; k < 20; k++) {
      a.step(0.25);
      b.step(0.25);
    }
    expect(stateHash(a)).toBe(stateHash(b));
    const read = worldFromJSON(JSON.parse(JSON.stringify(worldToJSON(a))));
    const clone = cloneWorld(a);
    for (let k = 0; k < 20; k++) {
      a.step(0.25);
      read.step(0.25);
      clone.step(0.25);
    }
    expect(a.stats().wellPairs).toBeGreaterThan(0);
    expect(stateHash(read)).toBe(stateHash(a));
    expect(stateHash(clone)).toBe(stateHash(a));
    expect(wellPairList(read.state)).toEqual(wellPairList(a.state));
    // Renumbered every 3 steps: the slots move, the pairs (by id) and the trajectory do not.
    const g = gasScene({ count: 200, packingFraction: 0.08, speed: Math.sqrt(3 / M), seed: 3 });
    const renumbered = buildWorld({ options: { ...g.options, reorderEvery: 3 }, spheres: g.spheres.map((s, k) => ({ ...s, species: k % 2 })) });
    renumbered.setWells([{ range: 1.3, depth: 0.5 }, { between: [0, 1], range: 1.8, depth: 1.5 }]);
    for (let k = 0; k < 40; k++) renumbered.step(0.25);
    expect(renumbered.layoutVersion).toBeGreaterThan(5);
    expect(stateHash(renumbered)).toBe(stateHash(a));
  });

  it('a world read from JSON with wells a world would refuse, or a pair set that does not add up, is refused naming the field', () => {
    const w = mixture(4);
    w.step(0.5);
    const json = worldToJSON(w);
    const def = JSON.parse(JSON.stringify(json));
    // The first well's range (the third number of wellDef) set to 3: its bytes in the buffer.
    const view = def.state.wellDef;
    const bytes = Uint8Array.from(atob(def.buffers[view.buffer].base64), (c) => c.charCodeAt(0));
    new Float64Array(bytes.buffer, view.byteOffset, view.length)[2] = 3;
    def.buffers[view.buffer].base64 = btoa(String.fromCharCode(...bytes));
    expect(() => worldFromJSON(def)).toThrow(/^state\.wellDef \(wells\[0\]\.range\) must be a number in \(1, 2\]/);
    const pairs = JSON.parse(JSON.stringify(json));
    pairs.state.wellPairs += 1;
    expect(() => worldFromJSON(pairs)).toThrow(/^state\.wellPairs must be the pairs in state\.pairWell/);
    expect(stateHash(worldFromJSON(json))).toBe(stateHash(w));
  });

  it('a sphere leaving through a wall\'s hole takes its pairs\' well energy with it: the ledger stays closed', () => {
    const w = wellGas(300, 0.05, 1, 9);
    w.setWells([{ range: 1.5, depth: 1 }]);
    w.setWallHole('+x', { width: w.size[1] / 2 });
    const e0 = total(w);
    for (let k = 0; k < 200; k++) w.step(0.5);
    const s = w.stats();
    expect(s.escaped[0]).toBeGreaterThan(20);
    expect(Math.abs(total(w) - e0 + s.escapedEnergy) / s.kineticEnergy).toBeLessThan(1e-12);
    expect(membershipErrors(w, 1e-9)).toEqual([]);
  });
});
