// The what-if twin in the page: started from the classroom panel at some step, it runs beside the
// run and ends exactly where a separate run with that setting ends, bit for bit; Keep makes it the
// run, Drop removes it; a link with a twin recreates it at its step. Screenshots at 1280x800.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Settings } from '../../src/experiment/index.ts';
import { results, STATE_BY_ID, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('twin', {}, async (page) => {
  await page.goto('/?preset=cradle&test=1');
  await waitReady(page);
});

/** A world's state by sphere id as exact bit patterns (STATE_BY_ID), for the code a page runs. */
type StateReader = (world: unknown) => string[];

/**
 * Steps the page's run from its restart: `k` steps, then the change made to the run itself (the
 * live setting, as the settings panel makes it), then up to `total` steps; returns its state.
 */
function separateRun(page: Page, k: number, patch: Partial<Settings>, total: number): Promise<string[]> {
  return page.evaluate(
    ({ k, patch, total, stateById }) => {
      const f = new Function(`return ${stateById}`)() as StateReader;
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
function twinNow(page: Page) {
  return page.evaluate((stateById) => {
    const f = new Function(`return ${stateById}`)() as StateReader;
    const s = window.__sandbox.store.getState();
    s.pause();
    const twin = s.instruments.twin.run;
    return { steps: s.sim.stepsRun, start: s.twin?.spec.step, twin: twin === null ? null : f(twin.world), run: f(s.sim.local) };
  }, STATE_BY_ID);
}

/** Plays until the run has taken `steps` fixed steps (frames, never wall time), then pauses. */
async function playTo(page: Page, steps: number): Promise<void> {
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction((n) => window.__sandbox.store.getState().sim.stepsRun >= n, steps, { timeout: 120_000, polling: 'raf' });
  await page.evaluate(() => window.__sandbox.store.getState().pause());
}

/** Where two states first differ (-1: nowhere, bit for bit). */
const firstDifference = (a: string[] | null, b: string[]): number => (a === null ? 0 : a.length !== b.length ? Math.min(a.length, b.length) : a.findIndex((x, i) => x !== b[i]));

/** Pauses, restarts and steps the run `k` fixed steps. */
function restartAt(page: Page, k: number): Promise<void> {
  return page.evaluate((k) => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.restart();
    for (let s = 0; s < k; s++) window.__sandbox.store.getState().stepOnce();
  }, k);
}

/** The classroom panel. */
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Classroom' });

test('cradle: a twin with e = 0.8 started from the panel diverges exactly as a separate run with e = 0.8', async () => {
  const { page } = shared;
  const panel = panelOf(page);
  const k = 45;
  await restartAt(page, k);
  await panel.getByLabel('What if', { exact: true }).selectOption('restitution');
  await panel.getByLabel(/New value/).fill('0.8');
  await panel.getByRole('button', { name: 'Start twin' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true);
  await expect(page.locator('[data-twin-legend]').first(), 'the twin legend').toContainText('e = 0.8');
  // Plays on (frames, as a class would watch it), then compares.
  await playTo(page, k + 150);
  const got = await twinNow(page);
  expect(got.start, "the twin's starting step").toBe(k);
  expect(got.twin, "the twin's state").not.toBeNull();
  expect(firstDifference(got.twin, got.run), 'where the twin first differs from the run (it diverges)').not.toBe(-1);
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'twin-cradle.png') });
  const legend = page.locator('[data-plot="energy"] .u-legend');
  await expect(legend, "the energy plot's legend").toContainText('what-if kinetic');
  await expect(legend, "the energy plot's legend").toContainText('what-if total');
  // The readout renders the sample the pause published after the store holds it: read until it does.
  const twinKe = await page.evaluate(() => window.__sandbox.store.getState().twin?.stats?.kineticEnergy ?? NaN);
  await expect(async () => {
    const ke = await page.locator('[data-twin-readout="kinetic"]').textContent();
    expect(Math.abs(parseFloat(ke ?? '') - twinKe), `the twin's kinetic energy reads "${ke}", the twin has ${twinKe} J`).toBeLessThanOrEqual(1e-3 * Math.abs(twinKe));
  }).toPass({ timeout: 60_000 });
  const separate = await separateRun(page, k, { restitution: 0.8 }, got.steps);
  expect(firstDifference(got.twin, separate), `after ${got.steps} steps, the first number where the twin differs from the separate run with e = 0.8`).toBe(-1);
  // The restart dropped the twin (the world was replaced).
  expect(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'the twin is gone after a restart').toBe(true);
});

test('Keep twin makes it the run (the setting takes its value); Drop twin removes it', async () => {
  const { page } = shared;
  const panel = panelOf(page);
  await restartAt(page, 20);
  await panel.getByLabel('What if', { exact: true }).selectOption('restitution');
  await panel.getByLabel(/New value/).fill('0.5');
  await panel.getByRole('button', { name: 'Start twin' }).click();
  await playTo(page, 80);
  const before = await twinNow(page);
  expect(before.twin, "the twin's state before Keep").not.toBeNull();
  await panel.getByRole('button', { name: 'Keep twin' }).click();
  const after = await page.evaluate((stateById) => {
    const f = new Function(`return ${stateById}`)() as StateReader;
    const s = window.__sandbox.store.getState();
    return { twin: s.twin, e: s.settings.restitution, run: f(s.sim.local) };
  }, STATE_BY_ID);
  expect({ twin: after.twin, e: after.e }, 'the twin and the restitution after Keep').toEqual({ twin: null, e: 0.5 });
  expect(firstDifference(before.twin, after.run), 'the first number where the kept run differs from the twin as it was').toBe(-1);
  await expect(page.getByLabel('Restitution (spheres)').first(), "the settings panel's restitution").toHaveValue('0.5');
  await panel.getByLabel(/New value/).fill('1');
  await panel.getByRole('button', { name: 'Start twin' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true);
  await panel.getByRole('button', { name: 'Drop twin' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().twin === null && window.__sandbox.store.getState().instruments.twin.run === null);
  await expect(page.locator('.twin-banner'), 'the legend after Drop').toHaveCount(0);
});

test('a bad value is refused with a message naming it', async () => {
  const { page } = shared;
  const panel = panelOf(page);
  await panel.getByLabel('What if', { exact: true }).selectOption('gravity');
  await panel.getByLabel(/New value/).fill('-3');
  await panel.getByRole('button', { name: 'Start twin' }).click();
  const alert = panel.getByRole('alert');
  await expect(alert, 'the message').toContainText('Gravity strength');
  await expect(alert, 'the message').toContainText('-3');
  expect(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'no twin started with g = -3').toBe(true);
});

test('a gas link with twin=restitution:0.9@60 recreates the twin at step 60, exactly as a separate run with e = 0.9', async () => {
  const { page } = shared;
  await page.goto('/?preset=gas&twin=restitution:0.9@60&test=1');
  await waitReady(page);
  await page.waitForFunction(() => window.__sandbox.store.getState().twin?.active === true, null, { timeout: 120_000, polling: 'raf' });
  await playTo(page, 150);
  const got = await twinNow(page);
  expect(got.start, "the link's twin's starting step").toBe(60);
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'twin-gas.png') });
  // The energy plot with both curves: the twin's total falls away from the run's flat one.
  await page.locator('[data-plot="energy"]').scrollIntoViewIfNeeded();
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'twin-gas-plot.png') });
  const separate = await separateRun(page, 60, { restitution: 0.9 }, got.steps);
  expect(firstDifference(got.twin, separate), `after ${got.steps} steps, the first number where the link's twin differs from the separate run with e = 0.9`).toBe(-1);
  expect(firstDifference(got.twin, got.run), 'where the gas twin first differs from the run (it diverges)').not.toBe(-1);
});

test('billiards with gravity against without, from a link at step 0', async () => {
  const { page } = shared;
  await page.goto('/?preset=billiards&twin=gravity:9.81@0&test=1');
  await waitReady(page);
  expect(await page.evaluate(() => window.__sandbox.store.getState().twin?.active === true), 'the step-0 twin started at once').toBe(true);
  await playTo(page, 90);
  const got = await twinNow(page);
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'twin-billiards.png') });
  const separate = await separateRun(page, 0, { gravityOn: true, gravity: 9.81 }, got.steps);
  expect(firstDifference(got.twin, separate), `after ${got.steps} steps, the first number where the billiards twin with gravity differs from the separate run with gravity`).toBe(-1);
});

test('a link with a bad twin loads without it and says why', async () => {
  const { page } = shared;
  await page.goto('/?preset=cradle&twin=restitution:2@0&test=1');
  await waitReady(page);
  const notices = await page.evaluate(() => window.__sandbox.store.getState().notices);
  expect(notices.some((n) => n.includes('Restitution (spheres) must be at most 1, got 2')), `notices: ${JSON.stringify(notices)}`).toBe(true);
  expect(await page.evaluate(() => window.__sandbox.store.getState().twin === null), 'no twin started with e = 2').toBe(true);
});
