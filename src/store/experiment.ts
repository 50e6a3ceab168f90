/**
 * An experiment as a whole: the preset, the settings and the hand edits of spheres, which a
 * restart rebuilds and a shared link carries; and the limits of a typed sphere edit.
 */
import { english, formatPlain, type MessageKey, type Translate } from '../i18n/index.ts';
import { parseNumberInput, type Settings } from './settings.ts';
import type { TwinSpec } from './twin.ts';

/** A change made to one sphere by hand (inspector), applied after the scene is built. */
export interface SphereEdit {
  /** Id of the sphere in the built scene. */
  id: number;
  position?: [number, number, number];
  velocity?: [number, number, number];
  radius?: number;
  mass?: number;
}

/** What a restart rebuilds and a link carries. */
export interface ExperimentState {
  /** Preset id, or null for the free sandbox. */
  preset: string | null;
  settings: Settings;
  edits: SphereEdit[];
  /** Predict, then reveal switched on. @defaultValue false */
  predict?: boolean;
  /** The what-if twin and the step it starts at, or none. */
  twin?: TwinSpec | null;
}

/** A field of the inspector's form: mass, radius, or one coordinate of position or velocity. */
export type EditField = 'mass' | 'radius' | 'px' | 'py' | 'pz' | 'vx' | 'vy' | 'vz';

/** The catalogue key of each edit field's label, with its unit ("Mass (kg)"). */
export const EDIT_LABELS: Readonly<Record<EditField, MessageKey>> = {
  mass: 'edit.mass',
  radius: 'edit.radius',
  px: 'edit.px',
  py: 'edit.py',
  pz: 'edit.pz',
  vx: 'edit.vx',
  vy: 'edit.vy',
  vz: 'edit.vz',
};

/** The largest magnitude of any edited value (a link's edits are held to the same). */
export const EDIT_MAX = 1e6;

/**
 * Checks one typed value; returns the number or a message naming the value. `maxRadius` (half the
 * smallest box side) bounds the radius, so that a sphere larger than its box is refused at the field.
 * The message is in the language of `t` (English unless given).
 */
export function checkEditValue(field: EditField, text: string, maxRadius = Infinity, t: Translate = english): number | string {
  const value = parseNumberInput(text, t.locale !== 'en');
  const name = t(EDIT_LABELS[field]).replace(/ \(.*\)$/, '');
  const n = (x: number): string => formatPlain(t.locale, x);
  if (typeof value !== 'number' || !Number.isFinite(value)) return t('edit.notNumber', { name, got: text.trim() === '' ? t('edit.nothing') : JSON.stringify(text) });
  if ((field === 'mass' || field === 'radius') && value <= 0) return t('edit.notPositive', { name, got: n(value) });
  if (Math.abs(value) > EDIT_MAX) return t('edit.tooLarge', { name, max: n(EDIT_MAX), got: n(value) });
  if (field === 'radius' && value > maxRadius) return t('edit.radiusTooLarge', { name, max: n(Number(maxRadius.toPrecision(6))), got: n(value) });
  return value;
}
