// Worker mode: the solver runs in a Web Worker while the page only draws; pausing brings the
// world back for the inspector; the results are those of the page's own thread, step for step.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { canvasPixels, FIXED_DT, results, simTime, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('worker', { viewport: { width: 1100, height: 700 } }, async (page) => {
  await page.goto('/?test=1');
  await waitReady(page);
});

const runsIn = (page: Page) => page.evaluate(() => window.__sandbox.store.getState().sim.runsIn);

/** Moves the solver to the worker and waits until it runs there. */
async function useWorker(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Worker' }).check();
  await expect.poll(() => runsIn(page), { message: 'where the solver runs after choosing the worker' }).toBe('worker');
}

test('choosing the worker moves the solver there; the page keeps drawing', async () => {
  const { page } = shared;
  await useWorker(page);
  const t0 = await simTime(page);
  await waitFrames(page, 6);
  const t1 = await simTime(page);
  expect(t1, 'simulated time in the worker after six frames').toBeGreaterThan(t0);
  await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
  await page.locator('[data-stat="step-ms"][data-thread="worker"]').waitFor({ state: 'visible' });
  const px = await canvasPixels(page);
  expect(await page.evaluate(() => window.__sandbox.sphereDrawCalls()), 'sphere draw calls in worker mode').toBe(1);
  expect(px.coloured / px.total, 'fraction of coloured pixels in worker mode').toBeGreaterThan(0.01);
  await page.screenshot({ path: join(results, 'worker-mode.png') });
});

test('pausing brings the world back: the inspector edits it', async () => {
  const { page } = shared;
  await useWorker(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.runsIn === 'main', null, { polling: 'raf' });
  const message = await page.evaluate(() => window.__sandbox.store.getState().editSphere(0, { mass: 2.5 }));
  expect(message, 'the edit after pausing').toBeNull();
  const mass = await page.evaluate(() => {
    const sim = window.__sandbox.store.getState().sim;
    return sim.masses[sim.world.indexOf(0)];
  });
  expect(mass, 'mass after the edit').toBe(2.5);
});

test('the same steps in the worker and on the page give the same positions', async () => {
  const { page } = shared;
  await page.getByRole('radio', { name: 'Worker' }).check();
  const positions = () =>
    page.evaluate(() => {
      const sim = window.__sandbox.store.getState().sim;
      const out: number[] = [];
      for (let id = 0; id < sim.count; id++) {
        const s = sim.world.indexOf(id);
        out.push(sim.positions[3 * s], sim.positions[3 * s + 1], sim.positions[3 * s + 2]);
      }
      return { time: sim.world.time, out };
    });
  // In the worker: restart, play a while, pause. The world moves to the worker at a frame after
  // Play: the while is counted from when it runs there (else a run on the page would pass for it).
  // Paused first: the test starts from the same state whether the test before it ran or not.
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    s.restart();
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => runsIn(page), { message: 'where the solver runs after Play with the worker chosen' }).toBe('worker');
  await waitFrames(page, 8);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.runsIn === 'main', null, { polling: 'raf' });
  const worker = await positions();
  const steps = Math.round(worker.time / FIXED_DT);
  expect(steps, 'steps run in the worker').toBeGreaterThan(0);
  // On the page: the same experiment, the same number of steps.
  await page.getByRole('radio', { name: 'This page' }).check();
  await page.evaluate((n) => {
    window.__sandbox.store.getState().restart();
    for (let k = 0; k < n; k++) window.__sandbox.store.getState().stepOnce();
  }, steps);
  const main = await positions();
  expect(main.time, 'the page run reaches the worker run time').toBe(worker.time);
  const k = main.out.findIndex((x, i) => x !== worker.out[i]);
  expect(k, `after ${steps} steps the first coordinate that differs (worker ${worker.out[k]}, page ${main.out[k]})`).toBe(-1);
});
