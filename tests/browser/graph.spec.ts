// The Graph tool of the Measure section with head-on (two spheres): a selected sphere's vx
// against time drawn from each published sample (points counted, line pixels on the canvas), the
// zoom buttons and a drag halving and restoring the time range, the CSV's header and rows against
// the solver, a timeline seek starting the series again, a quantity against another quantity, and
// screenshots in the default and the projector theme at 1280x800.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { canvasPixels, parseCsv, results, runFromRestart, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const CHART = '[data-graph="chart"]';

/** The Classroom panel. */
const classroom = (page: Page): Locator => page.getByRole('complementary', { name: 'Classroom' });

/**
 * Opens the app with head-on (and `query`), paused, with the Measure section's Graph tab open
 * and the first sphere selected.
 */
async function openGraph(page: Page, query = ''): Promise<void> {
  await page.goto(`/?preset=head-on&test=1${query}`);
  await waitReady(page);
  // The tests step the world themselves: nothing needs it running.
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  const panel = classroom(page);
  await panel.locator('[data-section="measure"] > summary').click();
  await panel.getByRole('tablist', { name: 'Measuring tools' }).getByRole('tab', { name: 'Graph' }).click();
  await page.locator(`${CHART} canvas`).first().waitFor();
  await selectFirst(page);
}

/** Selects the world's first sphere (alone); returns its id. */
function selectFirst(page: Page): Promise<number> {
  return page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const id = s.sim.world.idAt(0);
    s.selectMany([id]);
    return id;
  });
}

/** The quantity "vx" of sphere `id` as the Quantity menu names it. */
const vxLabel = (id: number): string => `Sphere #${id} velocity vx (m/s)`;

/** Plots the first sphere's vx against time (the state most tests start from); returns its id. */
async function plotVxAgainstTime(page: Page): Promise<number> {
  const id = await selectFirst(page);
  const panel = classroom(page);
  await choose(panel.getByLabel('Quantity (vertical axis)'), vxLabel(id));
  await choose(panel.getByLabel('Against (horizontal axis)'), 'Time (s)');
  return id;
}

/** Chooses the option labelled `label` in a menu, unless it is chosen already. */
async function choose(menu: Locator, label: string): Promise<void> {
  const now = await menu.evaluate((el) => (el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.label ?? '') : ''));
  if (now !== label) await menu.selectOption({ label });
}

/** Waits until the chart holds `n` points (its range and canvas follow in the same task: uPlot commits in a microtask). */
async function pointCount(page: Page, n: number): Promise<void> {
  await expect(page.locator(CHART), `the chart's point count (waiting for ${n})`).toHaveAttribute('data-points', String(n));
}

/** Waits until the chart holds `n` points and the page has drawn two frames since (before pixels are counted or a screenshot taken). */
async function points(page: Page, n: number): Promise<void> {
  await pointCount(page, n);
  await waitFrames(page, 2);
}

/** The horizontal range the chart shows, [min, max]. */
async function xRange(page: Page): Promise<[number, number]> {
  const [lo, hi] = ((await page.locator(CHART).getAttribute('data-x-range')) ?? 'NaN NaN').split(' ').map(Number);
  return [lo, hi];
}

/** Waits until the chart shows a horizontal range of `width` (within 1%). */
async function rangeWidth(page: Page, width: number): Promise<void> {
  await page.waitForFunction(
    ([sel, w]) => {
      const [lo, hi] = (document.querySelector(sel)?.getAttribute('data-x-range') ?? 'NaN NaN').split(' ').map(Number);
      return Math.abs(hi - lo - w) <= 0.01 * w;
    },
    [CHART, width] as const,
  );
}

// The default theme's tests share one page, closed before the projector theme's page opens (one
// page renders at a time).
test.describe('the default theme', () => {
  const shared = sharedPage('graph', { acceptDownloads: true }, (page) => openGraph(page));

  test("a selected sphere's vx against time takes a point per published step and draws its line", async () => {
    const { page } = shared;
    const panel = classroom(page);
    const id = await selectFirst(page);
    await panel.getByLabel('Quantity (vertical axis)').selectOption({ label: vxLabel(id) });
    expect(await panel.getByLabel('Against (horizontal axis)').inputValue(), 'the horizontal axis by default').toBe('time');
    await runFromRestart(page, 90);
    // The restart's own sample at t = 0, then one per step.
    await points(page, 91);
    const { coloured } = await canvasPixels(page, `${CHART} canvas`);
    expect(coloured, "coloured pixels of the chart's line").toBeGreaterThan(150);
    const summary = (await panel.locator('[data-graph="summary"]').textContent()) ?? '';
    expect(summary.includes('Points: 91') && summary.includes('m/s'), `the chart's text alternative reads "${summary}"`).toBe(true);
    expect(await page.locator(CHART).getAttribute('aria-label'), "the chart's name").toBe(`Graph of ${vxLabel(id)} against Time (s)`);
  });

  test('Zoom in halves the time range, Zoom out and Reset zoom restore it, a drag zooms, a new sample keeps the zoom', async () => {
    const { page } = shared;
    const panel = classroom(page);
    await plotVxAgainstTime(page);
    await runFromRestart(page, 90);
    await pointCount(page, 91);
    const [lo, hi] = await xRange(page);
    expect(hi, 'the time axis end after 90 steps, s').toBeGreaterThan(lo);
    expect(Math.abs(hi - 1.5), `the time axis (${lo} to ${hi} s) ends 1.5 s after 90 steps, off by`).toBeLessThan(0.02);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await rangeWidth(page, (hi - lo) / 2);
    await panel.getByRole('button', { name: 'Zoom out' }).click();
    await rangeWidth(page, hi - lo);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await rangeWidth(page, (hi - lo) / 2);
    await panel.getByRole('button', { name: 'Reset zoom' }).click();
    await rangeWidth(page, hi - lo);
    const box = await page.locator(`${CHART} .u-over`).boundingBox();
    expect(box, "the chart's plotting area").not.toBeNull();
    if (!box) return;
    await page.mouse.move(box.x + 0.25 * box.width, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.5 * box.width, box.y + box.height / 2, { steps: 2 });
    await page.mouse.up();
    await rangeWidth(page, (hi - lo) / 4);
    // A new sample keeps the zoom.
    await page.evaluate(() => window.__sandbox.store.getState().stepOnce());
    await points(page, 92);
    const [zlo, zhi] = await xRange(page);
    expect(Math.abs(zhi - zlo - (hi - lo) / 4), `after a new sample the zoomed range (${zlo} to ${zhi} s) is a quarter of ${hi - lo} s, off by`).toBeLessThan(0.01 * (hi - lo));
    await page.screenshot({ path: join(results, 'graph-zoomed.png') });
    await panel.getByRole('button', { name: 'Reset zoom' }).click();
    // Reset after the new sample shows every point again: 91 steps.
    await rangeWidth(page, ((hi - lo) * 91) / 90);
  });

  test("the CSV's header names the quantities with units, one row per point, the last the solver's vx", async () => {
    const { page } = shared;
    const id = await plotVxAgainstTime(page);
    await runFromRestart(page, 91);
    await pointCount(page, 92);
    const [download] = await Promise.all([page.waitForEvent('download'), classroom(page).getByRole('button', { name: 'Download CSV' }).click()]);
    const { header, rows } = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header.join(','), 'the CSV header').toBe(`time_s,sphere${id}_vx_m_s`);
    expect(rows.length, 'the CSV rows for 92 points').toBe(92);
    const now = await page.evaluate((which) => {
      const w = window.__sandbox.store.getState().sim.world;
      const s = w.indexOf(which);
      return [w.time, w.velocities[3 * s]];
    }, id);
    const last = rows[rows.length - 1];
    expect(last, "the CSV's last row: the world's time and vx").toEqual(now);
    expect(rows[0][0], "the first row's time").toBe(0);
    // Equal masses head-on: the sphere comes back with the other's velocity.
    expect(rows[0][1], 'vx at the start, m/s').toBeGreaterThan(0);
    expect(last[1], 'vx at the end (the start negated), m/s').toBe(-rows[0][1]);
  });

  test('a timeline seek back starts the series again; a quantity against another draws its points', async () => {
    const { page } = shared;
    const id = await plotVxAgainstTime(page);
    const panel = classroom(page);
    await runFromRestart(page, 91);
    await pointCount(page, 92);
    expect(await page.evaluate(() => window.__sandbox.store.getState().seek(30)), 'the seek back to step 30 (refusal)').toBeNull();
    await pointCount(page, 1);
    // vx against x: the phase plane of the sphere (there and back at 2 m/s).
    await panel.getByLabel('Against (horizontal axis)').selectOption({ label: `Sphere #${id} position x (m)` });
    await runFromRestart(page, 60);
    await points(page, 61);
    const { coloured } = await canvasPixels(page, `${CHART} canvas`);
    expect(coloured, 'coloured pixels of the points against position').toBeGreaterThan(60);
    await page.screenshot({ path: join(results, 'graph-against-x.png') });
    await panel.getByRole('button', { name: 'Clear', exact: true }).click();
    await pointCount(page, 0);
    await panel.getByLabel('Against (horizontal axis)').selectOption({ label: 'Time (s)' });
  });

  test('screenshots of the chart in the default theme', async () => {
    const { page } = shared;
    await plotVxAgainstTime(page);
    await runFromRestart(page, 120);
    await points(page, 121);
    const { coloured } = await canvasPixels(page, `${CHART} canvas`);
    expect(coloured, "coloured pixels of the default theme's line").toBeGreaterThan(150);
    await page.screenshot({ path: join(results, 'graph-dark.png') });
    await classroom(page).locator('.measure').screenshot({ path: join(results, 'graph-dark-panel.png') });
  });
});

test("the projector theme draws the chart's line; screenshots", async ({ page }) => {
  await openGraph(page, '&theme=projector');
  await plotVxAgainstTime(page);
  await runFromRestart(page, 120);
  await points(page, 121);
  const { coloured } = await canvasPixels(page, `${CHART} canvas`);
  expect(coloured, "coloured pixels of the projector theme's line").toBeGreaterThan(150);
  await page.screenshot({ path: join(results, 'graph-projector.png') });
  await classroom(page).locator('.measure').screenshot({ path: join(results, 'graph-projector-panel.png') });
});
