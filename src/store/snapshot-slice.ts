/**
 * The snapshot slice: the whole experiment and the world's exact state as plain JSON, and
 * restoring one, here or in a fresh sandbox, to go on bit for bit (experiment/snapshot.ts holds
 * the format).
 */
import type { StateCreator } from 'zustand/vanilla';
import { checkExperimentFile, checkSnapshot, isLocked, settingWarnings, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type ExperimentState, type SandboxSnapshot, type SphereEdit } from '../experiment/index.ts';
import { worldToJSON } from '../solver/index.ts';
import { factsOf, type StoreCore } from './core.ts';
import type { SandboxState } from './state.ts';

/** The snapshot slice's part of the state. */
export type SnapshotSlice = Pick<SandboxState, 'snapshot' | 'restore' | 'openExperiment' | 'openLinked'>;

export const createSnapshotSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], SnapshotSlice> =>
  (set, get, api) => {
    const { sim } = core;
    const { twin } = core.instruments;
    /**
     * The state of an experiment taken whole (restored or opened) with hand edits `edits`: its
     * settings, the selection cleared, the view framed afresh.
     */
    const taken = (s: SandboxState, experiment: ExperimentState, edits: SphereEdit[]): Partial<SandboxState> => ({
      preset: experiment.preset,
      settings: experiment.settings,
      freeSettings: experiment.preset === null ? experiment.settings : s.freeSettings,
      edits,
      built: experiment.built ?? null,
      errors: {},
      warnings: settingWarnings(experiment.settings, core.t),
      aids: core.focusFor(null).aids,
      selected: null,
      selection: [],
      sceneVersion: s.sceneVersion + 1,
      viewVersion: s.viewVersion + 1,
      predict: { ...s.predict, on: experiment.predict === true },
    });
    /** The snapshot of the world on this page. */
    const take = (): SandboxSnapshot => {
      const world = sim.local!;
      const run = twin.run;
      return {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        experiment: get().experiment(),
        step: sim.stepsRun,
        dt: sim.clock.fixedDt,
        world: worldToJSON(world),
        twin: run === null ? null : { world: worldToJSON(run.world), start: worldToJSON(run.startCopy) },
      };
    };
    return {
      snapshot() {
        if (sim.local !== null) return Promise.resolve(take());
        // A worker holds the world: it comes back when paused (a frame later), and the run plays on after.
        const wasRunning = get().running;
        return new Promise((resolve) => {
          const done = (): void => {
            if (sim.local === null) return;
            unsubscribe();
            const taken = take();
            if (wasRunning) get().play();
            resolve(taken);
          };
          const unsubscribe = api.subscribe(done);
          get().pause();
          done();
        });
      },
      restore(snapshot) {
        const checked = checkSnapshot(snapshot, sim.clock.fixedDt, core.t);
        if (typeof checked === 'string') return checked;
        const { experiment, step, world } = checked;
        sim.replaceWorld(world, step);
        sim.timeScale = experiment.settings.timeScale;
        if (checked.twin !== null && experiment.twin !== null) twin.resume(checked.twin.world, checked.twin.start, experiment.twin);
        else if (experiment.twin !== null && experiment.twin.step > step) twin.pending = experiment.twin;
        set((s) => ({ ...taken(s, experiment, experiment.edits), scene: factsOf(world) }));
        core.holdStill();
        core.publish();
        return null;
      },
      openExperiment(file) {
        if (isLocked(get().studentView, 'preset')) return core.t('student.refusedPreset');
        const checked = checkExperimentFile(file, core.t);
        if (typeof checked === 'string') return checked;
        return get().openLinked({ ...checked.experiment, edits: [] });
      },
      openLinked(experiment) {
        if (isLocked(get().studentView, 'preset')) return core.t('student.refusedPreset');
        const edits = experiment.edits.map((e) => ({ ...e }));
        const message = core.rebuild(experiment.settings, experiment.preset, edits, experiment.built ?? null);
        if (message !== null) return message;
        twin.drop();
        const spec = experiment.twin ?? null;
        if (spec !== null) {
          const refused = spec.step === 0 ? twin.start(spec) : null;
          if (refused === null && spec.step > 0) twin.pending = spec;
        }
        sim.timeScale = experiment.settings.timeScale;
        set((s) => taken(s, experiment, edits));
        core.holdStill();
        core.publish();
        return null;
      },
    };
  };
