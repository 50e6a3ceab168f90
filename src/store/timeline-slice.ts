/** The timeline slice: where the run stands on its timeline, and going back (or forward) to any step. */
import type { StateCreator } from 'zustand/vanilla';
import type { StoreCore } from './core.ts';
import type { SandboxState } from './state.ts';

/** The timeline slice's part of the state. */
export type TimelineSlice = Pick<SandboxState, 'timeline' | 'seek'>;

export const createTimelineSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], TimelineSlice> =>
  (set, get) => ({
    timeline: core.instruments.timeline.state(),
    seek(step) {
      const refused = core.instruments.timeline.seek(step, core.t);
      if (refused !== null) return refused;
      if (get().running) set({ running: false });
      core.publish();
      core.predictor.arm();
      return null;
    },
  });
