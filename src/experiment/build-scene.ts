/**
 * Turns an experiment into a solver world: the free sandbox's settings into a random gas in a box
 * of the chosen side, or a classroom preset's scene, followed by the hand edits of spheres.
 */
import { english, type Translate } from '../i18n/index.ts';
import { presetById, type Preset } from '../presets/presets.ts';
import { applyEdits, type SphereEdit } from './edits.ts';
import { buildWorld, gasScene, type Scene, type World } from '../solver/index.ts';
import type { SettingKey, Settings } from './settings.ts';

/** The world options that follow the live settings. */
export function liveWorldOptions(s: Settings): { gravity: [number, number, number]; restitution: number; wallRestitution: number } {
  return {
    gravity: [0, s.gravityOn ? -s.gravity : 0, 0],
    restitution: s.restitution,
    wallRestitution: s.wallRestitution,
  };
}

/**
 * The scene of a set of settings: a random gas in a box of the chosen side. Throws the solver's
 * `SolverInputError` when the spheres cannot be placed.
 */
export function sandboxScene(s: Settings): Scene {
  return gasScene({
    count: s.count,
    speed: s.speed,
    radius: [s.radiusMin, s.radiusMax],
    seed: s.seed,
    planar: s.planar,
    side: s.boxSize,
    world: liveWorldOptions(s),
  });
}

/** Builds the world of a set of settings; see {@link sandboxScene}. */
export function buildSandboxWorld(s: Settings): World {
  return buildWorld(sandboxScene(s));
}

/** The settings a preset brings for its run: the physics of its lesson. Leaving the preset gives them back. */
export const BORROWED_SETTINGS = ['restitution', 'wallRestitution', 'gravityOn', 'gravity'] as const satisfies readonly SettingKey[];

/** The borrowed settings of `from` written over `base`: the free sandbox's physics back after a preset. */
export function withFreePhysics(base: Settings, from: Settings): Settings {
  const out = { ...base };
  for (const key of BORROWED_SETTINGS) (out as Record<string, unknown>)[key] = from[key];
  return out;
}

/**
 * The settings that show a preset's world: its restitutions and gravity (the live settings,
 * which then keep acting on it) and the seed; the free-sandbox scene settings stay as they were.
 */
export function presetSettings(preset: Preset, base: Settings): Settings {
  const o = preset.build(base.seed).options;
  const restitution = o.restitution ?? 1;
  const gy = o.gravity ? -(o.gravity[1] as number) : 0;
  return {
    ...base,
    restitution,
    wallRestitution: o.wallRestitution ?? restitution,
    gravityOn: gy > 0,
    gravity: gy > 0 ? gy : base.gravity,
  };
}

/**
 * Builds the world of an experiment: the preset's scene for its seed (or the free sandbox of the
 * settings), with the live settings applied, then the hand edits. Throws `SolverInputError` when
 * the scene cannot be built.
 */
export function buildExperimentWorld(settings: Settings, presetId: string | null, edits: readonly SphereEdit[] = [], t: Translate = english): { world: World; refused: string[] } {
  const preset = presetId === null ? undefined : presetById(presetId);
  let world: World;
  if (preset) {
    world = buildWorld(preset.build(settings.seed));
    // Only what differs from the scene, so that an untouched preset is exactly its scene.
    const live = liveWorldOptions(settings);
    if (world.options.restitution !== live.restitution) world.setRestitution(live.restitution);
    if (world.options.wallRestitution !== live.wallRestitution) world.setWallRestitution(live.wallRestitution);
    const g = world.gravity;
    if (g[0] !== live.gravity[0] || g[1] !== live.gravity[1] || g[2] !== live.gravity[2]) world.setGravity(live.gravity);
  } else {
    world = buildSandboxWorld(settings);
  }
  return { world, refused: applyEdits(world, edits, t) };
}
