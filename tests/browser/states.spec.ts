// The states-of-matter lesson in the page: condensation, picked from the Experiment menu, loads,
// runs and draws every sphere; stepped on to a minute (through the test hook, never wall time) its
// spheres are bound in pairs inside the wells, and the picture, drawn in full, shows the drops.
import { join } from 'node:path';
import { classroomState } from './support/classroom.ts';
import { results, shownPixels, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('states of matter', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.goto('/?preset=gas&test=1&drawing=full');
  await waitReady(page);
});

test('the condensation lesson loads from the menu, runs, draws, and its gas gathers into drops (screenshot)', async () => {
  const { page } = shared;
  await page.getByLabel('Experiment').selectOption('condensation');
  await page.waitForFunction(() => window.__sandbox.store.getState().preset === 'condensation');
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const t0 = (await classroomState(page)).time;
  await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
  await waitFrames(page, 1);
  const [s, watch] = await Promise.all([classroomState(page), page.getByTestId('watch').textContent().then((t) => t ?? '')]);
  expect(s.count).toBe(300);
  expect(s.instances).toBe(s.count);
  expect(watch).toContain('2 of every 3');
  const start = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    return { pairs: st.sim.world.stats().wellPairs };
  });
  // A minute on, stepped without drawing: hundreds of pairs are bound, each at the well's depth below zero.
  const later = await page.evaluate(() => {
    const store = window.__sandbox.store;
    while (store.getState().sim.world.time < 60) store.getState().sim.stepOnce();
    const world = store.getState().sim.world;
    const stats = world.stats();
    return { time: world.time, pairs: stats.wellPairs, energy: stats.wellEnergy };
  });
  expect(later.time).toBeGreaterThanOrEqual(60);
  expect(later.pairs).toBeGreaterThan(Math.max(300, 3 * start.pairs));
  expect(later.energy).toBeLessThan(0);
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'preset-condensation.png') });
  const px = await shownPixels(page, '.sandbox-canvas canvas');
  expect(px.differ, `pixels drawn of ${px.total}`).toBeGreaterThan(2000);
});
