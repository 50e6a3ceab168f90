// The renderer at scale: impostor spheres (one quad a sphere) draw a big scene in one call and can
// be picked; and a sampling heap profile shows that the sphere renderers' frame loop allocates
// nothing (@alone: it measures what V8 allocates). With RENDER_TIMING=1 (`npm run bench:render`)
// it also times the per-frame instance update at 10,000 and 100,000 spheres and a drag at 100,000
// (printed, and written to test-results/render-timing.json, never asserted as time): a
// benchmark, left out of `npm test` (those tests exist only with RENDER_TIMING=1).
// SCALE_SCREENSHOTS=1 adds the same scene as sphere meshes and impostors close up (screenshots;
// minutes of software rendering).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import type { SphereRendererChoice } from '../../src/scene/view-probe.ts';
import { canvasPixels, dist, results, waitFramed, waitFrames } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const TIMING = process.env.RENDER_TIMING === '1';

/** Spheres in the allocation check (the frame loop's code is the same at any count). */
const ALLOC_SPHERES = 4000;

/** Names of the renderers' per-frame methods (class methods keep their names in the build). */
const WRITERS = { impostor: 'writeImpostorFrame', mesh: 'writeMeshFrame' } as const;

const shared = sharedPage('scale', { viewport: { width: 960, height: 640 } }, async (page) => {
  page.setDefaultTimeout(120_000);
  await page.goto('/?test=1');
  await page.waitForFunction(() => window.__sandbox !== undefined && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
});

/** What bench:render writes to test-results/render-timing.json (the timing tests' figures, and the draw counts). */
const report: { timing: Record<string, unknown>; draw: Record<string, unknown> } = { timing: {}, draw: {} };

test.afterAll(() => {
  // Only from the worker that ran the timing tests (not from the @alone group's).
  if (TIMING && Object.keys(report.timing).length > 0) writeFileSync(join(results, 'render-timing.json'), `${JSON.stringify(report, null, 2)}\n`);
});

/**
 * Loads a gas of `n` spheres at packing `packing`, paused, written by `renderer` and drawn or not,
 * and waits until the view has framed it and drawn it (the renderer chosen takes over through a
 * render of the view, the camera through the framing: neither within a set number of frames).
 */
async function load(page: Page, n: number, packing: number, renderer: SphereRendererChoice, drawn = true): Promise<void> {
  await page.evaluate(
    ([count, phi, r, d]) => {
      const hook = window.__sandbox;
      hook.store.getState().pause();
      hook.loadWorld(count, phi);
      hook.setSphereRenderer(r);
      hook.setSpheresDrawn(d);
    },
    [n, packing, renderer, drawn] as const,
  );
  await waitFramed(page);
}

/** The 6,000-sphere scene of the draw and pick tests, as impostors (loaded unless it is there). */
async function loadScene(page: Page): Promise<void> {
  const there = await page.evaluate(() => window.__sandbox.store.getState().sim.count === 6000 && window.__sandbox.sphereRenderer() === 'impostor');
  if (!there) await load(page, 6000, 0.2, 'auto');
}

const drawInfo = (page: Page) =>
  page.evaluate(() => ({
    renderer: window.__sandbox.sphereRenderer(),
    sphereCalls: window.__sandbox.sphereDrawCalls(),
    instances: window.__sandbox.instances(),
    ...window.__sandbox.renderInfo(),
  }));

/**
 * Waits until the page has rendered `n` more frames, however long they take as long as frames
 * keep coming (a minute without one is a frozen page): at 100,000 spheres on a loaded machine
 * thirty frames can take longer than `waitFrames`'s minute for all of them.
 */
async function waitSlowFrames(page: Page, n: number): Promise<void> {
  const target = (await page.evaluate(() => window.__sandbox.frames())) + n;
  for (let seen = target - n; seen < target; ) {
    await page.waitForFunction((last) => window.__sandbox.frames() > last, seen, { timeout: 60_000, polling: 'raf' });
    seen = await page.evaluate(() => window.__sandbox.frames());
  }
}

/** Mean and max per-frame instance update over `frames` frames after `warm` frames. */
async function timeUpdate(page: Page, warm: number, frames: number) {
  await waitSlowFrames(page, warm);
  await page.evaluate(() => window.__sandbox.resetUpdateTiming());
  await waitSlowFrames(page, frames);
  return page.evaluate(() => window.__sandbox.updateTiming());
}

/** Waits `n` frames inside the page, without polling from here (polling would allocate in the page). */
const framesInPage = (page: Page, n: number): Promise<number> =>
  page.evaluate(
    (count) =>
      new Promise<number>((resolve) => {
        const target = window.__sandbox.frames() + count;
        const tick = () => (window.__sandbox.frames() >= target ? resolve(window.__sandbox.frames()) : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

/** A node of V8's sampling heap profile (the fields read here). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children: ProfileNode[];
}

/**
 * Bytes allocated in the page over `frames` frames, from V8's sampling heap profiler (objects
 * already collected included): in all, and in stacks that pass through the method `writer`.
 */
async function allocations(cdp: CDPSession, page: Page, frames: number, writer: string) {
  await cdp.send('HeapProfiler.collectGarbage');
  const before = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await framesInPage(page, frames);
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  // Each profile node's stack, as a set of function names from the root down.
  const inWriter = new Map<number, boolean>();
  const sites = new Map<number, string>();
  const walk = (node: ProfileNode, under: boolean, path: string): void => {
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
  const bySite = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const s of profile.samples) {
    total += s.size;
    const site = sites.get(s.nodeId) ?? '(unknown)';
    const fn = site.split(' <- ')[0];
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + s.size);
    if (inWriter.get(s.nodeId)) {
      writerBytes += s.size;
      writerSamples++;
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
    pageSites: [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([site, bytes]) => `${site} ${Math.round(bytes / frames)} B/frame`),
    retainedGrowthPerFrame: (after.usedSize - before.usedSize) / frames,
  };
}

test('above 4,096 spheres the impostors draw them all in one call, two triangles each', async () => {
  const { page } = shared;
  await load(page, 6000, 0.2, 'auto');
  // The renderer for the count is chosen in a render of the view, and drawn in a frame after it:
  // the last frame's figures are read until they are the impostors'.
  await expect(async () => {
    const info = await drawInfo(page);
    report.draw.impostor6000 = info;
    expect(info.renderer, 'how 6,000 spheres are drawn').toBe('impostor');
    expect(info.instances, 'impostors drawn').toBe(6000);
    expect(info.sphereCalls, 'draw calls of the impostors').toBe(1);
    expect(info.calls, 'draw calls of the frame').toBeLessThanOrEqual(5);
    // Two triangles a sphere, plus the few of the box and its floor grid.
    expect(info.triangles, 'triangles for 6,000 impostors').toBeGreaterThanOrEqual(2 * 6000);
    expect(info.triangles, 'triangles for 6,000 impostors').toBeLessThan(2 * 6000 + 200);
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: join(results, 'impostors-impostor.png') });
  const px = await canvasPixels(page);
  // The box is framed in what the panels and time controls leave clear (at 960 x 640 a slow run adds a status row): 5% of the canvas is thousands of spheres drawn.
  expect(px.differ / px.total, 'fraction of pixels that differ from the background').toBeGreaterThan(0.05);
  expect(px.coloured / px.total, 'fraction of coloured pixels').toBeGreaterThan(0.01);
});

// Minutes of software rendering: only when asked (SCALE_SCREENSHOTS=1).
if (process.env.SCALE_SCREENSHOTS === '1') {
  test('the same scene as sphere meshes, for comparison (screenshot)', async () => {
    test.setTimeout(600_000);
    const { page } = shared;
    await loadScene(page);
    await page.evaluate(() => window.__sandbox.setSphereRenderer('mesh'));
    await waitFrames(page, 1);
    const info = await drawInfo(page);
    report.draw.mesh6000 = info;
    expect(info.renderer, 'the renderer after choosing meshes').toBe('mesh');
    expect(info.sphereCalls, 'draw calls of the sphere meshes').toBe(1);
    expect(info.triangles, 'triangles as meshes').toBeGreaterThan(50 * 6000);
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
}

test('clicking an impostor selects the sphere under the pointer', async () => {
  const { page } = shared;
  await loadScene(page);
  // The nearest sphere to the camera in the open middle of the view that no other sphere hides.
  const target = await page.evaluate(() => {
    const hook = window.__sandbox;
    const sim = hook.store.getState().sim;
    const cam = hook.cameraPosition();
    const canvas = document.querySelector('.sandbox-canvas canvas')!.getBoundingClientRect();
    const pxPerUnitAtOne = canvas.height / 2 / Math.tan((40 * Math.PI) / 360);
    const spheres: { id: number; d: number; x: number; y: number; rPx: number }[] = [];
    for (let i = 0; i < sim.count; i++) {
      const p: [number, number, number] = [sim.positions[3 * i], sim.positions[3 * i + 1], sim.positions[3 * i + 2]];
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
  expect(target, 'an unhidden sphere in the middle of the view').not.toBeNull();
  await page.mouse.click(target!.x, target!.y);
  await waitFrames(page, 2);
  const selected = await page.evaluate(() => window.__sandbox.store.getState().selected);
  expect(selected, `the sphere selected by clicking sphere #${target!.id} at (${target!.x.toFixed(0)}, ${target!.y.toFixed(0)})`).toBe(target!.id);
  await page.evaluate(() => window.__sandbox.store.getState().select(null));
});

if (TIMING) {
  test('per-frame instance update at 10,000 and 100,000 spheres (measured, not asserted)', async () => {
    // A benchmark of minutes on the software renderer (more on a loaded machine).
    test.setTimeout(1_800_000);
    const { page } = shared;
    // Sphere meshes by the hundred thousand take seconds a frame to draw on the software
    // renderer, whose threads also take the CPU from the main thread: the spheres are written
    // each frame but not drawn (the update is the same either way).
    const plan: [number, 'impostor' | 'mesh', boolean, number, number][] = [
      [10_000, 'impostor', false, 4, 20],
      [10_000, 'mesh', false, 4, 20],
      [100_000, 'impostor', false, 30, 30],
      [100_000, 'mesh', false, 30, 30],
    ];
    for (const [n, renderer, drawn, warm, frames] of plan) {
      await load(page, n, 0.05, renderer, drawn);
      const t = await timeUpdate(page, warm, frames);
      expect(t.spheres, 'spheres the timing saw').toBe(n);
      expect(t.frames, 'frames the timing saw').toBeGreaterThanOrEqual(frames);
      const key = `${renderer}-${n}-paused${drawn ? '' : '-undrawn'}`;
      report.timing[key] = t;
      console.log(`       ${key}: update mean ${t.meanMs.toFixed(3)} ms, max ${t.maxMs.toFixed(3)} ms over ${t.frames} frames; ${t.writingFrames} frames wrote sphere data, mean ${t.writingMeanMs.toFixed(3)} ms`);
    }
    // Running: the solver steps in the same frames; only the instance update is timed.
    const running: [number, 'impostor' | 'mesh'][] = [
      [10_000, 'impostor'],
      [10_000, 'mesh'],
      [100_000, 'impostor'],
    ];
    for (const [n, renderer] of running) {
      await load(page, n, 0.05, renderer, false);
      await page.evaluate(() => window.__sandbox.store.getState().play());
      const t = await timeUpdate(page, 30, 30);
      await page.evaluate(() => window.__sandbox.store.getState().pause());
      const key = `${renderer}-${n}-running-undrawn`;
      report.timing[key] = t;
      console.log(`       ${key}: update mean ${t.meanMs.toFixed(3)} ms, max ${t.maxMs.toFixed(3)} ms over ${t.frames} frames; ${t.writingFrames} frames wrote sphere data, mean ${t.writingMeanMs.toFixed(3)} ms`);
    }
  });
}

test('the sphere renderers allocate nothing per frame (sampling heap profile) @alone', async () => {
  test.setTimeout(600_000);
  const { page, context } = shared;
  // The per-frame methods must keep their names in the build, or this check would see nothing.
  const bundle = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'))
    .join('\n');
  for (const name of Object.values(WRITERS)) expect(bundle.includes(`${name}(){`), `the build has a method named ${name}`).toBe(true);
  const cdp = await context.newCDPSession(page);
  try {
    for (const renderer of ['impostor', 'mesh'] as const) {
      for (const running of [false, true]) {
        await load(page, ALLOC_SPHERES, 0.05, renderer, renderer === 'impostor');
        if (running) await page.evaluate(() => window.__sandbox.store.getState().play());
        await waitSlowFrames(page, 30); // warm-up: the frame loop is compiled and its buffers exist
        // Until V8 has optimised the loop (compiled on a background thread, late when the CPU is
        // busy) its number arithmetic allocates; that passes, while a real allocation is in every
        // window. Up to three windows; the last one must be clean.
        let a = await allocations(cdp, page, 40, WRITERS[renderer]);
        const windows = [a.rendererSamples];
        while (a.rendererSamples > 0 && windows.length < 3) {
          a = await allocations(cdp, page, 40, WRITERS[renderer]);
          windows.push(a.rendererSamples);
        }
        if (running) await page.evaluate(() => window.__sandbox.store.getState().pause());
        const key = `${renderer}-${ALLOC_SPHERES}-${running ? 'running' : 'paused'}${renderer === 'impostor' ? '' : '-undrawn'}`;
        console.log(
          `       ${key}: renderer ${a.rendererBytesPerFrame.toFixed(1)} B/frame (samples per window: ${windows.join(', ')}), ` +
            `whole page ${a.bytesPerFrame.toFixed(0)} B/frame (most in: ${a.pageSites.join('; ')}), retained growth ${a.retainedGrowthPerFrame.toFixed(0)} B/frame`,
        );
        expect(a.rendererSamples, `allocation samples in the ${renderer} renderer's frame loop (${key}) at ${JSON.stringify(a.rendererSites)}`).toBe(0);
      }
    }
  } finally {
    await cdp.detach();
  }
});

if (TIMING) {
  test('dragging a sphere of a paused 100,000-sphere scene: main-thread time per move (measured, not asserted)', async () => {
    test.setTimeout(1_800_000);
    const { page } = shared;
    // Drawn as impostors (one call) but not shaded: the software renderer's threads would take
    // the CPU the handlers are timed on. Each pointer event's handlers are timed from a capture
    // listener on the window (first to run) to a microtask it queues (run once every listener of
    // that event has returned).
    await load(page, 100_000, 0.05, 'impostor', false);
    const target = await page.evaluate(() => {
      const hook = window.__sandbox;
      const s = hook.store.getState();
      // A sphere near the middle of the view.
      let best: { id: number; at: [number, number]; d: number } | null = null;
      for (let slot = 0; slot < s.sim.count; slot += 97) {
        const id = s.sim.world.idAt(slot);
        const at = hook.screenOf(id);
        if (at === null) continue;
        const d = Math.hypot(at[0] - 480, at[1] - 320);
        if (best === null || d < best.d) best = { id, at, d };
      }
      if (best === null) return null;
      s.select(best.id);
      const times: [string, number][] = [];
      window.__handlerTimes = times;
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
    expect(target, 'a sphere in view to drag').not.toBeNull();
    await waitFrames(page, 2);
    const from = await page.evaluate((id) => window.__sandbox.screenOf(id), target!.id);
    expect(from, 'where the sphere to drag is drawn').not.toBeNull();
    await page.mouse.move(from![0], from![1]);
    await page.mouse.down();
    for (let k = 1; k <= 20; k++) await page.mouse.move(from![0] + 2 * k, from![1] - k);
    await page.mouse.up();
    await waitFrames(page, 2);
    const result = await page.evaluate((id) => {
      const s = window.__sandbox.store.getState();
      const times = window.__handlerTimes as [string, number][];
      const moves = times.filter(([type]) => type === 'pointermove').map(([, ms]) => ms);
      const up = times.filter(([type]) => type === 'pointerup').map(([, ms]) => ms);
      // The edit itself, once more, timed alone: the solver's setPosition and the store's bookkeeping.
      const slot = s.sim.world.indexOf(id);
      const p = Array.from(s.sim.positions.subarray(3 * slot, 3 * slot + 3));
      const t0 = performance.now();
      const refused = s.editSphere(id, { position: [p[0] + 0.5, p[1], p[2]] });
      const editMs = performance.now() - t0;
      return { moves, up, editMs, refused, edited: s.edits.some((e) => e.id === id) };
    }, target!.id);
    expect(result.moves.length, 'pointer moves timed').toBeGreaterThanOrEqual(10);
    expect(result.edited, 'the drag applied as an edit').toBe(true);
    expect(result.refused, 'the timed edit refused with').toBeNull();
    const mean = result.moves.reduce((a, b) => a + b, 0) / result.moves.length;
    report.timing.drag100000 = { movesTimed: result.moves.length, moveMeanMs: mean, moveMaxMs: Math.max(...result.moves), releaseMs: result.up[0], editMs: result.editMs };
    console.log(
      `       drag at 100,000 spheres: ${result.moves.length} moves, mean ${mean.toFixed(3)} ms, max ${Math.max(...result.moves).toFixed(3)} ms; ` +
        `release (the edit applied) ${result.up[0].toFixed(2)} ms; editSphere alone ${result.editMs.toFixed(2)} ms`,
    );
  });
}
