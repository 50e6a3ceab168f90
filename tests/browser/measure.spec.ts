// The Measure section of the classroom panel with the head-on preset: the stopwatch against the
// world's time (across a pause and a timeline seek), the collision counter against the solver's
// totals, the data table's momentum total against stats(), an edit typed into it, and two recorded
// runs in the runs table and its CSV. Screenshots at 1280x800. The run stays paused throughout:
// every test steps the store itself.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { results, runFromRestart, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('measure', { acceptDownloads: true }, async (page) => {
  await page.goto('/?preset=head-on&test=1');
  await waitReady(page);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
});

/** The classroom panel, its Measure section opened (once). */
async function measurePanel(page: Page): Promise<{ panel: Locator; tools: Locator }> {
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  const section = panel.locator('[data-section="measure"]');
  if (!(await section.evaluate((el) => (el as HTMLDetailsElement).open))) await section.locator('> summary').click();
  const tools = panel.getByRole('tablist', { name: 'Measuring tools' });
  await tools.waitFor({ state: 'visible' });
  return { panel, tools };
}

/** Takes `n` more fixed steps, paused (each step publishes its stats). */
function stepOn(page: Page, n: number): Promise<void> {
  return page.evaluate((steps) => {
    for (let k = 0; k < steps; k++) window.__sandbox.store.getState().stepOnce();
  }, n);
}

/** A number as the panel writes it (a minus sign, units after it). */
const number = (text: string | null): number => parseFloat((text ?? '').replace(/\u2212/g, '-').replace(/[^0-9eE.+-]/g, ''));

/** The number an element shows now. */
const shownNumber = async (locator: Locator): Promise<number> => number(await locator.textContent());

/** The world's simulated time, s. */
const worldTime = (page: Page) => page.evaluate(() => window.__sandbox.store.getState().sim.world.time);

/**
 * Pixels of the selection ring's bright band (its gold, rgb(255, 209, 102)) in a square of
 * `half` pixels either side of each sphere's centre, from the canvas's drawing buffer.
 */
function ringPixels(page: Page, ids: number[], half: number): Promise<number[]> {
  return page.evaluate(
    async ({ list, h }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
      const image = new Image();
      image.src = canvas.toDataURL('image/png');
      await image.decode();
      const copy = new OffscreenCanvas(image.width, image.height);
      const g = copy.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const rect = canvas.getBoundingClientRect();
      const scale = image.width / rect.width;
      return list.map((id) => {
        const [x, y] = window.__sandbox.screenOf(id)!;
        const cx = Math.round((x - rect.left) * scale);
        const cy = Math.round((y - rect.top) * scale);
        // h is in CSS pixels; the canvas may have fewer (a test page draws at half a pixel a CSS pixel).
        const hp = Math.round(h * scale);
        const d = g.getImageData(cx - hp, cy - hp, 2 * hp, 2 * hp).data;
        let n = 0;
        for (let k = 0; k < d.length; k += 4) if (d[k] > 230 && Math.abs(d[k + 1] - 209) < 25 && Math.abs(d[k + 2] - 102) < 35) n++;
        return n;
      });
    },
    { list: ids, h: half },
  );
}

test('stopwatch: reads the simulated time between Start and Stop, still while paused, and follows a timeline seek (screenshot)', async () => {
  const { page } = shared;
  const { panel, tools } = await measurePanel(page);
  await runFromRestart(page, 30);
  const t0 = await worldTime(page);
  await tools.getByRole('tab', { name: 'Stopwatch' }).click();
  const watch = panel.locator('[data-measure="stopwatch"]');
  await panel.getByRole('button', { name: 'Start', exact: true }).click();
  await stepOn(page, 60);
  const t1 = await worldTime(page);
  await expect
    .poll(async () => Math.abs((await shownNumber(watch)) - (t1 - t0)), { message: `the stopwatch's distance from the ${t1 - t0} s of simulated time since Start` })
    .toBeLessThan(0.0006);
  const shown = await shownNumber(watch);
  await panel.getByRole('button', { name: 'Lap' }).click();
  await expect(panel.getByRole('list', { name: 'Laps' }), 'the laps list').toContainText('Lap 1');
  await waitFrames(page, 5);
  expect(await shownNumber(watch), 'the stopwatch five frames later, the run paused').toBe(shown);
  await panel.getByRole('button', { name: 'Stop' }).click();
  // Back along the timeline to step 60: the stopwatch reads what it read then, counting.
  expect(await page.evaluate(() => window.__sandbox.store.getState().seek(60)), 'the seek to step 60').toBeNull();
  const t2 = await worldTime(page);
  await expect
    .poll(async () => Math.abs((await shownNumber(watch)) - (t2 - t0)), { message: `after the seek, the stopwatch's distance from the run's ${t2 - t0} s since Start` })
    .toBeLessThan(0.0006);
  await expect(panel.getByRole('button', { name: 'Stop' }), 'after the seek the stopwatch shows it is counting (its Stop button)').toBeVisible();
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'measure-stopwatch.png') });
  await panel.getByRole('button', { name: 'Stop' }).click();
  await panel.getByRole('button', { name: 'Reset' }).click();
});

test('counter: counts as many collisions as the solver reports; a negative period is refused by name (screenshot)', async () => {
  const { page } = shared;
  const { panel, tools } = await measurePanel(page);
  await runFromRestart(page, 0);
  await tools.getByRole('tab', { name: 'Counter' }).click();
  await panel.getByLabel('Count the collisions of').selectOption({ label: 'Everything' });
  await panel.getByRole('button', { name: 'Start counting' }).click();
  await stepOn(page, 180);
  const solver = await page.evaluate(() => {
    const s = window.__sandbox.store.getState().sim.world.stats();
    return s.pairCollisions + s.wallCollisions;
  });
  expect(solver, 'collisions the solver counted in 3 s of head-on').toBeGreaterThan(0);
  await expect.poll(() => shownNumber(panel.locator('[data-measure="counter"]')), { message: 'the counter, against the solver\'s count' }).toBe(solver);
  await panel.getByLabel('Sample period (s)').fill('-2');
  await panel.getByRole('button', { name: 'Start counting' }).click();
  await expect(panel.getByRole('alert'), 'the message for a negative period names it').toContainText('-2');
  await page.screenshot({ path: join(results, 'measure-counter.png') });
  await panel.getByLabel('Sample period (s)').fill('');
});

test("data table: the selected spheres' momentum total is stats().momentum; a typed mass is applied, a bad one named (screenshot)", async () => {
  const { page } = shared;
  const { panel, tools } = await measurePanel(page);
  await runFromRestart(page, 90);
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.selectMany([0, 1].map((k) => s.sim.world.idAt(k)));
  });
  await tools.getByRole('tab', { name: 'Data table' }).click();
  const px = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().momentum[0]);
  await expect
    .poll(async () => Math.abs((await shownNumber(panel.locator('[data-total="px"]'))) - px), { message: `the table's total px, against stats()'s ${px}` })
    .toBeLessThanOrEqual(1e-3 * Math.max(1, Math.abs(px)));
  await expect(panel.locator('[data-measure="table"] thead th[data-sphere]'), 'the spheres the table lists').toHaveCount(2);
  const id = await page.evaluate(() => window.__sandbox.store.getState().selection[0]);
  const tool = panel.locator('[data-tool="table"]');
  await tool.getByLabel('Sphere', { exact: true }).selectOption(String(id));
  await tool.getByLabel('m (kg)').fill('3');
  await tool.getByRole('button', { name: 'Apply' }).click();
  const mass = await page.evaluate((i) => {
    const w = window.__sandbox.store.getState().sim.world;
    return w.masses[w.indexOf(i)];
  }, id);
  expect(mass, 'the mass after typing 3 kg').toBe(3);
  await tool.getByLabel('m (kg)').fill('-1');
  await tool.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.locator('.measure__edit [role="status"]'), 'the message for the refused mass names -1').toContainText('-1');
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'measure-table.png') });
});

test('data table: the last collision shows what each sphere hit and its velocity before and after, as the head-on formulas give; every selected sphere has a ring (screenshot)', async () => {
  const { page } = shared;
  const { panel, tools } = await measurePanel(page);
  // Equal masses at 2 m/s meeting head-on swap velocities at t = (4 - 0.8) / 4 = 0.8 s (the
  // preset chosen again, without the edit of the test before).
  await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
  await runFromRestart(page, 60);
  const ids = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const list = [0, 1].map((k) => s.sim.world.idAt(k));
    s.selectMany(list);
    return list;
  });
  await tools.getByRole('tab', { name: 'Data table' }).click();
  const table = panel.locator('[data-measure="table"]');
  await expect(table.locator(`[data-last="${ids[0]}"]`), `sphere #${ids[0]}'s last collision names #${ids[1]}`).toContainText(`#${ids[1]}`);
  await expect(table.locator(`[data-last="${ids[0]}"]`), `sphere #${ids[0]}'s last collision at 0.8 s`).toHaveText(/0\.8\b/);
  await expect(panel.locator('.measure__edit [role="status"]'), "the refused edit's message, gone in the new scene").toHaveText('');
  const vx = (await table.getByRole('row', { name: /vx before/ }).locator('td').first().textContent()) ?? '';
  const [before, after] = vx.split('→').map(number);
  expect(Math.abs(before - 2), `sphere #${ids[0]}'s vx before, read from "${vx}", against 2 m/s`).toBeLessThan(1e-3);
  expect(Math.abs(after + 2), `sphere #${ids[0]}'s vx after, read from "${vx}", against -2 m/s`).toBeLessThan(1e-3);
  const ke = (await table.getByRole('row', { name: /KE before/ }).locator('td').first().textContent()) ?? '';
  const [k0, k1] = ke.split('→').map(number);
  const m = await page.evaluate((i) => {
    const w = window.__sandbox.store.getState().sim.world;
    return w.masses[w.indexOf(i)];
  }, ids[0]);
  const k = 0.5 * m * 4;
  expect(Math.abs(k0 - k), `sphere #${ids[0]}'s kinetic energy before, read from "${ke}", against ${k} J`).toBeLessThan(1e-3 * k);
  expect(Math.abs(k1 - k), `sphere #${ids[0]}'s kinetic energy after, read from "${ke}", against ${k} J`).toBeLessThan(1e-3 * k);
  // Rings: the second sphere is ringed while both are selected, and not once only the first is.
  // A selection reaches the view through its render and a drawn frame: the pictures are read until
  // they show it.
  await waitFrames(page, 3);
  let both: number[] = [];
  await expect(async () => {
    both = await ringPixels(page, ids, 60);
    expect(both[0], `ring pixels around #${ids[0]} with both selected`).toBeGreaterThan(30);
    expect(both[1], `ring pixels around #${ids[1]} with both selected`).toBeGreaterThan(30);
  }).toPass({ timeout: 60_000 });
  await page.evaluate((i) => window.__sandbox.store.getState().selectMany([i]), ids[0]);
  await waitFrames(page, 3);
  await expect(async () => {
    const one = await ringPixels(page, ids, 60);
    expect(one[0], `ring pixels around #${ids[0]} once only it is selected`).toBeGreaterThan(30);
    expect(one[1], `ring pixels around #${ids[1]} once only #${ids[0]} is selected (both selected: ${both[1]})`).toBeLessThan(both[1] / 4);
  }).toPass({ timeout: 60_000 });
  await page.evaluate((list) => window.__sandbox.store.getState().selectMany(list), ids);
  await expect(table.locator('thead th[data-sphere]'), 'the spheres the table lists again').toHaveCount(2);
  await table.getByRole('row', { name: /KE before/ }).scrollIntoViewIfNeeded();
  await waitFrames(page, 2);
  await page.screenshot({ path: join(results, 'measure-last-collision.png') });
});

test('runs: two recorded runs differ in restitution; the table and its CSV show it (screenshot)', async () => {
  const { page } = shared;
  const { panel, tools } = await measurePanel(page);
  await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
  await runFromRestart(page, 150);
  await tools.getByRole('tab', { name: 'Runs' }).click();
  await panel.getByRole('button', { name: 'Record run' }).click();
  expect(await page.evaluate(() => window.__sandbox.store.getState().applySettings({ restitution: 0.5 })), 'restitution 0.5 applied').toBe(true);
  await runFromRestart(page, 150);
  await panel.getByRole('button', { name: 'Record run' }).click();
  const table = panel.locator('[data-measure="runs"]');
  await expect(table.locator('tbody tr'), 'rows of the runs table').toHaveCount(2);
  const header = (await table.locator('thead').textContent()) ?? '';
  expect(header, "the runs table's header").toContain('restitution');
  expect(header, "the runs table's header").toContain('energy_lost_J');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
  const lines = (await readFile(await download.path(), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  const col = (name: string) => lines[0].indexOf(name);
  expect(lines.length - 1, 'runs in the CSV').toBe(2);
  expect(Number(lines[1][col('restitution')]), "the first run's restitution in the CSV").toBe(1);
  expect(Number(lines[2][col('restitution')]), "the second run's restitution in the CSV").toBe(0.5);
  const lost = Number(lines[2][col('energy_lost_J')]);
  const expected = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().energyLost);
  expect(Number(lines[1][col('energy_lost_J')]), 'energy lost in the elastic run').toBe(0);
  expect(lost, 'energy lost in the run at e = 0.5, against the solver').toBe(expected);
  expect(lost, 'energy lost in the run at e = 0.5').toBeGreaterThan(0);
  await page.screenshot({ path: join(results, 'measure-runs.png') });
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(table, 'the runs table after Clear').toHaveCount(0);
});
