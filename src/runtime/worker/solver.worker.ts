/// <reference lib="webworker" />
/**
 * The Web Worker that runs the solver in worker mode: the whole protocol is in
 * `solver-service.ts`; this file only connects it to the worker's scope.
 */
import { serveSolver, type SolverPort } from './solver-service.ts';

serveSolver(self as unknown as SolverPort);
