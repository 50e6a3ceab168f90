/**
 * A preset's title and watch line in the interface's language, from the catalogues
 * (`preset.<id>.title`, `preset.<id>.watch`); a preset the catalogues do not know yet shows
 * presets.ts's English.
 */
import { CATALOGUES, type MessageKey, type Translate } from '../../i18n/index.ts';
import type { Preset } from '../../presets/presets.ts';

function message(t: Translate, key: string, fallback: string): string {
  return Object.prototype.hasOwnProperty.call(CATALOGUES.en, key) ? t(key as MessageKey) : fallback;
}

/** The preset's short title, in the language of `t`. */
export function presetTitle(t: Translate, preset: Preset): string {
  return message(t, `preset.${preset.id}.title`, preset.title);
}

/** The preset's line on what to watch, in the language of `t`. */
export function presetWatch(t: Translate, preset: Preset): string {
  return message(t, `preset.${preset.id}.watch`, preset.watch);
}
