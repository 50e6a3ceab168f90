/**
 * The world as the page reads it, wherever it runs: the solver's own `World` on this page, or the
 * view of a worker's last batch (worker/remote-world.ts). Everything on the page that reads a
 * world (renderers, instruments, the store, an embedder's after-step callback) reads a
 * {@link WorldView}.
 */
import type { CollisionEvents, WallState, World } from '../solver/index.ts';
import { WALL_NAMES } from '../solver/index.ts';

/** The collisions of the last step (local world) or the last batch (worker). */
export type EventsView = Pick<CollisionEvents, 'count' | 'dropped' | 'time' | 'a' | 'b' | 'normal' | 'impulse' | 'energyLost' | 'closingSpeed' | 'point'>;

/** A world as the page reads it, whether it runs here or in a worker. */
export type WorldView = Pick<
  World,
  | 'count'
  | 'time'
  | 'positions'
  | 'velocities'
  | 'radii'
  | 'masses'
  | 'species'
  | 'reactions'
  | 'wells'
  | 'options'
  | 'size'
  | 'gravity'
  | 'indexOf'
  | 'idAt'
  | 'has'
  | 'stats'
  | 'layoutVersion'
  | 'setRestitution'
  | 'setWallRestitution'
  | 'setGravity'
  | 'reverseVelocities'
  | 'bounds'
  | 'boundsView'
  | 'wallState'
  | 'divider'
  | 'setWallVelocity'
  | 'setPiston'
  | 'setWallTemperature'
  | 'setDivider'
  | 'setWells'
> & { readonly events: EventsView };

/** The walls of a world at one moment: what a worker's batch carries of them (see World.bounds, wallState, divider). */
export interface WallsSnapshot {
  bounds: World['bounds'];
  /** Each wall's state, in WALL_NAMES order. */
  states: WallState[];
  divider: World['divider'];
}

/** The walls of `world` now. */
export function wallsSnapshot(world: World): WallsSnapshot {
  return { bounds: world.bounds, states: WALL_NAMES.map((name) => world.wallState(name)), divider: world.divider };
}
