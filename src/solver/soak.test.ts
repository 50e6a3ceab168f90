/**
 * Soak test: one world of 2,000 spheres run for a whole lesson's worth of steps. First half:
 * gravity and e = 0.8 (a pile forms and settles); second half: the same spheres kicked into a gas,
 * e = 1, no gravity. Asserts the invariants throughout, that the solver's memory does not grow, and
 * that the work of every step stays bounded (events counted, never milliseconds).
 *
 * 100,000 steps by default; `npm run test:long` runs it with `SOAK_STEPS=1000000`. It is not part of `npm test`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, Random } from './index.ts';
import type { World } from './index.ts';
import { STOP_FRACTION } from './options.ts';
import { checkLegal, deepestOverlap } from '../testing/solver.ts';

const STEPS = Math.max(1000, Math.round(Number(process.env.SOAK_STEPS ?? 100_000) || 100_000));
const N = 2000;
const DT = 1 / 60;
const G = 9.81;
const KICK = 1.5;

/** A full garbage collection, when the runtime lets us ask for one. */
function collectGarbage(): boolean {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (() => void) | undefined;
    if (typeof gc !== 'function') return false;
    gc();
    gc();
    return true;
  } catch {
    return false;
  }
}

function heapAfterGc(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Summary of one phase's per-step work. */
interface PhaseWork {
  steps: number;
  maxEvents: number;
  totalEvents: number;
  maxFrozen: number;
}

/** Throws unless the state is legal (see checkLegal); returns the deepest overlap when `deep` (an O(N^2) measure). */
function legalOverlap(w: World, label: string, deep: boolean): number {
  checkLegal(w, label);
  return deep ? deepestOverlap(w) : 0;
}

describe(`soak: ${N} spheres, ${STEPS.toLocaleString('en')} steps`, () => {
  it('stays legal, conserves or loses energy as the physics says, keeps its memory and bounds its work', () => {
    const half = Math.floor(STEPS / 2);
    const w = buildWorld(gasScene({ count: N, packingFraction: 0.05, speed: 2, radius: [0.1, 0.2], seed: 2026, aspect: [1.6, 0.4, 1.6], world: { gravity: [0, -G, 0], restitution: 0.8, wallRestitution: 0.8 } }));
    expect(legalOverlap(w, 'start', true)).toBeLessThan(1e-9);
    let pileOverlap = 0;
    let gasOverlap = 0;
    let gasOverlapLate = 0;
    // Allowance for a step under gravity: a slide from rest may take its first hop (m g r / 500).
    let hop = 0;
    for (let i = 0; i < w.count; i++) hop += w.masses[i] * G * 0.002 * w.radii[i];

    // Wall time for the report only (the unit tests' performance.now is a steady test clock: src/testing/steady-clock.ts).
    const t0 = Date.now();
    // ---- phase 1: gravity, e = 0.8
    const pile: PhaseWork = { steps: 0, maxEvents: 0, totalEvents: 0, maxFrozen: 0 };
    let settledMax = 0; // most events in a step once the pile has settled (second half of the phase)
    let s = w.stats();
    let e0 = s.kineticEnergy + s.potentialEnergy;
    const eStart = e0;
    let heapBefore = 0;
    let bytesBefore = 0;
    for (let k = 0; k < half; k++) {
      w.step(DT);
      const ev = w.lastStep.events;
      pile.steps++;
      pile.totalEvents += ev;
      if (ev > pile.maxEvents) pile.maxEvents = ev;
      if (w.lastStep.frozen > pile.maxFrozen) pile.maxFrozen = w.lastStep.frozen;
      if (k >= half / 2 && ev > settledMax) settledMax = ev;
      pileOverlap = Math.max(pileOverlap, legalOverlap(w, `pile step ${k}`, k % 1000 === 999));
      s = w.stats();
      const e1 = s.kineticEnergy + s.potentialEnergy;
      if (!(e1 <= e0 + hop + 1e-9 * Math.abs(e0))) throw new Error(`pile step ${k}: energy rose from ${e0} to ${e1}`);
      e0 = e1;
      if (k === 1000) {
        heapBefore = heapAfterGc();
        // The collision event buffer grows with the busiest step seen (up to its capacity); the
        // rest must not grow at all.
        bytesBefore = w.memoryBytes() - w.events.memoryBytes();
      }
    }
    const pileEnd = w.stats();
    const t1 = Date.now();
    // The pile lost energy (e = 0.8) and nearly all of it came to rest.
    expect(pileEnd.kineticEnergy + pileEnd.potentialEnergy).toBeLessThan(eStart);
    expect(pileEnd.kineticEnergy).toBeLessThan(1e-3 * (eStart - (pileEnd.kineticEnergy + pileEnd.potentialEnergy)));

    // ---- phase 2: no gravity, e = 1, every sphere kicked to KICK m/s in a random direction
    w.setGravity([0, 0, 0]);
    w.setRestitution(1);
    w.setWallRestitution(1);
    const rnd = new Random(7);
    for (let i = 0; i < w.count; i++) {
      const z = 2 * rnd.next() - 1;
      const phi = 2 * Math.PI * rnd.next();
      const rho = Math.sqrt(1 - z * z);
      w.setVelocity(w.idAt(i), [KICK * rho * Math.cos(phi), KICK * rho * Math.sin(phi), KICK * z]);
    }
    checkLegal(w, 'kick');
    const gas: PhaseWork = { steps: 0, maxEvents: 0, totalEvents: 0, maxFrozen: 0 };
    // The kicked pile is dense: its first steps are a burst of collisions while it spreads out.
    const SPREAD_STEPS = Math.min(5000, Math.floor((STEPS - half) / 10));
    let spreadMax = 0;
    let spreadEvents = 0;
    const keStart = w.stats().kineticEnergy;
    const lostStart = w.stats().energyLost;
    let keDrift = 0;
    for (let k = 0; k < STEPS - half; k++) {
      w.step(DT);
      const ev = w.lastStep.events;
      gas.steps++;
      gas.totalEvents += ev;
      if (k >= SPREAD_STEPS) spreadEvents += ev;
      if (ev > gas.maxEvents) gas.maxEvents = ev;
      if (k >= SPREAD_STEPS && ev > spreadMax) spreadMax = ev;
      if (w.lastStep.frozen > gas.maxFrozen) gas.maxFrozen = w.lastStep.frozen;
      const overlap = legalOverlap(w, `gas step ${k}`, k % 1000 === 999);
      gasOverlap = Math.max(gasOverlap, overlap);
      if (k >= (STEPS - half) / 2) gasOverlapLate = Math.max(gasOverlapLate, overlap);
      if (k % 100 === 99) {
        const ke = w.stats().kineticEnergy;
        keDrift = Math.max(keDrift, Math.abs(ke - keStart) / keStart);
      }
    }
    const gasEnd = w.stats();
    const t2 = Date.now();
    keDrift = Math.max(keDrift, Math.abs(gasEnd.kineticEnergy - keStart) / keStart);
    const heapAfter = heapAfterGc();
    const bytesAfter = w.memoryBytes() - w.events.memoryBytes();
    const eventBytes = w.events.memoryBytes();

    const meanGas = gas.totalEvents / gas.steps;
    const meanSpread = spreadEvents / (gas.steps - SPREAD_STEPS);
    console.log(
      `soak ${STEPS} steps, ${N} spheres (${((t1 - t0) / 1000).toFixed(1)} s + ${((t2 - t1) / 1000).toFixed(1)} s, reported, not asserted): pile max ${pile.maxEvents} events/step (mean ${(pile.totalEvents / pile.steps).toFixed(1)}, after settling max ${settledMax}), ` +
        `gas max ${gas.maxEvents} events/step (mean ${meanGas.toFixed(1)}; once spread max ${spreadMax}, mean ${meanSpread.toFixed(1)}), frozen max ${pile.maxFrozen}/${gas.maxFrozen}, ` +
        `gas energy drift ${keDrift.toExponential(2)}, deepest overlap pile ${pileOverlap.toExponential(2)} gas ${gasOverlap.toExponential(2)} (late ${gasOverlapLate.toExponential(2)}), solver bytes ${bytesBefore} -> ${bytesAfter}, heap ${(heapBefore / 1e6).toFixed(1)} MB -> ${(heapAfter / 1e6).toFixed(1)} MB`,
    );

    // Overlaps: in the pile no deeper than the documented creep of resting contacts (a pair
    // closing slower than STOP_FRACTION of the resting speed is at rest) over the time simulated;
    // the gas starts from that pile and ends with none beyond 1e-9 of a radius sum.
    const stopSpeed = STOP_FRACTION * Math.sqrt(2 * G * w.options.restingHeight * 0.2);
    expect(pileOverlap).toBeLessThan(1e-9 + (2 * stopSpeed * half * DT) / (2 * 0.1));
    expect(gasOverlap).toBeLessThanOrEqual(Math.max(pileOverlap, 1e-9));
    expect(gasOverlapLate).toBeLessThan(1e-9);
    // Elastic gas: energy conserved to rounding over the whole phase, none lost.
    expect(keDrift).toBeLessThan(1e-9);
    expect(gasEnd.energyLost - lostStart).toBe(0);
    // Bounded work: the event budget (10,000 + 500 per sphere) is never reached in either phase ...
    expect(pile.maxFrozen).toBe(0);
    expect(gas.maxFrozen).toBe(0);
    // ... a settled pile costs next to nothing (a few events per step, not one per sphere) ...
    expect(settledMax).toBeLessThan(N / 10);
    // ... and once the gas has spread, no step does more than three times the mean (no runaway).
    expect(spreadMax).toBeLessThan(3 * meanSpread);
    // Memory: the solver's typed arrays did not grow after the first thousand steps (the event
    // buffer only up to its capacity, 88 bytes an entry: time, two ids, normal, contact point,
    // impulse, energy lost, closing speed), and the JS heap grew by less than 4 MB
    // over the whole run (a leak of a few bytes per step would show).
    expect(bytesAfter).toBe(bytesBefore);
    expect(eventBytes).toBeLessThanOrEqual(88 * w.options.eventCapacity + w.events.pending.byteLength);
    expect(heapAfter - heapBefore).toBeLessThan(4e6);
  }, 900_000);
});
