import { describe, expect, it } from 'vitest';
import { english, translator } from '../i18n/index.ts';
import { PRESETS } from '../presets/presets.ts';
import { fixed } from './fixed.ts';
import { presetTitle, presetWatch } from './preset-text.ts';

describe('fixed decimals for a language', () => {
  it('writes English as toFixed does, others with their decimal sign and no grouping', () => {
    expect(fixed(12345.678, 2, 'en')).toBe('12345.68');
    expect(fixed(12345.678, 2, 'de')).toBe('12345,68');
    expect(fixed(2.5, 1, 'es')).toBe('2,5');
    expect(fixed(Number.NaN, 2, 'de')).toBe('–');
  });
});

describe("presets' words in the interface", () => {
  it('are presets.ts’s in English and translated in German', () => {
    const gas = PRESETS.find((p) => p.id === 'gas')!;
    expect(presetTitle(english, gas)).toBe(gas.title);
    expect(presetWatch(english, gas)).toBe(gas.watch);
    expect(presetTitle(translator('de'), gas)).toBe('Gas in einem Kasten');
  });

  it('fall back to presets.ts’s English for a preset the catalogues do not know', () => {
    const stranger = { ...PRESETS[0], id: 'not-in-the-catalogues', title: 'Stranger' };
    expect(presetTitle(translator('es'), stranger)).toBe('Stranger');
  });
});
