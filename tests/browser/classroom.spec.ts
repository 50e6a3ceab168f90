// The classroom features on a projector-sized page (1200 x 760, where the classroom panel starts
// open): a preset link, the plots and readouts, the visual aids, the inspector and its drags,
// the keyboard's R and Reverse, a shared link, the CSV downloads, and a scene setting leaving the
// experiment; one page for them all. The presets one by one are in classroom-presets.spec.ts, the timeline in
// classroom-timeline.spec.ts, predict, bad links and the pressure map in classroom-projector.spec.ts.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { classroomState, downloadCsv } from './support/classroom.ts';
import { results, runFromRestart, simTime, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('classroom', { viewport: { width: 1200, height: 760 }, acceptDownloads: true }, async (page) => {
  await page.goto('/?preset=gas&test=1');
  await waitReady(page);
});

/** Draw calls of the last frame. */
const calls = (page: Page) => page.evaluate(() => window.__sandbox.renderInfo().calls);

/** Chooses `id` in the Experiment menu unless it is already the preset (which would undo its edits). */
async function ensurePreset(page: Page, id: string): Promise<void> {
  if ((await classroomState(page)).preset !== id) {
    await page.getByLabel('Experiment', { exact: true }).selectOption(id);
    await page.waitForFunction((p) => window.__sandbox.store.getState().preset === p, id);
  }
}

/**
 * Billiards running a second past the break (stepped without drawing), every sphere moving: the
 * visual aids' scene, sixteen spheres that software WebGL draws about twice as fast as the gas's 400.
 */
async function breakRack(page: Page): Promise<void> {
  await ensurePreset(page, 'billiards');
  await page.evaluate(() => {
    const store = window.__sandbox.store;
    store.getState().play();
    while (store.getState().sim.world.time < 1) store.getState().sim.stepOnce();
  });
}

test('a preset link loads that preset, and the settings say whose scene runs', async () => {
  const { page } = shared;
  const s = await classroomState(page);
  expect(s.preset, 'preset of ?preset=gas').toBe('gas');
  expect(s.count, 'spheres of ?preset=gas').toBe(400);
  await expect(page.getByLabel('Experiment'), 'the experiment select').toHaveValue('gas');
  // The settings' scene fields hold the free sandbox's values: a note says whose scene runs.
  const note = (await page.getByTestId('experiment-scene-note').textContent()) ?? '';
  expect(note.includes('Gas in a box') && note.includes('(400 spheres)'), `the settings' scene note reads "${note}"`).toBe(true);
});

test('the plots and readouts update while it runs (screenshot)', async () => {
  const { page } = shared;
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const before = Number((await page.locator('[data-plot="energy"]').getAttribute('data-samples')) ?? 0);
  await page.waitForFunction((n) => Number(document.querySelector('[data-plot="energy"]')?.getAttribute('data-samples')) > n + 1, before, { polling: 'raf' });
  await expect(page.locator('[data-plot] canvas'), 'plot canvases').toHaveCount(3);
  const total = (await page.locator('[data-readout="total"]').textContent()) ?? '';
  const ke = await page.evaluate(() => window.__sandbox.store.getState().stats.kineticEnergy);
  expect(total, 'the total energy readout').toMatch(/ J$/);
  expect(Math.abs(parseFloat(total) - ke), `total energy reads "${total}", kinetic is ${ke}: the difference`).toBeLessThanOrEqual(1e-3 * ke);
  await expect(page.locator('[data-readout="pressure"]'), 'the pressure readout').toHaveText(/\d.* Pa$/);
  await expect(page.locator('[data-readout="pressure-ideal"]'), 'the ideal-gas pressure readout').toHaveText(/\d.* Pa$/);
  await expect(page.locator('[data-readout="pressure-dense"]'), 'the dense-gas pressure readout').toHaveText(/\d.* Pa$/);
  const label = await page.locator('.readouts__row', { has: page.locator('[data-readout="pressure"]') }).locator('dt').textContent();
  expect(label, "the measured pressure's label names its window").toBe('Wall pressure (measured, last 2 s)');
  await page.screenshot({ path: join(results, 'classroom-gas.png') });
});

test('the velocity arrows switch adds one draw call and the page keeps rendering (screenshot)', async () => {
  const { page } = shared;
  await breakRack(page);
  await waitFrames(page, 2);
  const before = await calls(page);
  await page.getByLabel('Velocity arrows').check();
  await waitFrames(page, 3);
  await expect.poll(() => calls(page), { message: `draw calls with the velocity arrows on (${before} before)` }).toBe(before + 1);
  const t0 = await simTime(page);
  await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
  await page.screenshot({ path: join(results, 'aids-velocity-arrows.png') });
  await page.getByLabel('Velocity arrows').uncheck();
  await waitFrames(page, 2);
  await expect.poll(() => calls(page), { message: 'draw calls with the velocity arrows off again' }).toBe(before);
  // Console errors with the arrows on fail this test (the fixture reads them).
});

test('momentum arrows, centre of mass, trail and flash switch on together and off again (screenshot)', async () => {
  const { page } = shared;
  const labels = ['Momentum arrows', 'Centre of mass', 'Trail of the selected sphere', 'Flash at each collision'];
  await breakRack(page);
  await waitFrames(page, 2);
  const before = await calls(page);
  // The cue ball (billiards' last sphere), whose trail runs through the break.
  await page.evaluate(() => window.__sandbox.store.getState().select(window.__sandbox.store.getState().sim.count - 1));
  for (const label of labels) await page.getByLabel(label).check();
  const aids = await page.evaluate(() => window.__sandbox.store.getState().aids);
  expect(aids.momentum && aids.centreOfMass && aids.trail && aids.flash, `aids after switching on: ${JSON.stringify(aids)}`).toBe(true);
  await waitFrames(page, 4);
  // Momentum arrows, the centre-of-mass marker and the trail each draw at least once more.
  await expect.poll(() => calls(page), { message: `draw calls with the aids on (${before} before)` }).toBeGreaterThanOrEqual(before + 3);
  const t0 = await simTime(page);
  await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
  await page.screenshot({ path: join(results, 'aids-all.png') });
  for (const label of labels) await page.getByLabel(label).uncheck();
  await page.evaluate(() => window.__sandbox.store.getState().select(null));
  await waitFrames(page, 2);
  await expect.poll(() => calls(page), { message: 'draw calls with the aids off again (as at first)' }).toBe(before);
});

test('the inspector shows a clicked sphere and applies an edit, a bad mass named at its field (screenshot)', async () => {
  const { page } = shared;
  await page.getByLabel('Experiment').selectOption('head-on');
  await page.waitForFunction(() => window.__sandbox.store.getState().preset === 'head-on');
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.getByRole('button', { name: 'Pause' }).click();
  await waitFrames(page, 2);
  const [x, y] = (await page.evaluate(() => window.__sandbox.screenOf(0)))!;
  await page.mouse.click(x, y);
  await page.locator('.inspector[data-sphere="0"]').waitFor({ state: 'visible' });
  const mass = (await page.locator('[data-inspect="mass"]').textContent()) ?? '';
  const expected = await page.evaluate(() => window.__sandbox.store.getState().sim.masses[0]);
  expect(Math.abs(parseFloat(mass) - expected), `inspector mass "${mass}", sphere mass ${expected}: the difference`).toBeLessThan(1e-3 * expected);
  const massField = page.getByLabel('Mass (kg)');
  await massField.fill('abc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Mass must be a number, got "abc"').waitFor({ state: 'visible' });
  expect(await massField.getAttribute('aria-invalid'), "the bad mass's aria-invalid").toBe('true');
  await massField.fill('3');
  await page.getByLabel('Velocity x (m/s)').fill('1.5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByTestId('edit-result').getByText('Applied').waitFor({ state: 'visible' });
  const after = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { mass: s.sim.masses[0], vx: s.sim.velocities[0], edits: s.edits };
  });
  expect(after.mass, 'mass after the edit').toBe(3);
  expect(after.vx, 'vx after the edit').toBe(1.5);
  expect(after.edits.length === 1 && after.edits[0].id === 0 && after.edits[0].mass === 3, `edits recorded: ${JSON.stringify(after.edits)}`).toBe(true);
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'inspector.png') });
});

test('dragging the selected sphere moves it; dragging its arrow tip sets its velocity (screenshot)', async () => {
  const { page } = shared;
  // Paused with sphere 0 of head-on selected (as the test before leaves it).
  await ensurePreset(page, 'head-on');
  await page.evaluate(() => {
    window.__sandbox.store.getState().pause();
    window.__sandbox.store.getState().select(0);
  });
  await waitFrames(page, 2);
  const drag = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(from[0] + ((to[0] - from[0]) * k) / 6, from[1] + ((to[1] - from[1]) * k) / 6);
    await page.mouse.up();
    await waitFrames(page, 2);
  };
  const camera0 = await page.evaluate(() => window.__sandbox.cameraPosition());
  const start = (await page.evaluate(() => window.__sandbox.screenOf(0)))!;
  const to: [number, number] = [start[0], start[1] - 40];
  await drag(start, to);
  const moved = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const slot = s.sim.world.indexOf(0);
    return { screen: window.__sandbox.screenOf(0)!, position: Array.from(s.sim.positions.subarray(3 * slot, 3 * slot + 3)), edits: s.edits, selected: s.selected };
  });
  // Grabbed at its centre, the sphere ends under the pointer.
  expect(Math.hypot(moved.screen[0] - to[0], moved.screen[1] - to[1]), `the sphere is drawn at ${moved.screen}, the pointer was let go at ${to}: the distance`).toBeLessThan(2);
  const edit0 = moved.edits.find((e) => e.id === 0);
  expect(edit0?.position?.every((x, k) => x === moved.position[k]) === true, `the move was not recorded as an edit: ${JSON.stringify(moved.edits)}`).toBe(true);
  const camera1 = await page.evaluate(() => window.__sandbox.cameraPosition());
  expect(camera1, 'the camera after dragging the sphere (unturned)').toEqual(camera0);
  expect(moved.selected, 'the selection after the drag').toBe(0);

  const tipOf = () =>
    page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      const slot = s.sim.world.indexOf(0);
      const p = s.sim.positions.subarray(3 * slot, 3 * slot + 3);
      const v = s.sim.velocities.subarray(3 * slot, 3 * slot + 3);
      const speed = Math.hypot(v[0], v[1], v[2]);
      const length = s.sim.radii[slot] + 0.5 * speed;
      const tip: [number, number, number] = [p[0] + (v[0] / speed) * length, p[1] + (v[1] / speed) * length, p[2] + (v[2] / speed) * length];
      return { screen: window.__sandbox.screenOfPoint(tip), v: Array.from(v) };
    });
  const tip0 = await tipOf();
  const tipTo: [number, number] = [tip0.screen[0] + 50, tip0.screen[1] + 30];
  await drag(tip0.screen, tipTo);
  const tip1 = await tipOf();
  expect(tip1.v, 'the velocity after dragging the arrow tip (changed)').not.toEqual(tip0.v);
  expect(Math.hypot(tip1.screen[0] - tipTo[0], tip1.screen[1] - tipTo[1]), `the arrow tip is drawn at ${tip1.screen}, the pointer was let go at ${tipTo}: the distance`).toBeLessThan(2);
  const edits = await page.evaluate(() => window.__sandbox.store.getState().edits);
  const velocityEdit = edits.find((e) => e.id === 0)?.velocity;
  expect(velocityEdit?.every((x, k) => x === tip1.v[k]) === true, `the velocity drag was not recorded: ${JSON.stringify(edits)}`).toBe(true);
  await page.locator('[data-inspect="velocity"]').waitFor({ state: 'visible' });
  await page.screenshot({ path: join(results, 'inspector-drag.png') });
});

test('R restarts, Reverse negates the velocities, the shortcuts are listed', async () => {
  const { page } = shared;
  await page.evaluate(() => {
    for (let k = 0; k < 20; k++) window.__sandbox.store.getState().stepOnce();
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('r');
  expect((await classroomState(page)).time, 'time after R').toBe(0);
  const v0 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
  await page.getByRole('button', { name: 'Reverse' }).click();
  const v1 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
  expect(v1, `velocities after Reverse, from ${v0}`).toEqual(v0.map((v) => -v));
  await page.getByRole('button', { name: 'Reverse' }).click();
  await page.getByText('Keyboard shortcuts').click();
  await page.getByText('Restart the experiment').waitFor({ state: 'visible' });
});

test('a shared link reproduces the same positions after the same steps', async () => {
  const { page } = shared;
  await ensurePreset(page, 'head-on');
  // The experiment carries an edit (the inspector's, above; made here if this page is fresh).
  if ((await page.evaluate(() => window.__sandbox.store.getState().edits.length)) === 0) {
    await page.evaluate(() => window.__sandbox.store.getState().editSphere(0, { mass: 3, velocity: [1.5, 0, 0] }));
  }
  await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.7');
  const mine = await runFromRestart(page, 90);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link.includes('preset=head-on') && link.includes('edits='), `the link misses the experiment: ${link}`).toBe(true);
  // Opened where the link goes: this page, freshly loaded (one app drawing at a time, not two).
  await page.goto(`${link}&test=1`);
  await waitReady(page, 1);
  const theirs = await runFromRestart(page, 90);
  expect(theirs.preset, "the link's preset").toBe('head-on');
  expect(theirs.positions.length, 'coordinates the link built (as the sender has)').toBe(mine.positions.length);
  const differing = mine.positions.findIndex((x, k) => x !== theirs.positions[k]);
  expect(differing, `the first coordinate that differs (${mine.positions[differing]} vs ${theirs.positions[differing]})`).toBe(-1);
});

test('the CSV downloads parse, and the collision log measures the restitution set', async () => {
  const { page } = shared;
  // Head-on at restitution 0.7 run through its collision (as the test before leaves it).
  await ensurePreset(page, 'head-on');
  if ((await page.evaluate(() => window.__sandbox.store.getState().sim.world.options.restitution)) !== 0.7) {
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.7');
    await runFromRestart(page, 90);
  }
  for (let k = 0; k < 3; k++) await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
  const series = await downloadCsv(page, 'Energy CSV');
  expect(series.header[0], "the energy CSV's first column").toBe('time_s');
  expect(series.header, "the energy CSV's header").toContain('total_J');
  expect(series.rows.length, "the energy CSV's rows").toBeGreaterThanOrEqual(1);
  const log = await downloadCsv(page, 'Collisions CSV');
  expect(log.header, "the collision CSV's header").toContain('restitution');
  expect(log.rows.length, "the collision CSV's rows after the head-on collision").toBeGreaterThanOrEqual(1);
  const e = log.rows[0][log.header.indexOf('restitution')];
  expect(Math.abs(e - 0.7), `measured restitution ${e}, expected 0.7: the difference`).toBeLessThan(1e-9);
});

test('a scene setting leaves the experiment for the free sandbox, and the scene note goes', async () => {
  const { page } = shared;
  await ensurePreset(page, 'head-on');
  const note = page.getByTestId('experiment-scene-note');
  // The note follows the preset on the render after it is chosen.
  await expect(note, 'before: the note').toContainText('Head-on, equal masses');
  await expect(note, 'before: the note').toContainText('(2 spheres)');
  await page.getByLabel('Spheres', { exact: true }).fill('50');
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.count === 50);
  await waitFrames(page, 2);
  const s = await classroomState(page);
  expect(s.preset, 'the preset after typing 50 spheres').toBeNull();
  expect(s.count, 'spheres after typing 50').toBe(50);
  await expect(note, 'the scene note in the free sandbox').toHaveCount(0);
  await expect(page.getByLabel('Experiment', { exact: true }), 'the experiment select in the free sandbox').not.toHaveValue('head-on');
});

test('arrowing through the Experiment menu loads nothing until Enter; Escape keeps the current one', async () => {
  const { page } = shared;
  await ensurePreset(page, 'gas');
  const version = await page.evaluate(() => window.__sandbox.store.getState().sceneVersion);
  const menu = page.getByLabel('Experiment', { exact: true });
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const passedOver = await menu.inputValue();
  expect(passedOver, 'the experiment shown after arrowing twice').not.toBe('gas');
  await expect(page.locator('.experiment__pending'), 'the hint under the menu').toContainText('Enter');
  const still = await page.evaluate(() => ({ preset: window.__sandbox.store.getState().preset, sceneVersion: window.__sandbox.store.getState().sceneVersion }));
  expect(still, 'the experiment running after arrowing (none loaded)').toEqual({ preset: 'gas', sceneVersion: version });
  await page.keyboard.press('Escape');
  await expect(menu, 'the menu after Escape').toHaveValue('gas');
  await page.keyboard.press('ArrowDown');
  const chosen = await menu.inputValue();
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => window.__sandbox.store.getState().preset === p, chosen);
  await expect(page.locator('.experiment__pending'), 'the hint once loaded').toHaveCount(0);
  await ensurePreset(page, 'gas');
});

test('a copied link belongs to its experiment: choosing another takes it away', async () => {
  const { page } = shared;
  await ensurePreset(page, 'cradle');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('share-link'), 'the cradle link').toHaveValue(/preset=cradle/);
  await ensurePreset(page, 'head-on');
  await expect(page.getByTestId('share-link'), 'the link field after switching to Head-on').toHaveCount(0);
  await ensurePreset(page, 'gas');
});
