/** The timeline slice: where the run stands on its timeline, and going back (or forward) to any step. */
import type { StateCreator } from 'zustand/vanilla';
import type { StoreCore } from './core.ts';
import type { SandboxState, TimelineSlice } from './state.ts';

export const createTimelineSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], TimelineSlice> =>
  () => ({
    timeline: core.instruments.timeline.state(),
    seek(step) {
      const at = core.instruments.timeline.worldAt(step, core.t);
      if (typeof at === 'string') return at;
      core.enterWorld({ cause: 'rewind', place: { rewound: at.world, step: at.step } });
      return null;
    },
  });
