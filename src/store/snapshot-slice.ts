/**
 * The snapshot slice: the whole experiment and the world's exact state as plain JSON, and
 * restoring one, here or in a fresh sandbox, to go on bit for bit (experiment/snapshot.ts holds
 * the format).
 */
import type { StateCreator } from 'zustand/vanilla';
import { checkExperimentFile, checkSnapshot, isLocked, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type ExperimentState, type SandboxSnapshot } from '../experiment/index.ts';
import { worldToJSON } from '../solver/index.ts';
import type { StoreCore } from './core.ts';
import { experimentPart } from './new-world.ts';
import type { SandboxState, SnapshotSlice } from './state.ts';

export const createSnapshotSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], SnapshotSlice> =>
  (_set, get, api) => {
    const { sim } = core;
    const { twin } = core.instruments;
    /** Opens a whole experiment at its start (a file's or a link's): null, or why not with nothing changed. */
    const open = (experiment: ExperimentState, cause: 'file' | 'link'): string | null => {
      if (isLocked(get().studentView, 'preset')) return core.t('student.refusedPreset');
      const edits = experiment.edits.map((e) => ({ ...e }));
      const world = core.worldFor(experiment.settings, experiment.preset, edits, experiment.built ?? null);
      if (typeof world === 'string') return world;
      const spec = experiment.twin ?? null;
      core.enterWorld({ cause, place: { built: world }, experiment: experimentPart(experiment, edits, get().freeSettings), twin: spec === null ? undefined : { spec } });
      return null;
    };
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
        const spec = experiment.twin ?? null;
        const run = checked.twin ?? undefined;
        // A twin's run goes on from the snapshot; a twin that starts later waits for its step.
        const twin = spec === null ? undefined : run !== undefined ? { spec, run } : spec.step > step ? { spec } : undefined;
        core.enterWorld({ cause: 'snapshot', place: { built: world, step }, experiment: experimentPart(experiment, experiment.edits, get().freeSettings), twin });
        return null;
      },
      openExperiment(file) {
        if (isLocked(get().studentView, 'preset')) return core.t('student.refusedPreset');
        const checked = checkExperimentFile(file, core.t);
        if (typeof checked === 'string') return checked;
        return open({ ...checked.experiment, edits: [] }, 'file');
      },
      openLinked(experiment) {
        return open(experiment, 'link');
      },
    };
  };
