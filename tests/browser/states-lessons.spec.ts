// The liquid lessons in the page: boiling, evaporation and freezing, each picked from the Experiment
// menu, load, run and draw every sphere; stepped on (through the test hook, never wall time) the
// figure each is about moves the way its line says, and the boiling drop and the crystal are pictured.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { classroomState } from './support/classroom.ts';
import { results, shownPixels, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('liquid lessons', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.goto('/?preset=gas&test=1&drawing=full');
  await waitReady(page);
});

/** Picks the lesson from the menu, runs it until it has moved, checks it draws its spheres, and pauses it. */
async function open(page: Page, id: string): Promise<{ watch: string }> {
  await page.getByLabel('Experiment').selectOption(id);
  await page.waitForFunction((want) => window.__sandbox.store.getState().preset === want, id);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const t0 = (await classroomState(page)).time;
  await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
  await waitFrames(page, 1);
  const [s, watch] = await Promise.all([classroomState(page), page.getByTestId('watch').textContent().then((t) => t ?? '')]);
  expect(s.count).toBe(300);
  expect(s.instances).toBe(s.count);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  return { watch };
}

/** Steps the paused lesson on to simulated time `until` without drawing, and reads its figures. */
const stepTo = (page: Page, until: number) =>
  page.evaluate((end) => {
    const store = window.__sandbox.store;
    while (store.getState().sim.world.time < end) store.getState().sim.stepOnce();
    const world = store.getState().sim.world;
    const stats = world.stats();
    let ke = 0;
    for (let i = 0; i < world.count; i++) {
      const v = world.velocities;
      ke += 0.5 * world.masses[i] * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
    }
    // The kinetic temperature, kT = (2/3) <E> in space and <E> in the plane.
    const kT = (world.options.planar ? 1 : 2 / 3) * (ke / world.count);
    return { time: world.time, count: world.count, kT, wellEnergy: stats.wellEnergy, piston: world.wallState('+y').position };
  }, until);

async function picture(page: Page, name: string): Promise<void> {
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, name) });
  const px = await shownPixels(page, '.sandbox-canvas canvas');
  expect(px.differ, `pixels drawn of ${px.total}`).toBeGreaterThan(2000);
}

test('the boiling lesson loads, runs, and within 15 s its wells take hundreds of joules while the piston rises (screenshot)', async () => {
  const { page } = shared;
  const { watch } = await open(page, 'boiling');
  expect(watch).toContain('1.6 ε');
  const start = await stepTo(page, 0);
  const later = await stepTo(page, 15);
  expect(later.time).toBeGreaterThanOrEqual(15);
  expect(later.wellEnergy - start.wellEnergy).toBeGreaterThan(150);
  expect(later.piston).toBeGreaterThan(start.piston + 4);
  // Boiling, far below the walls' 1.6 ε.
  expect(later.kT).toBeLessThan(1.4);
  await picture(page, 'preset-boiling.png');
});

test('the evaporation lesson loads, runs, and in half a minute a hundred spheres escape and the drop cools', async () => {
  const { page } = shared;
  await open(page, 'evaporation');
  const start = await stepTo(page, 0);
  const later = await stepTo(page, 30);
  expect(later.count).toBeLessThan(start.count - 100);
  expect(later.kT).toBeLessThan(start.kT - 0.1);
  await picture(page, 'preset-evaporation.png');
});

test('the freezing lesson loads, runs, and in half a minute the layer binds and cools below 0.45 ε (screenshot of the crystal)', async () => {
  const { page } = shared;
  await open(page, 'freezing');
  const start = await stepTo(page, 0);
  const later = await stepTo(page, 30);
  expect(later.wellEnergy).toBeLessThan(start.wellEnergy - 100);
  expect(later.kT).toBeLessThan(0.45);
  await picture(page, 'preset-freezing.png');
});
