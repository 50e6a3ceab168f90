/**
 * A built experiment: the lab bench's own scene, sphere by sphere, in a box of its own size. When
 * an experiment has one, it replaces the preset's scene or the free sandbox's gas; the live
 * settings (restitution, gravity, the walls) still act on it, and sphere `k` of the list has id `k`
 * in the world built from it.
 */
import { WALL_NAMES, type Reaction, type WallName, type Well, type World } from '../solver/index.ts';

/** One sphere of a built experiment, as a person sets it in the inspector and a file holds it. */
export interface BuiltSphere {
  /** Centre, m. */
  position: [number, number, number];
  /** Velocity, m/s. */
  velocity: [number, number, number];
  /** Radius, m. */
  radius: number;
  /** Mass, kg (a fixed sphere keeps it for its readouts; the solver treats it as infinite). */
  mass: number;
  /** Its own restitution in [0, 1]; the world's when absent. */
  restitution?: number;
  /** An obstacle that never moves. @defaultValue false */
  fixed?: boolean;
  /** Its colour, `#rrggbb`; the colour scheme's when absent. */
  color?: string;
  /** A short name shown beside it in the view and read out ("Cart A"). */
  label?: string;
  /** Its species, 0 to 63 (a chemistry lesson's A, B ...). @defaultValue 0 */
  species?: number;
}

/** A built experiment's scene: the box and every sphere in it. */
export interface BuiltScene {
  /** The box's sides, m. */
  size: [number, number, number];
  /** Planar (2D) mode. @defaultValue false */
  planar?: boolean;
  spheres: BuiltSphere[];
  /**
   * Walls that do not start at the box's side or have limits of their own (a piston pushed in to
   * start with, a piston that stops at the middle): where each starts and its limits, m along its
   * outward normal. Their motion (piston, speed, temperature) is in the settings.
   */
  walls?: Partial<Record<WallName, BuiltWall>>;
  /** The side of the square hole in the divider, m, when the divider (a setting) has one. @defaultValue none */
  dividerHole?: number;
  /** The reactions between its species (see the solver's `World.setReactions`). @defaultValue none */
  reactions?: Reaction[];
  /**
   * The square wells between two named species (each with `between`; see the solver's
   * `World.setWells`). The well between every pair is a setting (`attraction`). @defaultValue none
   */
  wells?: Well[];
}

/** A wall of a built scene that is not plain: its start and its limits, m along its outward normal. */
export interface BuiltWall {
  position?: number;
  min?: number;
  max?: number;
  /** The side of a square hole in it, m, through which spheres leave the box (a still wall only). */
  hole?: number;
}

/**
 * A world's spheres as a built scene, in id order (ids are renumbered 0, 1, ... in the scene, so
 * that the world built from it has the same ids when the world's ids were already so). `extra`
 * gives the colour and label kept for an id.
 */
export function builtSceneOf(world: World, extra: (id: number) => Pick<BuiltSphere, 'color' | 'label'> = () => ({})): BuiltScene {
  const n = world.count;
  const ids: number[] = [];
  for (let slot = 0; slot < n; slot++) ids.push(world.idAt(slot));
  ids.sort((a, b) => a - b);
  const p = world.positions;
  const v = world.velocities;
  const species = world.species;
  const spheres: BuiltSphere[] = ids.map((id) => {
    const k = world.indexOf(id);
    const e = world.state.ownE[k];
    const restitution = Number.isNaN(e) ? undefined : e;
    const r = world.radii[k];
    const fixed = world.masses[k] === Infinity;
    const kind = species[k];
    return {
      position: [p[3 * k], p[3 * k + 1], p[3 * k + 2]],
      velocity: [v[3 * k], v[3 * k + 1], v[3 * k + 2]],
      radius: r,
      mass: fixed ? (4 / 3) * Math.PI * r * r * r * world.options.density : world.masses[k],
      ...(restitution !== undefined ? { restitution } : {}),
      ...(fixed ? { fixed: true } : {}),
      ...(kind !== 0 ? { species: kind } : {}),
      ...extra(id),
    };
  });
  const size = world.options.size;
  const walls: Partial<Record<WallName, BuiltWall>> = {};
  WALL_NAMES.forEach((name, w) => {
    const half = size[w >> 1] / 2;
    const wall: BuiltWall = {};
    const position = world.wallState(name).position;
    if (position !== half) wall.position = position;
    const min = world.state.wallMin[w];
    if (!Number.isNaN(min)) wall.min = min;
    const max = world.state.wallMax[w];
    if (max !== half) wall.max = max;
    const hole = world.wallState(name).hole;
    if (hole !== null) wall.hole = hole;
    if (Object.keys(wall).length > 0) walls[name] = wall;
  });
  const dividerHole = world.divider?.hole?.width;
  // The well between every pair is the settings' (attraction); the scene keeps those between species.
  const wells = world.wells.filter((w) => w.between !== undefined);
  return {
    size: [size[0], size[1], size[2]],
    ...(world.options.planar ? { planar: true } : {}),
    spheres,
    ...(Object.keys(walls).length > 0 ? { walls } : {}),
    ...(dividerHole !== undefined ? { dividerHole } : {}),
    ...(world.reactions.length > 0 ? { reactions: world.reactions } : {}),
    ...(wells.length > 0 ? { wells } : {}),
  };
}
