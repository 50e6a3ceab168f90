/**
 * An experiment as a whole: the preset, the settings and the hand edits of spheres, which a
 * restart rebuilds and a shared link carries; and the limits of a typed sphere edit.
 */
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

/** The label of each edit field, with its unit. */
export const EDIT_LABELS: Readonly<Record<EditField, string>> = {
  mass: 'Mass (kg)',
  radius: 'Radius (m)',
  px: 'Position x (m)',
  py: 'Position y (m)',
  pz: 'Position z (m)',
  vx: 'Velocity x (m/s)',
  vy: 'Velocity y (m/s)',
  vz: 'Velocity z (m/s)',
};

/** The largest magnitude of any edited value (a link's edits are held to the same). */
export const EDIT_MAX = 1e6;

/**
 * Checks one typed value; returns the number or a message naming the value. `maxRadius` (half the
 * smallest box side) bounds the radius, so that a sphere larger than its box is refused at the field.
 */
export function checkEditValue(field: EditField, text: string, maxRadius = Infinity): number | string {
  const value = parseNumberInput(text);
  const name = EDIT_LABELS[field].replace(/ \(.*\)$/, '');
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number, got ${text.trim() === '' ? 'nothing' : JSON.stringify(text)}`;
  if ((field === 'mass' || field === 'radius') && value <= 0) return `${name} must be greater than 0, got ${value}`;
  if (Math.abs(value) > EDIT_MAX) return `${name} must be at most ${EDIT_MAX} in size, got ${value}`;
  if (field === 'radius' && value > maxRadius) return `${name} must be at most ${Number(maxRadius.toPrecision(6))} m (half the smallest side of the box), got ${value}`;
  return value;
}
