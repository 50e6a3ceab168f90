// Seen on a projector and on every screen: axe-core finds no serious or critical violation with
// every panel and section open, in both themes and the three languages, on the app and the embed
// page; every interactive element is at least 24 x 24 CSS px on a desktop and 44 px on a phone's
// touch screen; the projector theme is chosen in Settings or by the address, kept by a reload,
// and the 3D view follows it; the full-screen button enters and leaves full screen.
// Screenshots of the projector theme (desktop, phone, tablet).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, results, root, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

const AXE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Opens every panel and every folded section of the page (the keyboard-shortcuts card included). */
async function openEverything(page) {
  await page.evaluate(() => {
    for (const b of document.querySelectorAll('.panel__toggle[aria-expanded=false]')) b.click();
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await waitFrames(page, 2);
}

/** The serious and critical violations axe-core finds on the page now, one line each (after the theme's colour transitions end). */
async function axeViolations(page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate((tags) => window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } }), TAGS);
  return found.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes[0].html.slice(0, 100)} ${v.nodes[0].failureSummary.replace(/\s+/g, ' ').slice(0, 160)}`);
}

/** Every interactive element shown that is smaller than `min` CSS px either way (inline links in text are exempt, as WCAG 2.5.8 says). */
function smallTargets(page, min) {
  return page.evaluate((least) => {
    const small = [];
    for (const el of document.querySelectorAll('button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.tagName === 'A' && el.closest('p, li, dd')) continue;
      // Out of reach of pointer and keyboard alike (a file input that a button opens).
      if (el.closest('[aria-hidden="true"]') && el.tabIndex < 0) continue;
      // A skip link is drawn only while it has the focus: measured then.
      const skip = el.classList.contains('skip-link');
      if (skip) el.focus();
      const r = el.getBoundingClientRect();
      if (skip) el.blur();
      if (r.width < least - 0.5 || r.height < least - 0.5) small.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
    }
    return small;
  }, min);
}

/** The colour of the view's top-left pixel (the background: the box never reaches the corner). */
function cornerColour(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.sandbox-canvas canvas');
    const c2 = document.createElement('canvas');
    c2.width = 4;
    c2.height = 4;
    c2.getContext('2d').drawImage(canvas, 0, 0, 4, 4, 0, 0, 4, 4);
    return Array.from(c2.getContext('2d').getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

export default async function displaySuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'display');
  page.setDefaultTimeout(60_000);

  await step('axe-core: no serious or critical violation with every panel open, in both themes and the three languages', async () => {
    await page.goto(`${base}/?test=1&preset=slow-compression`);
    await waitReady(page);
    await openEverything(page);
    const found = [];
    for (const theme of ['dark', 'projector']) {
      for (const locale of ['en', 'es', 'de']) {
        await page.evaluate(([th, lo]) => {
          const st = window.__sandbox.store.getState();
          st.setTheme(th);
          st.setLocale(lo);
        }, [theme, locale]);
        await page.waitForFunction(([th, lo]) => document.querySelector('.app').dataset.theme === th && document.documentElement.lang === lo, [theme, locale]);
        await waitFrames(page, 2);
        for (const v of await axeViolations(page)) found.push(`${theme}/${locale}: ${v}`);
      }
    }
    check(found.length === 0, `axe-core found:\n${found.join('\n')}`);
  });

  await step('axe-core on the embed page, in both themes: no serious or critical violation', async () => {
    const embed = await context.newPage();
    watchErrors(embed, consoleErrors, 'display embed');
    for (const theme of ['dark', 'projector']) {
      await embed.goto(`${base}/embed.html?test=1`);
      await embed.waitForFunction(() => Object.values(window.__sandboxes ?? {}).some((s) => s.frames() > 2));
      await embed.evaluate((th) => {
        for (const d of document.querySelectorAll('details')) d.open = true;
        for (const s of Object.values(window.__sandboxes)) s.store.getState().setTheme(th);
      }, theme);
      await embed.waitForFunction((th) => [...document.querySelectorAll('.sphere-sandbox')].every((el) => el.dataset.theme === th), theme);
      const found = await axeViolations(embed);
      check(found.length === 0, `axe-core found on the embed page (${theme}):\n${found.join('\n')}`);
    }
    await embed.close();
  });

  await step('every interactive element is at least 24 x 24 CSS px on the desktop, in both themes', async () => {
    for (const theme of ['dark', 'projector']) {
      await page.evaluate((th) => window.__sandbox.store.getState().setTheme(th), theme);
      await waitFrames(page, 2);
      const small = await smallTargets(page, 24);
      check(small.length === 0, `${theme}: targets under 24 px:\n${small.join('\n')}`);
    }
    await page.evaluate(() => window.__sandbox.store.getState().setLocale('en'));
  });

  await step('build mode with two spheres selected, and every Measure tool: no serious or critical axe-core violation, every target at least 24 px', async () => {
    await page.goto(`${base}/?test=1&preset=head-on`);
    await waitReady(page);
    check((await page.evaluate(() => window.__sandbox.store.getState().setBuilding(true))) === null, 'build mode did not start');
    await page.evaluate(() => window.__sandbox.store.getState().selectMany([0, 1]));
    await openEverything(page);
    const found = [];
    const tabs = page.locator('[data-section=measure] [role=tab]');
    const count = await tabs.count();
    for (let k = 0; k < Math.max(count, 1); k++) {
      if (count > 0) await tabs.nth(k).click();
      await waitFrames(page, 2);
      found.push(...(await axeViolations(page)).map((v) => `tab ${k}: ${v}`));
      found.push(...(await smallTargets(page, 24)).map((v) => `tab ${k}: under 24 px: ${v}`));
    }
    check(found.length === 0, `in build mode and the Measure tools:\n${found.join('\n')}`);
  });

  await step('the projector theme: chosen in Settings, written into the address, kept by a reload; the view follows', async () => {
    await page.goto(`${base}/?test=1&preset=cradle`);
    await waitReady(page);
    const dark = await cornerColour(page);
    check(dark[0] + dark[1] + dark[2] < 120, `the dark view's background is not dark: ${dark}`);
    const settings = page.getByRole('complementary', { name: 'Settings' });
    await settings.getByRole('switch', { name: 'Projector theme' }).check();
    await page.waitForFunction(() => document.querySelector('.app').dataset.theme === 'projector');
    await waitFrames(page, 3);
    const light = await cornerColour(page);
    check(light[0] + light[1] + light[2] > 600, `the projector view's background is not light: ${light}`);
    const panel = await page.locator('.panel').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    check(/255, 255, 255/.test(panel), `the panels are not light: ${panel}`);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('theme') === 'projector');
    await page.reload();
    await waitReady(page);
    check((await page.evaluate(() => window.__sandbox.store.getState().theme)) === 'projector', 'a reload lost the projector theme');
    check(await settings.getByRole('switch', { name: 'Projector theme' }).isChecked(), 'the switch does not show the projector theme after a reload');
    await page.screenshot({ path: join(results, 'display-projector-cradle.png') });
    await settings.getByRole('switch', { name: 'Projector theme' }).uncheck();
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('theme'));
    await page.goto(`${base}/?test=1&theme=neon`);
    await waitReady(page);
    const notice = await page.locator('.notices').textContent();
    check(notice.includes('Theme "neon" is not one of dark, projector'), `no notice names the unknown theme: "${notice}"`);
  });

  await step('the full-screen button (and F) enters and leaves full screen', async () => {
    const button = page.getByRole('button', { name: 'Full screen' });
    await button.click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.fullscreenElement === null);
    await button.waitFor();
  });

  await context.close();

  await step('on a phone (390 x 844, touch) every interactive element is at least 44 px, in both themes; screenshots of the phone and a tablet in the projector theme', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    watchErrors(p, consoleErrors, 'display phone');
    await p.goto(`${base}/?test=1&preset=head-on&theme=projector`);
    await waitReady(p);
    await p.screenshot({ path: join(results, 'display-projector-phone.png') });
    await openEverything(p);
    for (const theme of ['projector', 'dark']) {
      await p.evaluate((th) => window.__sandbox.store.getState().setTheme(th), theme);
      await waitFrames(p, 2);
      const small = await smallTargets(p, 44);
      check(small.length === 0, `${theme}: touch targets under 44 px:\n${small.join('\n')}`);
    }
    await phone.close();
    const tablet = await browser.newContext({ viewport: { width: 820, height: 1180 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const tp = await tablet.newPage();
    watchErrors(tp, consoleErrors, 'display tablet');
    await tp.goto(`${base}/?test=1&preset=slow-compression&theme=projector`);
    await waitReady(tp);
    await waitFrames(tp, 3);
    await tp.screenshot({ path: join(results, 'display-projector-tablet.png') });
    await tablet.close();
  });
}
