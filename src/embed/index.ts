/**
 * The package's main entry: the embeddable `<SphereSandbox />` with its types, and the presets
 * and settings limits a page may want to list. The stylesheet is the package's `style.css`
 * (built from entry.ts).
 * The solver alone (no React, no three) is the `./solver` entry.
 */
export { SphereSandbox } from './SphereSandbox.tsx';
export type { SphereSandboxProps, SphereSandboxHandle, SandboxCollisionEvent, WallName } from './SphereSandbox.tsx';
export type { SandboxPanels } from './props.ts';
export { PRESETS } from '../presets/presets.ts';
export type { Preset, PresetMode } from '../presets/presets.ts';
export { DEFAULT_SETTINGS, NUMBER_SPECS } from '../store/settings.ts';
export type { Settings, NumberSpec, NumberKey } from '../store/settings.ts';
export type { SampledStats } from '../store/simulation.ts';
export type { VisualAids } from '../store/sandbox-store.ts';
export type { World } from '../solver/index.ts';
