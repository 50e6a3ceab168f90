/**
 * The store's side of the what-if twin (twin.ts): the slow state it publishes with the stats, and
 * the actions that start, keep and drop a twin. Keeping one makes it the run: its world replaces
 * the original at the same step, and the settings (or, for a sphere's mass, the hand edits) take
 * the changed value, as if the teacher had changed it at the twin's start.
 */
import type { SphereEdit } from './experiment.ts';
import type { Settings } from './settings.ts';
import type { Simulation } from './simulation.ts';
import type { Timeline } from './timeline.ts';
import { currentValue, type TwinChange, type TwinSpec, type TwinStats } from './twin.ts';

/** The twin as components read it (published with the stats, a few times a second). */
export interface TwinState {
  /** The change and the step it starts at (the same object while the twin lasts). */
  spec: TwinSpec;
  /** Whether it runs now; false while a link's twin waits for its step. */
  active: boolean;
  /** The value the change replaces, in the original run (NaN before the twin starts). */
  original: number;
  /** The twin's readouts, or null while it waits. */
  stats: TwinStats | null;
}

/** The twin actions of the store. */
export interface TwinActions {
  /**
   * Starts a twin of the world as it is now with one setting changed (replacing a twin there was).
   * Returns null when started, else a message naming the refused value (or why not now).
   */
  startTwin(change: TwinChange): string | null;
  /** The twin becomes the run; returns null when done, else why not. */
  keepTwin(): string | null;
  /** Drops the twin (and a link's twin that waits for its step). */
  dropTwin(): void;
}

/** What the twin actions need of the store. */
export interface TwinStoreContext {
  sim: Simulation;
  timeline: Timeline;
  get(): { twin: TwinState | null; settings: Settings; freeSettings: Settings; preset: string | null; edits: SphereEdit[]; errors: Partial<Record<keyof Settings, string>> };
  set(patch: Partial<{ twin: TwinState | null; settings: Settings; freeSettings: Settings; edits: SphereEdit[]; errors: Partial<Record<keyof Settings, string>> }>): void;
  /** Publishes the stats (and the twin with them). */
  publish(): void;
}

/**
 * The twin's state now, sampling its readouts when `sample` (with the original's stats), or null
 * when there is no twin. `prev` is what was published before.
 */
export function twinNow(sim: Simulation, prev: TwinState | null, sample: boolean): TwinState | null {
  const twin = sim.twin;
  if (twin !== null) {
    const stats = sample || prev?.stats == null || prev.spec !== twin.spec ? twin.sample() : prev.stats;
    return { spec: twin.spec, active: true, original: currentValue(sim.local ?? twin.world, twin.spec), stats };
  }
  const pending = sim.twinPending;
  if (pending !== null) return prev !== null && prev.spec === pending && !prev.active ? prev : { spec: pending, active: false, original: NaN, stats: null };
  return null;
}

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
  }
}

/** The hand edits with a mass edit merged in, as the inspector records one. */
export function editsWith(edits: readonly SphereEdit[], id: number, mass: number): SphereEdit[] {
  const out = edits.slice();
  const k = out.findIndex((e) => e.id === id);
  out[k >= 0 ? k : out.length] = k >= 0 ? { ...out[k], mass } : { id, mass };
  return out;
}

/** The store's twin actions over `ctx`. */
export function twinActions(ctx: TwinStoreContext): TwinActions {
  const { sim, timeline } = ctx;
  return {
    startTwin(change) {
      if (sim.local === null) return sim.translate('store.twinNeedsPage');
      const message = sim.startTwin({ ...change, step: sim.stepsRun });
      if (message !== null) return message;
      ctx.publish();
      return null;
    },
    keepTwin() {
      const twin = sim.twin;
      if (twin === null) return sim.translate('store.noTwin');
      if (!sim.adoptTwin()) return sim.translate('store.twinNeedsPage');
      // The run's future is the twin's from its start: a scrub back past it replays the twin.
      timeline.changed(twin.startCopy, twin.spec.step);
      if (sim.stepsRun > twin.spec.step) timeline.changed(twin.world, sim.stepsRun);
      const s = ctx.get();
      const errors = { ...s.errors };
      if (twin.spec.setting === 'mass') {
        ctx.set({ edits: editsWith(s.edits, twin.spec.sphere as number, twin.spec.value), twin: null });
      } else {
        const settings = settingsWith(s.settings, twin.spec);
        for (const key of ['restitution', 'wallRestitution', 'gravity', 'gravityOn'] as const) delete errors[key];
        ctx.set({ settings, freeSettings: s.preset === null ? settings : s.freeSettings, errors, twin: null });
      }
      ctx.publish();
      return null;
    },
    dropTwin() {
      sim.dropTwin();
      if (ctx.get().twin !== null) ctx.set({ twin: null });
    },
  };
}
