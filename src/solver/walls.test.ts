/**
 * The walls' API (docs/physics.md, section 9): validation, edits during a run, persistence and
 * determinism, and random scenes with moving walls, pistons, thermal walls and the divider that
 * must never overlap, escape the walls or cross the divider.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, cloneWorld, gasScene, packWorld, Random, SolverInputError, unpackWorld, worldFromJSON, worldToJSON } from './index.ts';
import type { World, WallName } from './index.ts';
import { stateHash } from './state-hash.ts';
import { STOP_FRACTION } from './options.ts';
import { byId, deepestOverlap } from '../testing/solver.ts';

const DT = 1 / 60;
const WALLS: WallName[] = ['-x', '+x', '-y', '+y', '-z', '+z'];

/** Centres outside the walls now (world.bounds less a radius, with a relative slack), or across the divider. */
function outside(w: World, slack = 1e-9): number {
  const p = w.positions;
  const r = w.radii;
  const b = w.bounds;
  const d = w.divider;
  const dk = d === null ? -1 : 'xyz'.indexOf(d.axis);
  let n = 0;
  for (let i = 0; i < w.count; i++) {
    let out = false;
    for (let k = 0; k < (w.options.planar ? 2 : 3); k++) {
      const x = p[3 * i + k];
      const tol = slack * (r[i] + Math.abs(x));
      if (!(x >= b[2 * k] + r[i] - tol && x <= b[2 * k + 1] - r[i] + tol)) out = true;
    }
    if (d !== null && Math.abs(p[3 * i + dk] - d.position) < r[i] * (1 - slack)) out = true;
    if (out) n++;
  }
  return n;
}

/** The gas of these tests with a moving wall, a piston, two thermal walls and the divider. */
function thermoScene(seed = 5): World {
  const w = buildWorld(gasScene({ count: 200, packingFraction: 0.08, speed: 2, radius: 0.3, seed }));
  const m = w.masses[0];
  w.setWallVelocity('+x', -0.3);
  w.setPiston('+y', { mass: 10 * m, force: 20 * m });
  w.setWallTemperature('-z', 4 * m);
  w.setWallTemperature('+z', m);
  w.setDivider({ axis: 'z', position: 0.5 });
  return w;
}

/** Everything the walls' API reports, for "nothing changed". */
function wallsSnapshot(w: World): unknown {
  return { walls: WALLS.map((n) => w.wallState(n)), divider: w.divider, bounds: w.bounds, size: w.size, positions: byId(w), hash: stateHash(w) };
}

function expectRefused(w: World, call: () => void, field: string, value: unknown): void {
  const before = wallsSnapshot(w);
  let err: unknown;
  try {
    call();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(SolverInputError);
  expect((err as SolverInputError).field).toBe(field);
  if (typeof value === 'number' && Number.isNaN(value)) expect(Number.isNaN((err as SolverInputError).value)).toBe(true);
  else expect((err as SolverInputError).value).toEqual(value);
  expect((err as Error).message).toContain(field);
  expect(wallsSnapshot(w)).toEqual(before);
}

describe('validation', () => {
  it('refuses bad values with a SolverInputError naming the field and value, and changes nothing', () => {
    const w = thermoScene();
    for (let k = 0; k < 10; k++) w.step(DT);
    const call = w as unknown as Record<string, (...a: unknown[]) => void>;
    expectRefused(w, () => call.setWallVelocity('q', 1), 'wall', 'q');
    expectRefused(w, () => call.setWallVelocity(6, 1), 'wall', 6);
    expectRefused(w, () => w.setWallVelocity('+x', NaN), 'velocity', NaN);
    expectRefused(w, () => w.setWallVelocity('+x', Infinity), 'velocity', Infinity);
    expectRefused(w, () => w.setPiston('-x', { mass: 0, force: 1 }), 'piston.mass', 0);
    expectRefused(w, () => w.setPiston('-x', { mass: -1, force: 1 }), 'piston.mass', -1);
    expectRefused(w, () => w.setPiston('-x', { mass: 1, force: -2 }), 'piston.force', -2);
    expectRefused(w, () => w.setPiston('-x', { mass: 1, force: NaN }), 'piston.force', NaN);
    expectRefused(w, () => call.setPiston('-x', 3), 'piston', 3);
    expectRefused(w, () => w.setWallTemperature('-x', -1), 'kT', -1);
    expectRefused(w, () => w.setWallTemperature('-x', 0), 'kT', 0);
    expectRefused(w, () => w.setWallTemperature('-x', NaN), 'kT', NaN);
    const h = w.size[1] / 2;
    expectRefused(w, () => w.setWallLimits('-y', { min: 2, max: 1 }), 'limits.min', 2);
    expectRefused(w, () => w.setWallLimits('-y', { max: h + 1 }), 'limits.max', h + 1);
    expectRefused(w, () => w.setWallLimits('-y', { min: -h }), 'limits.min', -h);
    expectRefused(w, () => w.setWallPosition('-y', h + 0.5), 'position', h + 0.5);
    // Leaving no room: the largest sphere must fit against the opposite wall.
    const opposite = w.bounds[3];
    expectRefused(w, () => w.setWallPosition('-y', 0.1 - opposite), 'position', 0.1 - opposite);
    // The +z wall beyond the divider (at z = 0.5).
    expectRefused(w, () => w.setWallPosition('+z', 0.2), 'position', 0.2);
    const [zLo, zHi] = [w.bounds[4], w.bounds[5]];
    expectRefused(w, () => w.setDivider({ axis: 'z', position: zHi + 0.1 }), 'divider.position', zHi + 0.1);
    expectRefused(w, () => w.setDivider({ axis: 'z', position: zLo }), 'divider.position', zLo);
    expectRefused(w, () => call.setDivider({ axis: 'w', position: 0 }), 'divider.axis', 'w');
    expectRefused(w, () => call.setDivider({ axis: 'x', position: 'a' }), 'divider.position', 'a');
    expectRefused(w, () => call.wallState('up'), 'wall', 'up');
    // An inner limit past the divider (at z = 0.5).
    expectRefused(w, () => w.setWallLimits('+z', { min: 0.6 }), 'limits.min', 0.6);
    // A planar world has no z axis for the divider.
    const flat = buildWorld(gasScene({ count: 20, packingFraction: 0.1, seed: 1, planar: true }));
    expectRefused(flat, () => flat.setDivider({ axis: 'z', position: 0 }), 'divider.axis', 'z');
    // And it still runs.
    for (let k = 0; k < 30; k++) w.step(DT);
    expect(outside(w)).toBe(0);
  });
});

describe('wall state and edits', () => {
  it('reports each wall, and size and bounds follow the walls', () => {
    const w = buildWorld(gasScene({ count: 100, packingFraction: 0.05, speed: 1, radius: 0.3, seed: 2 }));
    const [lx, ly, lz] = w.size;
    const m = w.masses[0];
    expect(w.bounds).toEqual([-lx / 2, lx / 2, -ly / 2, ly / 2, -lz / 2, lz / 2]);
    const plain = w.wallState('+x');
    expect(plain).toMatchObject({ position: lx / 2, velocity: 0, mass: Infinity, force: 0, kT: null, max: lx / 2, work: 0, heat: 0 });
    w.setWallVelocity('+x', -0.5);
    w.setWallTemperature('-y', 2 * m);
    w.setPiston('+z', { mass: 3 * m, force: m });
    expect(w.wallState('-y').kT).toBe(2 * m);
    expect(w.wallState('+z')).toMatchObject({ mass: 3 * m, force: m });
    for (let k = 0; k < 60; k++) w.step(DT);
    const s = w.wallState('+x');
    // A driven wall moves exactly as told: 0.5 m/s for one second.
    expect(s.position).toBeCloseTo(lx / 2 - 0.5, 9);
    expect(s.velocity).toBe(-0.5);
    expect(s.work).toBeGreaterThan(0);
    expect(w.stats().wallWork[1]).toBe(s.work);
    expect(w.wallState('-y').heat).toBe(w.stats().wallHeat[2]);
    const b = w.bounds;
    expect(b[1]).toBe(s.position);
    expect(b[5]).toBe(w.wallState('+z').position);
    expect(w.size[0]).toBe(b[1] - b[0]);
    expect(w.size[2]).toBe(b[5] - b[4]);
    // Back to adiabatic, and to a still wall.
    w.setWallTemperature('-y', null);
    w.setPiston('+z', null);
    expect(w.wallState('-y').kT).toBeNull();
    expect(w.wallState('+z')).toMatchObject({ mass: Infinity, velocity: 0 });
    expect(outside(w)).toBe(0);
  });

  it('a wall stops at its limits, inward and outward', () => {
    const w = buildWorld(gasScene({ count: 50, packingFraction: 0.02, speed: 1, radius: 0.3, seed: 3 }));
    const h = w.size[0] / 2;
    w.setWallLimits('+x', { min: h - 1, max: h });
    w.setWallVelocity('+x', -2);
    for (let k = 0; k < 60; k++) w.step(DT);
    expect(w.wallState('+x')).toMatchObject({ position: h - 1, velocity: 0 });
    expect(w.stats().wallStops).toBe(1);
    w.setWallVelocity('+x', 3);
    for (let k = 0; k < 60; k++) w.step(DT);
    expect(w.wallState('+x')).toMatchObject({ position: h, velocity: 0 });
    expect(w.stats().wallStops).toBe(2);
    // The default inner limit: the spheres filling at most half the box.
    w.setWallLimits('+x', null);
    w.setWallVelocity('-x', -4);
    for (let k = 0; k < 120; k++) w.step(DT);
    const st = w.wallState('-x');
    expect(st.velocity).toBe(0);
    expect(st.position).toBeCloseTo(st.min, 9);
    expect(w.stats().wallJams).toBe(0);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    // Limits set beyond the wall move it there.
    const hy = w.options.size[1] / 2;
    w.setWallLimits('+y', { max: hy - 0.5 });
    expect(w.wallState('+y')).toMatchObject({ position: hy - 0.5, max: hy - 0.5 });
    expect(w.bounds[3]).toBe(w.wallState('+y').position);
    expect(outside(w)).toBe(0);
  });

  it('setSize puts the walls back at the new frame', () => {
    const w = thermoScene();
    for (let k = 0; k < 30; k++) w.step(DT);
    const [lx, ly, lz] = w.options.size;
    w.setSize([lx * 1.1, ly, lz * 1.2]);
    expect(w.size).toEqual([lx * 1.1, ly, lz * 1.2]);
    expect(w.bounds).toEqual([-lx * 0.55, lx * 0.55, -ly / 2, ly / 2, -lz * 0.6, lz * 0.6]);
    expect(w.wallState('+x')).toMatchObject({ position: lx * 0.55, velocity: 0 });
    for (let k = 0; k < 30; k++) w.step(DT);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
  });

  it('addSphere, setPosition and removeSphere with a displaced wall respect the current walls', () => {
    const w = buildWorld(gasScene({ count: 60, packingFraction: 0.03, speed: 1, radius: 0.3, seed: 4 }));
    w.setWallVelocity('+x', -1);
    for (let k = 0; k < 60; k++) w.step(DT);
    const b = w.bounds;
    expect(b[1]).toBeCloseTo(w.options.size[0] / 2 - 1, 9);
    // Inside the frame but outside the wall: refused, nothing changed.
    const beyond = b[1] + 0.5;
    const before = byId(w);
    let err: unknown;
    try {
      w.addSphere({ position: [beyond, 0, 0], radius: 0.3 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SolverInputError);
    expect((err as SolverInputError).field).toBe('position[0]');
    expect((err as SolverInputError).value).toBe(beyond);
    expect(byId(w)).toEqual(before);
    const id = w.idAt(0);
    expect(() => w.setPosition(id, [beyond, 0, 0])).toThrow(SolverInputError);
    expect(byId(w)).toEqual(before);
    // Inside: accepted, and a sphere placed against the wall is pulled inside it.
    const added = w.addSphere({ position: [b[1] - 0.01, 0, 0], radius: 0.3 });
    expect(w.positions[3 * w.indexOf(added)]).toBeLessThanOrEqual(b[1] - 0.3);
    w.setPosition(id, [b[1] - 0.1, 0.5, 0.5]);
    w.removeSphere(w.idAt(3));
    for (let k = 0; k < 60; k++) w.step(DT);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
  });

  it('setWallPosition moves a wall at once and the spheres beyond it in; the divider moves spheres to their side', () => {
    const w = buildWorld(gasScene({ count: 150, packingFraction: 0.1, speed: 1, radius: 0.3, seed: 6 }));
    const h = w.size[0] / 2;
    w.setWallPosition('+x', h - 1);
    expect(w.bounds[1]).toBe(h - 1);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    w.setDivider({ axis: 'x', position: 0.2 });
    expect(w.divider).toEqual({ axis: 'x', position: 0.2 });
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    // A divider closer than a diameter to a wall: the narrow side holds nothing.
    w.setDivider({ axis: 'x', position: w.bounds[1] - 0.4 });
    expect(outside(w)).toBe(0);
    for (let k = 0; k < 60; k++) w.step(DT);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
    w.setDivider(null);
    expect(w.divider).toBeNull();
  });

  it('a wall whose inner limit was set before the divider stops short of the divider', () => {
    const w = buildWorld(gasScene({ count: 100, packingFraction: 0.05, speed: 1, radius: 0.3, seed: 3 }));
    w.setWallVelocity('+x', -0.01); // the default inner limit, past the middle of the box
    w.setWallVelocity('+x', 0);
    expect(w.wallState('+x').min).toBeLessThan(0);
    const d = w.bounds[1] - 0.4; // too narrow for a sphere: they all go to the other side
    w.setDivider({ axis: 'x', position: d });
    expect(w.wallState('+x').min).toBeGreaterThanOrEqual(d);
    w.setWallVelocity('+x', -3);
    w.setPiston('-x', { mass: w.masses[0], force: 100 * w.masses[0] });
    for (let k = 0; k < 120; k++) {
      w.step(DT);
      expect(outside(w)).toBe(0);
    }
    expect(w.bounds[1]).toBeGreaterThan(d);
    expect(w.bounds[0]).toBeLessThan(d);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
  });
});

describe('determinism and persistence', () => {
  it('two identical builds with thermal walls give identical state hashes', () => {
    const a = thermoScene();
    const b = thermoScene();
    for (let k = 0; k < 120; k++) {
      a.step(DT);
      b.step(DT);
    }
    expect(a.stats().heat).not.toBe(0);
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.stats()).toEqual(b.stats());
  });

  it('a clone, a packed copy and a JSON copy made mid-run go on bit for bit', () => {
    const w = thermoScene();
    for (let k = 0; k < 45; k++) w.step(DT);
    const copies = [cloneWorld(w), unpackWorld(structuredClone(packWorld(cloneWorld(w)).message)), worldFromJSON(JSON.parse(JSON.stringify(worldToJSON(w))))];
    for (let k = 0; k < 90; k++) {
      w.step(DT);
      for (const c of copies) c.step(DT);
    }
    const hash = stateHash(w);
    for (const c of copies) {
      expect(stateHash(c)).toBe(hash);
      expect(c.stats()).toEqual(w.stats());
      for (const n of WALLS) expect(c.wallState(n)).toEqual(w.wallState(n));
      expect(c.divider).toEqual(w.divider);
      expect(c.bounds).toEqual(w.bounds);
    }
  });
});

describe('random scenes with moving, pushing, hot walls and the divider', () => {
  it('never overlap, never leave the walls, never cross the divider; the ledger holds without gravity', () => {
    let stops = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const rng = new Random(seed);
      const planar = seed % 4 === 0;
      const gravity = seed % 3 === 0;
      const e = seed % 2 ? 1 : 0.9;
      const w = buildWorld(gasScene({
        count: 40 + rng.int(80), packingFraction: 0.05 + 0.2 * rng.next(), speed: 2, seed, planar, radius: seed % 5 === 0 ? [0.3, 0.6] : 0.5,
        world: { gravity: gravity ? [0, -9.81, 0] : [0, 0, 0], restitution: e, wallRestitution: e },
      }));
      const m = w.masses[0];
      const walls = planar ? WALLS.slice(0, 4) : WALLS;
      let rMin = Infinity;
      let rMax = 0;
      for (let i = 0; i < w.count; i++) {
        rMin = Math.min(rMin, w.radii[i]);
        rMax = Math.max(rMax, w.radii[i]);
      }
      let base = 0;
      const rebase = () => {
        const s = w.stats();
        base = s.kineticEnergy + s.potentialEnergy - (s.work + s.heat - s.energyLost);
      };
      rebase();
      for (let round = 0; round < 6; round++) {
        const wall = walls[rng.int(walls.length)];
        const op = rng.int(5);
        if (op === 0) w.setWallVelocity(wall, (rng.next() - 0.6) * 6);
        else if (op === 1) w.setPiston(wall, { mass: m * 10 ** (rng.next() * 3 - 1), force: m * 100 * rng.next() });
        else if (op === 2) w.setWallTemperature(wall, m * (0.5 + 8 * rng.next()));
        else if (op === 3) {
          const k = planar ? rng.int(2) : rng.int(3);
          const b = w.bounds;
          const before = byId(w);
          try {
            w.setDivider({ axis: 'xyz'[k] as 'x', position: b[2 * k] + (b[2 * k + 1] - b[2 * k]) * (0.3 + 0.4 * rng.next()) });
          } catch (err) {
            // Too full for the spheres to fit on both sides: refused, nothing moved.
            expect(err).toBeInstanceOf(SolverInputError);
            expect(byId(w)).toEqual(before);
          }
        } else {
          w.setWallVelocity(wall, 0);
          w.setDivider(null);
        }
        rebase(); // an edit moves spheres: the ledger counts from here
        for (let k = 0; k < 30; k++) {
          w.step(DT);
          const label = `seed ${seed} round ${round} step ${k}`;
          expect(outside(w), label).toBe(0);
          // Under gravity, resting contacts may creep at the stop speed (see properties.test.ts).
          const creep = gravity ? (2 * STOP_FRACTION * Math.sqrt(2 * 9.81 * w.options.restingHeight * rMax) * w.time) / (2 * rMin) : 0;
          expect(deepestOverlap(w), label).toBeLessThan(1e-9 + creep);
          if (!gravity) {
            const s = w.stats();
            const now = s.kineticEnergy - (s.work + s.heat - s.energyLost);
            expect(Math.abs(now - base), label).toBeLessThan(1e-10 * (Math.abs(s.kineticEnergy) + Math.abs(s.work) + Math.abs(s.heat) + s.energyLost));
          }
        }
        for (const n of walls) {
          const s = w.wallState(n);
          expect(s.position).toBeLessThanOrEqual(s.max);
          expect(s.position).toBeGreaterThanOrEqual(s.min - 1e-12 * Math.abs(s.min));
        }
      }
      stops += w.stats().wallStops;
    }
    expect(stops).toBeGreaterThan(0);
  });

  it('a driven wall pushing a dense gas jams or stops rather than overlapping spheres', () => {
    const w = buildWorld(gasScene({ count: 300, packingFraction: 0.3, speed: 1, radius: 0.3, seed: 7, world: { maxEventsPerStep: 20_000 } }));
    w.setWallLimits('+x', { min: w.bounds[0] + 2 * 0.3 + 1e-6 });
    w.setWallVelocity('+x', -3);
    for (let k = 0; k < 300 && w.wallState('+x').velocity !== 0; k++) {
      w.step(DT);
      expect(outside(w)).toBe(0);
      expect(deepestOverlap(w)).toBeLessThan(1e-9);
    }
    expect(w.wallState('+x').velocity).toBe(0);
    expect(w.stats().wallStops).toBeGreaterThanOrEqual(1);
    // It could not have reached its limit: the spheres cannot fit.
    expect(w.stats().wallJams).toBe(1);
    for (let k = 0; k < 30; k++) w.step(DT);
    expect(outside(w)).toBe(0);
    expect(deepestOverlap(w)).toBeLessThan(1e-9);
  });
});
