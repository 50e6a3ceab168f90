// The embeddable component on the embed example page (dist/embed.html): two sandboxes side by
// side, each drawn in one call, independent, with their own collision callbacks, on a laptop and
// a phone, and a third composed with the hooks, whose page-made readouts and buttons follow and
// drive it. (The lab, with StrictMode, props after mount and 50 mounts, is embed-lab.spec.ts.)
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SandboxCollisionEvent } from '../../src/embed/SandboxProvider.tsx';
import { waitSandbox, waitSandboxFrames, worldOf } from './support/embed-lab.ts';
import { canvasPixels, results } from './support/page.ts';
import { expect, sharedPage, test, watchErrors } from './support/test.ts';

/** The play/pause button of a sandbox: its own bar's, or the hooks example's, outside its view. */
const toggleOf = (page: Page, name: string) => page.locator(name === 'hooks' ? '.hooks-lab [data-action="toggle"]' : `[data-sandbox="${name}"] [data-action="toggle"]`);

const isRunning = (page: Page, name: string) => page.evaluate((k) => window.__sandboxes[k].store.getState().running, name);

/** Runs or pauses the named sandbox with its page's button (whatever the test before left it doing). */
async function setRunning(page: Page, name: string, running: boolean): Promise<void> {
  if ((await isRunning(page, name)) !== running) await toggleOf(page, name).click();
  await expect.poll(() => isRunning(page, name), { message: `${name} running after its button` }).toBe(running);
}

// The laptop page's tests share one page, closed before the phone's opens (two pages drawing at
// once would each draw at half the rate).
test.describe('on a laptop', () => {
  const shared = sharedPage('embed', { viewport: { width: 1280, height: 900 } }, async (page) => {
    await page.goto('/embed.html?test=1');
    await waitSandbox(page, 'elastic', 5);
    await waitSandbox(page, 'inelastic', 5);
    await waitSandbox(page, 'hooks', 5);
  });

  test('both sandboxes load and render frames, beside the one composed with the hooks', async () => {
    const { page } = shared;
    await waitSandbox(page, 'elastic', 5);
    await waitSandbox(page, 'inelastic', 5);
    expect(await page.locator('.sphere-sandbox canvas').count(), 'sandbox canvases on the page (two components, one composed with the hooks)').toBe(3);
  });

  test('each sandbox shows its 120 spheres drawn in one draw call', async () => {
    const { page } = shared;
    for (const name of ['elastic', 'inelastic']) {
      const px = await canvasPixels(page, `[data-sandbox="${name}"] canvas`);
      expect(px.differ / px.total, `${name}: fraction of canvas pixels differing from the background (${px.differ} of ${px.total})`).toBeGreaterThan(0.03);
      expect(px.coloured / px.total, `${name}: fraction of coloured canvas pixels (${px.coloured} of ${px.total}; spheres missing?)`).toBeGreaterThan(0.005);
      const info = await page.evaluate((k) => ({ calls: window.__sandboxes[k].sphereDrawCalls(), instances: window.__sandboxes[k].instances() }), name);
      expect(info.calls, `${name}: draw calls of the sphere mesh in a frame`).toBe(1);
      expect(info.instances, `${name}: spheres drawn (the 120 of its props)`).toBe(120);
    }
  });

  /** The hooks example's readouts as the page shows them, and the sandbox's stats they come from. */
  const readHooks = (page: Page) =>
    page.evaluate(() => {
      const value = (k: string) => document.querySelector(`[data-readout="hooks"] [data-value="${k}"]`)!.textContent;
      const s = window.__sandboxes.hooks.store.getState();
      return { time: value('time'), kinetic: value('kinetic'), statsTime: s.stats.simTime, statsKinetic: s.stats.kineticEnergy, running: s.running };
    });

  test("the hooks example's readouts, outside the sandbox's view, follow its published stats", async () => {
    const { page } = shared;
    await setRunning(page, 'hooks', true);
    const outside = await page.locator('.hooks-lab__panel').evaluate((el) => el.closest('.sphere-sandbox') === null && el.querySelector('canvas') === null);
    expect(outside, 'the hooks readouts are outside the sandbox view').toBe(true);
    // The readouts follow the published stats: a later sample shows a later time. The page renders
    // a sample after the stats hold it: both are read together until it has.
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().stats.simTime > 0.5, null, { timeout: 60_000, polling: 'raf' });
    let first = await readHooks(page);
    await expect(async () => {
      first = await readHooks(page);
      expect(first.time, 'the time shown, against the stats').toBe(`${first.statsTime.toFixed(2)} s`);
      expect(first.kinetic, 'the kinetic energy shown, against the stats').toBe(`${first.statsKinetic.toFixed(2)} J`);
    }).toPass({ timeout: 60_000 });
    await page.waitForFunction((t) => window.__sandboxes.hooks.store.getState().stats.simTime > t + 0.3, first.statsTime, { timeout: 60_000, polling: 'raf' });
    let later = await readHooks(page);
    await expect(async () => {
      later = await readHooks(page);
      expect(later.time, 'the later time shown, against the stats').toBe(`${later.statsTime.toFixed(2)} s`);
    }).toPass({ timeout: 60_000 });
    expect(later.time, 'the time shown after a later sample').not.toBe(first.time);
  });

  test("the page's own Pause button pauses the sandbox, and its slider sets the restitution live (screenshot)", async () => {
    const { page } = shared;
    await setRunning(page, 'hooks', true);
    const toggle = toggleOf(page, 'hooks');
    // The page's own Pause button is the handle's pause.
    await toggle.click();
    await expect(toggle, "the page's button after Pause").toHaveText('Play');
    expect((await readHooks(page)).running, "the sandbox running after the page's Pause").toBe(false);
    // The page's slider applies the restitution live (no rebuild).
    const before = await worldOf(page, 'hooks');
    await page.locator('.hooks-lab input[type="range"]').fill('0.5');
    const after = await worldOf(page, 'hooks');
    expect(after.restitution, "the world's restitution after the slider").toBe(0.5);
    expect(after.sceneVersion, 'the scene version after the slider (no rebuild)').toBe(before.sceneVersion);
    await toggle.click();
    await expect(toggle, "the page's button after Play").toHaveText('Pause');
    await page.locator('.hooks-lab').scrollIntoViewIfNeeded();
    await waitSandboxFrames(page, 'hooks', 3);
    await page.locator('.hooks-lab').screenshot({ path: join(results, 'embed-hooks.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test('the hooks example sums the energy lost after every step (useAfterStep)', async () => {
    const { page } = shared;
    const hooks = page.locator('.hooks-lab');
    // A restart counts afresh: the energy lost since then is the kinetic energy gone (no gravity, so
    // nothing else changes it). Restarted while paused, so that the energy read is time 0's.
    await setRunning(page, 'hooks', false);
    await hooks.locator('[data-action="restart"]').click();
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().sim.world.time === 0, null, { polling: 'raf' });
    const start = await page.evaluate(() => {
      const s = window.__sandboxes.hooks.store.getState();
      return { time: s.stats.simTime, kinetic: s.stats.kineticEnergy };
    });
    expect(start.time, 'the stats\' time after the restart').toBe(0);
    await setRunning(page, 'hooks', true);
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().stats.simTime > 1, null, { timeout: 60_000, polling: 'raf' });
    // The sum is shown on the render after a sample is published (a React state set from the
    // store's listener): the text and the stats are read together until the page shows that sample's.
    await expect(async () => {
      const lost = await page.evaluate(() => ({ text: document.querySelector('.hooks-lab [data-value="lost"]')!.textContent, kinetic: window.__sandboxes.hooks.store.getState().stats.kineticEnergy }));
      const shown = Number(/([\d.]+) J/.exec(lost.text)?.[1]);
      expect(shown, `the energy lost shown (${lost.text})`).toBeGreaterThan(0);
      expect(Math.abs(start.kinetic - lost.kinetic - shown), `the page shows ${lost.text}; the kinetic energy went from ${start.kinetic} to ${lost.kinetic} J`).toBeLessThan(0.006);
    }).toPass({ timeout: 60_000 });
  });

  test('the hooks example goes back to a kept moment exactly (snapshot, restore)', async () => {
    const { page } = shared;
    const hooks = page.locator('.hooks-lab');
    // Kept while paused, the moment comes back bit for bit after the run has gone on.
    await setRunning(page, 'hooks', true);
    await page.waitForFunction(() => window.__sandboxes.hooks.store.getState().sim.stepsRun > 0, null, { polling: 'raf' });
    await setRunning(page, 'hooks', false);
    await waitSandboxFrames(page, 'hooks', 2);
    await hooks.locator('[data-action="keep"]').click();
    await expect(hooks.locator('[data-action="back"]'), 'Back to it, once a moment is kept').toBeEnabled();
    const state = () =>
      page.evaluate(() => {
        const sim = window.__sandboxes.hooks.store.getState().sim;
        return { step: sim.stepsRun, positions: Array.from(sim.positions.subarray(0, 3 * sim.count)) };
      });
    const kept = await state();
    // The run goes on 31 steps (stepped, still paused: no waiting on the clock).
    await page.evaluate(() => {
      for (let k = 0; k < 31; k++) window.__sandboxes.hooks.store.getState().stepOnce();
    });
    expect((await state()).step, 'steps run after going on 31').toBe(kept.step + 31);
    await hooks.locator('[data-action="back"]').click();
    const back = await state();
    expect(back.step, 'the step gone back to').toBe(kept.step);
    const k = back.positions.findIndex((x, i) => x !== kept.positions[i]);
    expect(k, `the first coordinate that differs from the kept moment's (back ${back.positions[k]}, kept ${kept.positions[k]})`).toBe(-1);
    expect(back.positions.length, 'coordinates back, against those kept').toBe(kept.positions.length);
    // Nothing later needs the hooks example running.
  });

  test('two instances: two stores, two worlds with their own restitution', async () => {
    const { page } = shared;
    const distinct = await page.evaluate(
      () =>
        window.__sandboxes.elastic.store !== window.__sandboxes.inelastic.store &&
        window.__sandboxes.elastic.store.getState().sim.world !== window.__sandboxes.inelastic.store.getState().sim.world,
    );
    expect(distinct, 'the two sandboxes have their own store and world').toBe(true);
    expect((await worldOf(page, 'elastic')).restitution, "elastic's restitution").toBe(1);
    expect((await worldOf(page, 'inelastic')).restitution, "inelastic's restitution").toBe(0.5);
  });

  test('pausing one sandbox leaves the other running', async () => {
    const { page } = shared;
    await setRunning(page, 'inelastic', true);
    await setRunning(page, 'elastic', true);
    await toggleOf(page, 'elastic').click();
    await expect.poll(() => isRunning(page, 'elastic'), { message: 'elastic running after its Pause' }).toBe(false);
    await waitSandboxFrames(page, 'inelastic', 2);
    const a0 = await worldOf(page, 'elastic');
    const b0 = await worldOf(page, 'inelastic');
    expect(a0.running, 'elastic running after its Pause').toBe(false);
    expect(b0.running, 'inelastic running after elastic paused').toBe(true);
    // Ten frames of each: the paused one had its chances to move, the other moved.
    await Promise.all([waitSandboxFrames(page, 'inelastic', 10), waitSandboxFrames(page, 'elastic', 10)]);
    const a1 = await worldOf(page, 'elastic');
    const b1 = await worldOf(page, 'inelastic');
    expect(a1.time, "the paused sandbox's time").toBe(a0.time);
    expect(b1.time, "the other sandbox's time").toBeGreaterThan(b0.time);
    await expect(toggleOf(page, 'elastic'), "the paused sandbox's button").toHaveText(/Play/);
  });

  test("each onCollision gets its own instance's events, each collision once", async () => {
    const { page } = shared;
    // Let the inelastic gas collide for a while, then pause both so the totals hold still.
    await setRunning(page, 'inelastic', true);
    await page.waitForFunction(
      () => ((window.__embedEvents as Record<string, SandboxCollisionEvent[]> | undefined)?.inelastic ?? []).some((e) => e.wall === null),
      null,
      { timeout: 60_000, polling: 'raf' },
    );
    await setRunning(page, 'elastic', false);
    await setRunning(page, 'inelastic', false);
    const got = await page.evaluate(() => {
      const out: Record<string, { n: number; pairs: number; walls: number; maxPairLoss: number; lossyPairs: number; latest: number; time: number; idsOk: boolean; normalsOk: boolean; worldPairs: number; worldWalls: number }> = {};
      const recorded = (window.__embedEvents ?? {}) as Record<string, SandboxCollisionEvent[]>;
      for (const k of ['elastic', 'inelastic']) {
        const w = window.__sandboxes[k].store.getState().sim.world;
        const events = recorded[k] ?? [];
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
    expect(a.n, 'collision events of the elastic sandbox').toBeGreaterThan(0);
    expect(b.n, 'collision events of the inelastic sandbox').toBeGreaterThan(0);
    expect(b.pairs, 'sphere-sphere collisions reported by the inelastic sandbox').toBeGreaterThan(0);
    expect(a.lossyPairs, `sphere collisions of the elastic sandbox (e = 1) that lost energy (max ${a.maxPairLoss} J): another instance's events?`).toBe(0);
    expect(b.lossyPairs, `sphere collisions of the inelastic sandbox (e = 0.5) that lost energy, of ${b.pairs}`).toBe(b.pairs);
    for (const [k, s] of Object.entries(got)) {
      expect(s.idsOk, `${k}: every event names spheres its world has`).toBe(true);
      expect(s.normalsOk, `${k}: every event's normal is a unit vector`).toBe(true);
      expect(s.latest, `${k}: the latest event's time, against its world's time ${s.time} s`).toBeLessThanOrEqual(s.time + 1e-12);
      // Every collision of the world was reported once (the page keeps the first 500).
      if (s.n < 500) {
        expect(s.pairs, `${k}: pair events, against the world's pair collisions`).toBe(s.worldPairs);
        expect(s.walls, `${k}: wall events, against the world's wall collisions`).toBe(s.worldWalls);
      }
    }
  });

  test('side by side on a laptop, with the text readable around them (screenshot)', async () => {
    const { page } = shared;
    const boxes = await page.evaluate(() => [...document.querySelectorAll('.lesson__pair .sphere-sandbox')].map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length, 'sandboxes side by side').toBe(2);
    const [a, b] = boxes;
    expect(Math.abs(a.top - b.top) < 1 && b.left >= a.right, `on a 1280 px wide window the sandboxes are not side by side: ${JSON.stringify(boxes)}`).toBe(true);
    expect(a.width, 'the first sandbox\'s width, px').toBeGreaterThanOrEqual(300);
    expect(b.width, 'the second sandbox\'s width, px').toBeGreaterThanOrEqual(300);
    const size = await page.locator('main h1 + p').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size, "the lesson text's size, px").toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: join(results, 'embed.png'), fullPage: true });
  });

  test('a sandbox scrolled out of view simulates on without drawing, and draws again in view', async () => {
    const { page } = shared;
    const name = 'inelastic';
    const sel = `[data-sandbox="${name}"]`;
    await setRunning(page, name, true);
    await page.setViewportSize({ width: 1280, height: 360 });
    try {
      const where = await page.evaluate((q) => {
        // The sandbox's visibility as its own observer sees it (SandboxCanvas.tsx's DrawWhenVisible:
        // the same margin): the page delivers every observer's report in one task, so once this one
        // has reported, the sandbox's has too.
        window.__inView = true;
        window.__viewObserver = new IntersectionObserver((entries) => (window.__inView = entries[entries.length - 1].isIntersecting), { rootMargin: '200px' });
        window.__viewObserver.observe(document.querySelector(`${q} canvas`)!);
        // A longer lesson: more text below the sandboxes, scrolled down to.
        const more = document.createElement('div');
        more.id = 'more-lesson';
        more.style.height = '2000px';
        document.body.append(more);
        window.scrollTo(0, document.documentElement.scrollHeight);
        const r = document.querySelector(q)!.getBoundingClientRect();
        return { bottom: r.bottom, top: r.top, height: window.innerHeight };
      }, sel);
      expect(where.bottom < -200 || where.top > where.height + 200, `the sandbox is not out of view after scrolling: ${JSON.stringify(where)}`).toBe(true);
      await page.waitForFunction(() => window.__inView === false, null, { polling: 'raf' }); // the observer reports it
      await waitSandboxFrames(page, name, 3);
      const probe = () => page.evaluate((k) => ({ draws: window.__sandboxes[k].draws(), time: window.__sandboxes[k].store.getState().sim.world.time }), name);
      const out0 = await probe();
      await waitSandboxFrames(page, name, 10);
      const out1 = await probe();
      expect(out1.time, 'out of view, its simulated time').toBeGreaterThan(out0.time);
      expect(out1.draws - out0.draws, 'out of view, frames it drew in 10').toBe(0);
      await page.locator(sel).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => window.__inView === true, null, { polling: 'raf' });
      await waitSandboxFrames(page, name, 5);
      const back = await probe();
      expect(back.draws - out1.draws, 'back in view, frames it drew in 5').toBeGreaterThanOrEqual(3);
      const px = await canvasPixels(page, `${sel} canvas`);
      expect(px.coloured / px.total, `back in view, fraction of coloured pixels (${px.coloured} of ${px.total})`).toBeGreaterThan(0.005);
    } finally {
      await page.evaluate(() => {
        window.__viewObserver?.disconnect();
        document.getElementById('more-lesson')?.remove();
      });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

});

test('stacked on a phone (screenshot)', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  try {
    const p = await phone.newPage();
    watchErrors(p, 'embed phone');
    p.setDefaultTimeout(60_000);
    await p.goto('/embed.html?test=1');
    await waitSandbox(p, 'elastic', 3);
    await waitSandbox(p, 'inelastic', 3);
    const boxes = await p.evaluate(() => [...document.querySelectorAll('.lesson__pair .sphere-sandbox')].map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const [a, b] = boxes;
    expect(b.top >= a.bottom, `on a phone the sandboxes are not stacked: ${JSON.stringify(boxes)}`).toBe(true);
    expect(a.right, "the first sandbox's right edge on a 390 px phone").toBeLessThanOrEqual(390 + 0.5);
    expect(b.right, "the second sandbox's right edge on a 390 px phone").toBeLessThanOrEqual(390 + 0.5);
    expect(await p.evaluate(() => document.documentElement.scrollWidth), "the page's width on a phone (no sideways scrolling)").toBeLessThanOrEqual(390);
    // The second sandbox is below the fold, where it does not draw: show it once, for the picture.
    await p.locator('[data-sandbox="inelastic"]').scrollIntoViewIfNeeded();
    await waitSandboxFrames(p, 'inelastic', 3);
    await p.evaluate(() => window.scrollTo(0, 0));
    await waitSandboxFrames(p, 'elastic', 2);
    await p.screenshot({ path: join(results, 'embed-phone.png'), fullPage: true });
  } finally {
    await phone.close();
  }
});
