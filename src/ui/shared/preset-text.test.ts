import { describe, expect, it } from 'vitest';
import { english, translator } from '../../i18n/index.ts';
import { PRESETS } from '../../presets/presets.ts';
import { presetTitle, presetWatch } from './preset-text.ts';

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
