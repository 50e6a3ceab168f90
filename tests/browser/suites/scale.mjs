// The renderer at scale: impostor spheres (one quad a sphere) draw a big scene in one call and can
// be picked; and a sampling heap profile shows that the sphere renderers' frame loop allocates
// nothing. With RENDER_TIMING=1 (`npm run bench:render`) it also times the per-frame instance
// update at 10,000 and 100,000 spheres and a drag at 100,000 (measured and written to
// test-results/render-timing.json, never asserted as time): a benchmark, left out of `npm test`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canvasPixels, check, dist, results, step, waitFrames, watchErrors } from '../harness.mjs';

/** Spheres in the allocation check (the frame loop's code is the same at any count). */
const ALLOC_SPHERES = 4000;

/** Names of the renderers' per-frame methods (class methods keep their names in the build). */
const WRITERS = { impostor: 'writeImpostorFrame', mesh: 'writeMeshFrame' };

/**
 * Loads a gas of `n` spheres at packing `packing`, paused, written by `renderer` and drawn or not,
 * and waits for it to draw.
 */
async function load(page, n, packing, renderer, drawn = true) {
  await page.evaluate(
    ([count, phi, r, d]) => {
      const hook = window.__sandbox;
      hook.store.getState().pause();
      hook.loadWorld(count, phi);
      hook.setSphereRenderer(r);
      hook.setSpheresDrawn(d);
    },
    [n, packing, renderer, drawn],
  );
  await waitFrames(page, 2);
}

const drawInfo = (page) =>
  page.evaluate(() => ({
    renderer: window.__sandbox.sphereRenderer(),
    sphereCalls: window.__sandbox.sphereDrawCalls(),
    instances: window.__sandbox.instances(),
    ...window.__sandbox.renderInfo(),
  }));

/** Mean and max per-frame instance update over `frames` frames after `warm` frames. */
async function timeUpdate(page, warm, frames) {
  await waitFrames(page, warm);
  await page.evaluate(() => window.__sandbox.resetUpdateTiming());
  await waitFrames(page, frames);
  return page.evaluate(() => window.__sandbox.updateTiming());
}

/** Waits `n` frames inside the page, without polling from here (polling would allocate in the page). */
const framesInPage = (page, n) =>
  page.evaluate(
    (count) =>
      new Promise((resolve) => {
        const target = window.__sandbox.frames() + count;
        const tick = () => (window.__sandbox.frames() >= target ? resolve(window.__sandbox.frames()) : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

/**
 * Bytes allocated in the page over `frames` frames, from V8's sampling heap profiler (objects
 * already collected included): in all, and in stacks that pass through the method `writer`.
 */
async function allocations(cdp, page, frames, writer) {
  await cdp.send('HeapProfiler.collectGarbage');
  const before = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await framesInPage(page, frames);
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  // Each profile node's stack, as a set of function names from the root down.
  const inWriter = new Map();
  const sites = new Map();
  const walk = (node, under, path) => {
    const name = node.callFrame.functionName || '(anonymous)';
    const here = under || name === writer;
    inWriter.set(node.id, here);
    sites.set(node.id, `${name} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1} <- ${path}`);
    for (const child of node.children) walk(child, here, name);
  };
  walk(profile.head, false, '');
  let total = 0;
  let writerBytes = 0;
  let writerSamples = 0;
  const bySite = new Map();
  const byFunction = new Map();
  for (const s of profile.samples) {
    total += s.size;
    const fn = sites.get(s.nodeId).split(' <- ')[0];
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + s.size);
    if (inWriter.get(s.nodeId)) {
      writerBytes += s.size;
      writerSamples++;
      const site = sites.get(s.nodeId);
      bySite.set(site, (bySite.get(site) ?? 0) + s.size);
    }
  }
  return {
    frames,
    bytesPerFrame: total / frames,
    rendererBytesPerFrame: writerBytes / frames,
    rendererSamples: writerSamples,
    rendererSites: [...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5),
    // Where the whole page allocates (reported, not asserted): function, file, line and column.
    pageSites: [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([site, bytes]) => `${site} ${Math.round(bytes / frames)} B/frame`),
    retainedGrowthPerFrame: (after.usedSize - before.usedSize) / frames,
  };
}

export default async function scaleSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'scale');
  page.setDefaultTimeout(120_000);
  await page.goto(`${base}/?test=1`);
  await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
  const report = { timing: {}, allocation: {}, draw: {} };

  await step('above 4,096 spheres the impostors draw them all in one call, two triangles each', async () => {
    await load(page, 6000, 0.2, 'auto');
    const info = await drawInfo(page);
    report.draw.impostor6000 = info;
    check(info.renderer === 'impostor', `6,000 spheres are drawn as ${info.renderer}, expected impostors`);
    check(info.instances === 6000, `${info.instances} impostors drawn, expected 6000`);
    check(info.sphereCalls === 1, `the impostors took ${info.sphereCalls} draw calls, expected 1`);
    check(info.calls <= 5, `the frame took ${info.calls} draw calls`);
    // Two triangles a sphere, plus the few of the box and its floor grid.
    check(info.triangles >= 2 * 6000 && info.triangles < 2 * 6000 + 200, `${info.triangles} triangles for 6,000 impostors, expected about 12,000`);
    await page.screenshot({ path: join(results, 'impostors-impostor.png') });
    const px = await canvasPixels(page);
    // The box is framed in what the panels and time controls leave clear (at 960 x 640 a slow run adds a status row): 5% of the canvas is thousands of spheres drawn.
    check(px.differ / px.total > 0.05, `only ${px.differ} of ${px.total} pixels differ from the background`);
    check(px.coloured / px.total > 0.01, `only ${px.coloured} of ${px.total} pixels are coloured`);
  });

  // Minutes of software rendering: only when asked (SCALE_SCREENSHOTS=1 npm run test:browser -- scale).
  if (process.env.SCALE_SCREENSHOTS === '1') await step('the same scene as sphere meshes, for comparison (screenshot)', async () => {
    await page.evaluate(() => window.__sandbox.setSphereRenderer('mesh'));
    await waitFrames(page, 1);
    const info = await drawInfo(page);
    report.draw.mesh6000 = info;
    check(info.renderer === 'mesh' && info.sphereCalls === 1, `mesh mode: ${JSON.stringify(info)}`);
    check(info.triangles > 50 * 6000, `only ${info.triangles} triangles as meshes`);
    await page.screenshot({ path: join(results, 'impostors-mesh.png') });
    // Impostors close up, where the shading, the edges and the spheres cutting into each other show
    // (meshes close up take minutes a frame on the software renderer).
    await page.evaluate(() => window.__sandbox.setSphereRenderer('impostor'));
    await waitFrames(page, 1);
    await page.mouse.move(320, 300);
    for (let k = 0; k < 10; k++) await page.mouse.wheel(0, -300);
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'impostors-impostor-close.png'), clip: { x: 0, y: 0, width: 640, height: 640 } });
    await page.getByRole('button', { name: 'Reset view' }).click();
    await waitFrames(page, 2);
  });

  await step('clicking an impostor selects the sphere under the pointer', async () => {
    // The nearest sphere to the camera in the open middle of the view that no other sphere hides.
    const target = await page.evaluate(() => {
      const hook = window.__sandbox;
      const sim = hook.store.getState().sim;
      const cam = hook.cameraPosition();
      const canvas = document.querySelector('.sandbox-canvas canvas').getBoundingClientRect();
      const pxPerUnitAtOne = canvas.height / 2 / Math.tan((40 * Math.PI) / 360);
      const spheres = [];
      for (let i = 0; i < sim.count; i++) {
        const p = [sim.positions[3 * i], sim.positions[3 * i + 1], sim.positions[3 * i + 2]];
        const d = Math.hypot(p[0] - cam[0], p[1] - cam[1], p[2] - cam[2]);
        const [x, y] = hook.screenOfPoint(p);
        spheres.push({ id: sim.world.idAt(i), d, x, y, rPx: (sim.radii[i] / d) * pxPerUnitAtOne });
      }
      spheres.sort((a, b) => a.d - b.d);
      for (const s of spheres) {
        if (s.x < 260 || s.x > 600 || s.y < 150 || s.y > 400) continue;
        const hidden = spheres.some((t) => t !== s && t.d < s.d + 1 && Math.hypot(t.x - s.x, t.y - s.y) < t.rPx + 2);
        if (!hidden) return s;
      }
      return null;
    });
    check(target !== null, 'no unhidden sphere found in the middle of the view');
    await page.mouse.click(target.x, target.y);
    await waitFrames(page, 2);
    const selected = await page.evaluate(() => window.__sandbox.store.getState().selected);
    check(selected === target.id, `clicking sphere #${target.id} at (${target.x.toFixed(0)}, ${target.y.toFixed(0)}) selected ${selected}`);
    // A click on empty background clears nothing and picks nothing new.
    await page.evaluate(() => window.__sandbox.store.getState().select(null));
  });

  const timing = process.env.RENDER_TIMING === '1';
  if (timing) await step('per-frame instance update at 10,000 and 100,000 spheres (measured, not asserted)', async () => {
    // Sphere meshes by the hundred thousand take seconds a frame to draw on the software
    // renderer, whose threads also take the CPU from the main thread: the spheres are written
    // each frame but not drawn (the update is the same either way).
    const plan = [
      [10_000, 'impostor', false, 4, 20],
      [10_000, 'mesh', false, 4, 20],
      [100_000, 'impostor', false, 30, 30],
      [100_000, 'mesh', false, 30, 30],
    ];
    for (const [n, renderer, drawn, warm, frames] of plan) {
      await load(page, n, 0.05, renderer, drawn);
      const t = await timeUpdate(page, warm, frames);
      check(t.spheres === n && t.frames >= frames, `timing saw ${t.spheres} spheres over ${t.frames} frames, expected ${n} over ${frames}`);
      const key = `${renderer}-${n}-paused${drawn ? '' : '-undrawn'}`;
      report.timing[key] = t;
      console.log(`       ${key}: update mean ${t.meanMs.toFixed(3)} ms, max ${t.maxMs.toFixed(3)} ms over ${t.frames} frames; ${t.writingFrames} frames wrote sphere data, mean ${t.writingMeanMs.toFixed(3)} ms`);
    }
    // Running: the solver steps in the same frames; only the instance update is timed.
    for (const [n, renderer] of [
      [10_000, 'impostor'],
      [10_000, 'mesh'],
      [100_000, 'impostor'],
    ]) {
      await load(page, n, 0.05, renderer, false);
      await page.evaluate(() => window.__sandbox.store.getState().play());
      const t = await timeUpdate(page, 30, 30);
      await page.evaluate(() => window.__sandbox.store.getState().pause());
      const key = `${renderer}-${n}-running-undrawn`;
      report.timing[key] = t;
      console.log(`       ${key}: update mean ${t.meanMs.toFixed(3)} ms, max ${t.maxMs.toFixed(3)} ms over ${t.frames} frames; ${t.writingFrames} frames wrote sphere data, mean ${t.writingMeanMs.toFixed(3)} ms`);
    }
  });

  await step('the sphere renderers allocate nothing per frame (sampling heap profile)', async () => {
    // The per-frame methods must keep their names in the build, or this check would see nothing.
    const bundle = readdirSync(join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'))
      .join('\n');
    for (const name of Object.values(WRITERS)) check(bundle.includes(`${name}(){`), `the build has no method named ${name}`);
    const cdp = await context.newCDPSession(page);
    for (const renderer of ['impostor', 'mesh']) {
      for (const running of [false, true]) {
        await load(page, ALLOC_SPHERES, 0.05, renderer, renderer === 'impostor');
        if (running) await page.evaluate(() => window.__sandbox.store.getState().play());
        await waitFrames(page, 30); // warm-up: the frame loop is compiled and its buffers exist
        // Until V8 has optimised the loop (compiled on a background thread, late when the CPU is
        // busy) its number arithmetic allocates; that passes, while a real allocation is in every
        // window. Up to three windows; the last one must be clean.
        let a = await allocations(cdp, page, 40, WRITERS[renderer]);
        const windows = [a.rendererSamples];
        while (a.rendererSamples > 0 && windows.length < 3) {
          a = await allocations(cdp, page, 40, WRITERS[renderer]);
          windows.push(a.rendererSamples);
        }
        a.windows = windows;
        if (running) await page.evaluate(() => window.__sandbox.store.getState().pause());
        const key = `${renderer}-${ALLOC_SPHERES}-${running ? 'running' : 'paused'}${renderer === 'impostor' ? '' : '-undrawn'}`;
        report.allocation[key] = a;
        console.log(
          `       ${key}: renderer ${a.rendererBytesPerFrame.toFixed(1)} B/frame (samples per window: ${windows.join(', ')}), ` +
            `whole page ${a.bytesPerFrame.toFixed(0)} B/frame (most in: ${a.pageSites.join('; ')}), retained growth ${a.retainedGrowthPerFrame.toFixed(0)} B/frame`,
        );
        check(a.rendererSamples === 0, `${renderer} renderer allocated in its frame loop (${key}): ${JSON.stringify(a.rendererSites)}`);
      }
    }
    await cdp.detach();
  });

  if (timing) await step('dragging a sphere of a paused 100,000-sphere scene: main-thread time per move (measured, not asserted)', async () => {
    // Drawn as impostors (one call) but not shaded: the software renderer's threads would take
    // the CPU the handlers are timed on. Each pointer event's handlers are timed from a capture
    // listener on the window (first to run) to a microtask it queues (run once every listener of
    // that event has returned).
    await load(page, 100_000, 0.05, 'impostor', false);
    const target = await page.evaluate(() => {
      const hook = window.__sandbox;
      const s = hook.store.getState();
      // A sphere near the middle of the view.
      let best = null;
      for (let slot = 0; slot < s.sim.count; slot += 97) {
        const id = s.sim.world.idAt(slot);
        const at = hook.screenOf(id);
        if (at === null) continue;
        const d = Math.hypot(at[0] - 480, at[1] - 320);
        if (best === null || d < best.d) best = { id, at, d };
      }
      s.select(best.id);
      const times = (window.__handlerTimes = []);
      for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
        window.addEventListener(
          type,
          () => {
            const t0 = performance.now();
            queueMicrotask(() => times.push([type, performance.now() - t0]));
          },
          true,
        );
      }
      return best;
    });
    await waitFrames(page, 2);
    const from = await page.evaluate((id) => window.__sandbox.screenOf(id), target.id);
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    for (let k = 1; k <= 20; k++) await page.mouse.move(from[0] + 2 * k, from[1] - k);
    await page.mouse.up();
    await waitFrames(page, 2);
    const result = await page.evaluate((id) => {
      const s = window.__sandbox.store.getState();
      const times = window.__handlerTimes;
      const moves = times.filter(([type]) => type === 'pointermove').map(([, ms]) => ms);
      const up = times.filter(([type]) => type === 'pointerup').map(([, ms]) => ms);
      // The edit itself, once more, timed alone: the solver's setPosition and the store's bookkeeping.
      const slot = s.sim.world.indexOf(id);
      const p = Array.from(s.sim.positions.subarray(3 * slot, 3 * slot + 3));
      const t0 = performance.now();
      const refused = s.editSphere(id, { position: [p[0] + 0.5, p[1], p[2]] });
      const editMs = performance.now() - t0;
      return { moves, up, editMs, refused, edited: s.edits.some((e) => e.id === id) };
    }, target.id);
    check(result.moves.length >= 10, `only ${result.moves.length} pointer moves were timed`);
    check(result.edited, 'the drag was not applied as an edit');
    check(result.refused === null, `the timed edit was refused: ${result.refused}`);
    const mean = result.moves.reduce((a, b) => a + b, 0) / result.moves.length;
    report.timing.drag100000 = { movesTimed: result.moves.length, moveMeanMs: mean, moveMaxMs: Math.max(...result.moves), releaseMs: result.up[0], editMs: result.editMs };
    console.log(
      `       drag at 100,000 spheres: ${result.moves.length} moves, mean ${mean.toFixed(3)} ms, max ${Math.max(...result.moves).toFixed(3)} ms; ` +
        `release (the edit applied) ${result.up[0].toFixed(2)} ms; editSphere alone ${result.editMs.toFixed(2)} ms`,
    );
  });

  await page.evaluate(() => window.__sandbox.setSpheresDrawn(true));
  if (timing) writeFileSync(join(results, 'render-timing.json'), `${JSON.stringify(report, null, 2)}\n`);
  await context.close();
}
