/**
 * What the slices share and React does not see: the simulation with its instruments, the store's
 * language, and the few moves several slices make (rebuild the world, publish the sampled state,
 * tell the run that its world changed, focus a preset's sphere). The composition file makes one
 * core per store and hands it to every slice.
 */
import type { StoreApi } from 'zustand/vanilla';
import { translator, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { buildExperimentWorld, type BuiltScene, type Settings, type SphereEdit } from '../experiment/index.ts';
import { CollisionCounter, Describer, FirstLaw, LastCollisions, predictActions, ReadoutsWindow, RunTimeline, Stopwatch, TwinInstrument } from '../instruments/index.ts';
import { browserWorkerPort, Simulation, type WorldView } from '../runtime/index.ts';
import { SolverInputError } from '../solver/index.ts';
import type { SandboxStoreOptions, StoreStart } from './options.ts';
import type { Instruments, SandboxState, SceneFacts } from './state.ts';

/** The store's `set` and `get`. */
export type SetState = StoreApi<SandboxState>['setState'];
export type GetState = StoreApi<SandboxState>['getState'];

/** The facts of a world. */
export function factsOf(world: WorldView): SceneFacts {
  return { count: world.count, size: [world.size[0], world.size[1], world.size[2]], planar: world.options.planar };
}

/** The solver's message for bad input, or null for any other error. */
export function solverMessage(error: unknown): string | null {
  return error instanceof SolverInputError ? error.message : null;
}

/** Whether every sphere is asleep or still (reads every velocity: call a few times a second, not per frame). */
export function restingNow(world: WorldView, sleeping: number): boolean {
  const n = world.count;
  if (n === 0) return false;
  if (sleeping >= n) return true;
  const v = world.velocities;
  for (let k = 0; k < 3 * n; k++) if (v[k] !== 0) return false;
  return true;
}

/** The slices' shared core. */
export interface StoreCore {
  readonly sim: Simulation;
  readonly instruments: Instruments;
  /** Predict, then reveal: its moves (a step participant too). */
  readonly predictor: ReturnType<typeof predictActions>;
  /** The store's language (follows `locale`). */
  t: Translate;
  /** Builds a world for `settings` (with a built scene, or none) and swaps it in; returns the error message, or null. */
  rebuild(settings: Settings, preset?: string | null, edits?: readonly SphereEdit[], built?: BuiltScene | null): string | null;
  /** Publishes the sampled stats, the timeline and the twin (a few times a second, and after each action). */
  publish(): void;
  /** The world was changed in place: the run's future starts again from here. */
  changed(): void;
  /** Shows the world where it is while paused (no interpolation from an older step). */
  holdStill(): void;
  /** The selection and aids for running `preset` (null: the free sandbox) after the preset running now. */
  focusFor(preset: string | null): Pick<SandboxState, 'selected' | 'selection' | 'aids'>;
}

/** Makes the core of a store: its simulation, with the instruments attached in the order they are told of each step. */
export function createCore(options: SandboxStoreOptions, start: StoreStart, set: SetState, get: GetState): StoreCore {
  const sim = new Simulation(start.world, options.clock, options.now, options.solverPort === undefined ? browserWorkerPort : options.solverPort);
  sim.solverThread = options.solverThread ?? 'auto';
  sim.timeScale = start.settings.timeScale;
  sim.sampleSeconds = options.sampleSeconds ?? 0.25;
  const readouts = new ReadoutsWindow(sim);
  const timeline = new RunTimeline(sim);
  const twin = new TwinInstrument(sim, readouts);
  const firstLaw = new FirstLaw(sim);
  const describer = new Describer();
  const stopwatch = new Stopwatch();
  const counter = new CollisionCounter(sim);
  const lastCollisions = new LastCollisions(sim);
  twin.translate = start.t;
  // A preset about one sphere selects it (and may draw its trail); the trail goes back to how it
  // was when the preset is left.
  let trailBeforeFocus: boolean | null = start.focus?.trail ? (options.aids?.trail ?? false) : null;

  const core: StoreCore = {
    sim,
    instruments: { readouts, timeline, twin, firstLaw, describer, stopwatch, counter, lastCollisions },
    predictor: predictActions({
      sim,
      preset: () => get().preset,
      state: () => get().predict,
      publish: (predict) => set({ predict }),
      play: () => get().play(),
      pause: () => get().pause(),
    }),
    t: start.t,
    rebuild(settings, preset = get().preset, edits = [], built = null) {
      let world;
      try {
        world = buildExperimentWorld(settings, preset, edits, core.t, built).world;
      } catch (error) {
        const message = solverMessage(error);
        if (message === null) throw error;
        return core.t('store.settingsUnbuildable', { message });
      }
      sim.replaceWorld(world);
      sim.timeScale = settings.timeScale;
      set({ scene: factsOf(world) });
      return null;
    },
    publish() {
      timeline.record();
      const stats = readouts.sample();
      firstLaw.sample();
      set({ stats, timeline: timeline.state(), twin: twin.state(get().twin, true), resting: restingNow(sim.world, stats.sleeping) });
    },
    changed() {
      sim.changed();
      set({ timeline: timeline.state() });
      if (get().twin !== null) set({ twin: twin.state(get().twin, false) });
    },
    holdStill() {
      if (!get().running) sim.clock.alpha = 1;
    },
    focusFor(preset) {
      let aids = get().aids;
      if (trailBeforeFocus !== null) {
        aids = { ...aids, trail: trailBeforeFocus };
        trailBeforeFocus = null;
      }
      const focus = preset === null ? undefined : presetById(preset)?.focus;
      if (focus?.trail) {
        trailBeforeFocus = aids.trail;
        aids = { ...aids, trail: true };
      }
      const selected = focus && sim.world.has(focus.sphere) ? focus.sphere : null;
      return { selected, selection: selected === null ? [] : [selected], aids };
    },
  };
  // In the order each is told of a step: the readouts, then the twin (stepped right after the
  // world), the timeline, and predict, which may pause the run after the steps.
  sim.attach(readouts);
  sim.attach(twin);
  sim.attach(timeline);
  sim.attach(core.predictor);
  sim.attach(firstLaw);
  sim.attach(describer);
  sim.attach(counter);
  sim.attach(lastCollisions);
  sim.attach(stopwatch);
  // A link's twin that could not start at its step.
  twin.onRefused = (why) => set((s) => ({ notices: [...s.notices, core.t('store.twinNotStarted', { why })] }));
  // The worker failed while it held the world: start the experiment again on the page.
  sim.onWorkerLost = (why) => {
    const message = core.t('store.workerLost', { why });
    if (core.rebuild(get().settings, get().preset, get().edits, get().built) === null) set((s) => ({ sceneVersion: s.sceneVersion + 1, notices: [...s.notices, message] }));
    core.publish();
  };
  // The world came back from the worker (paused): show where it stopped.
  sim.onChange = () => {
    core.holdStill();
    core.publish();
  };
  return core;
}

/** The language of `locale` for the core and its instruments. */
export function speak(core: StoreCore, locale: Parameters<typeof translator>[0]): void {
  core.t = translator(locale);
  core.instruments.twin.translate = core.t;
}
