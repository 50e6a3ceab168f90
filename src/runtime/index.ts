/**
 * How a run runs, frame by frame: the fixed-step clock, the interpolation between steps, the
 * solver on this page or in a worker (worker/), the world as the page reads it, and the plug that
 * step participants attach to. No React, no zustand: the store drives it, instruments follow it.
 */
export { Simulation, WORKER_AUTO_COUNT, REAL_SECONDS, SOLVER_MS, UNSEEN_SECONDS, SAMPLED_AT } from './simulation.ts';
export type { SolverThread, Now } from './simulation.ts';
export type { StepParticipant, StepReport, ReplaceCause } from './participant.ts';
export type { WorldView, EventsView } from './world-view.ts';
export { FixedStepClock } from './fixed-step-clock.ts';
export type { ClockOptions } from './fixed-step-clock.ts';
export { LocalHost } from './solver-host.ts';
export type { SolverHost } from './solver-host.ts';
export { serveSolver } from './worker/solver-service.ts';
export type { SolverPort } from './worker/solver-service.ts';
export type { SolverPortFactory, Batch32 } from './worker/worker-host.ts';
export { browserWorkerPort } from './worker/worker-port.ts';
