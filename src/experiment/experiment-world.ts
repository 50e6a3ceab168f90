/**
 * Turns an experiment into a solver world: the free sandbox's settings into a random gas in a box
 * of the chosen side, or a classroom preset's scene, followed by the hand edits of spheres.
 */
import { english, type Translate } from '../i18n/index.ts';
import { presetById, type Preset } from '../presets/presets.ts';
import { applyEdits, type SphereEdit } from './edits.ts';
import { buildWorld, gasScene, type Scene, type WallName, type Well, type World } from '../solver/index.ts';
import { ATTRACTION_SETTINGS, WALL_SETTINGS, type SettingKey, type Settings } from './settings.ts';
import type { BuiltScene, BuiltWall } from './built.ts';

/** The piston of the Thermodynamics controls: the top wall. */
export const PISTON_WALL = '+y';

/** What the wall setters of a world need: the solver's World or the page's view of one (WorldView). */
export type WallWorld = Pick<World, 'wallState' | 'divider' | 'setWallVelocity' | 'setPiston' | 'setWallTemperature' | 'setDivider'>;

/**
 * Gives a world's walls what the settings ask (the piston, the left and right walls'
 * temperatures, the divider), changing only what differs, so that a world already so is left as
 * it is. Returns whether anything changed. Throws the solver's `SolverInputError` for a value it refuses.
 * A divider put back in gets the hole `dividerHole` gives (the experiment's: see {@link experimentDividerHole}).
 */
export function applyWallSettings(world: WallWorld, s: Settings, dividerHole: () => number | undefined = () => undefined): boolean {
  let changed = false;
  const piston = world.wallState(PISTON_WALL);
  if (s.piston === 'free') {
    if (piston.mass !== s.pistonMass || piston.force !== s.pistonForce) {
      world.setPiston(PISTON_WALL, { mass: s.pistonMass, force: s.pistonForce });
      changed = true;
    }
  } else {
    const v = s.piston === 'push' ? -s.pistonSpeed : s.piston === 'pull' ? s.pistonSpeed : 0;
    if (piston.mass !== Infinity || piston.velocity !== v) {
      world.setWallVelocity(PISTON_WALL, v);
      changed = true;
    }
  }
  for (const [wall, on, kT] of [['-x', s.leftThermal, s.leftKT], ['+x', s.rightThermal, s.rightKT]] as const) {
    const want = on ? kT : null;
    if (world.wallState(wall).kT !== want) {
      world.setWallTemperature(wall, want);
      changed = true;
    }
  }
  const d = world.divider;
  if (s.divider !== (d !== null && d.axis === 'x' && d.position === 0)) {
    const hole = s.divider ? dividerHole() : undefined;
    world.setDivider(s.divider ? { axis: 'x', position: 0, ...(hole !== undefined ? { hole: { width: hole } } : {}) } : null);
    changed = true;
  }
  return changed;
}

/** What the well setter of a world needs: the solver's World or the page's view of one (WorldView). */
export type WellWorld = Pick<World, 'wells' | 'setWells'>;

/** The well between every pair that the settings ask for (none at depth 0). */
export function attractionWell(s: Settings): Well | null {
  return s.attraction > 0 ? { range: s.attractionRange, depth: s.attraction } : null;
}

/**
 * Gives a world the well between every pair that the settings ask (`attraction`,
 * `attractionRange`), keeping the wells between named species that its scene has: the world's
 * wells become those plus the settings' one. A world already so is left as it is. Returns whether
 * anything changed. Throws the solver's `SolverInputError` for a well it refuses.
 */
export function applyWellSettings(world: WellWorld, s: Settings): boolean {
  const wells = world.wells;
  const every = wells.find((w) => w.between === undefined);
  const want = attractionWell(s);
  if (want === null ? every === undefined : every !== undefined && every.depth === want.depth && every.range === want.range) return false;
  const named = wells.filter((w) => w.between !== undefined);
  world.setWells(want === null ? named : [...named, want]);
  return true;
}

/**
 * The width of the hole in an experiment's divider: a built scene's, else its preset's scene's
 * (for `seed`); undefined when the divider has none. The divider itself is a setting, its hole the
 * experiment's, so a divider switched off and on again gets it back.
 */
export function experimentDividerHole(presetId: string | null, built: BuiltScene | null, seed: number): number | undefined {
  if (built !== null) return built.dividerHole;
  const preset = presetId === null ? undefined : presetById(presetId);
  return preset?.build(seed).divider?.hole?.width;
}

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

/** A built scene's walls as a solver scene's: their starts and limits. */
function builtWalls(walls: NonNullable<BuiltScene['walls']>): Scene['walls'] {
  const out: NonNullable<Scene['walls']> = {};
  for (const [name, wall] of Object.entries(walls) as [WallName, BuiltWall][]) {
    const limits = { ...(wall.min !== undefined ? { min: wall.min } : {}), ...(wall.max !== undefined ? { max: wall.max } : {}) };
    out[name] = {
      ...(wall.position !== undefined ? { position: wall.position } : {}),
      ...(Object.keys(limits).length > 0 ? { limits } : {}),
      ...(wall.hole !== undefined ? { hole: { width: wall.hole } } : {}),
    };
  }
  return out;
}

/** The solver scene of a built experiment under the live settings. */
export function builtSolverScene(built: BuiltScene, settings: Settings): Scene {
  return {
    options: { size: [...built.size], planar: built.planar ?? false, ...liveWorldOptions(settings) },
    spheres: built.spheres.map((s) => ({
      position: [...s.position],
      velocity: [...s.velocity],
      radius: s.radius,
      ...(s.fixed ? { fixed: true } : { mass: s.mass }),
      ...(s.restitution !== undefined ? { restitution: s.restitution } : {}),
      ...(s.species !== undefined ? { species: s.species } : {}),
    })),
    ...(built.walls !== undefined ? { walls: builtWalls(built.walls) } : {}),
    // The divider itself is a setting; its hole is the scene's.
    ...(settings.divider && built.dividerHole !== undefined ? { divider: { axis: 'x' as const, position: 0, hole: { width: built.dividerHole } } } : {}),
    ...(built.reactions !== undefined ? { reactions: built.reactions } : {}),
    ...builtWells(built, settings),
  };
}

/** A built scene's wells between species and the settings' well between every pair, as a solver scene's (none: absent). */
function builtWells(built: BuiltScene, settings: Settings): Pick<Scene, 'wells'> {
  const every = attractionWell(settings);
  const wells = [...(built.wells ?? []), ...(every !== null ? [every] : [])];
  return wells.length > 0 ? { wells } : {};
}

/** Builds the world of a set of settings; see {@link sandboxScene}. */
export function buildSandboxWorld(s: Settings): World {
  const world = buildWorld(sandboxScene(s));
  applyWallSettings(world, s);
  applyWellSettings(world, s);
  return world;
}

/** The settings a preset brings for its run: the physics of its lesson. Leaving the preset gives them back. */
export const BORROWED_SETTINGS = ['restitution', 'wallRestitution', 'gravityOn', 'gravity', ...WALL_SETTINGS, ...ATTRACTION_SETTINGS] as const satisfies readonly SettingKey[];

/** The borrowed settings of `from` written over `base`: the free sandbox's physics back after a preset. */
export function withFreePhysics(base: Settings, from: Settings): Settings {
  const out = { ...base };
  for (const key of BORROWED_SETTINGS) (out as Record<string, unknown>)[key] = from[key];
  return out;
}

/**
 * The settings that show a preset's world: its restitutions and gravity, its walls and its well
 * between every pair (the live settings, which then keep acting on it) and the seed; the free-sandbox scene settings stay as they were.
 */
export function presetSettings(preset: Preset, base: Settings): Settings {
  const scene = preset.build(base.seed);
  const o = scene.options;
  const restitution = o.restitution ?? 1;
  const gy = o.gravity ? -(o.gravity[1] as number) : 0;
  return {
    ...base,
    restitution,
    wallRestitution: o.wallRestitution ?? restitution,
    gravityOn: gy > 0,
    gravity: gy > 0 ? gy : base.gravity,
    ...sceneWallSettings(scene, base),
    ...sceneAttractionSettings(scene, base),
    ...(preset.colorBy ? { colorBy: preset.colorBy } : {}),
  };
}

/** The wall settings that show a scene's walls: its piston, its left and right walls' temperatures, its divider. */
export function sceneWallSettings(scene: Scene, base: Settings): Pick<Settings, (typeof WALL_SETTINGS)[number]> {
  const top = scene.walls?.[PISTON_WALL];
  const left = scene.walls?.['-x']?.kT;
  const right = scene.walls?.['+x']?.kT;
  const v = top?.velocity ?? 0;
  return {
    piston: top?.piston ? 'free' : v < 0 ? 'push' : v > 0 ? 'pull' : 'held',
    pistonSpeed: v !== 0 ? Math.abs(v) : base.pistonSpeed,
    pistonForce: top?.piston?.force ?? base.pistonForce,
    pistonMass: top?.piston?.mass ?? base.pistonMass,
    leftThermal: left !== undefined,
    leftKT: left ?? base.leftKT,
    rightThermal: right !== undefined,
    rightKT: right ?? base.rightKT,
    divider: scene.divider !== undefined && scene.divider.axis === 'x' && scene.divider.position === 0,
  };
}

/** The attraction settings that show a scene's well between every pair (depth 0 when it has none). */
export function sceneAttractionSettings(scene: Scene, base: Settings): Pick<Settings, (typeof ATTRACTION_SETTINGS)[number]> {
  const every = scene.wells?.find((w) => w.between === undefined);
  return { attraction: every?.depth ?? 0, attractionRange: every?.range ?? base.attractionRange };
}

/**
 * Builds the world of an experiment: its built scene when it has one, else the preset's scene for
 * its seed (or the free sandbox of the settings), with the live settings applied, then the hand
 * edits. Throws `SolverInputError` when the scene cannot be built.
 */
export function experimentWorld(
  settings: Settings,
  presetId: string | null,
  edits: readonly SphereEdit[] = [],
  t: Translate = english,
  built: BuiltScene | null = null,
): { world: World; refused: string[] } {
  const preset = presetId === null ? undefined : presetById(presetId);
  let world: World;
  if (built !== null) {
    world = buildWorld(builtSolverScene(built, settings));
    applyWallSettings(world, settings);
  } else if (preset) {
    world = buildWorld(preset.build(settings.seed));
    // Only what differs from the scene, so that an untouched preset is exactly its scene.
    const live = liveWorldOptions(settings);
    if (world.options.restitution !== live.restitution) world.setRestitution(live.restitution);
    if (world.options.wallRestitution !== live.wallRestitution) world.setWallRestitution(live.wallRestitution);
    const g = world.gravity;
    if (g[0] !== live.gravity[0] || g[1] !== live.gravity[1] || g[2] !== live.gravity[2]) world.setGravity(live.gravity);
    applyWallSettings(world, settings);
    applyWellSettings(world, settings);
  } else {
    world = buildSandboxWorld(settings);
  }
  return { world, refused: applyEdits(world, edits, t) };
}
