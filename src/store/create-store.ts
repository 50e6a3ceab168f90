/**
 * Creates a sandbox store: a zustand vanilla store composed of slices (zustand's slices pattern),
 * each owning its state and actions, over one shared core (the simulation and its instruments).
 * One store per sandbox on a page; it runs without React.
 */
import { createStore } from 'zustand/vanilla';
import { checkChange } from '../experiment/index.ts';
import { WATCHED_MAX } from '../instruments/index.ts';
import { createBuildSlice } from './build-slice.ts';
import { createCore } from './core.ts';
import { sliceMaker } from './slice-maker.ts';
import { createExperimentSlice } from './experiment-slice.ts';
import { startFrom, type SandboxStoreOptions } from './options.ts';
import { createMeasureSlice } from './measure-slice.ts';
import { createPredictSlice } from './predict-slice.ts';
import { createRunSlice } from './run-slice.ts';
import { createSettingsSlice } from './settings-slice.ts';
import { createSnapshotSlice } from './snapshot-slice.ts';
import type { SandboxState, SandboxStore } from './state.ts';
import { createTapeSlice } from './tape-slice.ts';
import { createTimelineSlice } from './timeline-slice.ts';
import { createTwinSlice } from './twin-slice.ts';
import { createViewSlice } from './view-slice.ts';

/** Creates a sandbox store with its own world (one per sandbox on a page). */
export function createSandboxStore(options: SandboxStoreOptions = {}): SandboxStore {
  const start = startFrom(options);
  const store = createStore<SandboxState>()((set, get, api) => {
    const core = createCore(options, start, set, get);
    // A link's twin: at once for step 0, else when the run reaches its step.
    if (options.twin) {
      const twin = core.instruments.twin;
      const refused = options.twin.step === 0 ? twin.start(options.twin) : checkChange(options.twin, start.world, start.t);
      if (refused !== null) start.notices.push(start.t('store.twinNotStarted', { why: refused }));
      else if (options.twin.step > 0) twin.pending = options.twin;
    }
    const slice = sliceMaker(set, get, api);
    return {
      ...slice('run', createRunSlice(core, options.running ?? true)),
      ...slice('settings', createSettingsSlice(core, start.settings, start.freeSettings)),
      ...slice('experiment', createExperimentSlice(core, start)),
      ...slice('timeline', createTimelineSlice(core)),
      ...slice('twin', createTwinSlice(core)),
      ...slice('predict', createPredictSlice(core, options.predict === true)),
      ...slice('view', createViewSlice(core, options, start)),
      ...slice('snapshot', createSnapshotSlice(core)),
      ...slice('build', createBuildSlice(core)),
      ...slice('tape', createTapeSlice(core)),
      ...slice('measure', createMeasureSlice(core)),
    };
  });
  // The last collisions are watched for every sphere of a small scene (so a sphere selected after its
  // collision shows it), else for the selected spheres.
  const watch = (s: SandboxState): void => {
    const world = s.sim.world;
    const ids = world.count <= WATCHED_MAX ? Array.from({ length: world.count }, (_, k) => world.idAt(k)) : s.selection;
    s.instruments.lastCollisions.watch(ids);
  };
  store.subscribe((s, prev) => {
    if (s.selection !== prev.selection || s.scene !== prev.scene) watch(s);
    // The describer counts the selected sphere's hits.
    if (s.selected !== prev.selected) s.instruments.describer.selected = s.selected ?? -1;
  });
  store.getState().armPredict();
  watch(store.getState());
  store.getState().instruments.describer.selected = store.getState().selected ?? -1;
  return store;
}
