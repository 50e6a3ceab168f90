// The box is framed around the panels: at 1280 x 800 and 1024 x 768, in normal and large text,
// every corner of the box (a long 1D box, the tall ball pit, the free sandbox's cube) is drawn
// inside the canvas and outside every panel, time control and title, also when the experiment is
// chosen while the panels are still changing size; closing and opening a
// panel frames it again.
import { join } from 'node:path';
import { check, results, step, waitFramed, waitReady, watchErrors } from '../harness.mjs';

/** The box's 8 corners on the page, and the rectangles of everything drawn over the view. */
function layout(page) {
  return page.evaluate(() => {
    const [lx, ly, lz] = window.__sandbox.store.getState().sim.world.size;
    const corners = [];
    for (let k = 0; k < 8; k++) corners.push(window.__sandbox.screenOfPoint([(k & 1 ? 0.5 : -0.5) * lx, (k & 2 ? 0.5 : -0.5) * ly, (k & 4 ? 0.5 : -0.5) * lz]));
    const covers = [...document.querySelectorAll('[data-covers-view]')]
      .map((el) => ({ name: el.getAttribute('aria-label') || el.className, r: el.getBoundingClientRect() }))
      .filter((c) => c.r.width > 0 && c.r.height > 0)
      .map((c) => ({ name: c.name, left: c.r.left, top: c.r.top, right: c.r.right, bottom: c.r.bottom }));
    const canvas = document.querySelector('.sandbox-canvas canvas').getBoundingClientRect();
    return { corners, covers, key: window.__sandbox.covered(), canvas: { left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom } };
  });
}

function checkClear({ corners, covers, canvas }, what) {
  check(covers.length >= 3, `${what}: only ${covers.length} overlay parts were found to check against`);
  for (const [x, y] of corners) {
    check(x >= canvas.left && x <= canvas.right && y >= canvas.top && y <= canvas.bottom, `${what}: a corner of the box at (${x.toFixed(0)}, ${y.toFixed(0)}) is off the canvas`);
    for (const c of covers) {
      const under = x > c.left && x < c.right && y > c.top && y < c.bottom;
      check(!under, `${what}: a corner of the box at (${x.toFixed(0)}, ${y.toFixed(0)}) is under "${c.name}" (${c.left.toFixed(0)}-${c.right.toFixed(0)} x ${c.top.toFixed(0)}-${c.bottom.toFixed(0)})`);
    }
  }
  // Clear, and still large: the box spans at least 40% of the canvas's width or of its height.
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const spanX = (Math.max(...xs) - Math.min(...xs)) / (canvas.right - canvas.left);
  const spanY = (Math.max(...ys) - Math.min(...ys)) / (canvas.bottom - canvas.top);
  check(Math.max(spanX, spanY) > 0.4, `${what}: the box spans only ${(100 * spanX).toFixed(0)}% of the canvas's width and ${(100 * spanY).toFixed(0)}% of its height`);
}

/** Clicks a panel's toggle, waits until the panels drawn over the view have changed, then until the framing has caught up. */
async function toggleAndFrame(page, toggle) {
  const before = await page.evaluate(() => window.__sandbox.covered());
  await toggle.click();
  await page.waitForFunction((b) => window.__sandbox.covered() !== b, before, { timeout: 60_000, polling: 'raf' });
  await waitFramed(page);
}

export default async function framingSuite({ browser, base, consoleErrors }) {
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ]) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    watchErrors(page, consoleErrors, `framing ${width}x${height}`);
    page.setDefaultTimeout(60_000);
    await page.goto(`${base}/?test=1&count=40`);
    await waitReady(page);
    // Open the classroom panel where it starts closed, so both side panels are there.
    const classroom = page.getByRole('button', { name: 'Classroom' });
    if ((await classroom.getAttribute('aria-expanded')) !== 'true') await classroom.click();
    for (const large of [false, true]) {
      const switchEl = page.getByLabel('Large text (projector)');
      if (large) await switchEl.check();
      else await switchEl.uncheck();
      for (const preset of ['', 'cradle', 'ball-pit']) {
        await step(`framing at ${width}x${height}${large ? ', large text' : ''}: ${preset || 'free sandbox'} clear of every panel`, async () => {
          await page.getByLabel('Experiment').selectOption(preset);
          await waitFramed(page);
          checkClear(await layout(page), `${width}x${height}${large ? ' large' : ''} ${preset || 'free'}`);
          if (preset !== '') await page.screenshot({ path: join(results, `framing-${width}x${height}${large ? '-large' : ''}-${preset}.png`) });
        });
      }
    }
    const left = (l) => Math.min(...l.corners.map((p) => p[0]));
    await step(`framing at ${width}x${height}: an experiment chosen as large text goes off is framed for the panels as they end up`, async () => {
      // The panels are measured a frame or two after large text is switched off and after the
      // experiment changes; the home view is still the one for the panels as they end up: the
      // same as when the experiment is chosen again once everything has settled.
      await page.getByLabel('Large text (projector)').uncheck();
      await page.getByLabel('Experiment').selectOption('cradle');
      await waitFramed(page);
      const first = await layout(page);
      await page.getByLabel('Experiment').selectOption('');
      await waitFramed(page);
      await page.getByLabel('Experiment').selectOption('cradle');
      await waitFramed(page);
      const again = await layout(page);
      check(Math.abs(left(again) - left(first)) < 2, `the home view depended on how fast the panels were measured: the box's left edge at ${left(first).toFixed(0)} px, and at ${left(again).toFixed(0)} px when the experiment was chosen again (panels ${first.key} -> ${again.key})`);
    });
    await step(`framing at ${width}x${height}: closing and opening the classroom panel frames the box again`, async () => {
      // Choosing an experiment in large text folded the settings away. A window this wide keeps
      // them open in normal text: open them again, so that both side panels are there. (A
      // narrower one folds them when an experiment is chosen, and they stay folded.)
      const settings = page.getByRole('button', { name: 'Settings' });
      if (width >= 1100 && (await settings.getAttribute('aria-expanded')) !== 'true') await toggleAndFrame(page, settings);
      await waitFramed(page);
      const open = await layout(page);
      // The click re-renders the panel a moment later, and the view measures the panels after the
      // layout changed: wait until the page shows the panel closed, then until the framing has
      // decided for it, however long each takes.
      await toggleAndFrame(page, classroom);
      const closed = await layout(page);
      checkClear(closed, `${width}x${height} classroom closed`);
      check(left(closed) < left(open) - 40, `with the classroom panel closed the box did not use the room: its left edge ${left(open).toFixed(0)} -> ${left(closed).toFixed(0)} px (panels ${open.key} -> ${closed.key})`);
      await toggleAndFrame(page, classroom);
      checkClear(await layout(page), `${width}x${height} classroom open again`);
    });
    await context.close();
  }
}
