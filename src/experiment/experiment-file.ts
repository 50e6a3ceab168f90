/**
 * The experiment file (`<name>.sphere.json`): an experiment as a person can read and keep it. It
 * lists the experiment (preset, settings, predict, the twin) and every sphere of the world the
 * experiment builds at its start, one object per sphere, so that opening it gives a built
 * experiment that runs as the original did, bit for bit. This module holds the format, writing
 * one, and checking one read from outside (with the migration of older versions and of the
 * snapshot format); docs/file-format.md describes it for readers.
 */
import { english, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { checkReactions, checkWells, MAX_SPECIES, SolverInputError, WALL_NAMES, type Reaction, type WallName, type Well } from '../solver/index.ts';
import type { BuiltScene, BuiltSphere, BuiltWall } from './built.ts';
import { builtSceneOf } from './built.ts';
import { experimentWorld } from './experiment-world.ts';
import { EDIT_MAX } from './edits.ts';
import type { ExperimentState } from './experiment.ts';
import { DEFAULT_SETTINGS, validateSettings, type Settings } from './settings.ts';
import { SNAPSHOT_FORMAT } from './formats.ts';
import { checkChange, TWIN_STEP_MAX, type TwinSpec } from './twin-change.ts';

/** The `format` field of an experiment file. */
export const FILE_FORMAT = 'sphere-sandbox/experiment';
/** The version of the experiment file this code writes; older ones are migrated on opening. */
export const FILE_VERSION = 2;
/** The file name's ending. */
export const FILE_EXTENSION = '.sphere.json';
/** The most spheres a file may list. */
export const FILE_SPHERES_MAX = 20_000;
/** The longest label of a sphere, in characters. */
export const LABEL_MAX = 40;

/** An experiment file as JSON holds it (version {@link FILE_VERSION}). */
export interface ExperimentFile {
  format: typeof FILE_FORMAT;
  version: typeof FILE_VERSION;
  /** A name for people (the file's name without its ending). */
  name: string;
  /** The experiment's settings: the preset it came from (or null), every setting, predict and the twin. */
  experiment: { preset: string | null; settings: Settings; predict: boolean; twin: TwinSpec | null };
  /**
   * The box: its sides (m), whether it is planar, and the walls that do not start at its sides or
   * have limits of their own. The walls' motion (piston, speeds), temperatures and the divider are settings.
   */
  box: { size: [number, number, number]; planar: boolean; walls?: Partial<Record<WallName, BuiltWall>>; dividerHole?: number };
  /** Every sphere at the experiment's start, in id order (sphere k has id k). */
  spheres: BuiltSphere[];
  /** The reactions between the spheres' species (version 2; absent: none). */
  reactions?: Reaction[];
  /** The square wells between two named species, each with `between` (absent: none). The well between every pair is a setting (`attraction`). */
  wells?: Well[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const shown = (x: unknown): string => {
  const text = JSON.stringify(x) ?? String(x);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};
const isVector = (v: unknown, max: number): v is [number, number, number] =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= max);

/** A file name from a person's name for it: letters, digits, spaces and `-_` kept, with the ending. */
export function fileNameOf(name: string): string {
  const base = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 60) || 'experiment';
  return `${base}${FILE_EXTENSION}`;
}

/**
 * The file of an experiment: its settings and every sphere of the world it builds at its start
 * (colours and labels of a built experiment kept). Throws the solver's `SolverInputError` when the
 * experiment does not build (an experiment in effect always does).
 */
export function experimentFile(state: ExperimentState, name: string): ExperimentFile {
  const { world } = experimentWorld(state.settings, state.preset, state.edits, english, state.built ?? null);
  const built = state.built ?? null;
  const scene = builtSceneOf(world, (id) => {
    const s = built?.spheres[id];
    return { ...(s?.color !== undefined ? { color: s.color } : {}), ...(s?.label !== undefined ? { label: s.label } : {}) };
  });
  // A fixed sphere keeps the mass it was given (the world holds it as infinite).
  const spheres = scene.spheres.map((s, k) => (s.fixed && built?.spheres[k]?.fixed ? { ...s, mass: built.spheres[k].mass } : s));
  return {
    format: FILE_FORMAT,
    version: FILE_VERSION,
    name,
    experiment: { preset: state.preset, settings: { ...state.settings }, predict: state.predict === true, twin: state.twin ? { ...state.twin } : null },
    box: { size: scene.size, planar: scene.planar === true, ...(scene.walls !== undefined ? { walls: scene.walls } : {}), ...(scene.dividerHole !== undefined ? { dividerHole: scene.dividerHole } : {}) },
    spheres,
    ...(scene.reactions !== undefined ? { reactions: scene.reactions } : {}),
    ...(scene.wells !== undefined ? { wells: scene.wells } : {}),
  };
}

/** The file as text, one sphere a line so that a person can read and compare it. */
export function fileText(file: ExperimentFile): string {
  const head = JSON.stringify({ ...file, spheres: [] }, null, 2);
  if (file.spheres.length === 0) return `${head}\n`;
  const lines = file.spheres.map((s) => `    ${JSON.stringify(s)}`).join(',\n');
  return `${head.replace(/"spheres": \[\]/, () => `"spheres": [\n${lines}\n  ]`)}\n`;
}

/** An experiment file checked: the experiment it opens as (a built one), and its name. */
export interface CheckedFile {
  name: string;
  experiment: ExperimentState & { built: BuiltScene; twin: TwinSpec | null };
}

/** Checks the settings object at `field`; returns the settings or the message. */
function checkSettings(x: unknown, field: string, t: Translate): Settings | string {
  if (!isObject(x)) return t('file.field', { field, got: shown(x) });
  for (const key of Object.keys(x)) if (!(key in DEFAULT_SETTINGS)) return t('file.field', { field: `${field}.${key}`, got: shown(x[key]) });
  const settings = { ...DEFAULT_SETTINGS, ...x } as Settings;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (typeof settings[key] !== typeof DEFAULT_SETTINGS[key]) return t('file.field', { field: `${field}.${key}`, got: shown(settings[key]) });
  }
  const bad = validateSettings(settings, undefined, t);
  const badKey = Object.keys(bad)[0] as keyof Settings | undefined;
  if (badKey !== undefined) return t('file.setting', { field: `${field}.${badKey}`, got: shown(settings[badKey]), problem: bad[badKey] as string });
  return settings;
}

/** Checks one sphere; returns it (copied, unknown fields refused) or the message. */
function checkSphere(x: unknown, field: string, t: Translate): BuiltSphere | string {
  if (!isObject(x)) return t('file.field', { field, got: shown(x) });
  const allowed = ['position', 'velocity', 'radius', 'mass', 'restitution', 'fixed', 'color', 'label', 'species'];
  for (const key of Object.keys(x)) if (!allowed.includes(key)) return t('file.field', { field: `${field}.${key}`, got: shown(x[key]) });
  if (!isVector(x.position, EDIT_MAX)) return t('file.field', { field: `${field}.position`, got: shown(x.position) });
  if (!isVector(x.velocity, EDIT_MAX)) return t('file.field', { field: `${field}.velocity`, got: shown(x.velocity) });
  for (const key of ['radius', 'mass'] as const) {
    const v = x[key];
    if (!(typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= EDIT_MAX)) return t('file.field', { field: `${field}.${key}`, got: shown(v) });
  }
  if (x.restitution !== undefined && !(typeof x.restitution === 'number' && x.restitution >= 0 && x.restitution <= 1)) {
    return t('file.field', { field: `${field}.restitution`, got: shown(x.restitution) });
  }
  if (x.fixed !== undefined && typeof x.fixed !== 'boolean') return t('file.field', { field: `${field}.fixed`, got: shown(x.fixed) });
  if (x.color !== undefined && !(typeof x.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(x.color))) return t('file.field', { field: `${field}.color`, got: shown(x.color) });
  if (x.label !== undefined && !(typeof x.label === 'string' && x.label.length <= LABEL_MAX && !/[\p{Cc}]/u.test(x.label))) {
    return t('file.field', { field: `${field}.label`, got: shown(x.label) });
  }
  if (x.species !== undefined && !(Number.isInteger(x.species) && (x.species as number) >= 0 && (x.species as number) < MAX_SPECIES)) return t('file.field', { field: `${field}.species`, got: shown(x.species) });
  const s = x as unknown as BuiltSphere;
  return {
    position: [...s.position],
    velocity: [...s.velocity],
    radius: s.radius,
    mass: s.mass,
    ...(s.restitution !== undefined ? { restitution: s.restitution } : {}),
    ...(s.fixed === true ? { fixed: true } : {}),
    ...(s.color !== undefined ? { color: s.color.toLowerCase() } : {}),
    ...(s.label !== undefined ? { label: s.label } : {}),
    ...(s.species !== undefined && s.species !== 0 ? { species: s.species } : {}),
  };
}

/** Checks the reactions at `field` (absent: none); returns them (checked by the solver's rules) or the message naming the entry's field and its value. */
function checkReactionList(x: unknown, field: string, t: Translate): Reaction[] | undefined | string {
  if (x === undefined) return undefined;
  if (!Array.isArray(x)) return t('file.field', { field, got: shown(x) });
  for (let k = 0; k < x.length; k++) {
    const r: unknown = x[k];
    if (!isObject(r)) return t('file.field', { field: `${field}[${k}]`, got: shown(r) });
    for (const key of Object.keys(r)) if (!['reactants', 'products', 'activationEnergy', 'energyReleased', 'reversible'].includes(key)) return t('file.field', { field: `${field}[${k}].${key}`, got: shown(r[key]) });
  }
  try {
    return checkReactions(x as Reaction[]);
  } catch (error) {
    if (!(error instanceof SolverInputError)) throw error;
    // The solver names the entry's field from `reactions[k]`: the file's field is the same path under `field`.
    return t('file.field', { field: field + error.field.replace(/^reactions/, ''), got: shown(error.value) });
  }
}

/**
 * Checks the wells at `field` (absent: none); returns them (checked by the solver's rules) or the
 * message naming the entry's field and its value. Each names its two species (`between`): the well
 * between every pair is the `attraction` setting.
 */
function checkWellList(x: unknown, field: string, t: Translate): Well[] | undefined | string {
  if (x === undefined) return undefined;
  if (!Array.isArray(x)) return t('file.field', { field, got: shown(x) });
  for (let k = 0; k < x.length; k++) {
    const w: unknown = x[k];
    if (!isObject(w)) return t('file.field', { field: `${field}[${k}]`, got: shown(w) });
    for (const key of Object.keys(w)) if (!['between', 'range', 'depth'].includes(key)) return t('file.field', { field: `${field}[${k}].${key}`, got: shown(w[key]) });
    if (w.between === undefined) return t('file.field', { field: `${field}[${k}].between`, got: shown(w.between) });
  }
  try {
    return checkWells(x as Well[]);
  } catch (error) {
    if (!(error instanceof SolverInputError)) throw error;
    // The solver names the entry's field from `wells[k]`: the file's field is the same path under `field`.
    return t('file.field', { field: field + error.field.replace(/^wells/, ''), got: shown(error.value) });
  }
}

/** Checks the twin at `field` (null or absent for none). */
function checkTwin(x: unknown, field: string, t: Translate): TwinSpec | null | string {
  if (x === undefined || x === null) return null;
  if (!isObject(x) || !Number.isInteger(x.step) || (x.step as number) < 0 || (x.step as number) > TWIN_STEP_MAX) return t('file.field', { field, got: shown(x) });
  const problem = checkChange(x as unknown as TwinSpec, undefined, t);
  if (problem !== null) return t('file.setting', { field, got: shown(x), problem });
  const spec = x as unknown as TwinSpec;
  return { setting: spec.setting, value: spec.value, step: spec.step, ...(spec.sphere !== undefined ? { sphere: spec.sphere } : {}) } as TwinSpec;
}

/**
 * The older formats and versions, each turned into the next one's JSON (a chain ending at
 * {@link FILE_VERSION}). A snapshot (`sphere-sandbox/snapshot` version 1) opens as the experiment it
 * was taken of, from its start. Each returns the JSON of the next step or a message.
 */
function migrate(json: Record<string, unknown>, t: Translate): Record<string, unknown> | string {
  if (json.format === SNAPSHOT_FORMAT) {
    if (json.version !== 1) return t('file.version', { version: String(FILE_VERSION), got: shown(json.version) });
    const e = json.experiment;
    if (!isObject(e)) return t('file.field', { field: 'experiment', got: shown(e) });
    const settings = checkSettings(e.settings, 'experiment.settings', t);
    if (typeof settings === 'string') return settings;
    if (e.preset !== null && (typeof e.preset !== 'string' || presetById(e.preset) === undefined)) return t('file.field', { field: 'experiment.preset', got: shown(e.preset) });
    if (!Array.isArray(e.edits)) return t('file.field', { field: 'experiment.edits', got: shown(e.edits) });
    let built: BuiltScene | null = null;
    if (e.built !== undefined && e.built !== null) {
      const checked = checkScene(e.built, 'experiment.built', t);
      if (typeof checked === 'string') return checked;
      built = checked;
    }
    let file: ExperimentFile;
    try {
      const state: ExperimentState = { preset: e.preset as string | null, settings, edits: e.edits as ExperimentState['edits'], built, predict: e.predict === true, twin: null };
      const { refused } = experimentWorld(settings, state.preset, state.edits, t, built);
      if (refused.length > 0) return t('file.setting', { field: 'experiment.edits', got: shown(e.edits), problem: refused[0] });
      file = experimentFile(state, 'snapshot');
    } catch (error) {
      if (error instanceof SolverInputError) return t('file.unbuildable', { problem: error.message });
      throw error;
    }
    return { ...file, experiment: { ...file.experiment, twin: e.twin ?? null } } as unknown as Record<string, unknown>;
  }
  return t('file.field', { field: 'format', got: shown(json.format) });
}

/** A text that is not JSON: the message saying why. */
class NotJson {
  constructor(readonly message: string) {}
}

/** `input` parsed when it is JSON text, as it is when it is already parsed. */
function parsed(input: unknown, t: Translate): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (error) {
    return new NotJson(t('file.notJson', { problem: (error as Error).message }));
  }
}

/**
 * Checks a built scene read from outside (its JSON text or parsed JSON, as a link or a snapshot
 * holds it: `size`, `planar`, `spheres`, `walls`, `dividerHole`); returns it or the message naming the field.
 */
export function parseBuiltScene(input: unknown, t: Translate = english): BuiltScene | string {
  const json = parsed(input, t);
  if (json instanceof NotJson) return json.message;
  return checkScene(json, 'built', t);
}

/** Checks a built scene as a snapshot's experiment holds it (`size`, `planar`, `spheres`). */
function checkScene(x: unknown, field: string, t: Translate): BuiltScene | string {
  if (!isObject(x)) return t('file.field', { field, got: shown(x) });
  const box = checkBox({ size: x.size, planar: x.planar ?? false, ...(x.walls !== undefined ? { walls: x.walls } : {}), ...(x.dividerHole !== undefined ? { dividerHole: x.dividerHole } : {}) }, field, t);
  if (typeof box === 'string') return box;
  const spheres = checkSpheres(x.spheres, `${field}.spheres`, t);
  if (typeof spheres === 'string') return spheres;
  const reactions = checkReactionList(x.reactions, `${field}.reactions`, t);
  if (typeof reactions === 'string') return reactions;
  const wells = checkWellList(x.wells, `${field}.wells`, t);
  if (typeof wells === 'string') return wells;
  return sceneOf(box, spheres, reactions, wells);
}

function checkBox(x: unknown, field: string, t: Translate): ExperimentFile['box'] | string {
  if (!isObject(x)) return t('file.field', { field, got: shown(x) });
  if (!isVector(x.size, EDIT_MAX) || !x.size.every((v) => v > 0)) return t('file.field', { field: `${field}.size`, got: shown(x.size) });
  if (typeof x.planar !== 'boolean') return t('file.field', { field: `${field}.planar`, got: shown(x.planar) });
  for (const key of Object.keys(x)) if (!['size', 'planar', 'walls', 'dividerHole'].includes(key)) return t('file.field', { field: `${field}.${key}`, got: shown(x[key]) });
  if (x.dividerHole !== undefined && !(typeof x.dividerHole === 'number' && x.dividerHole > 0 && x.dividerHole <= EDIT_MAX)) return t('file.field', { field: `${field}.dividerHole`, got: shown(x.dividerHole) });
  const hole = x.dividerHole === undefined ? {} : { dividerHole: x.dividerHole };
  if (x.walls === undefined) return { size: [...x.size], planar: x.planar, ...hole };
  if (!isObject(x.walls)) return t('file.field', { field: `${field}.walls`, got: shown(x.walls) });
  const walls: Partial<Record<WallName, BuiltWall>> = {};
  for (const [name, wall] of Object.entries(x.walls)) {
    const at = `${field}.walls.${name}`;
    if (!(WALL_NAMES as readonly string[]).includes(name) || !isObject(wall)) return t('file.field', { field: at, got: shown(wall) });
    const out: BuiltWall = {};
    for (const [key, v] of Object.entries(wall)) {
      if (!['position', 'min', 'max', 'hole'].includes(key) || !(typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= EDIT_MAX) || (key === 'hole' && !(v > 0))) return t('file.field', { field: `${at}.${key}`, got: shown(v) });
      out[key as keyof BuiltWall] = v;
    }
    walls[name as WallName] = out;
  }
  return { size: [...x.size], planar: x.planar, walls, ...hole };
}

/** A built scene from a checked box and spheres. */
function sceneOf(box: ExperimentFile['box'], spheres: BuiltSphere[], reactions?: Reaction[], wells?: Well[]): BuiltScene {
  return {
    size: box.size,
    ...(box.planar ? { planar: true } : {}),
    spheres,
    ...(box.walls !== undefined ? { walls: box.walls } : {}),
    ...(box.dividerHole !== undefined ? { dividerHole: box.dividerHole } : {}),
    ...(reactions !== undefined && reactions.length > 0 ? { reactions } : {}),
    ...(wells !== undefined && wells.length > 0 ? { wells } : {}),
  };
}

function checkSpheres(x: unknown, field: string, t: Translate): BuiltSphere[] | string {
  if (!Array.isArray(x) || x.length > FILE_SPHERES_MAX) return t('file.field', { field, got: Array.isArray(x) ? `${x.length} spheres` : shown(x) });
  const spheres: BuiltSphere[] = [];
  for (let k = 0; k < x.length; k++) {
    const s = checkSphere(x[k], `${field}[${k}]`, t);
    if (typeof s === 'string') return s;
    spheres.push(s);
  }
  return spheres;
}

/**
 * Checks an experiment file read from outside (its text or parsed JSON), migrating older
 * versions and snapshots. Returns the experiment it opens as, or a message naming the first wrong
 * field and its value (in the language of `t`); nothing is half-read.
 */
export function checkExperimentFile(input: unknown, t: Translate = english): CheckedFile | string {
  const json = parsed(input, t);
  if (json instanceof NotJson) return json.message;
  if (!isObject(json)) return t('file.notObject', { got: shown(json) });
  // Version 1 is version 2 without species and reactions.
  const migrated = json.format === FILE_FORMAT ? (json.version === 1 ? { ...json, version: FILE_VERSION } : json) : migrate(json, t);
  if (typeof migrated === 'string') return migrated;
  const f = migrated as Record<string, unknown>;
  if (f.version !== FILE_VERSION) return t('file.version', { version: String(FILE_VERSION), got: shown(f.version) });
  for (const key of Object.keys(f)) if (!['format', 'version', 'name', 'experiment', 'box', 'spheres', 'reactions', 'wells'].includes(key)) return t('file.field', { field: key, got: shown(f[key]) });
  if (f.name !== undefined && !(typeof f.name === 'string' && f.name.length <= 200)) return t('file.field', { field: 'name', got: shown(f.name) });
  const e = f.experiment;
  if (!isObject(e)) return t('file.field', { field: 'experiment', got: shown(e) });
  for (const key of Object.keys(e)) if (!['preset', 'settings', 'predict', 'twin'].includes(key)) return t('file.field', { field: `experiment.${key}`, got: shown(e[key]) });
  if (e.preset !== null && (typeof e.preset !== 'string' || presetById(e.preset) === undefined)) return t('file.field', { field: 'experiment.preset', got: shown(e.preset) });
  const settings = checkSettings(e.settings, 'experiment.settings', t);
  if (typeof settings === 'string') return settings;
  if (e.predict !== undefined && typeof e.predict !== 'boolean') return t('file.field', { field: 'experiment.predict', got: shown(e.predict) });
  const twin = checkTwin(e.twin, 'experiment.twin', t);
  if (typeof twin === 'string') return twin;
  const box = checkBox(f.box, 'box', t);
  if (typeof box === 'string') return box;
  const spheres = checkSpheres(f.spheres, 'spheres', t);
  if (typeof spheres === 'string') return spheres;
  if (twin !== null && twin.setting === 'mass' && !(Number.isInteger(twin.sphere) && (twin.sphere as number) < spheres.length)) {
    return t('file.field', { field: 'experiment.twin.sphere', got: shown(twin.sphere) });
  }
  const reactions = checkReactionList(f.reactions, 'reactions', t);
  if (typeof reactions === 'string') return reactions;
  const wells = checkWellList(f.wells, 'wells', t);
  if (typeof wells === 'string') return wells;
  const built = sceneOf(box, spheres, reactions, wells);
  // The spheres must fit their box without overlapping: the solver says which does not.
  try {
    experimentWorld(settings, null, [], t, built);
  } catch (error) {
    if (error instanceof SolverInputError) return t('file.unbuildable', { problem: error.message });
    throw error;
  }
  const preset = e.preset as string | null;
  return {
    name: typeof f.name === 'string' ? f.name : '',
    experiment: { preset, settings, edits: [], built, ...(e.predict === true ? { predict: true } : {}), twin },
  };
}
