/**
 * The sandbox's settings: their defaults, limits and units, and the validation that keeps a bad
 * value out of the world. Pure data and functions; no store, no React. Messages are English unless
 * a translator is given (the interface passes its own).
 */
import { CATALOGUES, english, formatPlain, type Locale, type Translate } from '../i18n/index.ts';

const en = CATALOGUES.en;

/** What a person can change in the sandbox. Units are SI. */
export interface Settings {
  /** Number of spheres. @defaultValue 300 */
  count: number;
  /** Smallest sphere radius, m. @defaultValue 0.15 */
  radiusMin: number;
  /** Largest sphere radius, m. @defaultValue 0.3 */
  radiusMax: number;
  /** Initial speed of every sphere, m/s, in a random direction. @defaultValue 2 */
  speed: number;
  /** Restitution between spheres, in [0, 1]. @defaultValue 1 */
  restitution: number;
  /** Restitution at the walls, in [0, 1]. @defaultValue 1 */
  wallRestitution: number;
  /** Whether gravity acts (downwards, -y). @defaultValue false */
  gravityOn: boolean;
  /** Gravity strength, m/s^2. @defaultValue 9.81 */
  gravity: number;
  /** Side of the cubic box, m (in planar mode the square's side). @defaultValue 8 */
  boxSize: number;
  /** Simulated seconds per real second (slow motion below 1). @defaultValue 1 */
  timeScale: number;
  /** Planar (2D) mode: every sphere moves in the plane z = 0. @defaultValue false */
  planar: boolean;
  /** Seed of the random placement and directions. @defaultValue 1 */
  seed: number;
  /** What the sphere colour shows. @defaultValue 'speed' */
  colorBy: ColorBy;
  /**
   * The piston (the top wall, +y): held still, pushed in or pulled out at `pistonSpeed`, or free
   * under the weight `pistonForce` with mass `pistonMass`. @defaultValue 'held'
   */
  piston: PistonMode;
  /** Speed of a pushed or pulled piston, m/s. @defaultValue 0.5 */
  pistonSpeed: number;
  /** The weight on a free piston: its constant inward force, N. @defaultValue 2 */
  pistonForce: number;
  /** Mass of a free piston, kg. @defaultValue 1 */
  pistonMass: number;
  /** The left wall (-x) is a heater or cooler at `leftKT`. @defaultValue false */
  leftThermal: boolean;
  /** Temperature kT of the left wall, J. @defaultValue 0.1 */
  leftKT: number;
  /** The right wall (+x) is a heater or cooler at `rightKT`. @defaultValue false */
  rightThermal: boolean;
  /** Temperature kT of the right wall, J. @defaultValue 0.02 */
  rightKT: number;
  /** A divider across the box at x = 0 keeps the two halves apart. @defaultValue false */
  divider: boolean;
  /**
   * The depth ε of the square well between every pair of spheres, J (docs/physics.md, section 11):
   * the kinetic energy a pair gains on coming within `attractionRange`. 0 is no attraction.
   * Wells a scene names between two species act beside it. @defaultValue 0
   */
  attraction: number;
  /** The reach of that well, in sums of radii, in (1, 2]. @defaultValue 1.5 */
  attractionRange: number;
}

/** What the piston does: held still, pushed in, pulled out, or free under its weight. */
export type PistonMode = 'held' | 'push' | 'pull' | 'free';

/** The piston modes, in the order the controls show them. */
export const PISTON_MODES: readonly PistonMode[] = ['held', 'push', 'pull', 'free'];

/** What the spheres' colour shows: their speed, their mass, their species (a chemistry lesson's), or how many neighbours a square well holds each to (a gas with attraction). */
export type ColorBy = 'speed' | 'mass' | 'species' | 'neighbours';

/** Every colour mode, in the settings' order. */
export const COLOR_MODES: readonly ColorBy[] = ['speed', 'mass', 'species', 'neighbours'];

/** The settings of the walls (the Thermodynamics controls): live, and borrowed by a preset. */
export const WALL_SETTINGS = ['piston', 'pistonSpeed', 'pistonForce', 'pistonMass', 'leftThermal', 'leftKT', 'rightThermal', 'rightKT', 'divider'] as const satisfies readonly SettingKey[];

/** The settings of the well between every pair (the Attraction controls): live, and borrowed by a preset. */
export const ATTRACTION_SETTINGS = ['attraction', 'attractionRange'] as const satisfies readonly SettingKey[];

/** A setting's name. */
export type SettingKey = keyof Settings;

/** Per-field messages; a field without a message is fine. */
export type FieldMessages = Partial<Record<SettingKey, string>>;

/** The defaults of every setting. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  count: 300,
  radiusMin: 0.15,
  radiusMax: 0.3,
  speed: 2,
  restitution: 1,
  wallRestitution: 1,
  gravityOn: false,
  gravity: 9.81,
  boxSize: 8,
  timeScale: 1,
  planar: false,
  seed: 1,
  colorBy: 'speed',
  piston: 'held',
  pistonSpeed: 0.5,
  pistonForce: 2,
  pistonMass: 1,
  leftThermal: false,
  leftKT: 0.1,
  rightThermal: false,
  rightKT: 0.02,
  divider: false,
  attraction: 0,
  attractionRange: 1.5,
});

/** Above this many spheres the sandbox warns that it may not animate smoothly. */
export const COUNT_WARNING = 5_000;

/**
 * The most spheres the sandbox accepts. Large scenes run in the solver's worker and are drawn as
 * impostors; at this size the solver takes about 50 ms a step on a laptop core, so the scene
 * plays in slow motion (the status line says so).
 */
export const COUNT_MAX = 100_000;

/**
 * The largest packing fraction (sphere volume over box volume) a scene may have; the scene
 * builder places spheres on a lattice and cannot go denser.
 */
export const PACKING_MAX = 0.45;

/**
 * Settings that change a running world in place (restitution, gravity, time scale, colour);
 * every other setting needs a new scene.
 */
export const LIVE_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>(['restitution', 'wallRestitution', 'gravityOn', 'gravity', 'timeScale', 'colorBy', 'piston', 'pistonSpeed', 'pistonForce', 'pistonMass', 'leftThermal', 'leftKT', 'rightThermal', 'rightKT', 'divider', 'attraction', 'attractionRange']);

/** Limits and presentation of a numeric setting. */
export interface NumberSpec {
  /** English label (the interface shows the catalogue's `setting.<key>` in its language). */
  label: string;
  /** Unit shown after the value, or '' for none. */
  unit: string;
  /** Smallest accepted value (inclusive unless `minExclusive`). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
  /** The minimum itself is not accepted (a value must be greater). */
  minExclusive?: boolean;
  /** Only whole numbers. */
  integer?: boolean;
  /** Step of the input's arrows. */
  step: number;
}

/** The numeric settings. */
export type NumberKey = 'count' | 'radiusMin' | 'radiusMax' | 'speed' | 'restitution' | 'wallRestitution' | 'gravity' | 'boxSize' | 'timeScale' | 'seed' | 'pistonSpeed' | 'pistonForce' | 'pistonMass' | 'leftKT' | 'rightKT' | 'attraction' | 'attractionRange';

/** Limits of every numeric setting. */
export const NUMBER_SPECS: Readonly<Record<NumberKey, NumberSpec>> = {
  count: { label: en['setting.count'], unit: '', min: 1, max: COUNT_MAX, integer: true, step: 50 },
  radiusMin: { label: en['setting.radiusMin'], unit: 'm', min: 0.01, max: 5, step: 0.01 },
  radiusMax: { label: en['setting.radiusMax'], unit: 'm', min: 0.01, max: 5, step: 0.01 },
  speed: { label: en['setting.speed'], unit: 'm/s', min: 0, max: 100, step: 0.5 },
  restitution: { label: en['setting.restitution'], unit: '', min: 0, max: 1, step: 0.01 },
  wallRestitution: { label: en['setting.wallRestitution'], unit: '', min: 0, max: 1, step: 0.01 },
  gravity: { label: en['setting.gravity'], unit: 'm/s²', min: 0, max: 100, step: 0.1 },
  boxSize: { label: en['setting.boxSize'], unit: 'm', min: 0.5, max: 500, step: 0.5 },
  timeScale: { label: en['setting.timeScale'], unit: '×', min: 0.05, max: 4, step: 0.05 },
  seed: { label: en['setting.seed'], unit: '', min: 0, max: 2_147_483_647, integer: true, step: 1 },
  pistonSpeed: { label: en['setting.pistonSpeed'], unit: 'm/s', min: 0, max: 50, step: 0.1 },
  pistonForce: { label: en['setting.pistonForce'], unit: 'N', min: 0, max: 1e6, step: 0.5 },
  pistonMass: { label: en['setting.pistonMass'], unit: 'kg', min: 0.001, max: 1e6, step: 0.5 },
  leftKT: { label: en['setting.leftKT'], unit: 'J', min: 1e-6, max: 1e6, step: 0.01 },
  rightKT: { label: en['setting.rightKT'], unit: 'J', min: 1e-6, max: 1e6, step: 0.01 },
  attraction: { label: en['setting.attraction'], unit: 'J', min: 0, max: 1e6, step: 0.01 },
  attractionRange: { label: en['setting.attractionRange'], unit: '', min: 1, minExclusive: true, max: 2, step: 0.05 },
};

/** Whether a key names a numeric setting. */
export function isNumberKey(key: SettingKey): key is NumberKey {
  return Object.prototype.hasOwnProperty.call(NUMBER_SPECS, key);
}

function show(value: unknown, locale: Locale): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return formatPlain(locale, value);
  return String(value);
}

/**
 * Reads a number typed into a field: the empty string, anything that is not a whole decimal
 * number (with optional exponent) and a number too large for a double stay a string, so that
 * validation can name it. With `decimalComma` (Spanish, German) a comma is read as the decimal
 * sign too: '0,5' is 0.5.
 */
export function parseNumberInput(text: string, decimalComma = false): number | string {
  let trimmed = text.trim();
  if (decimalComma && /^[-+]?\d*,\d+([eE][-+]?\d+)?$/.test(trimmed)) trimmed = trimmed.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return text;
  // '1e400' is well formed but overflows: keep the text, so the message shows what was typed.
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/**
 * Checks one numeric value against its limits alone; returns the message (in the language of
 * `t`, English by default), or null when fine.
 */
export function checkNumber(key: NumberKey, value: unknown, t: Translate = english): string | null {
  const spec = NUMBER_SPECS[key];
  const name = t(`setting.${key}`);
  const num = (v: number): string => formatPlain(t.locale, v);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return t('check.notNumber', { name, got: value === '' ? t('check.nothing') : show(value, t.locale) });
  }
  if (spec.integer && !Number.isInteger(value)) return t('check.notWhole', { name, got: num(value) });
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (spec.minExclusive ? value <= spec.min : value < spec.min) return t(spec.minExclusive ? 'check.above' : 'check.atLeast', { name, min: `${num(spec.min)}${unit}`, got: num(value) });
  if (value > spec.max) return t('check.atMost', { name, max: `${num(spec.max)}${unit}`, got: num(value) });
  return null;
}

/**
 * How many spheres of radius up to `radiusMax` the scene builder can place in a box of side
 * `boxSize`: it uses a lattice of sites one largest diameter apart.
 */
export function latticeCapacity(boxSize: number, radiusMax: number, planar: boolean): number {
  const perSide = Math.floor(boxSize / (2 * radiusMax * (1 + 1e-9)));
  return planar ? perSide * perSide : perSide * perSide * perSide;
}

/**
 * Expected packing fraction of `count` spheres with radii uniform in [rMin, rMax] in a box of
 * side `boxSize` (area fraction in planar mode).
 */
export function expectedPacking(s: Pick<Settings, 'count' | 'radiusMin' | 'radiusMax' | 'boxSize' | 'planar'>): number {
  const a = s.radiusMin;
  const b = s.radiusMax;
  if (s.planar) {
    // E[r^2] for r uniform on [a, b] is (b^3 - a^3) / (3 (b - a)), or a^2 when a = b.
    const r2 = b > a ? (b ** 3 - a ** 3) / (3 * (b - a)) : a * a;
    return (s.count * Math.PI * r2) / (s.boxSize * s.boxSize);
  }
  // E[r^3] = (b^4 - a^4) / (4 (b - a)), or a^3 when a = b.
  const r3 = b > a ? (b ** 4 - a ** 4) / (4 * (b - a)) : a ** 3;
  return (s.count * (4 / 3) * Math.PI * r3) / s.boxSize ** 3;
}

/** The message for a set of settings whose spheres do not fit in their box, or null when they do. */
export function checkFit(s: Settings, t: Translate = english): string | null {
  if (s.radiusMin > s.radiusMax) return null; // reported on the radius fields
  const num = (v: number): string => formatPlain(t.locale, v);
  if (2 * s.radiusMax * 1.25 > s.boxSize) {
    return t('check.boxTooSmall', { size: num(s.boxSize), radius: num(s.radiusMax) });
  }
  const capacity = latticeCapacity(s.boxSize, s.radiusMax, s.planar);
  const packing = expectedPacking(s);
  if (s.count > capacity || packing > PACKING_MAX) {
    const byPacking = Math.floor((PACKING_MAX / packing) * s.count);
    const most = Math.max(0, Math.min(capacity, byPacking));
    return t('check.doNotFit', { count: num(s.count), radius: num(s.radiusMax), size: num(s.boxSize), most: num(most) });
  }
  return null;
}

/**
 * Validates a whole set of settings. Returns one message per bad field; an empty object means
 * every value may reach the world. A constraint between fields (radius order, fit in the box) is
 * reported on `focus`, the field just changed, when it is one of the fields involved. Messages
 * are in the language of `t` (English by default).
 */
export function validateSettings(s: Settings, focus?: SettingKey, t: Translate = english): FieldMessages {
  const errors: FieldMessages = {};
  for (const key of Object.keys(NUMBER_SPECS) as NumberKey[]) {
    const message = checkNumber(key, s[key], t);
    if (message) errors[key] = message;
  }
  const got = (value: unknown): string => show(value, t.locale);
  if (typeof s.gravityOn !== 'boolean') errors.gravityOn = t('check.notBoolean.gravityOn', { got: got(s.gravityOn) });
  if (typeof s.planar !== 'boolean') errors.planar = t('check.notBoolean.planar', { got: got(s.planar) });
  if (!(COLOR_MODES as readonly string[]).includes(s.colorBy)) errors.colorBy = t('check.colorBy', { got: got(s.colorBy) });
  if (!PISTON_MODES.includes(s.piston)) errors.piston = t('check.piston', { list: PISTON_MODES.join(', '), got: got(s.piston) });
  for (const key of ['leftThermal', 'rightThermal', 'divider'] as const) {
    if (typeof s[key] !== 'boolean') errors[key] = t('check.notBoolean.wall', { name: t(`setting.${key}`), got: got(s[key]) });
  }
  if (Object.keys(errors).length > 0) return errors;

  if (s.radiusMin > s.radiusMax) {
    const key = focus === 'radiusMax' ? 'radiusMax' : 'radiusMin';
    errors[key] = key === 'radiusMax'
      ? t('check.radiusMaxBelowMin', { min: got(s.radiusMin), got: got(s.radiusMax) })
      : t('check.radiusMinAboveMax', { max: got(s.radiusMax), got: got(s.radiusMin) });
    return errors;
  }
  const fit = checkFit(s, t);
  if (fit) {
    const involved: SettingKey[] = ['count', 'radiusMin', 'radiusMax', 'boxSize', 'planar'];
    errors[focus !== undefined && involved.includes(focus) ? focus : 'count'] = fit;
  }
  return errors;
}

/** Non-blocking advice per field (the value is accepted), in the language of `t` (English by default). */
export function settingWarnings(s: Settings, t: Translate = english): FieldMessages {
  const warnings: FieldMessages = {};
  if (s.count > COUNT_WARNING) warnings.count = t('check.manySpheres', { count: formatPlain(t.locale, s.count) });
  return warnings;
}
