// Student views: a teacher makes a student-view link in the Classroom panel (Student view…, the
// checkboxes, Copy student link); the link opened in a new page leaves out what it hides, shows
// what it locks disabled with "Locked by your teacher", and the store refuses a change to it;
// Copy link there keeps the view; a hand-written view= hides whole panels; a malformed view= gives
// notices naming the refused entries. Screenshots of the teacher's control and a student's page.
import { join } from 'node:path';
import { check, results, step, waitReady, watchErrors } from '../harness.mjs';

export default async function studentSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'student');
  page.setDefaultTimeout(60_000);
  let link = '';

  await step('student: the teacher ticks what to hide and lock, by keyboard, and copies a student link', async () => {
    await page.goto(`${base}/?preset=head-on&test=1`);
    await waitReady(page);
    const open = page.getByRole('button', { name: 'Student view…' });
    check((await open.getAttribute('aria-expanded')) === 'false', 'the Student view button says it is folded');
    await open.focus();
    await page.keyboard.press('Enter');
    check((await open.getAttribute('aria-expanded')) === 'true', 'Enter opens it');
    const group = page.getByRole('group', { name: 'Student view' });
    for (const name of ['Build', 'Measure']) await group.getByRole('group', { name: 'Hide' }).getByRole('checkbox', { name, exact: true }).check();
    const lock = group.getByRole('group', { name: 'Lock (shown, but cannot be changed)' });
    // A checkbox is reached and ticked by keyboard (Space), named for a screen reader.
    await lock.getByRole('checkbox', { name: 'Experiment picker and File Open' }).focus();
    await page.keyboard.press('Space');
    await lock.getByRole('checkbox', { name: 'Restitution (spheres)' }).check();
    await group.getByRole('button', { name: 'Copy student link' }).click();
    const field = page.getByTestId('student-link');
    await field.waitFor();
    link = await field.inputValue();
    check(link.includes('preset=head-on'), `the link carries the experiment: ${link}`);
    check(link.endsWith('&view=hide:build,measure;lock:preset,restitution'), `the link ends with the view: ${link}`);
    await group.getByRole('checkbox', { name: 'Measure', exact: true }).scrollIntoViewIfNeeded();
    await page.locator('[data-panel="classroom"]').screenshot({ path: join(results, 'student-teacher-control.png') });
    await field.scrollIntoViewIfNeeded();
    await page.locator('[data-panel="classroom"]').screenshot({ path: join(results, 'student-teacher-link.png') });
  });

  await step('student: the link opened in a new page hides Build and Measure; the picker and restitution are disabled, noted, and refused', async () => {
    const student = await context.newPage();
    watchErrors(student, consoleErrors, 'student-page');
    await student.goto(`${link}&test=1`);
    await waitReady(student);
    check((await student.locator('[data-section="build"]').count()) === 0, 'no Build section');
    check((await student.locator('[data-section="measure"]').count()) === 0, 'no Measure section');
    check((await student.locator('[data-section="plots"]').count()) === 1, 'the Plots section is still there');
    const picker = student.getByRole('combobox', { name: 'Experiment' });
    check(await picker.isDisabled(), 'the experiment picker is disabled');
    const restitution = student.getByRole('textbox', { name: 'Restitution (spheres)' });
    check(await restitution.isDisabled(), 'the restitution field is disabled');
    check(await student.getByRole('slider', { name: /Restitution \(spheres\)/ }).isDisabled(), 'its slider is disabled');
    const described = await restitution.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
    check(described.includes('Locked by your teacher'), `the field is described as locked: "${described}"`);
    check((await student.getByText('Locked by your teacher').count()) >= 2, 'the note shows at the picker and the field');
    // Each locked control shows a padlock after its label (a number field, a switch like Planar,
    // the picker), and says "Locked by your teacher" to a screen reader and as its title.
    const locks = await student.locator('.field--locked').evaluateAll((els) =>
      els.map((el) => ({
        which: el.getAttribute('data-setting') ?? (el.querySelector('select') ? 'picker' : '?'),
        lock: getComputedStyle(el.querySelector('.field__label'), '::after').maskImage,
        title: el.getAttribute('title'),
      })),
    );
    for (const which of ['picker', 'planar', 'restitution']) check(locks.some((l) => l.which === which), `no lock on ${which}: ${JSON.stringify(locks)}`);
    check(locks.every((l) => l.lock.startsWith('url(') && l.title === 'Locked by your teacher'), `a locked control without its padlock or title: ${JSON.stringify(locks)}`);
    check(await student.getByTestId('student-view-note').isVisible(), 'the page says a student view is in effect');
    check((await student.locator('[data-student-view]').count()) === 0, 'no Student view control for the student');
    await student.screenshot({ path: join(results, 'student-view.png') });
    const refused = await student.evaluate(() => {
      const store = window.__sandbox.store;
      const applied = store.getState().applySetting('restitution', 0.5);
      store.getState().selectPreset('gas');
      const s = store.getState();
      return { applied, restitution: s.settings.restitution, world: s.sim.world.options.restitution, preset: s.preset, notices: s.notices };
    });
    check(refused.applied === false && refused.restitution === 1 && refused.world === 1, `restitution refused: ${JSON.stringify(refused)}`);
    check(refused.preset === 'head-on' && refused.notices.some((n) => n.includes('locked by your teacher')), `preset refused: ${JSON.stringify(refused)}`);
    // An unlocked setting still changes.
    check(await student.evaluate(() => window.__sandbox.store.getState().applySetting('wallRestitution', 0.5)), 'wall restitution still changes');

    // A student sharing on keeps the same view.
    await student.getByRole('button', { name: 'Copy link', exact: true }).click();
    const shared = await student.getByTestId('share-link').inputValue();
    check(shared.endsWith('view=hide:build,measure;lock:preset,restitution'), `Copy link keeps the view: ${shared}`);
    await student.close();
  });

  await step('student: a view that hides the Settings and Classroom panels leaves them and their skip links out; a locked time scale disables Speed', async () => {
    const student = await context.newPage();
    watchErrors(student, consoleErrors, 'student-panels');
    await student.goto(`${base}/?preset=gas&view=hide:settings,classroom;lock:timeScale&test=1`);
    await waitReady(student);
    check((await student.locator('[data-panel="settings"]').count()) === 0, 'no Settings panel');
    check((await student.locator('[data-panel="classroom"]').count()) === 0, 'no Classroom panel');
    const skips = await student.locator('.skip-link').allTextContents();
    check(skips.length === 2, `two skip links left: ${skips.join(', ')}`);
    check((await student.locator('.notices--shown').count()) === 0, 'no notice for a clean view');
    const speed = student.getByRole('combobox', { name: 'Speed' });
    check(await speed.isDisabled(), 'the Speed menu is disabled');
    const said = await speed.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    check(said === 'Locked by your teacher', `the Speed menu is described as locked: ${said}`);
    await student.screenshot({ path: join(results, 'student-no-panels.png') });
    await student.close();
  });

  await step('student: a malformed view= gives notices naming the refused entries, and keeps what it can', async () => {
    const student = await context.newPage();
    watchErrors(student, consoleErrors, 'student-bad');
    await student.goto(`${base}/?preset=gas&view=hide:settings,<i>bogus</i>;show:x;lock:seed;lock:count&test=1`);
    await waitReady(student);
    const notices = student.locator('.notices');
    await notices.getByText('cannot hide "<i>bogus</i>"').waitFor();
    await notices.getByText('"show:x" is not hide').waitFor();
    await notices.getByText('names "lock:" more than once').waitFor();
    check((await student.locator('i').count()) === 0, 'the refused name is shown as text, not markup');
    check((await student.locator('[data-panel="settings"]').count()) === 0, 'the known entry still hides the Settings panel');
    const kept = await student.evaluate(() => window.__sandbox.store.getState().studentView);
    check(JSON.stringify(kept) === JSON.stringify({ hide: ['settings'], lock: ['seed'] }), `the view kept: ${JSON.stringify(kept)}`);
    await student.close();
  });

  await context.close();
}
