// The Measure section of the classroom panel with the head-on preset: the stopwatch against the
// world's time (across a pause and a timeline seek), the collision counter against the solver's
// totals, the data table's momentum total against stats(), an edit typed into it, and two recorded
// runs in the runs table and its CSV. Screenshots at 1280x800.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { check, results, runFromRestart, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

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

const number = (text) => parseFloat(text.replace(/\u2212/g, '-').replace(/[^0-9eE.+-]/g, ''));

/**
 * Pixels of the selection ring's bright band (its gold, rgb(255, 209, 102)) in a square of
 * `half` pixels either side of each sphere's centre, from the canvas's drawing buffer.
 */
function ringPixels(page, ids, half) {
  return page.evaluate(
    async ({ ids, half }) => {
      const canvas = document.querySelector('.sandbox-canvas canvas');
      const image = new Image();
      image.src = canvas.toDataURL('image/png');
      await image.decode();
      const copy = new OffscreenCanvas(image.width, image.height);
      const g = copy.getContext('2d');
      g.drawImage(image, 0, 0);
      const rect = canvas.getBoundingClientRect();
      const scale = image.width / rect.width;
      return ids.map((id) => {
        const [x, y] = window.__sandbox.screenOf(id);
        const cx = Math.round((x - rect.left) * scale);
        const cy = Math.round((y - rect.top) * scale);
        const d = g.getImageData(cx - half, cy - half, 2 * half, 2 * half).data;
        let n = 0;
        for (let k = 0; k < d.length; k += 4) if (d[k] > 230 && Math.abs(d[k + 1] - 209) < 25 && Math.abs(d[k + 2] - 102) < 35) n++;
        return n;
      });
    },
    { ids, half },
  );
}

export default async function measureSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'measure');
  page.setDefaultTimeout(60_000);
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  await page.goto(`${base}/?preset=head-on&test=1`);
  await waitReady(page);
  await panel.locator('[data-section="measure"] > summary').click();
  const tools = panel.getByRole('tablist', { name: 'Measuring tools' });

  await step('stopwatch: reads the simulated time between Start and Stop, still while paused, and follows a timeline seek', async () => {
    await runFromRestart(page, 30);
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
    await runFromRestart(page, 0);
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
    await runFromRestart(page, 90);
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

  await step('data table: the last collision shows what each sphere hit and its velocity before and after, as the head-on formulas give; every selected sphere has a ring', async () => {
    // Equal masses at 2 m/s meeting head-on swap velocities at t = (4 - 0.8) / 4 = 0.8 s (the
    // preset chosen again, without the edit of the step before).
    await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
    await runFromRestart(page, 60);
    const ids = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      const ids = [0, 1].map((k) => s.sim.world.idAt(k));
      s.selectMany(ids);
      return ids;
    });
    await published(page);
    const said = await panel.locator('.measure__edit [role="status"]').textContent();
    check(said === '', `the refused edit's message stays in the new scene: "${said}"`);
    const table = panel.locator('[data-measure="table"]');
    const hit = await table.locator(`[data-last="${ids[0]}"]`).textContent();
    check(hit.includes(`#${ids[1]}`) && /0\.8\b/.test(hit), `sphere #${ids[0]}'s last collision reads "${hit}"`);
    const vx = await table.getByRole('row', { name: /vx before/ }).locator('td').first().textContent();
    const [before, after] = vx.split('→').map(number);
    check(Math.abs(before - 2) < 1e-3 && Math.abs(after + 2) < 1e-3, `sphere #${ids[0]}'s vx before and after read "${vx}" (2 and -2 m/s)`);
    const ke = await table.getByRole('row', { name: /KE before/ }).locator('td').first().textContent();
    const [k0, k1] = ke.split('→').map(number);
    const m = await page.evaluate((id) => {
      const w = window.__sandbox.store.getState().sim.world;
      return w.masses[w.indexOf(id)];
    }, ids[0]);
    const k = 0.5 * m * 4;
    check(Math.abs(k0 - k) < 1e-3 * k && Math.abs(k1 - k) < 1e-3 * k, `sphere #${ids[0]}'s kinetic energy before and after read "${ke}" (${k} J both)`);
    // Rings: the second sphere is ringed while both are selected, and not once only the first is.
    await waitFrames(page, 3);
    const both = await ringPixels(page, ids, 60);
    await page.evaluate((id) => window.__sandbox.store.getState().selectMany([id]), ids[0]);
    await waitFrames(page, 3);
    const one = await ringPixels(page, ids, 60);
    check(both[0] > 30 && both[1] > 30, `ring pixels around the two selected spheres: ${both}`);
    check(one[1] < both[1] / 4 && one[0] > 30, `ring pixels once only #${ids[0]} is selected: ${one} (both selected: ${both})`);
    await page.evaluate((ids) => window.__sandbox.store.getState().selectMany(ids), ids);
    await published(page);
    await table.getByRole("row", { name: /KE before/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, 'measure-last-collision.png') });
  });

  await step('runs: two recorded runs differ in restitution; the table and its CSV show it', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().selectPreset('head-on'));
    await runFromRestart(page, 150);
    await tools.getByRole('tab', { name: 'Runs' }).click();
    await panel.getByRole('button', { name: 'Record run' }).click();
    await page.evaluate(() => window.__sandbox.store.getState().applySettings({ restitution: 0.5 }));
    await runFromRestart(page, 150);
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
