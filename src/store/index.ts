/**
 * The sandbox store: settings, fixed-step clock and simulation, without React.
 */
export { createSandboxStore, SettingsError, DEFAULT_AIDS, prefersReducedMotion } from './sandbox-store.ts';
export type { SandboxState, SandboxStore, SandboxStoreOptions, VisualAids, VisualAidKey } from './sandbox-store.ts';
export { FixedStepClock } from './fixed-step-clock.ts';
export type { ClockOptions } from './fixed-step-clock.ts';
export { Simulation, EMPTY_STATS, WORKER_AUTO_COUNT } from './simulation.ts';
export type { SampledStats, Now, SolverThread, SolverPortFactory } from './simulation.ts';
export { serveSolver } from './solver-service.ts';
export type { SolverPort } from './solver-service.ts';
export type { WorldView } from './remote-world.ts';
export { PressureMap, PRESSURE_RAMP, PRESSURE_WINDOW_SECONDS, FACE_STRIDE, faceAxes, rampColour } from './pressure-map.ts';
export type { PressureReadout } from './pressure-map.ts';
export { buildSandboxWorld, sandboxScene, liveWorldOptions, presetSettings, applyEdits, buildExperimentWorld } from './build-scene.ts';
export { History, HISTORY_COLUMNS } from './history.ts';
export { CollisionLog, separatingSpeed } from './collision-log.ts';
export type { LoggedCollision } from './collision-log.ts';
export {
  DEFAULT_SETTINGS,
  NUMBER_SPECS,
  LIVE_SETTINGS,
  COUNT_WARNING,
  COUNT_MAX,
  PACKING_MAX,
  checkNumber,
  checkFit,
  isNumberKey,
  parseNumberInput,
  validateSettings,
  settingWarnings,
  latticeCapacity,
  expectedPacking,
} from './settings.ts';
export type { Settings, SettingKey, NumberKey, NumberSpec, FieldMessages } from './settings.ts';
