// The Graph tool of the Measure section with head-on (two spheres): a selected sphere's vx
// against time drawn from each published sample (points counted, line pixels on the canvas), the
// zoom buttons and a drag halving and restoring the time range, the CSV's header and rows against
// the solver, a timeline seek starting the series again, a quantity against another quantity, and
// screenshots in the default and the projector theme at 1280x800.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canvasPixels, check, parseCsv, results, runFromRestart, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

const CHART = '[data-graph="chart"]';

/** Waits until the chart holds `n` points and has drawn them. */
async function points(page, n) {
  await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.getAttribute('data-points') === String(n), [CHART, n], { timeout: 60_000 });
  await waitFrames(page, 2);
}

/** The horizontal range the chart shows, [min, max]. */
async function xRange(page) {
  return (await page.locator(CHART).getAttribute('data-x-range')).split(' ').map(Number);
}

/** Waits until the chart shows a horizontal range of `width` (within 1%). */
async function rangeWidth(page, width) {
  await page.waitForFunction(
    ([sel, w]) => {
      const [lo, hi] = (document.querySelector(sel)?.getAttribute('data-x-range') ?? 'NaN NaN').split(' ').map(Number);
      return Math.abs(hi - lo - w) <= 0.01 * w;
    },
    [CHART, width],
    { timeout: 60_000 },
  );
}

/** Opens the page at `query`, the Measure section's Graph tab; returns the page and the panel. */
async function openGraph(context, base, query, consoleErrors, label) {
  const page = await context.newPage();
  watchErrors(page, consoleErrors, label);
  page.setDefaultTimeout(60_000);
  await page.goto(`${base}/?preset=head-on&test=1${query}`);
  await waitReady(page);
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  await panel.locator('[data-section="measure"] > summary').click();
  await panel.getByRole('tablist', { name: 'Measuring tools' }).getByRole('tab', { name: 'Graph' }).click();
  await page.waitForSelector(`${CHART} canvas`);
  return { page, panel };
}

export default async function graphSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
  const { page, panel } = await openGraph(context, base, '', consoleErrors, 'graph');
  const id = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const id = s.sim.world.idAt(0);
    s.selectMany([id]);
    return id;
  });
  const vxLabel = `Sphere #${id} velocity vx (m/s)`;

  await step("graph: a selected sphere's vx against time takes a point per published step and draws its line", async () => {
    await panel.getByLabel('Quantity (vertical axis)').selectOption({ label: vxLabel });
    check((await panel.getByLabel('Against (horizontal axis)').inputValue()) === 'time', 'the horizontal axis is not time');
    await runFromRestart(page, 90);
    // The restart's own sample at t = 0, then one per step.
    await points(page, 91);
    const { coloured } = await canvasPixels(page, `${CHART} canvas`);
    check(coloured > 150, `the chart's line has ${coloured} coloured pixels`);
    const summary = await panel.locator('[data-graph="summary"]').textContent();
    check(summary.includes('Points: 91') && summary.includes('m/s'), `the chart's text alternative reads "${summary}"`);
    check((await page.locator(CHART).getAttribute('aria-label')) === `Graph of ${vxLabel} against Time (s)`, 'the chart is not named by its quantities');
  });

  await step('graph: Zoom in halves the time range, Zoom out and Reset zoom restore it, a drag zooms', async () => {
    const [lo, hi] = await xRange(page);
    check(hi > lo && Math.abs(hi - 1.5) < 0.02, `the time axis spans ${lo} to ${hi} s after 90 steps`);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await rangeWidth(page, (hi - lo) / 2);
    await panel.getByRole('button', { name: 'Zoom out' }).click();
    await rangeWidth(page, hi - lo);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await rangeWidth(page, (hi - lo) / 2);
    await panel.getByRole('button', { name: 'Reset zoom' }).click();
    await rangeWidth(page, hi - lo);
    const box = await page.locator(`${CHART} .u-over`).boundingBox();
    await page.mouse.move(box.x + 0.25 * box.width, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.5 * box.width, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await rangeWidth(page, (hi - lo) / 4);
    // A new sample keeps the zoom.
    await page.evaluate(() => window.__sandbox.store.getState().stepOnce());
    await points(page, 92);
    const [zlo, zhi] = await xRange(page);
    check(Math.abs(zhi - zlo - (hi - lo) / 4) < 0.01 * (hi - lo), `after a new sample the zoomed range is ${zlo} to ${zhi} s`);
    await page.screenshot({ path: join(results, 'graph-zoomed.png') });
    await panel.getByRole('button', { name: 'Reset zoom' }).click();
  });

  await step("graph: the CSV's header names the quantities with units, one row per point, the last the solver's vx", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
    const { header, rows } = parseCsv(await readFile(await download.path(), 'utf8'));
    check(header.join(',') === `time_s,sphere${id}_vx_m_s`, `the CSV header reads "${header.join(',')}"`);
    check(rows.length === 92, `the CSV has ${rows.length} rows for 92 points`);
    const now = await page.evaluate((id) => {
      const w = window.__sandbox.store.getState().sim.world;
      const s = w.indexOf(id);
      return [w.time, w.velocities[3 * s]];
    }, id);
    const last = rows[rows.length - 1];
    check(last[0] === now[0] && last[1] === now[1], `the CSV's last row is ${last}, the world ${now}`);
    check(rows[0][0] === 0, `the first row's time is ${rows[0][0]}`);
    // Equal masses head-on: the sphere comes back with the other's velocity.
    check(rows[0][1] > 0 && last[1] === -rows[0][1], `vx went from ${rows[0][1]} to ${last[1]} m/s`);
  });

  await step('graph: a timeline seek back starts the series again; a quantity against another draws its points', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().seek(30));
    await points(page, 1);
    // vx against x: the phase plane of the sphere (there and back at 2 m/s).
    await panel.getByLabel('Against (horizontal axis)').selectOption({ label: `Sphere #${id} position x (m)` });
    await runFromRestart(page, 60);
    await points(page, 61);
    const { coloured } = await canvasPixels(page, `${CHART} canvas`);
    check(coloured > 60, `the points against position have ${coloured} coloured pixels`);
    await page.screenshot({ path: join(results, 'graph-against-x.png') });
    await panel.getByRole('button', { name: 'Clear', exact: true }).click();
    await points(page, 0);
    await panel.getByLabel('Against (horizontal axis)').selectOption({ label: 'Time (s)' });
  });

  await step('graph: screenshots of the chart in the default and the projector theme', async () => {
    await runFromRestart(page, 120);
    await points(page, 121);
    await page.screenshot({ path: join(results, 'graph-dark.png') });
    await panel.locator('.measure').screenshot({ path: join(results, 'graph-dark-panel.png') });
    await page.close();
    const projector = await openGraph(context, base, '&theme=projector', consoleErrors, 'graph projector');
    await projector.page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.selectMany([s.sim.world.idAt(0)]);
    });
    await projector.panel.getByLabel('Quantity (vertical axis)').selectOption({ label: vxLabel });
    await runFromRestart(projector.page, 120);
    await points(projector.page, 121);
    const { coloured } = await canvasPixels(projector.page, `${CHART} canvas`);
    check(coloured > 150, `the projector theme's line has ${coloured} coloured pixels`);
    await projector.page.screenshot({ path: join(results, 'graph-projector.png') });
    await projector.panel.locator('.measure').screenshot({ path: join(results, 'graph-projector-panel.png') });
  });
  await context.close();
}
