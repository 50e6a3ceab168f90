/**
 * Makes the solver's Web Worker, where the page has Web Workers (null elsewhere: Node, tests).
 * The `new Worker(new URL(...))` form lets the bundler build the worker as a module of its own.
 */
import type { SolverPortFactory } from './worker-host.ts';

/** The browser's worker factory, or null where there are no Web Workers. */
export const browserWorkerPort: SolverPortFactory | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'sphere-sandbox solver' });
