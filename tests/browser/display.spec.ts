// Seen on a projector and on every screen: axe-core finds no serious or critical violation with
// every panel and section open, in both themes and the three languages, on the app and the embed
// page; every interactive element is at least 24 x 24 CSS px on a desktop and 44 px on a phone's
// touch screen; the projector theme is chosen in Settings or by the address, kept by a reload,
// and the 3D view follows it; the full-screen button enters and leaves full screen.
// Screenshots of the projector theme (desktop, phone, tablet).
//
// axe-core goes into the pages (whose Content-Security-Policy allows only their own scripts) as
// its source evaluated through the DevTools protocol (`page.evaluate` of a string), which the
// policy does not cover. The app's run is paused while axe-core and the target sizes are checked:
// the page is the same, and the machine is left to the checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Locale } from '../../src/i18n/index.ts';
import type { Theme } from '../../src/store/state.ts';
import { results, root, waitFrames, waitPartsLoaded, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const AXE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const THEMES: Theme[] = ['dark', 'projector'];
const LOCALES: Locale[] = ['en', 'es', 'de'];

/** What axe-core puts on a page's `window` once its source has run there. */
interface AxeWindow {
  axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
}

/** Opens the app at `query` (test mode) and waits until it has drawn a few frames. */
async function open(page: Page, query: string): Promise<void> {
  await page.goto(`/?test=1&${query}`);
  await waitReady(page);
}

/** Opens the app at `query` unless the page shows it already (its address holding every part of `query`). */
async function ensureApp(page: Page, query: string): Promise<void> {
  const url = new URL(page.url() === 'about:blank' ? 'http://x/' : page.url());
  const have = url.searchParams.get('test') === '1' && [...new URLSearchParams(query)].every(([k, v]) => url.searchParams.get(k) === v);
  if (have && (await page.evaluate(() => window.__sandbox !== undefined))) return;
  await open(page, query);
}

const pause = (page: Page) => page.evaluate(() => window.__sandbox.store.getState().pause());

/** Opens every panel and every folded section of the page (the keyboard-shortcuts card included). */
async function openEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLElement>('.panel__toggle[aria-expanded=false]')) b.click();
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await waitPartsLoaded(page);
  await waitFrames(page, 2);
}

/** The serious and critical violations axe-core finds on the page now, one line each (with the theme's colour transitions brought to their end). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (a.effect?.getTiming().iterations !== Infinity) a.finish();
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as AxeWindow;
    const found = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } });
    return found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes[0].html.slice(0, 100)} ${(v.nodes[0].failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`);
  }, TAGS);
}

/** Every interactive element shown that is smaller than `min` CSS px either way (inline links in text are exempt, as WCAG 2.5.8 says). */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((least) => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])')) {
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
function cornerColour(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
    const c2 = document.createElement('canvas');
    c2.width = 4;
    c2.height = 4;
    const g = c2.getContext('2d')!;
    g.drawImage(canvas, 0, 0, 4, 4, 0, 0, 4, 4);
    return Array.from(g.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

/** Sets the app's theme and language and waits until the page shows them. */
async function show(page: Page, theme: Theme, locale?: Locale): Promise<void> {
  await page.evaluate(
    ([th, lo]) => {
      const st = window.__sandbox.store.getState();
      st.setTheme(th);
      if (lo !== undefined) st.setLocale(lo);
    },
    [theme, locale] as const,
  );
  await page.waitForFunction(([th, lo]) => document.querySelector<HTMLElement>('.app')!.dataset.theme === th && (lo === undefined || document.documentElement.lang === lo), [theme, locale] as const);
  await waitFrames(page, 2);
}

test.describe('on the desktop (1280 x 800)', () => {
  const shared = sharedPage('display');

  /** The slow-compression lesson, paused, with every panel and section open. */
  async function everythingOpen(page: Page): Promise<void> {
    await ensureApp(page, 'preset=slow-compression');
    await pause(page);
    await openEverything(page);
  }

  for (const theme of THEMES) {
    test(`axe-core: no serious or critical violation with every panel open, in the ${theme} theme and the three languages`, async () => {
      const { page } = shared;
      await everythingOpen(page);
      const found: string[] = [];
      for (const locale of LOCALES) {
        await show(page, theme, locale);
        for (const v of await axeViolations(page)) found.push(`${theme}/${locale}: ${v}`);
      }
      expect(found, 'serious and critical violations axe-core found').toEqual([]);
    });
  }

  test('every interactive element is at least 24 x 24 CSS px on the desktop, in both themes (in German, the longest words)', async () => {
    const { page } = shared;
    await everythingOpen(page);
    for (const theme of THEMES) {
      await show(page, theme, 'de');
      expect(await smallTargets(page, 24), `${theme}: targets under 24 px`).toEqual([]);
    }
    await show(page, 'dark', 'en');
  });

  test('build mode with two spheres selected, and every Measure tool: no serious or critical axe-core violation, every target at least 24 px', async () => {
    const { page } = shared;
    await open(page, 'preset=head-on');
    expect(await page.evaluate(() => window.__sandbox.store.getState().setBuilding(true)), 'why build mode did not start').toBeNull();
    await page.evaluate(() => window.__sandbox.store.getState().selectMany([0, 1]));
    await openEverything(page);
    const found: string[] = [];
    const tabs = page.locator('[data-section=measure] [role=tab]');
    const count = await tabs.count();
    expect(count, 'Measure tools').toBeGreaterThan(0);
    for (let k = 0; k < count; k++) {
      await tabs.nth(k).click();
      await expect(tabs.nth(k), `Measure tool ${k}`).toHaveAttribute('aria-selected', 'true');
      await waitPartsLoaded(page);
      await waitFrames(page, 2);
      found.push(...(await axeViolations(page)).map((v) => `tab ${k}: ${v}`));
      found.push(...(await smallTargets(page, 24)).map((v) => `tab ${k}: under 24 px: ${v}`));
    }
    expect(found, 'in build mode and the Measure tools').toEqual([]);
  });

  test('the projector theme: chosen in Settings, written into the address, kept by a reload; the view follows; an unknown theme is named (screenshot)', async () => {
    const { page } = shared;
    await open(page, 'preset=cradle');
    const dark = await cornerColour(page);
    expect(dark[0] + dark[1] + dark[2], `the dark view's background ${dark}, summed`).toBeLessThan(120);
    const settings = page.getByRole('complementary', { name: 'Settings' });
    await settings.getByRole('switch', { name: 'Projector theme' }).check();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.app')!.dataset.theme === 'projector');
    // The view draws the light background from the next frame on.
    await expect
      .poll(async () => {
        const c = await cornerColour(page);
        return c[0] + c[1] + c[2];
      }, { message: "the projector view's background, summed" })
      .toBeGreaterThan(600);
    const panel = await page.locator('.panel').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(panel, "the panels' background in the projector theme").toMatch(/255, 255, 255/);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('theme') === 'projector');
    await page.reload();
    await waitReady(page);
    expect(await page.evaluate(() => window.__sandbox.store.getState().theme), 'the theme after a reload').toBe('projector');
    expect(await settings.getByRole('switch', { name: 'Projector theme' }).isChecked(), 'the switch shows the projector theme after a reload').toBe(true);
    await page.screenshot({ path: join(results, 'display-projector-cradle.png') });
    await settings.getByRole('switch', { name: 'Projector theme' }).uncheck();
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('theme'));
    await open(page, 'theme=neon');
    await expect(page.locator('.notices'), 'the notice for an unknown theme').toContainText('Theme "neon" is not one of dark, projector');
  });

  test('the full-screen button (and F) enters and leaves full screen', async () => {
    const { page } = shared;
    if (!(await page.evaluate(() => window.__sandbox !== undefined))) await open(page, 'preset=cradle');
    const button = page.getByRole('button', { name: 'Full screen' });
    await button.click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.fullscreenElement === null);
    await button.waitFor();
  });
});

test.describe('the embed page', () => {
  const shared = sharedPage('display embed');

  for (const theme of THEMES) {
    test(`axe-core on the embed page, in the ${theme} theme: no serious or critical violation`, async () => {
      const { page } = shared;
      await page.goto('/embed.html?test=1');
      await page.waitForFunction(() => Object.values(window.__sandboxes ?? {}).some((s) => s.frames() > 2));
      await page.evaluate((th) => {
        for (const d of document.querySelectorAll('details')) d.open = true;
        for (const s of Object.values(window.__sandboxes)) s.store.getState().setTheme(th);
      }, theme);
      await page.waitForFunction((th) => [...document.querySelectorAll<HTMLElement>('.sphere-sandbox')].every((el) => el.dataset.theme === th), theme);
      expect(await axeViolations(page), `serious and critical violations axe-core found on the embed page (${theme})`).toEqual([]);
    });
  }
});

test.describe('on a phone (390 x 844, touch)', () => {
  const shared = sharedPage('display phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every interactive element is at least 44 px, in both themes; a screenshot in the projector theme', async () => {
    const { page } = shared;
    await open(page, 'preset=head-on&theme=projector');
    await page.screenshot({ path: join(results, 'display-projector-phone.png') });
    await pause(page);
    await openEverything(page);
    for (const theme of ['projector', 'dark'] as const) {
      await show(page, theme);
      expect(await smallTargets(page, 44), `${theme}: touch targets under 44 px`).toEqual([]);
    }
  });
});

test.describe('on a tablet (820 x 1180, touch)', () => {
  const shared = sharedPage('display tablet', { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('a screenshot of slow compression in the projector theme', async () => {
    const { page } = shared;
    await open(page, 'preset=slow-compression&theme=projector');
    await waitFrames(page, 3);
    await page.screenshot({ path: join(results, 'display-projector-tablet.png') });
  });
});
