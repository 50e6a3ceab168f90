/**
 * The run slice: playing, pausing and stepping the simulation, the frame the render loop calls,
 * the sampled stats, and where the solver runs.
 */
import type { StateCreator } from 'zustand/vanilla';
import { EMPTY_STATS } from '../instruments/index.ts';
import type { SolverThread } from '../runtime/index.ts';
import type { StoreCore } from './core.ts';
import type { RunSlice, SandboxState } from './state.ts';

export const createRunSlice =
  (core: StoreCore, running: boolean): StateCreator<SandboxState, [], [], RunSlice> =>
  (set, get) => {
    const { sim } = core;
    return {
      running,
      resting: false,
      stats: { ...EMPTY_STATS, count: sim.count },
      sim,
      instruments: core.instruments,
      solverThread: sim.solverThread,
      play() {
        if (get().running) return;
        sim.syncPrevious();
        sim.clock.reset();
        set({ running: true });
      },
      pause() {
        if (!get().running) return;
        sim.clock.reset();
        sim.clock.alpha = 1;
        set({ running: false });
        core.publish();
      },
      toggle() {
        if (get().running) get().pause();
        else get().play();
      },
      stepOnce() {
        if (get().running) set({ running: false });
        sim.stepOnce();
        core.publish();
      },
      frame(frameDeltaSeconds) {
        if (sim.frame(frameDeltaSeconds, get().running)) core.publish();
      },
      sampleNow() {
        core.publish();
      },
      setSolverThread(thread: SolverThread) {
        if (thread !== 'auto' && thread !== 'main' && thread !== 'worker') return;
        // The next frame moves the world where it now belongs.
        sim.solverThread = thread;
        set({ solverThread: thread });
      },
    };
  };
