/**
 * Moving a world to another thread (a Web Worker): its state is plain data (typed arrays and
 * numbers), so it crosses `postMessage` by structured clone, with its buffers transferred rather
 * than copied. The receiving side builds fresh state objects and fills them from the message, so
 * the world it gets back has the same shape (one hidden class) as one made there.
 */
import { SolverInputError } from './errors.ts';
import { CollisionEvents } from './events.ts';
import { EventQueue } from './event-queue.ts';
import { WorldState } from './state.ts';
import { World } from './world.ts';


/** Marks a world packed for another thread by {@link packWorld}. */
export const PACKED = 'sphere-sandbox/world@1';

/** A world as {@link packWorld} hands it to `postMessage`: plain data, structured-clonable. */
export interface PackedWorld {
  kind: typeof PACKED;
  state: object;
}

/**
 * Packs a world to move it to another thread (a Web Worker): the message and the buffers to
 * transfer with it, so nothing is copied. The world's arrays are detached by the transfer: the
 * sending side must not use the world afterwards. {@link unpackWorld} on the other side gives the
 * same world back, mid-run, events and all; its next steps are exactly those this one would take.
 */
export function packWorld(world: World): { message: PackedWorld; transfer: ArrayBuffer[] } {
  const state = world.state;
  const buffers = new Set<ArrayBuffer>();
  for (const holder of [state, state.queue, state.events]) {
    for (const value of Object.values(holder)) {
      if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.byteLength > 0) buffers.add(value.buffer);
    }
  }
  return { message: { kind: PACKED, state }, transfer: [...buffers] };
}

/** The world packed by {@link packWorld} (after `postMessage`), whole again. */
export function unpackWorld(message: unknown): World {
  const m = message as Partial<PackedWorld> | null;
  if (m === null || typeof m !== 'object' || m.kind !== PACKED || typeof m.state !== 'object' || m.state === null) {
    throw new SolverInputError('world', typeof message, 'a world packed by packWorld');
  }
  const data = m.state as WorldState;
  const state = Object.assign(new WorldState(data.options), data);
  const queue = new EventQueue(data.evTime);
  Object.assign(queue, data.queue);
  const events = new CollisionEvents(data.events.capacity);
  Object.assign(events, data.events);
  Object.assign(state, { queue, events });
  return new World(data.options, state);
}

/**
 * An exact copy of a world, mid-run: its next steps are exactly those the original would take
 * (the same state, bit for bit, events and all). For snapshots and what-if copies; it allocates
 * the whole state, so it is not for a frame loop.
 */
export function cloneWorld(world: World): World {
  return unpackWorld(structuredClone(packWorld(world).message));
}

