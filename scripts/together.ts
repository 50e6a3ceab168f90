// Runs npm scripts side by side, in stages one after another:
//   tsx scripts/together.ts typecheck lint build then test:unit:main then test:browser:main
// The scripts of a stage start together; the next stage starts when every one of them has ended.
// Each script's output is held and printed whole when it ends, with its time, so that the logs do
// not interleave. Every stage runs, whatever failed before it, so that one failure never hides
// another; the exit status is 1 when any script failed, and the failed ones are named last.
// `npm test` runs type-check, lint and build side by side (each keeps about one core busy), then
// the test groups one after another: run beside the browser tests, the unit tests took their CPU
// (SwiftShader's threads keep both cores busy) and the two together took longer than one after
// the other (466 s against 96 + 308 s on this 2-core machine).
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const stages: string[][] = [[]];
for (const arg of args) {
  if (arg === 'then') stages.push([]);
  else stages[stages.length - 1].push(arg);
}
if (stages.some((stage) => stage.length === 0)) {
  console.error('usage: tsx scripts/together.ts <npm script> [<npm script> ...] [then <npm script> ...]');
  process.exit(2);
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

function run(name: string): Promise<Outcome> {
  const start = performance.now();
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const finish = (code: number): void => {
      const seconds = (performance.now() - start) / 1000;
      const output = Buffer.concat(chunks).toString('utf8').trimEnd();
      process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s\n${output ? output + '\n' : ''}`);
      done({ name, code, seconds });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error)));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const failed: Outcome[] = [];
const begun = performance.now();
for (const [k, stage] of stages.entries()) {
  if (stages.length > 1) process.stdout.write(`\n══ stage ${k + 1} of ${stages.length}: ${stage.join(', ')} (started at ${((performance.now() - begun) / 1000).toFixed(0)} s)\n`);
  const outcomes = await Promise.all(stage.map(run));
  failed.push(...outcomes.filter((o) => o.code !== 0));
}
if (stages.length > 1) process.stdout.write(`\n══ all stages ended in ${((performance.now() - begun) / 1000).toFixed(0)} s\n`);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((o) => `npm run ${o.name}`).join(', ')}`);
  process.exit(1);
}
