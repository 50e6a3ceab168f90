/**
 * The world as the page reads it, wherever it runs: the solver's own `World` on this page, or the
 * view of a worker's last batch (worker/remote-world.ts). Everything on the page that reads a
 * world (renderers, instruments, the store, an embedder's after-step callback) reads a
 * {@link WorldView}.
 */
import type { CollisionEvents, World } from '../solver/index.ts';

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
> & { readonly events: EventsView };
