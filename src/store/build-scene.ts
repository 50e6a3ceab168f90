/**
 * Turns an experiment into a solver world: the free sandbox's settings into a random gas in a box
 * of the chosen side, or a classroom preset's scene, followed by the hand edits of spheres.
 */
import { english, type Translate } from '../i18n/index.ts';
import { presetById, type Preset } from '../presets/presets.ts';
import type { SphereEdit } from './experiment.ts';
import { buildWorld, gasScene, SolverInputError, type Scene, type World } from '../solver/index.ts';
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
