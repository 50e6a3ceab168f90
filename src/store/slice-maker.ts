/**
 * Slices that own their state: each slice is made with a `set` that writes only the keys the
 * slice itself declared (the keys of the object it returns). A write of another slice's key throws,
 * naming both, so that when one slice must react to another it does so through a transition of the
 * core (core.ts), whose `set` writes any key.
 */
import type { StateCreator, StoreApi } from 'zustand/vanilla';

/** The function that makes each slice of a store over its `set`, `get` and `api`, recording which keys it owns. */
export function sliceMaker<S extends object>(set: StoreApi<S>['setState'], get: () => S, api: StoreApi<S>): <T extends object>(name: string, create: StateCreator<S, [], [], T>) => T {
  const owners = new Map<string, string>();
  return <T extends object>(name: string, create: StateCreator<S, [], [], T>): T => {
    const own = ((partial: S | Partial<S> | ((state: S) => S | Partial<S>), replace?: boolean) => {
      if (replace === true) throw new Error(`The ${name} slice replaced the whole state.`);
      const patch = typeof partial === 'function' ? partial(get()) : partial;
      for (const key of Object.keys(patch)) {
        const owner = owners.get(key);
        if (owner !== name) throw new Error(`The ${name} slice wrote "${key}", which ${owner === undefined ? 'no slice' : `the ${owner} slice`} owns.`);
      }
      set(patch);
    }) as StoreApi<S>['setState'];
    const made = create(own, get, api);
    for (const key of Object.keys(made)) {
      const owner = owners.get(key);
      if (owner !== undefined) throw new Error(`The ${name} slice declared "${key}", which the ${owner} slice owns.`);
      owners.set(key, name);
    }
    return made;
  };
}
