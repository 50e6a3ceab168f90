/** The theme in the address (`theme=projector`) and in the store. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../i18n/index.ts';
import { createSandboxStore } from '../store/index.ts';
import { addressAt } from '../testing/address.ts';
import { decodeState } from './url-state.ts';
import { followExperimentInUrl, rememberTheme, themeFromQuery } from './url-sync.ts';

describe('the theme', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is read from theme=projector; none, or theme=dark, is the dark theme', () => {
    expect(themeFromQuery('?theme=projector&count=20')).toEqual({ theme: 'projector', notice: null });
    expect(themeFromQuery('theme=dark')).toEqual({ theme: 'dark', notice: null });
    expect(themeFromQuery('?count=20')).toEqual({ theme: 'dark', notice: null });
  });

  it('a theme the page does not have is named in a notice, in the language of the page', () => {
    expect(themeFromQuery('?theme=neon')).toEqual({ theme: 'dark', notice: 'Theme "neon" is not one of dark, projector; the dark theme is used.' });
    expect(themeFromQuery('?theme=neon', translator('es')).notice).toContain('«neon»');
  });

  it('is written into the address in place and kept when the experiment is written after it', () => {
    const store = createSandboxStore({ running: false, theme: 'projector' });
    expect(store.getState().theme).toBe('projector');
    const target = addressAt('?test=1');
    const stop = followExperimentInUrl(store, { target, languages: ['en'] });
    rememberTheme('projector', target);
    store.getState().applySetting('count', 30);
    vi.advanceTimersByTime(1000);
    expect(target.location.search).toBe('?test=1&theme=projector&count=30');
    expect(decodeState(target.location.search).notices).toEqual([]);
    rememberTheme('dark', target);
    expect(target.location.search).toBe('?test=1&count=30');
    stop();
  });

  it('the store takes only a theme it has', () => {
    const store = createSandboxStore({ running: false });
    expect(store.getState().theme).toBe('dark');
    store.getState().setTheme('projector');
    expect(store.getState().theme).toBe('projector');
    store.getState().setTheme('neon' as never);
    expect(store.getState().theme).toBe('projector');
    expect(createSandboxStore({ running: false, theme: 'neon' as never }).getState().theme).toBe('dark');
  });

});
