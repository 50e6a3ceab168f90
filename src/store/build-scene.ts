/**
 * Turns the sandbox's settings into a solver scene: a random gas in a box of the chosen side.
 */
import { buildWorld, gasScene, type Scene, type World } from '../solver/index.ts';
import type { Settings } from './settings.ts';

/** The world options that follow the live settings. */
export function liveWorldOptions(s: Settings): { gravity: [number, number, number]; restitution: number; wallRestitution: number } {
  return {
    gravity: [0, s.gravityOn ? -s.gravity : 0, 0],
    restitution: s.restitution,
    wallRestitution: s.wallRestitution,
  };
}

/**
 * The scene of a set of settings. The solver's gas builder sizes its box from a packing
 * fraction; the settings name the box side instead. The radii are the builder's first draws from
 * the seed, so a first build at a loose packing reveals the spheres' total volume, and a second
 * build at exactly that volume over the wanted box gives a box of the wanted side with the same
 * spheres. Throws the solver's `SolverInputError` when the spheres cannot be placed.
 */
export function sandboxScene(s: Settings): Scene {
  const base = {
    count: s.count,
    speed: s.speed,
    radius: [s.radiusMin, s.radiusMax] as [number, number],
    seed: s.seed,
    planar: s.planar,
    world: liveWorldOptions(s),
  };
  const loose = 0.01;
  const probe = gasScene({ ...base, packingFraction: loose });
  const dims = s.planar ? 2 : 3;
  const filled = loose * Math.pow(probe.options.size[0] as number, dims);
  const packingFraction = Math.min(filled / Math.pow(s.boxSize, dims), 0.45);
  return gasScene({ ...base, packingFraction });
}

/** Builds the world of a set of settings; see {@link sandboxScene}. */
export function buildSandboxWorld(s: Settings): World {
  return buildWorld(sandboxScene(s));
}
