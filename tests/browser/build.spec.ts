// Build mode: a six-sphere experiment built with the mouse (clicks on the placing plane at the
// screen points of known floor positions, then the inspector for all six together), and again
// with the keyboard only (Add sphere, fields, Ctrl+Z / Ctrl+Shift+Z); each world holds the six
// spheres with the values given and runs.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SpherePatch } from '../../src/experiment/index.ts';
import { results, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const SIDE = 4;
const RADIUS = 0.3;
/** The height of a sphere's centre resting on the floor, m. */
const RESTING = -SIDE / 2 + RADIUS;
// Floor centres of the six spheres placed with the mouse (x, z), m.
const SPOTS: [number, number][] = [[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]];
const ADDRESS = '/?test=1&count=30';

const shared = sharedPage('build', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.goto(ADDRESS);
  await waitReady(page);
});

/**
 * Where the previous test left the shared page: `placed` (the six mouse spheres), `patched` (the
 * inspector's values on them), `edited` (sphere 0's mass 5 too), `keyboard` (six keyboard
 * spheres), or null on a page opened afresh (after a failure).
 */
let stage: 'placed' | 'patched' | 'edited' | 'keyboard' | null = null;

/** The world and the build state now. */
function built(page: Page) {
  return page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const w = s.sim.world;
    const spheres: { p: number[]; v: number[]; r: number; m: number }[] = [];
    for (let id = 0; id < w.count; id++) {
      const k = w.indexOf(id);
      spheres.push({ p: [...w.positions.subarray(3 * k, 3 * k + 3)], v: [...w.velocities.subarray(3 * k, 3 * k + 3)], r: w.radii[k], m: w.masses[k] });
    }
    return { building: s.building, running: s.running, size: [...w.size], spheres, built: s.built, time: w.time, selection: s.selection };
  });
}

/** Build mode on, an empty box of side SIDE and new spheres of radius RADIUS, through the panel. */
async function startEmpty(page: Page): Promise<void> {
  await page.getByLabel('Build mode').check();
  await page.getByLabel('Box side (m)').fill(String(SIDE));
  await page.getByLabel('Box side (m)').press('Enter');
  await page.locator('[data-action="build-empty"]').click();
  await page.getByLabel('New sphere radius (m)').fill(String(RADIUS));
  await page.getByLabel('New sphere radius (m)').press('Enter');
  // A new box size remounts the view's hook: wait for it.
  await page.waitForFunction(() => window.__sandbox !== undefined && window.__sandbox.store.getState().sim.world.count === 0 && window.__sandbox.frames() > 3);
  await waitFrames(page, 3);
  const b = await built(page);
  expect({ building: b.building, running: b.running }, 'build mode and the clock in an empty box').toEqual({ building: true, running: false });
  expect({ spheres: b.spheres.length, size: b.size }, 'the empty box').toEqual({ spheres: 0, size: [SIDE, SIDE, SIDE] });
}

/**
 * For a page opened afresh: the six spheres of the mouse test placed through the store (at
 * SPOTS, on the floor), then `patches` applied to `ids` (all six when absent).
 */
async function sixThroughTheStore(page: Page, patches: { ids?: number[]; patch: SpherePatch }[] = []): Promise<void> {
  await startEmpty(page);
  await page.evaluate(
    ([spots, y, patches]) => {
      const store = window.__sandbox.store;
      for (const [x, z] of spots) {
        const refused = store.getState().buildPlace({ ...store.getState().buildTemplate, position: [x, y, z] });
        if (refused !== null) throw new Error(refused);
      }
      for (const { ids, patch } of patches) {
        const refused = store.getState().buildPatch(ids ?? [0, 1, 2, 3, 4, 5], patch);
        if (refused !== null) throw new Error(refused);
      }
      store.getState().select(null);
    },
    [SPOTS, RESTING, patches] as const,
  );
}

/** What the inspector set on all six in the mouse test. */
const SIX_PATCH: SpherePatch = { mass: 2, velocity: [null, 3, null], color: '#e4505f', label: 'Ball' };

test('build mode: six spheres placed with the mouse on the floor plane', async () => {
  const { page } = shared;
  await startEmpty(page);
  for (const [i, [x, z]] of SPOTS.entries()) {
    const [sx, sy] = await page.evaluate((p) => window.__sandbox.screenOfPoint(p), [x, -SIDE / 2, z] as [number, number, number]);
    const notices = await page.evaluate(() => window.__sandbox.store.getState().notices.length);
    await page.mouse.click(sx, sy);
    // The sphere is placed, or a notice says why not.
    await page.waitForFunction(
      ([n, k]) => {
        const s = window.__sandbox.store.getState();
        return s.sim.world.count >= n || s.notices.length > k;
      },
      [i + 1, notices] as const,
    );
  }
  const b = await built(page);
  const notices = await page.evaluate(() => window.__sandbox.store.getState().notices);
  expect(b.spheres.length, `spheres after six clicks (notices: ${notices.join(' | ')})`).toBe(6);
  b.spheres.forEach((s, i) => {
    const [x, z] = SPOTS[i];
    const e = Math.hypot(s.p[0] - x, s.p[1] - RESTING, s.p[2] - z);
    expect(e, `sphere ${i} at ${s.p.map((c) => c.toFixed(3))}: its distance from the click's point (${x}, ${RESTING}, ${z}), m`).toBeLessThan(0.06);
    expect(s.r, `sphere ${i}'s radius`).toBe(RADIUS);
  });
  stage = 'placed';
});

test('the inspector sets the six together; a refused radius is named at its field and changes nothing', async () => {
  const { page } = shared;
  if (stage !== 'placed') await sixThroughTheStore(page);
  stage = null;
  await page.locator('[data-action="build-select-all"]').click();
  const form = page.locator('[data-build-inspector]');
  await form.getByLabel('Mass (kg)', { exact: true }).fill('2');
  await form.getByLabel('Velocity y (m/s)').fill('3');
  await form.getByLabel('Colour', { exact: true }).fill('#e4505f');
  await form.getByLabel('Label', { exact: true }).fill('Ball');
  await form.locator('[data-action="build-apply"]').click();
  let b = await built(page);
  expect(b.spheres.map((s) => s.m), 'the masses').toEqual([2, 2, 2, 2, 2, 2]);
  expect(b.spheres.map((s) => s.v[1]), 'the velocities y').toEqual([3, 3, 3, 3, 3, 3]);
  expect(b.built?.spheres.map((s) => [s.color, s.label]), 'the colours and labels').toEqual(Array(6).fill(['#e4505f', 'Ball']));
  // A bad value is refused at its field, naming it; nothing changes.
  await form.getByLabel('Radius (m)', { exact: true }).fill('-1');
  await form.locator('[data-action="build-apply"]').click();
  await expect(form.locator('.field--invalid .field__message').first(), 'the radius refusal').toHaveText(/^Radius of sphere 0 must be a number greater than 0; got -1/);
  b = await built(page);
  expect(b.spheres.map((s) => s.r), 'the radii after the refusal').toEqual(Array(6).fill(RADIUS));
  stage = 'patched';
});

test('shift-click adds a sphere to the selection: a mixed field reads blank, a shared one its value; undo and redo', async () => {
  const { page } = shared;
  if (stage !== 'patched') await sixThroughTheStore(page, [{ patch: SIX_PATCH }]);
  stage = null;
  const form = page.locator('[data-build-inspector]');
  // Selecting two, then one differs: its fields read blank (mixed) for the pair.
  await page.evaluate(() => window.__sandbox.store.getState().select(0));
  await form.getByLabel('Mass (kg)', { exact: true }).fill('5');
  await form.locator('[data-action="build-apply"]').click();
  const [sx, sy] = (await page.evaluate(() => window.__sandbox.screenOf(1)))!;
  await page.keyboard.down('Shift');
  await page.mouse.click(sx, sy);
  await page.keyboard.up('Shift');
  let b = await built(page);
  expect(b.selection, 'the selection after a shift-click on sphere 1').toEqual([0, 1]);
  await expect(form.getByLabel('Mass (kg)', { exact: true }), 'the mass of a mixed pair').toHaveValue('');
  await expect(form.getByLabel('Velocity y (m/s)'), 'the velocity y the pair shares').toHaveValue('3');
  await page.screenshot({ path: join(results, 'build-mouse.png') });
  await page.locator('[data-action="build-undo"]').click();
  b = await built(page);
  expect(b.spheres[0].m, "sphere 0's mass after undo").toBe(2);
  await page.locator('[data-action="build-redo"]').click();
  b = await built(page);
  expect(b.spheres[0].m, "sphere 0's mass after redo").toBe(5);
  stage = 'edited';
});

test('the built experiment runs, and restart rebuilds it', async () => {
  const { page } = shared;
  if (stage !== 'edited') await sixThroughTheStore(page, [{ patch: SIX_PATCH }, { ids: [0], patch: { mass: 5 } }]);
  stage = null;
  await page.getByLabel('Build mode').uncheck();
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 0.2, null, { polling: 'raf' });
  let b = await built(page);
  expect(b.spheres.length, `spheres after playing to t = ${b.time}`).toBe(6);
  await page.evaluate(() => {
    window.__sandbox.store.getState().pause();
    window.__sandbox.store.getState().restart();
  });
  b = await built(page);
  expect({ time: b.time, m0: b.spheres[0].m, vy3: b.spheres[3].v[1] }, 'the world after restart').toEqual({ time: 0, m0: 5, vy3: 3 });
});

test('build mode: six spheres with the keyboard only (Add sphere, Ctrl+Z, Ctrl+Shift+Z)', async () => {
  const { page } = shared;
  stage = null;
  await page.goto(ADDRESS);
  await waitReady(page);
  await page.getByLabel('Build mode').focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Box side (m)').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(SIDE));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Empty box
  await page.waitForFunction(() => window.__sandbox !== undefined && window.__sandbox.store.getState().sim.world.count === 0);
  await page.getByLabel('New sphere radius (m)').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(RADIUS));
  await page.keyboard.press('Enter');
  await page.locator('[data-action="build-add"]').focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
  let b = await built(page);
  expect(b.spheres.length, 'spheres after seven Add sphere presses').toBe(7);
  // Ctrl+Z (outside a text field) takes the seventh away; Ctrl+Shift+Z and Ctrl+Z again.
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Shift+Z');
  await page.keyboard.press('Control+Z');
  b = await built(page);
  expect(b.spheres.length, 'spheres after undo, redo, undo').toBe(6);
  for (const s of b.spheres) {
    expect(Math.abs(s.p[1] - RESTING), `a keyboard sphere's height y ${s.p[1]} from resting on the floor`).toBeLessThan(1e-9);
    expect(s.r, "a keyboard sphere's radius").toBe(RADIUS);
  }
  stage = 'keyboard';
});

test('build mode with the keyboard: Page Up moves all six, a typed velocity sets all six, and the experiment runs', async () => {
  const { page } = shared;
  if (stage !== 'keyboard') await sixThroughTheStore(page);
  stage = null;
  // Select all, move them with the arrow key, set the velocity x for all.
  await page.locator('[data-action="build-select-all"]').focus();
  await page.keyboard.press('Enter');
  const before = (await built(page)).spheres.map((s) => s.p[1]);
  await page.keyboard.press('PageUp');
  let b = await built(page);
  expect(b.spheres.map((s, i) => Math.abs(s.p[1] - before[i] - 0.1) < 1e-12), `Page Up moved y from ${before} to ${b.spheres.map((s) => s.p[1])}`).toEqual(Array(6).fill(true));
  await page.locator('[data-build-inspector]').getByLabel('Velocity x (m/s)').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  b = await built(page);
  expect(b.spheres.map((s) => s.v[0]), 'the velocities x').toEqual(Array(6).fill(1.5));
  await page.screenshot({ path: join(results, 'build-keyboard.png') });
  await page.getByLabel('Build mode').focus();
  await page.keyboard.press('Space');
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 0.2, null, { polling: 'raf' });
  b = await built(page);
  expect(b.spheres.length, 'spheres of the keyboard experiment running').toBe(6);
});

test("build mode's numbers are formatted in the page's language, and Settings says a built scene runs", async () => {
  const { page } = shared;
  stage = null;
  // The gas's box: a side that is no round number.
  await page.goto('/?test=1&preset=gas');
  await waitReady(page);
  const size = await page.evaluate(() => window.__sandbox.store.getState().scene.size[0]);
  expect(String(size).length, `the box side ${size} has many digits`).toBeGreaterThan(8);
  await page.getByLabel('Build mode').check();
  const shown = await page.getByLabel('Box side (m)').inputValue();
  expect(shown, 'the box side as shown').toBe(String(Number(size.toPrecision(6))));
  await page.evaluate(() => window.__sandbox.store.getState().setLocale('de'));
  await expect(page.locator('[data-build-field="box-side"] input'), 'the box side in German').toHaveValue(String(Number(size.toPrecision(6))).replace('.', ','));
  await expect(page.locator('[data-build-field="arrange-spacing"] input'), 'the spacing in German').toHaveValue('0,6');
  await page.evaluate(() => window.__sandbox.store.getState().setLocale('en'));
  await page.locator('[data-action="build-empty"]').click();
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.buildPlace({ ...s.buildTemplate, position: [0, 0, 0] });
    s.buildPlace({ ...s.buildTemplate, position: [1, 0, 0] });
  });
  const note = page.getByTestId('experiment-scene-note');
  await expect(note, "the settings' note on the built scene").toContainText('Built scene');
  await expect(note, "the settings' note names its spheres and box").toContainText(`2 spheres in a ${Number(size.toPrecision(4))} m box`);
  await page.getByLabel('Build mode').uncheck();
});
