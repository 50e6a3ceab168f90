// Runs npm scripts side by side (`tsx scripts/together.ts typecheck lint build`): each one's output
// is held and printed whole when it ends, with its time, so that the logs do not interleave. Every
// script runs to its end; the exit status is 1 when any of them failed, and the failed ones are
// named last. `npm test` runs the checks that share nothing this way: each of them keeps one core
// busy at most, so on a 2-core machine two or three together take little longer than the longest.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/together.ts <npm script> [<npm script> ...]');
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

const outcomes = await Promise.all(names.map(run));
const failed = outcomes.filter((o) => o.code !== 0);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((o) => `npm run ${o.name}`).join(', ')}`);
  process.exit(1);
}
