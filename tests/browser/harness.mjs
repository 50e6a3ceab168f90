// Shared pieces of the browser tests: a static file server, Chromium launched headless with
// software WebGL, named steps, and waits on rendered frames (never on wall-clock sleeps).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const dist = join(root, 'dist');
export const results = join(root, 'test-results');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIXED_DT = 1 / 60;
export const BACKGROUND = [0x0b, 0x10, 0x20];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

export class TestFailure extends Error {}

export function fail(message) {
  throw new TestFailure(message);
}

export function check(condition, message) {
  if (!condition) fail(message);
}

/**
 * A static file server over `dir` on a free local port. Unknown paths fall back to index.html.
 * `headers` are added to every response (for instance a Content-Security-Policy).
 */
export function serveDir(dir, headers = {}) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(join(dir, decodeURIComponent(url.pathname)));
    if (!path.startsWith(dir + sep) && path !== dir) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(path) || statSync(path).isDirectory()) path = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers });
    createReadStream(path).pipe(res);
  });
  return new Promise((resolvePort, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePort({ server, port: server.address().port }));
  });
}

/** Launches Debian's Chromium headless with software WebGL (SwiftShader). */
export function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    fail(`Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get update && apt-get install -y chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Names of the steps passed so far. */
export const passed = [];

/** Runs one named step and reports it. */
export async function step(name, body) {
  const t0 = Date.now();
  try {
    await body();
    passed.push(name);
    console.log(`  ok   ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    console.error(`  FAIL ${name}`);
    throw error;
  }
}

/** Collects console errors and page errors of `page` into `errors`, each prefixed with `label`. */
export function watchErrors(page, errors, label) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${label}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${label} page error: ${error.message}`));
}

/** Waits until the page has rendered `n` more frames. */
export async function waitFrames(page, n) {
  const start = await page.evaluate(() => window.__sandbox.frames());
  await page.waitForFunction((target) => window.__sandbox.frames() >= target, start + n, { timeout: 60_000, polling: 'raf' });
}

/**
 * Waits until the framing has caught up with the page as it is now (the test hook's `framed()`:
 * the camera decided for the view version, the canvas size and the panels measured afresh, after
 * whatever order the panels' observers fired in), then until a frame has been drawn with it.
 */
export async function waitFramed(page) {
  await page.waitForFunction(() => window.__sandbox.framed(), null, { timeout: 60_000, polling: 'raf' });
  await waitFrames(page, 2);
}

/** Waits until the test hook is installed and the page has rendered more than `n` frames. */
export async function waitReady(page, n = 3) {
  await page.waitForFunction((k) => window.__sandbox && window.__sandbox.frames() > k, n, { timeout: 60_000 });
}

/**
 * Pauses, restarts and steps the app's sandbox `n` fixed steps through its store; returns the
 * experiment, the time, the sampled readouts and every position then.
 */
export function runFromRestart(page, n) {
  return page.evaluate((steps) => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.restart();
    for (let k = 0; k < steps; k++) window.__sandbox.store.getState().stepOnce();
    const s = window.__sandbox.store.getState();
    const sim = s.sim;
    return {
      preset: s.preset,
      settings: s.settings,
      edits: s.edits,
      time: sim.world.time,
      stats: { ke: s.stats.kineticEnergy, pe: s.stats.potentialEnergy, p: s.stats.momentum, pairs: s.stats.pairCollisionsTotal },
      positions: Array.from(sim.positions.subarray(0, 3 * sim.count)),
    };
  }, n);
}

/**
 * In the page: the world's state by sphere id (positions, velocities, time) as exact bit patterns
 * (hex of each double, so -0 and every last bit count). A function's source, for `page.evaluate`.
 */
export const STATE_BY_ID = `(world) => {
  const bits = new DataView(new ArrayBuffer(8));
  const hex = (x) => { bits.setFloat64(0, x); return bits.getBigUint64(0).toString(16); };
  const ids = [];
  for (let s = 0; s < world.count; s++) ids.push(world.idAt(s));
  ids.sort((a, b) => a - b);
  const out = [hex(world.time)];
  for (const id of ids) {
    const s = world.indexOf(id);
    for (let d = 0; d < 3; d++) out.push(hex(world.positions[3 * s + d]), hex(world.velocities[3 * s + d]));
  }
  return out;
}`;

export const simTime = (page) => page.evaluate(() => window.__sandbox.store.getState().sim.world.time);

/** Counts the pixels of a PNG image (a data URL) that differ from the background, and strongly coloured ones. */
function pngPixels(page, url) {
  return page.evaluate(
    async ([bg, src]) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c2 = document.createElement('canvas');
      c2.width = img.width;
      c2.height = img.height;
      const ctx = c2.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, c2.width, c2.height).data;
      let differ = 0;
      let coloured = 0;
      for (let k = 0; k < data.length; k += 4) {
        const r = data[k];
        const g = data[k + 1];
        const b = data[k + 2];
        if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 30) differ++;
        if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
      }
      return { total: data.length / 4, differ, coloured };
    },
    [BACKGROUND, url],
  );
}

/** Counts pixels of a canvas (the first one, or `selector`) that differ from the background, and strongly coloured ones (test mode keeps its drawing buffer). */
export async function canvasPixels(page, selector = '.sandbox-canvas canvas') {
  return pngPixels(page, await page.evaluate((sel) => document.querySelector(sel).toDataURL('image/png'), selector));
}

/** The same counts for an element as the page shows it (from a screenshot): for a canvas that keeps no drawing buffer. */
export async function shownPixels(page, selector) {
  return pngPixels(page, `data:image/png;base64,${(await page.locator(selector).screenshot()).toString('base64')}`);
}

/** Parses simple CSV (numbers, no quoting): header and numeric rows. */
export function parseCsv(text) {
  const lines = text.trim().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((line) => line.split(',').map(Number));
  for (const [k, row] of rows.entries()) {
    check(row.length === header.length, `CSV row ${k + 1} has ${row.length} fields, the header ${header.length}`);
    check(row.every((x) => !Number.isNaN(x)), `CSV row ${k + 1} has a field that is not a number: ${lines[k + 1]}`);
  }
  return { header, rows };
}
