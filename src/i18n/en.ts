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
  'link.fallback': '{why} The default experiment is loaded instead.',
  'link.unreadable': 'The link could not be read.',
  'link.tooLong': 'The link is too long ({length} characters, at most {max}).',
  'link.malformed': 'The link is malformed.',
  'link.repeated': '"{key}" appears more than once in the link; the first value is used.',
  'link.unknownPreset': 'Unknown preset "{value}" ignored.',
  'link.notBoolean': '{key} must be 1 or 0, got "{value}"; ignored.',
  'link.ignored': '{problem}; ignored.',
  'link.colour': 'Colour "{value}" is not one of {list}; ignored.',
  'link.defaultSettings': '{problem}. The default settings are used instead.',
  'link.more': '…and {count} more problems in the link.',
  'link.editsMalformed': 'The sphere edits in the link are malformed; ignored.',
  'link.editsNotList': 'The sphere edits in the link are not a list; ignored.',
  'link.editsTooMany': 'The link has {count} sphere edits (at most {max}); ignored.',
  'link.editNotObject': 'A sphere edit in the link is not an object; edits ignored.',
  'link.editNoId': 'A sphere edit in the link has no valid id; edits ignored.',
  'link.editNotVector': 'A sphere edit\'s {field} is not three finite numbers; edits ignored.',
  'link.editNotPositive': 'A sphere edit\'s {field} is not a positive number; edits ignored.',
  // end link

  // ── store ──
  // end store
} as const;

/** A message's key. */
export type MessageKey = keyof typeof en;
