import { describe, expect, it } from 'vitest';
import { plural, translator, type Locale } from './index.ts';

const scene = (locale: Locale, count: number): string => plural(translator(locale), 'describe.scene', count, { experiment: 'X', time: '0', state: '' });

describe('counts in words (Intl.PluralRules)', () => {
  it('one sphere, two spheres, in each language', () => {
    expect([scene('en', 1), scene('en', 2), scene('en', 0)]).toEqual(['X: 1 sphere, time 0 s, .', 'X: 2 spheres, time 0 s, .', 'X: 0 spheres, time 0 s, .']);
    expect([scene('de', 1), scene('de', 2)]).toEqual(['X: 1 Kugel, Zeit 0 s, .', 'X: 2 Kugeln, Zeit 0 s, .']);
    expect([scene('es', 1), scene('es', 2)]).toEqual(['X: 1 esfera, tiempo 0 s, .', 'X: 2 esferas, tiempo 0 s, .']);
  });

  it('a count given formatted for the language is the one written', () => {
    expect(plural(translator('de'), 'species.legendCount', 1200, { count: '1.200' })).toBe('1.200 Kugeln');
    expect(plural(translator('en'), 'describe.selectedHits', 1, { id: '1' })).toBe('Selected sphere #1: 1 hit.');
    expect(plural(translator('en'), 'describe.more', 1)).toBe('And one more collision since.');
  });
});
