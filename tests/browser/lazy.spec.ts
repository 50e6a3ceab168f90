// The heavier parts in chunks of their own, loaded when first used: the build's manifest keeps
// the thermodynamics sections, the Measure section, the Graph tool and the sound's engine out of
// what the app's and the embed page's entries import; in the page, none is requested at start,
// the Thermodynamics section says "Loading…" (a status) while its chunk is held back and then
// shows its controls, the Measure section and its Graph tab load theirs when opened, and the
// page's first gesture (a key) loads the sound's engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dist, results, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

/** A chunk of dist/.vite/manifest.json. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The modules loaded when first used, each its own dynamic entry. */
const LAZY = { thermo: 'src/ui/thermo/index.ts', measure: 'src/ui/measure/MeasurePanel.tsx', graph: 'src/ui/measure/GraphTool.tsx', sound: 'src/sound/sound.ts' } as const;

/** The file of `src`'s chunk, as the page requests it (`assets/...`). */
function fileOf(src: string): string {
  const chunk = manifest[src] as ManifestChunk | undefined;
  if (!chunk) throw new Error(`${src} is not a chunk of its own in the build's manifest`);
  return chunk.file;
}

/** The files an entry loads before it runs: its chunk and its static imports, recursively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const next of chunk.imports ?? []) staticClosure(next, into);
  return into;
}

test('the build keeps the heavier parts out of the app and the embed page, each a chunk of its own', () => {
  for (const src of Object.values(LAZY)) expect(manifest[src]?.isDynamicEntry, `${src} is a dynamic entry`).toBe(true);
  for (const entry of ['index.html', 'embed.html']) {
    const loaded = staticClosure(entry);
    for (const src of Object.values(LAZY)) expect(loaded.has(fileOf(src)), `${entry} loads ${src}'s chunk at start`).toBe(false);
  }
});

/** The script files the page has requested. */
const requested: string[] = [];

const shared = sharedPage('lazy', {}, async (page) => {
  page.on('request', (request) => requested.push(new URL(request.url()).pathname.slice(1)));
  await page.goto('/?test=1');
  await waitReady(page);
});

const panel = (page: Page) => page.getByRole('complementary', { name: 'Classroom' });

test('none of them is requested at start', () => {
  for (const src of Object.values(LAZY)) expect(requested, `requests at start, without ${src}'s chunk`).not.toContain(fileOf(src));
});

test("the first key loads the sound's engine, which the run then has", async () => {
  const { page } = shared;
  expect(requested, 'requests before a key').not.toContain(fileOf(LAZY.sound));
  // A key no shortcut takes: the page's first gesture (the sections' clicks below come after).
  await page.locator('body').press('Shift');
  await expect.poll(() => requested.includes(fileOf(LAZY.sound)), { message: "the sound's chunk requested after a key" }).toBe(true);
  await expect.poll(() => page.evaluate(async () => (await window.__sandbox.store.getState().sound()).unlocked), { message: 'the sound unlocked' }).toBe(true);
});

test('opening Thermodynamics says "Loading…" while its chunk is on its way, then shows its controls', async () => {
  const { page } = shared;
  const file = fileOf(LAZY.thermo);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${file}`, async (route) => {
    await held;
    await route.continue();
  });
  const section = panel(page).locator('[data-section=thermo]');
  await section.locator('> summary').click();
  await expect(section.getByRole('status'), 'the section while its chunk loads').toHaveText('Loading…');
  // The request event reaches this process on its own message, possibly after the status shows.
  await expect.poll(() => requested.includes(file), { message: 'the thermo chunk requested after opening the section' }).toBe(true);
  release();
  await expect(section.getByLabel('Push in'), 'the piston mode Push in, once loaded').toBeVisible();
  await expect(section.getByRole('status')).toHaveCount(0);
  await page.unroute(`**/${file}`);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'lazy-thermo.png') });
});

test('opening Measure loads its chunk, and its Graph tab the Graph tool', async () => {
  const { page } = shared;
  const section = panel(page).locator('[data-section=measure]');
  expect(requested, 'requests before opening Measure').not.toContain(fileOf(LAZY.measure));
  await section.locator('> summary').click();
  await expect(section.getByRole('tab', { name: 'Stopwatch' }), 'the Stopwatch tab').toBeVisible();
  await expect.poll(() => requested.includes(fileOf(LAZY.measure)), { message: "Measure's chunk requested after opening it" }).toBe(true);
  expect(requested, 'requests before the Graph tab').not.toContain(fileOf(LAZY.graph));
  await section.getByRole('tab', { name: 'Graph' }).click();
  await expect(section.locator('[data-graph="chart"] canvas').first(), "the Graph tool's chart").toBeVisible();
  await expect.poll(() => requested.includes(fileOf(LAZY.graph)), { message: "the Graph tool's chunk requested after its tab" }).toBe(true);
});
