// The embeddable component. The embed example page (dist/embed.html): two sandboxes side by
// side, each drawn in one call, independent, with their own collision callbacks, on a laptop and
// a phone, and a third composed with the hooks, whose page-made readouts and buttons follow and
// drive it. Then the lab (tests/browser/fixtures/embed-lab, built here with React's development
// build so that StrictMode really double-mounts): StrictMode, props changed after mount, and 50
// mounts and unmounts with no growth in live WebGL objects or in the JS heap.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { canvasPixels, check, fail, results, root, serveDir, step, watchErrors } from '../harness.mjs';

/**
 * Counts live WebGL objects across the page: created minus deleted, per context, a context's
 * objects counting no more once it is lost (the browser frees them with it). Also counts the
 * objects deleted explicitly, and the live contexts.
 */
const COUNT_GL_OBJECTS = () => {
  const KINDS = ['Buffer', 'Texture', 'Program', 'Shader', 'VertexArray', 'Framebuffer', 'Renderbuffer'];
  const perContext = new Map();
  const lost = new WeakSet();
  const countsOf = (ctx) => {
    let c = perContext.get(ctx);
    if (!c) perContext.set(ctx, (c = Object.fromEntries(KINDS.map((k) => [k, 0]))));
    return c;
  };
  for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
    for (const kind of KINDS) {
      const create = proto[`create${kind}`];
      const remove = proto[`delete${kind}`];
      if (!create || !remove) continue;
      proto[`create${kind}`] = function (...args) {
        const made = create.apply(this, args);
        if (made) countsOf(this)[kind]++;
        return made;
      };
      proto[`delete${kind}`] = function (object, ...rest) {
        if (object && !lost.has(this)) countsOf(this)[kind]--;
        return remove.call(this, object, ...rest);
      };
    }
  }
  let contexts = 0;
  window.__glLeftAtLoss = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  const seen = new WeakSet();
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const ctx = getContext.call(this, type, ...rest);
    if (ctx && /webgl/.test(type) && !seen.has(this)) {
      seen.add(this);
      contexts++;
      this.addEventListener(
        'webglcontextlost',
        () => {
          contexts--;
          lost.add(ctx);
          // What was still alive when the context went: left to the browser rather than deleted.
          window.__glLeftAtLoss.push({ ...countsOf(ctx) });
          perContext.delete(ctx);
        },
        { once: true },
      );
    }
    return ctx;
  };
  window.__glLive = () => {
    const total = Object.fromEntries(KINDS.map((k) => [k, 0]));
    for (const c of perContext.values()) for (const k of KINDS) total[k] += c[k];
    return { ...total, contexts };
  };
};

/** Waits until the named sandbox's hook exists and it has rendered more than `n` frames. */
async function waitSandbox(page, name, n = 3) {
  await page.waitForFunction(([k, m]) => window.__sandboxes?.[k] && window.__sandboxes[k].frames() > m, [name, n], { timeout: 60_000, polling: 'raf' });
}

/** Waits until the named sandbox has rendered `n` more frames. */
async function waitSandboxFrames(page, name, n) {
  const start = await page.evaluate((k) => window.__sandboxes[k].frames(), name);
  await page.waitForFunction(([k, target]) => window.__sandboxes[k].frames() >= target, [name, start + n], { timeout: 60_000, polling: 'raf' });
}

const worldOf = (page, name) =>
  page.evaluate((k) => {
    const s = window.__sandboxes[k].store.getState();
    const w = s.sim.world;
    const st = w.stats();
    return { time: w.time, restitution: w.options.restitution, count: w.count, running: s.running, pairs: st.pairCollisions, walls: st.wallCollisions, sceneVersion: s.sceneVersion };
  }, name);

/** Classes whose live instances say whether a sandbox was kept after unmounting. */
const CENSUS = ['World', 'Simulation', 'CollisionLog', 'WebGLRenderer', 'InstancedMesh', 'OrbitControls', 'FixedStepClock'];

/**
 * A heap snapshot after garbage collection: the JS heap used, the bytes of objects (compiled
 * code left out: V8 keeps compiling as the same code runs again), and live instances of
 * {@link CENSUS}.
 */
async function heapCensus(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const chunks = [];
  const onChunk = (e) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join(''));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const counts = Object.fromEntries(CENSUS.map((c) => [c, 0]));
  let objectBytes = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti]];
    if (type === 'code' || type === 'native' || type === 'hidden') continue;
    objectBytes += snap.nodes[i + si];
    if (type === 'object') {
      const name = snap.strings[snap.nodes[i + ni]];
      if (name in counts) counts[name]++;
    }
  }
  return { used, objectBytes, counts };
}

export default async function embedSuite({ browser, base, consoleErrors }) {
  // ------------------------------------------------------------------ the embed example page
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'embed');
  page.setDefaultTimeout(60_000);

  await step('embed page: both sandboxes load and render frames', async () => {
    await page.goto(`${base}/embed.html?test=1`);
    await waitSandbox(page, 'elastic', 5);
    await waitSandbox(page, 'inelastic', 5);
    const canvases = await page.locator('.sphere-sandbox canvas').count();
    check(canvases === 3, `expected 3 sandbox canvases on the page (two components, one composed with the hooks), found ${canvases}`);
    check(consoleErrors.length === 0, `console errors on load:\n${consoleErrors.join('\n')}`);
  });

  await step('embed page: each sandbox shows spheres drawn in one draw call', async () => {
    for (const name of ['elastic', 'inelastic']) {
      const px = await canvasPixels(page, `[data-sandbox="${name}"] canvas`);
      check(px.differ / px.total > 0.03, `${name}: only ${px.differ} of ${px.total} canvas pixels differ from the background`);
      check(px.coloured / px.total > 0.005, `${name}: only ${px.coloured} of ${px.total} canvas pixels are coloured (spheres missing?)`);
      const info = await page.evaluate((k) => ({ calls: window.__sandboxes[k].sphereDrawCalls(), instances: window.__sandboxes[k].instances() }), name);
      check(info.calls === 1, `${name}: the sphere mesh took ${info.calls} draw calls in a frame, expected 1`);
      check(info.instances === 120, `${name}: ${info.instances} spheres drawn, expected the 120 of its props`);
    }
  });

  await step('embed page: a sandbox composed with the hooks shows its live values outside the canvas, and the page\'s own buttons drive it', async () => {
    await waitSandbox(page, 'hooks', 5);
    const panel = page.locator('.hooks-lab__panel');
    const outside = await panel.evaluate((el) => el.closest('.sphere-sandbox') === null && el.querySelector('canvas') === null);
    check(outside, 'the hooks readouts are inside the sandbox view');
    const read = () =>
      page.evaluate(() => {
        const value = (k) => document.querySelector(`[data-readout="hooks"] [data-value="${k}"]`).textContent;
        const stats = window.__sandboxes.hooks.store.getState().stats;
        return { time: value('time'), kinetic: value('kinetic'), statsTime: stats.simTime, statsKinetic: stats.kineticEnergy, running: window.__sandboxes.hooks.store.getState().running };
      });
    // The readouts follow the published stats: a later sample shows a later time.
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().stats.simTime > 0.5, null, { timeout: 60_000, polling: 'raf' });
    const first = await read();
    check(first.time === `${first.statsTime.toFixed(2)} s` && first.kinetic === `${first.statsKinetic.toFixed(2)} J`, `the page shows ${first.time}, ${first.kinetic}; the sandbox's stats are ${first.statsTime} s, ${first.statsKinetic} J`);
    await page.waitForFunction((t) => window.__sandboxes.hooks.store.getState().stats.simTime > t + 0.3, first.statsTime, { timeout: 60_000, polling: 'raf' });
    const later = await read();
    check(later.time !== first.time && later.time === `${later.statsTime.toFixed(2)} s`, `the time shown did not follow the sandbox: ${first.time} then ${later.time} (stats ${later.statsTime})`);
    // The page's own Pause button is the handle's pause.
    await page.locator('.hooks-lab [data-action="toggle"]').click();
    await waitSandboxFrames(page, 'hooks', 5);
    const paused = await read();
    check(!paused.running && (await page.locator('.hooks-lab [data-action="toggle"]').innerText()) === 'Play', `after the page's Pause the sandbox runs: ${paused.running}`);
    // The page's slider applies the restitution live (no rebuild).
    const before = await worldOf(page, 'hooks');
    await page.locator('.hooks-lab input[type="range"]').fill('0.5');
    const after = await worldOf(page, 'hooks');
    check(after.restitution === 0.5 && after.sceneVersion === before.sceneVersion, `the slider gave restitution ${after.restitution} (scene ${before.sceneVersion} -> ${after.sceneVersion})`);
    await page.locator('.hooks-lab [data-action="toggle"]').click();
    await page.locator('.hooks-lab').scrollIntoViewIfNeeded();
    await waitSandboxFrames(page, 'hooks', 3);
    await page.locator('.hooks-lab').screenshot({ path: join(results, 'embed-hooks.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  await step('embed page: the hooks example sums the energy lost after every step (useAfterStep) and goes back to a kept moment exactly (snapshot, restore)', async () => {
    const hooks = page.locator('.hooks-lab');
    // A restart counts afresh: the energy lost since then is the kinetic energy gone (no gravity, so nothing else changes it).
    await hooks.locator('[data-action="restart"]').click();
    const start = await page.evaluate(() => window.__sandboxes.hooks.store.getState().stats.kineticEnergy);
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().stats.simTime > 1, null, { timeout: 60_000, polling: 'raf' });
    const lost = await page.evaluate(() => ({ text: document.querySelector('.hooks-lab [data-value="lost"]').textContent, kinetic: window.__sandboxes.hooks.store.getState().stats.kineticEnergy }));
    const shown = Number(/([\d.]+) J/.exec(lost.text)?.[1]);
    check(shown > 0 && Math.abs(start - lost.kinetic - shown) < 0.006, `the page shows ${lost.text}; the kinetic energy went from ${start} to ${lost.kinetic} J`);
    // Kept while paused, the moment comes back bit for bit after the run has gone on.
    await hooks.locator('[data-action="toggle"]').click();
    await waitSandboxFrames(page, 'hooks', 2);
    await hooks.locator('[data-action="keep"]').click();
    await page.waitForFunction(() => !document.querySelector('.hooks-lab [data-action="back"]').disabled, null, { polling: 'raf' });
    const state = () => page.evaluate(() => { const sim = window.__sandboxes.hooks.store.getState().sim; return { step: sim.stepsRun, positions: Array.from(sim.positions.subarray(0, 3 * sim.count)) }; });
    const kept = await state();
    await hooks.locator('[data-action="toggle"]').click();
    await page.waitForFunction((k) => window.__sandboxes.hooks.store.getState().sim.stepsRun > k + 30, kept.step, { timeout: 60_000, polling: 'raf' });
    await hooks.locator('[data-action="toggle"]').click();
    await hooks.locator('[data-action="back"]').click();
    const back = await state();
    check(back.step === kept.step && back.positions.every((x, k) => x === kept.positions[k]), `back at step ${back.step} (kept ${kept.step}); positions equal: ${back.positions.every((x, k) => x === kept.positions[k])}`);
    await hooks.locator('[data-action="toggle"]').click();
  });

  await step('embed page: two instances, two stores, two worlds with their own restitution', async () => {
    const distinct = await page.evaluate(() => window.__sandboxes.elastic.store !== window.__sandboxes.inelastic.store && window.__sandboxes.elastic.store.getState().sim.world !== window.__sandboxes.inelastic.store.getState().sim.world);
    check(distinct, 'the two sandboxes share a store or a world');
    const a = await worldOf(page, 'elastic');
    const b = await worldOf(page, 'inelastic');
    check(a.restitution === 1 && b.restitution === 0.5, `restitutions are ${a.restitution} and ${b.restitution}, expected 1 and 0.5`);
  });

  await step('embed page: pausing one sandbox leaves the other running', async () => {
    await page.locator('[data-sandbox="elastic"] [data-action="toggle"]').click();
    await waitSandboxFrames(page, 'inelastic', 2);
    const a0 = await worldOf(page, 'elastic');
    const b0 = await worldOf(page, 'inelastic');
    check(!a0.running && b0.running, `after pausing "elastic": elastic running=${a0.running}, inelastic running=${b0.running}`);
    await waitSandboxFrames(page, 'inelastic', 10);
    const a1 = await worldOf(page, 'elastic');
    const b1 = await worldOf(page, 'inelastic');
    check(a1.time === a0.time, `the paused sandbox's time moved: ${a0.time} -> ${a1.time}`);
    check(b1.time > b0.time, `the other sandbox's time stood still: ${b0.time} -> ${b1.time}`);
    const label = await page.locator('[data-sandbox="elastic"] [data-action="toggle"]').innerText();
    check(/Play/.test(label), `the paused sandbox's button reads "${label}", expected Play`);
  });

  await step("embed page: each onCollision gets its own instance's events", async () => {
    // Let the inelastic gas collide for a while, then pause it so the totals hold still.
    await page.waitForFunction(() => (window.__embedEvents?.inelastic ?? []).some((e) => e.wall === null), null, { timeout: 60_000, polling: 'raf' });
    await page.locator('[data-sandbox="inelastic"] [data-action="toggle"]').click();
    const got = await page.evaluate(() => {
      const out = {};
      for (const k of ['elastic', 'inelastic']) {
        const w = window.__sandboxes[k].store.getState().sim.world;
        const events = window.__embedEvents?.[k] ?? [];
        const pairs = events.filter((e) => e.wall === null);
        out[k] = {
          n: events.length,
          pairs: pairs.length,
          walls: events.length - pairs.length,
          maxPairLoss: Math.max(0, ...pairs.map((e) => e.energyLost)),
          lossyPairs: pairs.filter((e) => e.energyLost > 1e-9).length,
          latest: Math.max(0, ...events.map((e) => e.time)),
          time: w.time,
          idsOk: events.every((e) => w.has(e.a) && (e.wall !== null ? e.b === -1 : w.has(e.b))),
          normalsOk: events.every((e) => Math.abs(Math.hypot(...e.normal) - 1) < 1e-9),
          worldPairs: w.stats().pairCollisions,
          worldWalls: w.stats().wallCollisions,
        };
      }
      return out;
    });
    const { elastic: a, inelastic: b } = got;
    check(a.n > 0 && b.n > 0, `collision callbacks: elastic got ${a.n} events, inelastic ${b.n}`);
    check(b.pairs > 0, 'the inelastic sandbox reported no sphere-sphere collision');
    check(a.lossyPairs === 0, `the elastic sandbox (e = 1) reported ${a.lossyPairs} sphere collisions that lost energy (max ${a.maxPairLoss} J): another instance's events?`);
    check(b.lossyPairs === b.pairs, `the inelastic sandbox (e = 0.5) reported ${b.pairs - b.lossyPairs} of ${b.pairs} sphere collisions without energy loss`);
    for (const [k, s] of Object.entries(got)) {
      check(s.idsOk, `${k}: an event names a sphere its world does not have`);
      check(s.normalsOk, `${k}: an event's normal is not a unit vector`);
      check(s.latest <= s.time + 1e-12, `${k}: an event at t = ${s.latest} s is later than its world's time ${s.time} s`);
      // Every collision of the world was reported once (the page keeps the first 500).
      if (s.n < 500) check(s.pairs === s.worldPairs && s.walls === s.worldWalls, `${k}: callbacks got ${s.pairs} pair and ${s.walls} wall events, the world counted ${s.worldPairs} and ${s.worldWalls}`);
    }
  });

  await step('embed page: side by side on a laptop, with the text readable around them (screenshot)', async () => {
    const boxes = await page.evaluate(() => [...document.querySelectorAll('.lesson__pair .sphere-sandbox')].map((el) => el.getBoundingClientRect().toJSON()));
    check(boxes.length === 2, `found ${boxes.length} sandboxes side by side`);
    const [a, b] = boxes;
    check(Math.abs(a.top - b.top) < 1 && b.left >= a.right, `on a 1280 px wide window the sandboxes are not side by side: ${JSON.stringify(boxes)}`);
    check(a.width >= 300 && b.width >= 300, `sandboxes too narrow: ${a.width} and ${b.width} px`);
    const text = await page.locator('main h1 + p').evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), colour: getComputedStyle(el).color }));
    check(text.size >= 16, `the lesson text is ${text.size}px`);
    await page.screenshot({ path: join(results, 'embed.png'), fullPage: true });
  });

  await step('embed page: a sandbox scrolled out of view simulates on without drawing, and draws again in view', async () => {
    const name = 'inelastic';
    const sel = `[data-sandbox="${name}"]`;
    await page.locator(`${sel} [data-action="toggle"]`).click(); // paused by the step before
    await page.setViewportSize({ width: 1280, height: 360 });
    const where = await page.evaluate((q) => {
      // A longer lesson: more text below the sandboxes, scrolled down to.
      const more = document.createElement('div');
      more.id = 'more-lesson';
      more.style.height = '2000px';
      document.body.append(more);
      window.scrollTo(0, document.documentElement.scrollHeight);
      const r = document.querySelector(q).getBoundingClientRect();
      return { bottom: r.bottom, top: r.top, height: window.innerHeight };
    }, sel);
    check(where.bottom < -200 || where.top > where.height + 200, `the sandbox is not out of view after scrolling: ${JSON.stringify(where)}`);
    await waitSandboxFrames(page, name, 3); // the observer reports it
    const probe = () => page.evaluate((k) => ({ draws: window.__sandboxes[k].draws(), time: window.__sandboxes[k].store.getState().sim.world.time }), name);
    const out0 = await probe();
    await waitSandboxFrames(page, name, 10);
    const out1 = await probe();
    check(out1.time > out0.time, `out of view, its time stood still: ${out0.time} -> ${out1.time}`);
    check(out1.draws === out0.draws, `out of view, it drew ${out1.draws - out0.draws} frames in 10`);
    await page.locator(sel).scrollIntoViewIfNeeded();
    await waitSandboxFrames(page, name, 5);
    const back = await probe();
    check(back.draws >= out1.draws + 3, `back in view, it drew ${back.draws - out1.draws} frames in 5`);
    const px = await canvasPixels(page, `${sel} canvas`);
    check(px.coloured / px.total > 0.005, `back in view, only ${px.coloured} of ${px.total} pixels are coloured`);
    await page.evaluate(() => document.getElementById('more-lesson').remove());
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await context.close();

  await step('embed page: stacked on a phone (screenshot)', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    watchErrors(p, consoleErrors, 'embed phone');
    await p.goto(`${base}/embed.html?test=1`);
    await waitSandbox(p, 'elastic', 3);
    await waitSandbox(p, 'inelastic', 3);
    const boxes = await p.evaluate(() => [...document.querySelectorAll('.lesson__pair .sphere-sandbox')].map((el) => el.getBoundingClientRect().toJSON()));
    const [a, b] = boxes;
    check(b.top >= a.bottom, `on a phone the sandboxes are not stacked: ${JSON.stringify(boxes)}`);
    check(a.right <= 390 + 0.5 && b.right <= 390 + 0.5, `a sandbox overflows the phone's width: ${JSON.stringify(boxes)}`);
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth);
    check(overflow <= 390, `the page scrolls sideways on a phone (${overflow} px wide)`);
    // The second sandbox is below the fold, where it does not draw: show it once, for the picture.
    await p.locator('[data-sandbox="inelastic"]').scrollIntoViewIfNeeded();
    await waitSandboxFrames(p, 'inelastic', 3);
    await p.evaluate(() => window.scrollTo(0, 0));
    await waitSandboxFrames(p, 'elastic', 2);
    await p.screenshot({ path: join(results, 'embed-phone.png'), fullPage: true });
    await phone.close();
  });

  // ------------------------------------------------------------------ the lab (development build)
  const labDir = join(results, 'embed-lab');
  await step('lab: build the embed lab with React development (StrictMode active)', async () => {
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'tests/browser/fixtures/embed-lab/vite.config.mjs'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    if (built.status !== 0) fail(`building the embed lab failed:\n${built.stdout}\n${built.stderr}`);
    check(existsSync(join(labDir, 'index.html')), 'the embed lab build wrote no index.html');
  });

  const { server, port } = await serveDir(labDir);
  const lab = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  const labErrors = [];
  const warnings = [];
  try {
    await lab.addInitScript(COUNT_GL_OBJECTS);
    const lp = await lab.newPage();
    watchErrors(lp, labErrors, 'lab');
    lp.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    lp.setDefaultTimeout(60_000);
    await lp.goto(`http://127.0.0.1:${port}/index.html?test=1`);
    await lp.waitForFunction(() => window.__lab !== undefined);

    const labCdp = await lab.newCDPSession(lp);
    const fresh = await heapCensus(labCdp);

    await step('lab: under StrictMode one sandbox is one canvas, one ready call, every collision reported once', async () => {
      await lp.evaluate(() => window.__lab.mount('strict', { count: 60, boxSize: 4, speed: 3 }, true));
      await waitSandbox(lp, 'strict', 10);
      const probe = await lp.evaluate(() => window.__lab.probeRuns());
      check(probe === 2, `StrictMode ran a mount effect ${probe} times, expected 2 (is the lab a development build?)`);
      await lp.waitForFunction(() => window.__lab.counts('strict').collisions > 0, null, { polling: 'raf' });
      await lp.evaluate(() => window.__lab.handle('strict').pause());
      const s = await lp.evaluate(() => {
        const w = window.__lab.handle('strict').world;
        const st = w.stats();
        return { canvases: window.__lab.canvases('strict'), counts: window.__lab.counts('strict'), pairs: st.pairCollisions, walls: st.wallCollisions, contexts: window.__glLive().contexts };
      });
      check(s.canvases === 1, `StrictMode left ${s.canvases} canvases for one sandbox`);
      check(s.contexts === 1, `StrictMode left ${s.contexts} live WebGL contexts for one sandbox`);
      check(s.counts.ready === 1, `onReady was called ${s.counts.ready} times`);
      check(s.counts.collisions === s.pairs + s.walls, `onCollision got ${s.counts.collisions} events, the world counted ${s.pairs + s.walls} collisions`);
      await lp.waitForFunction(() => window.__lab.counts('strict').stats > 0, null, { polling: 'raf' });
    });

    await step('lab: with syncUrl the address follows the sandbox’s experiment, and a new sandbox starts from it', async () => {
      await lp.evaluate(() => window.__lab.mount('synced', { count: 30, boxSize: 4, syncUrl: true }, true));
      await waitSandbox(lp, 'synced', 3);
      await lp.evaluate(() => {
        const s = window.__sandboxes.synced.store.getState();
        s.applySetting('restitution', 0.4);
        s.applySetting('seed', 9);
      });
      await lp.waitForFunction(() => /restitution=0\.4/.test(location.search) && /seed=9/.test(location.search), null, { timeout: 60_000 });
      const search = await lp.evaluate(() => location.search);
      check(search.startsWith('?test=1&'), `the address lost its own parameter: ${search}`);
      await lp.evaluate(() => window.__lab.unmount('synced'));
      await lp.evaluate(() => window.__lab.mount('again', { count: 30, boxSize: 4, syncUrl: true }));
      await waitSandbox(lp, 'again', 3);
      const again = await lp.evaluate(() => {
        const s = window.__sandboxes.again.store.getState();
        return { restitution: s.settings.restitution, seed: s.settings.seed, world: s.sim.world.options.restitution };
      });
      check(again.restitution === 0.4 && again.seed === 9 && again.world === 0.4, `a sandbox mounted with syncUrl did not start from the address: ${JSON.stringify(again)}`);
      await lp.evaluate(() => {
        window.__lab.unmount('again');
        history.replaceState(null, '', '?test=1');
      });
    });

    await step('lab: props changed after mount apply live, or rebuild where the overlay rebuilds', async () => {
      await lp.evaluate(() => window.__lab.handle('strict').play());
      const before = await worldOf(lp, 'strict');
      await lp.evaluate(() => {
        window.__labWorld = window.__lab.handle('strict').world;
        window.__lab.setProps('strict', { restitution: 0.6, gravityOn: true, gravity: 3 });
      });
      await waitSandboxFrames(lp, 'strict', 3);
      const live = await lp.evaluate(() => {
        const w = window.__lab.handle('strict').world;
        return { same: w === window.__labWorld, e: w.options.restitution, g: w.gravity[1], time: w.time };
      });
      check(live.same, 'a live prop (restitution, gravity) rebuilt the world');
      check(live.e === 0.6 && live.g === -3, `after the prop change the world has e = ${live.e}, g = ${live.g}, expected 0.6 and -3`);
      check(live.time > before.time, 'simulated time did not go on across a live prop change');
      await lp.evaluate(() => window.__lab.setProps('strict', { count: 90, boxSize: 5 }));
      await waitSandboxFrames(lp, 'strict', 3);
      const rebuilt = await worldOf(lp, 'strict');
      const drawn = await lp.evaluate(() => window.__sandboxes.strict.instances());
      check(rebuilt.count === 90 && drawn === 90, `after count={90} the world has ${rebuilt.count} spheres and ${drawn} are drawn`);
      check(rebuilt.sceneVersion === before.sceneVersion + 1, `count and box together rebuilt ${rebuilt.sceneVersion - before.sceneVersion} times, expected once`);
      check(rebuilt.restitution === 0.6, `the rebuilt world lost the live restitution: ${rebuilt.restitution}`);
      // The handle's reset goes back to what the props say, undoing a change made in the store (as the overlay would).
      await lp.evaluate(() => window.__sandboxes.strict.store.getState().applySettings({ restitution: 0.2, count: 40 }));
      await lp.evaluate(() => window.__lab.handle('strict').reset());
      await waitSandboxFrames(lp, 'strict', 2);
      const reset = await worldOf(lp, 'strict');
      check(reset.count === 90 && reset.restitution === 0.6 && reset.running, `after reset() the world has ${reset.count} spheres, e = ${reset.restitution}, running ${reset.running}; the props say 90, 0.6, running`);
    });

    await step('lab: the locale prop changes the language of the sandbox after mount (its name, its controls, its lang)', async () => {
      const read = () =>
        lp.evaluate(() => {
          const root = document.querySelector('[data-sandbox="strict"]');
          return { lang: root.getAttribute('lang'), label: root.getAttribute('aria-label'), buttons: [...root.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') || b.textContent.trim()).join('|') };
        });
      const english = await read();
      await lp.evaluate(() => window.__lab.setProps('strict', { locale: 'es' }));
      await waitSandboxFrames(lp, 'strict', 2);
      const spanish = await read();
      check(english.lang === 'en' && spanish.lang === 'es', `the sandbox's lang went from ${english.lang} to ${spanish.lang}, expected en to es`);
      check(spanish.label !== english.label && spanish.label.length > 0, `the sandbox's name stayed "${spanish.label}" in Spanish`);
      check(english.buttons.length > 0 && spanish.buttons !== english.buttons, `the controls' names did not change: ${spanish.buttons}`);
      await lp.evaluate(() => window.__lab.setProps('strict', { locale: 'en' }));
      await waitSandboxFrames(lp, 'strict', 2);
      check((await read()).label === english.label, 'back to English, the name is not the English one');
    });

    await step('lab: a bad prop leaves the sandbox running with a notice naming it', async () => {
      const v0 = await worldOf(lp, 'strict');
      await lp.evaluate(() => window.__lab.setProps('strict', { restitution: 7 }));
      await waitSandboxFrames(lp, 'strict', 3);
      const after = await worldOf(lp, 'strict');
      const notice = await lp.locator('[data-host="strict"] .notices').innerText();
      check(after.restitution === 0.6 && after.time > v0.time, `after restitution={7}: e = ${after.restitution}, time ${v0.time} -> ${after.time}`);
      check(/restitution=\{7\}/.test(notice) && /at most 1, got 7/.test(notice), `the notice does not name the prop and its value: "${notice}"`);
      check(warnings.some((w) => /restitution=\{7\}/.test(w)), 'no console warning names the bad prop');
      await lp.evaluate(() => window.__lab.unmount('strict'));
      await lp.waitForFunction(() => window.__glLive().contexts === 0 && !window.__sandboxes?.strict, null, { polling: 'raf' });
    });

    await step('lab: 50 mounts and unmounts leave no growth in WebGL objects or JS heap', async () => {
      const cdp = labCdp;
      const cycle = async (k, strict) => {
        const name = `m${k}`;
        await lp.evaluate(([n, s]) => window.__lab.mount(n, { count: 60, boxSize: 4, panels: 'compact' }, s), [name, strict]);
        await waitSandbox(lp, name, 3);
        const mem = await lp.evaluate((n) => {
          window.__lastMemory = window.__sandboxes[n].memory;
          return { ...window.__sandboxes[n].memory(), gl: window.__glLive() };
        }, name);
        await lp.evaluate((n) => window.__lab.unmount(n), name);
        await lp.waitForFunction((n) => window.__glLive().contexts === 0 && !window.__sandboxes?.[n], name, { polling: 'raf' });
        // The renderer's own count after the unmount, and what its context still held when lost.
        const after = await lp.evaluate(() => {
          const m = window.__lastMemory();
          window.__lastMemory = null;
          return { ...m, left: window.__glLeftAtLoss[window.__glLeftAtLoss.length - 1] };
        });
        return { ...mem, after };
      };
      // Warm up (shader and module caches), then measure the steady state.
      for (let k = 0; k < 3; k++) await cycle(`warm${k}`, k % 2 === 0);
      const heap0 = await heapCensus(cdp);
      const mounted = [];
      for (let k = 0; k < 50; k++) mounted.push(await cycle(k, k % 2 === 0));
      const heap1 = await heapCensus(cdp);
      // One mounted sandbox, for scale and to show that the census sees a live one.
      await lp.evaluate(() => window.__lab.mount('scale', { count: 60, boxSize: 4, panels: 'compact' }, false));
      await waitSandbox(lp, 'scale', 3);
      const heapOne = await heapCensus(cdp);
      await lp.evaluate(() => window.__lab.unmount('scale'));
      await lp.waitForFunction(() => window.__glLive().contexts === 0, null, { polling: 'raf' });
      const first = mounted[0];
      const last = mounted[mounted.length - 1];
      const perInstance = heapOne.objectBytes - heap1.objectBytes;
      const growth = heap1.objectBytes - heap0.objectBytes;
      const figures = {
        mountedFirst: { geometries: first.geometries, textures: first.textures, programs: first.programs, live: first.gl },
        mountedLast: { geometries: last.geometries, textures: last.textures, programs: last.programs, live: last.gl },
        afterUnmountFirst: first.after,
        afterUnmountLast: last.after,
        heapUsedMB: [heap0.used, heap1.used].map((b) => +(b / 1e6).toFixed(2)),
        objectsMB: [heap0.objectBytes, heap1.objectBytes].map((b) => +(b / 1e6).toFixed(3)),
        oneSandboxObjectsMB: +(perInstance / 1e6).toFixed(3),
        liveFresh: fresh.counts,
        liveBefore: heap0.counts,
        liveAfter: heap1.counts,
        liveWithOne: heapOne.counts,
      };
      console.log(`       ${JSON.stringify(figures)}`);
      check(first.geometries > 0 && first.programs > 0, `a mounted sandbox reports ${first.geometries} geometries and ${first.programs} programs`);
      check(last.geometries === first.geometries && last.textures === first.textures && last.programs === first.programs, `a mounted sandbox's renderer grew over 50 mounts: ${JSON.stringify(first)} -> ${JSON.stringify(last)}`);
      for (const [k, m] of mounted.entries()) {
        check(m.gl.contexts === 1, `mount ${k}: ${m.gl.contexts} live WebGL contexts with one sandbox mounted`);
        check(m.after.geometries === 0 && m.after.textures === 0 && m.after.programs === 0, `mount ${k}: after unmounting, its renderer still counts ${JSON.stringify(m.after)}`);
        check(m.after.left.Buffer === 0 && m.after.left.Program === 0 && m.after.left.Shader === 0 && m.after.left.VertexArray === 0, `mount ${k}: buffers, programs or shaders were left to the lost context instead of deleted: ${JSON.stringify(m.after.left)}`);
        for (const kind of Object.keys(first.gl)) check(m.gl[kind] === first.gl[kind], `mount ${k}: live WebGL ${kind} while mounted ${m.gl[kind]}, the first mount had ${first.gl[kind]}`);
      }
      const gl1 = await lp.evaluate(() => window.__glLive());
      check(Object.values(gl1).every((v) => v === 0), `live WebGL objects after the last unmount: ${JSON.stringify(gl1)}`);
      for (const name of CENSUS) {
        check(heapOne.counts[name] > fresh.counts[name], `the heap census does not see the mounted sandbox's ${name}: the measure is broken`);
        // At most one sandbox's worth may still be referenced (the last one unmounted, until the next mount replaces it).
        check(heap1.counts[name] <= heapOne.counts[name] - fresh.counts[name], `live ${name} objects after 50 mounts and unmounts: ${heap1.counts[name]}, one mounted sandbox has ${heapOne.counts[name] - fresh.counts[name]}`);
        check(heap1.counts[name] === heap0.counts[name], `live ${name} objects: ${heap0.counts[name]} before 50 mounts, ${heap1.counts[name]} after`);
      }
      // Leaking even a tenth of a sandbox per mount would add five sandboxes over 50.
      check(growth < perInstance, `the heap's objects grew ${(growth / 1e6).toFixed(3)} MB over 50 mounts; one sandbox is ${(perInstance / 1e6).toFixed(3)} MB`);
      check(!warnings.some((w) => /Too many active WebGL contexts/.test(w)), 'the browser warned about too many live WebGL contexts');
    });
    check(labErrors.length === 0, `console errors in the lab:\n${labErrors.join('\n')}`);
  } finally {
    await lab.close();
    server.close();
  }
}
