/**
 * The provider's callbacks that follow its store's slow state: `onStats` with each published
 * sample, `onRest` when every sphere has come to rest, `onSettingsChange` when the settings in
 * effect change (from the overlay, the handle, a preset or the props). Pure over the store; no React.
 */
import type { Settings } from '../experiment/index.ts';
import type { SphereSandboxHandle } from '../hooks/sandbox-context.ts';
import type { SampledStats } from '../instruments/index.ts';
import type { SandboxStore } from '../store/index.ts';

/** The callbacks {@link followStore} calls (read afresh at each call, so the latest props' are used). */
export interface StoreCallbacks {
  onStats?(stats: SampledStats): void;
  onRest?(handle: SphereSandboxHandle): void;
  onSettingsChange?(settings: Settings): void;
}

/** Calls `callbacks()`'s callbacks as `store` changes, until the returned function is called. */
export function followStore(store: SandboxStore, callbacks: () => StoreCallbacks, handle: SphereSandboxHandle): () => void {
  return store.subscribe((s, prev) => {
    const now = callbacks();
    if (s.stats !== prev.stats) now.onStats?.(s.stats);
    if (s.resting && !prev.resting) now.onRest?.(handle);
    if (s.settings !== prev.settings) now.onSettingsChange?.(s.settings);
  });
}
