/**
 * The twin slice: the what-if twin's published state and the actions that start, keep and drop
 * one. Keeping one makes it the run: its world replaces the original at the same step, and the
 * settings (or, for a sphere's mass, the hand edits) take the changed value, as if the teacher had
 * changed it at the twin's start.
 */
import type { StateCreator } from 'zustand/vanilla';
import type { Settings, SphereEdit, TwinChange } from '../experiment/index.ts';
import { twinLocked } from '../experiment/index.ts';
import type { StoreCore } from './core.ts';
import type { SandboxState, TwinSlice } from './state.ts';

/** The settings with a twin's change in them (gravity 0 switches gravity off); unchanged for a mass. */
export function settingsWith(settings: Settings, change: TwinChange): Settings {
  switch (change.setting) {
    case 'restitution':
      return { ...settings, restitution: change.value };
    case 'wallRestitution':
      return { ...settings, wallRestitution: change.value };
    case 'gravity':
      return change.value === 0 ? { ...settings, gravityOn: false } : { ...settings, gravityOn: true, gravity: change.value };
    case 'mass':
      return settings;
    case 'pistonSpeed':
      return { ...settings, pistonSpeed: change.value, piston: settings.piston === 'pull' ? 'pull' : 'push' };
  }
}

/** The hand edits with a mass edit merged in, as the inspector records one. */
export function editsWith(edits: readonly SphereEdit[], id: number, mass: number): SphereEdit[] {
  const out = edits.slice();
  const k = out.findIndex((e) => e.id === id);
  out[k >= 0 ? k : out.length] = k >= 0 ? { ...out[k], mass } : { id, mass };
  return out;
}

export const createTwinSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], TwinSlice> =>
  (set, get) => {
    const { sim } = core;
    const { twin, timeline } = core.instruments;
    return {
      twin: twin.state(null, true),
      startTwin(change) {
        if (sim.local === null) return core.t('store.twinNeedsPage');
        // A student view that locks the setting keeps the run's value, and keeping a twin would change it.
        if (twinLocked(get().studentView, change.setting)) return core.t('student.refused');
        const message = twin.start({ ...change, step: sim.stepsRun });
        if (message !== null) return message;
        core.publish();
        return null;
      },
      keepTwin() {
        if (twin.run === null) return core.t('store.noTwin');
        const kept = twin.keep();
        if (kept === null) return core.t('store.twinNeedsPage');
        // The run's future is the twin's from its start: a scrub back past it replays the twin.
        timeline.timeline.changed(kept.startCopy, kept.spec.step);
        if (sim.stepsRun > kept.spec.step) timeline.timeline.changed(kept.world, sim.stepsRun);
        const s = get();
        if (kept.spec.setting === 'mass') {
          core.enterWorld({ cause: 'twin-kept', place: { placed: true }, experiment: { edits: editsWith(s.edits, kept.spec.sphere as number, kept.spec.value) } });
        } else {
          const settings = settingsWith(s.settings, kept.spec);
          const errors = { ...s.errors };
          for (const key of ['restitution', 'wallRestitution', 'gravity', 'gravityOn', 'pistonSpeed', 'piston'] as const) delete errors[key];
          core.enterWorld({ cause: 'twin-kept', place: { placed: true }, experiment: { settings, freeSettings: s.preset === null ? settings : s.freeSettings }, errors });
        }
        return null;
      },
      dropTwin() {
        twin.drop();
        if (get().twin !== null) set({ twin: null });
      },
    };
  };
