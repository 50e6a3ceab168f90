/**
 * Spanish (español): the same keys as English (en.ts), with the same `{placeholders}`.
 */
import type { MessageKey } from './en.ts';

export const es: Readonly<Record<MessageKey, string>> = {
  // ── language ──
  'language.label': 'Idioma',
  'language.unknown': 'El idioma "{value}" no es uno de {list}; se usa {name}.',
  // end language

  // ── controls ──
  // end controls

  // ── classroom ──
  // end classroom

  // ── link ──
  // end link

  // ── store ──
  // end store
};
