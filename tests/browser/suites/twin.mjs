// The what-if twin in the page: started from the classroom panel at some step, it runs beside the
// run and ends exactly where a separate run with that setting ends, bit for bit; Keep makes it the
// run, Drop removes it; a link with a twin recreates it at its step. Screenshots at 1280x800.
import { join } from 'node:path';
import { check, results, STATE_BY_ID, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

/**
 * Steps the page's run from its restart: `k` steps, then the change made to the run itself (the
 * live setting, as the settings panel makes it), then up to `total` steps; returns its state.
 */
function separateRun(page, k, patch, total) {
  return page.evaluate(
    ({ k, patch, total, stateById }) => {
      const f = new Function(`return ${stateById}`)();
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().restart();
      for (let s = 0; s < k; s++) store.getState().stepOnce();
      if (!store.getState().applySettings(patch)) throw new Error(`the setting ${JSON.stringify(patch)} was refused`);
      while (store.getState().sim.stepsRun < total) store.getState().stepOnce();
      return f(store.getState().sim.local);
    },
    { k, patch, total, stateById: STATE_BY_ID },
  );
}

/** The twin's state and the step the run is at (paused). */
function twinNow(page) {
  return page.evaluate((stateById) => {
    const f = new Function(`return ${stateById}`)();
    const s = window.__sandbox.store.getState();
    s.pause();
    return { steps: s.sim.stepsRun, start: s.twin?.spec.step, twin: f(s.instruments.twin.run.world), run: f(s.sim.local) };
  }, STATE_BY_ID);
}

/** Plays until the run has taken `steps` fixed steps (frames, never wall time), then pauses. */
async function playTo(page, steps) {
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction((n) => window.__sandbox.store.getState().sim.stepsRun >= n, steps, { timeout: 120_000, polling: 'raf' });
  await page.evaluate(() => window.__sandbox.store.getState().pause());
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export default async function twinSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'twin');
  page.setDefaultTimeout(60_000);
  const panel = page.getByRole('complementary', { name: 'Classroom' });

  await step('cradle: a twin with e = 0.8 started from the panel diverges exactly as a separate run with e = 0.8', async () => {
    await page.goto(`${base}/?preset=cradle&test=1`);
    await waitReady(page);
    const k = 45;
    await page.evaluate((k) => {
      const st = window.__sandbox.store.getState();
      st.pause();
      st.restart();
      for (let s = 0; s < k; s++) window.__sandbox.store.getState().stepOnce();
    }, k);
    await panel.getByLabel('What if', { exact: true }).selectOption('restitution');
    await panel.getByLabel(/New value/).fill('0.8');
    await panel.getByRole('button', { name: 'Start twin' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true);
    check((await page.locator('[data-twin-legend]').first().textContent()).includes('e = 0.8'), 'the legend does not name e = 0.8');
    // Plays on (frames, as a class would watch it), then compares.
    await playTo(page, k + 150);
    const got = await twinNow(page);
    check(got.start === k, `the twin started at step ${got.start}, not ${k}`);
    check(!same(got.twin, got.run), 'the twin did not diverge from the run');
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'twin-cradle.png') });
    const legend = await page.locator('[data-plot="energy"] .u-legend').textContent();
    check(legend.includes('what-if kinetic') && legend.includes('what-if total'), `the energy plot's legend reads "${legend}"`);
    const ke = await page.locator('[data-twin-readout="kinetic"]').textContent();
    const twinKe = await page.evaluate(() => window.__sandbox.store.getState().twin.stats.kineticEnergy);
    check(Math.abs(parseFloat(ke) - twinKe) <= 1e-3 * Math.abs(twinKe), `the twin's kinetic energy reads "${ke}", the twin has ${twinKe} J`);
    const separate = await separateRun(page, k, { restitution: 0.8 }, got.steps);
    check(same(got.twin, separate), `after ${got.steps} steps the twin differs from the separate run with e = 0.8 (${got.twin.filter((x, i) => x !== separate[i]).length} of ${separate.length} numbers)`);
    // The restart dropped the twin (the world was replaced).
    check(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'the twin survived a restart');
  });

  await step('Keep twin makes it the run (the setting takes its value); Drop twin removes it', async () => {
    await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.restart();
      for (let s = 0; s < 20; s++) window.__sandbox.store.getState().stepOnce();
    });
    await panel.getByLabel('What if', { exact: true }).selectOption('restitution');
    await panel.getByLabel(/New value/).fill('0.5');
    await panel.getByRole('button', { name: 'Start twin' }).click();
    await playTo(page, 80);
    const before = await twinNow(page);
    await panel.getByRole('button', { name: 'Keep twin' }).click();
    const after = await page.evaluate((stateById) => {
      const f = new Function(`return ${stateById}`)();
      const s = window.__sandbox.store.getState();
      return { twin: s.twin, e: s.settings.restitution, run: f(s.sim.local) };
    }, STATE_BY_ID);
    check(after.twin === null && after.e === 0.5, `after Keep: twin ${JSON.stringify(after.twin)}, restitution ${after.e}`);
    check(same(after.run, before.twin), 'the kept run is not the twin as it was');
    check((await page.getByLabel('Restitution (spheres)').first().inputValue()) === '0.5', 'the settings panel does not show e = 0.5');
    await panel.getByLabel(/New value/).fill('1');
    await panel.getByRole('button', { name: 'Start twin' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true);
    await panel.getByRole('button', { name: 'Drop twin' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().twin === null && window.__sandbox.store.getState().instruments.twin.run === null);
    check((await page.locator('.twin-banner').count()) === 0, 'the legend stayed after Drop');
  });

  await step('a bad value is refused with a message naming it', async () => {
    await panel.getByLabel('What if', { exact: true }).selectOption('gravity');
    await panel.getByLabel(/New value/).fill('-3');
    await panel.getByRole('button', { name: 'Start twin' }).click();
    const alert = await panel.getByRole('alert').textContent();
    check(alert.includes('Gravity strength') && alert.includes('-3'), `the message reads "${alert}"`);
    check(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'a twin started with g = -3');
  });

  await step('a gas link with twin=restitution:0.9@60 recreates the twin at step 60, exactly as a separate run with e = 0.9', async () => {
    await page.goto(`${base}/?preset=gas&twin=restitution:0.9@60&test=1`);
    await waitReady(page);
    await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true, null, { timeout: 120_000, polling: 'raf' });
    await playTo(page, 150);
    const got = await twinNow(page);
    check(got.start === 60, `the link's twin started at step ${got.start}`);
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'twin-gas.png') });
    // The energy plot with both curves: the twin's total falls away from the run's flat one.
    await page.locator('[data-plot="energy"]').scrollIntoViewIfNeeded();
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'twin-gas-plot.png') });
    const separate = await separateRun(page, 60, { restitution: 0.9 }, got.steps);
    check(same(got.twin, separate), `the link's twin differs from the separate run with e = 0.9 after ${got.steps} steps`);
    check(!same(got.twin, got.run), 'the gas twin did not diverge');
  });

  await step('billiards with gravity against without, from a link at step 0', async () => {
    await page.goto(`${base}/?preset=billiards&twin=gravity:9.81@0&test=1`);
    await waitReady(page);
    check(await page.evaluate(() => window.__sandbox.store.getState().twin?.active === true), 'the step-0 twin did not start at once');
    await playTo(page, 90);
    const got = await twinNow(page);
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'twin-billiards.png') });
    const separate = await separateRun(page, 0, { gravityOn: true, gravity: 9.81 }, got.steps);
    check(same(got.twin, separate), 'the billiards twin with gravity differs from the separate run with gravity');
  });

  await step('a link with a bad twin loads without it and says why', async () => {
    await page.goto(`${base}/?preset=cradle&twin=restitution:2@0&test=1`);
    await waitReady(page);
    const notices = await page.evaluate(() => window.__sandbox.store.getState().notices);
    check(notices.some((n) => n.includes('Restitution (spheres) must be at most 1, got 2')), `notices: ${JSON.stringify(notices)}`);
    check(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'a twin with e = 2 started');
  });

  await context.close();
}
