import { describe, expect, it } from 'vitest';
import { browserLocale, CATALOGUES, fill, formatFixed, formatNumber, formatPlain, formatSig, withDecimalSign, LOCALES, localeOfTag, translator, type MessageKey } from './index.ts';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = CATALOGUES.en;
const keys = Object.keys(english) as MessageKey[];

describe('the catalogues', () => {
  it('hold messages', () => {
    expect(keys.length).toBeGreaterThan(1);
  });

  for (const locale of LOCALES) {
    it(`${locale} has exactly the English keys, each a message with the same placeholders`, () => {
      const catalogue = CATALOGUES[locale];
      const missing = keys.filter((k) => !Object.prototype.hasOwnProperty.call(catalogue, k));
      const extra = Object.keys(catalogue).filter((k) => !Object.prototype.hasOwnProperty.call(english, k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const key of keys) {
        const message = catalogue[key];
        expect(typeof message === 'string' && message.trim().length > 0, `${locale} ${key} is empty`).toBe(true);
        expect(placeholders(message), `${locale} ${key}`).toEqual(placeholders(english[key]));
      }
    });
  }

  it('Spanish and German are translations: a message spelled as in English is a word both languages share', () => {
    // Symbols, units and names read the same in every language; anything longer than a word must differ.
    for (const locale of ['es', 'de'] as const) {
      const same = keys.filter((k) => CATALOGUES[locale][k] === english[k] && /\p{L}{2,}\s+\p{L}{2,}/u.test(english[k]));
      expect(same, locale).toEqual([]);
    }
  });
});

describe('translating', () => {
  it('fills placeholders, numbers written for the language', () => {
    expect(fill('en', 'got {value} of {max}', { value: 'abc', max: 12345.5 })).toBe('got abc of 12,345.5');
    expect(fill('de', 'got {value} of {max}', { value: 'abc', max: 12345.5 })).toBe('got abc of 12.345,5');
    expect(fill('es', '{n} y {n}', { n: 0.5 })).toBe('0,5 y 0,5');
    expect(fill('en', 'left {alone}', {})).toBe('left {alone}');
  });

  it('gives one translator per language, with its locale', () => {
    expect(translator('es')).toBe(translator('es'));
    expect(translator('de').locale).toBe('de');
    expect(translator('es')('language.label')).toBe(CATALOGUES.es['language.label']);
  });
});

describe('numbers', () => {
  it('keep a few significant digits with the decimal sign of the language', () => {
    expect(formatSig('en', 1234.567)).toBe('1235');
    expect(formatSig('en', 0.012345)).toBe('0.01235');
    expect(formatSig('de', 0.012345)).toBe('0,01235');
    expect(formatSig('es', -2.5, 3)).toBe('-2,5');
    expect(formatSig('en', 2.5e-7, 3)).toBe('2.5e-7');
    expect(formatSig('de', 1.25e8, 3)).toBe('1,25e+8');
    expect(formatSig('en', Number.NaN)).toBe('–');
    expect(formatSig('de', 0)).toBe('0');
  });

  it('group large numbers as each language does', () => {
    expect(formatNumber('en', 100000)).toBe('100,000');
    expect(formatNumber('de', 100000)).toBe('100.000');
    // Spanish groups from five digits on.
    expect(formatNumber('es', 100000)).toBe('100.000');
    expect(formatNumber('en', 0.1 + 0.2)).toBe('0.3');
    expect(formatNumber('en', 1e-7)).toBe('1e-7');
    expect(formatNumber('de', -2.5e20)).toBe('-2,5e+20');
  });
});

describe('numbers digit for digit', () => {
  it('write fixed decimals as toFixed does, with the decimal sign of the language and no grouping', () => {
    expect(formatFixed('en', 12345.678, 2)).toBe('12345.68');
    expect(formatFixed('de', 12345.678, 2)).toBe('12345,68');
    expect(formatFixed('es', 2.5, 1)).toBe('2,5');
    expect(formatFixed('de', Number.NaN, 2)).toBe('–');
  });

  it('echo a number as JavaScript writes it, with the decimal sign of the language', () => {
    expect(formatPlain('en', 2000000)).toBe('2000000');
    expect(formatPlain('de', 0.25)).toBe('0,25');
    expect(formatPlain('es', 1.5e-7)).toBe('1,5e-7');
    expect(withDecimalSign('en', '0.30')).toBe('0.30');
    expect(withDecimalSign('es', '0.30')).toBe('0,30');
  });
});

describe('choosing a language', () => {
  it('reads the primary subtag of a language tag', () => {
    expect(localeOfTag('es-MX')).toBe('es');
    expect(localeOfTag('DE_at')).toBe('de');
    expect(localeOfTag('fr')).toBeNull();
  });

  it("takes the first of the browser's languages it speaks, else English", () => {
    expect(browserLocale(['fr-FR', 'de-CH', 'es'])).toBe('de');
    expect(browserLocale(['fr', 'it'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});
