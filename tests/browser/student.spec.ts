// Student views: a teacher makes a student-view link in the Classroom panel (Student view…, the
// checkboxes, Copy student link); the link opened in a new page leaves out what it hides, shows
// what it locks disabled with "Locked by your teacher", and the store refuses a change to it;
// Copy link there keeps the view; a hand-written view= hides whole panels; a malformed view= gives
// notices naming the refused entries. Screenshots of the teacher's control and a student's page.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { results, waitReady } from './support/page.ts';
import { expect, test } from './support/test.ts';

/** The view the teacher's ticks make. */
const VIEW = 'view=hide:build,measure;lock:preset,restitution';

/** The student link the teacher copied (the first test), or, if that test failed, the same view by hand. */
let link = '';

/**
 * Each test opens its own page (the built-in one, in a context of its own: a student's browser is
 * not the teacher's), so that one page renders at a time.
 */
async function openAt(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitReady(page);
}

test('the teacher ticks what to hide and lock, by keyboard, and copies a student link', async ({ page }) => {
  await openAt(page, '/?preset=head-on&test=1');
  const open = page.getByRole('button', { name: 'Student view…' });
  await expect(open, 'the Student view button (folded)').toHaveAttribute('aria-expanded', 'false');
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open, 'the Student view button after Enter (open)').toHaveAttribute('aria-expanded', 'true');
  const group = page.getByRole('group', { name: 'Student view' });
  for (const name of ['Build', 'Measure']) await group.getByRole('group', { name: 'Hide' }).getByRole('checkbox', { name, exact: true }).check();
  const lock = group.getByRole('group', { name: 'Lock (shown, but cannot be changed)' });
  // A checkbox is reached and ticked by keyboard (Space), named for a screen reader.
  const picker = lock.getByRole('checkbox', { name: 'Experiment picker and File Open' });
  await picker.focus();
  await page.keyboard.press('Space');
  await expect(picker, 'the picker lock after Space').toBeChecked();
  await lock.getByRole('checkbox', { name: 'Restitution (spheres)' }).check();
  await group.getByRole('button', { name: 'Copy student link' }).click();
  const field = page.getByTestId('student-link');
  await field.waitFor();
  const copied = await field.inputValue();
  expect(copied, 'the student link carries the experiment').toContain('preset=head-on');
  expect(copied.endsWith(`&${VIEW}`), `the student link ends with the view: ${copied}`).toBe(true);
  link = copied;
  await group.getByRole('checkbox', { name: 'Measure', exact: true }).scrollIntoViewIfNeeded();
  await page.locator('[data-panel="classroom"]').screenshot({ path: join(results, 'student-teacher-control.png') });
  await field.scrollIntoViewIfNeeded();
  await page.locator('[data-panel="classroom"]').screenshot({ path: join(results, 'student-teacher-link.png') });
});

test('the link opened in a new page hides Build and Measure; the picker and restitution are disabled, noted, and refused', async ({ page }) => {
  await openAt(page, `${link || `/?preset=head-on&${VIEW}`}&test=1`);
  expect(await page.locator('[data-section="build"]').count(), 'Build sections').toBe(0);
  expect(await page.locator('[data-section="measure"]').count(), 'Measure sections').toBe(0);
  expect(await page.locator('[data-section="plots"]').count(), 'Plots sections (still there)').toBe(1);
  await expect(page.getByRole('combobox', { name: 'Experiment' }), 'the experiment picker').toBeDisabled();
  const restitution = page.getByRole('textbox', { name: 'Restitution (spheres)' });
  await expect(restitution, 'the restitution field').toBeDisabled();
  await expect(page.getByRole('slider', { name: /Restitution \(spheres\)/ }), "the restitution field's slider").toBeDisabled();
  const described = await restitution.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' '),
  );
  expect(described, 'what describes the restitution field').toContain('Locked by your teacher');
  expect(await page.getByText('Locked by your teacher').count(), 'notes "Locked by your teacher" (at the picker and the field)').toBeGreaterThanOrEqual(2);
  // Each locked control shows a padlock after its label (a number field, a switch like Planar,
  // the picker), and says "Locked by your teacher" to a screen reader and as its title.
  const locks = await page.locator('.field--locked').evaluateAll((els) =>
    els.map((el) => {
      const label = el.querySelector('.field__label');
      return {
        which: el.getAttribute('data-setting') ?? (el.querySelector('select') ? 'picker' : '?'),
        lock: label === null ? '' : getComputedStyle(label, '::after').maskImage,
        title: el.getAttribute('title'),
      };
    }),
  );
  for (const which of ['picker', 'planar', 'restitution']) expect(locks.some((l) => l.which === which), `a lock on ${which}: ${JSON.stringify(locks)}`).toBe(true);
  expect(
    locks.every((l) => l.lock.startsWith('url(') && l.title === 'Locked by your teacher'),
    `every locked control has its padlock and title: ${JSON.stringify(locks)}`,
  ).toBe(true);
  await expect(page.getByTestId('student-view-note'), 'the note that a student view is in effect').toBeVisible();
  expect(await page.locator('[data-student-view]').count(), 'Student view controls for the student').toBe(0);
  await page.screenshot({ path: join(results, 'student-view.png') });
  const refused = await page.evaluate(() => {
    const store = window.__sandbox.store;
    const applied = store.getState().applySetting('restitution', 0.5);
    store.getState().selectPreset('gas');
    const s = store.getState();
    return { applied, restitution: s.settings.restitution, world: s.sim.world.options.restitution, preset: s.preset, notices: s.notices };
  });
  expect(refused.applied, 'applySetting of the locked restitution').toBe(false);
  expect(refused.restitution, 'the restitution setting after the refusal').toBe(1);
  expect(refused.world, "the world's restitution after the refusal").toBe(1);
  expect(refused.preset, 'the experiment after selectPreset("gas") was refused').toBe('head-on');
  expect(refused.notices.some((n) => n.includes('locked by your teacher')), `a notice says the picker is locked: ${JSON.stringify(refused.notices)}`).toBe(true);
  // An unlocked setting still changes.
  expect(await page.evaluate(() => window.__sandbox.store.getState().applySetting('wallRestitution', 0.5)), 'applySetting of the unlocked wall restitution').toBe(true);

  // A student sharing on keeps the same view.
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  const shareLink = await page.getByTestId('share-link').inputValue();
  expect(shareLink.endsWith(VIEW), `Copy link keeps the view: ${shareLink}`).toBe(true);
});

test('a view that hides the Settings and Classroom panels leaves them and their skip links out; a locked time scale disables Speed', async ({ page }) => {
  await openAt(page, '/?preset=gas&view=hide:settings,classroom;lock:timeScale&test=1');
  expect(await page.locator('[data-panel="settings"]').count(), 'Settings panels').toBe(0);
  expect(await page.locator('[data-panel="classroom"]').count(), 'Classroom panels').toBe(0);
  const skips = await page.locator('.skip-link').allTextContents();
  expect(skips.length, `skip links left (${skips.join(', ')})`).toBe(2);
  expect(await page.locator('.notices--shown').count(), 'notices shown for a clean view').toBe(0);
  const speed = page.getByRole('combobox', { name: 'Speed' });
  await expect(speed, 'the Speed menu').toBeDisabled();
  const said = await speed.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
  expect(said, 'what describes the Speed menu').toBe('Locked by your teacher');
  await page.screenshot({ path: join(results, 'student-no-panels.png') });
});

test('a malformed view= gives notices naming the refused entries, and keeps what it can', async ({ page }) => {
  await openAt(page, '/?preset=gas&view=hide:settings,<i>bogus</i>;show:x;lock:seed;lock:count&test=1');
  const notices = page.locator('.notices');
  await notices.getByText('cannot hide "<i>bogus</i>"').waitFor();
  await notices.getByText('"show:x" is not hide').waitFor();
  await notices.getByText('names "lock:" more than once').waitFor();
  expect(await page.locator('i').count(), '<i> elements (the refused name is shown as text, not markup)').toBe(0);
  expect(await page.locator('[data-panel="settings"]').count(), 'Settings panels (the known entry still hides it)').toBe(0);
  const kept = await page.evaluate(() => window.__sandbox.store.getState().studentView);
  expect(kept, 'the view kept').toEqual({ hide: ['settings'], lock: ['seed'] });
});

test("a student view opens waiting for Play, as the teacher's paused page does; its what-if menu leaves out the locked restitution", async ({ page }) => {
  await openAt(page, `${link || `/?preset=head-on&${VIEW}`}&test=1`);
  const state = await page.evaluate(() => ({ running: window.__sandbox.store.getState().running, time: window.__sandbox.store.getState().sim.world.time }));
  expect(state, 'the student page once open').toEqual({ running: false, time: 0 });
  await expect(page.getByTestId('play-hint'), 'the Press Play prompt').toBeVisible();
  const menu = page.locator('[data-twin-field="setting"]');
  const offered = await menu.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered, 'what the what-if menu offers under a restitution lock').not.toContain('restitution');
  expect(offered, 'what the what-if menu still offers').toContain('gravity');
  await page.getByTestId('play-hint').click();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 0, null, { polling: 'raf' });
});
