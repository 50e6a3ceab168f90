/**
 * The what-if twin's change: the one setting a twin alters (the restitution between spheres or at
 * the walls, gravity, or one sphere's mass) and the step it starts at; its limits, how it reads in
 * a sentence, how it is applied to a world, and how a link writes it (the `twin=` field). The twin's
 * run itself is an instrument (instruments/twin.ts).
 */
import type { World } from '../solver/index.ts';
import { english, formatPlain, type MessageKey, type Translate } from '../i18n/index.ts';
import { EDIT_MAX } from './edits.ts';
import { checkNumber, parseNumberInput, type SettingKey } from './settings.ts';
import { isLocked, type LockName, type StudentView } from './student-view.ts';

/** The piston: the top wall (experiment-world.ts names it too). */
const PISTON_WALL = '+y';

/**
 * What a twin may change: the sphere restitution, the wall restitution, gravity (m/s², 0 is off),
 * one sphere's mass, or the piston's speed (m/s: the top wall pushed in, or pulled out if it was
 * moving out; slow against fast compression).
 */
export type TwinSetting = 'restitution' | 'wallRestitution' | 'gravity' | 'mass' | 'pistonSpeed';

/** The twin settings, in menu order. */
export const TWIN_SETTINGS: readonly TwinSetting[] = ['restitution', 'wallRestitution', 'gravity', 'mass', 'pistonSpeed'];

/** What a student view locks to keep each twin setting as the run has it (keeping a twin changes the run's). */
const TWIN_LOCKS: Readonly<Record<TwinSetting, LockName | SettingKey>> = {
  restitution: 'restitution',
  wallRestitution: 'wallRestitution',
  gravity: 'gravity',
  mass: 'edits',
  pistonSpeed: 'pistonSpeed',
};

/** Whether `view` locks what a twin of `setting` would change when kept. */
export function twinLocked(view: StudentView | null, setting: TwinSetting): boolean {
  return isLocked(view, TWIN_LOCKS[setting]);
}

/** The twin settings a student view leaves open, in menu order. */
export function twinSettingsOpen(view: StudentView | null): TwinSetting[] {
  return TWIN_SETTINGS.filter((setting) => !twinLocked(view, setting));
}

/** The one change a twin makes. */
export interface TwinChange {
  setting: TwinSetting;
  /** The new value: a restitution in [0, 1], gravity's strength in m/s² (0 switches it off), a mass in kg. */
  value: number;
  /** The sphere whose mass changes (its id); only with `mass`. */
  sphere?: number;
}

/** A twin as a link carries it: the change and the step of the run it starts at. */
export interface TwinSpec extends TwinChange {
  /** Fixed steps since the scene was built. */
  step: number;
}

/** The largest step a link's twin may name (about 1,900 simulated hours at 1/60 s). */
export const TWIN_STEP_MAX = 400_000_000;

/** The catalogue key of a twin setting's short label, for menus and messages. */
export const TWIN_LABELS: Readonly<Record<TwinSetting, MessageKey>> = {
  restitution: 'twin.label.restitution',
  wallRestitution: 'twin.label.wallRestitution',
  gravity: 'twin.label.gravity',
  mass: 'twin.label.mass',
  pistonSpeed: 'twin.label.pistonSpeed',
};

/** The change written for a person: "e = 0.8", "no gravity", "sphere #3: m = 2 kg" (in the language of `t`). */
export function describeChange(change: TwinChange, t: Translate = english): string {
  const value = formatPlain(t.locale, change.value);
  switch (change.setting) {
    case 'restitution':
      return t('twin.change.restitution', { value });
    case 'wallRestitution':
      return t('twin.change.wallRestitution', { value });
    case 'gravity':
      return change.value === 0 ? t('twin.change.noGravity') : t('twin.change.gravity', { value });
    case 'mass':
      return t('twin.change.mass', { sphere: change.sphere === undefined ? '?' : String(change.sphere), value });
    case 'pistonSpeed':
      return t('twin.change.pistonSpeed', { value });
  }
}

/** The value the change replaces, in `world` (NaN for a sphere it does not have). */
export function currentValue(world: World, change: TwinChange): number {
  switch (change.setting) {
    case 'restitution':
      return world.options.restitution;
    case 'wallRestitution':
      return world.options.wallRestitution;
    case 'gravity': {
      const g = world.gravity;
      return Math.hypot(g[0], g[1], g[2]);
    }
    case 'mass': {
      const slot = change.sphere === undefined ? -1 : world.indexOf(change.sphere);
      return slot >= 0 ? world.masses[slot] : NaN;
    }
    case 'pistonSpeed':
      return Math.abs(world.wallState(PISTON_WALL).velocity);
  }
}

/**
 * Checks a change against the settings' limits (NUMBER_SPECS; a mass like an inspector edit) and,
 * given a world, that the sphere exists and is free. Returns the message naming the value, or null.
 */
export function checkChange(change: TwinChange, world?: World, t: Translate = english): string | null {
  if (!TWIN_SETTINGS.includes(change.setting)) return t('twin.settingOneOf', { list: TWIN_SETTINGS.join(', '), got: JSON.stringify(change.setting) });
  if (change.setting !== 'mass') return checkNumber(change.setting, change.value, t);
  const v = change.value;
  const name = t('twin.mass');
  if (typeof v !== 'number' || !Number.isFinite(v)) return t('edit.notNumber', { name, got: typeof v === 'number' ? formatPlain(t.locale, v) : String(v) });
  if (v <= 0) return t('edit.notPositive', { name, got: formatPlain(t.locale, v) });
  if (v > EDIT_MAX) return t('twin.massMax', { max: formatPlain(t.locale, EDIT_MAX), got: formatPlain(t.locale, v) });
  const id = change.sphere;
  if (id === undefined || !Number.isInteger(id) || id < 0) return t('twin.massSphere', { got: typeof id === 'number' ? formatPlain(t.locale, id) : String(id) });
  if (world !== undefined) {
    const slot = world.indexOf(id);
    if (slot < 0) return t('twin.noSphere', { id: String(id) });
    if (world.masses[slot] === Infinity) return t('twin.fixedSphere', { id: String(id) });
  }
  return null;
}

/** Applies a change to a world with the world's own setters (as a live setting or an edit would). */
export function applyChange(world: World, change: TwinChange): void {
  switch (change.setting) {
    case 'restitution':
      world.setRestitution(change.value);
      break;
    case 'wallRestitution':
      world.setWallRestitution(change.value);
      break;
    case 'gravity':
      // The app's gravity points down (-y), as the settings make it.
      world.setGravity([0, -change.value, 0]);
      break;
    case 'mass':
      world.setMass(change.sphere as number, change.value);
      break;
    case 'pistonSpeed':
      // Pulled out if it was moving out, else pushed in.
      world.setWallVelocity(PISTON_WALL, world.wallState(PISTON_WALL).velocity > 0 ? change.value : -change.value);
      break;
  }
}

/** A twin as the link's `twin=` field writes it: `restitution:0.8@120`, `mass.3:2@0`. */
export function encodeTwin(spec: TwinSpec): string {
  const name = spec.setting === 'mass' ? `mass.${spec.sphere}` : spec.setting;
  return `${name}:${spec.value}@${spec.step}`;
}

/** Reads a link's `twin=` field; returns the twin, or a message naming what is wrong. */
export function parseTwin(text: string, t: Translate = english): TwinSpec | string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  const m = /^([A-Za-z]+)(?:\.(\d{1,8}))?:([^@]*)@(\d{1,10})$/.exec(text);
  if (m === null) return t('twin.link.format', { text: shown });
  const setting = m[1] as TwinSetting;
  if (!TWIN_SETTINGS.includes(setting)) return t('twin.link.setting', { list: TWIN_SETTINGS.join(', '), got: m[1] });
  if ((setting === 'mass') !== (m[2] !== undefined)) return setting === 'mass' ? t('twin.link.massSphere') : t('twin.link.noSphere', { setting, text: shown });
  const value = parseNumberInput(m[3]);
  const step = Number(m[4]);
  if (step > TWIN_STEP_MAX) return t('twin.link.step', { max: String(TWIN_STEP_MAX), got: String(step) });
  const spec: TwinSpec = { setting, value: value as number, step };
  if (setting === 'mass') spec.sphere = Number(m[2]);
  const problem = checkChange(spec, undefined, t);
  return problem === null ? spec : t('twin.link.problem', { problem });
}
