/**
 * `npm run profile`: steps one gas scene (default 100,000 spheres at packing fraction 0.05, speed
 * 5, dt 1/60) under the V8 CPU profiler and prints where the time goes (self time per function)
 * and the solver's work per step. Options: `--count N`, `--phi F`, `--steps K`.
 * The raw profile is written to bench/results/*.cpuprofile (open it in Chrome DevTools).
 */
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildWorld, gasScene } from '../src/solver/index.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const k = args.indexOf(name);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const count = arg('--count', 100_000);
const phi = arg('--phi', 0.05);
const steps = arg('--steps', 60);
const DT = 1 / 60;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const world = buildWorld(gasScene({ count, packingFraction: phi, speed: 5, radius: 0.5, seed: 1 }));
  console.log(`built ${count} spheres in ${(performance.now() - t0).toFixed(0)} ms`);
  for (let k = 0; k < 10; k++) world.step(DT);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let events = 0;
  let crossings = 0;
  let pairs = 0;
  let walls = 0;
  const t1 = performance.now();
  for (let k = 0; k < steps; k++) {
    world.step(DT);
    events += world.lastStep.events;
    crossings += world.lastStep.cellCrossings;
    pairs += world.lastStep.pairCollisions;
    walls += world.lastStep.wallCollisions;
  }
  const ms = (performance.now() - t1) / steps;
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  console.log(`${ms.toFixed(2)} ms/step; per step: ${(events / steps).toFixed(0)} events, ${(pairs / steps).toFixed(0)} pair collisions, ${(walls / steps).toFixed(0)} wall collisions, ${(crossings / steps).toFixed(0)} cell crossings; ${((ms * 1e6) / (events / steps)).toFixed(0)} ns/event`);
  const nodes = profile.nodes as ProfileNode[];
  const total = nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const self = new Map<string, number>();
  for (const n of nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (n.hitCount ?? 0));
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log('self time:');
  for (const [name, hits] of top) console.log(`  ${((100 * hits) / total).toFixed(1).padStart(5)}%  ${name}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/profile-${count}.cpuprofile`, JSON.stringify(profile));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
