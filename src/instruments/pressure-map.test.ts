import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, reachable, temperature, type World } from '../solver/index.ts';
import { BUCKET_SECONDS, FACE_STRIDE, PRESSURE_WINDOW_SECONDS, PressureMap, colourRange, faceAxes, niceCeiling, rampColour } from './pressure-map.ts';

const DT = 1 / 60;

/** Steps `world` n times, feeding the map after each step; returns the mean kT over the steps. */
function run(world: World, map: PressureMap, n: number): number {
  let kt = 0;
  for (let k = 0; k < n; k++) {
    world.step(DT);
    map.collided(world);
    kt += temperature(world);
  }
  return kt / n;
}

/** Carnahan-Starling compressibility P / (rho kT) of hard spheres filling a fraction eta. */
function carnahanStarling(eta: number): number {
  return (1 + eta + eta * eta - eta * eta * eta) / (1 - eta) ** 3;
}

describe('the pressure map', () => {
  it("keeps each face's total equal to the solver's wall impulse, every hit placed on a cell", () => {
    const world = buildWorld(gasScene({ count: 200, packingFraction: 0.05, speed: 3, radius: 0.15, seed: 3 }));
    const map = new PressureMap(world);
    run(world, map, 150);
    const readout = map.settle(world, world.stats().wallImpulses);
    const w = world.stats().wallImpulses;
    for (let f = 0; f < 6; f++) {
      expect(w[f]).toBeGreaterThan(0);
      // Summed in the solver's own order: equal to rounding, nothing left unplaced.
      expect(Math.abs(map.placed[f] - w[f])).toBeLessThanOrEqual(1e-12 * w[f]);
      expect(Math.abs(map.unplacedTotal[f])).toBeLessThanOrEqual(1e-12 * w[f]);
      expect(map.cellImpulse[f]).toBeCloseTo(map.faceImpulse[f], 10);
    }
    expect(readout.unplaced).toBeLessThan(1e-12);
  });

  it('holds exactly the impulse of the steps in its window once the window slides', () => {
    const world = buildWorld(gasScene({ count: 200, packingFraction: 0.05, speed: 3, radius: 0.15, seed: 4 }));
    const map = new PressureMap(world);
    const ends: { time: number; impulses: number[] }[] = [{ time: world.time, impulses: world.stats().wallImpulses }];
    for (let k = 0; k < 60 * (PRESSURE_WINDOW_SECONDS + 1.3); k++) {
      world.step(DT);
      map.collided(world);
      ends.push({ time: world.time, impulses: world.stats().wallImpulses });
    }
    map.settle(world, world.stats().wallImpulses);
    // The steps in the window are those ending in its buckets: the newest and the fifteen before.
    const newest = Math.floor(world.time / BUCKET_SECONDS);
    const oldest = newest - Math.round(PRESSURE_WINDOW_SECONDS / BUCKET_SECONDS) + 1;
    const before = ends.filter((e) => Math.floor(e.time / BUCKET_SECONDS) < oldest).pop()!;
    const now = world.stats().wallImpulses;
    for (let f = 0; f < 6; f++) expect(map.faceImpulse[f]).toBeCloseTo(now[f] - before.impulses[f], 9);
    expect(map.span(world.time)).toBeCloseTo(world.time - oldest * BUCKET_SECONDS, 12);
    expect(map.span(world.time)).toBeLessThanOrEqual(PRESSURE_WINDOW_SECONDS + 1e-9);
  });

  it('reads the hard-sphere gas pressure P = (N kT / V) Z(eta) on every face, within the noise', () => {
    const scene = gasScene({ count: 400, packingFraction: 0.02, speed: 3, radius: 0.12, seed: 5 });
    const world = buildWorld(scene);
    const map = new PressureMap(world);
    run(world, map, 120); // relax from one speed
    map.reset(world);
    const kt = run(world, map, 60 * PRESSURE_WINDOW_SECONDS);
    const readout = map.settle(world, world.stats().wallImpulses);
    const [volume] = reachable(world, 0.12);
    const [lx, ly, lz] = world.size;
    const eta = (400 * (4 / 3) * Math.PI * 0.12 ** 3) / (lx * ly * lz);
    const theory = ((400 * kt) / volume) * carnahanStarling(eta);
    let weighted = 0;
    let area = 0;
    for (let f = 0; f < 6; f++) {
      expect(readout.faces[f] / theory).toBeGreaterThan(0.8);
      expect(readout.faces[f] / theory).toBeLessThan(1.2);
      const a = map.cellArea[f] * map.nU[f] * map.nV[f];
      weighted += readout.faces[f] * a;
      area += a;
    }
    expect(weighted / area / theory).toBeGreaterThan(0.93);
    expect(weighted / area / theory).toBeLessThan(1.07);
    // The cells of a face average to the face.
    const f = 1;
    let sum = 0;
    for (let c = 0; c < map.nU[f] * map.nV[f]; c++) sum += map.pressure[f * FACE_STRIDE + c];
    expect(sum / (map.nU[f] * map.nV[f])).toBeCloseTo(readout.faces[f], 6);
    // The legend holds all but the 5% of cells at each end.
    const cells = Array.from(map.pressure.subarray(0, 6 * FACE_STRIDE)).filter((_, q) => q % FACE_STRIDE < map.nU[Math.floor(q / FACE_STRIDE)] * map.nV[Math.floor(q / FACE_STRIDE)]);
    expect(cells.filter((p) => p < readout.low || p > readout.scale).length).toBeLessThanOrEqual(Math.ceil(0.1 * cells.length) + 1);
  });

  it('shows the hydrostatic gradient: on a side wall under gravity P(y) falls off as exp(-m g y / kT)', () => {
    const g = 1;
    const world = buildWorld(gasScene({ count: 400, packingFraction: 0.02, speed: 3, radius: 0.12, seed: 6, world: { gravity: [0, -g, 0] } }));
    const map = new PressureMap(world);
    run(world, map, 60 * 6); // settle into the barometric profile
    const m = world.masses[0];
    const rows = map.nU[0];
    expect(faceAxes(0)[0]).toBe(1); // ±x: rows along u = y
    expect(faceAxes(4)[1]).toBe(1); // ±z: rows along v = y
    // Mean pressure of each row of the four side walls, over three whole windows.
    const row = new Array<number>(rows).fill(0);
    let kt = 0;
    for (let window = 0; window < 3; window++) {
      map.reset(world);
      kt += run(world, map, 60 * PRESSURE_WINDOW_SECONDS) / 3;
      map.settle(world, world.stats().wallImpulses);
      for (const f of [0, 1, 4, 5]) {
        for (let c = 0; c < map.nU[f] * map.nV[f]; c++) {
          const y = f < 4 ? c % rows : Math.floor(c / map.nU[f]);
          row[y] += map.pressure[f * FACE_STRIDE + c] / (3 * 4 * rows);
        }
      }
    }
    const beta = (m * g) / kt;
    const h = map.half[1] - map.margin;
    // Barometric: a row's mean pressure is kT n(y) averaged over the row's height.
    const rowMean = (iu: number): number => {
      const y0 = -h + (2 * h * iu) / rows;
      const y1 = y0 + (2 * h) / rows;
      return (Math.exp(-beta * y0) - Math.exp(-beta * y1)) / beta / (y1 - y0);
    };
    for (let iu = 0; iu + 1 < rows; iu++) expect(row[iu]).toBeGreaterThan(row[iu + 1]);
    const measured = Math.log(row[0] / row[rows - 1]);
    const predicted = Math.log(rowMean(0) / rowMean(rows - 1));
    expect(predicted).toBeGreaterThan(1);
    expect(measured / predicted).toBeGreaterThan(0.8);
    expect(measured / predicted).toBeLessThan(1.25);
  });

  it('counts impulse with no event (a full event buffer) on its face as unplaced, and says how much', () => {
    const scene = gasScene({ count: 300, packingFraction: 0.1, speed: 4, radius: 0.15, seed: 7 });
    const world = buildWorld({ ...scene, options: { ...scene.options, eventCapacity: 4 } });
    const map = new PressureMap(world);
    let dropped = 0;
    for (let k = 0; k < 60; k++) {
      world.step(DT);
      dropped += world.events.dropped;
      map.collided(world);
    }
    expect(dropped).toBeGreaterThan(0);
    const readout = map.settle(world, world.stats().wallImpulses);
    const w = world.stats().wallImpulses;
    let unplaced = 0;
    for (let f = 0; f < 6; f++) {
      expect(map.placed[f] + map.unplacedTotal[f]).toBeCloseTo(w[f], 9);
      expect(map.faceImpulse[f]).toBeCloseTo(w[f], 9); // the window still holds the whole run
      unplaced += map.unplacedTotal[f];
    }
    expect(unplaced).toBeGreaterThan(0);
    expect(readout.unplaced).toBeGreaterThan(0);
  });

  it('in planar mode has cells along the walls of the plane only, pressures per length', () => {
    const world = buildWorld(gasScene({ count: 150, packingFraction: 0.05, speed: 3, radius: 0.15, seed: 8, planar: true }));
    const map = new PressureMap(world);
    run(world, map, 120);
    const readout = map.settle(world, world.stats().wallImpulses);
    expect([...map.nU].map((n, f) => n * map.nV[f])).toEqual([12, 12, 12, 12, 0, 0]);
    expect(readout.planar).toBe(true);
    expect(Number.isNaN(readout.faces[4]) && Number.isNaN(readout.faces[5])).toBe(true);
    // The +x wall's cells are lengths of the wall: (Ly - 2r) / 12.
    expect(map.cellArea[1]).toBeCloseTo((world.size[1] - 0.3) / 12, 12);
    for (let f = 0; f < 4; f++) expect(readout.faces[f]).toBeGreaterThan(0);
  });

  it('starts afresh when time goes back (a restored moment)', () => {
    const scene = gasScene({ count: 100, packingFraction: 0.05, speed: 3, radius: 0.15, seed: 9 });
    const world = buildWorld(scene);
    const map = new PressureMap(world);
    run(world, map, 60);
    const fresh = buildWorld(scene);
    fresh.step(DT);
    map.collided(fresh);
    map.read(fresh.time);
    let total = 0;
    for (let f = 0; f < 6; f++) total += map.faceImpulse[f];
    let first = 0;
    for (let k = 0; k < fresh.events.count; k++) if (fresh.events.b[k] < 0) first += fresh.events.impulse[k];
    expect(total).toBeCloseTo(first, 12);
  });

  it('rounds the legend up to 1, 2 or 5 times a power of ten, and ramps from blue to red', () => {
    expect([niceCeiling(0.7), niceCeiling(1), niceCeiling(1.3), niceCeiling(3.1), niceCeiling(730), niceCeiling(0)]).toEqual([1, 1, 2, 5, 1000, NaN]);
    const out = new Float32Array(6);
    rampColour(0, out, 0);
    rampColour(2, out, 3);
    expect(out[2]).toBeGreaterThan(out[0]); // blue at 0
    expect(out[3]).toBeGreaterThan(out[5]); // red at the top (clamped)
  });
});

describe('colourRange', () => {
  it('spans the measured range in round ticks, so a gradient from 0.14 to 0.35 Pa fills the ramp', () => {
    const [low, high] = colourRange(0.1381, 0.3513, NaN, NaN);
    // Tick: 1, 2 or 5 times a power of ten at or above an eighth of the span (0.027): 0.05.
    expect([low, high]).toEqual([0.1, 0.4]);
    // Floor and ceiling land far apart on the ramp, not both in its bottom third as on a 0..1 scale.
    expect((0.3513 - low) / (high - low) - (0.1381 - low) / (high - low)).toBeGreaterThan(0.7);
  });

  it('keeps the range in use while the measurements stay inside it and it is at most a quarter wider than a fresh one', () => {
    // Fresh would be 0.1..0.4; 0.1..0.45 is wider by a sixth: kept.
    expect(colourRange(0.13, 0.37, NaN, NaN)).toEqual([0.1, 0.4]);
    expect(colourRange(0.13, 0.37, 0.1, 0.45)).toEqual([0.1, 0.45]);
    // Outside it: a new range.
    expect(colourRange(0.15, 0.45, 0.1, 0.4)).toEqual([0.15, 0.45]);
    // Inside but three times as wide as a fresh range: the fresh one.
    expect(colourRange(0.2, 0.3, 0.1, 0.4)).toEqual([0.2, 0.3]);
  });

  it('keeps 0 at the bottom for a uniform map and is NaN while the map is empty', () => {
    expect(colourRange(0.98, 1.01, NaN, NaN)).toEqual([0, 2]);
    expect(colourRange(Infinity, 0, NaN, NaN).every(Number.isNaN)).toBe(true);
  });

  it('holds all but the tails of a settled gravity map, the floor far above the ceiling on it', () => {
    const world = buildWorld(gasScene({ count: 400, packingFraction: 0.02, speed: 3, radius: 0.12, seed: 6, world: { gravity: [0, -1, 0] } }));
    const map = new PressureMap(world);
    run(world, map, 60 * 5);
    const readout = map.settle(world, world.stats().wallImpulses);
    const cells: number[] = [];
    for (let w = 0; w < 6; w++) for (let c = 0; c < map.nU[w] * map.nV[w]; c++) cells.push(map.pressure[w * FACE_STRIDE + c]);
    expect(cells.filter((p) => p < readout.low || p > readout.scale).length).toBeLessThanOrEqual(Math.ceil(0.1 * cells.length) + 1);
    // No wider than a 0-based legend up to the highest cell, and the floor reads higher on it than the ceiling.
    expect(readout.scale - readout.low).toBeLessThanOrEqual(niceCeiling(Math.max(...cells)));
    expect((readout.faces[2] - readout.low) / (readout.scale - readout.low)).toBeGreaterThan((readout.faces[3] - readout.low) / (readout.scale - readout.low) + 0.3);
  });
});
