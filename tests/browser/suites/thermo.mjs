// Thermodynamics in the page: the Thermodynamics section's controls act on the running gas (the
// piston's modes, the heaters and coolers, hold constant, the divider, the pump), a bad value is
// refused at its field with the world unchanged, the address carries the walls, and each of the
// seven lessons runs and draws. Screenshots at 1280x800.
import { join } from 'node:path';
import { canvasPixels, check, results, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

/** The walls of the page's world now. */
function walls(page) {
  return page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    const kT = (name) => w.wallState(name).kT;
    return { piston: w.wallState('+y'), left: kT('-x'), right: kT('+x'), divider: w.divider, count: w.count, stats: w.stats(), size: w.size };
  });
}

/** Plays until the run has taken `steps` more fixed steps (frames, never wall time). */
async function playSteps(page, steps) {
  const target = await page.evaluate((n) => window.__sandbox.store.getState().sim.stepsRun + n, steps);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction((n) => window.__sandbox.store.getState().sim.stepsRun >= n, target, { timeout: 120_000, polling: 'raf' });
}

export default async function thermoSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'thermo');
  page.setDefaultTimeout(60_000);
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  const section = panel.locator('[data-section=thermo]');

  await step('a lesson opens with its Thermodynamics section open, and its piston moves in as the run plays', async () => {
    await page.goto(`${base}/?preset=slow-compression&test=1`);
    await waitReady(page);
    check(await section.evaluate((d) => d.open), 'the Thermodynamics section is not open for a thermodynamics lesson');
    check(await section.getByLabel('Push in').isChecked(), 'the piston mode does not show Push in');
    const before = (await walls(page)).piston.position;
    await playSteps(page, 60);
    const after = await walls(page);
    check(after.piston.position < before - 0.05, `the piston did not move in: ${before} -> ${after.piston.position}`);
    check(after.stats.work > 0, `no work was counted: ${after.stats.work}`);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, 'thermo-slow-compression.png') });
  });

  await step('the first law is shown live: W counted, the residual at rounding, the P–V diagram and the profile drawn with their text alternatives', async () => {
    const law = panel.locator('[data-section=first-law]');
    check(await law.evaluate((d) => d.open), 'the First law section is not open for a thermodynamics lesson');
    await playSteps(page, 30);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    const work = Number((await law.locator('[data-first-law=work]').textContent()).replace(/[^0-9.eE+-]/g, ''));
    check(work > 0, `W does not show the work done: ${work}`);
    const statement = await law.locator('[data-first-law=statement]').textContent();
    const m = /holds to ([0-9.]+) × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/.exec(statement) ?? /holds to (0) of/.exec(statement);
    check(m !== null, `the statement does not give the residual: "${statement}"`);
    if (m[1] !== '0') {
      const exp = -Number(m[2].replace('⁻', '').replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c)));
      check(exp <= -11, `the ledger's residual is not at rounding: ${statement}`);
    }
    for (const plot of ['pv', 'profile']) {
      const canvas = law.locator(`[data-plot=${plot}]`);
      const label = await canvas.getAttribute('aria-label');
      check(/(Pressure|Temperature profile|P–V diagram)/.test(label), `the ${plot} diagram has no text alternative: "${label}"`);
      const drawn = await canvas.evaluate((c) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let k = 3; k < d.length; k += 4) if (d[k] > 0) n++;
        return n;
      });
      check(drawn > 500, `the ${plot} diagram drew almost nothing (${drawn} pixels)`);
    }
    await law.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, 'thermo-first-law.png') });
  });

  await step('the piston floats under a weight, then is held; the heaters and coolers set the side walls, and a bad temperature is refused at its field', async () => {
    await section.getByLabel('Free, under a weight').check();
    let w = await walls(page);
    check(w.piston.mass === 1 && w.piston.force === 2, `the piston is not free with the settings' mass and weight: ${JSON.stringify(w.piston)}`);
    await section.getByLabel('Held').check();
    w = await walls(page);
    check(w.piston.mass === null || w.piston.velocity === 0, `the held piston moves: ${JSON.stringify(w.piston)}`);
    await section.getByRole('switch', { name: 'Left wall heats or cools' }).check();
    const field = section.getByLabel('Left wall temperature kT (J)');
    await field.fill('0.05');
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wallState('-x').kT === 0.05);
    await field.fill('-1');
    const message = section.locator('[data-setting=leftKT] .field__message--error');
    await message.waitFor();
    const text = await message.textContent();
    check(/Left wall temperature kT must be at least .*got -1/.test(text), `the refusal does not name the field and the value: "${text}"`);
    w = await walls(page);
    check(w.left === 0.05, `a refused value reached the world: ${w.left}`);
    await field.fill('0.05');
  });

  await step('hold temperature puts both side walls at the gas\'s kT; hold pressure frees the piston under the measured pressure', async () => {
    await playSteps(page, 30);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await section.getByRole('button', { name: 'Temperature' }).click();
    const kT = await page.evaluate(() => window.__sandbox.store.getState().stats.temperature);
    let w = await walls(page);
    check(Math.abs(w.left / kT - 1) < 1e-3 && Math.abs(w.right / kT - 1) < 1e-3, `the side walls are not at the gas's kT ${kT}: ${w.left}, ${w.right}`);
    await section.getByRole('button', { name: 'Pressure' }).click();
    w = await walls(page);
    const expected = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      const size = s.sim.world.size;
      return s.stats.pressureMeasured * size[0] * size[2];
    });
    check(w.piston.mass === 1 && Math.abs(w.piston.force / expected - 1) < 1e-3, `the piston does not float under the measured pressure (${expected} N): ${JSON.stringify(w.piston)}`);
  });

  await step('the divider goes in and out; the pump lets spheres in; the address carries the walls', async () => {
    await section.getByRole('switch', { name: 'Divider' }).check();
    let w = await walls(page);
    check(w.divider && w.divider.axis === 'x' && w.divider.position === 0, `no divider: ${JSON.stringify(w.divider)}`);
    await section.getByRole('switch', { name: 'Divider' }).uncheck();
    w = await walls(page);
    check(w.divider === null, 'the divider stayed');
    const n = w.count;
    await section.locator('.thermo__pump > summary').click();
    await section.getByLabel('Spheres to pump in').fill('25');
    await section.getByRole('button', { name: 'Pump in through the left wall' }).click();
    await section.getByText('25 spheres pumped in.').waitFor();
    w = await walls(page);
    check(w.count === n + 25, `the pump did not add 25 spheres: ${n} -> ${w.count}`);
    await section.getByLabel('Spheres to pump in').fill('0');
    await section.getByRole('button', { name: 'Pump in through the left wall' }).click();
    await section.getByText(/whole number from 1 to 1000, got 0/).waitFor();
    const url = new URL(page.url());
    check(url.searchParams.get('piston') === 'free' && url.searchParams.get('leftThermal') === '1', `the address does not carry the walls: ${url.search}`);
    const again = await context.newPage();
    watchErrors(again, consoleErrors, 'thermo (link)');
    await again.goto(`${base}/${url.search}`);
    await waitReady(again);
    const w2 = await walls(again);
    check(w2.piston.mass === 1 && Math.abs(w2.left - w.left) === 0, `the link did not bring the walls back: ${JSON.stringify(w2.piston)} ${w2.left}`);
    await again.close();
  });

  await step('each of the seven lessons builds, runs and draws its gas', async () => {
    // The first from the address, the others from the Experiment menu of the same page.
    const lessons = ['slow-compression', 'fast-compression', 'isothermal', 'free-expansion', 'conduction', 'constant-pressure', 'mixing'];
    await page.goto(`${base}/?preset=${lessons[0]}&test=1`);
    await waitReady(page);
    for (const preset of lessons) {
      if (preset !== lessons[0]) {
        await page.getByLabel('Experiment').selectOption(preset);
        await page.waitForFunction((id) => window.__sandbox.store.getState().preset === id, preset);
      }
      await playSteps(page, 20);
      await waitFrames(page, 2);
      const px = await canvasPixels(page);
      check(px.differ > 0.05 * px.total, `${preset}: the view shows almost nothing (${px.differ} of ${px.total} pixels)`);
      const w = await walls(page);
      check(w.count >= 280, `${preset}: ${w.count} spheres`);
      if (preset === 'conduction') await page.screenshot({ path: join(results, 'thermo-conduction.png') });
      if (preset === 'mixing') await page.screenshot({ path: join(results, 'thermo-mixing.png') });
    }
  });

  await context.close();
}
