// The classroom on a 1280 x 800 page: the pressure map (its face totals are the solver's wall
// impulses, and gravity shows the hydrostatic gradient), predict-then-reveal with head-on, and a
// bad link's dismissible notice.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SandboxTestHook } from '../../src/testing/test-hook-types.ts';
import { classroomState } from './support/classroom.ts';
import { results, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('classroom projector', { viewport: { width: 1280, height: 800 } }, async (page) => {
  await page.goto('/?preset=gas&test=1');
  await waitReady(page);
});

type PressureMap = ReturnType<SandboxTestHook['pressureMap']>;

const snapshot = (page: Page) => page.evaluate(() => window.__sandbox.pressureMap());

/** Face f's cells as rows of height: mean pressure of the lower and the upper half of the wall. */
function halves(m: PressureMap, f: number): [number, number] {
  const low: number[] = [];
  const high: number[] = [];
  for (let iv = 0; iv < m.nV[f]; iv++) {
    for (let iu = 0; iu < m.nU[f]; iu++) {
      const y = f < 2 ? iu : iv; // ±x: u = y; ±z: v = y
      const rows = f < 2 ? m.nU[f] : m.nV[f];
      (y < rows / 2 ? low : high).push(m.pressure[f * m.stride + iu + m.nU[f] * iv]);
    }
  }
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
  return [mean(low), mean(high)];
}

test("the pressure map's face totals equal the solver's wall impulses, and the panel shows them", async () => {
  const { page } = shared;
  if ((await classroomState(page)).preset !== 'gas') {
    await page.goto('/?preset=gas&test=1');
    await waitReady(page);
  }
  const calls = () => page.evaluate(() => window.__sandbox.renderInfo().calls);
  const before = await calls();
  await page.getByLabel('Pressure map').check();
  await waitFrames(page, 3);
  expect(await calls(), `draw calls with the pressure map on (${before} before)`).toBe(before + 1);
  // Two seconds of the gas, run by the page's own frames.
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 2, null, { polling: 'raf' });
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  const m = await snapshot(page);
  for (let f = 0; f < 6; f++) {
    const wall = m.wallImpulses[f] - m.baseline[f];
    expect(m.baseline[f], `face ${f}: baseline`).toBe(0);
    expect(wall, `face ${f}: wall impulse`).toBeGreaterThan(0);
    // Each hit placed on a cell in the solver's order: the cells' total is the wall's impulse to rounding.
    expect(Math.abs(m.placed[f] - wall), `face ${f}: placed ${m.placed[f]} against stats().wallImpulses ${wall}`).toBeLessThanOrEqual(1e-12 * wall);
    expect(Math.abs(m.unplaced[f]), `face ${f}: unplaced ${m.unplaced[f]}`).toBeLessThanOrEqual(1e-12 * wall);
    expect(Math.abs(m.cellImpulse[f] - m.faceImpulse[f]), `face ${f}: window cells ${m.cellImpulse[f]}, face ${m.faceImpulse[f]}`).toBeLessThanOrEqual(1e-12 * m.faceImpulse[f]);
    expect(m.readout.faces[f], `face ${f}'s pressure, Pa`).toBeGreaterThan(0);
  }
  // The panel shows the sampled per-face pressures and the legend.
  await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
  await waitFrames(page, 2);
  // The sampled map and what the panel shows, read together (one call to the busy page), until the
  // panel has rendered the sample.
  const readPanel = () =>
    page.evaluate(() => ({
      shown: window.__sandbox.store.getState().stats.pressureMap,
      texts: [0, 1, 2, 3, 4, 5].map((f) => document.querySelector(`[data-readout="pressure-face-${f}"]`)?.textContent ?? ''),
      scale: document.querySelector('[data-pressure-scale]')?.textContent ?? '',
    }));
  let { shown } = await readPanel();
  await expect(async () => {
    const now = await readPanel();
    shown = now.shown;
    expect(shown, 'the sampled pressure map').not.toBeNull();
    for (const [f, text] of now.texts.entries()) {
      expect(text, `face ${f} readout`).toMatch(/ Pa$/);
      expect(Math.abs(parseFloat(text) - shown!.faces[f]), `face ${f} readout "${text}", map ${shown!.faces[f]}: the difference`).toBeLessThanOrEqual(1e-3 * shown!.faces[f]);
    }
    expect(parseFloat(now.scale), `the legend's top "${now.scale}" (the map's scale)`).toBe(shown!.scale);
  }).toPass({ timeout: 60_000 });
  // The legend's top holds all but the highest 5% of cells (colourRange).
  const sorted = [...m.pressure].sort((a, b) => a - b);
  expect(shown!.scale, "the map's scale against its 95th percentile cell").toBeGreaterThanOrEqual(sorted[Math.ceil(0.95 * (sorted.length - 1))]);
});

test('under gravity the side walls read higher low down than high up, barometrically (screenshot)', async () => {
  const { page } = shared;
  if ((await classroomState(page)).preset !== 'gas' || !(await page.evaluate(() => window.__sandbox.store.getState().aids.pressure))) {
    await page.goto('/?preset=gas&test=1');
    await waitReady(page);
    await page.getByLabel('Pressure map').check();
  }
  await page.evaluate(() => window.__sandbox.store.getState().applySettings({ gravityOn: true, gravity: 1 }));
  const g = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.world.gravity));
  expect(g[1], `gravity's y (gravity ${g})`).toBe(-1);
  // Ten simulated seconds, stepped without drawing: the gas settles into its barometric profile.
  await page.evaluate(() => {
    const store = window.__sandbox.store;
    const end = store.getState().sim.world.time + 10;
    while (store.getState().sim.world.time < end) store.getState().stepOnce();
  });
  const m = await snapshot(page);
  let [lowAll, highAll] = [0, 0];
  for (const f of [0, 1, 4, 5]) {
    const [low, high] = halves(m, f);
    expect(low, `side wall ${f}: lower half's pressure, Pa, against the upper half's ${high}`).toBeGreaterThan(high);
    lowAll += low;
    highAll += high;
  }
  // Barometric: n(y) falls as exp(-m g y / kT), so the lower half of the span the centres reach
  // (-h..0) reads exp(m g h / kT) times the upper (0..h); one 4 s window is noisy, hence the margin.
  const gas = await page.evaluate(() => {
    window.__sandbox.store.getState().sampleNow();
    const s = window.__sandbox.store.getState();
    const sim = s.sim;
    return { kt: s.stats.temperature, m: sim.masses[0], h: sim.world.size[1] / 2 - sim.radii[0] };
  });
  const predicted = (gas.m * 1 * gas.h) / gas.kt;
  const measured = Math.log(lowAll / highAll);
  expect(predicted, 'the barometric ln(lower / upper)').toBeGreaterThan(0.3);
  expect(measured, `side walls: ln(lower / upper), barometric ${predicted}`).toBeGreaterThan(0.4 * predicted);
  expect(measured, `side walls: ln(lower / upper), barometric ${predicted}`).toBeLessThan(1.6 * predicted);
  expect(m.readout.faces[2], `the floor's pressure, Pa, against the ceiling's ${m.readout.faces[3]}`).toBeGreaterThan(m.readout.faces[3]);
  for (let f = 0; f < 6; f++) {
    const wall = m.wallImpulses[f] - m.baseline[f];
    expect(Math.abs(m.placed[f] + m.unplaced[f] - wall), `face ${f} under gravity: ${m.placed[f]} + ${m.unplaced[f]} against ${wall}`).toBeLessThanOrEqual(1e-9 * wall);
  }
  // The picture: the map as the panel and the view show it, running on for two samples (the
  // readouts' rates need two).
  for (let k = 0; k < 2; k++) {
    const sampled = await page.evaluate(() => {
      window.__sandbox.store.getState().play();
      return window.__sandbox.store.getState().stats.simTime;
    });
    await page.waitForFunction((t) => window.__sandbox.store.getState().stats.simTime > t, sampled, { polling: 'raf' });
  }
  await waitFrames(page, 1);
  await page.locator('[data-pressure-legend]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'pressure-map.png') });
});

test('predict, then reveal: the run stops before the collision, the arrows and fields set the prediction, the reveal shows the exact velocities (screenshots)', async () => {
  const { page } = shared;
  await page.goto('/?preset=head-on&predict=1&test=1');
  await page.waitForFunction(() => window.__sandbox !== undefined && window.__sandbox.store.getState().predict.phase === 'predicting', null, { polling: 'raf' });
  const before = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { running: s.running, step: s.sim.stepsRun, impact: s.predict.impactStep, pairs: s.sim.world.stats().pairCollisions, ids: s.predict.ids };
  });
  expect(before.running, 'running when predicting').toBe(false);
  expect(before.step, 'the step the run stopped on (the last before the collision)').toBe(before.impact - 1);
  expect(before.pairs, 'collisions before the prediction').toBe(0);
  // The first sphere's prediction typed in its fields.
  const [a, b] = before.ids;
  await page.locator(`[data-predict="${a}-x"]`).fill('-1.5');
  // The second sphere's by dragging the tip of its arrow in the view.
  await page.evaluate((id) => window.__sandbox.store.getState().select(id), b);
  await waitFrames(page, 2);
  const tipOf = (id: number) =>
    page.evaluate((k) => {
      const s = window.__sandbox.store.getState();
      const slot = s.sim.world.indexOf(k);
      const p = s.sim.positions.subarray(3 * slot, 3 * slot + 3);
      const v = s.predict.predicted[s.predict.ids.indexOf(k)];
      const speed = Math.hypot(v[0], v[1], v[2]);
      const length = s.sim.radii[slot] + 0.5 * speed;
      const tip: [number, number, number] = [p[0] + (v[0] / speed) * length, p[1] + (v[1] / speed) * length, p[2] + (v[2] / speed) * length];
      return { screen: window.__sandbox.screenOfPoint(tip), v: [...v], own: Array.from(s.sim.velocities.subarray(3 * slot, 3 * slot + 3)) };
    }, id);
  const tip0 = await tipOf(b);
  await page.mouse.move(tip0.screen[0], tip0.screen[1]);
  await page.mouse.down();
  for (let k = 1; k <= 6; k++) await page.mouse.move(tip0.screen[0] + (60 * k) / 6, tip0.screen[1]);
  await page.mouse.up();
  await waitFrames(page, 2);
  const tip1 = await tipOf(b);
  expect(tip1.v, 'the predicted velocity after dragging its arrow (changed)').not.toEqual(tip0.v);
  expect(tip1.own, "the sphere's own velocity after dragging the prediction's arrow (unchanged)").toEqual(tip0.own);
  const predicted = await page.evaluate(() => window.__sandbox.store.getState().predict.predicted);
  expect(predicted[0][0], `the typed prediction's x (prediction ${predicted[0]})`).toBe(-1.5);
  await page.screenshot({ path: join(results, 'predict.png') });
  // The reveal plays the collision and stops just after it with the solver's velocities.
  await page.getByRole('button', { name: 'Reveal' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().predict.phase === 'revealed', null, { polling: 'raf' });
  const after = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const velocity = (id: number) => {
      const slot = s.sim.world.indexOf(id);
      return Array.from(s.sim.velocities.subarray(3 * slot, 3 * slot + 3));
    };
    return { actual: s.predict.actual, world: s.predict.ids.map(velocity), step: s.sim.stepsRun, pairs: s.sim.world.stats().pairCollisions, running: s.running };
  });
  expect(after.running, 'running after the reveal').toBe(false);
  expect(after.pairs, 'collisions after the reveal').toBe(1);
  expect(after.step, 'the step the reveal stopped on (the collision)').toBe(before.impact);
  expect(after.actual, "the revealed velocities (the solver's)").toEqual(after.world);
  const actual = after.actual!;
  // Equal masses, e = 1: the velocities swap (theory), and the table shows exactly the solver's.
  expect(Math.abs(actual[0][0] + 2), `head-on, equal masses: the first sphere's vx ${actual[0][0]} against -2`).toBeLessThan(1e-12);
  expect(Math.abs(actual[1][0] - 2), `head-on, equal masses: the second sphere's vx ${actual[1][0]} against 2`).toBeLessThan(1e-12);
  for (const [i, id] of before.ids.entries()) {
    await expect(page.locator(`[data-predict-row="${id}"] [data-exact]`), `the table's exact velocity of #${id}`).toHaveAttribute('data-exact', actual[i].join(' '));
  }
  await waitFrames(page, 3);
  await page.screenshot({ path: join(results, 'predict-revealed.png') });
});

test('a bad link shows a dismissible notice and still runs the default sandbox (screenshot)', async () => {
  const { page } = shared;
  await page.goto('/?preset=warp&count=-3&test=1');
  await waitReady(page);
  const notice = page.getByText('Unknown preset "warp" ignored.');
  await notice.waitFor({ state: 'visible' });
  await page.getByText('Spheres must be at least 1, got -3; ignored.').waitFor({ state: 'visible' });
  await page.getByLabel('Large text (projector)').check();
  await waitFrames(page, 3);
  await page.screenshot({ path: join(results, 'notice-large-text.png') });
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await notice.waitFor({ state: 'detached' });
  expect((await classroomState(page)).count, 'spheres after the bad link (the default sandbox)').toBe(300);
});
