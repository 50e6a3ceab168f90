/** Large-text mode in the address (`text=large`): a reload keeps it, as `lang=` keeps the language. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../i18n/index.ts';
import { createSandboxStore } from '../store/index.ts';
import { addressAt } from '../testing/address.ts';
import { decodeState } from './url-state.ts';
import { followExperimentInUrl, largeTextFromQuery, rememberLargeText } from './url-sync.ts';

describe('large text in the address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is read from text=large; no text, or text=normal, is normal text', () => {
    expect(largeTextFromQuery('?text=large&count=20')).toEqual({ largeText: true, notice: null });
    expect(largeTextFromQuery('text=normal')).toEqual({ largeText: false, notice: null });
    expect(largeTextFromQuery('?count=20')).toEqual({ largeText: false, notice: null });
    expect(largeTextFromQuery('')).toEqual({ largeText: false, notice: null });
  });

  it('a size the page does not have is named in a notice, in the language of the page', () => {
    expect(largeTextFromQuery('?text=huge')).toEqual({ largeText: false, notice: 'Text size "huge" is not one of large, normal; normal text is used.' });
    const { notice } = largeTextFromQuery('?text=riesig', translator('de'));
    expect(notice).toContain('„riesig“');
  });

  it('switching it writes text=large in place (and removes it when off), keeping the other parameters', () => {
    const target = addressAt('?test=1&count=20', '#x');
    rememberLargeText(true, target);
    expect(target.location.search).toBe('?test=1&count=20&text=large');
    expect(target.location.hash).toBe('#x');
    expect(largeTextFromQuery(target.location.search).largeText).toBe(true);
    rememberLargeText(false, target);
    expect(target.location.search).toBe('?test=1&count=20');
  });

  it('the experiment written into the address afterwards keeps it, and a link that carries it opens with no notice', () => {
    const store = createSandboxStore({ running: false });
    const target = addressAt('?test=1', '#x');
    const stop = followExperimentInUrl(store, { target, languages: ['en'] });
    rememberLargeText(true, target);
    store.getState().applySetting('count', 30);
    store.getState().setLocale('es');
    vi.advanceTimersByTime(1000);
    expect(target.location.search).toBe('?test=1&text=large&count=30&lang=es');
    expect(largeTextFromQuery(target.location.search).largeText).toBe(true);
    expect(decodeState(target.location.search).notices).toEqual([]);
    stop();
  });
});
