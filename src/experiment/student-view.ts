/**
 * What a student view may hide and lock: the names a `view=` link uses (src/share/student-view.ts
 * reads and writes them) and the settings each lock holds. A hidden part is not drawn; a locked
 * control is drawn disabled, and the store refuses the change it would make.
 */
import { LIVE_SETTINGS, type SettingKey } from './settings.ts';

/** The parts a student view can hide: the two panels, and the Classroom panel's sections. */
export const HIDE_NAMES = ['settings', 'classroom', 'experiment', 'predict', 'what-if', 'readouts', 'thermo', 'reactions', 'plots', 'aids', 'build', 'inspector', 'measure', 'log'] as const;
/** One part a student view can hide. */
export type HideName = (typeof HIDE_NAMES)[number];

/** What a student view can lock: the experiment chosen, the sphere edits, and groups of settings. */
export const LOCK_NAMES = ['preset', 'edits', 'count', 'radius', 'speed', 'boxSize', 'planar', 'seed', 'restitution', 'wallRestitution', 'gravity', 'timeScale', 'attraction'] as const;
/** One thing a student view can lock. */
export type LockName = (typeof LOCK_NAMES)[number];

/** The settings each lock holds (`preset` and `edits` hold none: they lock the picker and the sphere editing). */
export const LOCKED_SETTINGS: Readonly<Record<LockName, readonly SettingKey[]>> = {
  preset: [],
  edits: [],
  count: ['count'],
  radius: ['radiusMin', 'radiusMax'],
  speed: ['speed'],
  boxSize: ['boxSize'],
  planar: ['planar'],
  seed: ['seed'],
  restitution: ['restitution'],
  wallRestitution: ['wallRestitution'],
  gravity: ['gravityOn', 'gravity'],
  timeScale: ['timeScale'],
  attraction: ['attraction', 'attractionRange'],
};

/** A student view: the parts hidden and the things locked, each list in the order of its names above, without repeats. */
export interface StudentView {
  hide: readonly HideName[];
  lock: readonly LockName[];
}

/** Whether `view` locks `what` (a lock name, or a setting one of its locks holds). */
export function isLocked(view: StudentView | null, what: LockName | SettingKey): boolean {
  if (view === null) return false;
  return view.lock.some((name) => name === what || LOCKED_SETTINGS[name].includes(what as SettingKey));
}

/**
 * Whether `view` keeps setting `key` as it is while `preset` runs (null: the free sandbox): a lock
 * that holds it, or the lock of the experiment for a scene setting other than the seed (changing
 * one leaves the preset for the free sandbox).
 */
export function settingLocked(view: StudentView | null, preset: string | null, key: SettingKey): boolean {
  return isLocked(view, key) || (preset !== null && key !== 'seed' && !LIVE_SETTINGS.has(key) && isLocked(view, 'preset'));
}

/** Whether `view` hides `part`. */
export function isHidden(view: StudentView | null, part: HideName): boolean {
  return view !== null && view.hide.includes(part);
}
