/**
 * German (Deutsch): the same keys as English (en.ts), with the same `{placeholders}`.
 */
import type { MessageKey } from './en.ts';

export const de: Readonly<Record<MessageKey, string>> = {
  // ── language ──
  'language.label': 'Sprache',
  'language.unknown': 'Die Sprache "{value}" ist keine von {list}; {name} wird verwendet.',
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
