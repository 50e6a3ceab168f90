// The measuring tape (the Tape tab of the Measure section, and the tape in the view) with Newton's
// cradle: ends set with the keyboard selects read the distance computed from the store's world
// positions (sphere to sphere, sphere to floor, and sphere to sphere again after the first sphere
// moves), in the panel and beside the tape in the view; two clicks on sphere centres (projected
// through the test hook) and a tap on the floor snap to those spheres and that wall, select no
// sphere, and a drag from the selected sphere moves none; an end on a sphere that leaves the box
// clears with a notice. Screenshots of the tape in both themes at 1280x800.
import { join } from 'node:path';
import { check, results, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

const number = (text) => parseFloat(text.replace(',', '.').replace(/[^0-9eE.+-]/g, ''));

/** The distance between two ends computed in the page from the world's positions and walls ({ sphere } or { wall }). */
function worldDistance(page, a, b) {
  return page.evaluate(
    ([a, b]) => {
      const world = window.__sandbox.store.getState().sim.world;
      const centre = (id) => {
        const s = world.indexOf(id);
        return [0, 1, 2].map((k) => world.positions[3 * s + k]);
      };
      // A wall end is the foot of the perpendicular from the other (sphere) end.
      const p = 'sphere' in a ? centre(a.sphere) : null;
      const q = 'sphere' in b ? centre(b.sphere) : p.slice();
      if ('wall' in b) q[b.wall >> 1] = world.bounds[b.wall];
      return Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
    },
    [a, b],
  );
}

/** Publishes a sample now and waits for the panel and the view to show it. */
async function published(page) {
  await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
  await waitFrames(page, 3);
}

export default async function tapeSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'tape');
  page.setDefaultTimeout(60_000);
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  await page.goto(`${base}/?preset=cradle&test=1`);
  await waitReady(page);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await panel.locator('[data-section="measure"] > summary').click();
  const tools = panel.getByRole('tablist', { name: 'Measuring tools' });
  const from = panel.getByLabel('From', { exact: true });
  const to = panel.getByLabel('To', { exact: true });
  const shown = () => panel.locator('[data-measure="tape"]').textContent();
  const label = page.locator('[data-tape-label]');
  const count = await page.evaluate(() => window.__sandbox.store.getState().sim.world.count);

  await step('tape: the keyboard selects set the ends; panel and view show the distance from the world positions', async () => {
    // The tab from the keyboard: arrow keys along the tablist to the last tab (Tape).
    await tools.getByRole('tab', { name: 'Stopwatch' }).focus();
    await page.keyboard.press('End');
    check(await tools.getByRole('tab', { name: 'Tape' }).getAttribute('aria-selected') === 'true', 'End did not select the Tape tab');
    check((await from.locator('option').allTextContents()).includes('Floor (−y)'), 'the From list has no Floor');
    // From: the first sphere, chosen with an arrow key (Not set → Sphere #0); To: the last sphere.
    await from.focus();
    await page.keyboard.press('ArrowDown');
    await to.selectOption({ label: `Sphere #${count - 1}` });
    const tape = await page.evaluate(() => window.__sandbox.store.getState().tape);
    check(tape.on && tape.from?.kind === 'sphere' && tape.from.id === 0 && tape.to?.id === count - 1, `the store's tape is ${JSON.stringify(tape)}`);
    await published(page);
    const expected = await worldDistance(page, { sphere: 0 }, { sphere: count - 1 });
    check(expected > 0.1, `the cradle's end spheres are ${expected} m apart`);
    const inPanel = number(await shown());
    check(Math.abs(inPanel - expected) < 0.0005 + 1e-9, `the panel shows ${inPanel} m, the world ${expected} m`);
    check(await label.isVisible(), 'no distance label in the view');
    check(number(await label.textContent()) === inPanel, `the view's label reads ${await label.textContent()}, the panel ${inPanel}`);
    const dx = number(await panel.locator('[data-tape-part="x"]').textContent());
    const wx = await page.evaluate((last) => {
      const w = window.__sandbox.store.getState().sim.world;
      return w.positions[3 * w.indexOf(last)] - w.positions[3 * w.indexOf(0)];
    }, count - 1);
    check(Math.abs(dx - wx) < 0.0005 + 1e-9, `Δx reads ${dx}, the world ${wx}`);
    const announce = await panel.locator('[data-tape-announce]').textContent();
    check(announce.startsWith(`Tape from Sphere #0 to Sphere #${count - 1}:`), `the live region says "${announce}"`);
    // Sphere to floor: the centre's height above the floor.
    await to.selectOption({ label: 'Floor (−y)' });
    await published(page);
    const height = await worldDistance(page, { sphere: 0 }, { wall: 2 });
    const floor = number(await shown());
    check(Math.abs(floor - height) < 0.0005 + 1e-9, `sphere to floor: the panel shows ${floor} m, the world ${height} m`);
    await page.screenshot({ path: join(results, 'tape-keyboard-dark.png') });
    // Playing, the first sphere moves towards the others: the label follows at the sample rate; paused again, both agree with the world.
    await to.selectOption({ label: `Sphere #${count - 1}` });
    await published(page);
    const apart = number(await shown());
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.waitForFunction((before) => {
      const el = document.querySelector('[data-tape-label]');
      return el && parseFloat(el.textContent) < before - 0.05;
    }, apart);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await published(page);
    const nearer = await worldDistance(page, { sphere: 0 }, { sphere: count - 1 });
    check(nearer < apart - 0.05, `the first sphere did not come nearer: ${nearer} m from the last, ${apart} m before`);
    check(Math.abs(number(await shown()) - nearer) < 0.0005 + 1e-9, `paused after playing, the panel shows ${await shown()}, the world ${nearer} m`);
    check(Math.abs(number(await label.textContent()) - nearer) < 0.0005 + 1e-9, `paused after playing, the label shows ${await label.textContent()}, the world ${nearer} m`);
  });

  await step('tape: two clicks on sphere centres and a tap on the floor snap to them; no click selects a sphere, no drag moves one', async () => {
    await panel.getByRole('button', { name: 'Clear the tape' }).click();
    const a = 1;
    const b = count - 2;
    // Sphere a selected (paused, so it could be dragged): a press on it is still the tape's.
    const before = await page.evaluate((a) => {
      const st = window.__sandbox.store.getState();
      st.select(a);
      const w = st.sim.world;
      return { edits: st.edits.length, at: Array.from(w.positions.subarray(3 * w.indexOf(a), 3 * w.indexOf(a) + 3)) };
    }, a);
    for (const id of [a, b]) {
      const [x, y] = await page.evaluate((id) => window.__sandbox.screenOf(id), id);
      const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [x, y]);
      check(under === 'CANVAS', `sphere #${id}'s centre at ${x}, ${y} is under a ${under}, not the view`);
      await page.mouse.click(x, y);
    }
    await waitFrames(page, 2);
    let s = await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      return { tape: st.tape, selected: st.selected };
    });
    check(s.tape.from?.kind === 'sphere' && s.tape.from.id === a, `the first click set From to ${JSON.stringify(s.tape.from)}`);
    check(s.tape.to?.kind === 'sphere' && s.tape.to.id === b, `the second click set To to ${JSON.stringify(s.tape.to)}`);
    check(s.selected === a, `a click with the tape picking changed the selection to ${s.selected}`);
    // A drag from the selected sphere moves no sphere while the tape picks (it turns the camera).
    const [ax, ay] = await page.evaluate((a) => window.__sandbox.screenOf(a), a);
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
    check(after.edits === before.edits && after.at.every((x, k) => x === before.at[k]), `a drag with the tape picking moved sphere #${a}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    check(after.tape.to?.id === b, `the drag changed the tape to ${JSON.stringify(after.tape)}`);
    await published(page);
    const expected = await worldDistance(page, { sphere: a }, { sphere: b });
    check(Math.abs(number(await shown()) - expected) < 0.0005 + 1e-9, `after the clicks the panel shows ${await shown()}, the world ${expected} m`);
    await page.screenshot({ path: join(results, 'tape-clicks-dark.png') });
    // A tap (touch) on the floor in front of the spheres starts a new measurement from the floor.
    const spot = await page.evaluate(() => {
      const w = window.__sandbox.store.getState().sim.world;
      const b = w.bounds;
      return window.__sandbox.screenOfPoint([(b[0] + b[1]) / 2 + 0.3 * (b[1] - b[0]), b[2], b[4] + 0.85 * (b[5] - b[4])]);
    });
    await page.touchscreen.tap(spot[0], spot[1]);
    await waitFrames(page, 2);
    s = await page.evaluate(() => window.__sandbox.store.getState().tape);
    check(s.from?.kind === 'wall' && s.from.wall === 2 && s.to === null, `a tap on the floor set the tape to ${JSON.stringify(s)}`);
  });

  await step('tape: both themes show the tape, its markers and its label; an end on a sphere that leaves the box clears with a notice', async () => {
    await to.selectOption({ label: `Sphere #${count - 1}` });
    await page.evaluate(() => window.__sandbox.store.getState().setTheme('projector'));
    await published(page);
    check(await label.isVisible(), 'no distance label in the projector theme');
    await page.screenshot({ path: join(results, 'tape-projector.png') });
    await page.evaluate(() => window.__sandbox.store.getState().setTheme('dark'));
    // Head-on has two spheres: the end on the cradle's last sphere goes, with a notice; the floor end stays.
    await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
    await waitFrames(page, 3);
    const after = await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      return { tape: st.tape, notices: st.notices };
    });
    check(after.tape.to === null && after.tape.from?.wall === 2, `after the preset the tape is ${JSON.stringify(after.tape)}`);
    check(after.notices.some((n) => n.startsWith(`Sphere #${count - 1} is no longer in the box`)), `notices: ${JSON.stringify(after.notices)}`);
    check(await page.getByText(`Sphere #${count - 1} is no longer in the box`).isVisible(), 'the notice is not shown');
    check(!(await label.isVisible()), 'the label is still shown for a tape with one end');
    check((await shown()).trim() === '—', `the panel shows ${await shown()} for a tape with one end`);
  });
  await context.close();
}
