// The measuring tape (the Tape tab of the Measure section, and the tape in the view) with Newton's
// cradle: ends set with the keyboard selects read the distance computed from the store's world
// positions (sphere to sphere, sphere to floor, and sphere to sphere again after the first sphere
// moves), in the panel and beside the tape in the view; two clicks on sphere centres (projected
// through the test hook) and a tap on the floor snap to those spheres and that wall, select no
// sphere, and a drag from the selected sphere moves none; an end on a sphere that leaves the box
// clears with a notice. Screenshots of the tape in both themes at 1280x800.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { results, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

/** The tolerance of a reading shown to the millimetre. */
const MM = 0.0005 + 1e-9;

/** Spheres in the cradle (read when the page opens). */
let count = 0;

const shared = sharedPage('tape', { hasTouch: true }, async (page) => {
  await page.goto('/?preset=cradle&test=1');
  await waitReady(page);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  count = await page.evaluate(() => window.__sandbox.store.getState().sim.world.count);
  await page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section="measure"] > summary').click();
});

/** A number as the page writes it (a decimal comma, a unit). */
const number = (text: string | null): number => parseFloat((text ?? '').replace(',', '.').replace(/[^0-9eE.+-]/g, ''));

/** The parts of the page the tests read. */
function parts(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  return {
    panel,
    tools: panel.getByRole('tablist', { name: 'Measuring tools' }),
    from: panel.getByLabel('From', { exact: true }),
    to: panel.getByLabel('To', { exact: true }),
    /** The distance the panel shows. */
    shown: panel.locator('[data-measure="tape"]'),
    /** The distance label beside the tape in the view. */
    label: page.locator('[data-tape-label]'),
  };
}

/** Shows the Tape tab of the Measure section (for a test that runs on a page opened afresh). */
async function tapeTab(page: Page): Promise<void> {
  const { panel, tools } = parts(page);
  const measure = panel.locator('[data-section="measure"]');
  if (!(await measure.evaluate((d) => (d as HTMLDetailsElement).open))) await measure.locator('> summary').click();
  const tab = tools.getByRole('tab', { name: 'Tape' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/**
 * The distance from sphere `a`'s centre to `b` (a sphere's centre, or the foot of the
 * perpendicular from `a` on a wall) computed in the page from the world's positions and walls.
 */
function worldDistance(page: Page, a: number, b: { sphere: number } | { wall: number }): Promise<number> {
  return page.evaluate(
    ([a, b]) => {
      const world = window.__sandbox.store.getState().sim.world;
      const centre = (id: number) => {
        const s = world.indexOf(id);
        return [0, 1, 2].map((k) => world.positions[3 * s + k]);
      };
      const p = centre(a);
      const q = 'sphere' in b ? centre(b.sphere) : p.slice();
      if ('wall' in b) q[b.wall >> 1] = world.bounds[b.wall];
      return Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
    },
    [a, b] as const,
  );
}

/**
 * Publishes a sample now and lets a few frames pass. The panel and the view render it after that,
 * at no set frame: a test reads what they show until it is the sample's.
 */
async function published(page: Page): Promise<void> {
  await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
  await waitFrames(page, 3);
}

/** Where sphere `id`'s centre is drawn, in page pixels. */
async function screenOf(page: Page, id: number): Promise<[number, number]> {
  const at = await page.evaluate((id) => window.__sandbox.screenOf(id), id);
  expect(at, `sphere #${id}'s place on the screen`).not.toBeNull();
  return at!;
}

test('tape: the End key selects the Tape tab; the keyboard selects set the ends; panel, Δx, view and live region show the distance from the world positions', async () => {
  const { page } = shared;
  const { panel, tools, from, to, shown, label } = parts(page);
  // The tab from the keyboard: arrow keys along the tablist to the last tab (Tape).
  await tools.getByRole('tab', { name: 'Stopwatch' }).focus();
  await page.keyboard.press('End');
  await expect(tools.getByRole('tab', { name: 'Tape' }), 'the Tape tab after End').toHaveAttribute('aria-selected', 'true');
  expect(await from.locator('option').allTextContents(), 'the From list').toContain('Floor (−y)');
  // From: the first sphere, chosen with an arrow key (Not set → Sphere #0); To: the last sphere.
  await from.focus();
  await page.keyboard.press('ArrowDown');
  await to.selectOption({ label: `Sphere #${count - 1}` });
  const tape = await page.evaluate(() => window.__sandbox.store.getState().tape);
  expect(tape, "the store's tape").toMatchObject({ on: true, from: { kind: 'sphere', id: 0 }, to: { kind: 'sphere', id: count - 1 } });
  await published(page);
  const expected = await worldDistance(page, 0, { sphere: count - 1 });
  expect(expected, "the distance between the cradle's end spheres, m").toBeGreaterThan(0.1);
  let inPanel = NaN;
  await expect(async () => {
    inPanel = number(await shown.textContent());
    expect(Math.abs(inPanel - expected), `the panel's distance ${inPanel} m against the world's ${expected} m`).toBeLessThan(MM);
  }).toPass({ timeout: 60_000 });
  await expect(label, 'the distance label in the view').toBeVisible();
  await expect.poll(async () => number(await label.textContent()), { message: "the view's label against the panel" }).toBe(inPanel);
  const wx = await page.evaluate((last) => {
    const w = window.__sandbox.store.getState().sim.world;
    return w.positions[3 * w.indexOf(last)] - w.positions[3 * w.indexOf(0)];
  }, count - 1);
  await expect(async () => {
    const dx = number(await panel.locator('[data-tape-part="x"]').textContent());
    expect(Math.abs(dx - wx), `Δx reads ${dx}, the world ${wx}`).toBeLessThan(MM);
  }).toPass({ timeout: 60_000 });
  await expect(panel.locator('[data-tape-announce]'), 'what the live region says').toHaveText(new RegExp(`^Tape from Sphere #0 to Sphere #${count - 1}:`));
});

test('tape: sphere to floor reads the centre\'s height above the floor', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { from, to, shown } = parts(page);
  await from.selectOption({ label: 'Sphere #0' });
  await to.selectOption({ label: 'Floor (−y)' });
  await published(page);
  const height = await worldDistance(page, 0, { wall: 2 });
  await expect(async () => {
    const floor = number(await shown.textContent());
    expect(Math.abs(floor - height), `sphere to floor: the panel shows ${floor} m, the world ${height} m`).toBeLessThan(MM);
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: join(results, 'tape-keyboard-dark.png') });
});

test('tape: playing, the label follows the first sphere towards the others; paused again, panel and label agree with the world', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { from, to, shown, label } = parts(page);
  await from.selectOption({ label: 'Sphere #0' });
  await to.selectOption({ label: `Sphere #${count - 1}` });
  await published(page);
  // The distance before playing: the panel's once it shows the ends just set.
  const start = await worldDistance(page, 0, { sphere: count - 1 });
  await expect.poll(async () => Math.abs(number(await shown.textContent()) - start), { message: "the panel's distance before playing, against the world's" }).toBeLessThan(MM);
  const apart = number(await shown.textContent());
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction((before) => {
    const el = document.querySelector('[data-tape-label]');
    return el !== null && parseFloat(el.textContent ?? '') < before - 0.05;
  }, apart);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await published(page);
  const nearer = await worldDistance(page, 0, { sphere: count - 1 });
  expect(nearer, `the first sphere's distance from the last, ${apart} m before playing`).toBeLessThan(apart - 0.05);
  await expect(async () => {
    const [inPanel, inView] = [await shown.textContent(), await label.textContent()];
    expect(Math.abs(number(inPanel) - nearer), `paused after playing, the panel shows ${inPanel}, the world ${nearer} m`).toBeLessThan(MM);
    expect(Math.abs(number(inView) - nearer), `paused after playing, the label shows ${inView}, the world ${nearer} m`).toBeLessThan(MM);
  }).toPass({ timeout: 60_000 });
});

test('tape: two clicks on sphere centres snap to them and select no sphere; a drag from the selected sphere moves none', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { panel, shown } = parts(page);
  await page.evaluate((last) => {
    const st = window.__sandbox.store.getState();
    st.setTape({ on: true, picking: true });
    // On a page opened afresh: ends for Clear to clear (the earlier tests leave two).
    if (st.tape.from === null && st.tape.to === null) {
      if (st.setTapeEnd('from', { kind: 'sphere', id: 0 }) !== null) throw new Error('From refused');
      if (window.__sandbox.store.getState().setTapeEnd('to', { kind: 'sphere', id: last }) !== null) throw new Error('To refused');
    }
  }, count - 1);
  await panel.getByRole('button', { name: 'Clear the tape' }).click();
  const cleared = await page.evaluate(() => window.__sandbox.store.getState().tape);
  expect({ from: cleared.from, to: cleared.to }, 'the ends after Clear the tape').toEqual({ from: null, to: null });
  const a = 1;
  const b = count - 2;
  // Sphere a selected (paused, so it could be dragged): a press on it is still the tape's.
  const before = await page.evaluate((a) => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.select(a);
    const w = st.sim.world;
    return { edits: st.edits.length, at: Array.from(w.positions.subarray(3 * w.indexOf(a), 3 * w.indexOf(a) + 3)) };
  }, a);
  for (const id of [a, b]) {
    const [x, y] = await screenOf(page, id);
    const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [x, y] as const);
    expect(under, `what is under sphere #${id}'s centre at ${x}, ${y}`).toBe('CANVAS');
    await page.mouse.click(x, y);
  }
  await waitFrames(page, 2);
  const s = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    return { tape: st.tape, selected: st.selected };
  });
  expect(s.tape.from, 'From after the first click').toEqual({ kind: 'sphere', id: a });
  expect(s.tape.to, 'To after the second click').toEqual({ kind: 'sphere', id: b });
  expect(s.selected, 'the selection after clicks with the tape picking').toBe(a);
  // A drag from the selected sphere moves no sphere while the tape picks (it turns the camera).
  const [ax, ay] = await screenOf(page, a);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(ax + 30, ay + 10, { steps: 4 });
  await page.mouse.up();
  await waitFrames(page, 2);
  const after = await page.evaluate((a) => {
    const st = window.__sandbox.store.getState();
    const w = st.sim.world;
    return { edits: st.edits.length, at: Array.from(w.positions.subarray(3 * w.indexOf(a), 3 * w.indexOf(a) + 3)), tape: st.tape };
  }, a);
  expect({ edits: after.edits, at: after.at }, `sphere #${a} after a drag with the tape picking`).toEqual(before);
  expect(after.tape.to, 'To after the drag').toEqual({ kind: 'sphere', id: b });
  await published(page);
  const expected = await worldDistance(page, a, { sphere: b });
  await expect(async () => {
    const inPanel = await shown.textContent();
    expect(Math.abs(number(inPanel) - expected), `after the clicks the panel shows ${inPanel}, the world ${expected} m`).toBeLessThan(MM);
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: join(results, 'tape-clicks-dark.png') });
});

test('tape: a tap on the floor in front of the spheres starts a new measurement from the floor', async () => {
  const { page } = shared;
  await tapeTab(page);
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.setTape({ on: true, picking: true });
    // Both ends set: the next pick starts a new measurement.
    if (st.setTapeEnd('from', { kind: 'sphere', id: 1 }) !== null) throw new Error('From refused');
    if (window.__sandbox.store.getState().setTapeEnd('to', { kind: 'sphere', id: 2 }) !== null) throw new Error('To refused');
  });
  const spot = await page.evaluate(() => {
    const b = window.__sandbox.store.getState().sim.world.bounds;
    return window.__sandbox.screenOfPoint([(b[0] + b[1]) / 2 + 0.3 * (b[1] - b[0]), b[2], b[4] + 0.85 * (b[5] - b[4])]);
  });
  await page.touchscreen.tap(spot[0], spot[1]);
  await waitFrames(page, 2);
  // A tap's click comes from the browser's gesture, after the touch events the tap sends: wait for the pick.
  await expect
    .poll(() => page.evaluate(() => ({ from: window.__sandbox.store.getState().tape.from, to: window.__sandbox.store.getState().tape.to })), { message: 'the tape after a tap on the floor' })
    .toEqual({ from: { kind: 'wall', wall: 2 }, to: null });
});

test('tape: the projector theme shows the tape, its markers and its label', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { from, to, label } = parts(page);
  await from.selectOption({ label: 'Floor (−y)' });
  await to.selectOption({ label: `Sphere #${count - 1}` });
  await page.evaluate(() => window.__sandbox.store.getState().setTheme('projector'));
  await published(page);
  await expect(label, 'the distance label in the projector theme').toBeVisible();
  await page.screenshot({ path: join(results, 'tape-projector.png') });
  await page.evaluate(() => window.__sandbox.store.getState().setTheme('dark'));
});

test('tape: an end on a sphere that leaves the box clears with a notice; the floor end stays', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { from, to, shown, label } = parts(page);
  await from.selectOption({ label: 'Floor (−y)' });
  await to.selectOption({ label: `Sphere #${count - 1}` });
  // Head-on has two spheres: the end on the cradle's last sphere goes, with a notice; the floor end stays.
  await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
  await waitFrames(page, 3);
  const after = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    return { tape: st.tape, notices: st.notices };
  });
  expect({ from: after.tape.from, to: after.tape.to }, 'the tape after the preset').toEqual({ from: { kind: 'wall', wall: 2 }, to: null });
  expect(after.notices.some((n) => n.startsWith(`Sphere #${count - 1} is no longer in the box`)), `notices: ${JSON.stringify(after.notices)}`).toBe(true);
  await expect(page.getByText(`Sphere #${count - 1} is no longer in the box`), 'the notice').toBeVisible();
  await expect(label, 'the label of a tape with one end').toBeHidden();
  await expect(shown, 'the panel for a tape with one end').toHaveText('—');
});

test('tape: the end lists offer exactly the spheres of the world on screen, after a new experiment and after a new count', async () => {
  const { page } = shared;
  await tapeTab(page);
  const { from, to } = parts(page);
  /** The spheres the From and To lists offer, by id, and the world's ids. */
  const offered = async () => {
    const sphereIds = async (list: typeof from) => (await list.locator('option').allTextContents()).filter((s) => s.startsWith('Sphere #')).map((s) => Number(s.slice(8)));
    const world = await page.evaluate(() => {
      const w = window.__sandbox.store.getState().sim.world;
      return Array.from({ length: w.count }, (_, s) => w.idAt(s)).sort((a, b) => a - b);
    });
    return { from: await sphereIds(from), to: await sphereIds(to), world };
  };
  await page.evaluate(() => window.__sandbox.store.getState().selectPreset('gas'));
  await expect.poll(async () => (await offered()).from.length, 'spheres offered after the gas').toBeGreaterThan(2);
  let now = await offered();
  expect(now.from, 'the From list against the gas').toEqual(now.world);
  expect(now.to, 'the To list against the gas').toEqual(now.world);
  await page.evaluate(() => window.__sandbox.store.getState().selectPreset(null));
  await page.getByLabel('Spheres', { exact: true }).fill('40');
  await expect.poll(async () => (await offered()).from.length, 'spheres offered after 40 were asked for').toBe(40);
  now = await offered();
  expect(now.from, 'the From list against 40 spheres').toEqual(now.world);
});
