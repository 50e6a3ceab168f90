/// <reference types="vite/client" />
/**
 * The package's worker factory (the library build uses this file in place of `worker-port.ts`):
 * the worker's code is inlined in the bundle, so it works whatever bundler the host app uses.
 * Under a Content-Security-Policy the page must allow `worker-src blob:`; where it does not, the
 * worker fails to start and the solver simply runs on the page.
 */
import SolverWorker from './solver.worker.ts?worker&inline';
import type { SolverPortFactory } from './worker-host.ts';

/** The browser's worker factory, or null where there are no Web Workers. */
export const browserWorkerPort: SolverPortFactory | null = typeof Worker === 'undefined' ? null : () => new SolverWorker({ name: 'sphere-sandbox solver' });
