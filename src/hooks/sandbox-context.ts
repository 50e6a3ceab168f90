/**
 * The React side of a sandbox store: the context that carries one store (and its handle) down a
 * tree, and the hooks that read it. `<SandboxProvider>` (and `<SphereSandbox>`, which is one)
 * puts a store in the context; every component of the view, the overlay and an embedding page
 * reads it from there.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { SandboxState, SandboxStore } from '../store/index.ts';
import type { SampledStats } from '../instruments/index.ts';
import type { SandboxSnapshot } from '../experiment/index.ts';
import type { WorldView } from '../runtime/index.ts';

/** The imperative handle of a sandbox (`<SphereSandbox ref>`, `onReady`, {@link useSandboxHandle}). */
export interface SphereSandboxHandle {
  /** Starts the clock. */
  play(): void;
  /** Stops the clock; simulated time stands still. */
  pause(): void;
  /** Pauses and advances exactly one fixed step of 1/60 s. */
  step(): void;
  /** Starts the same scene again from time 0 (same settings and seed, changes made since kept). */
  restart(): void;
  /** Back to the scene the props describe (settings changed in the overlay are undone), running unless `paused`. */
  reset(): void;
  /**
   * The world running now, to read (positions, velocities, ids, stats()); a rebuild replaces it.
   * In worker mode (large scenes) it is the page's view of the world the worker runs.
   */
  readonly world: WorldView;
  /** Whether the clock is running. */
  readonly running: boolean;
  /** The stats last sampled (a few times a second). */
  readonly stats: SampledStats;
  /**
   * Calls `callback` after each fixed step with the world (its `events` hold that step's
   * collisions; in worker mode, after each batch of steps, with the batch's). Nothing is allocated
   * per call; read the world inside the callback. Returns the function that stops the calls.
   */
  onStep(callback: (world: WorldView) => void): () => void;
  /**
   * Goes back (or forward) to fixed step `step` of the run, paused, exactly as it was there; a
   * step outside the run so far goes to its nearest end. Returns null, or a message naming the
   * value when it is not a number or the timeline is off (the solver in a worker: pause first).
   */
  seek(step: number): string | null;
  /**
   * The experiment's share link, the one Copy link gives: this page's address with the preset,
   * settings, seed and edits in its query (the query alone outside a browser). A link over 4,096
   * characters (about 45 hand edits) does not open: it loads the default experiment with a notice.
   */
  link(): string;
  /**
   * The whole experiment and the world's exact state, as plain JSON (`JSON.stringify` it to keep
   * it): {@link restore} in any sandbox goes on from it bit for bit.
   */
  snapshot(): Promise<SandboxSnapshot>;
  /** Puts a snapshot in place; returns null, or a message naming the wrong field and its value (nothing changed). */
  restore(snapshot: unknown): string | null;
}

/** What a provider puts in the context: its store, and, for `<SandboxProvider>`, its handle and name. */
export interface SandboxInstance {
  /** The store. */
  store: SandboxStore;
  /** The handle, or null where the provider has none (the app page). */
  handle: SphereSandboxHandle | null;
  /** The instance's name (`data-sandbox`, the test hook's key), if it has one. */
  name?: string;
  /** Called by the view after its first frames are drawn (the provider's `onReady`). */
  onFirstFrame?: () => void;
}

/** The nearest provider's instance, or null outside any. */
export const SandboxContext = createContext<SandboxInstance | null>(null);

function outside(hook: string): Error {
  return new Error(`${hook} must be used inside <SandboxProvider> or <SphereSandbox>: it reads the sandbox those provide.`);
}

/** The nearest provider's instance (for the view and panels); throws outside a provider, naming `user`. */
export function useSandboxInstance(user = 'useSandboxInstance'): SandboxInstance {
  const instance = useContext(SandboxContext);
  if (instance === null) throw outside(user);
  return instance;
}

/** The store of the nearest `<SandboxProvider>` (for `getState()` in handlers, `subscribe` in effects). */
export function useSandboxStore(): SandboxStore {
  return useSandboxInstance('useSandboxStore').store;
}

/**
 * Selects from the sandbox's state and actions (settings, running, stats, preset, play, pause,
 * applySetting ...); the component renders again only when the selected value changes (compare
 * objects with zustand's `useShallow`).
 *
 * @example
 * const energy = useSandbox((s) => s.stats.kineticEnergy);
 */
export function useSandbox<T>(selector: (state: SandboxState) => T): T {
  return useStore(useSandboxInstance('useSandbox').store, selector);
}

/**
 * Calls `callback` after each fixed step of the nearest sandbox with its world (see
 * {@link SphereSandboxHandle.onStep}), from mount to unmount; the latest callback is called, so an
 * inline function is fine. Runs in the frame loop: keep it short, allocate nothing, set no React state.
 *
 * @example
 * const lost = useRef(0);
 * useAfterStep((world) => {
 *   for (let k = 0; k < world.events.count; k++) lost.current += world.events.energyLost[k];
 * });
 */
export function useAfterStep(callback: (world: WorldView) => void): void {
  const { store } = useSandboxInstance('useAfterStep');
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => store.getState().sim.attach({ afterStep: (world) => latest.current(world) }), [store]);
}

/** The handle of the nearest `<SandboxProvider>`: the same object as `<SphereSandbox ref>`. */
export function useSandboxHandle(): SphereSandboxHandle {
  const { handle } = useSandboxInstance('useSandboxHandle');
  if (handle === null) throw outside('useSandboxHandle');
  return handle;
}
