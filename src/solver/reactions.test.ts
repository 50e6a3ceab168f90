/**
 * Species and reactions against their derivation and against theory (docs/physics.md, section
 * 10): the impulse of one reacting hit, the barrier on the line of centres, the reverse reaction,
 * bad input, the state carried by clones, packing, JSON and renumbering, the first-law ledger with
 * the chemical energy in it, collision theory's rate constant, and the equilibrium constant.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, cloneWorld, gasScene, packWorld, SolverInputError, unpackWorld, World, worldFromJSON, worldToJSON } from './index.ts';
import type { Reaction, SphereOptions } from './index.ts';

const DT = 1 / 60;

/** Two spheres in a large box on a collision course; returns the world and their ids. */
function pair(a: { m: number; species: number; v: [number, number, number] }, b: { m: number; species: number; v: [number, number, number] }, reactions: Reaction[]): { w: World; i: number; j: number } {
  const w = new World({ size: [40, 40, 40] });
  w.setReactions(reactions);
  const i = w.addSphere({ position: [-1, 0.1, 0], radius: 0.5, mass: a.m, velocity: a.v, species: a.species });
  const j = w.addSphere({ position: [1, -0.2, 0.15], radius: 0.5, mass: b.m, velocity: b.v, species: b.species });
  return { w, i, j };
}

/** Velocities of sphere `id`. */
const vel = (w: World, id: number): [number, number, number] => {
  const s = w.indexOf(id);
  return [w.velocities[3 * s], w.velocities[3 * s + 1], w.velocities[3 * s + 2]];
};
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** Steps until the two spheres have collided once; returns the contact normal (from the log). */
function collide(w: World): [number, number, number] {
  for (let k = 0; k < 600; k++) {
    w.step(DT);
    if (w.events.count > 0) {
      expect(w.events.count, 'collisions in the step of the hit').toBe(1);
      return [w.events.normal[0], w.events.normal[1], w.events.normal[2]];
    }
  }
  throw new Error('no collision');
}

describe('a reacting hit', () => {
  const exo: Reaction = { reactants: [0, 1], products: [2, 3], activationEnergy: 0.5, energyReleased: 0.8, reversible: true };

  it('clears the barrier: the species change, momentum is kept, the normal relative speed becomes sqrt(u^2 + 2Q/mu) and the tangential part is unchanged', () => {
    const va: [number, number, number] = [1.5, 0.05, 0];
    const vb: [number, number, number] = [-1, 0, 0.02];
    const { w, i, j } = pair({ m: 1, species: 0, v: va }, { m: 3, species: 1, v: vb }, [exo]);
    const mu = (1 * 3) / (1 + 3);
    const n = collide(w);
    const u = dot(sub(vb, va), n); // < 0: approaching
    expect(0.5 * mu * u * u, 'approach energy above the barrier').toBeGreaterThan(exo.activationEnergy);
    const a = vel(w, i);
    const b = vel(w, j);
    const species = w.species;
    expect([species[w.indexOf(i)], species[w.indexOf(j)]], 'the products, c in a\'s place and d in b\'s').toEqual([2, 3]);
    for (let k = 0; k < 3; k++) expect(1 * a[k] + 3 * b[k], `momentum ${'xyz'[k]}`).toBeCloseTo(1 * va[k] + 3 * vb[k], 14);
    const rel = sub(b, a);
    const relBefore = sub(vb, va);
    expect(dot(rel, n), 'normal relative velocity after').toBeCloseTo(Math.sqrt(u * u + (2 * exo.energyReleased) / mu), 13);
    for (let k = 0; k < 3; k++) expect(rel[k] - dot(rel, n) * n[k], `tangential relative velocity ${'xyz'[k]}`).toBeCloseTo(relBefore[k] - u * n[k], 14);
    const ke = (v: number[], m: number) => 0.5 * m * dot(v, v);
    expect(ke(a, 1) + ke(b, 3) - ke(va, 1) - ke(vb, 3), 'kinetic energy gained').toBeCloseTo(exo.energyReleased, 13);
    const s = w.stats();
    expect(s.chemical, 'chemical energy released').toBe(exo.energyReleased);
    expect(s.reactions, 'counts').toEqual([{ forward: 1, backward: 0 }]);
    expect(s.speciesCounts, 'spheres of each species').toEqual([0, 0, 1, 1]);
    expect(s.energyLost, 'nothing lost').toBe(0);
    expect(w.lastStep.reactions + s.pairCollisions, 'the hit is a collision and a reaction').toBe(2);
  });

  it('below the barrier it bounces as before, whatever the tangential speed', () => {
    // Fast across, slow along the line of centres: the total kinetic energy is far above the
    // barrier, the approach energy (1/2) mu u^2 below it.
    const va: [number, number, number] = [0.4, 0, 3];
    const vb: [number, number, number] = [-0.4, 0, 3];
    const { w, i, j } = pair({ m: 1, species: 0, v: va }, { m: 1, species: 1, v: vb }, [exo]);
    const n = collide(w);
    const u = dot(sub(vb, va), n);
    expect(0.5 * 0.5 * u * u, 'approach energy below the barrier').toBeLessThan(exo.activationEnergy);
    expect([w.species[w.indexOf(i)], w.species[w.indexOf(j)]], 'species unchanged').toEqual([0, 1]);
    expect(dot(sub(vel(w, j), vel(w, i)), n), 'an elastic bounce: the normal relative velocity reversed').toBeCloseTo(-u, 14);
    expect(w.stats().reactions).toEqual([{ forward: 0, backward: 0 }]);
  });

  it('with the species the other way round (b hits a), the products follow: d in b\'s place', () => {
    const { w, i, j } = pair({ m: 1, species: 1, v: [2, 0, 0] }, { m: 1, species: 0, v: [-2, 0, 0] }, [exo]);
    collide(w);
    expect([w.species[w.indexOf(i)], w.species[w.indexOf(j)]]).toEqual([3, 2]);
  });

  it('runs backwards over the barrier Ea + Q, giving back Q; a hit below it bounces', () => {
    const fast = pair({ m: 2, species: 2, v: [1.2, 0, 0] }, { m: 2, species: 3, v: [-1.2, 0, 0] }, [exo]);
    // Approach energy (1/2)(1)(2.4)^2 = 2.88 J > Ea + Q = 1.3 J; the hit pays back Q (2.88 - 0.8 left).
    const n = collide(fast.w);
    const u = -2.4 * n[0];
    expect([fast.w.species[fast.w.indexOf(fast.i)], fast.w.species[fast.w.indexOf(fast.j)]], 'back to the reactants').toEqual([0, 1]);
    expect(dot(sub(vel(fast.w, fast.j), vel(fast.w, fast.i)), n), 'normal relative speed after').toBeCloseTo(Math.sqrt(u * u - (2 * 0.8) / 1), 13);
    expect(fast.w.stats().chemical, 'chemical energy: Q taken back').toBe(-0.8);
    expect(fast.w.stats().reactions).toEqual([{ forward: 0, backward: 1 }]);
    // (1/2)(1)(1.6)^2 = 1.28 J < 1.3 J: below the reverse barrier.
    const slow = pair({ m: 2, species: 2, v: [0.8, 0, 0] }, { m: 2, species: 3, v: [-0.8, 0, 0] }, [exo]);
    collide(slow.w);
    expect([slow.w.species[slow.w.indexOf(slow.i)], slow.w.species[slow.w.indexOf(slow.j)]], 'still the products').toEqual([2, 3]);
  });

  it('an endothermic reaction absorbs exactly what it says; a fixed sphere (a catalyst) reacts with the reduced mass of the free one', () => {
    const endo: Reaction = { reactants: [0, 1], products: [2, 1], activationEnergy: 0.6, energyReleased: -0.5 };
    const w = new World({ size: [40, 40, 40] });
    w.setReactions([endo]);
    const a = w.addSphere({ position: [-1, 0, 0], radius: 0.5, mass: 1, velocity: [1.5, 0, 0], species: 0 });
    w.addSphere({ position: [1, 0, 0], radius: 0.5, fixed: true, species: 1 });
    collide(w);
    // mu = m = 1: (1/2)(1.5)^2 = 1.125 J >= 0.6 J; it leaves at sqrt(1.5^2 - 2 * 0.5) = sqrt(1.25).
    expect(vel(w, a)[0], 'velocity after').toBeCloseTo(-Math.sqrt(1.25), 14);
    expect(w.stats().speciesCounts).toEqual([0, 1, 1]);
    expect(w.stats().chemical).toBe(-0.5);
  });
});

describe('bad reactions and species', () => {
  const w = () => {
    const world = new World({ size: [4, 4, 4] });
    world.setReactions([{ reactants: [0, 1], products: [1, 1], activationEnergy: 1, energyReleased: 0 }]);
    return world;
  };
  const cases: [string, unknown, string][] = [
    ['an activation energy below 0', [{ reactants: [0, 1], products: [2, 3], activationEnergy: -1, energyReleased: 0 }], 'reactions[0].activationEnergy'],
    ['a barrier below the energy absorbed', [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0.5, energyReleased: -1 }], 'reactions[0].energyReleased'],
    ['a species out of range', [{ reactants: [0, 64], products: [2, 3], activationEnergy: 0, energyReleased: 0 }], 'reactions[0].reactants[1]'],
    ['one product', [{ reactants: [0, 1], products: [2], activationEnergy: 0, energyReleased: 0 }], 'reactions[0].products'],
    ['a NaN energy', [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0, energyReleased: NaN }], 'reactions[0].energyReleased'],
    ['a pair of species twice', [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0, energyReleased: 0 }, { reactants: [1, 0], products: [4, 4], activationEnergy: 1, energyReleased: 0 }], 'reactions[1].reactants'],
    ['a reverse that another reaction decides', [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0, energyReleased: 0, reversible: true }, { reactants: [3, 2], products: [4, 4], activationEnergy: 1, energyReleased: 0 }], 'reactions[1].reactants'],
    ['not an array', { reactants: [0, 1] }, 'reactions'],
  ];
  for (const [what, list, field] of cases) {
    it(`${what}: refused naming ${field}, and the reactions before are kept`, () => {
      const world = w();
      let error: unknown;
      try {
        world.setReactions(list as Reaction[]);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SolverInputError);
      expect((error as SolverInputError).field).toBe(field);
      expect(world.reactions).toEqual([{ reactants: [0, 1], products: [1, 1], activationEnergy: 1, energyReleased: 0, reversible: false }]);
    });
  }
  it('a sphere\'s species must be an integer from 0 to 63', () => {
    const world = w();
    expect(() => world.addSphere({ position: [0, 0, 0], radius: 0.2, species: 1.5 })).toThrow(/species must be/);
    expect(() => world.addSpheres([{ position: [0, 0, 0], radius: 0.2 }, { position: [1, 0, 0], radius: 0.2, species: -1 }])).toThrow(/spheres\[1\]\.species/);
    expect(world.count, 'nothing added').toBe(0);
    const id = world.addSphere({ position: [0, 0, 0], radius: 0.2, species: 5 });
    expect(() => world.setSpecies(id, 64)).toThrow(/species must be/);
    expect(world.species[0], 'the species kept').toBe(5);
    world.setSpecies(id, 7);
    expect(world.species[0]).toBe(7);
  });
});

/** A gas of `count` spheres of mass 1, radius `r` at packing `eta`, species from `speciesOf`, speed 1. */
function gas(count: number, eta: number, r: number, speciesOf: (k: number) => number, seed = 3): { spheres: SphereOptions[]; size: [number, number, number] } {
  const scene = gasScene({ count, packingFraction: eta, radius: r, seed, speed: 1 });
  return { spheres: scene.spheres.map((s, k) => ({ ...s, mass: 1, species: speciesOf(k) })), size: scene.options.size as [number, number, number] };
}

describe('the state carries species and reactions', () => {
  const reactions: Reaction[] = [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0.3, energyReleased: 0.1, reversible: true }];
  const make = () => {
    const g = gas(400, 0.2, 0.1, (k) => k % 2);
    const w = buildWorld({ options: { size: g.size, reorderEvery: 8 }, spheres: g.spheres, reactions });
    for (let k = 0; k < 30; k++) w.step(DT);
    return w;
  };
  /** Each sphere's species by id, the counts and the chemical energy. */
  const read = (w: World) => {
    const s = w.stats();
    const byId: number[] = [];
    for (let slot = 0; slot < w.count; slot++) byId[w.idAt(slot)] = w.species[slot];
    return { byId, counts: s.speciesCounts, reactions: s.reactions, chemical: s.chemical, positions: [...w.positions.subarray(0, 3 * w.count)] };
  };

  it('a clone, a packed world and a JSON world go on exactly as the original, reactions and all', () => {
    const w = make();
    expect(w.stats().reactions[0].forward, 'reactions before the copies').toBeGreaterThan(0);
    expect(w.layoutVersion, 'renumbered at least once (species follow their spheres)').toBeGreaterThan(0);
    const copies = [cloneWorld(w), unpackWorld(structuredClone(packWorld(cloneWorld(w)).message)), worldFromJSON(JSON.parse(JSON.stringify(worldToJSON(w))))];
    for (let k = 0; k < 30; k++) {
      w.step(DT);
      for (const c of copies) c.step(DT);
    }
    for (const c of copies) expect(read(c)).toEqual(read(w));
    expect(copies[2].reactions).toEqual(w.reactions);
  });

  it('removing a sphere keeps every other sphere\'s species', () => {
    const w = make();
    const before = read(w).byId;
    const gone = w.idAt(3);
    w.removeSphere(gone);
    const after = read(w).byId;
    expect(after.filter((_, id) => id !== gone)).toEqual(before.filter((_, id) => id !== gone));
  });

  it('a version 2 world reads as species 0 with no reactions', () => {
    const w = new World({ size: [4, 4, 4] });
    w.addSphere({ position: [0, 0, 0], radius: 0.2, velocity: [1, 0, 0] });
    const json = worldToJSON(w) as unknown as { version: number; state: Record<string, unknown> };
    json.version = 2;
    for (const key of ['species', 'reacting', 'rxSpan', 'rxTable', 'rxDef', 'rxCounts', 'chemical', 'rxImpulse', 'outSpecies', 'outSpeciesAt']) delete json.state[key];
    delete (json.state.lastStep as Record<string, unknown>).reactions;
    const back = worldFromJSON(json);
    expect(back.species[0]).toBe(0);
    expect(back.reactions).toEqual([]);
    expect(back.stats().speciesCounts).toEqual([1]);
    back.step(DT);
    w.step(DT);
    expect([...back.positions.subarray(0, 3)], 'the same run').toEqual([...w.positions.subarray(0, 3)]);
  });

  it('a JSON world whose reactions are broken is refused, naming them', () => {
    const json = worldToJSON(make()) as unknown as { buffers: { byteLength: number; base64: string }[]; state: Record<string, { buffer: number; byteOffset: number }> };
    const at = json.state.rxDef;
    const bytes = Uint8Array.from(atob(json.buffers[at.buffer].base64), (c) => c.charCodeAt(0));
    new Float64Array(bytes.buffer, at.byteOffset, 7)[4] = -1; // a negative activation energy
    json.buffers[at.buffer].base64 = btoa(String.fromCharCode(...bytes));
    expect(() => worldFromJSON(json)).toThrow(/state\.rxDef \(reactions\[0\]\.activationEnergy\)/);
  });
});

describe('the first law with reactions', () => {
  it('kinetic + potential energy changes by work + heat + chemical - lost, to 1e-12 of the energy, over 1e5 collisions with reactions both ways', () => {
    const g = gas(600, 0.15, 0.1, (k) => k % 2);
    const reactions: Reaction[] = [{ reactants: [0, 1], products: [2, 3], activationEnergy: 0.2, energyReleased: 0.15, reversible: true }];
    const w = buildWorld({ options: { size: g.size, gravity: [0, -0.5, 0] }, spheres: g.spheres, reactions, walls: { '-x': { kT: 0.4 }, '+y': { velocity: -0.05, limits: { min: 0.3 * g.size[1] } } } });
    const s0 = w.stats();
    const energy0 = s0.kineticEnergy + s0.potentialEnergy;
    while (w.stats().pairCollisions < 100_000) w.step(DT);
    const s = w.stats();
    expect(s.reactions[0].forward, 'forward reactions').toBeGreaterThan(1000);
    expect(s.reactions[0].backward, 'backward reactions').toBeGreaterThan(1000);
    const residual = s.kineticEnergy + s.potentialEnergy - energy0 - (s.work + s.heat + s.chemical - s.energyLost);
    expect(Math.abs(residual) / energy0, `ledger residual ${residual} J of ${energy0} J`).toBeLessThan(1e-12);
  });
});

/** Carnahan-Starling's contact value of the pair distribution of hard spheres at packing eta. */
const contactValue = (eta: number) => (1 - eta / 2) / (1 - eta) ** 3;

describe('collision theory', () => {
  // A + B -> B + A with Q = 0: each reaction is an elastic collision that swaps the species, so the
  // gas (half A, half B) stays as it is while its reactions are counted. Its rate in the bulk is
  // k [A][B] with the line-of-centres rate constant k = pi d^2 sqrt(8 kT / pi mu) exp(-Ea / kT),
  // times the contact value g(d) at the gas's packing. Counted from the collision log: the hits
  // whose contact point lies at least 2d inside every wall (the bulk, clear of the walls' thinning).
  for (const barrier of [2, 4]) {
    it(`Ea = ${barrier} kT: the measured rate constant within 5 % of pi d^2 sqrt(8kT/pi mu) exp(-Ea/kT) g(d)`, () => {
      const n = 6000;
      const r = 0.05;
      const eta = 0.02;
      const g = gas(n, eta, r, (k) => k % 2, 11);
      const w = buildWorld({ options: { size: g.size }, spheres: g.spheres });
      // kT from the kinetic energy (every sphere has mass 1 and speed 1: kT = 1/3 J); relax first.
      for (let k = 0; k < 60; k++) w.step(DT);
      const kT = (2 / 3) * (w.stats().kineticEnergy / n);
      w.setReactions([{ reactants: [0, 1], products: [1, 0], activationEnergy: barrier * kT, energyReleased: 0 }]);
      // Half-widths of the bulk region for contact points: the centres reach to r from a wall,
      // a partner's centre lies 2r from a's and the contact point r from it; 4r more for the
      // density's ripples beside a wall.
      const inner = g.size.map((L) => L / 2 - 8 * r);
      // Each sphere's species by id, followed through the log's hits in order (a reacting A-B hit swaps them).
      const species: number[] = [];
      for (let slot = 0; slot < w.count; slot++) species[w.idAt(slot)] = w.species[slot];
      let hits = 0;
      let everywhere = 0;
      let time = 0;
      // The bulk's number density of A and of B, averaged over the run: centres in the same region.
      let inBulk = 0;
      let censuses = 0;
      const d = 2 * r;
      while (hits < 3000) {
        w.step(DT);
        time += DT;
        if (Math.round(time / DT) % 10 === 0) {
          const pos = w.positions;
          for (let s = 0; s < w.count; s++) {
            if (Math.abs(pos[3 * s]) <= inner[0] && Math.abs(pos[3 * s + 1]) <= inner[1] && Math.abs(pos[3 * s + 2]) <= inner[2]) inBulk++;
          }
          censuses++;
        }
        const e = w.events;
        for (let k = 0; k < e.count; k++) {
          const a = e.a[k];
          const b = e.b[k];
          if (b < 0 || species[a] === species[b]) continue;
          const u = e.closingSpeed[k];
          if (0.5 * 0.5 * u * u < barrier * kT) continue;
          [species[a], species[b]] = [species[b], species[a]];
          everywhere++;
          const p = [e.point[3 * k], e.point[3 * k + 1], e.point[3 * k + 2]];
          if (Math.abs(p[0]) <= inner[0] && Math.abs(p[1]) <= inner[1] && Math.abs(p[2]) <= inner[2]) hits++;
        }
        expect(e.dropped, 'collisions left out of the log').toBe(0);
      }
      const reactive = w.stats().reactions[0].forward;
      const volume = 8 * inner[0] * inner[1] * inner[2];
      // Half the spheres are A, half B, everywhere (each reaction swaps one of each).
      const nA = inBulk / censuses / 2 / volume;
      const nB = nA;
      const measured = hits / (time * volume * nA * nB);
      const mu = 0.5;
      const theory = Math.PI * d * d * Math.sqrt((8 * kT) / (Math.PI * mu)) * Math.exp(-barrier) * contactValue(eta);
      expect(measured / theory, `k measured ${measured.toExponential(4)} against ${theory.toExponential(4)} m^3/s (${hits} reactions in the bulk, ${reactive} in all)`).toBeGreaterThan(0.95);
      expect(measured / theory).toBeLessThan(1.05);
      // The solver reacted at exactly the A-B hits over the barrier, and only there.
      expect(reactive, 'reactions counted by the solver, against the A-B hits over the barrier in the log').toBe(everywhere);
    });
  }
});

describe('equilibrium', () => {
  it('A + B <-> C + D with Q = kT released, thermal walls at kT: [C][D] / [A][B] within 5 % of exp(Q / kT)', () => {
    const kT = 0.5;
    const g = gas(2000, 0.1, 0.1, (k) => k % 2, 5);
    const walls = Object.fromEntries((['-x', '+x', '-y', '+y', '-z', '+z'] as const).map((name) => [name, { kT }]));
    const w = buildWorld({ options: { size: g.size }, spheres: g.spheres, walls, reactions: [{ reactants: [0, 1], products: [2, 3], activationEnergy: kT, energyReleased: kT, reversible: true }] });
    // To equilibrium, then the concentrations averaged over many reaction times.
    while (w.stats().reactions[0].forward < 4000) w.step(DT);
    const sums = [0, 0, 0, 0];
    let samples = 0;
    const until = w.stats().reactions[0].forward + 20_000;
    while (w.stats().reactions[0].forward < until) {
      for (let k = 0; k < 5; k++) w.step(DT);
      const c = w.stats().speciesCounts;
      for (let s = 0; s < 4; s++) sums[s] += c[s];
      samples++;
    }
    const [a, b, c, d] = sums.map((x) => x / samples);
    const ratio = (c * d) / (a * b);
    expect(ratio / Math.exp(1), `[C][D]/[A][B] = ${ratio.toFixed(4)} against e = ${Math.E.toFixed(4)} (${samples} samples)`).toBeGreaterThan(0.95);
    expect(ratio / Math.exp(1)).toBeLessThan(1.05);
  });
});
