// The states-of-matter lessons in the page: boiling, evaporation and freezing (the liquid lessons) and
// condensation, each picked from the Experiment menu, load, run and draw every sphere; stepped on (through the test hook, never wall time) the
// figure each is about moves the way its line says, and the boiling drop and the crystal are pictured.
// The boiling lesson's First law section draws the liquid's kT in the T–Q plot beside all the
// spheres', and the condensation lesson's drops are pictured shaded by their neighbours. With
// SHOTS=<folder> the pictures are drawn in full, into that folder (support/page.ts, `shots`).
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { classroomState } from './support/classroom.ts';
import { colourPixels, shots, shownPixels, waitFrames, waitPartsLoaded, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('liquid lessons', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.goto(`/?preset=gas&test=1${shots.drawing}`);
  await waitReady(page);
});

/**
 * Picks the lesson from the menu, runs it until it has moved, checks it draws its spheres, then
 * pauses and restarts it: what a test steps on from there starts at the lesson's first moment,
 * whatever time the page took to pause. Returns the line on what to watch (`watch`, a locator: it
 * follows the lesson on the render after it is picked, so a test waits for its words).
 */
async function open(page: Page, id: string): Promise<{ watch: Locator }> {
  await page.getByLabel('Experiment').selectOption(id);
  await page.waitForFunction((want) => window.__sandbox.store.getState().preset === want, id);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const t0 = (await classroomState(page)).time;
  await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, t0, { polling: 'raf' });
  await waitFrames(page, 1);
  const s = await classroomState(page);
  expect(s.instances, 'spheres drawn: every one the world has').toBe(s.count);
  const count = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.restart();
    return window.__sandbox.store.getState().sim.world.count;
  });
  expect(count, "the lesson's spheres").toBe(300);
  return { watch: page.getByTestId('watch') };
}

/** Steps the paused lesson on to simulated time `until` without drawing (0: not at all), and reads its figures. */
const stepTo = (page: Page, until: number) =>
  page.evaluate((end) => {
    const store = window.__sandbox.store;
    while (store.getState().sim.world.time < end) store.getState().sim.stepOnce();
    const world = store.getState().sim.world;
    const stats = world.stats();
    let ke = 0;
    for (let i = 0; i < world.count; i++) {
      const v = world.velocities;
      ke += 0.5 * world.masses[i] * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
    }
    // The kinetic temperature, kT = (2/3) <E> in space and <E> in the plane.
    const kT = (world.options.planar ? 1 : 2 / 3) * (ke / world.count);
    return { time: world.time, count: world.count, kT, wellEnergy: stats.wellEnergy, piston: world.wallState('+y').position };
  }, until);

async function picture(page: Page, name: string): Promise<void> {
  await waitFrames(page, 2);
  await page.screenshot({ path: join(shots.dir, name) });
  const px = await shownPixels(page, '.sandbox-canvas canvas');
  expect(px.differ, `pixels drawn of ${px.total}`).toBeGreaterThan(2000);
}

test('the evaporation lesson loads, runs, and in half a minute a hundred spheres escape and the drop cools', async () => {
  const { page } = shared;
  await open(page, 'evaporation');
  const start = await stepTo(page, 0);
  const later = await stepTo(page, 30);
  expect(later.count).toBeLessThan(start.count - 100);
  expect(later.kT).toBeLessThan(start.kT - 0.1);
  await picture(page, 'preset-evaporation.png');
});

test('the freezing lesson loads, runs, and in half a minute the layer binds and cools below 0.45 ε (screenshot of the crystal)', async () => {
  const { page } = shared;
  await open(page, 'freezing');
  const start = await stepTo(page, 0);
  const later = await stepTo(page, 30);
  expect(later.wellEnergy).toBeLessThan(start.wellEnergy - 100);
  expect(later.kT).toBeLessThan(0.45);
  await picture(page, 'preset-freezing.png');
});

/** Steps the paused lesson on to simulated time `until` through the store, each step published (a sample of the instruments, as a played frame's), in batches. */
async function publishTo(page: Page, until: number): Promise<void> {
  for (;;) {
    const time = await page.evaluate((end) => {
      const store = window.__sandbox.store;
      for (let k = 0; k < 300 && store.getState().sim.world.time < end; k++) store.getState().stepOnce();
      return store.getState().sim.world.time;
    }, until);
    if (time >= until) return;
  }
}

test('the boiling lesson loads, runs, and within 15 s its wells take hundreds of joules while the piston rises (screenshot)', async () => {
  const { page } = shared;
  const { watch } = await open(page, 'boiling');
  await expect(watch).toContainText('1.6 ε');
  const start = await stepTo(page, 0);
  // Each step published (the instruments sample it), so that the next test goes on from here.
  await publishTo(page, 15);
  const later = await stepTo(page, 0);
  expect(later.time).toBeGreaterThanOrEqual(15);
  expect(later.wellEnergy - start.wellEnergy).toBeGreaterThan(150);
  expect(later.piston).toBeGreaterThan(start.piston + 4);
  // Boiling, far below the walls' 1.6 ε.
  expect(later.kT).toBeLessThan(1.4);
  await picture(page, 'preset-boiling.png');
});

test("the boiling lesson's T–Q plot draws the liquid's kT beside all the spheres', its legend and text alternative say which is which, and Enlarge shows it across a dialog (screenshot at 25 s)", async () => {
  const { page } = shared;
  // Goes on from the test before, which published the lesson's first 15 s (opened afresh after a failure there).
  const at = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    return { preset: st.preset, time: st.sim.world.time };
  });
  if (at.preset !== 'boiling' || at.time > 25) await open(page, 'boiling');
  const law = page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section=first-law]');
  if (!(await law.evaluate((d) => (d as HTMLDetailsElement).open))) await law.locator('summary').first().click();
  await waitPartsLoaded(page);
  await publishTo(page, 25);
  await waitFrames(page, 2);
  const canvas = law.locator('[data-plot=tq]');
  await expect(canvas).toBeVisible();
  // What the plot draws, from the instruments' own arrays: the whole's kT and the liquid's, a mean
  // over each point's last 2 s of the drop meter's samples, summed here.
  const data = await page.evaluate(() => {
    const { firstLaw, drops } = window.__sandbox.store.getState().instruments;
    const path = firstLaw.heatPath;
    const h = drops.history;
    const liquid: number[] = [];
    for (let k = 0; k < path.length; k++) {
      let sum = 0;
      let n = 0;
      for (let j = 0; j < h.length; j++) {
        if (h.time[j] > path.time[k] - 2 && h.time[j] <= path.time[k] && !Number.isNaN(h.liquidKT[j])) {
          sum += h.liquidKT[j];
          n++;
        }
      }
      liquid.push(n > 0 ? sum / n : NaN);
    }
    const end = path.length - 1;
    return { points: path.length, heat: path.heat[end], all: [path.kT[0], path.kT[end]], liquid, last: drops.last };
  });
  const shown = data.liquid.filter((v) => !Number.isNaN(v));
  expect(data.points, 'points of the T–Q path: one a published step').toBeGreaterThan(1400);
  await expect(canvas, "the liquid's points: every one of the path's").toHaveAttribute('data-liquid-points', String(shown.length));
  expect(shown.length).toBe(data.points);
  expect(data.heat, 'Q after 25 s, J').toBeGreaterThan(500);
  // The liquid stays at the boiling point while all the spheres, the vapour among them, warm past it.
  expect(shown[shown.length - 1], "the liquid's kT at the end, below all the spheres'").toBeLessThan(data.all[1]);
  const label = (await canvas.getAttribute('aria-label')) ?? '';
  const m = /^Temperature against heat added, two lines\. All spheres: from Q = 0 J at kT ([\d.]+) J to Q = ([\d,.]+) J at kT ([\d.]+) J, kT between [\d.]+ and [\d.]+ J\. The liquid \(spheres in drops, kT averaged over the last 2 s\): from kT ([\d.]+) J to ([\d.]+) J, between ([\d.]+) and ([\d.]+) J\.$/.exec(label);
  expect(m, `its text alternative: ${label}`).not.toBeNull();
  const said = m!.slice(1).map((x) => Number(x.replace(/,/g, '')));
  const near = (value: number, sayAs: number): void => expect(Math.abs(value - sayAs), `${sayAs} said for ${value}`).toBeLessThanOrEqual(0.005 * Math.abs(value) + 1e-9);
  near(data.all[0], said[0]);
  near(data.heat, said[1]);
  near(data.all[1], said[2]);
  near(shown[0], said[3]);
  near(shown[shown.length - 1], said[4]);
  near(Math.min(...shown), said[5]);
  near(Math.max(...shown), said[6]);
  await expect(law.locator('[data-legend=tq]'), 'the legend').toHaveText('━ all spheres ━ the liquid (spheres in drops), mean over 2 s');
  // Both lines drawn, in the dark theme's red (all spheres) and blue (the liquid) (the plot draws
  // after its render: read until it has).
  await expect(async () => {
    const [red, blue] = await colourPixels(page, '[data-plot=tq]', ['#ff8a8a', '#5fb6ff'], 40);
    expect(red, "pixels of all the spheres' line").toBeGreaterThan(150);
    expect(blue, "pixels of the liquid's line").toBeGreaterThan(150);
  }).toPass({ timeout: 60_000 });
  // The readouts give the liquid's and the vapour's kT, in J and in the wells' depth (1 J), once
  // they show the last sample.
  for (const [key, value] of [['liquid-kt', data.last.liquidKT], ['vapour-kt', data.last.vapourKT]] as const) {
    await expect(async () => {
      const text = (await page.locator(`[data-readout=${key}]`).textContent()) ?? '';
      const r = /^([\d.]+) J = ([\d.]+) ε$/.exec(text);
      expect(r, `the ${key} readout: ${text}`).not.toBeNull();
      near(value, Number(r![1]));
      expect(r![2]).toBe(r![1]);
    }).toPass({ timeout: 60_000 });
  }
  await page.locator('[data-readout=liquid-kt]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots.dir, 'preset-boiling-readouts.png') });
  await canvas.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots.dir, 'preset-boiling-tq.png') });
  // On a projector: the same lines in the projector theme's darker red and blue.
  await page.evaluate(() => window.__sandbox.store.getState().setTheme('projector'));
  await waitFrames(page, 2);
  // The theme reaches the plot through a render and its drawing: read until it has.
  let small = [0, 0];
  await expect(async () => {
    small = await colourPixels(page, '[data-plot=tq]', ['#b3261e', '#0b57d0'], 40);
    expect(small[0], "pixels of all the spheres' line, projector theme").toBeGreaterThan(150);
    expect(small[1], "pixels of the liquid's line, projector theme").toBeGreaterThan(150);
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: join(shots.dir, 'preset-boiling-tq-projector.png') });
  // Enlarged for the room: a dialog named for the plot, the same path across a wide canvas with
  // thicker lines; Escape closes it and the focus goes back to its button.
  const enlarge = law.getByRole('button', { name: 'Enlarge the T–Q plot' });
  await enlarge.click();
  const dialog = page.getByRole('dialog', { name: 'Temperature against heat added' });
  await expect(dialog, 'the enlarged T–Q plot').toBeVisible();
  const big = dialog.locator('[data-plot=tq]');
  await expect(big, "the enlarged plot's points").toHaveAttribute('data-points', String(data.points));
  await expect(big, "the enlarged plot's liquid points").toHaveAttribute('data-liquid-points', String(shown.length));
  await expect.poll(() => big.evaluate((c) => (c as HTMLCanvasElement).width), { message: 'the enlarged canvas is wide' }).toBeGreaterThan(600);
  await expect(async () => {
    const [red, blue] = await colourPixels(page, '.plots-dialog [data-plot=tq]', ['#b3261e', '#0b57d0'], 40);
    expect(red, `pixels of all the spheres' line enlarged, against ${small[0]} in the panel`).toBeGreaterThan(2 * small[0]);
    expect(blue, `pixels of the liquid's line enlarged, against ${small[1]} in the panel`).toBeGreaterThan(2 * small[1]);
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: join(shots.dir, 'preset-boiling-tq-enlarged.png') });
  await page.keyboard.press('Escape');
  await expect(dialog, 'the dialog after Escape').toBeHidden();
  await expect(enlarge, 'the focus after the dialog closed').toBeFocused();
  await page.evaluate(() => window.__sandbox.store.getState().setTheme('dark'));
});

test('the condensation lesson: its gas gathers into drops, hundreds of pairs bound within a minute, shaded by neighbours in Settings (screenshot)', async () => {
  const { page } = shared;
  const { watch } = await open(page, 'condensation');
  await expect(watch).toContainText('2 of every 3');
  const start = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().wellPairs);
  // Stepped without drawing to a minute, then one published step: the drop meter measures that moment.
  const later = await page.evaluate(() => {
    const store = window.__sandbox.store;
    while (store.getState().sim.world.time < 60) store.getState().sim.stepOnce();
    store.getState().stepOnce();
    const stats = store.getState().sim.world.stats();
    return { pairs: stats.wellPairs, energy: stats.wellEnergy };
  });
  // Hundreds of pairs bound, each at the well's depth below zero.
  expect(later.pairs, 'pairs inside a well after a minute').toBeGreaterThan(Math.max(300, 3 * start));
  expect(later.energy).toBeLessThan(0);
  const settings = page.getByRole('complementary', { name: 'Settings' });
  if (!(await settings.getByRole('radio', { name: 'Neighbours' }).isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await settings.getByRole('radio', { name: 'Neighbours' }).check();
  expect(await page.evaluate(() => window.__sandbox.store.getState().settings.colorBy)).toBe('neighbours');
  const drops = await page.evaluate(() => window.__sandbox.store.getState().instruments.drops.last);
  expect(drops.inDrops, 'spheres in drops after a minute').toBeGreaterThan(150);
  await expect(settings.locator('[data-legend=neighbours]')).toBeVisible();
  await picture(page, 'preset-condensation-neighbours.png');
});
