// What the browser tests do in a page: wait on rendered frames and on the framing (never on
// wall-clock sleeps), step the store, read the world bit for bit, and count drawn pixels.
import { expect, type Locator, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Settings } from '../../../src/experiment/index.ts';

export const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const dist = join(root, 'dist');
/** Where the tests put their screenshots and downloads (Playwright's own output is under test-results/playwright). */
export const results = join(root, 'test-results');
/**
 * Screenshots meant to be judged by eye: with `SHOTS=<folder>`, the files that take them draw
 * their pages in full (the look users see: `&drawing=full`, about a second a frame here) and put
 * them in that folder; otherwise their pages draw plainly, and the pictures go to test-results.
 */
export const shots = { dir: process.env.SHOTS ?? results, drawing: process.env.SHOTS === undefined ? '' : '&drawing=full' };
/** The app's fixed simulation step, s. */
export const FIXED_DT = 1 / 60;
/** The view's background colour, RGB. */
export const BACKGROUND: [number, number, number] = [0x0b, 0x10, 0x20];

/**
 * Waits until every lazily loaded part of the panels has arrived (no "Loading…" left,
 * src/ui/shared/lazy-part.tsx), so that a check reads the sections themselves. A folded section
 * opened just before (`details.open = true`, a click on its summary) draws its body only when its
 * `toggle` event comes, a task later: until then it holds its summary alone, and no "Loading…"
 * would say it is still to come. So every open `<details>` must also show more than its summary.
 */
export async function waitPartsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-loading]') === null && [...document.querySelectorAll('details[open]')].every((d) => [...d.children].some((c) => c.tagName !== 'SUMMARY')),
    undefined,
    { polling: 'raf' },
  );
}

/** Waits until the page has rendered `n` more frames. */
export async function waitFrames(page: Page, n: number): Promise<void> {
  const start = await page.evaluate(() => window.__sandbox.frames());
  await page.waitForFunction((target) => window.__sandbox.frames() >= target, start + n, { timeout: 60_000, polling: 'raf' });
}

/**
 * Waits until the framing has caught up with the page as it is now (the test hook's `framed()`:
 * the camera decided for the view version, the canvas size and the panels measured afresh, after
 * whatever order the panels' observers fired in), then until a frame has been drawn with it.
 */
export async function waitFramed(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__sandbox.framed(), null, { timeout: 60_000, polling: 'raf' });
  await waitFrames(page, 2);
}

/** Waits until the test hook is installed and the page has rendered more than `n` frames. */
export async function waitReady(page: Page, n = 3): Promise<void> {
  await page.waitForFunction((k) => window.__sandbox !== undefined && window.__sandbox.frames() > k, n, { timeout: 60_000 });
}

/** The world's simulated time, s. */
export const simTime = (page: Page): Promise<number> => page.evaluate(() => window.__sandbox.store.getState().sim.world.time);

/** What `runFromRestart` reads after its steps. */
export interface RunResult {
  preset: string | null;
  settings: Settings;
  edits: unknown;
  time: number;
  stats: { ke: number; pe: number; p: number[]; pairs: number };
  positions: number[];
}

/**
 * Pauses, restarts and steps the app's sandbox `n` fixed steps through its store; returns the
 * experiment, the time, the sampled readouts and every position then.
 */
export function runFromRestart(page: Page, n: number): Promise<RunResult> {
  return page.evaluate((steps) => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.restart();
    for (let k = 0; k < steps; k++) window.__sandbox.store.getState().stepOnce();
    const s = window.__sandbox.store.getState();
    const sim = s.sim;
    return {
      preset: s.preset,
      settings: s.settings,
      edits: s.edits,
      time: sim.world.time,
      stats: { ke: s.stats.kineticEnergy, pe: s.stats.potentialEnergy, p: Array.from(s.stats.momentum), pairs: s.stats.pairCollisionsTotal },
      positions: Array.from(sim.positions.subarray(0, 3 * sim.count)),
    };
  }, n);
}

/** Pixels of an image that differ from the background, and strongly coloured ones. */
export interface PixelCount {
  total: number;
  differ: number;
  coloured: number;
}

/** Counts the pixels of a PNG image (a data URL) that differ from the background, and strongly coloured ones. */
function pngPixels(page: Page, url: string): Promise<PixelCount> {
  return page.evaluate(
    async ([bg, src]) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c2 = document.createElement('canvas');
      c2.width = img.width;
      c2.height = img.height;
      const ctx = c2.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, c2.width, c2.height).data;
      let differ = 0;
      let coloured = 0;
      for (let k = 0; k < data.length; k += 4) {
        const r = data[k];
        const g = data[k + 1];
        const b = data[k + 2];
        if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 30) differ++;
        if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
      }
      return { total: data.length / 4, differ, coloured };
    },
    [BACKGROUND, url] as const,
  );
}

/** Counts pixels of a canvas (the view's, or `selector`) that differ from the background, and strongly coloured ones (test mode keeps its drawing buffer). */
export async function canvasPixels(page: Page, selector = '.sandbox-canvas canvas'): Promise<PixelCount> {
  return pngPixels(page, await page.evaluate((sel) => document.querySelector<HTMLCanvasElement>(sel)!.toDataURL('image/png'), selector));
}

/** The same counts for an element as the page shows it (from a screenshot): for a canvas that keeps no drawing buffer. */
export async function shownPixels(page: Page, selector: string): Promise<PixelCount> {
  return pngPixels(page, `data:image/png;base64,${(await page.locator(selector).screenshot()).toString('base64')}`);
}

/** Pixels a 2D canvas (a plot) has drawn anything on: alpha above 0. */
export function drawnPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((c) => {
    const el = c as HTMLCanvasElement;
    const d = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let k = 3; k < d.length; k += 4) if (d[k] > 0) n++;
    return n;
  });
}

/**
 * Opaque pixels (alpha above 200) of the 2D canvas `selector` within `within` (the sum of the
 * red, green and blue differences) of each colour given as "#rrggbb": a count a colour.
 */
export function colourPixels(page: Page, selector: string, colours: readonly string[], within: number): Promise<number[]> {
  return page.evaluate(
    ([sel, cs, near]) => {
      const el = document.querySelector<HTMLCanvasElement>(sel)!;
      const d = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
      return cs.map((c) => {
        const [r, g, b] = [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16));
        let n = 0;
        for (let k = 0; k < d.length; k += 4) if (d[k + 3] > 200 && Math.abs(d[k] - r) + Math.abs(d[k + 1] - g) + Math.abs(d[k + 2] - b) < near) n++;
        return n;
      });
    },
    [selector, colours, within] as const,
  );
}

/** Parses simple CSV (numbers, no quoting) into its header and numeric rows, expecting every row well formed. */
export function parseCsv(text: string): { header: string[]; rows: number[][] } {
  const lines = text.trim().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((line) => line.split(',').map(Number));
  for (const [k, row] of rows.entries()) {
    expect(row.length, `CSV row ${k + 1}'s fields`).toBe(header.length);
    expect(row.every((x) => !Number.isNaN(x)), `CSV row ${k + 1} has a field that is not a number: ${lines[k + 1]}`).toBe(true);
  }
  return { header, rows };
}

/**
 * The source of a function `(world) => string[]` that reads a world by sphere id (positions,
 * velocities, time) as exact bit patterns: hex of each double, so -0 and every last bit count.
 * For code in a page that reads a world of its own choosing (the twin's, a restarted run's):
 * `new Function(\`return ${STATE_BY_ID}\`)()` there.
 */
export const STATE_BY_ID = `(world) => {
  const bits = new DataView(new ArrayBuffer(8));
  const hex = (x) => { bits.setFloat64(0, x); return bits.getBigUint64(0).toString(16); };
  const ids = [];
  for (let s = 0; s < world.count; s++) ids.push(world.idAt(s));
  ids.sort((a, b) => a - b);
  const out = [hex(world.time)];
  for (const id of ids) {
    const s = world.indexOf(id);
    for (let d = 0; d < 3; d++) out.push(hex(world.positions[3 * s + d]), hex(world.velocities[3 * s + d]));
  }
  return out;
}`;
