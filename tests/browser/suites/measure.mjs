// The Measure section of the classroom panel with the head-on preset: the stopwatch against the
// world's time (across a pause and a timeline seek), the collision counter against the solver's
// totals, the data table's momentum total against stats(), an edit typed into it, and two recorded
// runs in the runs table and its CSV. Screenshots at 1280x800.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check, results, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

/** Pauses, restarts, and takes `n` fixed steps through the store. */
function restartAndStep(page, n) {
  return page.evaluate((n) => {
    const s = window.__sandbox.store.getState();
    s.pause();
    s.restart();
    for (let k = 0; k < n; k++) window.__sandbox.store.getState().stepOnce();
  }, n);
}

/** Takes `n` more fixed steps, paused. */
function stepOn(page, n) {
  return page.evaluate((n) => {
    for (let k = 0; k < n; k++) window.__sandbox.store.getState().stepOnce();
  }, n);
}

/** Waits until the store has published a sample taken at the world's time now (the panel then shows it). */
async function published(page) {
  await page.evaluate(() => window.__sandbox.store.getState().publish?.());
  await waitFrames(page, 2);
}

const number = (text) => parseFloat(text.replace(/[^0-9eE.+-]/g, ''));

export default async function measureSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'measure');
  page.setDefaultTimeout(60_000);
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  await page.goto(`${base}/?preset=head-on&test=1`);
  await waitReady(page);
  await panel.locator('[data-section="lab"] > summary').click();
  const tools = panel.getByRole('tablist', { name: 'Measuring tools' });

  await step('stopwatch: reads the simulated time between Start and Stop, still while paused, and follows a timeline seek', async () => {
    await restartAndStep(page, 30);
    const t0 = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
    await tools.getByRole('tab', { name: 'Stopwatch' }).click();
    await panel.getByRole('button', { name: 'Start', exact: true }).click();
    await stepOn(page, 60);
    await published(page);
    const t1 = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
    const shown = number(await panel.locator('[data-measure="stopwatch"]').textContent());
    check(Math.abs(shown - (t1 - t0)) < 0.0006, `the stopwatch reads ${shown} s after ${t1 - t0} s of simulated time`);
    await panel.getByRole('button', { name: 'Lap' }).click();
    await waitFrames(page, 5);
    check(number(await panel.locator('[data-measure="stopwatch"]').textContent()) === shown, 'the stopwatch moved while the run was paused');
    check((await panel.getByRole('list', { name: 'Laps' }).textContent()).includes('Lap 1'), 'no lap is listed');
    await panel.getByRole('button', { name: 'Stop' }).click();
    // Back along the timeline to step 60: the stopwatch reads what it read then, counting.
    await page.evaluate(() => window.__sandbox.store.getState().seek(60));
    await published(page);
    const t2 = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
    const back = number(await panel.locator('[data-measure="stopwatch"]').textContent());
    check(Math.abs(back - (t2 - t0)) < 0.0006, `after the seek the stopwatch reads ${back} s, the run ${t2 - t0} s since Start`);
    check(await panel.getByRole('button', { name: 'Stop' }).isVisible(), 'after the seek the stopwatch does not show it is counting');
    await page.screenshot({ path: join(results, 'measure-stopwatch.png') });
    await panel.getByRole('button', { name: 'Stop' }).click();
    await panel.getByRole('button', { name: 'Reset' }).click();
  });

  await step('counter: counts as many collisions as the solver reports', async () => {
    await restartAndStep(page, 0);
    await tools.getByRole('tab', { name: 'Counter' }).click();
    await panel.getByLabel('Count the collisions of').selectOption({ label: 'Everything' });
    await panel.getByRole('button', { name: 'Start counting' }).click();
    await stepOn(page, 180);
    await published(page);
    const solver = await page.evaluate(() => {
      const s = window.__sandbox.store.getState().sim.world.stats();
      return s.pairCollisions + s.wallCollisions;
    });
    const shown = number(await panel.locator('[data-measure="counter"]').textContent());
    check(solver > 0, 'the head-on spheres never collided in 3 s');
    check(shown === solver, `the counter reads ${shown}, the solver counted ${solver} collisions`);
    await panel.getByLabel('Sample period (s)').fill('-2');
    await panel.getByRole('button', { name: 'Start counting' }).click();
    check((await panel.getByRole('alert').textContent()).includes('-2'), 'a negative period is not named');
    await page.screenshot({ path: join(results, 'measure-counter.png') });
    await panel.getByLabel('Sample period (s)').fill('');
  });

  await step("data table: the selected spheres' momentum total is stats().momentum; a typed mass is applied", async () => {
    await restartAndStep(page, 90);
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.selectMany([0, 1].map((k) => s.sim.world.idAt(k)));
    });
    await tools.getByRole('tab', { name: 'Data table' }).click();
    await published(page);
    const px = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().momentum[0]);
    const shown = number(await panel.locator('[data-total="px"]').textContent());
    check(Math.abs(shown - px) <= 1e-3 * Math.max(1, Math.abs(px)), `the table's total px reads ${shown}, stats() has ${px}`);
    check((await panel.locator('[data-measure="table"] thead th[data-sphere]').count()) === 2, 'the table does not list two spheres');
    const id = await page.evaluate(() => window.__sandbox.store.getState().selection[0]);
    await panel.locator('[data-tool="table"]').getByLabel('Sphere', { exact: true }).selectOption(String(id));
    await panel.locator('[data-tool="table"]').getByLabel('m (kg)').fill('3');
    await panel.locator('[data-tool="table"]').getByRole('button', { name: 'Apply' }).click();
    const mass = await page.evaluate((id) => {
      const w = window.__sandbox.store.getState().sim.world;
      return w.masses[w.indexOf(id)];
    }, id);
    check(mass === 3, `the typed mass 3 kg gave ${mass} kg`);
    await panel.locator('[data-tool="table"]').getByLabel('m (kg)').fill('-1');
    await panel.locator('[data-tool="table"]').getByRole('button', { name: 'Apply' }).click();
    check((await panel.locator('.measure__edit [role="status"]').textContent()).includes('-1'), 'the refused mass -1 is not named');
    await published(page);
    await page.screenshot({ path: join(results, 'measure-table.png') });
  });

  await step('runs: two recorded runs differ in restitution; the table and its CSV show it', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
    await restartAndStep(page, 150);
    await tools.getByRole('tab', { name: 'Runs' }).click();
    await panel.getByRole('button', { name: 'Record run' }).click();
    await page.evaluate(() => window.__sandbox.store.getState().applySettings({ restitution: 0.5 }));
    await restartAndStep(page, 150);
    await panel.getByRole('button', { name: 'Record run' }).click();
    const table = panel.locator('[data-measure="runs"]');
    check((await table.locator('tbody tr').count()) === 2, 'the runs table does not hold two rows');
    const header = await table.locator('thead').textContent();
    check(header.includes('restitution') && header.includes('energy_lost_J'), `the runs table's header reads "${header}"`);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((l) => l.split(','));
    const col = (name) => lines[0].indexOf(name);
    check(lines.length === 3, `the CSV has ${lines.length - 1} runs`);
    check(Number(lines[1][col('restitution')]) === 1 && Number(lines[2][col('restitution')]) === 0.5, 'the CSV does not hold the two restitutions');
    const lost = Number(lines[2][col('energy_lost_J')]);
    const expected = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().energyLost);
    check(lost === expected && lost > 0 && Number(lines[1][col('energy_lost_J')]) === 0, `energy lost reads ${lines[1][col('energy_lost_J')]} and ${lost} (solver: ${expected})`);
    await page.screenshot({ path: join(results, 'measure-runs.png') });
    await panel.getByRole('button', { name: 'Clear' }).click();
    check((await table.count()) === 0, 'Clear left the runs table');
  });
  await context.close();
}
