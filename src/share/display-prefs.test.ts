import { describe, expect, it } from 'vitest';
import { DISPLAY_PREFS_KEY, keepDisplayPrefs, readDisplayPrefs, type PrefsStorage } from './display-prefs.ts';
import { askedParam } from './url-sync.ts';

function memory(initial: string | null = null): PrefsStorage & { text: string | null } {
  return {
    text: initial,
    getItem(key) {
      return key === DISPLAY_PREFS_KEY ? this.text : null;
    },
    setItem(key, value) {
      if (key === DISPLAY_PREFS_KEY) this.text = value;
    },
  };
}

describe('display preferences in storage', () => {
  it('keeps each preference as it changes, the others kept', () => {
    const storage = memory();
    expect(readDisplayPrefs(storage), 'nothing kept yet').toEqual({});
    keepDisplayPrefs({ largeText: true }, storage);
    keepDisplayPrefs({ theme: 'projector' }, storage);
    expect(readDisplayPrefs(storage)).toEqual({ largeText: true, theme: 'projector' });
    keepDisplayPrefs({ largeText: false }, storage);
    expect(readDisplayPrefs(storage)).toEqual({ largeText: false, theme: 'projector' });
  });

  it('leaves out what it cannot read: bad JSON, a theme the page does not have, a wrong type', () => {
    expect(readDisplayPrefs(memory('{not json')), 'bad JSON').toEqual({});
    expect(readDisplayPrefs(memory('"large"')), 'a string').toEqual({});
    expect(readDisplayPrefs(memory('{"largeText":"yes","theme":"neon"}')), 'wrong values').toEqual({});
    expect(readDisplayPrefs(memory('{"largeText":true,"theme":"sepia"}')), 'one wrong value').toEqual({ largeText: true });
  });

  it('never throws when the storage refuses', () => {
    const refusing: PrefsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readDisplayPrefs(refusing)).toEqual({});
    expect(() => keepDisplayPrefs({ largeText: true }, refusing)).not.toThrow();
    expect(readDisplayPrefs(null), 'no storage at all').toEqual({});
  });

  it('tells whether the address names a preference (an empty value names it too)', () => {
    expect(askedParam('?theme=dark&preset=gas', 'theme')).not.toBeNull();
    expect(askedParam('preset=gas', 'theme')).toBeNull();
    expect(askedParam('?text=', 'text'), 'named, empty').not.toBeNull();
  });
});
