import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUES } from '../i18n/index.ts';
import { createSandboxStore } from '../store/index.ts';
import { addressAt } from '../testing/address.ts';
import { localeFromQuery, storeOptionsFromQuery } from './url-state.ts';
import { followExperimentInUrl } from './url-sync.ts';

describe('the language of a link', () => {
  it("is lang= where it names a language, else the browser's first that the sandbox speaks", () => {
    expect(localeFromQuery('?lang=es', ['de-DE'])).toEqual({ locale: 'es', notice: null });
    expect(localeFromQuery('lang=DE', ['en'])).toEqual({ locale: 'de', notice: null });
    expect(localeFromQuery('count=20', ['fr-CA', 'es-419'])).toEqual({ locale: 'es', notice: null });
    expect(localeFromQuery('', [])).toEqual({ locale: 'en', notice: null });
  });

  it('names a language it does not speak, in the language it uses instead', () => {
    const { locale, notice } = localeFromQuery('lang=fr', ['de']);
    expect(locale).toBe('de');
    expect(notice).toContain('„fr“');
    expect(notice).toContain('Deutsch');
    expect(localeFromQuery('lang=<b>x', ['en']).notice).toBe('Language "<b>x" is not one of en, es, de; English is used.');
  });

  it("writes the link's notices in its language, and gives the store that language", () => {
    const options = storeOptionsFromQuery('lang=es&count=abc&preset=nope', ['en']);
    expect(options.locale).toBe('es');
    expect(options.notices).toHaveLength(2);
    expect(options.notices?.[1]).toBe(CATALOGUES.es['link.unknownPreset'].replace('{value}', 'nope'));
    const store = createSandboxStore(options);
    expect(store.getState().locale).toBe('es');
  });
});

describe('the address keeps a language chosen in the menu', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes lang= for a language other than the browser's, and removes it for the browser's own", () => {
    const store = createSandboxStore({ running: false, settings: { count: 20 } });
    const target = addressAt('?test=1');
    const stop = followExperimentInUrl(store, { target, languages: ['en-GB'] });
    store.getState().setLocale('de');
    vi.advanceTimersByTime(1000);
    expect(target.location.search).toBe('?test=1&count=20&lang=de');
    store.getState().setLocale('en');
    vi.advanceTimersByTime(1000);
    expect(target.location.search).toBe('?test=1&count=20');
    stop();
  });

  it('ignores an unknown language code', () => {
    const store = createSandboxStore({ running: false, locale: 'es' });
    store.getState().setLocale('fr' as never);
    expect(store.getState().locale).toBe('es');
  });
});
