// Thermodynamics in the page: the Thermodynamics section's controls act on the running gas (the
// piston's modes, the heaters and coolers, hold constant, the divider, the pump), a bad value is
// refused at its field with the world unchanged, the address carries the walls, and each of the
// seven lessons runs and draws. Screenshots at 1280x800.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { canvasPixels, drawnPixels, results, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

/** Whether the shared page shows the slow-compression lesson as its address opened it (and has only played since). */
let atAddress = false;

const shared = sharedPage('thermo', {}, async (page) => {
  await page.goto('/?preset=slow-compression&test=1');
  await waitReady(page);
  atAddress = true;
});

/** The parts of the page the tests use. */
function parts(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Classroom' });
  return { panel, section: panel.locator('[data-section=thermo]') };
}

/** The walls of the page's world now. */
function walls(page: Page) {
  return page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    return { piston: w.wallState('+y'), left: w.wallState('-x').kT, right: w.wallState('+x').kT, divider: w.divider, count: w.count, stats: w.stats(), size: [...w.size] };
  });
}

/** Plays until the run has taken `steps` more fixed steps (frames, never wall time). */
async function playSteps(page: Page, steps: number): Promise<void> {
  const target = await page.evaluate((n) => window.__sandbox.store.getState().sim.stepsRun + n, steps);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction((n) => window.__sandbox.store.getState().sim.stepsRun >= n, target, { timeout: 120_000, polling: 'raf' });
}

/** A number as the panel writes it. */
const number = (text: string | null): number => Number((text ?? '').replace(/[^0-9.eE+-]/g, ''));

test('a lesson opens with its Thermodynamics section open, and its piston moves in as the run plays', async () => {
  const { page } = shared;
  const { section } = parts(page);
  expect(await section.evaluate((d) => (d as HTMLDetailsElement).open), 'the Thermodynamics section of a thermodynamics lesson is open').toBe(true);
  await expect(section.getByLabel('Push in'), 'the piston mode Push in').toBeChecked();
  const before = (await walls(page)).piston.position;
  await playSteps(page, 60);
  const after = await walls(page);
  expect(after.piston.position, `the piston's position, ${before} m before playing`).toBeLessThan(before - 0.05);
  expect(after.stats.work, 'the work counted').toBeGreaterThan(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'thermo-slow-compression.png') });
});

// Each of the seven lessons builds, runs and draws its gas: the first from the address (the page
// the first test played), the others from the Experiment menu of the same page, after the tests
// of the controls.
const LESSONS = ['slow-compression', 'fast-compression', 'isothermal', 'free-expansion', 'conduction', 'constant-pressure', 'mixing'];

function lessonTest(preset: string): void {
  test(`the ${preset} lesson builds, runs and draws its gas`, async () => {
    const { page } = shared;
    if (preset === LESSONS[0]) {
      if (!atAddress) {
        await page.goto(`/?preset=${preset}&test=1`);
        await waitReady(page);
      }
    } else {
      await page.getByLabel('Experiment').selectOption(preset);
      await page.waitForFunction((id) => window.__sandbox.store.getState().preset === id, preset);
    }
    atAddress = false;
    await playSteps(page, 20);
    await waitFrames(page, 2);
    const px = await canvasPixels(page);
    expect(px.differ, `${preset}: pixels of the view that differ from the background, of ${px.total}`).toBeGreaterThan(0.05 * px.total);
    const w = await walls(page);
    expect(w.count, `${preset}: spheres`).toBeGreaterThanOrEqual(280);
    if (preset === 'conduction') await page.screenshot({ path: join(results, 'thermo-conduction.png') });
    if (preset === 'mixing') await page.screenshot({ path: join(results, 'thermo-mixing.png') });
  });
}

lessonTest(LESSONS[0]);

test('the first law is shown live: W counted, the residual at rounding, the P–V diagram and the profile drawn with their text alternatives', async () => {
  const { page } = shared;
  atAddress = false;
  const law = parts(page).panel.locator('[data-section=first-law]');
  expect(await law.evaluate((d) => (d as HTMLDetailsElement).open), 'the First law section of a thermodynamics lesson is open').toBe(true);
  await playSteps(page, 30);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  // The section renders the sample the pause published after the store holds it.
  await expect.poll(async () => number(await law.locator('[data-first-law=work]').textContent()), { message: 'the work W shows' }).toBeGreaterThan(0);
  // One measured pressure everywhere: the First law section shows the Readouts' figure (both re-read at the same sample).
  await page.waitForFunction(() => document.querySelector('[data-first-law=pressure]')?.textContent === document.querySelector('[data-readout=pressure]')?.textContent);
  expect(await law.locator('[data-first-law=pressure]').textContent(), "the First law's pressure").toMatch(/\d.* Pa$/);
  const statement = (await law.locator('[data-first-law=statement]').textContent()) ?? '';
  const m = /holds to ([0-9.]+) × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/.exec(statement) ?? /holds to (0) of/.exec(statement);
  expect(m, `the residual in the statement "${statement}"`).not.toBeNull();
  if (m![1] !== '0') {
    const exp = -Number(m![2].replace('⁻', '').replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (c) => String('⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c))));
    expect(exp, `the power of ten of the ledger's residual: ${statement}`).toBeLessThanOrEqual(-11);
  }
  for (const plot of ['pv', 'profile']) {
    const canvas = law.locator(`[data-plot=${plot}]`);
    const label = await canvas.getAttribute('aria-label');
    expect(label, `the ${plot} diagram's text alternative`).toMatch(/(Pressure|Temperature profile|P–V diagram)/);
    const drawn = await drawnPixels(canvas);
    expect(drawn, `pixels the ${plot} diagram drew`).toBeGreaterThan(500);
  }
  await law.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'thermo-first-law.png') });
});

test('the piston floats under a weight, then is held; the heaters and coolers set the side walls, and a bad temperature is refused at its field', async () => {
  const { page } = shared;
  atAddress = false;
  const { section } = parts(page);
  await section.getByLabel('Free, under a weight').check();
  let w = await walls(page);
  expect({ mass: w.piston.mass, force: w.piston.force }, "the free piston's mass and weight (the settings')").toEqual({ mass: 1, force: 2 });
  await section.getByLabel('Held').check();
  w = await walls(page);
  expect(w.piston.velocity, "the held piston's velocity").toBe(0);
  await section.getByRole('switch', { name: 'Left wall heats or cools' }).check();
  const field = section.getByLabel('Left wall temperature kT (J)');
  await field.fill('0.05');
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wallState('-x').kT === 0.05);
  await field.fill('-1');
  const message = section.locator('[data-setting=leftKT] .field__message--error');
  await message.waitFor();
  expect(await message.textContent(), 'the refusal names the field and the value').toMatch(/Left wall temperature kT must be at least .*got -1/);
  w = await walls(page);
  expect(w.left, "the left wall's kT after a refused value").toBe(0.05);
  await field.fill('0.05');
});

test("hold temperature puts both side walls at the gas's kT; hold pressure frees the piston under the measured pressure", async () => {
  const { page } = shared;
  atAddress = false;
  const { section } = parts(page);
  await playSteps(page, 30);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await section.getByRole('button', { name: 'Temperature' }).click();
  const kT = await page.evaluate(() => window.__sandbox.store.getState().stats.temperature);
  let w = await walls(page);
  expect(Math.abs(w.left! / kT - 1), `the left wall's kT ${w.left} against the gas's ${kT}`).toBeLessThan(1e-3);
  expect(Math.abs(w.right! / kT - 1), `the right wall's kT ${w.right} against the gas's ${kT}`).toBeLessThan(1e-3);
  await section.getByRole('button', { name: 'Pressure' }).click();
  w = await walls(page);
  const expected = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const size = s.sim.world.size;
    return s.stats.pressureMeasured * size[0] * size[2];
  });
  expect(w.piston.mass, "the floating piston's mass").toBe(1);
  expect(Math.abs(w.piston.force / expected - 1), `the piston's weight ${w.piston.force} N against the measured pressure's force ${expected} N`).toBeLessThan(1e-3);
});

test('the divider goes in and out; the pump lets spheres in and refuses 0; the address carries the walls', async () => {
  const { page } = shared;
  atAddress = false;
  const { section } = parts(page);
  // The walls the earlier tests left (set again on a page opened afresh): the left wall thermal, the piston free.
  await section.getByRole('switch', { name: 'Left wall heats or cools' }).check();
  if ((await walls(page)).piston.mass === Infinity) await section.getByLabel('Free, under a weight').check();
  await section.getByRole('switch', { name: 'Divider' }).check();
  let w = await walls(page);
  expect(w.divider, 'the divider').toEqual({ axis: 'x', position: 0 });
  await section.getByRole('switch', { name: 'Divider' }).uncheck();
  w = await walls(page);
  expect(w.divider, 'the divider after it is taken out').toBeNull();
  const n = w.count;
  await section.locator('.thermo__pump > summary').click();
  await section.getByLabel('Spheres to pump in').fill('25');
  await section.getByRole('button', { name: 'Pump in through the left wall' }).click();
  await section.getByText('25 spheres pumped in.').waitFor();
  w = await walls(page);
  expect(w.count, `spheres after pumping 25 into ${n}`).toBe(n + 25);
  await section.getByLabel('Spheres to pump in').fill('0');
  await section.getByRole('button', { name: 'Pump in through the left wall' }).click();
  await section.getByText(/whole number from 1 to 1000, got 0/).waitFor();
  // The address is written once the experiment has been quiet a moment (url-sync.ts), and reaches
  // this process on an event of its own: wait for it.
  await expect
    .poll(
      () => {
        const address = new URL(page.url());
        return { piston: address.searchParams.get('piston'), leftThermal: address.searchParams.get('leftThermal') };
      },
      { message: 'the walls in the address' },
    )
    .toEqual({ piston: 'free', leftThermal: '1' });
  const url = new URL(page.url());
  // The address opened afresh (in the same page: one page of the app at a time, since each draws every frame).
  await page.goto(`/${url.search}`);
  await waitReady(page);
  const w2 = await walls(page);
  expect(w2.piston.mass, "the linked page's piston mass").toBe(1);
  expect(w2.left, "the linked page's left wall kT").toBe(w.left);
});

for (const preset of LESSONS.slice(1)) lessonTest(preset);
