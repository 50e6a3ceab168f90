/**
 * The scaling rows of `npm run bench`: this solver alone, a gas at packing fraction 0.05 (speed 5,
 * radius 0.5, dt 1/60) at N = 1,000, 10,000, 50,000 and 100,000, then the same 100,000 spheres as
 * ten separate worlds of 10,000. Writes the rows to bench/results/scaling.json.
 *
 * `npm run bench` starts this file in a process of its own: measured in the process that has just
 * run the peer engines (their WebAssembly heaps and garbage still mapped), 100,000 spheres took
 * 22.8 ms a step where a fresh process took 12.5 to 15 ms at the same hour. A fresh process is
 * also how the sandbox runs the solver at that size: alone, in its worker.
 *
 * Run alone: `npx tsx bench/scaling.ts [--steps K]` (measured steps per row below 20,000 spheres,
 * default 120; larger rows measure 128 steps, two renumbering periods, so that the mean includes
 * its share of the renumbering).
 *
 * Then the walls row: 10,000 spheres with a free piston (+x) and two thermal walls (-y, +y)
 * against the same gas with fixed walls, stepped in alternating blocks (the machine's load moves
 * both alike). `--walls` runs that row alone.
 *
 * Then the wells row: 10,000 spheres condensing (condensingGasScene: wells of range 1.5, six
 * thermal walls at kT = 0.6 eps, packing fraction 0.05) against the plain gas of the same spheres
 * and speeds, in alternating blocks likewise. `--wells` runs that row alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildWorld, condensingGasScene, gasScene } from '../src/solver/index.ts';
import type { World } from '../src/solver/index.ts';

const DT = 1 / 60;
/** Warm-up steps: enough for the JIT to compile the step at the small sizes too. */
const warmupSteps = (count: number) => (count <= 20000 ? 100 : 10);
const args = process.argv.slice(2);
const stepsArg = args.indexOf('--steps');
const STEPS = stepsArg >= 0 ? Number(args[stepsArg + 1]) : 120;
/** Measured steps for the large rows: two renumbering periods (every 64 steps from 16,384 spheres). */
const LARGE_STEPS = 128;

export interface ScalingRow {
  count: number;
  medianMs: number;
  p95Ms: number;
  /** Mean over the measured steps, the renumbering steps included: the sustained cost of a step. */
  meanMs: number;
  /** Events per step (collisions, wall hits, cell crossings, stale predictions), mean: the work. */
  eventsPerStep: number;
  bytesPerSphere: number;
  energyDrift: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const gas = (count: number, seed: number) => buildWorld(gasScene({ count, packingFraction: 0.05, speed: 5, radius: 0.5, seed }));

const wallsOnly = args.includes('--walls');
const wellsOnly = args.includes('--wells');
const scaling: ScalingRow[] = [];
let tenWorldsOf10000Ms = NaN;
if (!wallsOnly && !wellsOnly) {
  console.log('\nscaling (sphere-sandbox alone in a fresh process, packing fraction 0.05, speed 5, dt 1/60)');
  for (const count of [1000, 10000, 50000, 100000]) {
    const w = gas(count, 1);
    const e0 = w.stats().kineticEnergy;
    for (let k = 0; k < warmupSteps(count); k++) w.step(DT);
    const steps = count > 20000 ? LARGE_STEPS : STEPS;
    const times: number[] = [];
    let events = 0;
    for (let k = 0; k < steps; k++) {
      const t0 = performance.now();
      w.step(DT);
      times.push(performance.now() - t0);
      events += w.lastStep.events;
    }
    const meanMs = times.reduce((s, x) => s + x, 0) / times.length;
    times.sort((a, b) => a - b);
    const row: ScalingRow = {
      count,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      meanMs,
      eventsPerStep: events / steps,
      bytesPerSphere: w.memoryBytes() / count,
      energyDrift: (w.stats().kineticEnergy - e0) / e0,
    };
    scaling.push(row);
    console.log(
      `N=${String(count).padStart(6)}  median ${row.medianMs.toFixed(2).padStart(7)} ms  mean ${row.meanMs.toFixed(2).padStart(7)} ms  p95 ${row.p95Ms.toFixed(2).padStart(7)} ms  ${row.eventsPerStep.toFixed(0).padStart(6)} events/step  ${row.bytesPerSphere.toFixed(0)} bytes/sphere  drift ${row.energyDrift.toExponential(2)}`,
    );
  }
  const t10 = scaling.find((r) => r.count === 10000)!.medianMs;
  const t100 = scaling.find((r) => r.count === 100000)!.medianMs;
  const e10 = scaling.find((r) => r.count === 10000)!.eventsPerStep;
  const e100 = scaling.find((r) => r.count === 100000)!.eventsPerStep;
  console.log(`time(100,000) / time(10,000) = ${(t100 / t10).toFixed(2)} (medians); events(100,000) / events(10,000) = ${(e100 / e10).toFixed(2)}`);

  // The same work as 100,000 spheres split into ten independent worlds of 10,000, stepped in turn:
  // the best any division of space could do. Each world's data (about 2.5 MB) has left the caches
  // by its next turn, so this shows what memory alone costs on this machine.
  const worlds = Array.from({ length: 10 }, (_, k) => gas(10000, k + 1));
  for (let k = 0; k < 10; k++) for (const w of worlds) w.step(DT);
  const rounds: number[] = [];
  for (let k = 0; k < 60; k++) {
    const t0 = performance.now();
    for (const w of worlds) w.step(DT);
    rounds.push(performance.now() - t0);
  }
  rounds.sort((a, b) => a - b);
  tenWorldsOf10000Ms = percentile(rounds, 0.5);
  console.log(`10 separate worlds of 10,000, one step each in turn: median ${tenWorldsOf10000Ms.toFixed(2)} ms a round (${(tenWorldsOf10000Ms / t10).toFixed(2)} x time(10,000))`);
}

/** The walls row: each world's median ms a step and events a step, and what the walls did. */
export interface WallsRow {
  count: number;
  fixedMs: number;
  thermoMs: number;
  fixedEvents: number;
  thermoEvents: number;
  /** Over the measured steps: the piston's mean position (m from the centre) and the heat through the thermal walls, J. */
  pistonMean: number;
  heat: number;
}

/**
 * Steps two worlds in alternating blocks of 20 steps (STEPS each, after 100 each to warm up), so
 * that the machine's load moves both alike; `begin()` runs once warm, `after(q)` after each measured
 * step of world q. Returns each world's step times, sorted, and its events a step.
 */
function alternate(worlds: [World, World], begin: () => void, after: (q: number) => void): { times: number[][]; events: number[] } {
  for (let k = 0; k < 100; k++) for (const w of worlds) w.step(DT);
  begin();
  const block = 20;
  const times: number[][] = [[], []];
  const events = [0, 0];
  for (let round = 0; round < Math.max(1, Math.round(STEPS / block)); round++) {
    for (const q of round % 2 ? [1, 0] : [0, 1]) {
      for (let k = 0; k < block; k++) {
        const t0 = performance.now();
        worlds[q].step(DT);
        times[q].push(performance.now() - t0);
        events[q] += worlds[q].lastStep.events;
        after(q);
      }
    }
  }
  for (const t of times) t.sort((a, b) => a - b);
  return { times, events: events.map((e, q) => e / times[q].length) };
}

function wallsRow(count: number): WallsRow {
  const fixed = gas(count, 1);
  const thermo = gas(count, 1);
  const m = thermo.masses[0];
  const kT = (m * 5 * 5) / 3; // the gas's: every sphere starts at speed 5
  const [lx, ly, lz] = thermo.size;
  const r = 0.5;
  const eta = 0.05;
  // The force that balances the gas's pressure (Carnahan-Starling) on the piston's area: it stays about where it is.
  const pressure = ((count * kT) / ((lx - 2 * r) * (ly - 2 * r) * (lz - 2 * r))) * ((1 + eta + eta * eta - eta ** 3) / (1 - eta) ** 3);
  thermo.setPiston('+x', { mass: 100 * m, force: pressure * (ly - 2 * r) * (lz - 2 * r) });
  thermo.setWallTemperature('-y', kT);
  thermo.setWallTemperature('+y', kT);
  let heat0 = 0;
  let piston = 0;
  const { times, events } = alternate(
    [fixed, thermo],
    () => (heat0 = thermo.stats().heat),
    (q) => {
      if (q === 1) piston += thermo.wallState('+x').position;
    },
  );
  return {
    count,
    fixedMs: percentile(times[0], 0.5),
    thermoMs: percentile(times[1], 0.5),
    fixedEvents: events[0],
    thermoEvents: events[1],
    pistonMean: piston / times[1].length,
    heat: thermo.stats().heat - heat0,
  };
}

const walls = wellsOnly ? null : wallsRow(10000);
if (walls) {
  const halfFrame = gas(10000, 1).size[0] / 2;
  console.log(
    `\n10,000 spheres, a free piston and two thermal walls: median ${walls.thermoMs.toFixed(2)} ms (${walls.thermoEvents.toFixed(0)} events/step) against ${walls.fixedMs.toFixed(2)} ms (${walls.fixedEvents.toFixed(0)} events/step) with fixed walls: ${(walls.thermoMs / walls.fixedMs).toFixed(2)} times; piston at ${walls.pistonMean.toFixed(2)} m (the frame at ${halfFrame.toFixed(2)}), heat ${walls.heat.toExponential(2)} J`,
  );
}

/** The wells row: the plain gas's and the condensing gas's median ms and events a step, and the condensing gas's pairs inside a well at the end. */
export interface WellsRow {
  count: number;
  plainMs: number;
  wellsMs: number;
  plainEvents: number;
  wellsEvents: number;
  wellPairs: number;
}

function wellsRow(count: number): WellsRow {
  const scene = condensingGasScene({ count, packingFraction: 0.05, temperature: 0.6, seed: 1 });
  const plain = buildWorld({ options: scene.options, spheres: scene.spheres });
  const condensing = buildWorld(scene);
  const { times, events } = alternate([plain, condensing], () => {}, () => {});
  return {
    count,
    plainMs: percentile(times[0], 0.5),
    wellsMs: percentile(times[1], 0.5),
    plainEvents: events[0],
    wellsEvents: events[1],
    wellPairs: condensing.stats().wellPairs,
  };
}

const wells = wallsOnly ? null : wellsRow(10000);
if (wells) {
  console.log(
    `\n10,000 spheres condensing (wells of range 1.5, thermal walls at kT = 0.6 eps): median ${wells.wellsMs.toFixed(2)} ms (${wells.wellsEvents.toFixed(0)} events/step) against ${wells.plainMs.toFixed(2)} ms (${wells.plainEvents.toFixed(0)} events/step) for the plain gas: ${(wells.wellsMs / wells.plainMs).toFixed(2)} times; ${wells.wellPairs} pairs inside a well`,
  );
}

mkdirSync('bench/results', { recursive: true });
if (!wallsOnly && !wellsOnly) writeFileSync('bench/results/scaling.json', JSON.stringify({ steps: STEPS, largeSteps: LARGE_STEPS, dt: DT, scaling, tenWorldsOf10000Ms, walls, wells }, null, 2));
