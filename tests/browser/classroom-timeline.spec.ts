// The classroom's timeline on a projector-sized page (1200 x 760): scrubbing back shows the run
// exactly as it was and playing on reproduces it; Copy link compresses a long link and refuses
// one too long to open; the CSV downloads and Last pair follow the moment shown; and no live
// region changes while a run plays.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { downloadCsv } from './support/classroom.ts';
import { results, simTime, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('classroom timeline', { viewport: { width: 1200, height: 760 }, acceptDownloads: true }, async (page) => {
  await page.goto('/?preset=gas&test=1');
  await waitReady(page);
});

/** The run at a moment: step, positions, velocities, time and readouts. */
interface Moment {
  step: number;
  positions: number[];
  velocities: number[];
  time: number;
  kinetic: number;
  pairs: number;
}

/** The moment the page shows now, and whether it runs. */
const now = (page: Page) =>
  page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    const n = 3 * s.sim.count;
    return { step: s.sim.stepsRun, positions: Array.from(s.sim.positions.subarray(0, n)), velocities: Array.from(s.sim.velocities.subarray(0, n)), time: s.sim.world.time, kinetic: s.stats.kineticEnergy, pairs: s.stats.pairCollisionsTotal, running: s.running };
  });

/** The first difference of two moments (Object.is on every coordinate), or null when they are the same. */
function difference(a: Moment, b: Moment): string | null {
  for (const key of ['step', 'time', 'kinetic', 'pairs'] as const) if (a[key] !== b[key]) return `${key} ${a[key]} vs ${b[key]}`;
  const p = a.positions.findIndex((x, i) => !Object.is(x, b.positions[i]));
  if (p >= 0 || a.positions.length !== b.positions.length) return `position ${p}: ${a.positions[p]} vs ${b.positions[p]}`;
  const v = a.velocities.findIndex((x, i) => !Object.is(x, b.velocities[i]));
  if (v >= 0 || a.velocities.length !== b.velocities.length) return `velocity ${v}: ${a.velocities[v]} vs ${b.velocities[v]}`;
  return null;
}

test('the timeline: scrubbing back shows the run exactly as it was, playing on reproduces it bit for bit, a log row goes to its moment (screenshot)', async () => {
  const { page } = shared;
  if ((await page.evaluate(() => window.__sandbox.store.getState().preset)) !== 'gas') await page.getByLabel('Experiment').selectOption('gas');
  // The run: paused, then 150 fixed steps, the state kept at steps 40, 100 and 150 (positions,
  // velocities, time, readouts), each step through the store's Step action.
  const kept = await page.evaluate(() => {
    const store = window.__sandbox.store;
    store.getState().pause();
    store.getState().restart();
    const snap = () => {
      const s = store.getState();
      const n = 3 * s.sim.count;
      return { step: s.sim.stepsRun, positions: Array.from(s.sim.positions.subarray(0, n)), velocities: Array.from(s.sim.velocities.subarray(0, n)), time: s.sim.world.time, kinetic: s.stats.kineticEnergy, pairs: s.stats.pairCollisionsTotal };
    };
    const out: Record<number, ReturnType<typeof snap>> = {};
    for (let k = 1; k <= 150; k++) {
      store.getState().stepOnce();
      if (k === 40 || k === 100 || k === 150) out[k] = snap();
    }
    return out;
  });
  const bar = page.getByRole('slider', { name: 'Timeline' });
  await expect(bar, "the timeline's end").toHaveAttribute('max', '150');
  // Dragged back to step 40: the scene and the readouts exactly as they were.
  await bar.fill('40');
  await waitFrames(page, 2);
  const back = await now(page);
  expect(back.running, 'running at step 40 of the timeline').toBe(false);
  expect(difference(back, kept[40]), 'at step 40 of the timeline, how the world differs from the one the run had').toBeNull();
  await expect(page.locator('[data-timeline="time"]'), "the timeline's time").toHaveText(`${(40 / 60).toFixed(2)} s of ${(150 / 60).toFixed(2)} s`);
  await page.screenshot({ path: join(results, 'timeline.png') });
  // Forward to 100, then back: the bar goes both ways.
  await bar.fill('100');
  expect(difference(await now(page), kept[100]), 'forward to step 100, how the world differs from the one the run had').toBeNull();
  // Back to 40 and played on with Step: the same run, bit for bit.
  await bar.fill('40');
  await page.evaluate(() => {
    for (let k = 0; k < 110; k++) window.__sandbox.store.getState().stepOnce();
  });
  expect(difference(await now(page), kept[150]), 'played on from step 40, how the run differs from the one that happened').toBeNull();
  // A row of the collision log goes to its moment.
  const log = page.locator('[data-section="log"]');
  if ((await log.getAttribute('open')) === null) await log.locator('summary').click();
  const first = log.locator('.log__jump').first();
  await first.waitFor({ state: 'visible' });
  const t = Number(await first.textContent());
  await first.click();
  const at = await now(page);
  expect(at.running, 'running after the log row').toBe(false);
  expect(at.time >= t - 1e-3 && at.time - 1 / 60 < t + 1e-3, `the log's row at t = ${t} s went to t = ${at.time} s`).toBe(true);
});

test('Copy link compresses a link past 4,096 characters (80 edits) into one exp= parameter, and says when even that is too long (screenshot)', async () => {
  const { page } = shared;
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    for (let id = 0; id < 80; id++) {
      const refused = s.editSphere(id, { velocity: [1.234567, -2.345678, 0.5 + id / 1000] });
      if (refused !== null) throw new Error(refused);
    }
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByTestId('share-link').waitFor();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link, 'the copied link (compressed)').toMatch(/[?&]exp=[A-Za-z0-9_-]+$/);
  // A built scene of 2,000 spheres with awkward velocities is past what even a compressed link
  // holds (about 119,000 characters; the old suite's 4,000, about 237,000, drew twice as slowly).
  await page.evaluate(() => {
    const spheres = [];
    for (let k = 0; k < 2000; k++) spheres.push({ position: [-9.5 + (k % 20), -9.5 + (Math.floor(k / 20) % 20), -9.5 + Math.floor(k / 400)], velocity: [Math.sin(k), Math.cos(k), Math.sin(3 * k)], radius: 0.2, mass: 1 + Math.abs(Math.sin(7 * k)) });
    const settings = window.__sandbox.store.getState().settings;
    const refused = window.__sandbox.store.getState().openExperiment({ format: 'sphere-sandbox/experiment', version: 1, experiment: { preset: null, settings, predict: false, twin: null }, box: { size: [20, 20, 20], planar: false }, spheres });
    if (refused !== null) throw new Error(refused);
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  const said = page.locator('.experiment__copied').first();
  await expect(said, 'what Copy link says').toHaveText(/^Not copied: this link would be [\d,]+ characters long, and a link holds at most 64,?000\. Save the experiment as a file instead/);
  const length = Number(/would be ([\d,]+) characters/.exec((await said.textContent()) ?? '')?.[1].replace(/,/g, ''));
  expect(length, 'the length Copy link says the link would have').toBeGreaterThan(64_000);
  await expect(page.getByTestId('share-link'), 'the too long link offered to copy').toHaveCount(0);
  await page.screenshot({ path: join(results, 'copy-link-too-long.png') });
});

test('after scrubbing back, both CSV downloads and Last pair are those of the moment shown', async () => {
  const { page } = shared;
  // The case: billiards run to 8 s, then back to 3.25 s.
  await page.getByLabel('Experiment').selectOption('billiards');
  await page.waitForFunction(() => window.__sandbox.store.getState().preset === 'billiards');
  await page.evaluate(() => {
    const store = window.__sandbox.store;
    store.getState().pause();
    store.getState().restart();
    for (let k = 1; k <= 480; k++) {
      store.getState().stepOnce();
      if (k % 30 === 0) store.getState().sampleNow();
    }
  });
  await waitFrames(page, 2);
  const bar = page.getByRole('slider', { name: 'Timeline' });
  const whole = await downloadCsv(page, 'Collisions CSV');
  const wholeSeries = await downloadCsv(page, 'Energy CSV');
  await bar.fill('195');
  await waitFrames(page, 2);
  const time = await simTime(page);
  const log = await downloadCsv(page, 'Collisions CSV');
  const series = await downloadCsv(page, 'Energy CSV');
  const latest = (csv: { rows: number[][] }) => Math.max(...csv.rows.map((r) => r[0]));
  expect(latest(whole), `the run's collision CSV's last time (after the moment ${time} s)`).toBeGreaterThan(time);
  expect(log.rows.length, `rows of the collision CSV at ${time} s`).toBeGreaterThan(0);
  expect(latest(log), `the collision CSV's last time at ${time} s`).toBeLessThanOrEqual(time);
  expect(latest(wholeSeries), `the run's energy CSV's last time (after the moment ${time} s)`).toBeGreaterThan(time);
  expect(latest(series), `the energy CSV's last time at ${time} s`).toBeLessThanOrEqual(time);
  const last = log.rows[log.rows.length - 1];
  await expect(page.locator('[data-stat="last-pair"]'), `Last pair (the log's last before ${time} s)`).toHaveText(`#${last[1]} ↔ #${last[2]}`);
});

test('no live region announces the running clock: none changes while the run plays', async () => {
  const { page } = shared;
  await page.evaluate(() => {
    window.__sandbox.store.getState().restart();
    window.__sandbox.store.getState().play();
  });
  await waitFrames(page, 10);
  await page.evaluate(() => {
    // Not the run's description (data-describe="live"): it tells the gas's trend every few
    // seconds of page time on purpose (access.spec.ts holds its words), which a slow machine
    // reaches within this run; it never reads the clock.
    const live = [...document.querySelectorAll('output, [role="status"], [role="log"], [role="alert"], [role="timer"], [aria-live]:not([aria-live="off"])')].filter((el) => !el.matches('[data-describe="live"]'));
    const changes: string[] = [];
    window.__liveChanges = changes;
    window.__liveObserver = new MutationObserver((records) => {
      for (const r of records) changes.push((r.target.parentElement ?? (r.target as Element)).outerHTML?.slice(0, 120) ?? String(r.target.textContent));
    });
    for (const el of live) window.__liveObserver.observe(el, { subtree: true, childList: true, characterData: true });
    window.__liveCount = live.length;
  });
  const t0 = await simTime(page);
  await page.waitForFunction((t) => window.__sandbox.store.getState().stats.simTime > t + 1.5, t0, { polling: 'raf' });
  const { changes, count } = await page.evaluate(() => {
    window.__liveObserver.disconnect();
    return { changes: window.__liveChanges as string[], count: window.__liveCount as number };
  });
  expect(count, 'live regions on the page').toBeGreaterThanOrEqual(2);
  expect(changes, 'live regions changed during the run').toEqual([]);
  await expect(page.locator('[data-timeline="time"]'), "the timeline's time did not move").not.toHaveText(/^0\.00/);
});
