/**
 * The package's main entry: the embeddable `<SphereSandbox />`, the provider, view, panels and
 * hooks to compose a sandbox piece by piece, their types, and the presets
 * and settings limits a page may want to list. The stylesheet is the package's `style.css`
 * (built from entry.ts).
 * The solver alone (no React, no three) is the `./solver` entry.
 */
export { SphereSandbox } from './SphereSandbox.tsx';
export type { SphereSandboxProps } from './SphereSandbox.tsx';
export { SandboxProvider } from './SandboxProvider.tsx';
export type { SandboxProviderProps, SandboxCollisionEvent, WallName } from './SandboxProvider.tsx';
export { SandboxView, SandboxOverlay, SandboxControls } from './SandboxView.tsx';
export type { SandboxViewProps, SandboxControlsProps } from './SandboxView.tsx';
export { useSandbox, useSandboxHandle, useSandboxStore, useAfterStep } from '../hooks/sandbox-context.ts';
export type { SphereSandboxHandle } from '../hooks/sandbox-context.ts';
export type { SandboxPanels } from './props.ts';
export { LOCALES, LOCALE_NAMES } from '../i18n/index.ts';
export type { Locale } from '../i18n/index.ts';
export { PRESETS } from '../presets/presets.ts';
export type { Preset, PresetMode } from '../presets/presets.ts';
export { DEFAULT_SETTINGS, NUMBER_SPECS } from '../experiment/index.ts';
export type { Settings, NumberSpec, NumberKey } from '../experiment/index.ts';
export type { SampledStats } from '../instruments/index.ts';
export type { SandboxState, SandboxStore, VisualAids, VisualAidKey } from '../store/index.ts';
export type { World } from '../solver/index.ts';
export type { WorldView, StepParticipant, StepReport } from '../runtime/index.ts';
export type { SandboxSnapshot } from '../experiment/index.ts';
