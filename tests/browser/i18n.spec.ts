// Three languages: the app opened in English, then switched to Spanish and to German with the
// language menu. Every text a person sees or hears (text, aria-label, title, placeholder, alt,
// the options of each select), with the settings, the classroom panel, the inspector and the
// keyboard help open, changes with the language, apart from symbols, units, numbers and the
// languages' own names; numbers take the language's decimal comma; the page's lang follows; a
// link's lang= opens the app in that language and the address keeps a language chosen in the menu.
// Screenshots of the app in Spanish and German at 1280 x 800.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { results, waitFrames, waitPartsLoaded, waitReady } from './support/page.ts';
import { expect, sharedPage, test, watchErrors } from './support/test.ts';

type Locale = 'en' | 'es' | 'de';

/** Reads the same in every language: symbols, numbers, SI units, key letters, names (the languages' own, Maxwell-Boltzmann). */
const SAME =
  /^(?:[\s\d.,:;()[\]{}×–—\-+/=%·°²³|…→←↑↓✓✕#?!'"<>≈±]|\b(?:m|s|kg|J|N|Pa|W|Hz|fps|m\/s|N\/m|N·s|kg·m\/s|m\/s²|x|y|z|e|t|v|p|E|vx|vy|vz|px|py|pz|CSV|PNG|Esc|English|Español|Deutsch|Sphere Sandbox|Maxwell-Boltzmann|[A-Z])\b)*$/u;

/** Single words spelled the same in English and in the language (checked in its catalogue, not guessed). */
const SAME_WORD: Record<'es' | 'de', Set<string>> = { es: new Set(['total', 'Inspector']), de: new Set(['Experiment', 'Radius', 'Radius (m)', 'Start']) };

/** The language menu's name in each language. */
const MENU_NAME: Record<Locale, string> = { en: 'Language', es: 'Idioma', de: 'Sprache' };

/** Every text a person sees or hears on the page, whitespace folded, with where it was found. */
function visibleTexts(page: Page): Promise<[string, string][]> {
  return page.evaluate(() => {
    const shown = (el: Element | null): boolean => {
      if (!(el instanceof Element)) return false;
      if (el.closest('[hidden], [aria-hidden="true"]') && !el.closest('.visually-hidden, .sr-only')) return false;
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && (el.getClientRects().length > 0 || el.closest('.visually-hidden, .sr-only') !== null);
    };
    const texts = new Map<string, string>();
    const add = (text: string, where: string): void => {
      const folded = text.replace(/\s+/g, ' ').trim();
      if (folded && !texts.has(folded)) texts.set(folded, where);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el && el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE' && el.tagName !== 'OPTION' && shown(el)) add(node.textContent ?? '', el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(' ')[0]}` : ''));
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-valuetext]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = el.getAttribute(name);
        if (value) add(value, `${el.tagName.toLowerCase()}[${name}]`);
      }
    }
    for (const select of document.querySelectorAll('select')) {
      if (!shown(select)) continue;
      for (const option of select.options) add(option.textContent ?? '', 'option');
    }
    return [...texts.entries()];
  });
}

/** Opens what the suite reads: the settings panel, the classroom panel, a selected sphere's inspector, the keyboard help. */
async function openEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]')) button.click();
    for (const details of document.querySelectorAll('details')) details.open = true;
    window.__sandbox.store.getState().select(0);
  });
  await waitPartsLoaded(page);
  await waitFrames(page, 3);
}

const locale = (page: Page): Promise<Locale> => page.evaluate(() => window.__sandbox.store.getState().locale);
const lang = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.lang);

/** Chooses `to` in the language menu (found by its name in the language the page shows now). */
async function choose(page: Page, to: Locale): Promise<void> {
  await page.getByRole('combobox', { name: MENU_NAME[await locale(page)] }).selectOption(to);
  await expect.poll(() => locale(page), `the language after choosing ${to}`).toBe(to);
}

test.describe('an English browser', () => {
  const shared = sharedPage('i18n', { locale: 'en-US' }, async (page) => {
    await page.goto('/?test=1&count=40&preset=head-on');
    await waitReady(page);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
  });

  /** The English page's texts (the first test's; a test on a page opened afresh after a failure reads them itself, before choosing a language). */
  let english: [string, string][] = [];
  async function englishTexts(page: Page): Promise<[string, string][]> {
    if (english.length === 0) {
      expect(await locale(page), 'the language of the page whose English texts are read').toBe('en');
      await openEverything(page);
      english = await visibleTexts(page);
    }
    return english;
  }

  test('the app opens in English for an English browser, and lists its texts', async () => {
    const { page } = shared;
    english = [];
    const texts = await englishTexts(page);
    expect(texts.length, 'texts found on the English page').toBeGreaterThan(60);
    expect(await lang(page), "the page's lang").toBe('en');
  });

  for (const [to, name] of [
    ['es', 'Español'],
    ['de', 'Deutsch'],
  ] as const) {
    test(`choosing ${name} in the language menu changes every text, and numbers take a decimal comma`, async () => {
      const { page } = shared;
      const before = await englishTexts(page);
      await choose(page, to);
      await page.evaluate(() => {
        document.querySelector('details.help')?.removeAttribute('open');
      });
      await waitFrames(page, 3);
      await page.screenshot({ path: join(results, `i18n-${to}-1280x800.png`) });
      await openEverything(page);
      const now = new Map(await visibleTexts(page));
      const unchanged = before.filter(([text]) => now.has(text) && /\p{L}/u.test(text) && !SAME.test(text) && !SAME_WORD[to].has(text)).map(([text, where]) => `${where}: "${text}"`);
      expect(unchanged, `texts still in English after choosing ${name}`).toEqual([]);
      expect(await lang(page), "the page's lang").toBe(to);
      const decimals = [...now.keys()].filter((text) => /\d,\d/.test(text));
      const points = [...now.keys()].filter((text) => /\d\.\d/.test(text) && !/\d\.\d{3}\b/.test(text));
      expect(decimals.length, `numbers with a decimal comma shown in ${name}`).toBeGreaterThan(0);
      expect(points, `numbers with a decimal point in ${name}`).toEqual([]);
      await page.screenshot({ path: join(results, `i18n-${to}-1280x800-open.png`) });
    });
  }

  test('the address keeps the language chosen in the menu, and a link with lang= opens in it', async () => {
    const { page } = shared;
    // German, chosen in the menu by the test before (or here, on a page opened afresh).
    if ((await locale(page)) !== 'de') await choose(page, 'de');
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('lang') === 'de');
    // The same browser (its storage remembering German) follows a link to Spanish.
    await page.goto('/?test=1&count=40&lang=es');
    await waitReady(page);
    expect(await locale(page), 'the language lang=es opens').toBe('es');
    expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue(), 'the language menu').toBe('es');
  });
});

test('a browser whose language is German opens the app in German, and lang= names a language it does not speak', async ({ browser }) => {
  const german = await browser.newContext({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, locale: 'de-AT' });
  try {
    const page = await german.newPage();
    watchErrors(page, 'i18n de-AT');
    page.setDefaultTimeout(60_000);
    await page.goto('/?test=1&count=40&lang=fr');
    await waitReady(page);
    expect(await locale(page), 'the language a de-AT browser gets').toBe('de');
    await page.getByText('Die Sprache „fr“ ist keine von en, es, de; Deutsch wird verwendet.').waitFor();
  } finally {
    await german.close();
  }
});
