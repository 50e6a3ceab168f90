/**
 * The measure slice: the Measure tools' readings (the stopwatch, the collision counter, the
 * graph's quantities and points, sampled by the core each time it publishes) and the runs table,
 * with the actions the tools' buttons call. The panels only draw these and call the actions; no
 * component changes an instrument itself.
 */
import type { StateCreator } from 'zustand/vanilla';
import { runRecord } from '../instruments/index.ts';
import type { StoreCore } from './core.ts';
import type { MeasureSlice, SandboxState } from './state.ts';

export const createMeasureSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], MeasureSlice> =>
  (set, get) => {
    const { sim } = core;
    const tools = core.instruments.measure;
    /** Reads the tools again after a press. */
    const reread = (): void => set({ measure: tools.read(sim.world.time, get().measure) });
    return {
      measure: tools.read(sim.world.time, null),
      runs: [],
      comparedRuns: [],
      pressStopwatch(button) {
        const sw = tools.stopwatch;
        const time = sim.world.time;
        if (button === 'start') sw.start(time);
        else if (button === 'stop') sw.stop(time);
        else if (button === 'lap') sw.lap(time);
        else if (button === 'reset') sw.reset(time);
        else return;
        reread();
      },
      startCounter(target, seconds) {
        if (!(typeof seconds === 'number' && seconds > 0)) return core.t('measure.badPeriod', { value: String(seconds) });
        const ok = target?.kind === 'all' || (target?.kind === 'sphere' && sim.world.has(target.id)) || (target?.kind === 'wall' && Number.isInteger(target.wall) && target.wall >= 0 && target.wall < 6);
        if (!ok) return core.t('measure.badTarget', { value: JSON.stringify(target) ?? String(target) });
        tools.counter.start(sim.world.time, target, seconds);
        reread();
        return null;
      },
      stopCounter() {
        tools.counter.stop(sim.world.time);
        reread();
      },
      setGraph(x, y) {
        try {
          tools.setGraph(x, y);
        } catch (error) {
          if (error instanceof RangeError) return error.message;
          throw error;
        }
        tools.sample({ world: sim.world, firstLaw: core.instruments.firstLaw.last, drops: core.instruments.drops.last }, get().sceneVersion);
        reread();
        return null;
      },
      clearGraph() {
        tools.graph.empty();
        reread();
      },
      recordRun() {
        const s = get();
        // The P–V path and the graph's series go with the run, copied, for the diagrams to draw beside a later run.
        const graph = { series: tools.graph, x: s.measure.graph.x, y: s.measure.graph.y };
        const record = runRecord({ settings: s.settings as unknown as Record<string, unknown>, preset: s.preset, edits: s.edits, world: sim.world, pressure: s.stats.pressureMeasured, path: core.instruments.firstLaw.path, graph });
        set({ runs: [...s.runs, record] });
      },
      clearRuns() {
        if (get().runs.length > 0) set({ runs: [], comparedRuns: [] });
      },
      setComparedRuns(runs) {
        const n = get().runs.length;
        const shown = [...new Set(runs)].filter((k) => Number.isInteger(k) && k >= 0 && k < n).sort((a, b) => a - b);
        set({ comparedRuns: shown });
      },
    };
  };
