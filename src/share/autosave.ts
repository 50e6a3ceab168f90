/**
 * Autosave: the page's experiment is kept in the browser's storage (localStorage) as an
 * experiment file (experiment/experiment-file.ts), a short while after it changes (never per
 * frame, never when it has not changed, and at once when the page is hidden or left), so that a closed tab
 * or a crash loses nothing. The next visit reads what was kept ({@link readKept}) and offers it;
 * nothing is restored without the person's word. A full storage is reported once, never thrown.
 */
import { experimentFile, fileText, type ExperimentState } from '../experiment/index.ts';
import type { SandboxStore } from '../store/index.ts';
import { experimentChanged, writeAfterQuiet } from './quiet-writes.ts';

/** The storage key of the kept experiment. */
export const AUTOSAVE_KEY = 'sphere-sandbox/autosave';
/** Quiet time after the last change before the experiment is kept, ms. */
export const AUTOSAVE_DELAY_MS = 1000;

/** What autosave writes through: the page's localStorage by default. */
export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Options of {@link keepExperiment}. */
export interface AutosaveOptions {
  delayMs?: number;
  storage?: KeptStorage;
  /** Called once when the storage refuses the experiment (full), with the error. */
  onFull?: (error: unknown) => void;
}

const pageStorage = (): KeptStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off by the browser
  }
};

/** The file text of an experiment, as autosave keeps it. */
export function keptText(experiment: ExperimentState): string {
  return fileText(experimentFile(experiment, 'autosave'));
}

/** The kept experiment's text, or null when none is kept (or storage cannot be read). */
export function readKept(storage: KeptStorage | null = pageStorage()): string | null {
  try {
    return storage?.getItem(AUTOSAVE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Forgets the kept experiment. */
export function forgetKept(storage: KeptStorage | null = pageStorage()): void {
  try {
    storage?.removeItem(AUTOSAVE_KEY);
  } catch {
    // nothing kept that could be forgotten
  }
}

/**
 * Keeps `store`'s experiment in storage as it changes, until the returned function is called.
 * The experiment as it is when this starts is not written: what an earlier visit kept stays
 * until this page's experiment changes.
 */
export function keepExperiment(store: SandboxStore, options: AutosaveOptions = {}): () => void {
  const storage = options.storage ?? pageStorage();
  const delay = options.delayMs ?? AUTOSAVE_DELAY_MS;
  let last: string | null = null;
  let full = false;
  const write = (): void => {
    if (storage === null) return;
    let text: string;
    try {
      text = keptText(store.getState().experiment());
    } catch {
      return; // an experiment that does not build is not kept (the one in effect always builds)
    }
    if (text === last) return;
    try {
      storage.setItem(AUTOSAVE_KEY, text);
      last = text;
      full = false;
    } catch (error) {
      if (!full) options.onFull?.(error);
      full = true;
    }
  };
  const quiet = writeAfterQuiet(store, experimentChanged, write, delay);
  const flush = quiet.flush;
  const hidden = (): void => {
    if (document.visibilityState === 'hidden') flush();
  };
  const page = typeof window !== 'undefined' ? window : null;
  page?.addEventListener('pagehide', flush);
  page?.addEventListener('beforeunload', flush);
  page?.document.addEventListener('visibilitychange', hidden);
  return () => {
    quiet.stop();
    page?.removeEventListener('pagehide', flush);
    page?.removeEventListener('beforeunload', flush);
    page?.document.removeEventListener('visibilitychange', hidden);
  };
}
