import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { stepN } from '../testing/store.ts';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_KEY, keepExperiment, keptText, readKept, type KeptStorage } from './autosave.ts';

/** A storage in memory that counts its writes; `quota` characters at most. */
function memoryStorage(quota = Infinity): KeptStorage & { writes: number; map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    writes: 0,
    getItem: (k) => map.get(k) ?? null,
    setItem(k, v) {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      this.writes++;
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the experiment a quiet while after it changes, once, and never for steps of the run', () => {
    const store = createSandboxStore({ running: false, solverPort: null, settings: { count: 20 } });
    const storage = memoryStorage();
    const stop = keepExperiment(store, { storage });
    stepN(store, 120);
    vi.advanceTimersByTime(5 * AUTOSAVE_DELAY_MS);
    expect(storage.writes).toBe(0); // nothing changed: the run's steps are not changes
    expect(store.getState().applySettings({ restitution: 0.8 })).toBe(true);
    expect(store.getState().applySettings({ restitution: 0.7 })).toBe(true);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(storage.writes).toBe(1);
    expect(readKept(storage)).toBe(keptText(store.getState().experiment()));
    // The same experiment again (a setting set back and forth) is not written again.
    store.getState().applySettings({ restitution: 0.5 });
    store.getState().applySettings({ restitution: 0.7 });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(storage.writes).toBe(1);
    stop();
  });

  it('what was kept opens in a fresh store as the same experiment', () => {
    const store = createSandboxStore({ running: false, solverPort: null, settings: { count: 20 } });
    const storage = memoryStorage();
    const stop = keepExperiment(store, { storage });
    store.getState().editSphere(3, { mass: 7 });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    stop();
    const next = createSandboxStore({ running: false, solverPort: null });
    expect(next.getState().openExperiment(storage.map.get(AUTOSAVE_KEY))).toBeNull();
    expect(keptText(next.getState().experiment())).toBe(keptText(store.getState().experiment()));
  });

  it('a storage that is full is reported once, and nothing throws', () => {
    const store = createSandboxStore({ running: false, solverPort: null, settings: { count: 20 } });
    const storage = memoryStorage(100);
    const onFull = vi.fn();
    const stop = keepExperiment(store, { storage, onFull });
    for (const e of [0.9, 0.8, 0.7]) {
      store.getState().applySettings({ restitution: e });
      expect(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS)).not.toThrow();
    }
    expect(onFull).toHaveBeenCalledTimes(1);
    expect(storage.writes).toBe(0);
    stop();
  });
});
