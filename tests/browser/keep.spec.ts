// Keeping experiments: Save downloads a .sphere.json file; opening it in another page, through the
// file input or by dropping it on the page, gives the same run bit for bit; a refused file names
// its field and changes nothing. Screenshots of the File group at 1280x800.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { results, STATE_BY_ID, waitReady } from './support/page.ts';
import { expect, sharedPage, test, watchErrors } from './support/test.ts';

const shared = sharedPage('keep', { acceptDownloads: true });

/** Where Save's download is kept. */
const saved = join(results, 'keep-saved.sphere.json');

/** The page's run from its restart after `n` fixed steps (paused), as exact bit patterns by sphere id. */
function runFromStart(page: Page, n: number): Promise<string[]> {
  return page.evaluate(
    ({ n, stateById }) => {
      const f = new Function(`return ${stateById}`)() as (world: unknown) => string[];
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().restart();
      for (let s = 0; s < n; s++) store.getState().stepOnce();
      return f(store.getState().sim.local);
    },
    { n, stateById: STATE_BY_ID },
  );
}

/** Where two runs first differ (-1: nowhere, bit for bit). */
const firstDifference = (a: string[], b: string[]): number => (a.length !== b.length ? Math.min(a.length, b.length) : a.findIndex((x, i) => x !== b[i]));

/**
 * Opens `url` afresh in the shared page (a new document: nothing of the page before it stays but
 * the context's storage, which these tests do not use). One page at a time: an open page of the
 * app draws every frame, and would slow the one under test.
 */
async function openAfresh(url: string): Promise<Page> {
  const { page } = shared;
  await page.goto(url);
  await waitReady(page);
  return page;
}

/** Opens the 24-sphere experiment in the shared page, edits three spheres, and saves it to `saved` with Save. */
async function saveExperiment(): Promise<Download> {
  const page = await openAfresh('/?count=24&boxSize=5&seed=7&test=1');
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    const edits: [number, { mass?: number; velocity?: [number, number, number]; radius?: number }][] = [
      [2, { mass: 5 }],
      [9, { velocity: [1.5, -0.5, 0.25] }],
      [15, { radius: 0.12 }],
    ];
    for (const [id, patch] of edits) {
      const refused = window.__sandbox.store.getState().editSphere(id, patch);
      if (refused !== null) throw new Error(refused);
    }
  });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
  await download.saveAs(saved);
  return download;
}

/** The saved experiment's run after 180 steps (saved by the first test, or now on a page opened afresh). */
let original: string[] | undefined;
async function originalRun(): Promise<string[]> {
  if (original === undefined) {
    await saveExperiment();
    original = await runFromStart(shared.page, 180);
  }
  return original;
}

test('keep: Save downloads <name>.sphere.json listing every sphere, one object each', async () => {
  const download = await saveExperiment();
  const { page } = shared;
  expect(download.suggestedFilename(), "the file's name").toBe('experiment.sphere.json');
  const file = JSON.parse(readFileSync(saved, 'utf8'));
  expect({ format: file.format, version: file.version }, "the file's format").toEqual({ format: 'sphere-sandbox/experiment', version: 2 });
  expect(file.spheres.length, 'spheres listed').toBe(24);
  expect(file.spheres[2].mass, "sphere 2's mass").toBe(5);
  await page.getByText('Saved as experiment.sphere.json.').waitFor();
  await page.locator('.experiment__file').screenshot({ path: join(results, 'keep-file-group.png') });
  original = await runFromStart(page, 180);
});

test('keep: opened afresh (a new page load) through the file input (Open…), the run is the same bit for bit', async () => {
  const want = await originalRun();
  const other = await openAfresh('/?preset=billiards&test=1');
  await expect(other.getByRole('button', { name: 'Open…' }), 'the Open button, named').toBeVisible();
  await other.getByTestId('open-file-input').setInputFiles(saved);
  await other.getByText('Opened keep-saved.sphere.json').waitFor();
  const opened = await other.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { preset: s.preset, spheres: s.built?.spheres.length };
  });
  expect(opened, 'what was opened').toEqual({ preset: null, spheres: 24 });
  const again = await runFromStart(other, 180);
  expect(firstDifference(again, want), 'the first number where the opened experiment runs otherwise than the original').toBe(-1);
});

test('keep: a file dropped on a page opened afresh opens; a refused one names its field and changes nothing', async () => {
  const want = await originalRun();
  const other = await openAfresh('/?preset=cradle&test=1');
  const drop = async (name: string, text: string) => {
    const data = await other.evaluateHandle(
      ({ name, text }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: 'application/json' }));
        return dt;
      },
      { name, text },
    );
    await other.dispatchEvent('canvas', 'dragover', { dataTransfer: data });
    await other.dispatchEvent('canvas', 'drop', { dataTransfer: data });
  };
  const bad = JSON.parse(readFileSync(saved, 'utf8'));
  bad.spheres[3].radius = -2;
  const before = await other.evaluate(() => JSON.stringify(window.__sandbox.store.getState().experiment()));
  await drop('bad.sphere.json', JSON.stringify(bad));
  await other.getByText("Not opened, nothing changed. The file's field spheres[3].radius is not valid: got -2.").waitFor();
  const after = await other.evaluate(() => JSON.stringify(window.__sandbox.store.getState().experiment()));
  expect(after, 'the experiment after the refused file').toBe(before);
  await other.locator('.experiment__file').screenshot({ path: join(results, 'keep-refused.png') });
  await drop('keep-saved.sphere.json', readFileSync(saved, 'utf8'));
  await other.getByText('Opened keep-saved.sphere.json').waitFor();
  const again = await runFromStart(other, 180);
  expect(firstDifference(again, want), 'the first number where the dropped experiment runs otherwise than the original').toBe(-1);
});

test('keep: a tab closed in the middle of editing is offered back on the next visit, and Restore brings it', async ({ browser }) => {
  // The shared page draws nothing meanwhile.
  await shared.page.goto('about:blank');
  // A context of its own: its storage holds only what this test's pages keep.
  const visits = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    const edit = await visits.newPage();
    watchErrors(edit, 'keep-edit');
    edit.setDefaultTimeout(60_000);
    await edit.goto('/?count=20&boxSize=5&test=1&keep=1');
    await waitReady(edit);
    const wanted = await edit.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.pause();
      if (!st.applySettings({ restitution: 0.75 })) throw new Error('restitution refused');
      const refused = window.__sandbox.store.getState().editSphere(6, { mass: 9, velocity: [0.5, 0.5, -1] });
      if (refused !== null) throw new Error(refused);
      return window.__sandbox.store.getState().experiment();
    });
    // Kept once autosave's quiet time has passed (the storage is watched, not the clock); then the tab closes.
    await edit.waitForFunction(() => (localStorage.getItem('sphere-sandbox/autosave') ?? '').includes('"restitution": 0.75'), null, { polling: 100 });
    await edit.close({ runBeforeUnload: true });
    const next = await visits.newPage();
    watchErrors(next, 'keep-next');
    next.setDefaultTimeout(60_000);
    await next.goto('/?test=1&keep=1');
    await waitReady(next);
    const offer = next.getByTestId('restore-offer');
    await offer.waitFor();
    expect(await next.evaluate(() => window.__sandbox.store.getState().settings.restitution), 'the restitution before the person says Restore').toBe(1);
    await next.screenshot({ path: join(results, 'keep-restore-offer.png') });
    await offer.getByRole('button', { name: 'Restore' }).click();
    await offer.waitFor({ state: 'detached' });
    const back = await next.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { restitution: s.settings.restitution, spheres: s.built?.spheres.length, mass6: s.built?.spheres[6].mass, v6: s.built?.spheres[6].velocity };
    });
    expect(back, 'what Restore brought back').toEqual({ restitution: wanted.settings.restitution, spheres: 20, mass6: 9, v6: [0.5, 0.5, -1] });
    expect(back.restitution, 'the restored restitution').toBe(0.75);
  } finally {
    await visits.close();
  }
});

test('keep: an experiment of 60 edited spheres goes into a compressed link and opens whole', async () => {
  // The link's experiment is made in the shared page, then opened there afresh.
  const page = await openAfresh('/?count=80&boxSize=8&seed=3&test=1');
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    for (let id = 0; id < 60; id++) {
      const refused = window.__sandbox.store.getState().editSphere(id, { mass: 1 + id / 7, velocity: [Math.sin(id), Math.cos(id), id / 30] });
      if (refused !== null) throw new Error(refused);
    }
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link, 'the link carries the experiment compressed').toMatch(/[?&]exp=[A-Za-z0-9_-]+/);
  expect(link, 'the link').not.toContain('edits=');
  const want = await runFromStart(page, 120);
  const wanted = await page.evaluate(() => JSON.stringify(window.__sandbox.store.getState().edits.map((e) => [e.id, e.mass, e.velocity])));
  const opened = await openAfresh(`${link}&test=1`);
  const got = await opened.evaluate(() => ({ edits: JSON.stringify(window.__sandbox.store.getState().edits.map((e) => [e.id, e.mass, e.velocity])), notices: window.__sandbox.store.getState().notices }));
  expect(got.notices, 'the notices of the opened link').toEqual([]);
  expect(got.edits, 'the 60 edits through the link').toBe(wanted);
  expect(firstDifference(await runFromStart(opened, 120), want), 'the first number where the link runs otherwise than the original').toBe(-1);
});
