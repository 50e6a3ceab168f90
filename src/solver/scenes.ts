/**
 * Scene builders shared by tests, benchmark and app presets. A scene is plain data (world options
 * plus a list of spheres), so it can be stored, shared, inspected and built into a world.
 */
import { inRange, integer, positive, SolverInputError, vec3 } from './errors.ts';
import type { SphereOptions, WorldOptions } from './options.ts';
import type { Reaction } from './reactions.ts';
import type { Well } from './wells.ts';
import { Random } from './random.ts';
import { WALL_NAMES } from './events.ts';
import { World } from './world.ts';
import type { WallName } from './world.ts';

/** A world's options and its spheres, as plain data. */
export interface Scene {
  options: WorldOptions;
  spheres: SphereOptions[];
  /** Walls that are not plain: where each starts, how it moves, whether it is a piston or thermal (see World's wall methods). */
  walls?: Partial<Record<WallName, SceneWall>>;
  /** A divider across the box, with a hole in it or not (World.setDivider). */
  divider?: { axis: 'x' | 'y' | 'z'; position: number; hole?: { width: number } };
  /** Reactions between the spheres' species (World.setReactions). */
  reactions?: Reaction[];
  /** Square wells between the spheres' species (World.setWells). */
  wells?: Well[];
}

/** A wall of a {@link Scene}: applied by {@link buildWorld} in this order. */
export interface SceneWall {
  /** Where it starts, m along its outward normal (World.setWallPosition); the frame's half size by default. */
  position?: number;
  /** Its limits (World.setWallLimits). */
  limits?: { min?: number; max?: number };
  /** A driven wall's velocity, m/s along its outward normal (World.setWallVelocity). */
  velocity?: number;
  /** A free piston (World.setPiston). */
  piston?: { mass: number; force: number };
  /** A thermal wall's kT, J (World.setWallTemperature). */
  kT?: number;
  /** A hole in a still wall, through which spheres leave the box (World.setWallHole). */
  hole?: { width: number };
}

/** Builds a world from a scene (in time linear in the number of spheres). */
export function buildWorld(scene: Scene): World {
  const world = new World(scene.options);
  const walls = scene.walls ?? {};
  for (const name of WALL_NAMES) {
    const position = walls[name]?.position;
    if (position !== undefined) world.setWallPosition(name, position);
  }
  if (scene.divider) world.setDivider(scene.divider);
  if (scene.reactions) world.setReactions(scene.reactions);
  world.addSpheres(scene.spheres);
  if (scene.wells) world.setWells(scene.wells);
  for (const name of WALL_NAMES) {
    const wall = walls[name];
    if (wall === undefined) continue;
    if (wall.limits !== undefined) world.setWallLimits(name, wall.limits);
    if (wall.velocity !== undefined) world.setWallVelocity(name, wall.velocity);
    if (wall.piston !== undefined) world.setPiston(name, wall.piston);
    if (wall.kT !== undefined) world.setWallTemperature(name, wall.kT);
    if (wall.hole !== undefined) world.setWallHole(name, wall.hole);
  }
  return world;
}

/** Options of {@link gasScene}. */
export interface GasOptions {
  /** Number of spheres. */
  count: number;
  /**
   * Fraction of the box volume (area in planar mode) the spheres fill, in (0, 0.45]. When so few
   * spheres or so wide a radius range leave no room for the placement lattice, the box grows a
   * little and the fraction filled is lower. Give this or `side`.
   */
  packingFraction?: number;
  /**
   * Side of the box, m, instead of a packing fraction: the spheres drawn fill what they fill (at
   * most 0.45 of it; a box too small for that grows to it, as it does for the lattice).
   */
  side?: number;
  /** Initial speed of every sphere, m/s, in a random direction. @defaultValue 1 */
  speed?: number;
  /** Radius, or a [min, max] range drawn uniformly, m. @defaultValue 0.5 */
  radius?: number | [number, number];
  /** Seed of the random placement and directions. @defaultValue 1 */
  seed?: number;
  /** Planar (2D) mode. @defaultValue false */
  planar?: boolean;
  /** Box shape: multiplies the cube's sides (the volume is kept). @defaultValue [1, 1, 1] */
  aspect?: [number, number, number];
  /** Other world options (gravity, restitution ...). */
  world?: Omit<WorldOptions, 'size' | 'planar'>;
}

/**
 * A random gas: `count` spheres filling `packingFraction` of a box, placed without overlap (on
 * randomly chosen sites of a lattice, each jittered inside its site), moving at `speed` in random
 * directions.
 */
export function gasScene(o: GasOptions): Scene {
  const count = integer('count', o.count, 0, 10_000_000);
  if ((o.packingFraction === undefined) === (o.side === undefined)) throw new SolverInputError('packingFraction', o.packingFraction, 'given, or else side (one of the two)');
  const phiAsked = o.packingFraction === undefined ? 0.45 : inRange('packingFraction', o.packingFraction, 1e-9, 0.45);
  const sideAsked = o.side === undefined ? 0 : positive('side', o.side);
  const speed = o.speed === undefined ? 1 : inRange('speed', o.speed, 0, 1e9);
  const [rMin, rMax] = typeof o.radius === 'number' || o.radius === undefined
    ? [positive('radius', o.radius ?? 0.5), o.radius ?? 0.5]
    : [positive('radius[0]', o.radius[0]), positive('radius[1]', o.radius[1])];
  if (rMax < rMin) throw new SolverInputError('radius[1]', rMax, `at least radius[0] (${rMin})`);
  const planar = o.planar ?? false;
  const aspect = o.aspect === undefined ? [1, 1, 1] : vec3('aspect', o.aspect, positive);
  const rng = new Random(o.seed ?? 1);

  const radii = new Float64Array(count);
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const r = rMin === rMax ? rMin : rng.range(rMin, rMax);
    radii[i] = r;
    filled += planar ? Math.PI * r * r : (4 / 3) * Math.PI * r * r * r;
  }
  const dims = planar ? 2 : 3;
  // With a side given, the spheres fill what they fill of that box (up to the densest packing).
  const phi = o.side === undefined ? phiAsked : Math.min(Math.max(filled, 1e-300) / Math.pow(sideAsked, dims), 0.45);
  const side = o.side !== undefined && phi < 0.45 ? sideAsked : Math.pow(Math.max(filled, 1e-300) / phi, 1 / dims);
  const norm = Math.pow(planar ? aspect[0] * aspect[1] : aspect[0] * aspect[1] * aspect[2], 1 / dims);
  const size: [number, number, number] = [side * aspect[0] / norm, side * aspect[1] / norm, planar ? 2 * rMax * 1.25 : side * aspect[2] / norm];
  if (count === 0) size[0] = size[1] = size[2] = Math.max(2 * rMax, 1);

  // Lattice sites of spacing >= one diameter; each sphere gets a random distinct site.
  // With few spheres or a wide radius range the lattice may need a slightly larger box than the
  // packing fraction gives: grow it (the fraction filled is then a little lower than asked).
  const spacing = 2 * rMax * (1 + 1e-9);
  const m = [0, 0, 0];
  let sites = 0;
  for (let grow = 0; grow < 60; grow++) {
    m[0] = Math.floor(size[0] / spacing);
    m[1] = Math.floor(size[1] / spacing);
    m[2] = planar ? 1 : Math.floor(size[2] / spacing);
    sites = m[0] * m[1] * m[2];
    if (count === 0 || (sites >= count && m[0] > 0 && m[1] > 0 && m[2] > 0)) break;
    size[0] *= 1.05;
    size[1] *= 1.05;
    if (!planar) size[2] *= 1.05;
  }
  if (sites < count) {
    if (o.side !== undefined) throw new SolverInputError('side', o.side, `large enough to place ${count} spheres of radius up to ${rMax} without overlap`);
    throw new SolverInputError('packingFraction', phi, `low enough to place ${count} spheres of radius up to ${rMax} without overlap`);
  }
  const order = new Int32Array(sites);
  for (let k = 0; k < sites; k++) order[k] = k;
  for (let k = 0; k < Math.min(count, sites - 1); k++) {
    const pick = k + rng.int(sites - k);
    const tmp = order[k];
    order[k] = order[pick];
    order[pick] = tmp;
  }
  const spheres: SphereOptions[] = [];
  for (let i = 0; i < count; i++) {
    const site = order[i];
    const idx = [site % m[0], Math.floor(site / m[0]) % m[1], Math.floor(site / (m[0] * m[1]))];
    const r = radii[i];
    const position: [number, number, number] = [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      if (planar && k === 2) continue;
      const cellW = size[k] / m[k];
      const centre = -size[k] / 2 + (idx[k] + 0.5) * cellW;
      const room = Math.max(0, cellW / 2 - r);
      position[k] = centre + rng.range(-room, room);
    }
    const d = rng.direction(planar);
    spheres.push({ position, velocity: [d[0] * speed, d[1] * speed, d[2] * speed], radius: r });
  }
  return { options: { ...o.world, size, planar }, spheres };
}

/** Options of {@link condensingGasScene}. */
export interface CondensingGasOptions {
  /** Number of spheres. */
  count: number;
  /** Fraction of the box the spheres fill (as {@link GasOptions.packingFraction}). @defaultValue 0.05 */
  packingFraction?: number;
  /** The walls' temperature in units of the depth, kT / eps; condensation below about 1.22 for range 1.5. @defaultValue 0.6 */
  temperature?: number;
  /** The wells' depth, J. @defaultValue 1 */
  depth?: number;
  /** The wells' range, in sums of radii. @defaultValue 1.5 */
  range?: number;
  /** Radius of every sphere, m. @defaultValue 0.5 */
  radius?: number;
  /** @defaultValue 1 */
  seed?: number;
  /** Other world options (as {@link GasOptions.world}). */
  world?: Omit<WorldOptions, 'size' | 'planar'>;
}

/**
 * A gas of equal spheres attracting by a square well between every pair, in a box of six thermal
 * walls at `temperature` eps (docs/physics.md, section 11): every sphere starts at the speed of that
 * temperature, sqrt(3 kT / m); below the critical temperature it gathers into drops.
 */
export function condensingGasScene(o: CondensingGasOptions): Scene {
  const radius = positive('radius', o.radius ?? 0.5);
  const depth = positive('depth', o.depth ?? 1);
  const kT = positive('temperature', o.temperature ?? 0.6) * depth;
  const mass = (4 / 3) * Math.PI * radius ** 3 * (o.world?.density ?? 1);
  const gas = gasScene({ count: o.count, packingFraction: o.packingFraction ?? 0.05, speed: Math.sqrt((3 * kT) / mass), radius, seed: o.seed ?? 1, world: o.world });
  const walls: Partial<Record<WallName, SceneWall>> = {};
  for (const name of WALL_NAMES) walls[name] = { kT };
  return { ...gas, walls, wells: [{ range: o.range ?? 1.5, depth }] };
}

/** Two equal spheres approaching head-on along x at `speed` each. */
export function headOnScene(o: { speed?: number; radius?: number; restitution?: number; masses?: [number, number] } = {}): Scene {
  const r = o.radius ?? 0.5;
  const v = o.speed ?? 1;
  return {
    options: { size: [20 * r, 8 * r, 8 * r], restitution: o.restitution ?? 1 },
    spheres: [
      { position: [-4 * r, 0, 0], velocity: [v, 0, 0], radius: r, mass: o.masses?.[0] },
      { position: [4 * r, 0, 0], velocity: [-v, 0, 0], radius: r, mass: o.masses?.[1] },
    ],
  };
}

/**
 * A moving sphere strikes an equal one at rest off-centre: the line of centres at contact makes
 * the angle `impactAngle` (radians) with the incoming velocity.
 */
export function glancingScene(o: { speed?: number; radius?: number; impactAngle?: number; restitution?: number } = {}): Scene {
  const r = o.radius ?? 0.5;
  const v = o.speed ?? 1;
  const angle = o.impactAngle ?? Math.PI / 6;
  const offset = 2 * r * Math.sin(angle); // impact parameter
  return {
    options: { size: [24 * r, 24 * r, 24 * r], restitution: o.restitution ?? 1 },
    spheres: [
      { position: [-6 * r, offset, 0], velocity: [v, 0, 0], radius: r },
      { position: [0, 0, 0], velocity: [0, 0, 0], radius: r },
    ],
  };
}

/** Newton's cradle: `count` equal spheres touching in a row at rest, and one more arriving at `speed`. */
export function cradleScene(o: { count?: number; speed?: number; radius?: number; gap?: number } = {}): Scene {
  const n = o.count ?? 5;
  const r = o.radius ?? 0.5;
  const v = o.speed ?? 1;
  const gap = o.gap ?? 0;
  const spheres: SphereOptions[] = [{ position: [-(n + 4) * 2 * r, 0, 0], velocity: [v, 0, 0], radius: r }];
  for (let k = 1; k < n; k++) spheres.push({ position: [(k - 1) * (2 * r + gap), 0, 0], velocity: [0, 0, 0], radius: r });
  return { options: { size: [(4 * n + 24) * r * 1.5, 8 * r, 8 * r] }, spheres };
}
