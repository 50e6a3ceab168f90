// The classroom's presets on a projector-sized page (1200 x 760): each one chosen from the
// Experiment menu loads, draws every sphere in one call, runs, says what to watch, and is
// pictured a second and a half in.
import { join } from 'node:path';
import { classroomState, PRESET_IDS } from './support/classroom.ts';
import { canvasPixels, results, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('classroom presets', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.goto('/?preset=gas&test=1');
  await waitReady(page);
});

for (const id of PRESET_IDS) {
  test(`the ${id} preset loads, runs and draws (screenshot)`, async () => {
    const { page } = shared;
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.getByLabel('Experiment').selectOption(id);
    await page.waitForFunction((p) => window.__sandbox.store.getState().preset === p, id);
    const t0 = (await classroomState(page)).time;
    // It runs: simulated time moves on, and a frame is drawn after that.
    await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
    await waitFrames(page, 1);
    // The state and the line on what to watch, read together (one call to the busy page).
    const [s, watch] = await Promise.all([classroomState(page), page.getByTestId('watch').textContent().then((t) => t ?? '')]);
    expect(s.preset, `the preset after selecting ${id}`).toBe(id);
    expect(s.count, `${id}: spheres`).toBeGreaterThan(0);
    expect(s.instances, `${id}: spheres drawn`).toBe(s.count);
    expect(s.time, `${id}: simulated time after running`).toBeGreaterThan(t0);
    expect(watch.length, `${id}: the length of the line on what to watch ("${watch}")`).toBeGreaterThan(20);
    // A second and a half into the experiment for the picture (stepped without drawing).
    await page.evaluate(() => {
      const store = window.__sandbox.store;
      while (store.getState().sim.world.time < 1.5) store.getState().sim.stepOnce();
    });
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, `preset-${id}.png`) });
    const px = await canvasPixels(page);
    const drawn = await page.evaluate(() => window.__sandbox.sphereDrawCalls());
    expect(drawn, `${id}: sphere draw calls`).toBe(1);
    expect(px.differ, `${id}: pixels drawn of ${px.total}`).toBeGreaterThan(2000);
  });
}
