/**
 * The interface shows each preset's title and what to watch from the catalogues
 * (`preset.<id>.title`, `preset.<id>.watch`); presets.ts keeps the English for Node users and the
 * docs. The English catalogue must say exactly what presets.ts says, preset for preset.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES } from '../i18n/index.ts';
import { PRESETS } from './presets.ts';

const english: Readonly<Record<string, string>> = CATALOGUES.en;

describe("the presets' words in the catalogues", () => {
  it("the English catalogue's title and watch line of each preset are presets.ts's", () => {
    for (const p of PRESETS) {
      expect(english[`preset.${p.id}.title`], p.id).toBe(p.title);
      expect(english[`preset.${p.id}.watch`], p.id).toBe(p.watch);
    }
  });

  it('the catalogues hold no title or watch line of a preset that does not exist', () => {
    const ids = new Set(PRESETS.map((p) => p.id));
    for (const locale of LOCALES) {
      const strays = Object.keys(CATALOGUES[locale])
        .map((key) => /^preset\.([^.]+)\.(?:title|watch)$/.exec(key)?.[1])
        .filter((id): id is string => id !== undefined && !ids.has(id));
      expect(strays, locale).toEqual([]);
    }
  });
});
