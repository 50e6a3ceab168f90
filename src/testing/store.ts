/** Helpers shared by the store's tests (and the UI's that drive a store). */
import type { SandboxStore } from '../store/index.ts';

/** The store's sphere positions, x y z per slot, as a plain array (a copy). */
export function positionsOf(store: SandboxStore): number[] {
  const sim = store.getState().sim;
  return Array.from(sim.positions.subarray(0, 3 * sim.count));
}

/** Runs `n` fixed steps of the store's simulation. */
export function stepN(store: SandboxStore, n: number): void {
  for (let k = 0; k < n; k++) store.getState().stepOnce();
}
