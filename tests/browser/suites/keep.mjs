// Keeping experiments: Save downloads a .sphere.json file; opening it in another page, through the
// file input or by dropping it on the page, gives the same run bit for bit; a refused file names
// its field and changes nothing. Screenshots of the File group at 1280x800.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, results, STATE_BY_ID, step, waitReady, watchErrors } from '../harness.mjs';

/** The page's run from its restart after `n` fixed steps (paused). */
function runFromStart(page, n) {
  return page.evaluate(
    ({ n, stateById }) => {
      const f = new Function(`return ${stateById}`)();
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().restart();
      for (let s = 0; s < n; s++) store.getState().stepOnce();
      return f(store.getState().sim.local);
    },
    { n, stateById: STATE_BY_ID },
  );
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export default async function keepSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'keep');
  page.setDefaultTimeout(60_000);
  const saved = join(results, 'keep-saved.sphere.json');
  let original;

  await step('keep: Save downloads <name>.sphere.json listing every sphere, one object each', async () => {
    await page.goto(`${base}/?count=24&boxSize=5&seed=7&test=1`);
    await waitReady(page);
    await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.pause();
      for (const [id, patch] of [[2, { mass: 5 }], [9, { velocity: [1.5, -0.5, 0.25] }], [15, { radius: 0.12 }]]) {
        const refused = window.__sandbox.store.getState().editSphere(id, patch);
        if (refused !== null) throw new Error(refused);
      }
    });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    check(download.suggestedFilename() === 'experiment.sphere.json', `the file is named ${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const file = JSON.parse(readFileSync(saved, 'utf8'));
    check(file.format === 'sphere-sandbox/experiment' && file.version === 1, `format ${file.format} v${file.version}`);
    check(file.spheres.length === 24, `${file.spheres.length} spheres listed`);
    check(file.spheres[2].mass === 5, `sphere 2 has mass ${file.spheres[2].mass}`);
    await page.getByText('Saved as experiment.sphere.json.').waitFor();
    await page.locator('.experiment__file').screenshot({ path: join(results, 'keep-file-group.png') });
    original = await runFromStart(page, 180);
  });

  await step('keep: opened in a new page through the file input (Open…), the run is the same bit for bit', async () => {
    const other = await context.newPage();
    watchErrors(other, consoleErrors, 'keep-open');
    await other.goto(`${base}/?preset=billiards&test=1`);
    await waitReady(other);
    check(await other.getByRole('button', { name: 'Open…' }).isVisible(), 'the Open button is there, named');
    await other.getByTestId('open-file-input').setInputFiles(saved);
    await other.getByText('Opened keep-saved.sphere.json').waitFor();
    const opened = await other.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { preset: s.preset, spheres: s.built?.spheres.length };
    });
    check(opened.preset === null && opened.spheres === 24, `opened ${JSON.stringify(opened)}`);
    const again = await runFromStart(other, 180);
    check(same(again, original), 'the opened experiment runs as the original, bit for bit');
    await other.close();
  });

  await step('keep: a file dropped on the page opens; a refused one names its field and changes nothing', async () => {
    const other = await context.newPage();
    watchErrors(other, consoleErrors, 'keep-drop');
    await other.goto(`${base}/?preset=cradle&test=1`);
    await waitReady(other);
    const drop = async (name, text) => {
      const data = await other.evaluateHandle(({ name, text }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: 'application/json' }));
        return dt;
      }, { name, text });
      await other.dispatchEvent('canvas', 'dragover', { dataTransfer: data });
      await other.dispatchEvent('canvas', 'drop', { dataTransfer: data });
    };
    const bad = JSON.parse(readFileSync(saved, 'utf8'));
    bad.spheres[3].radius = -2;
    const before = await other.evaluate(() => JSON.stringify(window.__sandbox.store.getState().experiment()));
    await drop('bad.sphere.json', JSON.stringify(bad));
    await other.getByText('Not opened, nothing changed. The file\'s field spheres[3].radius is not valid: got -2.').waitFor();
    const after = await other.evaluate(() => JSON.stringify(window.__sandbox.store.getState().experiment()));
    check(after === before, 'the refused file changed nothing');
    await other.locator('.experiment__file').screenshot({ path: join(results, 'keep-refused.png') });
    await drop('keep-saved.sphere.json', readFileSync(saved, 'utf8'));
    await other.getByText('Opened keep-saved.sphere.json').waitFor();
    const again = await runFromStart(other, 180);
    check(same(again, original), 'the dropped experiment runs as the original, bit for bit');
    await other.close();
  });

  await step('keep: a tab closed in the middle of editing is offered back on the next visit, and Restore brings it', async () => {
    // A context of its own: its storage holds only what this step's pages keep.
    const visits = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const edit = await visits.newPage();
    watchErrors(edit, consoleErrors, 'keep-edit');
    await edit.goto(`${base}/?count=20&boxSize=5&test=1&autosave=1`);
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
    await edit.waitForFunction(() => (localStorage.getItem('sphere-sandbox/autosave') ?? '').includes('"restitution": 0.75'), null, { polling: 100, timeout: 30_000 });
    await edit.close({ runBeforeUnload: true });
    const next = await visits.newPage();
    watchErrors(next, consoleErrors, 'keep-next');
    await next.goto(`${base}/?test=1&autosave=1`);
    await waitReady(next);
    const offer = next.getByTestId('restore-offer');
    await offer.waitFor();
    check((await next.evaluate(() => window.__sandbox.store.getState().settings.restitution)) === 1, 'nothing is restored before the person says so');
    await next.screenshot({ path: join(results, 'keep-restore-offer.png') });
    await offer.getByRole('button', { name: 'Restore' }).click();
    await offer.waitFor({ state: 'detached' });
    const back = await next.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { restitution: s.settings.restitution, spheres: s.built?.spheres.length, mass6: s.built?.spheres[6].mass, v6: s.built?.spheres[6].velocity };
    });
    check(back.restitution === wanted.settings.restitution && back.spheres === 20 && back.mass6 === 9 && back.v6.join() === '0.5,0.5,-1', `restored ${JSON.stringify(back)}`);
    await visits.close();
  });

  await step('keep: an experiment of 60 edited spheres goes into a compressed link and opens whole', async () => {
    const page2 = await context.newPage();
    watchErrors(page2, consoleErrors, 'keep-link');
    await page2.goto(`${base}/?count=80&boxSize=8&seed=3&test=1`);
    await waitReady(page2);
    await page2.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.pause();
      for (let id = 0; id < 60; id++) {
        const refused = window.__sandbox.store.getState().editSphere(id, { mass: 1 + id / 7, velocity: [Math.sin(id), Math.cos(id), id / 30] });
        if (refused !== null) throw new Error(refused);
      }
    });
    await page2.getByRole('button', { name: 'Copy link' }).click();
    const link = await page2.getByTestId('share-link').inputValue();
    check(/[?&]exp=[A-Za-z0-9_-]+/.test(link) && !link.includes('edits='), `the link is compressed: ${link.slice(0, 80)}…`);
    const original = await runFromStart(page2, 120);
    const wanted = await page2.evaluate(() => JSON.stringify(window.__sandbox.store.getState().edits.map((e) => [e.id, e.mass, e.velocity])));
    const opened = await context.newPage();
    watchErrors(opened, consoleErrors, 'keep-opened');
    await opened.goto(`${link}&test=1`);
    await waitReady(opened);
    const got = await opened.evaluate(() => ({ edits: JSON.stringify(window.__sandbox.store.getState().edits.map((e) => [e.id, e.mass, e.velocity])), notices: window.__sandbox.store.getState().notices }));
    check(got.notices.length === 0, `no notices: ${got.notices.join(' | ')}`);
    check(got.edits === wanted, `the 60 edits came through the link: ${got.edits.slice(0, 200)} vs ${wanted.slice(0, 200)}`);
    check(same(await runFromStart(opened, 120), original), 'the link opens the same run, bit for bit');
    await opened.close();
    await page2.close();
  });

  await context.close();
}
