// Browser tests: serves the production build (dist/) on a free local port, drives Debian's
// Chromium headless with software WebGL through playwright-core, and checks the sandbox as a
// person meets it. Waits on rendered frames (the test hook's counter), never on wall-clock sleeps.
// Screenshots go to test-results/. Exits non-zero with a clear message on the first failure.
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dist = join(root, 'dist');
const results = join(root, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIXED_DT = 1 / 60;
const BACKGROUND = [0x0b, 0x10, 0x20];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
};

class TestFailure extends Error {}

function fail(message) {
  throw new TestFailure(message);
}

function check(condition, message) {
  if (!condition) fail(message);
}

/** A static file server over dist/ on a free port. */
function serveDist() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!path.startsWith(dist + sep) && path !== dist) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(path) || statSync(path).isDirectory()) path = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(path).pipe(res);
  });
  return new Promise((resolvePort, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePort({ server, port: server.address().port }));
  });
}

const results_ = [];
async function step(name, body) {
  const t0 = Date.now();
  try {
    await body();
    results_.push(name);
    console.log(`  ok   ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    console.error(`  FAIL ${name}`);
    throw error;
  }
}

/** Waits until the page has rendered `n` more frames. */
async function waitFrames(page, n) {
  const start = await page.evaluate(() => window.__sandbox.frames());
  await page.waitForFunction((target) => window.__sandbox.frames() >= target, start + n, { timeout: 60_000, polling: 'raf' });
}

const simTime = (page) => page.evaluate(() => window.__sandbox.store.getState().sim.world.time);

/** Counts canvas pixels that differ from the background, and strongly coloured ones. */
async function canvasPixels(page) {
  return page.evaluate(async (bg) => {
    const canvas = document.querySelector('canvas');
    const url = canvas.toDataURL('image/png');
    const img = new Image();
    img.src = url;
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
  }, BACKGROUND);
}

const PRESET_IDS = ['head-on', 'heavy-light', 'glancing', 'inelastic', 'cradle', 'billiards', 'obstacle', 'gas', 'brownian', 'ball-pit'];

/** Parses simple CSV (numbers, no quoting): header and numeric rows. */
function parseCsv(text) {
  const lines = text.trim().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((line) => line.split(',').map(Number));
  for (const [k, row] of rows.entries()) {
    check(row.length === header.length, `CSV row ${k + 1} has ${row.length} fields, the header ${header.length}`);
    check(row.every((x) => !Number.isNaN(x)), `CSV row ${k + 1} has a field that is not a number: ${lines[k + 1]}`);
  }
  return { header, rows };
}

/** Positions after a pause, a restart and `n` steps, driven through the store in the page. */
function positionsAfterSteps(page, n) {
  return page.evaluate((steps) => {
    const s = window.__sandbox.store.getState();
    s.pause();
    s.restart();
    for (let k = 0; k < steps; k++) window.__sandbox.store.getState().stepOnce();
    const sim = window.__sandbox.store.getState().sim;
    return { time: sim.world.time, positions: Array.from(sim.positions.subarray(0, 3 * sim.count)) };
  }, n);
}

/** The classroom features on a projector-sized page, where the classroom panel starts open. */
async function classroomTests(browser, port, consoleErrors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`classroom: ${msg.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`classroom page error: ${error.message}`));
  page.setDefaultTimeout(60_000);
  const state = () => page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { preset: s.preset, count: s.sim.count, time: s.sim.world.time, instances: window.__sandbox.instances() };
  });

  await step('a preset link loads that preset', async () => {
    await page.goto(`http://127.0.0.1:${port}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const s = await state();
    check(s.preset === 'gas' && s.count === 400, `?preset=gas loaded preset ${s.preset} with ${s.count} spheres`);
    check((await page.getByLabel('Experiment').inputValue()) === 'gas', 'the experiment select does not show the gas preset');
  });

  await step('the plots and readouts update while it runs', async () => {
    const samples = async () => Number((await page.locator('[data-plot="energy"]').getAttribute('data-samples')) ?? 0);
    const before = await samples();
    await page.waitForFunction((n) => Number(document.querySelector('[data-plot="energy"]').getAttribute('data-samples')) > n + 1, before, { timeout: 60_000, polling: 'raf' });
    check((await page.locator('[data-plot] canvas').count()) === 3, 'expected three plot canvases');
    const total = await page.locator('[data-readout="total"]').textContent();
    const ke = await page.evaluate(() => window.__sandbox.store.getState().stats.kineticEnergy);
    check(/ J$/.test(total) && Math.abs(parseFloat(total) - ke) <= 1e-3 * ke, `total energy reads "${total}", kinetic is ${ke}`);
    const pressure = await page.locator('[data-readout="pressure"]').textContent();
    const ideal = await page.locator('[data-readout="pressure-ideal"]').textContent();
    check(/\d.* Pa$/.test(pressure) && /\d.* Pa$/.test(ideal), `pressures read "${pressure}" and "${ideal}"`);
    await page.screenshot({ path: join(results, 'classroom-gas.png') });
  });

  await step('each preset loads and runs (screenshots)', async () => {
    const select = page.getByLabel('Experiment');
    for (const id of PRESET_IDS) {
      await select.selectOption(id);
      await waitFrames(page, 1);
      const t0 = (await state()).time;
      await waitFrames(page, 3);
      const s = await state();
      check(s.preset === id, `selecting ${id} gave preset ${s.preset}`);
      check(s.instances === s.count && s.count > 0, `${id}: ${s.instances} of ${s.count} spheres drawn`);
      check(s.time > t0, `${id}: simulated time did not advance (${t0} -> ${s.time})`);
      const watch = await page.getByTestId('watch').textContent();
      check(watch.length > 20, `${id}: no line on what to watch`);
      // A second and a half into the experiment for the picture (stepped without drawing).
      await page.evaluate(() => {
        const store = window.__sandbox.store;
        while (store.getState().sim.world.time < 1.5) store.getState().sim.stepOnce();
      });
      await waitFrames(page, 2);
      await page.screenshot({ path: join(results, `preset-${id}.png`) });
      const px = await canvasPixels(page);
      const drawn = await page.evaluate(() => window.__sandbox.sphereDrawCalls());
      check(drawn === 1 && px.differ > 2000, `${id}: ${drawn} sphere draw calls, ${px.differ} of ${px.total} pixels drawn`);
    }
  });

  await step('the velocity arrows switch adds one draw call and the page keeps rendering', async () => {
    await page.getByLabel('Experiment').selectOption('gas');
    await waitFrames(page, 2);
    const calls = () => page.evaluate(() => window.__sandbox.renderInfo().calls);
    const before = await calls();
    const errorsBefore = consoleErrors.length;
    await page.getByLabel('Velocity arrows').check();
    await waitFrames(page, 3);
    const on = await calls();
    check(on === before + 1, `velocity arrows on: ${on} draw calls, ${before} before`);
    const t0 = await simTime(page);
    await waitFrames(page, 3);
    check((await simTime(page)) > t0, 'the simulation stopped with the arrows on');
    await page.screenshot({ path: join(results, 'aids-velocity-arrows.png') });
    await page.getByLabel('Velocity arrows').uncheck();
    await waitFrames(page, 2);
    check((await calls()) === before, 'velocity arrows off did not give the draw call back');
    check(consoleErrors.length === errorsBefore, `console errors with the arrows: ${consoleErrors.slice(errorsBefore).join('; ')}`);
  });

  await step('the inspector shows a clicked sphere and applies an edit', async () => {
    await page.getByLabel('Experiment').selectOption('head-on');
    await page.getByRole('button', { name: 'Pause' }).click();
    await waitFrames(page, 2);
    const [x, y] = await page.evaluate(() => window.__sandbox.screenOf(0));
    await page.mouse.click(x, y);
    const inspector = page.locator('.inspector[data-sphere="0"]');
    await inspector.waitFor({ state: 'visible' });
    const mass = await page.locator('[data-inspect="mass"]').textContent();
    const expected = await page.evaluate(() => window.__sandbox.store.getState().sim.masses[0]);
    check(Math.abs(parseFloat(mass) - expected) < 1e-3 * expected, `inspector mass "${mass}", sphere mass ${expected}`);
    const massField = page.getByLabel('Mass (kg)');
    await massField.fill('abc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Mass must be a number, got "abc"').waitFor({ state: 'visible' });
    check((await massField.getAttribute('aria-invalid')) === 'true', 'the bad mass is not marked invalid');
    await massField.fill('3');
    await page.getByLabel('Velocity x (m/s)').fill('1.5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('edit-result').getByText('Applied').waitFor({ state: 'visible' });
    const after = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { mass: s.sim.masses[0], vx: s.sim.velocities[0], edits: s.edits };
    });
    check(after.mass === 3 && after.vx === 1.5, `after the edit mass ${after.mass}, vx ${after.vx}`);
    check(after.edits.length === 1 && after.edits[0].id === 0 && after.edits[0].mass === 3, `edits recorded: ${JSON.stringify(after.edits)}`);
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'inspector.png') });
  });

  await step('R restarts, Reverse negates the velocities', async () => {
    await page.evaluate(() => {
      for (let k = 0; k < 20; k++) window.__sandbox.store.getState().stepOnce();
    });
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('r');
    check((await state()).time === 0, 'R did not restart the experiment');
    const v0 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
    await page.getByRole('button', { name: 'Reverse' }).click();
    const v1 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
    check(v1.every((v, k) => v === -v0[k]), `Reverse gave ${v1}, from ${v0}`);
    await page.getByRole('button', { name: 'Reverse' }).click();
    await page.getByText('Keyboard shortcuts').click();
    await page.getByText('Restart the experiment').waitFor({ state: 'visible' });
  });

  await step('a shared link reproduces the same positions after the same steps', async () => {
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.7');
    const mine = await positionsAfterSteps(page, 90);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.getByTestId('share-link').inputValue();
    check(link.includes('preset=head-on') && link.includes('edits='), `the link misses the experiment: ${link}`);
    const other = await context.newPage();
    other.on('pageerror', (error) => consoleErrors.push(`shared link page error: ${error.message}`));
    await other.goto(`${link}&test=1`);
    await other.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 1, null, { timeout: 60_000 });
    const theirs = await positionsAfterSteps(other, 90);
    check(theirs.positions.length === mine.positions.length, 'the link built a different number of spheres');
    const differing = mine.positions.findIndex((x, k) => x !== theirs.positions[k]);
    check(differing < 0, `positions differ at coordinate ${differing}: ${mine.positions[differing]} vs ${theirs.positions[differing]}`);
    await other.close();
  });

  await step('CSV downloads parse', async () => {
    for (let k = 0; k < 3; k++) await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
    const grab = async (name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
      return readFileSync(await download.path(), 'utf8');
    };
    const series = parseCsv(await grab('Energy CSV'));
    check(series.header[0] === 'time_s' && series.header.includes('total_J'), `energy CSV header: ${series.header}`);
    check(series.rows.length >= 1, 'the energy CSV has no rows');
    const log = parseCsv(await grab('Collisions CSV'));
    check(log.header.includes('restitution'), `collision CSV header: ${log.header}`);
    check(log.rows.length >= 1, 'the collision CSV has no rows after the head-on collision');
    const e = log.rows[0][log.header.indexOf('restitution')];
    check(Math.abs(e - 0.7) < 1e-9, `measured restitution ${e}, expected 0.7`);
  });

  await step('a bad link shows a dismissible notice and still runs', async () => {
    await page.goto(`http://127.0.0.1:${port}/?preset=warp&count=-3&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const notice = page.getByText('Unknown preset "warp" ignored.');
    await notice.waitFor({ state: 'visible' });
    await page.getByText('Spheres must be at least 1, got -3; ignored.').waitFor({ state: 'visible' });
    await page.getByLabel('Large text (projector)').check();
    await waitFrames(page, 3);
    await page.screenshot({ path: join(results, 'notice-large-text.png') });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    check((await state()).count === 300, 'the bad link did not fall back to the default sandbox');
  });
  await context.close();
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    fail(`Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get update && apt-get install -y chromium`);
  }
  if (!existsSync(join(dist, 'index.html'))) fail('dist/index.html is missing: run `npm run build` first.');
  mkdirSync(results, { recursive: true });

  const { server, port } = await serveDist();
  const browser = await chromium.launch({
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
  const consoleErrors = [];
  try {
    const context = await browser.newContext({ viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
    page.setDefaultTimeout(60_000);

    await step('the page loads and renders frames', async () => {
      await page.goto(`http://127.0.0.1:${port}/?test=1`);
      await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
      await waitFrames(page, 10);
      check(consoleErrors.length === 0, `console errors on load:\n${consoleErrors.join('\n')}`);
    });

    await step('the canvas shows spheres (not a blank canvas)', async () => {
      await page.screenshot({ path: join(results, 'default-scene.png') });
      const px = await canvasPixels(page);
      check(px.differ / px.total > 0.05, `only ${px.differ} of ${px.total} canvas pixels differ from the background`);
      check(px.coloured / px.total > 0.01, `only ${px.coloured} of ${px.total} canvas pixels are coloured (spheres missing?)`);
    });

    await step('all spheres are drawn in one draw call', async () => {
      const info = await page.evaluate(() => ({
        sphereCalls: window.__sandbox.sphereDrawCalls(),
        instances: window.__sandbox.instances(),
        count: window.__sandbox.store.getState().sim.count,
        ...window.__sandbox.renderInfo(),
      }));
      check(info.count === 300, `expected the default 300 spheres, got ${info.count}`);
      check(info.instances === 300, `expected 300 drawn instances, got ${info.instances}`);
      check(info.sphereCalls === 1, `the sphere mesh took ${info.sphereCalls} draw calls in a frame, expected 1`);
      check(info.calls <= 5, `the whole frame took ${info.calls} draw calls for ${info.count} spheres, expected at most 5`);
    });

    await step('changing the count in the overlay changes the number drawn', async () => {
      const before = await page.evaluate(() => window.__sandbox.renderInfo());
      await page.getByLabel('Spheres', { exact: true }).fill('120');
      await waitFrames(page, 3);
      const after = await page.evaluate(() => ({
        instances: window.__sandbox.instances(),
        count: window.__sandbox.store.getState().sim.count,
        sphereCalls: window.__sandbox.sphereDrawCalls(),
        ...window.__sandbox.renderInfo(),
      }));
      check(after.count === 120, `the world has ${after.count} spheres after typing 120`);
      check(after.instances === 120, `${after.instances} instances drawn after typing 120`);
      check(after.sphereCalls === 1, `the sphere mesh took ${after.sphereCalls} draw calls after the change`);
      check(after.calls === before.calls, `draw calls changed with the count: ${before.calls} -> ${after.calls}`);
      check(after.triangles < before.triangles, `triangles did not drop with fewer spheres: ${before.triangles} -> ${after.triangles}`);
    });

    await step('restitution and gravity change live, without a rebuild', async () => {
      await page.evaluate(() => {
        window.__worldBefore = window.__sandbox.store.getState().sim.world;
      });
      const v0 = await page.evaluate(() => window.__sandbox.store.getState().sceneVersion);
      const t0 = await simTime(page);
      await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.8');
      await page.getByLabel('Gravity', { exact: true }).check();
      await waitFrames(page, 3);
      const after = await page.evaluate(() => {
        const s = window.__sandbox.store.getState();
        return {
          same: s.sim.world === window.__worldBefore,
          restitution: s.sim.world.options.restitution,
          gravity: s.sim.world.gravity,
          version: s.sceneVersion,
          time: s.sim.world.time,
        };
      });
      check(after.same, 'the world was replaced by a live setting');
      check(after.version === v0, `the scene was rebuilt (version ${v0} -> ${after.version})`);
      check(after.restitution === 0.8, `world restitution is ${after.restitution}, expected 0.8`);
      check(after.gravity[1] === -9.81, `world gravity is ${after.gravity}, expected [0, -9.81, 0]`);
      check(after.time > t0, `simulated time did not go on across the live change (${t0} -> ${after.time})`);
      await page.getByLabel('Gravity', { exact: true }).uncheck();
    });

    await step('Pause stops simulated time', async () => {
      await page.getByRole('button', { name: 'Pause' }).click();
      const t0 = await simTime(page);
      await waitFrames(page, 10);
      const t1 = await simTime(page);
      check(t1 === t0, `simulated time moved while paused: ${t0} -> ${t1}`);
      check(await page.getByRole('button', { name: 'Play' }).isVisible(), 'the Pause button did not turn into Play');
    });

    await step('Step advances exactly one fixed step', async () => {
      const t0 = await simTime(page);
      await page.getByRole('button', { name: 'Step' }).click();
      await waitFrames(page, 2);
      const t1 = await simTime(page);
      check(Math.abs(t1 - t0 - FIXED_DT) < 1e-12, `Step moved time by ${t1 - t0}, expected ${FIXED_DT}`);
      await waitFrames(page, 5);
      check((await simTime(page)) === t1, 'time moved on after Step (it should stay paused)');
    });

    await step('Restart reproduces the same positions', async () => {
      const N = 30;
      const run = async () => {
        await page.getByRole('button', { name: 'Restart' }).click();
        // N presses of the Step button; dispatched in the page because each Playwright click
        // waits for the (slow, software-rendered) page to settle.
        await page.evaluate((n) => {
          const button = document.querySelector('button[data-action="step"]');
          for (let k = 0; k < n; k++) button.click();
        }, N);
        await waitFrames(page, 2);
        return page.evaluate(() => {
          const sim = window.__sandbox.store.getState().sim;
          return { time: sim.world.time, positions: Array.from(sim.positions.subarray(0, 3 * sim.count)) };
        });
      };
      const first = await run();
      const second = await run();
      check(Math.abs(first.time - N * FIXED_DT) < 1e-9, `after Restart and ${N} steps time is ${first.time}`);
      check(first.positions.length === second.positions.length, 'sphere count differs between runs');
      const differing = first.positions.findIndex((x, k) => x !== second.positions[k]);
      check(differing < 0, `positions differ after Restart at coordinate ${differing}: ${first.positions[differing]} vs ${second.positions[differing]}`);
      await page.getByRole('button', { name: 'Play' }).click();
    });

    await step('dragging on the canvas turns the camera', async () => {
      const before = await page.evaluate(() => window.__sandbox.cameraPosition());
      await page.mouse.move(300, 330);
      await page.mouse.down();
      for (let k = 1; k <= 8; k++) await page.mouse.move(300 + 25 * k, 330 + 5 * k);
      await page.mouse.up();
      await waitFrames(page, 3);
      const after = await page.evaluate(() => window.__sandbox.cameraPosition());
      const moved = Math.hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2]);
      const r0 = Math.hypot(...before);
      const r1 = Math.hypot(...after);
      check(moved > 0.05 * r0, `the camera moved only ${moved.toFixed(4)} (from ${before} to ${after})`);
      check(Math.abs(r1 - r0) < 0.02 * r0, `a drag should orbit, not zoom: distance ${r0} -> ${r1}`);
      await page.getByRole('button', { name: 'Reset view' }).click();
      await waitFrames(page, 2);
      const home = await page.evaluate(() => window.__sandbox.cameraPosition());
      check(Math.hypot(home[0] - before[0], home[1] - before[1], home[2] - before[2]) < 1e-6 * r0, 'Reset view did not bring the camera home');
    });

    await step('a bad value shows a message and the simulation keeps running', async () => {
      const field = page.getByLabel('Spheres', { exact: true });
      await field.fill('-5');
      const message = page.getByText('Spheres must be at least 1, got -5');
      await message.waitFor({ state: 'visible' });
      check((await field.getAttribute('aria-invalid')) === 'true', 'the field is not marked aria-invalid');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      const messageId = await message.getAttribute('id');
      check(describedBy.split(' ').includes(messageId), `aria-describedby "${describedBy}" does not name the message "${messageId}"`);
      const t0 = await simTime(page);
      await waitFrames(page, 10);
      const t1 = await simTime(page);
      check(t1 > t0, `the simulation stopped after a bad value (${t0} -> ${t1})`);
      const count = await page.evaluate(() => window.__sandbox.store.getState().sim.count);
      check(count === 120, `the bad value reached the world: ${count} spheres`);
      await page.screenshot({ path: join(results, 'bad-value.png') });
      await field.press('Escape');
      await message.waitFor({ state: 'detached' });
    });

    await step('gravity scene and the small-screen layout look right (screenshots)', async () => {
      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      await page.getByLabel('Gravity', { exact: true }).check();
      await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.9');
      await waitFrames(page, 24);
      await page.screenshot({ path: join(results, 'gravity.png') });
      // A phone-sized screen, freshly loaded: the panel starts collapsed and opens on demand.
      const phone = await context.newPage();
      phone.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(`small screen: ${msg.text()}`);
      });
      await phone.setViewportSize({ width: 390, height: 700 });
      await phone.goto(`http://127.0.0.1:${port}/?test=1`);
      await phone.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
      await waitFrames(phone, 4);
      const toggle = phone.getByRole('button', { name: 'Settings' });
      check((await toggle.getAttribute('aria-expanded')) === 'false', 'the settings panel should start collapsed on a small screen');
      await phone.screenshot({ path: join(results, 'small-screen.png') });
      const px = await canvasPixels(phone);
      check(px.coloured / px.total > 0.01, 'no spheres drawn on the small screen');
      await toggle.press('Enter');
      check((await toggle.getAttribute('aria-expanded')) === 'true', 'Enter on the Settings button did not open the panel');
      await phone.getByLabel('Spheres', { exact: true }).waitFor({ state: 'visible' });
      await phone.screenshot({ path: join(results, 'small-screen-open.png') });
      await phone.close();
    });

    await classroomTests(browser, port, consoleErrors);

    await step('no console errors', async () => {
      check(consoleErrors.length === 0, `console errors:\n${consoleErrors.join('\n')}`);
    });
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`browser tests: ${results_.length} passed; screenshots in test-results/`);
}

main().catch((error) => {
  console.error(error instanceof TestFailure ? `browser tests failed: ${error.message}` : error);
  process.exit(1);
});
