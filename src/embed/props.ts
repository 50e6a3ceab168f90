/**
 * How the embeddable component's props become store settings: which props are settings, and the
 * check that keeps a bad prop out of the world with a message naming the prop and its value.
 * Pure functions; no React.
 */
import { DEFAULT_SETTINGS, LIVE_SETTINGS, validateSettings, type SettingKey, type Settings } from '../experiment/index.ts';

/** Every setting, in the order the overlay shows them; each is also a prop of the component. */
export const SETTING_KEYS: readonly SettingKey[] = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** The panels drawn over the view. */
export type SandboxPanels = 'none' | 'compact' | 'full';

const PANELS: readonly SandboxPanels[] = ['none', 'compact', 'full'];

/** Shows a prop's value the way it would be written in JSX. */
export function showProp(key: string, value: unknown): string {
  if (typeof value === 'string') return `${key}="${value}"`;
  if (Array.isArray(value)) return `${key}={[${value.map((v) => String(v)).join(', ')}]}`;
  return `${key}={${String(value)}}`;
}

/**
 * The settings given as props (undefined ones left out). While a classroom preset runs, only the
 * seed and the live settings reach its world; the other scene settings wait for the free sandbox.
 */
export function settingsOfProps(props: Partial<Record<SettingKey, unknown>>, preset: string | null): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = props[key];
    if (value === undefined) continue;
    if (preset !== null && key !== 'seed' && !LIVE_SETTINGS.has(key)) continue;
    out[key] = value;
  }
  return out as Partial<Settings>;
}

/** Result of {@link checkSettingProps}. */
export interface CheckedSettings {
  /** The props that can be used together. */
  valid: Partial<Settings>;
  /** One message per prop left out, naming the prop and its value. */
  problems: string[];
}

/**
 * Checks settings props over `base` (the defaults at mount): a prop whose value is refused is
 * left out with a message, and the rest are checked again until what is left is valid.
 */
export function checkSettingProps(props: Partial<Settings>, base: Settings = DEFAULT_SETTINGS): CheckedSettings {
  const valid: Record<string, unknown> = { ...props };
  const problems: string[] = [];
  for (let round = 0; round < SETTING_KEYS.length + 1; round++) {
    const keys = Object.keys(valid) as SettingKey[];
    if (keys.length === 0) break;
    const errors = validateSettings({ ...base, ...valid } as Settings, keys[keys.length - 1]);
    const bad = Object.keys(errors) as SettingKey[];
    if (bad.length === 0) break;
    const own = bad.filter((k) => k in valid);
    // A constraint between fields reported on a field that is not a prop: the props together are refused.
    for (const key of own.length > 0 ? own : keys) {
      problems.push(`SphereSandbox: ${showProp(key, valid[key])} was not used: ${errors[key] ?? errors[bad[0]]}.`);
      delete valid[key];
    }
  }
  return { valid: valid as Partial<Settings>, problems };
}

/** The panels prop, or 'compact' with a message when it is not one of the three. */
export function checkPanels(value: unknown): { panels: SandboxPanels; problem: string | null } {
  if (value === undefined) return { panels: 'compact', problem: null };
  if (PANELS.includes(value as SandboxPanels)) return { panels: value as SandboxPanels, problem: null };
  return { panels: 'compact', problem: `SphereSandbox: ${showProp('panels', value)} is not one of "none", "compact", "full"; the compact bar is shown.` };
}

/** The camera position prop, or null with a message when it is not three finite numbers. */
export function checkCameraPosition(value: unknown): { position: readonly [number, number, number] | null; problem: string | null } {
  if (value === undefined || value === null) return { position: null, problem: null };
  if (Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number' && Number.isFinite(v)) && value.some((v) => v !== 0)) {
    return { position: [value[0], value[1], value[2]], problem: null };
  }
  return { position: null, problem: `SphereSandbox: ${showProp('cameraPosition', value)} is not three finite numbers away from the box centre; the home view is used.` };
}
