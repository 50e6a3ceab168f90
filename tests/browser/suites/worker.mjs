// Worker mode: the solver runs in a Web Worker while the page only draws; pausing brings the
// world back for the inspector; the results are those of the page's own thread, step for step.
import { join } from 'node:path';
import { canvasPixels, check, FIXED_DT, results, simTime, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

export default async function workerSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'worker');
  page.setDefaultTimeout(60_000);
  const runsIn = () => page.evaluate(() => window.__sandbox.store.getState().sim.runsIn);

  await step('choosing the worker moves the solver there; the page keeps drawing', async () => {
    await page.goto(`${base}/?test=1`);
    await waitReady(page);
    await page.getByRole('radio', { name: 'Worker' }).check();
    await waitFrames(page, 3);
    check((await runsIn()) === 'worker', `the solver runs in ${await runsIn()} after choosing the worker`);
    const t0 = await simTime(page);
    await waitFrames(page, 6);
    const t1 = await simTime(page);
    check(t1 > t0, `simulated time did not advance in the worker (${t0} -> ${t1})`);
    await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
    await page.locator('[data-stat="step-ms"][data-thread="worker"]').waitFor({ state: 'visible' });
    const px = await canvasPixels(page);
    const drawn = await page.evaluate(() => window.__sandbox.sphereDrawCalls());
    check(drawn === 1 && px.coloured / px.total > 0.01, `worker mode: ${drawn} sphere draw calls, ${px.coloured} coloured pixels`);
    await page.screenshot({ path: join(results, 'worker-mode.png') });
  });

  await step('pausing brings the world back: the inspector edits it', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.runsIn === 'main', null, { polling: 'raf' });
    const message = await page.evaluate(() => window.__sandbox.store.getState().editSphere(0, { mass: 2.5 }));
    check(message === null, `the edit after pausing was refused: ${message}`);
    const mass = await page.evaluate(() => {
      const sim = window.__sandbox.store.getState().sim;
      return sim.masses[sim.world.indexOf(0)];
    });
    check(mass === 2.5, `mass after the edit: ${mass}`);
  });

  await step('the same steps in the worker and on the page give the same positions', async () => {
    const positions = () =>
      page.evaluate(() => {
        const sim = window.__sandbox.store.getState().sim;
        const out = [];
        for (let id = 0; id < sim.count; id++) {
          const s = sim.world.indexOf(id);
          out.push(sim.positions[3 * s], sim.positions[3 * s + 1], sim.positions[3 * s + 2]);
        }
        return { time: sim.world.time, out };
      });
    // In the worker: restart, play a while, pause.
    await page.evaluate(() => window.__sandbox.store.getState().restart());
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitFrames(page, 8);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.runsIn === 'main', null, { polling: 'raf' });
    const worker = await positions();
    const steps = Math.round(worker.time / FIXED_DT);
    check(steps > 0, 'no steps ran in the worker');
    // On the page: the same experiment, the same number of steps.
    await page.getByRole('radio', { name: 'This page' }).check();
    await page.evaluate((n) => {
      const s = window.__sandbox.store.getState();
      s.restart();
      for (let k = 0; k < n; k++) window.__sandbox.store.getState().stepOnce();
    }, steps);
    const main = await positions();
    check(main.time === worker.time, `times differ: worker ${worker.time}, page ${main.time}`);
    const k = main.out.findIndex((x, i) => x !== worker.out[i]);
    check(k < 0, `after ${steps} steps coordinate ${k} differs: worker ${worker.out[k]}, page ${main.out[k]}`);
  });
  await context.close();
}
