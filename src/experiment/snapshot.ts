/**
 * A snapshot of a sandbox as plain JSON: the whole experiment (preset, settings, hand edits,
 * predict, the twin's change) with the world's exact state at a step, and a running twin's world,
 * so that a sandbox restored from it, on this page or another, goes on bit for bit. This module
 * holds its format and checks one read from outside; the store takes and restores them.
 */
import { english, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { SolverInputError, worldFromJSON, type World, type WorldJSON } from '../solver/index.ts';
import { EDIT_MAX, type SphereEdit } from './edits.ts';
import type { ExperimentState } from './experiment.ts';
import { DEFAULT_SETTINGS, validateSettings, type Settings } from './settings.ts';
import { checkChange, TWIN_STEP_MAX, type TwinSpec } from './twin-change.ts';
import { parseBuiltScene } from './experiment-file.ts';
import { SNAPSHOT_FORMAT } from './formats.ts';
import type { BuiltScene } from './built.ts';

export { SNAPSHOT_FORMAT };
/** The version of the snapshot format this code writes and reads. */
export const SNAPSHOT_VERSION = 1;

/** A sandbox's experiment and exact state, as plain JSON (`JSON.stringify` keeps it whole). */
export interface SandboxSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** The experiment, as a link carries it (its `twin` is the twin's change and start step, or null). */
  experiment: ExperimentState;
  /** Fixed steps the world has taken since the scene was built (the timeline's clock). */
  step: number;
  /** The fixed step, s. */
  dt: number;
  /** The world's exact state at `step`. */
  world: WorldJSON;
  /** A twin running at `step`: its world and its world as it started (null when none runs). */
  twin: { world: WorldJSON; start: WorldJSON } | null;
}

/** A snapshot checked and its worlds rebuilt, ready to restore. */
export interface CheckedSnapshot {
  experiment: ExperimentState & { twin: TwinSpec | null };
  step: number;
  world: World;
  twin: { world: World; start: World } | null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const shown = (x: unknown): string => {
  const text = JSON.stringify(x) ?? String(x);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** Checks one hand edit as a snapshot holds it; returns the message naming the field, or null. */
function checkEdit(edit: unknown, k: number, t: Translate): string | null {
  const at = `experiment.edits[${k}]`;
  if (!isObject(edit)) return t('snapshot.field', { field: at, got: shown(edit) });
  if (!Number.isInteger(edit.id) || (edit.id as number) < 0) return t('snapshot.field', { field: `${at}.id`, got: shown(edit.id) });
  for (const key of ['mass', 'radius'] as const) {
    const v = edit[key];
    if (v !== undefined && !(typeof v === 'number' && v > 0 && v <= EDIT_MAX)) return t('snapshot.field', { field: `${at}.${key}`, got: shown(v) });
  }
  for (const key of ['position', 'velocity'] as const) {
    const v = edit[key];
    if (v !== undefined && !(Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= EDIT_MAX))) {
      return t('snapshot.field', { field: `${at}.${key}`, got: shown(v) });
    }
  }
  return null;
}

/**
 * Checks a snapshot read from outside (parsed JSON) and rebuilds its worlds. Returns them, or a
 * message naming the first wrong field and its value (in the language of `t`); nothing is half-read.
 */
export function checkSnapshot(json: unknown, dt: number, t: Translate = english): CheckedSnapshot | string {
  if (!isObject(json)) return t('snapshot.notObject', { got: shown(json) });
  if (json.format !== SNAPSHOT_FORMAT) return t('snapshot.field', { field: 'format', got: shown(json.format) });
  if (json.version !== SNAPSHOT_VERSION) return t('snapshot.version', { version: String(SNAPSHOT_VERSION), got: shown(json.version) });
  if (json.dt !== dt) return t('snapshot.field', { field: 'dt', got: shown(json.dt) });
  const step = json.step;
  if (!Number.isInteger(step) || (step as number) < 0 || (step as number) > TWIN_STEP_MAX) return t('snapshot.field', { field: 'step', got: shown(step) });
  const e = json.experiment;
  if (!isObject(e)) return t('snapshot.field', { field: 'experiment', got: shown(e) });
  if (e.preset !== null && (typeof e.preset !== 'string' || presetById(e.preset) === undefined)) return t('snapshot.field', { field: 'experiment.preset', got: shown(e.preset) });
  if (!isObject(e.settings)) return t('snapshot.field', { field: 'experiment.settings', got: shown(e.settings) });
  for (const key of Object.keys(e.settings)) if (!(key in DEFAULT_SETTINGS)) return t('snapshot.field', { field: `experiment.settings.${key}`, got: shown(e.settings[key]) });
  const settings = { ...DEFAULT_SETTINGS, ...e.settings } as Settings;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (typeof settings[key] !== typeof DEFAULT_SETTINGS[key]) return t('snapshot.field', { field: `experiment.settings.${key}`, got: shown(settings[key]) });
  }
  const bad = validateSettings(settings, undefined, t);
  const badKey = Object.keys(bad)[0] as keyof Settings | undefined;
  if (badKey !== undefined) return t('snapshot.setting', { field: `experiment.settings.${badKey}`, problem: bad[badKey] as string });
  if (!Array.isArray(e.edits)) return t('snapshot.field', { field: 'experiment.edits', got: shown(e.edits) });
  for (let k = 0; k < e.edits.length; k++) {
    const problem = checkEdit(e.edits[k], k, t);
    if (problem !== null) return problem;
  }
  if (e.predict !== undefined && typeof e.predict !== 'boolean') return t('snapshot.field', { field: 'experiment.predict', got: shown(e.predict) });
  let built: BuiltScene | null = null;
  if (e.built !== undefined && e.built !== null) {
    const scene = parseBuiltScene(e.built, t);
    if (typeof scene === 'string') return t('snapshot.setting', { field: 'experiment.built', problem: scene });
    built = scene;
  }
  let twinSpec: TwinSpec | null = null;
  if (e.twin !== undefined && e.twin !== null) {
    if (!isObject(e.twin) || !Number.isInteger(e.twin.step) || (e.twin.step as number) < 0) return t('snapshot.field', { field: 'experiment.twin', got: shown(e.twin) });
    const problem = checkChange(e.twin as unknown as TwinSpec, undefined, t);
    if (problem !== null) return t('snapshot.setting', { field: 'experiment.twin', problem });
    twinSpec = e.twin as unknown as TwinSpec;
  }
  const read = (field: string, x: unknown): World | string => {
    try {
      return worldFromJSON(x);
    } catch (error) {
      if (error instanceof SolverInputError) return t('snapshot.setting', { field, problem: error.message });
      throw error;
    }
  };
  const world = read('world', json.world);
  if (typeof world === 'string') return world;
  let twin: CheckedSnapshot['twin'] = null;
  if (json.twin !== null && json.twin !== undefined) {
    if (!isObject(json.twin)) return t('snapshot.field', { field: 'twin', got: shown(json.twin) });
    if (twinSpec === null || twinSpec.step > (step as number)) return t('snapshot.field', { field: 'experiment.twin', got: shown(e.twin ?? null) });
    const running = read('twin.world', json.twin.world);
    if (typeof running === 'string') return running;
    const start = read('twin.start', json.twin.start);
    if (typeof start === 'string') return start;
    twin = { world: running, start };
  }
  const edits = (e.edits as SphereEdit[]).map((x) => ({ ...x }));
  return { experiment: { preset: (e.preset as string | null) ?? null, settings, edits, ...(built !== null ? { built } : {}), ...(e.predict === true ? { predict: true } : {}), twin: twinSpec }, step: step as number, world, twin };
}
