// The states-of-matter instruments in the page, on a gas with square wells (condensingGasScene: 300
// spheres at packing 0.03 between walls at kT 0.6, wells of range 1.5, loaded through the store):
// the readouts' "In drops" line appears and its count rises as the gas condenses, the Plots
// section draws the count against time, the neighbour
// shading draws the drops in its own colours, the First law section draws the T–Q plot, and the
// live description tells the drops. Steps are taken through the store or waited for as frames,
// never on wall time. Screenshots of each.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { condensingGasScene } from '../../src/solver/index.ts';
import { drawnPixels, results, waitFrames, waitPartsLoaded, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const SCENE = condensingGasScene({ count: 300, packingFraction: 0.03, temperature: 0.6, range: 1.5, seed: 2 });

const shared = sharedPage('states-instruments', { viewport: { width: 1280, height: 800 } }, async (page) => {
  await page.goto('/?test=1');
  await waitReady(page);
  const refused = await page.evaluate((scene) => window.__sandbox.store.getState().loadScene(scene), SCENE);
  expect(refused, 'the scene with wells loads').toBeNull();
});

/** Takes `n` fixed steps through the store (each publishes, as a played frame would), in batches. */
async function step(page: Page, n: number): Promise<void> {
  for (let done = 0; done < n; done += 300) {
    await page.evaluate((k) => {
      const s = window.__sandbox.store.getState();
      for (let i = 0; i < k; i++) s.stepOnce();
    }, Math.min(300, n - done));
  }
}

/** Steps the run on to `seconds` of simulated time (a test after a failed one starts on a fresh page: each brings the gas to where it needs it). */
async function stepTo(page: Page, seconds: number): Promise<void> {
  const time = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
  if (time < seconds) await step(page, Math.round((seconds - time) * 60));
}

/**
 * The readout's count of spheres in drops and its text, once it shows the drop meter's last
 * reading (the panel renders a published sample after the store holds it).
 */
async function dropsReadout(page: Page): Promise<{ inDrops: number; text: string }> {
  const dd = page.locator('[data-readout=drops]');
  await expect(dd, 'the "In drops" readout').toBeVisible();
  const last = await page.evaluate(() => window.__sandbox.store.getState().instruments.drops.last);
  await expect(dd, 'the "In drops" readout, showing the last sample').toHaveAttribute('data-in-drops', String(last.inDrops));
  await expect(dd, 'the "In drops" readout, showing the last sample').toContainText(`(largest drop ${last.largest})`);
  return { inDrops: Number(await dd.getAttribute('data-in-drops')), text: (await dd.textContent()) ?? '' };
}

/**
 * Keeps the view's pixels now under `name` (in the page), and counts those that differ from the
 * pixels kept under `other` (by more than 40 in the sum of red, green and blue), with the view's size.
 */
function keepPixels(page: Page, name: string, other: string | null = null): Promise<{ differ: number; total: number }> {
  return page.evaluate(
    async ([name, other]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
      const img = new Image();
      img.src = canvas.toDataURL('image/png');
      await img.decode();
      const c2 = document.createElement('canvas');
      c2.width = img.width;
      c2.height = img.height;
      const ctx = c2.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c2.width, c2.height).data;
      const kept = ((window as unknown as { __kept?: Record<string, Uint8ClampedArray> }).__kept ??= {});
      kept[name] = d;
      const o = other === null ? null : kept[other];
      let differ = 0;
      if (o) for (let k = 0; k < d.length; k += 4) if (Math.abs(d[k] - o[k]) + Math.abs(d[k + 1] - o[k + 1]) + Math.abs(d[k + 2] - o[k + 2]) > 40) differ++;
      return { differ, total: d.length / 4 };
    },
    [name, other] as const,
  );
}

test('the "In drops" readout appears with wells, and its count rises as the gas condenses', async () => {
  const { page } = shared;
  await step(page, 30);
  const early = await dropsReadout(page);
  expect(early.text, 'the readout').toMatch(/^\d+ of 300 \(largest drop \d+\)$/);
  await step(page, 1500);
  const late = await dropsReadout(page);
  const world = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { pairs: s.sim.world.stats().wellPairs, reading: s.instruments.drops.last };
  });
  expect(world.reading.pairs, "the meter's bound pairs, the solver's pair set").toBe(world.pairs);
  expect(late.inDrops, `spheres in drops after 25 s (after 0.5 s: ${early.inDrops})`).toBeGreaterThan(early.inDrops);
  expect(late.inDrops, 'spheres in drops after 25 s, of 300').toBeGreaterThan(100);
  expect(late.text).toBe(`${late.inDrops} of 300 (largest drop ${world.reading.largest})`);
  await page.locator('[data-readout=drops]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'states-readout.png') });
});

test('the Plots section draws the spheres in drops against time', async () => {
  const { page } = shared;
  await stepTo(page, 25);
  const section = page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section=plots]');
  if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator('summary').first().click();
  const plot = section.locator('[data-plot=drops]');
  await expect(plot, 'the drops plot').toBeVisible();
  await step(page, 30);
  const rows = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return s.instruments.drops.history.rowsUpTo(s.sim.world.time);
  });
  await expect(plot, 'the samples it draws: every one the meter took').toHaveAttribute('data-samples', String(rows));
  expect(rows).toBeGreaterThan(1000);
  expect(await plot.getAttribute('aria-label')).toBe('Spheres in drops and in the largest drop against time');
  await expect.poll(() => drawnPixels(plot.locator('canvas')), { message: 'pixels the drops plot drew' }).toBeGreaterThan(500);
  await plot.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'states-drops-plot.png') });
});

test('shading by neighbours recolours the paused view, its legend says what the shades mean', async () => {
  const { page } = shared;
  await stepTo(page, 25);
  await page.evaluate(() => window.__sandbox.store.getState().applySetting('colorBy', 'speed'));
  await waitFrames(page, 3);
  await keepPixels(page, 'speed');
  const settings = page.getByRole('complementary', { name: 'Settings' });
  if (!(await settings.getByRole('radio', { name: 'Neighbours' }).isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('radio', { name: 'Neighbours' }).check();
  expect(await page.evaluate(() => window.__sandbox.store.getState().settings.colorBy)).toBe('neighbours');
  await waitFrames(page, 3);
  // Paused, the spheres stand still: what changes is their colour. The settings panel's legend
  // changes too, but it lies outside the view's canvas.
  const changed = await keepPixels(page, 'neighbours', 'speed');
  await page.screenshot({ path: join(results, 'states-neighbours.png') });
  const spheres = await page.evaluate(() => window.__sandbox.instances());
  expect(spheres).toBe(300);
  expect(changed.differ, `pixels of the view whose colour changed from speed to neighbours, of ${changed.total}`).toBeGreaterThan(0.02 * changed.total);
  // Back to speed: the very picture of before (so the change was the shading's alone).
  await settings.getByRole('radio', { name: 'Speed' }).check();
  await waitFrames(page, 3);
  expect((await keepPixels(page, 'again', 'speed')).differ, 'pixels that differ from the first picture by speed').toBe(0);
  await settings.getByRole('radio', { name: 'Neighbours' }).check();
  await expect(settings.locator('[data-legend=neighbours]'), "the legend's meaning").toContainText('A drop is at least 6 spheres held together.');
});

test('the First law section draws temperature against heat added', async () => {
  const { page } = shared;
  const law = page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section=first-law]');
  if (!(await law.evaluate((d) => (d as HTMLDetailsElement).open))) await law.locator('summary').first().click();
  await waitPartsLoaded(page);
  await stepTo(page, 25);
  await step(page, 60);
  const canvas = law.locator('[data-plot=tq]');
  await expect(canvas).toBeVisible();
  const points = Number(await canvas.getAttribute('data-points'));
  expect(points, 'points of the T–Q path').toBeGreaterThan(10);
  // The condensing gas has a liquid: its kT is the plot's second line, in the legend and the text alternative.
  expect(await canvas.getAttribute('aria-label'), 'its text alternative').toMatch(
    /^Temperature against heat added, two lines\. All spheres: from Q = 0 J at kT [\d.]+ J to Q = -[\d.]+ J at kT [\d.]+ J, kT between [\d.]+ and [\d.]+ J\. The liquid \(spheres in drops, kT averaged over the last 2 s\): from kT [\d.]+ J to [\d.]+ J, between [\d.]+ and [\d.]+ J\.$/,
  );
  expect(Number(await canvas.getAttribute('data-liquid-points')), "the liquid's points").toBeGreaterThan(10);
  await expect(law.locator('[data-legend=tq]')).toContainText('the liquid (spheres in drops)');
  await expect.poll(() => drawnPixels(canvas), { message: 'pixels the T–Q plot drew' }).toBeGreaterThan(500);
  await canvas.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'states-tq.png') });
});

test('the live description tells the drops as the gas plays', async () => {
  const { page } = shared;
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const live = page.locator('[data-describe="live"]');
  await expect(live, 'the live region while the gas plays').toContainText('spheres are in drops', { timeout: 90_000 });
  expect(await live.textContent()).toMatch(/(The gas is condensing: |The liquid is evaporating: |^)\d+ of 300 spheres are in drops\. Temperature kT/);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
});
