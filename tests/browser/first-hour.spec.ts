// What a teacher meets in the first hour, on a 1280 x 800 screen: a reload keeps the experiment
// and large text, presets leave the free sandbox's physics alone, each preset shows its lesson's
// readouts, a paused preset says Press Play, Brownian motion shows its big sphere, the plots
// enlarge for a projector, and the inspector's messages sit at their fields. One page for the
// file; each test that a fresh page could not start from opens the app where it needs it.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { results, runFromRestart, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('first-hour');

/** Opens the app at `query` unless the page already shows it with every part of `query` in its address. */
async function ensureApp(page: Page, query = ''): Promise<void> {
  const url = new URL(page.url() === 'about:blank' ? 'http://x/' : page.url());
  const have = url.searchParams.get('test') === '1' && [...new URLSearchParams(query)].every(([k, v]) => url.searchParams.get(k) === v);
  if (have && (await page.evaluate(() => window.__sandbox !== undefined))) return;
  await page.goto(`/?test=1${query ? `&${query}` : ''}`);
  await waitReady(page);
}

/** Readout keys visible now (the lesson's), and those behind More readouts. */
function readoutKeys(page: Page): Promise<{ shown: string[]; hidden: string[] }> {
  return page.evaluate(() => {
    const shown: string[] = [];
    const hidden: string[] = [];
    for (const dd of document.querySelectorAll('[data-readout]')) (dd.checkVisibility() ? shown : hidden).push(dd.getAttribute('data-readout') ?? '');
    return { shown, hidden };
  });
}

/** Opens the Classroom panel if it is closed. */
async function openClassroom(page: Page): Promise<void> {
  const classroom = page.getByRole('button', { name: 'Classroom' });
  if ((await classroom.getAttribute('aria-expanded')) !== 'true') await classroom.click();
  await expect(classroom, 'the Classroom panel').toHaveAttribute('aria-expanded', 'true');
}

const pause = (page: Page) => page.evaluate(() => window.__sandbox.store.getState().pause());

test('a reload restores a changed experiment exactly: the same readouts after the same steps', async () => {
  const { page } = shared;
  await page.goto('/?test=1&count=60&boxSize=5');
  await waitReady(page);
  await pause(page);
  await page.getByLabel('Experiment').selectOption('billiards');
  await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.5');
  await page.getByLabel('Seed', { exact: true }).fill('4');
  // A hand edit: the cue ball's velocity, through the store as the inspector would.
  const refused = await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    const cue = s.sim.world.idAt(15);
    return window.__sandbox.store.getState().editSphere(cue, { velocity: [6.5, 0.75, 0] });
  });
  expect(refused, "the hand edit's refusal").toBeNull();
  await page.waitForFunction(() => /edits=/.test(window.location.search) && /restitution=0\.5/.test(window.location.search) && /seed=4/.test(window.location.search), null, { timeout: 60_000 });
  const url = page.url();
  expect(url, 'the address after the changes').toContain('test=1');
  expect(url, 'the address after the changes').toContain('preset=billiards');
  const before = await runFromRestart(page, 90);
  await page.reload();
  await waitReady(page);
  const after = await runFromRestart(page, 90);
  expect(after.preset, 'the preset after the reload').toBe('billiards');
  expect(after.settings.restitution, 'restitution after the reload').toBe(0.5);
  expect(after.settings.seed, 'seed after the reload').toBe(4);
  expect(after.edits, 'edits after the reload').toEqual(before.edits);
  expect(JSON.stringify(after.stats), 'readouts after 90 steps, after the reload against before').toBe(JSON.stringify(before.stats));
  expect(before.stats.pairs, 'pair collisions in the run compared').toBeGreaterThan(0);
  const k = after.positions.findIndex((x, i) => x !== before.positions[i]);
  expect(after.positions.length, 'coordinates after the reload').toBe(before.positions.length);
  expect(k, `the first coordinate after 90 steps that differs after the reload (${after.positions[k]}, before ${before.positions[k]})`).toBe(-1);
});

test('a reload keeps large text, as it keeps the language; switched off, it stays off', async () => {
  const { page } = shared;
  await ensureApp(page, 'preset=billiards');
  await pause(page);
  await openClassroom(page);
  await page.getByLabel('Large text (projector)').check();
  await page.waitForFunction(() => new URLSearchParams(window.location.search).get('text') === 'large', null, { timeout: 60_000 });
  await page.reload();
  await waitReady(page);
  await pause(page);
  await openClassroom(page);
  expect(await page.getByLabel('Large text (projector)').isChecked(), 'large text after the reload').toBe(true);
  await expect(page.locator('.overlay--large'), 'the panels drawn large after the reload').toHaveCount(1);
  expect(page.url(), 'the address after the reload keeps the experiment').toContain('preset=billiards');
  await page.getByLabel('Large text (projector)').uncheck();
  await page.waitForFunction(() => !new URLSearchParams(window.location.search).has('text'), null, { timeout: 60_000 });
  await page.reload();
  await waitReady(page);
  await pause(page);
  await expect(page.locator('.overlay--large'), 'the panels drawn large after switching large text off and reloading').toHaveCount(0);
});

test('a bare visit (a bookmark) keeps large text and the projector theme from the browser; an address that names them wins', async () => {
  const { page } = shared;
  // keep=1: this test page reads and writes the browser's storage, as a page outside test mode does.
  await page.goto('/?test=1&keep=1&preset=billiards');
  await waitReady(page);
  await pause(page);
  await openClassroom(page);
  await page.getByLabel('Large text (projector)').check();
  await page.getByRole('complementary', { name: 'Settings' }).getByRole('switch', { name: 'Projector theme' }).check();
  await page.waitForFunction(() => /"theme":"projector"/.test(localStorage.getItem('sphere-sandbox.display') ?? ''));
  const bare = async (query: string) => {
    await page.goto(`/?test=1&keep=1${query}`);
    await waitReady(page);
    return page.evaluate(() => ({ large: document.querySelectorAll('.overlay--large').length === 1, theme: window.__sandbox.store.getState().theme }));
  };
  expect(await bare(''), 'a bare visit').toEqual({ large: true, theme: 'projector' });
  expect(await bare('&text=normal&theme=dark'), 'a visit whose address names both').toEqual({ large: false, theme: 'dark' });
  // Switched off on a bare visit, they stay off on the next one.
  await bare('');
  await pause(page);
  await openClassroom(page);
  await page.getByLabel('Large text (projector)').uncheck();
  await page.getByRole('complementary', { name: 'Settings' }).getByRole('switch', { name: 'Projector theme' }).uncheck();
  expect(await bare(''), 'a bare visit after switching both off').toEqual({ large: false, theme: 'dark' });
});

test('presets borrow: the free sandbox keeps the teacher’s restitution through cradle and billiards', async () => {
  const { page } = shared;
  await ensureApp(page);
  const restitution = page.getByLabel('Restitution (spheres)', { exact: true });
  await page.getByLabel('Experiment').selectOption('');
  await restitution.fill('0.5');
  await restitution.press('Tab');
  await page.getByLabel('Experiment').selectOption('cradle');
  await page.getByLabel('Experiment').selectOption('billiards');
  await expect(restitution, 'billiards shows its own restitution').toHaveValue('0.95');
  await page.getByLabel('Experiment').selectOption('');
  await expect(restitution, 'the field back in the free sandbox').toHaveValue('0.5');
  expect(await page.evaluate(() => window.__sandbox.store.getState().sim.world.options.restitution), "the world's restitution back in the free sandbox").toBe(0.5);
});

test('each preset shows its lesson’s readouts; the others are one click away', async () => {
  const { page } = shared;
  await ensureApp(page);
  const lessons: [string, string[], string[]][] = [
    ['head-on', ['kinetic', 'total', 'momentum'], ['temperature', 'pressure']],
    ['cradle', ['momentum', 'total'], ['temperature', 'pressure-ideal']],
    ['gas', ['temperature', 'pressure', 'pressure-ideal', 'total'], ['momentum']],
    ['ball-pit', ['kinetic', 'potential', 'total'], ['temperature']],
  ];
  for (const [id, want, not] of lessons) {
    await page.getByLabel('Experiment').selectOption(id);
    await page.waitForFunction((p) => window.__sandbox.store.getState().preset === p, id);
    // The readouts follow the preset on the next render: wait for the lesson's set.
    await expect.poll(async () => (await readoutKeys(page)).shown.filter((k) => want.includes(k)).sort(), { message: `${id}'s readouts shown` }).toEqual([...want].sort());
    const { shown, hidden } = await readoutKeys(page);
    for (const k of not) {
      expect(shown, `${id}'s readouts shown`).not.toContain(k);
      expect(hidden, `${id}'s readouts under More readouts`).toContain(k);
    }
  }
  await page.getByText('More readouts').click();
  await expect.poll(async () => (await readoutKeys(page)).shown, { message: 'readouts shown after opening More readouts' }).toContain('temperature');
  await page.getByText('More readouts').click();
});

test('the ball pit’s total energy is positive (potential energy from the floor)', async () => {
  const { page } = shared;
  await ensureApp(page);
  await page.getByLabel('Experiment').selectOption('ball-pit');
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    for (let k = 0; k < 60; k++) window.__sandbox.store.getState().stepOnce();
  });
  const t = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
  expect(t, 'the ball pit stepped a second from its start').toBeGreaterThanOrEqual(1 - 1e-9);
  await expect.poll(async () => parseFloat((await page.locator('[data-readout="total"]').textContent()) ?? ''), { message: 'the total energy readout after 1 s' }).toBeGreaterThan(0);
  await expect.poll(async () => parseFloat((await page.locator('[data-readout="potential"]').textContent()) ?? ''), { message: 'the potential energy readout after 1 s' }).toBeGreaterThan(0);
});

test('a preset chosen while paused says Press Play, and pressing it plays (screenshot)', async () => {
  const { page } = shared;
  await ensureApp(page);
  await pause(page);
  await page.getByLabel('Experiment').selectOption('cradle');
  const hint = page.getByTestId('play-hint');
  await expect(hint, 'the hint after choosing a preset while paused').toContainText('Press Play');
  await page.screenshot({ path: join(results, 'first-hour-cradle-paused.png') });
  await hint.click();
  await hint.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => window.__sandbox.store.getState().running), 'running after pressing the hint').toBe(true);
});

test('Brownian motion starts with its big sphere selected and its trail drawn; leaving it drops the trail (screenshot)', async () => {
  const { page } = shared;
  await ensureApp(page);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.getByLabel('Experiment').selectOption('brownian');
  const s = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    const slot = st.sim.world.indexOf(st.selected ?? -1);
    let larger = 0;
    for (let k = 0; k < st.sim.count; k++) if (st.sim.radii[k] >= st.sim.radii[slot] && k !== slot) larger++;
    return { preset: st.preset, selected: st.selected, trail: st.aids.trail, larger };
  });
  expect(s, 'brownian: the selected sphere, the trail, the spheres as large').toEqual({ preset: 'brownian', selected: 0, trail: true, larger: 0 });
  await page.locator('.inspector[data-sphere="0"]').waitFor({ state: 'attached' });
  // A trail of a few positions behind the big sphere: 15 frames of the run.
  await waitFrames(page, 15);
  await page.screenshot({ path: join(results, 'first-hour-brownian.png') });
  // Left for a small scene (two spheres), which the tests after this one draw quickly.
  await page.getByLabel('Experiment').selectOption('head-on');
  expect(await page.evaluate(() => window.__sandbox.store.getState().aids.trail), 'the trail after leaving Brownian motion').toBe(false);
});

for (const large of [false, true]) {
  test(`the plots enlarge to at least 600 px wide${large ? ' in large-text mode' : ''}, draw, and close with Escape (screenshot)`, async () => {
    const { page } = shared;
    await ensureApp(page);
    // Samples for the plots: a few steps, paused (each step publishes one).
    await page.evaluate(() => {
      window.__sandbox.store.getState().pause();
      for (let k = 0; k < 15; k++) window.__sandbox.store.getState().stepOnce();
    });
    await openClassroom(page);
    const toggle = page.getByLabel('Large text (projector)');
    if (large) await toggle.check();
    else await toggle.uncheck();
    await page.getByRole('button', { name: 'Enlarge plots' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plots' });
    await dialog.waitFor({ state: 'visible' });
    await page.waitForFunction(() => Number(document.querySelector('.plots-dialog [data-plot="energy"]')?.getAttribute('data-samples')) > 0, null, { timeout: 60_000, polling: 'raf' });
    const widths = await page.evaluate(() => [...document.querySelectorAll('.plots-dialog [data-plot] canvas')].map((c) => c.getBoundingClientRect().width));
    expect(widths.length, 'enlarged plots').toBe(3);
    expect(Math.min(...widths), `the narrowest enlarged plot (widths ${widths.map(Math.round).join(', ')} px)`).toBeGreaterThanOrEqual(600);
    const font = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.plots-dialog .u-title')!).fontSize));
    expect(font, "the enlarged plots' titles, px").toBeGreaterThanOrEqual(large ? 22 : 18);
    expect(await page.evaluate(() => document.activeElement?.textContent?.includes('Close') ?? false), 'focus on the dialog’s Close button').toBe(true);
    await page.screenshot({ path: join(results, `first-hour-plots${large ? '-large' : ''}.png`) });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
}

test('the inspector’s error appears at its field, marked invalid, with the box’s limits in plain words (screenshot)', async () => {
  const { page } = shared;
  await ensureApp(page);
  await openClassroom(page);
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
  await expect(x, 'position x marked invalid').toHaveAttribute('aria-invalid', 'true');
  const describedBy = await x.getAttribute('aria-describedby');
  expect(describedBy, 'the message position x is described by').toBeTruthy();
  const messageAt = page.locator(`[id="${describedBy}"]`);
  const message = (await messageAt.textContent()) ?? '';
  expect(message, 'the message at the field').toMatch(/^Position x must be between -4\.6 m and 4\.6 m/);
  expect(message, 'the message at the field').toMatch(/got 1000$/);
  expect(message, 'the message at the field has no long decimals').not.toMatch(/\d\.\d{5,}/);
  // Next to its field: the message sits right under the input, not under the Apply button.
  const [fieldBox, messageBox, applyBox] = await Promise.all([x.boundingBox(), messageAt.boundingBox(), page.getByRole('button', { name: 'Apply' }).boundingBox()]);
  const fieldBottom = fieldBox!.y + fieldBox!.height;
  expect(messageBox!.y, "the message's top, against the field's bottom").toBeGreaterThanOrEqual(fieldBottom - 1);
  expect(messageBox!.y - fieldBottom, 'the gap between the field and its message, px').toBeLessThan(20);
  expect(messageBox!.y, "the message's top, against the Apply button's").toBeLessThan(applyBox!.y);
  expect(await page.evaluate(() => window.__sandbox.store.getState().edits.length), 'edits recorded after the refused one').toBe(0);
  await x.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'first-hour-inspector-error.png') });
});
