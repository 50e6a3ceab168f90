/**
 * What React sees: the sandbox store (zustand vanilla, no React), composed of slices over the
 * simulation and its instruments. Every folder outside the store imports it from here.
 */
export { createSandboxStore } from './create-store.ts';
export { SettingsError } from './options.ts';
export type { SandboxStoreOptions } from './options.ts';
export { DEFAULT_AIDS, prefersReducedMotion } from './view-slice.ts';
export { THEMES } from './state.ts';
export { WORLD_RULES, WORLD_CAUSES } from './new-world.ts';
export type { WorldCause, WorldRule } from './new-world.ts';
export type { MeasureSlice, StopwatchButton, SandboxState, SandboxStore, VisualAids, VisualAidKey, SceneFacts, Instruments, TwinActions, Theme, TapeState } from './state.ts';
