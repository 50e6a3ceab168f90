// Snags from the classroom trial: the pressure map's colour range under gravity, predict mode's
// sphere labels in the view, the skip links, and one panel at a time on a phone and a tablet with
// every control in a panel reachable. Screenshots of the pressure map and the labels at 1280x800.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { results, waitFramed, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

/** A rectangle on the page, CSS px. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two rectangles overlap. */
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/** An element's bounding box, which it must have (it is shown). */
async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${what} has a box (is shown)`).not.toBeNull();
  return box!;
}

/** Opens the app at `query` and waits until it has drawn a few frames. */
async function open(page: Page, query: string): Promise<void> {
  await page.goto(`/?${query}&test=1`);
  await waitReady(page);
}

/** Every interactive element in `panel` scrolled into view has itself (or a part of it) at its centre: none is covered. */
function coveredControls(panel: Locator): Promise<{ count: number; covered: string[] }> {
  // In the page, in one go: each visible control is scrolled to the middle of its scroll box (the
  // panel's body on a phone), and the element on top at its centre must be the control itself.
  return panel.evaluate((root) => {
    const controls = [...root.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href]')];
    const covered: string[] = [];
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      // A label wrapping its input, or a switch's label, counts as the control itself.
      const labels = 'labels' in el ? (el.labels as NodeListOf<HTMLLabelElement> | null) : null;
      const own = at !== null && (el.contains(at) || at.contains(el) || (labels !== null && [...labels].some((l) => l.contains(at))));
      if (!own) covered.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().slice(0, 40)}" under ${at ? `${at.tagName.toLowerCase()}.${at.className}` : 'nothing'}`);
    }
    return { count: controls.length, covered };
  });
}

/** Waits until the panels' toggles say Classroom and Settings are open or closed as `want`. */
async function expectPanels(page: Page, want: { classroom: boolean; settings: boolean }, when: string): Promise<void> {
  const expanded = async (name: string) => (await page.locator(`[data-panel="${name}"] .panel__toggle`).getAttribute('aria-expanded')) === 'true';
  await expect.poll(async () => ({ classroom: await expanded('classroom'), settings: await expanded('settings') }), { message: `the panels open ${when}` }).toEqual(want);
}

test.describe('at 1280 x 800', () => {
  const shared = sharedPage('snags');

  test('the pressure map under gravity spans the measured range (5th to 95th percentile cell), floor and ceiling far apart on the ramp; the legend reads and names the map\'s range (screenshot)', async () => {
    const { page } = shared;
    await open(page, 'preset=gas');
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
    const cells: number[] = [];
    for (let f = 0; f < 6; f++) for (let c = 0; c < m.nU[f] * m.nV[f]; c++) cells.push(m.pressure[f * m.stride + c]);
    const { low, scale, faces } = m.readout;
    // All but the 5% of cells at each end lie on the legend (the rest show at its end colours).
    const outside = cells.filter((c) => c < low || c > scale).length;
    expect(outside, `cells of ${cells.length} outside the legend ${low}..${scale} Pa`).toBeLessThanOrEqual(Math.ceil(0.1 * cells.length) + 1);
    const at = (p: number) => (p - low) / (scale - low);
    expect(at(faces[2]) - at(faces[3]), `legend ${low}..${scale} Pa: floor ${faces[2]} Pa at ${at(faces[2])} of the ramp less ceiling ${faces[3]} Pa at ${at(faces[3])}`).toBeGreaterThan(0.4);
    const shown = await page.evaluate(() => window.__sandbox.store.getState().stats.pressureMap);
    expect(shown, 'the published pressure map readout').not.toBeNull();
    const { low: shownLow, scale: shownScale } = shown!;
    await expect.poll(async () => parseFloat((await page.locator('[data-pressure-low]').textContent()) ?? ''), { message: "the legend's bottom, against the map's low" }).toBe(shownLow);
    await expect.poll(async () => parseFloat((await page.locator('[data-pressure-scale]').textContent()) ?? ''), { message: "the legend's top, against the map's scale" }).toBe(shownScale);
    const label = (await page.locator('.pressure-legend__bar').getAttribute('aria-label')) ?? '';
    expect(label, "the legend's name holds the map's low").toContain(String(shownLow));
    expect(label, "the legend's name holds the map's scale").toContain(String(shownScale));
    await page.screenshot({ path: join(results, 'snags-pressure-gravity.png') });
  });

  test('predict mode labels its two spheres in the view, beside them, apart and clear of the panels, and the labels follow the spheres (screenshot)', async () => {
    const { page } = shared;
    await page.goto('/?preset=head-on&predict=1&test=1');
    await page.waitForFunction(() => window.__sandbox !== undefined && window.__sandbox.store.getState().predict.phase === 'predicting', null, { timeout: 60_000, polling: 'raf' });
    // The labels are placed each frame through the camera: the framing of the new page settled
    // first, so that they stand where the spheres are drawn (the test hook projects with that camera).
    await waitFramed(page);
    await waitFrames(page, 3);
    const ids = await page.evaluate(() => window.__sandbox.store.getState().predict.ids);
    expect(ids.length, 'spheres predicted').toBe(2);
    await expect(page.locator('.sphere-labels'), 'the labels are hidden from screen readers (the panel reads the names)').toHaveAttribute('aria-hidden', 'true');
    const boxes: Box[] = [];
    for (const id of ids) {
      const el = page.locator(`[data-sphere-label="${id}"]`);
      await expect(el, `label of sphere ${id}`).toHaveText(`Sphere #${id}`);
      await expect(el, `label of sphere ${id} is shown`).toBeVisible();
      boxes.push(await boxOf(el, `label of sphere ${id}`));
    }
    expect(overlap(boxes[0], boxes[1]), `the labels overlap: ${JSON.stringify(boxes)}`).toBe(false);
    // Each label on the outer side of its sphere: the labels lie in the spheres' order along x, apart.
    const xs = await page.evaluate((list) => {
      const sim = window.__sandbox.store.getState().sim;
      return list.map((id) => sim.positions[3 * sim.world.indexOf(id)]);
    }, ids);
    const order = xs[0] < xs[1] ? [0, 1] : [1, 0];
    expect(boxes[order[0]].x + boxes[order[0]].width, `the left sphere's label (${ids[order[0]]}) ends left of the right one's: ${JSON.stringify(boxes)}`).toBeLessThan(boxes[order[1]].x);
    // Each label level with its sphere, its near edge a few pixels beyond the sphere's outline.
    for (let k = 0; k < ids.length; k++) {
      const screen = await page.evaluate((id) => window.__sandbox.screenOf(id), ids[k]);
      expect(screen, `sphere ${ids[k]} on screen`).not.toBeNull();
      const [sx, sy] = screen!;
      const b = boxes[k];
      const gap = Math.min(Math.abs(b.x - sx), Math.abs(b.x + b.width - sx));
      expect(Math.abs(b.y + b.height / 2 - sy), `label ${ids[k]} at ${JSON.stringify(b)}: its height off sphere at ${sx}, ${sy}`).toBeLessThan(3);
      expect(gap, `label ${ids[k]} at ${JSON.stringify(b)}: its near edge from sphere at ${sx}, ${sy}`).toBeLessThan(60);
    }
    const panels = await page.locator('[data-covers-view]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (let k = 0; k < boxes.length; k++) for (const p of panels) expect(overlap(boxes[k], p), `label ${ids[k]} ${JSON.stringify(boxes[k])} over ${JSON.stringify(p)}`).toBe(false);
    await page.screenshot({ path: join(results, 'snags-predict-labels.png') });
    // The labels follow the spheres: after the reveal the run goes on (stepped half a second) and the spheres move apart.
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().predict.phase === 'revealed', null, { timeout: 60_000, polling: 'raf' });
    await page.evaluate(() => {
      for (let k = 0; k < 30; k++) window.__sandbox.store.getState().stepOnce();
    });
    await expect
      .poll(
        async () => {
          const moved: Box[] = [];
          for (const id of ids) moved.push(await boxOf(page.locator(`[data-sphere-label="${id}"]`), `label of sphere ${id}`));
          return moved.some((b, k) => Math.abs(b.x - boxes[k].x) > 2);
        },
        { message: `the labels moved with the spheres from ${JSON.stringify(boxes)}` },
      )
      .toBe(true);
  });

  test('skip links are the first four Tab stops, hidden until focused, and move focus (not the address) to the view, the time controls and the panels', async () => {
    const { page } = shared;
    await open(page, 'preset=gas');
    const first = await boxOf(page.locator('.skip-link').first(), 'the first skip link');
    expect(first.width, 'an unfocused skip link\'s width').toBeLessThanOrEqual(1);
    expect(first.height, 'an unfocused skip link\'s height').toBeLessThanOrEqual(1);
    await page.locator('body').focus();
    const names: (string | null)[] = [];
    for (let k = 0; k < 4; k++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => (document.activeElement?.classList.contains('skip-link') ? document.activeElement.textContent : null)));
    }
    expect(names, 'the first four Tab stops').toEqual(['Skip to the view', 'Skip to the time controls', 'Skip to the Classroom panel', 'Skip to the Settings panel']);
    const focused = await boxOf(page.locator('.skip-link:focus'), 'the focused skip link');
    expect(focused.width, 'a focused skip link\'s width').toBeGreaterThan(100);
    expect(focused.height, 'a focused skip link\'s height').toBeGreaterThan(20);
    const land = async (name: string) => {
      await page.getByRole('link', { name }).focus();
      await page.keyboard.press('Enter');
      return page.evaluate(() => {
        const a = document.activeElement!;
        return { tag: a.tagName.toLowerCase(), dock: a.closest('.dock') !== null, panel: a.closest('[data-panel]')?.getAttribute('data-panel') ?? null, toggle: a.classList.contains('panel__toggle') };
      });
    };
    const address = page.url();
    expect((await land('Skip to the view')).tag, 'what Skip to the view focuses').toBe('canvas');
    expect(page.url(), 'the address after a skip link').toBe(address);
    expect((await land('Skip to the time controls')).dock, 'Skip to the time controls focuses a button of the time bar').toBe(true);
    expect(await land('Skip to the Classroom panel'), 'what Skip to the Classroom panel focuses').toMatchObject({ panel: 'classroom', toggle: true });
    expect(await land('Skip to the Settings panel'), 'what Skip to the Settings panel focuses').toMatchObject({ panel: 'settings', toggle: true });
  });
});

test.describe('on a phone (390 x 844, touch)', () => {
  const shared = sharedPage('snags phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the panels open one at a time and every control in each is reachable, not covered', async () => {
    const { page } = shared;
    await open(page, 'preset=gas');
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    const classroom = page.locator('[data-panel="classroom"]');
    const settings = page.locator('[data-panel="settings"]');
    await expectPanels(page, { classroom: false, settings: false }, 'at the start');
    await classroom.locator('.panel__toggle').click();
    await expectPanels(page, { classroom: true, settings: false }, 'after opening Classroom');
    const a = await coveredControls(classroom);
    expect(a.count, 'controls in Classroom').toBeGreaterThan(10);
    expect(a.covered, `Classroom's controls covered (of ${a.count})`).toEqual([]);
    await settings.locator('.panel__toggle').click();
    await expectPanels(page, { classroom: false, settings: true }, 'after opening Settings');
    const b = await coveredControls(settings);
    expect(b.count, 'controls in Settings').toBeGreaterThan(10);
    expect(b.covered, `Settings' controls covered (of ${b.count})`).toEqual([]);
    await classroom.locator('.panel__toggle').click();
    await expectPanels(page, { classroom: true, settings: false }, 'after opening Classroom again');
  });

  test("a tapped sphere's numbers show in a card above the time controls, with a close button (screenshot)", async () => {
    const { page } = shared;
    await open(page, 'preset=head-on');
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await waitFrames(page, 2);
    const id = await page.evaluate(() => window.__sandbox.store.getState().sim.world.idAt(0));
    const screen = await page.evaluate((i) => window.__sandbox.screenOf(i), id);
    expect(screen, `sphere ${id} on screen`).not.toBeNull();
    await page.touchscreen.tap(screen![0], screen![1]);
    await page.waitForFunction((i) => window.__sandbox.store.getState().selected === i, id, { timeout: 60_000, polling: 'raf' });
    const card = page.locator('[data-sphere-card]');
    await expect(card, 'the card, while the Classroom panel is closed').toBeVisible();
    const speed = await page.evaluate((i) => {
      const sim = window.__sandbox.store.getState().sim;
      const b = 3 * sim.world.indexOf(i);
      return Math.hypot(sim.velocities[b], sim.velocities[b + 1], sim.velocities[b + 2]);
    }, id);
    const text = (await card.locator('[data-card="speed"]').textContent()) ?? '';
    expect(Math.abs(parseFloat(text) - speed), `the card's speed "${text}" off the sphere's ${speed} m/s`).toBeLessThanOrEqual(0.01 * speed);
    await expect(card, "the card's name").toHaveAttribute('aria-label', `Sphere #${id}`);
    // Inside the screen, and the time controls still reachable beside it.
    const box = await boxOf(card, 'the card');
    expect(box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844, `card inside the screen: ${JSON.stringify(box)}`).toBe(true);
    const play = await page
      .locator('.transport button')
      .first()
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      });
    expect(play, 'the first time control is not covered by the card').toBe(true);
    await page.screenshot({ path: join(results, 'snags-phone-card.png') });
    // Opening the Classroom panel hands the numbers to its inspector; the close button clears the selection.
    await page.locator('[data-panel="classroom"] .panel__toggle').click();
    await expect(card, 'the card while the Classroom panel is open').toBeHidden();
    await page.locator('[data-panel="classroom"] .panel__toggle').click();
    await page.getByRole('button', { name: 'Close the sphere card' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().selected === null, null, { timeout: 60_000 });
    await expect(card, 'the card after its close button').toHaveCount(0);
  });

  /**
   * Opens Classroom on the cradle, shows the tape (its picking switch on) and checks the panel as a
   * bottom sheet: at the bottom above the time controls, at most 45 % of the height, Done shown, the
   * view above it uncovered and the box framed in it. Returns the sheet's box.
   */
  async function openSheet(page: Page, query: string): Promise<Box> {
    await open(page, query);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    const classroom = page.locator('[data-panel="classroom"]');
    await classroom.locator('.panel__toggle').click();
    await expectPanels(page, { classroom: true, settings: false }, 'after opening Classroom');
    await classroom.locator('[data-section="measure"] > summary').click();
    await classroom.getByRole('tab', { name: 'Tape' }).click();
    await classroom.getByRole('switch', { name: 'Show the tape in the view' }).click();
    await expect(classroom.getByRole('switch', { name: 'Clicks in the view set the ends' }), 'the picking switch').toBeChecked();
    await expect(classroom, 'the panel as a sheet').toHaveClass(/classroom--sheet/);
    await expect(page.getByRole('complementary', { name: 'Classroom: measuring in the view' }), "the sheet's name").toBeVisible();
    await expect(classroom.getByRole('heading', { name: 'Measuring tape: tap in the view' }), "the sheet's heading").toBeVisible();
    await expect(classroom.getByRole('button', { name: 'Done' }), 'Done').toBeVisible();
    const done = await boxOf(classroom.getByRole('button', { name: 'Done' }), 'Done');
    expect(Math.min(done.width, done.height), "Done's size on a touch screen").toBeGreaterThanOrEqual(44);
    await expect(classroom.locator('.panel__toggle'), "the panel's own button, while a sheet").toBeHidden();
    await expect(page.locator('[data-sheet-announce]'), 'the polite announcement').toHaveText(/bottom of the screen/);
    const box = await boxOf(classroom, 'the sheet');
    const dock = await boxOf(page.locator('.dock'), 'the time controls');
    expect(box.height, `the sheet's height ${box.height} px`).toBeLessThanOrEqual(0.45 * 844);
    const gap = dock.y - (box.y + box.height);
    expect(gap >= 0 && gap <= 16, `the sheet ends ${gap} px above the time controls`).toBe(true);
    expect(box.y, "the sheet's top").toBeGreaterThan(844 / 2);
    // The upper view is the canvas's: nothing of the overlay on it.
    for (const [x, y] of [
      [100, 0.3 * 844],
      [290, box.y - 24],
    ]) {
      const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [x, y] as const);
      expect(under, `what is at ${x}, ${y} above the sheet`).toBe('CANVAS');
    }
    // The box framed in the free part: its eight corners drawn above the sheet.
    await waitFramed(page);
    const corners = await page.evaluate(() => {
      const b = window.__sandbox.store.getState().sim.world.bounds;
      const out: [number, number][] = [];
      for (let k = 0; k < 8; k++) {
        const at = window.__sandbox.screenOfPoint([b[k & 1], b[2 + ((k >> 1) & 1)], b[4 + ((k >> 2) & 1)]]);
        out.push([at[0], at[1]]);
      }
      return out;
    });
    const lowest = Math.max(...corners.map(([, y]) => y));
    expect(lowest, `the box's lowest corner (y ${lowest}) above the sheet (top ${box.y})`).toBeLessThan(box.y);
    return box;
  }

  test('while the tape picks, Classroom is a bottom sheet: the view above takes taps that set both ends; Done brings the panel back (screenshots, both themes)', async () => {
    const { page } = shared;
    await openSheet(page, 'preset=cradle');
    const classroom = page.locator('[data-panel="classroom"]');
    const count = await page.evaluate(() => window.__sandbox.store.getState().sim.world.count);
    const [a, b] = [0, count - 1];
    for (const id of [a, b]) {
      const at = await page.evaluate((i) => window.__sandbox.screenOf(i), id);
      expect(at, `sphere #${id} on screen`).not.toBeNull();
      const [x, y] = at!;
      const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [x, y] as const);
      expect(under, `what is under sphere #${id} at ${x}, ${y}`).toBe('CANVAS');
      await page.touchscreen.tap(x, y);
    }
    await expect
      .poll(() => page.evaluate(() => ({ from: window.__sandbox.store.getState().tape.from, to: window.__sandbox.store.getState().tape.to })), { message: 'the ends after two taps' })
      .toEqual({ from: { kind: 'sphere', id: a }, to: { kind: 'sphere', id: b } });
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'snags-phone-sheet.png') });
    // Done: the picking off, the panel back as it was, focus on the picking switch, said politely.
    await classroom.getByRole('button', { name: 'Done' }).click();
    await expect(classroom, 'the panel after Done').not.toHaveClass(/classroom--sheet/);
    expect(await page.evaluate(() => window.__sandbox.store.getState().tape.picking), 'picking after Done').toBe(false);
    await expectPanels(page, { classroom: true, settings: false }, 'after Done');
    await expect(page.getByRole('complementary', { name: 'Classroom', exact: true }), 'the panel by its name').toBeVisible();
    await expect(classroom.locator('[data-section="experiment"]'), 'the Experiment section').toBeVisible();
    await expect(classroom.getByRole('switch', { name: 'Clicks in the view set the ends' }), 'focus after Done').toBeFocused();
    await expect(page.locator('[data-sheet-announce]'), 'the polite announcement after Done').toHaveText('The Classroom panel is back.');
    // The picking switch on again: the sheet again; off: the panel again.
    await classroom.getByRole('switch', { name: 'Clicks in the view set the ends' }).click();
    await expect(classroom, 'the panel with the picking on again').toHaveClass(/classroom--sheet/);
    await classroom.getByRole('switch', { name: 'Clicks in the view set the ends' }).click();
    await expect(classroom, 'the panel with the picking off').not.toHaveClass(/classroom--sheet/);
    // The projector theme.
    await openSheet(page, 'preset=cradle&theme=projector');
    await page.screenshot({ path: join(results, 'snags-phone-sheet-projector.png') });
  });
});

test.describe('on a tablet (820 x 1180, touch)', () => {
  const shared = sharedPage('snags tablet', { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('Settings starts open alone, and opening Classroom closes it', async () => {
    const { page } = shared;
    await open(page, 'preset=gas');
    await expectPanels(page, { classroom: false, settings: true }, 'at the start');
    await page.locator('[data-panel="classroom"] .panel__toggle').click();
    await expectPanels(page, { classroom: true, settings: false }, 'after opening Classroom');
  });
});
