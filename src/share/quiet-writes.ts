/**
 * What the address bar and autosave share: which changes of a store are changes of its
 * experiment, and a write made once a quiet time has passed after the last of them (or at once
 * when the page is left within it). Nothing runs per frame: only the store's slow state is watched.
 */
import type { SandboxState, SandboxStore } from '../store/index.ts';

/** Whether the experiment (what a link and a file carry) differs between two states of a store. */
export function experimentChanged(s: SandboxState, prev: SandboxState): boolean {
  return s.settings !== prev.settings || s.preset !== prev.preset || s.edits !== prev.edits || s.built !== prev.built || s.predict.on !== prev.predict.on || s.twin?.spec !== prev.twin?.spec;
}

/** A write waiting for quiet: {@link flush} writes a waiting one now, {@link stop} drops it and stops watching. */
export interface QuietWrites {
  flush(): void;
  stop(): void;
}

/** Calls `write` `delayMs` after the last change of `store` that `changed` sees (a newer change starts the wait again). */
export function writeAfterQuiet(store: SandboxStore, changed: (s: SandboxState, prev: SandboxState) => boolean, write: () => void, delayMs: number): QuietWrites {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = (): void => {
    timer = null;
    write();
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (!changed(s, prev)) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, delayMs);
  });
  return {
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      fire();
    },
    stop() {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
