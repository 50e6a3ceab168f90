/**
 * English: the reference catalogue. Every other language has exactly these keys, with the same
 * `{placeholders}` (catalogues.test.ts checks it). Keys are grouped by the part of the interface
 * that shows them.
 */
export const en = {
  // ── language ──
  'language.label': 'Language',
  'language.unknown': 'Language "{value}" is not one of {list}; {name} is used.',
  // end language

  // ── controls ──
  // end controls

  // ── classroom ──
  // end classroom

  // ── link ──
  // end link

  // ── store ──
  // end store
} as const;

/** A message's key. */
export type MessageKey = keyof typeof en;
