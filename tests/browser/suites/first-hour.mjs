// What a teacher meets in the first hour, on a 1280 x 800 screen: a reload keeps the experiment
// and large text, presets leave the free sandbox's physics alone, each preset shows its lesson's readouts, a
// paused preset says Press Play, Brownian motion shows its big sphere, the plots enlarge for a
// projector, and the inspector's messages sit at their fields. An embed leaves the page's
// address alone.
import { join } from 'node:path';
import { check, results, runFromRestart, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

/** Readout keys visible now (the lesson's), and those behind More readouts. */
function readoutKeys(page) {
  return page.evaluate(() => {
    const shown = [];
    const hidden = [];
    for (const dd of document.querySelectorAll('[data-readout]')) (dd.checkVisibility() ? shown : hidden).push(dd.getAttribute('data-readout'));
    return { shown, hidden };
  });
}

export default async function firstHourSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'first-hour');
  page.setDefaultTimeout(60_000);

  await step('a reload restores a changed experiment exactly: the same readouts after the same steps', async () => {
    await page.goto(`${base}/?test=1&count=60&boxSize=5`);
    await waitReady(page);
    await page.getByLabel('Experiment').selectOption('billiards');
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.5');
    await page.getByLabel('Seed', { exact: true }).fill('4');
    // A hand edit: the cue ball's velocity, through the store as the inspector would.
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      const cue = s.sim.world.idAt(15);
      window.__editMessage = window.__sandbox.store.getState().editSphere(cue, { velocity: [6.5, 0.75, 0] });
    });
    check((await page.evaluate(() => window.__editMessage)) === null, 'the hand edit was refused');
    await page.waitForFunction(() => /edits=/.test(window.location.search) && /restitution=0\.5/.test(window.location.search) && /seed=4/.test(window.location.search), null, { timeout: 60_000 });
    const url = page.url();
    check(url.includes('test=1') && url.includes('preset=billiards'), `the address after the changes: ${url}`);
    const before = await runFromRestart(page, 90);
    await page.reload();
    await waitReady(page);
    const after = await runFromRestart(page, 90);
    check(after.preset === 'billiards' && after.settings.restitution === 0.5 && after.settings.seed === 4, `after the reload: preset ${after.preset}, e ${after.settings.restitution}, seed ${after.settings.seed}`);
    check(JSON.stringify(after.edits) === JSON.stringify(before.edits), `edits after the reload ${JSON.stringify(after.edits)}, before ${JSON.stringify(before.edits)}`);
    check(JSON.stringify(after.stats) === JSON.stringify(before.stats), `readouts after 90 steps differ: ${JSON.stringify(after.stats)} vs ${JSON.stringify(before.stats)}`);
    check(before.stats.pairs > 0, 'the run had no collision to compare');
    check(after.positions.every((x, k) => x === before.positions[k]), 'positions after 90 steps differ after the reload');
  });

  await step('a reload keeps large text, as it keeps the language; switched off, it stays off', async () => {
    const classroom = page.getByRole('button', { name: 'Classroom' });
    if ((await classroom.getAttribute('aria-expanded')) !== 'true') await classroom.click();
    await page.getByLabel('Large text (projector)').check();
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('text') === 'large', null, { timeout: 60_000 });
    await page.reload();
    await waitReady(page);
    if ((await classroom.getAttribute('aria-expanded')) !== 'true') await classroom.click();
    check(await page.getByLabel('Large text (projector)').isChecked(), 'large text is off after the reload');
    check((await page.locator('.overlay--large').count()) === 1, 'the panels are not drawn large after the reload');
    check(page.url().includes('preset=billiards'), `the experiment left the address: ${page.url()}`);
    await page.getByLabel('Large text (projector)').uncheck();
    await page.reload();
    await waitReady(page);
    check((await page.locator('.overlay--large').count()) === 0, 'large text came back after it was switched off');
  });

  await step('presets borrow: the free sandbox keeps the teacher’s restitution through cradle and billiards', async () => {
    await page.getByLabel('Experiment').selectOption('');
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.5');
    await page.getByLabel('Restitution (spheres)', { exact: true }).press('Tab');
    await page.getByLabel('Experiment').selectOption('cradle');
    await page.getByLabel('Experiment').selectOption('billiards');
    check((await page.getByLabel('Restitution (spheres)', { exact: true }).inputValue()) === '0.95', 'billiards does not show its own restitution 0.95');
    await page.getByLabel('Experiment').selectOption('');
    const field = await page.getByLabel('Restitution (spheres)', { exact: true }).inputValue();
    const world = await page.evaluate(() => window.__sandbox.store.getState().sim.world.options.restitution);
    check(field === '0.5' && world === 0.5, `back in the free sandbox the field reads ${field} and the world has e = ${world}, expected 0.5`);
  });

  await step('each preset shows its lesson’s readouts; the others are one click away', async () => {
    for (const [id, want, not] of [
      ['head-on', ['kinetic', 'total', 'momentum'], ['temperature', 'pressure']],
      ['cradle', ['momentum', 'total'], ['temperature', 'pressure-ideal']],
      ['gas', ['temperature', 'pressure', 'pressure-ideal', 'total'], ['momentum']],
      ['ball-pit', ['kinetic', 'potential', 'total'], ['temperature']],
    ]) {
      await page.getByLabel('Experiment').selectOption(id);
      const { shown, hidden } = await readoutKeys(page);
      for (const k of want) check(shown.includes(k), `${id} does not show the ${k} readout (shown: ${shown.join(', ')})`);
      for (const k of not) check(!shown.includes(k) && hidden.includes(k), `${id} shows ${k}, or does not keep it under More readouts`);
    }
    await page.getByText('More readouts').click();
    check((await readoutKeys(page)).shown.includes('temperature'), 'More readouts did not open the other readouts');
    await page.getByText('More readouts').click();
  });

  await step('the ball pit’s total energy is positive (potential energy from the floor)', async () => {
    await page.getByLabel('Experiment').selectOption('ball-pit');
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      for (let k = 0; k < 60; k++) window.__sandbox.store.getState().stepOnce();
    });
    const total = await page.locator('[data-readout="total"]').textContent();
    const potential = await page.locator('[data-readout="potential"]').textContent();
    check(parseFloat(total) > 0 && parseFloat(potential) > 0, `ball pit after 1 s: total ${total}, potential ${potential}`);
  });

  await step('a preset chosen while paused says Press Play, and pressing it plays', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await page.getByLabel('Experiment').selectOption('cradle');
    const hint = page.getByTestId('play-hint');
    await hint.waitFor({ state: 'visible' });
    check((await hint.textContent()).includes('Press Play'), `the hint reads "${await hint.textContent()}"`);
    await page.screenshot({ path: join(results, 'first-hour-cradle-paused.png') });
    await hint.click();
    await hint.waitFor({ state: 'detached' });
    check(await page.evaluate(() => window.__sandbox.store.getState().running), 'pressing the hint did not play');
  });

  await step('Brownian motion starts with its big sphere selected and its trail drawn', async () => {
    await page.getByLabel('Experiment').selectOption('brownian');
    const s = await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      const slot = st.sim.world.indexOf(st.selected);
      let larger = 0;
      for (let k = 0; k < st.sim.count; k++) if (st.sim.radii[k] >= st.sim.radii[slot] && k !== slot) larger++;
      return { selected: st.selected, trail: st.aids.trail, larger };
    });
    check(s.selected === 0 && s.trail && s.larger === 0, `brownian: selected ${s.selected}, trail ${s.trail}, ${s.larger} spheres as large`);
    await page.locator('.inspector[data-sphere="0"]').waitFor({ state: 'attached' });
    await waitFrames(page, 15);
    await page.screenshot({ path: join(results, 'first-hour-brownian.png') });
    await page.getByLabel('Experiment').selectOption('gas');
    check(!(await page.evaluate(() => window.__sandbox.store.getState().aids.trail)), 'the trail stayed on after leaving Brownian motion');
  });

  for (const large of [false, true]) {
    await step(`the plots enlarge to at least 600 px wide${large ? ' in large-text mode' : ''}, draw, and close with Escape`, async () => {
      const toggle = page.getByLabel('Large text (projector)');
      if (large) await toggle.check();
      else await toggle.uncheck();
      await page.getByRole('button', { name: 'Enlarge plots' }).click();
      const dialog = page.getByRole('dialog', { name: 'Plots' });
      await dialog.waitFor({ state: 'visible' });
      await page.waitForFunction(() => Number(document.querySelector('.plots-dialog [data-plot="energy"]')?.getAttribute('data-samples')) > 0, null, { timeout: 30_000, polling: 'raf' });
      const widths = await page.evaluate(() => [...document.querySelectorAll('.plots-dialog [data-plot] canvas')].map((c) => c.getBoundingClientRect().width));
      check(widths.length === 3 && widths.every((w) => w >= 600), `enlarged plot widths ${widths.map(Math.round).join(', ')} px, expected three of at least 600`);
      const font = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.plots-dialog .u-title')).fontSize));
      check(font >= (large ? 22 : 18), `the enlarged plots' titles are ${font} px`);
      check(await page.evaluate(() => document.activeElement?.textContent?.includes('Close')), 'focus did not move to the dialog’s Close button');
      await page.screenshot({ path: join(results, `first-hour-plots${large ? '-large' : ''}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }

  await step('the inspector’s error appears at its field, marked invalid, with the box’s limits in plain words', async () => {
    await page.getByLabel('Large text (projector)').uncheck();
    await page.getByLabel('Experiment').selectOption('head-on');
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      s.select(0);
    });
    const x = page.getByLabel('Position x (m)');
    await x.fill('1000');
    await page.getByRole('button', { name: 'Apply' }).click();
    const describedBy = await x.getAttribute('aria-describedby');
    check((await x.getAttribute('aria-invalid')) === 'true' && describedBy, 'position x is not marked invalid with a message');
    const message = await page.locator(`[id="${describedBy}"]`).textContent();
    check(/^Position x must be between -4\.6 m and 4\.6 m/.test(message) && message.endsWith('got 1000'), `the message at the field reads "${message}"`);
    check(!/\d\.\d{5,}/.test(message), `the message has long decimals: "${message}"`);
    // Next to its field: the message sits right under the input, not under the Apply button.
    const [fieldBox, messageBox, applyBox] = await Promise.all([x.boundingBox(), page.locator(`[id="${describedBy}"]`).boundingBox(), page.getByRole('button', { name: 'Apply' }).boundingBox()]);
    check(messageBox.y >= fieldBox.y + fieldBox.height - 1 && messageBox.y - (fieldBox.y + fieldBox.height) < 20 && messageBox.y < applyBox.y, 'the message is not right under its field');
    check((await page.evaluate(() => window.__sandbox.store.getState().edits.length)) === 0, 'the refused edit was recorded');
    await x.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, 'first-hour-inspector-error.png') });
  });

  await step('an embedded sandbox leaves the host page’s address alone', async () => {
    const embed = await context.newPage();
    watchErrors(embed, consoleErrors, 'first-hour embed');
    await embed.goto(`${base}/embed.html?test=1`);
    await embed.waitForFunction(() => window.__sandboxes && Object.keys(window.__sandboxes).length > 0, null, { timeout: 60_000 });
    const name = await embed.evaluate(() => Object.keys(window.__sandboxes)[0]);
    await embed.evaluate((n) => {
      const s = window.__sandboxes[n].store.getState();
      s.applySetting('restitution', 0.3);
      s.selectPreset('gas');
    }, name);
    const frames = await embed.evaluate((n) => window.__sandboxes[n].frames(), name);
    await embed.waitForFunction(([n, f]) => window.__sandboxes[n].frames() > f + 20, [name, frames], { timeout: 60_000, polling: 'raf' });
    check(new URL(embed.url()).search === '?test=1', `the embed changed the host's address to ${embed.url()}`);
    await embed.close();
  });

  await context.close();
}
