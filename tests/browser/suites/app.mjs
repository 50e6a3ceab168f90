// The sandbox as a person first meets it: the page renders, draws every sphere in one call,
// and the overlay's controls change the simulation.
import { join } from 'node:path';
import { canvasPixels, check, FIXED_DT, results, simTime, step, waitFramed, waitFrames, watchErrors } from '../harness.mjs';

export default async function appSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'app');
  page.setDefaultTimeout(60_000);

  await step('the page loads and renders frames', async () => {
    await page.goto(`${base}/?test=1`);
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
    check(await page.getByRole('button', { name: 'Play', exact: true }).isVisible(), 'the Pause button did not turn into Play');
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
    await page.getByRole('button', { name: 'Play', exact: true }).click();
  });

  await step('dragging on the canvas turns the camera', async () => {
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
    check(moved > 0.05 * r0, `the camera moved only ${moved.toFixed(4)} (from ${before} to ${after})`);
    check(Math.abs(r1 - r0) < 0.02 * r0, `a drag should orbit, not zoom: distance ${r0} -> ${r1}`);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await waitFramed(page);
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
    watchErrors(phone, consoleErrors, 'small screen');
    await phone.setViewportSize({ width: 390, height: 700 });
    await phone.goto(`${base}/?test=1`);
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

  await step('small windows: the panel toggles share a row, the time controls fit on one', async () => {
    const layout = (p) =>
      p.evaluate(() => {
        const box = (el) => el.getBoundingClientRect().toJSON();
        const toggles = [...document.querySelectorAll('.panel__toggle')].map(box);
        const controls = [...document.querySelectorAll('.transport > *')].map(box);
        return { toggles, controls, width: window.innerWidth, height: window.innerHeight };
      });
    const oneRow = (boxes) => boxes.every((b) => Math.abs(b.top - boxes[0].top) < 2);
    for (const [width, height] of [[390, 700], [640, 480], [844, 390]]) {
      const small = await context.newPage();
      watchErrors(small, consoleErrors, `small window ${width}x${height}`);
      await small.setViewportSize({ width, height });
      await small.goto(`${base}/?test=1`);
      await small.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 2, null, { timeout: 60_000 });
      const settings = small.getByRole('button', { name: 'Settings' });
      const classroom = small.getByRole('button', { name: 'Classroom' });
      // Closed at first (narrow or short), and the classroom panel closed too, for the picture.
      check((await settings.getAttribute('aria-expanded')) === 'false', `${width}x${height}: the settings panel starts open`);
      if ((await classroom.getAttribute('aria-expanded')) === 'true') await classroom.click();
      const l = await layout(small);
      check(l.controls.length === 6 && oneRow(l.controls), `${width}x${height}: the time controls take more than one row: ${JSON.stringify(l.controls.map((b) => [b.left, b.top]))}`);
      check(l.controls.every((b) => b.right <= width + 0.5), `${width}x${height}: a time control overflows the window`);
      if (width < 720) {
        const [a, b] = l.toggles;
        check(Math.abs(a.top - b.top) < 2 && b.left >= a.right, `${width}x${height}: the classroom and settings toggles are not side by side: ${JSON.stringify(l.toggles)}`);
      }
      // Icons only where space is short: every control keeps its name.
      for (const name of ['Pause', 'Step', 'Restart', 'Reverse', 'Reset view']) {
        check((await small.getByRole('button', { name, exact: true }).count()) === 1, `${width}x${height}: no button named ${name}`);
      }
      await small.screenshot({ path: join(results, `small-window-${width}x${height}.png`) });
      if (width < 720) {
        // An open panel takes the whole width and stays clear of the time controls.
        await settings.click();
        const panel = await small.locator('aside[aria-label="Settings"]').evaluate((el) => el.getBoundingClientRect().toJSON());
        const dock = await small.locator('.transport').evaluate((el) => el.getBoundingClientRect().toJSON());
        check(panel.width >= width - 40, `${width}x${height}: the open settings panel is ${panel.width} px wide`);
        check(panel.bottom <= dock.top, `${width}x${height}: the open settings panel (bottom ${panel.bottom}) covers the time controls (top ${dock.top})`);
        await small.screenshot({ path: join(results, `small-window-${width}x${height}-open.png`) });
      }
      await small.close();
    }
  });
  await context.close();
}
