// Browser tests: serves the production build (dist/) on a free local port, drives Debian's
// Chromium headless with software WebGL through playwright-core, and runs every suite in
// tests/browser/suites/ (app and classroom first, then the rest by name). Each suite exports a
// default `async (ctx) => {}` with ctx = { browser, port, base, consoleErrors }.
// `node tests/browser/run.mjs embed faults` runs only the suites named. Screenshots go to
// test-results/. Exits non-zero with a clear message on the first failure.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, dist, fail, launchBrowser, passed, results, root, serveDir, step, TestFailure } from './harness.mjs';

const FIRST = ['app', 'classroom'];

function suiteNames() {
  const all = readdirSync(join(root, 'tests/browser/suites'))
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => f.slice(0, -4));
  const ordered = [...FIRST.filter((n) => all.includes(n)), ...all.filter((n) => !FIRST.includes(n)).sort()];
  const wanted = process.argv.slice(2);
  for (const w of wanted) if (!all.includes(w)) fail(`no browser suite named "${w}" (have: ${all.join(', ')})`);
  return wanted.length > 0 ? ordered.filter((n) => wanted.includes(n)) : ordered;
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) fail('dist/index.html is missing: run `npm run build` first.');
  mkdirSync(results, { recursive: true });
  const names = suiteNames();
  const { server, port } = await serveDir(dist);
  const browser = await launchBrowser();
  const consoleErrors = [];
  try {
    for (const name of names) {
      console.log(`suite ${name}`);
      const suite = await import(pathToFileURL(join(root, 'tests/browser/suites', `${name}.mjs`)).href);
      const t0 = Date.now();
      await suite.default({ browser, port, base: `http://127.0.0.1:${port}`, consoleErrors });
      console.log(`suite ${name} done (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
    await step('no console errors', async () => {
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    });
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`browser tests: ${passed.length} passed (${names.join(', ')}); screenshots in test-results/`);
}

main().catch((error) => {
  console.error(error instanceof TestFailure ? `browser tests failed: ${error.message}` : error);
  process.exit(1);
});
