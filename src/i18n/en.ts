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
  'store.editNoSphere': 'Sphere #{id} does not exist in this experiment; its edit was skipped.',
  'store.editRefused': 'The edit of sphere #{id} was refused: {message}',
  'store.unknownPresetFree': 'Unknown preset "{id}"; the free sandbox is loaded.',
  'store.unknownPreset': 'Unknown preset "{id}".',
  'store.twinNotStarted': 'The link\'s what-if twin was not started: {why}',
  'store.settingsUnbuildable': 'These settings cannot be built: {message}',
  'store.sceneUnbuildable': 'This scene cannot be built: {message}',
  'store.workerLost': 'The solver worker stopped ({why}); the experiment restarted on the page.',
  'store.pauseToEdit': 'Pause the simulation to edit a sphere.',
  'store.worldReturning': 'One moment: the world is on its way back from the solver worker.',
  'store.noSphere': 'Sphere #{id} does not exist.',
  'store.timelineNeedsPage': 'The timeline works while the solver runs on this page; pause first.',
  'store.stepNotNumber': 'The step must be a number, got {value}',
  'store.nothingKept': 'Nothing of this run is kept yet.',
  'store.twinNeedsPage': 'The what-if twin needs the solver on this page; pause first.',
  'store.noTwin': 'There is no what-if twin to keep.',
  // end store
} as const;

/** A message's key. */
export type MessageKey = keyof typeof en;
