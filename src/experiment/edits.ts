/**
 * A hand edit of one sphere (the inspector's, or a link's): what it may change, the limits of a
 * typed value, and applying edits to a world with nothing half-applied.
 */
import { english, formatPlain, type MessageKey, type Translate } from '../i18n/index.ts';
import { SolverInputError, type World } from '../solver/index.ts';
import { parseNumberInput } from './settings.ts';

/** A change made to one sphere by hand (inspector), applied after the scene is built. */
export interface SphereEdit {
  /** Id of the sphere in the built scene. */
  id: number;
  position?: [number, number, number];
  velocity?: [number, number, number];
  radius?: number;
  mass?: number;
  /** The species, 0 to 63 (a chemistry lesson's A, B ...). */
  species?: number;
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

/** A number typed in the interface's language (`comma`: a decimal comma), or a message naming the field `name` and what was typed. */
export function readNumber(text: string, name: string, comma: boolean, t: Translate = english): number | string {
  const value = parseNumberInput(text, comma);
  if (typeof value !== 'number' || !Number.isFinite(value)) return t('edit.notNumber', { name, got: text.trim() === '' ? t('edit.nothing') : JSON.stringify(text) });
  return value;
}

/**
 * Checks one typed value; returns the number or a message naming the value. `maxRadius` (half the
 * smallest box side) bounds the radius, so that a sphere larger than its box is refused at the field.
 * The message is in the language of `t` (English unless given).
 */
export function checkEditValue(field: EditField, text: string, maxRadius = Infinity, t: Translate = english): number | string {
  const name = t(EDIT_LABELS[field]).replace(/ \(.*\)$/, '');
  const value = readNumber(text, name, t.locale !== 'en', t);
  const n = (x: number): string => formatPlain(t.locale, x);
  if (typeof value === 'string') return value;
  if ((field === 'mass' || field === 'radius') && value <= 0) return t('edit.notPositive', { name, got: n(value) });
  if (Math.abs(value) > EDIT_MAX) return t('edit.tooLarge', { name, max: n(EDIT_MAX), got: n(value) });
  if (field === 'radius' && value > maxRadius) return t('edit.radiusTooLarge', { name, max: n(Number(maxRadius.toPrecision(6))), got: n(value) });
  return value;
}

/**
 * Applies hand edits (inspector, shared link) to a freshly built world, in order. An edit the
 * world refuses (a sphere id it does not have, a radius that does not fit) is skipped; returns a
 * plain-text message for each.
 */
export function applyEdits(world: World, edits: readonly SphereEdit[], t: Translate = english): string[] {
  const refused: string[] = [];
  for (const edit of edits) {
    if (!world.has(edit.id)) {
      refused.push(t('store.editNoSphere', { id: String(edit.id) }));
      continue;
    }
    const message = applyEdit(world, edit);
    if (message !== null) refused.push(t('store.editRefused', { id: String(edit.id), message }));
  }
  return refused;
}

/**
 * Applies one edit (mass, radius, position, velocity, in that order); returns null, or the
 * solver's message naming the refused value (the sphere's mass, radius and velocity are then as
 * before the edit; only the overlap repair of a radius that was put back may have moved neighbours).
 */
export function applyEdit(world: World, edit: SphereEdit): string | null {
  // Nothing half-applied: when a later field is refused, the earlier ones are put back.
  const slot = world.indexOf(edit.id);
  const oldMass = slot >= 0 ? world.masses[slot] : NaN;
  const oldRadius = slot >= 0 ? world.radii[slot] : NaN;
  const oldVelocity: [number, number, number] = slot >= 0 ? [world.velocities[3 * slot], world.velocities[3 * slot + 1], world.velocities[3 * slot + 2]] : [0, 0, 0];
  let done = 0;
  try {
    // First, so that a refused species leaves nothing to put back.
    if (edit.species !== undefined) world.setSpecies(edit.id, edit.species);
    if (edit.mass !== undefined) world.setMass(edit.id, edit.mass);
    done = 1;
    if (edit.radius !== undefined) world.setRadius(edit.id, edit.radius);
    done = 2;
    if (edit.position !== undefined) world.setPosition(edit.id, edit.position);
    if (edit.velocity !== undefined) world.setVelocity(edit.id, edit.velocity);
  } catch (error) {
    if (!(error instanceof SolverInputError)) throw error;
    if (done >= 2 && edit.radius !== undefined) world.setRadius(edit.id, oldRadius);
    if (done >= 1 && edit.mass !== undefined) {
      world.setMass(edit.id, oldMass);
      world.setVelocity(edit.id, oldVelocity);
    }
    return error.message;
  }
  return null;
}
