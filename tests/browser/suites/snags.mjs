// Snags from the classroom trial: the pressure map's colour range under gravity, predict mode's
// sphere labels in the view, the skip links, and one panel at a time on a phone and a tablet with
// every control in a panel reachable. Screenshots of the pressure map and the labels at 1280x800.
import { join } from 'node:path';
import { check, results, step, waitFrames, watchErrors } from '../harness.mjs';

/** Whether two rectangles ({ x, y, width, height }) overlap. */
const overlap = (a, b) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/** Every interactive element in `panel` scrolled into view has itself (or a part of it) at its centre: none is covered. */
async function coveredControls(page, panel) {
  // In the page, in one go: each visible control is scrolled to the middle of its scroll box (the
  // panel's body on a phone), and the element on top at its centre must be the control itself.
  return panel.evaluate((root) => {
    const controls = [...root.querySelectorAll('button, input, select, textarea, summary, a[href]')];
    const covered = [];
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      // A label wrapping its input, or a switch's label, counts as the control itself.
      const own = at !== null && (el.contains(at) || at.contains(el) || (el.labels && [...el.labels].some((l) => l.contains(at))));
      if (!own) covered.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().slice(0, 40)}" under ${at ? `${at.tagName.toLowerCase()}.${at.className}` : 'nothing'}`);
    }
    return { count: controls.length, covered };
  });
}

export default async function snagsSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'snags');
  page.setDefaultTimeout(60_000);

  await step('the pressure map under gravity spans the measured range (5th to 95th percentile cell), floor and ceiling far apart on the ramp (screenshot)', async () => {
    await page.goto(`${base}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await page.getByLabel('Pressure map').check();
    await page.evaluate(() => {
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().applySettings({ gravityOn: true, gravity: 1 });
      const end = store.getState().sim.world.time + 10;
      while (store.getState().sim.world.time < end) store.getState().stepOnce();
      store.getState().sampleNow();
    });
    await waitFrames(page, 3);
    const m = await page.evaluate(() => window.__sandbox.pressureMap());
    const cells = [];
    for (let f = 0; f < 6; f++) for (let c = 0; c < m.nU[f] * m.nV[f]; c++) cells.push(m.pressure[f * m.stride + c]);
    const { low, scale, faces } = m.readout;
    // All but the 5% of cells at each end lie on the legend (the rest show at its end colours).
    const outside = cells.filter((c) => c < low || c > scale).length;
    check(outside <= Math.ceil(0.1 * cells.length) + 1, `legend ${low}..${scale} Pa: ${outside} of ${cells.length} cells outside`);
    const at = (p) => (p - low) / (scale - low);
    check(at(faces[2]) - at(faces[3]) > 0.4, `legend ${low}..${scale} Pa: floor ${faces[2]} Pa at ${at(faces[2])} of the ramp, ceiling ${faces[3]} Pa at ${at(faces[3])}`);
    const shown = await page.evaluate(() => window.__sandbox.store.getState().stats.pressureMap);
    const bottom = await page.locator('[data-pressure-low]').textContent();
    const top = await page.locator('[data-pressure-scale]').textContent();
    check(parseFloat(bottom) === shown.low && parseFloat(top) === shown.scale, `legend reads ${bottom} .. ${top}, map ${shown.low} .. ${shown.scale}`);
    const label = await page.locator('.pressure-legend__bar').getAttribute('aria-label');
    check(label.includes(String(shown.low)) && label.includes(String(shown.scale)), `legend named "${label}"`);
    await page.screenshot({ path: join(results, 'snags-pressure-gravity.png') });
  });

  await step('predict mode labels its two spheres in the view, beside them and clear of the panels (screenshot)', async () => {
    await page.goto(`${base}/?preset=head-on&predict=1&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.store.getState().predict.phase === 'predicting', null, { timeout: 60_000, polling: 'raf' });
    await waitFrames(page, 3);
    const ids = await page.evaluate(() => window.__sandbox.store.getState().predict.ids);
    const layer = page.locator('.sphere-labels');
    check((await layer.getAttribute('aria-hidden')) === 'true', 'the labels are hidden from screen readers (the panel reads the names)');
    const boxes = [];
    for (const id of ids) {
      const el = page.locator(`[data-sphere-label="${id}"]`);
      check((await el.textContent()) === `Sphere #${id}`, `label of sphere ${id} reads "${await el.textContent()}"`);
      check(await el.isVisible(), `label of sphere ${id} is shown`);
      boxes.push(await el.boundingBox());
    }
    check(!overlap(boxes[0], boxes[1]), `the labels do not overlap: ${JSON.stringify(boxes)}`);
    // Each label on the outer side of its sphere: the labels lie in the spheres' order along x, apart.
    const xs = await page.evaluate((list) => list.map((id) => window.__sandbox.store.getState().sim.world.indexOf(id)).map((slot) => window.__sandbox.store.getState().sim.positions[3 * slot]), ids);
    const order = xs[0] < xs[1] ? [0, 1] : [1, 0];
    check(boxes[order[0]].x + boxes[order[0]].width < boxes[order[1]].x, `the left sphere's label (${ids[order[0]]}) is left of the right one's: ${JSON.stringify(boxes)}`);
    // Each label level with its sphere, its near edge a few pixels beyond the sphere's outline.
    for (let k = 0; k < ids.length; k++) {
      const [sx, sy] = await page.evaluate((id) => window.__sandbox.screenOf(id), ids[k]);
      const b = boxes[k];
      const gap = Math.min(Math.abs(b.x - sx), Math.abs(b.x + b.width - sx));
      check(Math.abs(b.y + b.height / 2 - sy) < 3 && gap < 60, `label ${ids[k]} at ${JSON.stringify(b)}, sphere at ${sx}, ${sy}`);
    }
    const panels = await page.locator('[data-covers-view]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    for (let k = 0; k < boxes.length; k++) for (const p of panels) check(!overlap(boxes[k], p), `label ${ids[k]} ${JSON.stringify(boxes[k])} clear of ${JSON.stringify(p)}`);
    await page.screenshot({ path: join(results, 'snags-predict-labels.png') });
    // The labels follow the spheres: after the reveal the run goes on and the spheres move apart.
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().predict.phase === 'revealed', null, { timeout: 60_000, polling: 'raf' });
    const t0 = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t + 0.5, t0, { timeout: 60_000, polling: 'raf' });
    await waitFrames(page, 2);
    const moved = [];
    for (const id of ids) moved.push(await page.locator(`[data-sphere-label="${id}"]`).boundingBox());
    check(moved.some((b, k) => Math.abs(b.x - boxes[k].x) > 2), `the labels moved with the spheres: ${JSON.stringify(boxes)} then ${JSON.stringify(moved)}`);
  });

  await step('skip links are the first four Tab stops, hidden until focused, and move focus (not the address) to the view, the time controls and the panels', async () => {
    await page.goto(`${base}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const first = await page.locator('.skip-link').first().boundingBox();
    check(first.width <= 1 && first.height <= 1, `an unfocused skip link is hidden (${first.width} x ${first.height})`);
    await page.locator('body').focus();
    const names = [];
    for (let k = 0; k < 4; k++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => (document.activeElement.classList.contains('skip-link') ? document.activeElement.textContent : null)));
    }
    check(names.join('|') === 'Skip to the view|Skip to the time controls|Skip to the Classroom panel|Skip to the Settings panel', `first Tab stops: ${names.join(', ')}`);
    const focused = await page.locator('.skip-link:focus').boundingBox();
    check(focused.width > 100 && focused.height > 20, `a focused skip link shows (${focused.width} x ${focused.height})`);
    const land = async (name) => {
      await page.getByRole('link', { name }).focus();
      await page.keyboard.press('Enter');
      return page.evaluate(() => {
        const a = document.activeElement;
        return { tag: a.tagName.toLowerCase(), dock: a.closest('.dock') !== null, panel: a.closest('[data-panel]')?.getAttribute('data-panel') ?? null, toggle: a.classList.contains('panel__toggle') };
      });
    };
    const address = page.url();
    check((await land('Skip to the view')).tag === 'canvas', 'Skip to the view focuses the canvas');
    check(page.url() === address, `the address stays ${address} (now ${page.url()})`);
    check((await land('Skip to the time controls')).dock, 'Skip to the time controls focuses a button of the time bar');
    const c = await land('Skip to the Classroom panel');
    check(c.panel === 'classroom' && c.toggle, `Skip to the Classroom panel focuses its button (${JSON.stringify(c)})`);
    const s = await land('Skip to the Settings panel');
    check(s.panel === 'settings' && s.toggle, `Skip to the Settings panel focuses its button (${JSON.stringify(s)})`);
  });
  await context.close();

  await step('on a phone (390x844) the panels open one at a time and every control in each is reachable, not covered', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    watchErrors(p, consoleErrors, 'snags phone');
    p.setDefaultTimeout(60_000);
    await p.goto(`${base}/?preset=gas&test=1`);
    await p.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await p.evaluate(() => window.__sandbox.store.getState().pause());
    const classroom = p.locator('[data-panel="classroom"]');
    const settings = p.locator('[data-panel="settings"]');
    const expanded = async (panel) => (await panel.locator('.panel__toggle').getAttribute('aria-expanded')) === 'true';
    check(!(await expanded(classroom)) && !(await expanded(settings)), 'both panels start closed on a phone');
    await classroom.locator('.panel__toggle').click();
    check((await expanded(classroom)) && !(await expanded(settings)), 'the Classroom panel opens alone');
    const a = await coveredControls(p, classroom);
    check(a.count > 10, `Classroom has ${a.count} controls`);
    check(a.covered.length === 0, `Classroom: ${a.covered.length} of ${a.count} controls covered: ${a.covered.join('; ')}`);
    await settings.locator('.panel__toggle').click();
    check(!(await expanded(classroom)) && (await expanded(settings)), 'opening Settings closes Classroom');
    const b = await coveredControls(p, settings);
    check(b.count > 10, `Settings has ${b.count} controls`);
    check(b.covered.length === 0, `Settings: ${b.covered.length} of ${b.count} controls covered: ${b.covered.join('; ')}`);
    await classroom.locator('.panel__toggle').click();
    check((await expanded(classroom)) && !(await expanded(settings)), 'opening Classroom closes Settings');
    await phone.close();
  });

  await step("on a phone a tapped sphere's numbers show in a card above the time controls, with a close button (screenshot)", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    watchErrors(p, consoleErrors, 'snags phone card');
    p.setDefaultTimeout(60_000);
    await p.goto(`${base}/?preset=head-on&test=1`);
    await p.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await p.evaluate(() => window.__sandbox.store.getState().pause());
    await waitFrames(p, 2);
    const id = await p.evaluate(() => window.__sandbox.store.getState().sim.world.idAt(0));
    const [x, y] = await p.evaluate((i) => window.__sandbox.screenOf(i), id);
    await p.touchscreen.tap(x, y);
    await p.waitForFunction((i) => window.__sandbox.store.getState().selected === i, id, { timeout: 60_000, polling: 'raf' });
    const card = p.locator('[data-sphere-card]');
    check(await card.isVisible(), 'the card shows while the Classroom panel is closed');
    const speed = await p.evaluate((i) => {
      const sim = window.__sandbox.store.getState().sim;
      const b = 3 * sim.world.indexOf(i);
      return Math.hypot(sim.velocities[b], sim.velocities[b + 1], sim.velocities[b + 2]);
    }, id);
    const text = await card.locator('[data-card="speed"]').textContent();
    check(Math.abs(parseFloat(text) - speed) <= 0.01 * speed, `the card's speed "${text}", the sphere's ${speed} m/s`);
    check((await card.getAttribute('aria-label')) === `Sphere #${id}`, `card named "${await card.getAttribute('aria-label')}"`);
    // Inside the screen, and the time controls still reachable beside it.
    const box = await card.boundingBox();
    check(box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844, `card at ${JSON.stringify(box)}`);
    const play = await p.locator('.transport button').first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    check(play, 'the first time control is not covered by the card');
    await p.screenshot({ path: join(results, 'snags-phone-card.png') });
    // Opening the Classroom panel hands the numbers to its inspector; the close button clears the selection.
    await p.locator('[data-panel="classroom"] .panel__toggle').click();
    check(!(await card.isVisible()), 'the card goes while the Classroom panel is open');
    await p.locator('[data-panel="classroom"] .panel__toggle').click();
    await p.getByRole('button', { name: 'Close the sphere card' }).click();
    await p.waitForFunction(() => window.__sandbox.store.getState().selected === null, null, { timeout: 60_000 });
    check((await card.count()) === 0, 'the close button clears the selection and the card');
    await phone.close();
  });

  await step('on a tablet (820x1180) Settings starts open alone, and opening Classroom closes it', async () => {
    const tablet = await browser.newContext({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await tablet.newPage();
    watchErrors(p, consoleErrors, 'snags tablet');
    p.setDefaultTimeout(60_000);
    await p.goto(`${base}/?preset=gas&test=1`);
    await p.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const expanded = async (name) => (await p.locator(`[data-panel="${name}"] .panel__toggle`).getAttribute('aria-expanded')) === 'true';
    check((await expanded('settings')) && !(await expanded('classroom')), 'Settings open, Classroom closed at the start');
    await p.locator('[data-panel="classroom"] .panel__toggle').click();
    check((await expanded('classroom')) && !(await expanded('settings')), 'opening Classroom closes Settings');
    await tablet.close();
  });
}
