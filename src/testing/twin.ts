/** Helpers shared by the what-if twin's tests (store and share). */
import { expect } from 'vitest';
import type { World } from '../solver/index.ts';
import { createSandboxStore, type SandboxStore } from '../store/index.ts';
import { stepN } from './store.ts';
import type { TwinChange } from '../experiment/index.ts';

/** The fixed step, s. */
export const DT = 1 / 60;

/** Plays `n` frames of 1/60 s (one fixed step each), the way the page does. */
export function play(store: SandboxStore, n: number): void {
  store.getState().play();
  for (let k = 0; k < n; k++) store.getState().frame(DT);
  store.getState().pause();
}

/** Positions and velocities of a world by sphere id (slots may differ between worlds), and its time, bit for bit. */
export function stateById(world: World): number[] {
  const out: number[] = [world.time];
  const ids: number[] = [];
  for (let s = 0; s < world.count; s++) ids.push(world.idAt(s));
  ids.sort((a, b) => a - b);
  for (const id of ids) {
    const s = world.indexOf(id);
    for (let d = 0; d < 3; d++) out.push(world.positions[3 * s + d], world.velocities[3 * s + d]);
  }
  return out;
}

/** The store's world on this page. */
export const local = (store: SandboxStore): World => store.getState().sim.local as World;
/** The store's twin world. */
export const twinWorld = (store: SandboxStore): World => store.getState().instruments.twin.run!.world;

/**
 * A separate run that takes the change the ordinary way, in the run itself: `k` steps, then the
 * live setting (or the inspector's mass edit, paused), then `n` steps.
 */
export function separateRun(options: Parameters<typeof createSandboxStore>[0], k: number, change: TwinChange, n: number): SandboxStore {
  const store = createSandboxStore({ ...options, running: false });
  stepN(store, k);
  const s = store.getState();
  if (change.setting === 'restitution') expect(s.applySetting('restitution', change.value)).toBe(true);
  else if (change.setting === 'wallRestitution') expect(s.applySetting('wallRestitution', change.value)).toBe(true);
  else if (change.setting === 'gravity') expect(change.value === 0 ? s.applySetting('gravityOn', false) : s.applySettings({ gravityOn: true, gravity: change.value })).toBe(true);
  else if (change.setting === 'pistonSpeed') expect(s.applySettings({ piston: s.settings.piston === 'pull' ? 'pull' : 'push', pistonSpeed: change.value })).toBe(true);
  else expect(s.editSphere(change.sphere!, { mass: change.value })).toBeNull();
  stepN(store, n);
  return store;
}
