// The sandbox as a person first meets it: the page renders, draws every sphere in one call,
// and the overlay's controls change the simulation; then the small screens' layout.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { canvasPixels, FIXED_DT, results, simTime, waitFramed, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

test.describe('a 960 x 640 page', () => {
  const shared = sharedPage('app', { viewport: { width: 960, height: 640 } }, async (page) => {
    await page.goto('/?test=1');
    await waitReady(page);
  });

  test('the page loads and renders frames with no console error', async () => {
    // The load's console errors, if any, fail this test (sharedPage watches the page).
    await waitFrames(shared.page, 10);
  });

  test('the canvas shows spheres, not a blank canvas (screenshot)', async () => {
    const { page } = shared;
    await page.screenshot({ path: join(results, 'default-scene.png') });
    const px = await canvasPixels(page);
    expect(px.differ / px.total, `fraction of canvas pixels that differ from the background (${px.differ} of ${px.total})`).toBeGreaterThan(0.05);
    expect(px.coloured / px.total, `fraction of coloured canvas pixels (${px.coloured} of ${px.total}; spheres missing?)`).toBeGreaterThan(0.01);
  });

  test('all 300 default spheres are drawn in one draw call', async () => {
    const info = await shared.page.evaluate(() => ({
      sphereCalls: window.__sandbox.sphereDrawCalls(),
      instances: window.__sandbox.instances(),
      count: window.__sandbox.store.getState().sim.count,
      ...window.__sandbox.renderInfo(),
    }));
    expect(info.count, 'spheres in the default world').toBe(300);
    expect(info.instances, 'instances drawn').toBe(300);
    expect(info.sphereCalls, 'draw calls of the sphere mesh in a frame').toBe(1);
    expect(info.calls, `draw calls of the whole frame for ${info.count} spheres`).toBeLessThanOrEqual(5);
  });

  test('a paused view is not drawn again until something changes: the camera, the scene, a sphere', async () => {
    const { page } = shared;
    const counts = () => page.evaluate(() => ({ frames: window.__sandbox.frames(), draws: window.__sandbox.draws() }));
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await waitFrames(page, 3);
    const still = await counts();
    await waitFrames(page, 60);
    const later = await counts();
    // 60 frames of a still view: drawn only by the heartbeat (one frame in 30).
    expect(later.frames - still.frames, 'frames run').toBeGreaterThanOrEqual(60);
    expect(later.draws - still.draws, `frames drawn in ${later.frames - still.frames} frames of a paused view`).toBeLessThanOrEqual(3);
    // A step while paused is drawn. The frames drawn are counted in the call that steps: one drawn
    // between a count read before it and the steps (the heartbeat's) would show them unmoved.
    const before = await canvasPixels(page);
    const steppedAt = await page.evaluate(() => {
      for (let k = 0; k < 30; k++) window.__sandbox.store.getState().stepOnce();
      return window.__sandbox.draws();
    });
    await page.waitForFunction((d) => window.__sandbox.draws() > d, steppedAt, { polling: 'raf' });
    const stepped = await canvasPixels(page);
    expect(stepped.differ, 'the canvas after 30 steps (the spheres moved)').not.toBe(before.differ);
    // The camera turned with the mouse wheel (a zoom) is drawn: once the camera has moved, a frame
    // drawn after that (frames drawn before it, for the pointer's move or the heartbeat, show the
    // old view).
    const camera0 = await page.evaluate(() => window.__sandbox.cameraPosition());
    const box = (await page.locator('.sandbox-canvas canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction((c) => window.__sandbox.cameraPosition().some((x, k) => x !== c[k]), camera0, { polling: 'raf' });
    const zoomedAt = await page.evaluate(() => window.__sandbox.draws());
    await page.waitForFunction((d) => window.__sandbox.draws() > d, zoomedAt, { polling: 'raf' });
    const zoomed = await canvasPixels(page);
    expect(zoomed.differ, 'the canvas after zooming out (the box is smaller)').not.toBe(stepped.differ);
    await page.evaluate(() => window.__sandbox.store.getState().resetView());
    await waitFramed(page);
  });

  test('changing the count in the overlay changes the number drawn, not the draw calls', async () => {
    const { page } = shared;
    const before = await page.evaluate(() => window.__sandbox.renderInfo());
    await page.getByLabel('Spheres', { exact: true }).fill('120');
    // A frame drawn with the new world, then the next one measured.
    await page.waitForFunction(() => window.__sandbox.instances() === 120, null, { polling: 'raf' });
    await waitFrames(page, 2);
    const after = await page.evaluate(() => ({
      instances: window.__sandbox.instances(),
      count: window.__sandbox.store.getState().sim.count,
      sphereCalls: window.__sandbox.sphereDrawCalls(),
      ...window.__sandbox.renderInfo(),
    }));
    expect(after.count, 'spheres in the world after typing 120').toBe(120);
    expect(after.instances, 'instances drawn after typing 120').toBe(120);
    expect(after.sphereCalls, 'draw calls of the sphere mesh after the change').toBe(1);
    expect(after.calls, 'draw calls of the frame after the change (as before it)').toBe(before.calls);
    expect(after.triangles, 'triangles with fewer spheres (fewer than before)').toBeLessThan(before.triangles);
  });

  test('restitution and gravity change live, without a rebuild', async () => {
    const { page } = shared;
    await page.evaluate(() => {
      window.__sandbox.store.getState().play();
      window.__worldBefore = window.__sandbox.store.getState().sim.world;
    });
    const v0 = await page.evaluate(() => window.__sandbox.store.getState().sceneVersion);
    const t0 = await simTime(page);
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.8');
    await page.getByLabel('Gravity', { exact: true }).check();
    // Simulated time goes on across the live change.
    await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
    const after = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return {
        same: s.sim.world === window.__worldBefore,
        restitution: s.sim.world.options.restitution,
        gravity: Array.from(s.sim.world.gravity),
        version: s.sceneVersion,
        time: s.sim.world.time,
      };
    });
    expect(after.same, 'the world was replaced by a live setting').toBe(true);
    expect(after.version, 'the scene version (a rebuild changes it)').toBe(v0);
    expect(after.restitution, 'world restitution').toBe(0.8);
    expect(after.gravity[1], `world gravity's y (gravity ${after.gravity})`).toBe(-9.81);
    expect(after.time, 'simulated time after the live change').toBeGreaterThan(t0);
    await page.getByLabel('Gravity', { exact: true }).uncheck();
  });

  test('Pause stops simulated time and turns into Play', async () => {
    const { page } = shared;
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.getByRole('button', { name: 'Pause' }).click();
    const t0 = await simTime(page);
    await waitFrames(page, 10);
    expect(await simTime(page), 'simulated time ten frames after Pause').toBe(t0);
    await expect(page.getByRole('button', { name: 'Play', exact: true }), 'the Play button that Pause turned into').toBeVisible();
  });

  test('Step advances exactly one fixed step and stays paused', async () => {
    const { page } = shared;
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    const t0 = await simTime(page);
    await page.getByRole('button', { name: 'Step' }).click();
    await waitFrames(page, 2);
    const t1 = await simTime(page);
    expect(Math.abs(t1 - t0 - FIXED_DT), `Step moved time by ${t1 - t0}, expected ${FIXED_DT}: the error`).toBeLessThan(1e-12);
    await waitFrames(page, 5);
    expect(await simTime(page), 'time five frames after Step (it stays paused)').toBe(t1);
  });

  test('Restart reproduces the same positions', async () => {
    const { page } = shared;
    const N = 30;
    const run = async () => {
      await page.getByRole('button', { name: 'Restart' }).click();
      // N presses of the Step button; dispatched in the page because each Playwright click
      // waits for the (slow, software-rendered) page to settle.
      await page.evaluate((n) => {
        const button = document.querySelector<HTMLButtonElement>('button[data-action="step"]')!;
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
    expect(Math.abs(first.time - N * FIXED_DT), `after Restart and ${N} steps time is ${first.time}: the error`).toBeLessThan(1e-9);
    expect(second.positions.length, 'coordinates in the second run (as in the first)').toBe(first.positions.length);
    const differing = first.positions.findIndex((x, k) => x !== second.positions[k]);
    expect(differing, `the first coordinate that differs after Restart (${first.positions[differing]} vs ${second.positions[differing]})`).toBe(-1);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
  });

  test('dragging on the canvas turns the camera; Reset view brings it home', async () => {
    const { page } = shared;
    // Start from the home view of the layout as it is now (the framing follows the panels, and
    // Play just relabelled its button): wait until the framing has caught up, then go home.
    await waitFramed(page);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await waitFramed(page);
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
    expect(moved, `how far the camera moved (from ${before} to ${after})`).toBeGreaterThan(0.05 * r0);
    expect(Math.abs(r1 - r0), `a drag orbits, not zooms: the change of distance (${r0} -> ${r1})`).toBeLessThan(0.02 * r0);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await waitFramed(page);
    const home = await page.evaluate(() => window.__sandbox.cameraPosition());
    expect(Math.hypot(home[0] - before[0], home[1] - before[1], home[2] - before[2]), 'distance of the camera from home after Reset view').toBeLessThan(1e-6 * r0);
  });

  test('a bad value shows a message at its field and the simulation keeps running (screenshot)', async () => {
    const { page } = shared;
    await page.evaluate(() => window.__sandbox.store.getState().play());
    const field = page.getByLabel('Spheres', { exact: true });
    const count0 = await page.evaluate(() => window.__sandbox.store.getState().sim.count);
    await field.fill('-5');
    const message = page.getByText('Spheres must be at least 1, got -5');
    await message.waitFor({ state: 'visible' });
    expect(await field.getAttribute('aria-invalid'), "the field's aria-invalid").toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const messageId = await message.getAttribute('id');
    expect(messageId, "the message's id").toBeTruthy();
    expect(describedBy.split(' '), `aria-describedby "${describedBy}" names the message`).toContain(messageId);
    const t0 = await simTime(page);
    await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
    const count = await page.evaluate(() => window.__sandbox.store.getState().sim.count);
    expect(count, 'spheres in the world after the bad value (as before it)').toBe(count0);
    await page.screenshot({ path: join(results, 'bad-value.png') });
    await field.press('Escape');
    await message.waitFor({ state: 'detached' });
  });

  test('the gravity scene looks right (screenshot)', async () => {
    const { page } = shared;
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await page.getByLabel('Gravity', { exact: true }).check();
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.9');
    await page.evaluate(() => {
      const store = window.__sandbox.store;
      store.getState().play();
      // A moment of falling for the picture: 24 fixed steps (the old suite's 24 frames at 60 Hz), stepped without drawing.
      for (let k = 0; k < 24; k++) store.getState().sim.stepOnce();
    });
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'gravity.png') });
  });
});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
}

/** The panel toggles and the time controls of a page, as boxes. */
const layout = (p: Page) =>
  p.evaluate(() => {
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
    };
    const toggles = [...document.querySelectorAll('.panel__toggle')].map(box);
    const controls = [...document.querySelectorAll('.transport > *')].map(box);
    return { toggles, controls };
  });
const oneRow = (boxes: Box[]) => boxes.every((b) => Math.abs(b.top - boxes[0].top) < 2);
const rectOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
  });

/** A page of that size, freshly loaded. */
async function openSmall(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto('/?test=1');
  await waitReady(page, 2);
}

/**
 * The small-window checks of a page loaded at `width` x `height`: the panels start closed (the
 * classroom panel closed for the picture), the time controls fit on one row, the panel toggles
 * share one on a narrow window, every control keeps its name.
 */
async function smallWindowLayout(page: Page, width: number, height: number): Promise<void> {
  const settings = page.getByRole('button', { name: 'Settings' });
  const classroom = page.getByRole('button', { name: 'Classroom' });
  expect(await settings.getAttribute('aria-expanded'), `${width}x${height}: the settings panel at first`).toBe('false');
  if ((await classroom.getAttribute('aria-expanded')) === 'true') await classroom.click();
  await expect(classroom, `${width}x${height}: the classroom panel closed for the picture`).toHaveAttribute('aria-expanded', 'false');
  const l = await layout(page);
  expect(l.controls.length, `${width}x${height}: time controls`).toBe(6);
  expect(oneRow(l.controls), `${width}x${height}: the time controls take more than one row: ${JSON.stringify(l.controls.map((b) => [b.left, b.top]))}`).toBe(true);
  expect(l.controls.every((b) => b.right <= width + 0.5), `${width}x${height}: a time control overflows the window`).toBe(true);
  if (width < 720) {
    const [a, b] = l.toggles;
    expect(Math.abs(a.top - b.top) < 2 && b.left >= a.right, `${width}x${height}: the classroom and settings toggles are not side by side: ${JSON.stringify(l.toggles)}`).toBe(true);
  }
  // Icons only where space is short: every control keeps its name.
  for (const name of ['Pause', 'Step', 'Restart', 'Reverse', 'Reset view']) {
    await expect(page.getByRole('button', { name, exact: true }), `${width}x${height}: buttons named ${name}`).toHaveCount(1);
  }
  await page.screenshot({ path: join(results, `small-window-${width}x${height}.png`) });
}

/** An open settings panel takes the whole width and stays clear of the time controls. */
async function openPanelFits(page: Page, width: number, height: number): Promise<void> {
  const panel = await rectOf(page, 'aside[aria-label="Settings"]');
  const dock = await rectOf(page, '.transport');
  expect(panel.width, `${width}x${height}: the open settings panel's width`).toBeGreaterThanOrEqual(width - 40);
  expect(panel.bottom, `${width}x${height}: the open settings panel's bottom (the time controls' top is ${dock.top})`).toBeLessThanOrEqual(dock.top);
  await page.screenshot({ path: join(results, `small-window-${width}x${height}-open.png`) });
}

test('a phone-sized screen (390 x 700): the panel starts collapsed, the controls fit, Enter and a click open it (screenshots)', async ({ page }) => {
  // One load serves the old suite's phone step and its 390 x 700 small window.
  await openSmall(page, 390, 700);
  await waitFrames(page, 4);
  const toggle = page.getByRole('button', { name: 'Settings' });
  expect(await toggle.getAttribute('aria-expanded'), 'the settings panel on a small screen at first').toBe('false');
  await page.screenshot({ path: join(results, 'small-screen.png') });
  const px = await canvasPixels(page);
  expect(px.coloured / px.total, 'fraction of coloured canvas pixels on the small screen').toBeGreaterThan(0.01);
  await smallWindowLayout(page, 390, 700);
  await toggle.press('Enter');
  await expect(toggle, 'the settings panel after Enter on its button').toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Spheres', { exact: true }).waitFor({ state: 'visible' });
  await page.screenshot({ path: join(results, 'small-screen-open.png') });
  // Closed again with Enter, then opened with a click, as a person on a phone does.
  await toggle.press('Enter');
  await expect(toggle, 'the settings panel after a second Enter').toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle, 'the settings panel after a click').toHaveAttribute('aria-expanded', 'true');
  await openPanelFits(page, 390, 700);
});

for (const [width, height] of [
  [640, 480],
  [844, 390],
] as const) {
  test(`a small window (${width} x ${height}): the panels start closed, the time controls fit on one row (screenshot)`, async ({ page }) => {
    await openSmall(page, width, height);
    await smallWindowLayout(page, width, height);
    if (width < 720) {
      await page.getByRole('button', { name: 'Settings' }).click();
      await openPanelFits(page, width, height);
    }
  });
}

/** How a page's view draws: the context's multisampling, triangles a sphere, the panels' blur, device pixels a CSS pixel. */
const drawingOf = (p: Page) =>
  p.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const gl = canvas.getContext('webgl2')!;
    const hook = window.__sandbox;
    return {
      root: document.documentElement.dataset.drawing ?? null,
      antialias: gl.getContextAttributes()?.antialias ?? null,
      trianglesPerSphere: hook.renderInfo().triangles / hook.instances(),
      blur: getComputedStyle(document.querySelector('.panel')!).backdropFilter,
      pixelsPerCss: canvas.width / canvas.clientWidth,
    };
  });

test('test pages draw plainly (half resolution, no multisampling, coarse spheres, no blur behind the panels); drawing=full draws the look users see', async ({ page }) => {
  // A UV sphere of w x h segments has 2w(h - 1) triangles: 80 at 8 x 6, 952 at 28 x 18 (300
  // spheres); the box and its grid add a few triangles a frame, under one a sphere.
  await page.setViewportSize({ width: 960, height: 640 });
  await page.goto('/?test=1');
  await waitReady(page);
  await waitFrames(page, 2);
  const plain = await drawingOf(page);
  expect(plain.root, 'the root element marks plain drawing').toBe('plain');
  expect(plain.antialias, 'multisampling of a test page').toBe(false);
  expect(plain.trianglesPerSphere, 'triangles a sphere, plain').toBeGreaterThanOrEqual(80);
  expect(plain.trianglesPerSphere, 'triangles a sphere, plain').toBeLessThan(81);
  expect(plain.blur, 'the blur behind a panel, plain').toBe('none');
  expect(plain.pixelsPerCss, "the canvas's pixels a CSS pixel, plain").toBeCloseTo(0.5, 2);
  await page.goto('/?test=1&drawing=full');
  await waitReady(page);
  await waitFrames(page, 2);
  const full = await drawingOf(page);
  expect(full.root, 'no plain-drawing mark with drawing=full').toBeNull();
  expect(full.antialias, 'multisampling with drawing=full').toBe(true);
  expect(full.trianglesPerSphere, 'triangles a sphere with drawing=full').toBeGreaterThanOrEqual(952);
  expect(full.trianglesPerSphere, 'triangles a sphere with drawing=full').toBeLessThan(953);
  expect(full.blur, 'the blur behind a panel with drawing=full').toContain('blur');
  expect(full.pixelsPerCss, "the canvas's pixels a CSS pixel with drawing=full (dpr 1)").toBe(1);
});
