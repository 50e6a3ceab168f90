/**
 * `npx tsx bench/compare.ts <git revision> [count] [rounds]`: this working tree's solver against
 * the solver of another commit, side by side in one process. Both step the same gas (packing
 * fraction 0.05, speed 5, dt 1/60; count 100,000 by default) in alternating blocks of steps, so
 * the machine's load moves both alike; on a shared machine two separate runs can differ by a
 * third, which hides a change of a few percent. The other commit's `src/solver` is extracted
 * into bench/.compare/<revision>/ (inside the project, so it is compiled with the same settings).
 * Prints the mean time of a step of each (ratio > 1: the working tree is slower), then the spread
 * of each one's step times (median, p99, max); 64 rounds at 100,000 spheres give 512 steps each.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import * as current from '../src/solver/index.ts';

const [rev, countArg, roundsArg] = process.argv.slice(2);
if (!rev) {
  console.error('usage: npx tsx bench/compare.ts <git revision> [count] [rounds]');
  process.exit(2);
}
const sha = execFileSync('git', ['rev-parse', '--short', rev], { encoding: 'utf8' }).trim();
const dir = `bench/.compare/${sha}`;
if (!existsSync(`${dir}/src/solver/index.ts`)) {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} src/solver | tar -x -C ${dir}`]);
}
const other: typeof current = await import(`./.compare/${sha}/src/solver/index.ts`);
const count = Number(countArg ?? 100_000);
const rounds = Number(roundsArg ?? 12);
const block = count >= 50_000 ? 8 : 64;
const make = (m: typeof current) => m.buildWorld(m.gasScene({ count, packingFraction: 0.05, speed: 5, radius: 0.5, seed: 1 }));
const worlds = [make(current), make(other)];
for (const w of worlds) for (let k = 0; k < 2 * block; k++) w.step(1 / 60);
const total = [0, 0];
const times: number[][] = [[], []];
for (let r = 0; r < rounds; r++) {
  for (const q of r % 2 ? [1, 0] : [0, 1]) {
    const t0 = performance.now();
    for (let k = 0; k < block; k++) {
      const s = performance.now();
      worlds[q].step(1 / 60);
      times[q].push(performance.now() - s);
    }
    total[q] += performance.now() - t0;
  }
}
const per = (q: number) => (total[q] / (rounds * block)).toFixed(2);
console.log(`${count} spheres: working tree ${per(0)} ms/step, ${sha} ${per(1)} ms/step, ratio ${(total[0] / total[1]).toFixed(3)}`);
// The spread of each one's step times (a renumbering shows in the max).
const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
for (const q of [0, 1]) {
  const t = times[q].sort((a, b) => a - b);
  const med = at(t, 0.5);
  console.log(`  ${q === 0 ? 'working tree' : sha}: ${t.length} steps, median ${med.toFixed(2)} ms, p99 ${at(t, 0.99).toFixed(2)}, max ${at(t, 1).toFixed(2)} (max / median ${(at(t, 1) / med).toFixed(2)})`);
}
