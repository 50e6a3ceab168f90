/**
 * Which steps of a large two-size gas are slow, and why: steps a 50,000-sphere gas (radii 0.25 and
 * 0.5 m drawn at random, packing fraction 0.05, speed 5, dt 1/60) from the first step after
 * building, timing each step and noting the ones that start or carry a renumbering (the world's
 * layout version changes) and the garbage collections that fall inside a step (Node's `gc`
 * performance entries). Prints the median, p95 and the slowest steps with what they hold; then
 * builds more worlds in the same process and times their first steps, to tell a one-time JIT
 * warm-up from a cost of every world's first step: a second world as the first, a third never
 * renumbered (`reorderEvery` -1), a fourth as the first again.
 *
 * `npx tsx bench/slow-step.ts [--count N] [--steps K]`
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { buildWorld, gasScene } from '../src/solver/index.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const COUNT = arg('--count', 50000);
const STEPS = arg('--steps', 300);
const DT = 1 / 60;

const gcs: { start: number; duration: number; kind: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, duration: e.duration, kind: (e.detail as { kind?: number } | undefined)?.kind ?? -1 });
});
observer.observe({ entryTypes: ['gc'] });

interface StepRow {
  step: number;
  ms: number;
  start: number;
  layout: boolean;
  gcMs: number;
}

function run(label: string, seed: number, reorderEvery = 0): StepRow[] {
  const t0 = performance.now();
  const world = buildWorld(gasScene({ count: COUNT, packingFraction: 0.05, speed: 5, radius: [0.25, 0.5], seed, world: { reorderEvery } }));
  console.log(`${label}: built ${COUNT} spheres in ${(performance.now() - t0).toFixed(0)} ms`);
  const rows: StepRow[] = [];
  for (let k = 0; k < STEPS; k++) {
    const layout = world.layoutVersion;
    const start = performance.now();
    world.step(DT);
    const ms = performance.now() - start;
    rows.push({ step: k + 1, ms, start, layout: world.layoutVersion !== layout, gcMs: 0 });
  }
  return rows;
}

function report(label: string, rows: StepRow[]): void {
  // Garbage collections inside each step (entries arrive asynchronously: read them after the run).
  for (const g of gcs) for (const r of rows) if (g.start >= r.start && g.start < r.start + r.ms) r.gcMs += g.duration;
  const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const p95 = sorted[Math.floor(0.95 * sorted.length)];
  const later = rows.slice(10).map((r) => r.ms).sort((a, b) => a - b);
  console.log(`${label}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms; steps 11 on: max ${later[later.length - 1].toFixed(2)} ms (${(later[later.length - 1] / median).toFixed(2)} x median)`);
  const slow = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 6);
  for (const r of slow) console.log(`  step ${String(r.step).padStart(3)}: ${r.ms.toFixed(2)} ms (${(r.ms / median).toFixed(2)} x median)${r.layout ? ', layout changed (renumbering)' : ''}${r.gcMs > 0 ? `, GC ${r.gcMs.toFixed(1)} ms inside` : ''}`);
  const renumbering = rows.filter((r) => r.layout && r.step > 10);
  if (renumbering.length > 0) console.log(`  renumbering steps after the 10th: ${renumbering.map((r) => `${r.step} (${r.ms.toFixed(1)} ms)`).join(', ')}`);
  console.log(`  first five steps: ${rows.slice(0, 5).map((r) => r.ms.toFixed(1)).join(', ')} ms`);
}

const first = run('first world', 1);
await new Promise((resolve) => setTimeout(resolve, 50));
report('first world', first);
gcs.length = 0;
const second = run('second world (same process: JIT already warm)', 2);
await new Promise((resolve) => setTimeout(resolve, 50));
report('second world', second);
gcs.length = 0;
// The same, never renumbered: what of the first step is the whole renumbering after a build.
const third = run('third world, never renumbered (reorderEvery -1)', 3, -1);
await new Promise((resolve) => setTimeout(resolve, 50));
report('third world', third);
gcs.length = 0;
const fourth = run('fourth world, renumbered as by default', 4);
await new Promise((resolve) => setTimeout(resolve, 50));
report('fourth world', fourth);
observer.disconnect();
