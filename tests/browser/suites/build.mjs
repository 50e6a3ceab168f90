// Build mode: a six-sphere experiment built with the mouse (clicks on the placing plane at the
// screen points of known floor positions, then the inspector for all six together), and again
// with the keyboard only (Add sphere, fields, Ctrl+Z / Ctrl+Shift+Z); each world holds the six
// spheres with the values given and runs.
import { join } from 'node:path';
import { check, results, step, waitFrames, watchErrors } from '../harness.mjs';

const SIDE = 4;
const RADIUS = 0.3;
// Floor centres of the six spheres placed with the mouse (x, z), m.
const SPOTS = [[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]];

export default async function buildSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'build');
  page.setDefaultTimeout(60_000);
  const built = () => page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const w = s.sim.world;
    const spheres = [];
    for (let id = 0; id < w.count; id++) {
      const k = w.indexOf(id);
      spheres.push({ p: [...w.positions.subarray(3 * k, 3 * k + 3)], v: [...w.velocities.subarray(3 * k, 3 * k + 3)], r: w.radii[k], m: w.masses[k] });
    }
    return { building: s.building, running: s.running, size: [...w.size], spheres, built: s.built, time: w.time, selection: s.selection };
  });

  const startEmpty = async () => {
    await page.getByLabel('Build mode').check();
    await page.getByLabel('Box side (m)').fill(String(SIDE));
    await page.getByLabel('Box side (m)').press('Enter');
    await page.locator('[data-action="build-empty"]').click();
    await page.getByLabel('New sphere radius (m)').fill(String(RADIUS));
    await page.getByLabel('New sphere radius (m)').press('Enter');
    // A new box size remounts the view's hook: wait for it.
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.store.getState().sim.world.count === 0 && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await waitFrames(page, 3);
    const b = await built();
    check(b.building && !b.running, `build mode is ${b.building}, running ${b.running}`);
    check(b.spheres.length === 0 && b.size.every((x) => x === SIDE), `expected an empty ${SIDE} m box, got ${b.spheres.length} spheres in ${b.size}`);
  };

  await step('build mode: six spheres placed with the mouse on the floor plane', async () => {
    await page.goto(`${base}/?test=1&count=30`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await startEmpty();
    for (const [x, z] of SPOTS) {
      const [sx, sy] = await page.evaluate((p) => window.__sandbox.screenOfPoint(p), [x, -SIDE / 2, z]);
      await page.mouse.click(sx, sy);
      await waitFrames(page, 2);
    }
    const b = await built();
    const notices = await page.evaluate(() => window.__sandbox.store.getState().notices);
    check(b.spheres.length === 6, `expected 6 spheres after six clicks (notices: ${notices.join(' | ')}), got ${b.spheres.length}`);
    b.spheres.forEach((s, i) => {
      const [x, z] = SPOTS[i];
      const e = Math.hypot(s.p[0] - x, s.p[1] - (-SIDE / 2 + RADIUS), s.p[2] - z);
      check(e < 0.06 && s.r === RADIUS, `sphere ${i} is at ${s.p.map((c) => c.toFixed(3))} r ${s.r}; clicked at (${x}, ${-SIDE / 2 + RADIUS}, ${z})`);
    });
  });

  await step('the inspector sets the six together; shift-click and undo work', async () => {
    await page.locator('[data-action="build-select-all"]').click();
    const form = page.locator('[data-build-inspector]');
    await form.getByLabel('Mass (kg)', { exact: true }).fill('2');
    await form.getByLabel('Velocity y (m/s)').fill('3');
    await form.getByLabel('Colour', { exact: true }).fill('#e4505f');
    await form.getByLabel('Label', { exact: true }).fill('Ball');
    await form.locator('[data-action="build-apply"]').click();
    let b = await built();
    check(b.spheres.every((s) => s.m === 2 && s.v[1] === 3), `masses ${b.spheres.map((s) => s.m)}, vy ${b.spheres.map((s) => s.v[1])}`);
    check(b.built.spheres.every((s) => s.color === '#e4505f' && s.label === 'Ball'), 'colour and label not set on all six');
    // A bad value is refused at its field, naming it; nothing changes.
    await form.getByLabel('Radius (m)', { exact: true }).fill('-1');
    await form.locator('[data-action="build-apply"]').click();
    const message = await form.locator('.field--invalid .field__message').first().textContent();
    check(/^Radius of sphere 0 must be a number greater than 0; got -1/.test(message), `radius refusal reads "${message}"`);
    // Selecting two, then one differs: its fields read blank (mixed) for the pair.
    await page.evaluate(() => window.__sandbox.store.getState().select(0));
    await form.getByLabel('Mass (kg)', { exact: true }).fill('5');
    await form.locator('[data-action="build-apply"]').click();
    const [sx, sy] = await page.evaluate(() => window.__sandbox.screenOf(1));
    await page.keyboard.down('Shift');
    await page.mouse.click(sx, sy);
    await page.keyboard.up('Shift');
    b = await built();
    check(b.selection.join() === '0,1', `shift-click gave selection ${b.selection}`);
    check((await page.locator('[data-build-inspector]').getByLabel('Mass (kg)', { exact: true }).inputValue()) === '', 'the mass of a mixed pair is not blank');
    check((await page.locator('[data-build-inspector]').getByLabel('Velocity y (m/s)').inputValue()) === '3', 'a shared value is not shown');
    await page.screenshot({ path: join(results, 'build-mouse.png') });
    await page.locator('[data-action="build-undo"]').click();
    b = await built();
    check(b.spheres[0].m === 2, `undo left mass ${b.spheres[0].m}`);
    await page.locator('[data-action="build-redo"]').click();
    b = await built();
    check(b.spheres[0].m === 5, `redo left mass ${b.spheres[0].m}`);
  });

  await step('the built experiment runs, and restart rebuilds it', async () => {
    await page.getByLabel('Build mode').uncheck();
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 0.2, null, { timeout: 60_000, polling: 'raf' });
    let b = await built();
    check(b.spheres.length === 6 && b.time > 0.2, `after playing: ${b.spheres.length} spheres at t = ${b.time}`);
    await page.evaluate(() => {
      window.__sandbox.store.getState().pause();
      window.__sandbox.store.getState().restart();
    });
    b = await built();
    check(b.time === 0 && b.spheres[0].m === 5 && b.spheres[3].v[1] === 3, `restart gave t ${b.time}, m0 ${b.spheres[0].m}, vy3 ${b.spheres[3].v[1]}`);
  });

  await step('build mode: six spheres with the keyboard only', async () => {
    await page.goto(`${base}/?test=1&count=30`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await page.getByLabel('Build mode').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Box side (m)').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(SIDE));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Empty box
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.store.getState().sim.world.count === 0, null, { timeout: 60_000 });
    await page.getByLabel('New sphere radius (m)').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(RADIUS));
    await page.keyboard.press('Enter');
    await page.locator('[data-action="build-add"]').focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
    let b = await built();
    check(b.spheres.length === 7, `seven Add sphere presses gave ${b.spheres.length}`);
    // Ctrl+Z (outside a text field) takes the seventh away; Ctrl+Shift+Z and Ctrl+Z again.
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Shift+Z');
    await page.keyboard.press('Control+Z');
    b = await built();
    check(b.spheres.length === 6, `after undo, redo, undo: ${b.spheres.length} spheres`);
    for (const s of b.spheres) check(Math.abs(s.p[1] - (-SIDE / 2 + RADIUS)) < 1e-9 && s.r === RADIUS, `a keyboard sphere sits at y ${s.p[1]} r ${s.r}`);
    // Select all, move them with the arrow key, set the velocity x for all.
    await page.locator('[data-action="build-select-all"]').focus();
    await page.keyboard.press('Enter');
    const before = b.spheres.map((s) => s.p[1]);
    await page.keyboard.press('PageUp');
    b = await built();
    check(b.spheres.every((s, i) => Math.abs(s.p[1] - before[i] - 0.1) < 1e-12), `Page Up moved y from ${before} to ${b.spheres.map((s) => s.p[1])}`);
    await page.locator('[data-build-inspector]').getByLabel('Velocity x (m/s)').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1.5');
    await page.keyboard.press('Enter');
    b = await built();
    check(b.spheres.every((s) => s.v[0] === 1.5), `velocity x: ${b.spheres.map((s) => s.v[0])}`);
    await page.screenshot({ path: join(results, 'build-keyboard.png') });
    await page.getByLabel('Build mode').focus();
    await page.keyboard.press('Space');
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 0.2, null, { timeout: 60_000, polling: 'raf' });
    b = await built();
    check(b.spheres.length === 6, `the keyboard experiment runs with ${b.spheres.length} spheres`);
  });

  await context.close();
}
