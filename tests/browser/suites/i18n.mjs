// Three languages: the app opened in English, then switched to Spanish and to German with the
// language menu. Every text a person sees or hears (text, aria-label, title, placeholder, alt,
// the options of each select), with the settings, the classroom panel, the inspector and the
// keyboard help open, changes with the language, apart from symbols, units, numbers and the
// languages' own names; numbers take the language's decimal comma; the page's lang follows; a
// link's lang= opens the app in that language and the address keeps a language chosen in the menu.
// Screenshots of the app in Spanish and German at 1280 x 800.
import { join } from 'node:path';
import { check, results, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

/** Reads the same in every language: symbols, numbers, SI units, key letters, names (the languages' own, Maxwell-Boltzmann). */
const SAME = /^(?:[\s\d.,:;()[\]{}×–—\-+/=%·°²³|…→←↑↓✓✕#?!'"<>≈±]|\b(?:m|s|kg|J|N|Pa|W|Hz|fps|m\/s|N\/m|N·s|kg·m\/s|m\/s²|x|y|z|e|t|v|p|E|vx|vy|vz|px|py|pz|CSV|PNG|Esc|English|Español|Deutsch|Sphere Sandbox|Maxwell-Boltzmann|[A-Z])\b)*$/u;

/** Single words spelled the same in English and in the language (checked in its catalogue, not guessed). */
const SAME_WORD = { es: new Set(['total', 'Inspector']), de: new Set(['Experiment', 'Radius', 'Radius (m)', 'Start']) };

/** Every text a person sees or hears on the page, whitespace folded, with where it was found. */
function visibleTexts(page) {
  return page.evaluate(() => {
    const shown = (el) => {
      if (!(el instanceof Element)) return false;
      if (el.closest('[hidden], [aria-hidden="true"]') && !el.closest('.visually-hidden, .sr-only')) return false;
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && (el.getClientRects().length > 0 || el.closest('.visually-hidden, .sr-only') !== null);
    };
    const texts = new Map();
    const add = (text, where) => {
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
async function openEverything(page) {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll('button[aria-expanded="false"]')) {
      button.click();
    }
    for (const details of document.querySelectorAll('details')) details.open = true;
    window.__sandbox.store.getState().select(0);
  });
  await waitFrames(page, 3);
}

export default async function i18nSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'i18n');
  page.setDefaultTimeout(60_000);

  let english = [];
  await step('i18n: the app opens in English for an English browser, and lists its texts', async () => {
    await page.goto(`${base}/?test=1&count=40&preset=head-on`);
    await waitReady(page);
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await openEverything(page);
    english = await visibleTexts(page);
    check(english.length > 60, `only ${english.length} texts were found on the English page`);
    check((await page.evaluate(() => document.documentElement.lang)) === 'en', 'the page is not marked lang="en"');
  });

  for (const [locale, name] of [
    ['es', 'Español'],
    ['de', 'Deutsch'],
  ]) {
    await step(`i18n: choosing ${name} in the language menu changes every text, and numbers take a decimal comma`, async () => {
      await page.getByRole('combobox', { name: locale === 'es' ? /Language|Sprache/ : /Idioma/ }).selectOption(locale);
      await page.evaluate(() => {
        document.querySelector('details.help')?.removeAttribute('open');
      });
      await waitFrames(page, 3);
      await page.screenshot({ path: join(results, `i18n-${locale}-1280x800.png`) });
      await openEverything(page);
      const now = new Map(await visibleTexts(page));
      const unchanged = english.filter(([text]) => now.has(text) && /\p{L}/u.test(text) && !SAME.test(text) && !SAME_WORD[locale].has(text)).map(([text, where]) => `${where}: "${text}"`);
      check(unchanged.length === 0, `${unchanged.length} texts are still in English after choosing ${name}:\n${unchanged.join('\n')}`);
      check((await page.evaluate(() => document.documentElement.lang)) === locale, `the page is not marked lang="${locale}"`);
      const decimals = [...now.keys()].filter((text) => /\d,\d/.test(text));
      const points = [...now.keys()].filter((text) => /\d\.\d/.test(text) && !/\d\.\d{3}\b/.test(text));
      check(decimals.length > 0, `no number with a decimal comma is shown in ${name}`);
      check(points.length === 0, `numbers with a decimal point in ${name}: ${points.join(' | ')}`);
      await page.screenshot({ path: join(results, `i18n-${locale}-1280x800-open.png`) });
    });
  }

  await step('i18n: the address keeps the language chosen in the menu, and a link with lang= opens in it', async () => {
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('lang') === 'de');
    const second = await context.newPage();
    watchErrors(second, consoleErrors, 'i18n link');
    await second.goto(`${base}/?test=1&count=40&lang=es`);
    await waitReady(second);
    check((await second.evaluate(() => window.__sandbox.store.getState().locale)) === 'es', 'lang=es did not open the app in Spanish');
    check((await second.getByRole('combobox', { name: 'Idioma' }).inputValue()) === 'es', 'the language menu does not show Español');
    await second.close();
  });

  await context.close();

  await step("i18n: a browser whose language is German opens the app in German, and lang= names a language it does not speak", async () => {
    const german = await browser.newContext({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, locale: 'de-AT' });
    const p = await german.newPage();
    watchErrors(p, consoleErrors, 'i18n de-AT');
    await p.goto(`${base}/?test=1&count=40&lang=fr`);
    await waitReady(p);
    check((await p.evaluate(() => window.__sandbox.store.getState().locale)) === 'de', 'a de-AT browser did not get German');
    await p.getByText('Die Sprache „fr“ ist keine von en, es, de; Deutsch wird verwendet.').waitFor();
    await german.close();
  });
}
