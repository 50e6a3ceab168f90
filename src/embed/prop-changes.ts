/**
 * Props changed after mount, applied to a sandbox's store in one place: the provider takes a
 * snapshot of its props at each render and applies what differs from the snapshot applied
 * before (a preset and settings together, live where the overlay applies them live; paused; the
 * visual aids; where the solver runs; the language). Pure functions over the store; no React.
 */
import { LOCALES, localeOfTag, type Locale } from '../i18n/index.ts';
import { THEMES, type SandboxStore, type Theme, type VisualAids } from '../store/index.ts';
import type { SolverThread } from '../runtime/index.ts';
import type { Settings } from '../experiment/index.ts';
import { settingsOfProps, SETTING_KEYS } from './props.ts';

/** The props that change a running sandbox. */
export interface LiveProps extends Partial<Record<keyof Settings, unknown>> {
  preset?: string | null;
  paused?: boolean;
  aids?: Partial<VisualAids>;
  solverThread?: SolverThread;
  locale?: string;
  theme?: string;
}

/** What was applied of the props, to compare the next render's with. */
export interface PropSnapshot {
  preset: string | null;
  /** The settings props, in the order of SETTING_KEYS. */
  values: unknown[];
  paused: boolean;
  /** The aids prop, as JSON ('' when not given). */
  aids: string;
  solverThread: unknown;
  locale: unknown;
  theme: unknown;
}

const THREADS: readonly SolverThread[] = ['auto', 'main', 'worker'];

/** A valid solverThread prop, or 'auto'. */
export function threadOf(value: unknown): SolverThread {
  return THREADS.includes(value as SolverThread) ? (value as SolverThread) : 'auto';
}

/** The message for a solverThread prop that is none of the three, or null. */
export function checkThread(value: unknown): string | null {
  if (value === undefined || THREADS.includes(value as SolverThread)) return null;
  return `SphereSandbox: solverThread must be 'auto', 'main' or 'worker', got ${JSON.stringify(value)}; 'auto' is used.`;
}

/** The language a locale prop names ('es', 'de-AT' …), or null when it names none the sandbox speaks. */
export function localeOfProp(value: unknown): Locale | null {
  return typeof value === 'string' ? localeOfTag(value) : null;
}

/** The message for a locale prop the sandbox does not speak, or null. */
export function checkLocale(value: unknown): string | null {
  if (value === undefined || localeOfProp(value) !== null) return null;
  return `SphereSandbox: locale must be one of ${LOCALES.map((l) => `'${l}'`).join(', ')} (or a tag such as 'es-MX'), got ${JSON.stringify(value)}; the language stays as it is.`;
}

/** The message for a theme prop that is none of the themes, or null. */
export function checkTheme(value: unknown): string | null {
  if (value === undefined || THEMES.includes(value as Theme)) return null;
  return `SphereSandbox: theme must be one of ${THEMES.map((x) => `'${x}'`).join(', ')}, got ${JSON.stringify(value)}; the theme stays as it is.`;
}

/** The snapshot of `props`. */
export function snapshotOf(props: LiveProps): PropSnapshot {
  return {
    preset: props.preset ?? null,
    values: SETTING_KEYS.map((k) => props[k]),
    paused: props.paused ?? false,
    aids: props.aids ? JSON.stringify(props.aids) : '',
    solverThread: props.solverThread,
    locale: props.locale,
    theme: props.theme,
  };
}

/** Whether two snapshots differ. */
export function changed(a: PropSnapshot, b: PropSnapshot): boolean {
  return a.preset !== b.preset || a.paused !== b.paused || a.aids !== b.aids || a.solverThread !== b.solverThread || a.locale !== b.locale || a.theme !== b.theme || a.values.some((v, i) => !Object.is(v, b.values[i]));
}

/**
 * Applies to `store` what changed from `before` to `now` (whose props are `props`). Returns the
 * notices for props that were refused (the values before stay in effect).
 */
export function applyPropChanges(store: SandboxStore, before: PropSnapshot, now: PropSnapshot, props: LiveProps): string[] {
  const notices: string[] = [];
  const st = store.getState();
  // The preset and the settings together: a changed preset takes every settings prop again.
  const presetChanged = now.preset !== before.preset;
  const given: Partial<Record<keyof Settings, unknown>> = {};
  SETTING_KEYS.forEach((k, i) => {
    if (now.values[i] !== undefined && (presetChanged || !Object.is(now.values[i], before.values[i]))) given[k] = now.values[i];
  });
  if (presetChanged) st.selectPreset(now.preset);
  // A prop equal to the setting in effect changes nothing (a controlled sandbox passes back what
  // onSettingsChange gave it: that must cost no rebuild).
  const inEffect = store.getState().settings;
  const patch = settingsOfProps(given, now.preset) as Record<string, unknown>;
  for (const k of Object.keys(patch)) if (Object.is(patch[k], inEffect[k as keyof Settings])) delete patch[k];
  const keys = Object.keys(patch) as (keyof Settings)[];
  if (keys.length > 0 && !st.applySettings(patch as Partial<Settings>)) {
    const errors = store.getState().errors;
    const why = keys.map((k) => errors[k]).filter(Boolean).join('; ') || 'refused';
    notices.push(`SphereSandbox: ${keys.map((k) => `${k}={${String(patch[k])}}`).join(' ')} was not applied: ${why}. The values before stay in effect.`);
  }
  if (now.paused !== before.paused) {
    if (now.paused) st.pause();
    else st.play();
  }
  if (now.aids !== before.aids && props.aids) {
    for (const [key, on] of Object.entries(props.aids)) st.setAid(key as keyof VisualAids, Boolean(on));
  }
  if (now.solverThread !== before.solverThread && now.solverThread !== undefined) {
    const problem = checkThread(now.solverThread);
    if (problem !== null) notices.push(problem);
    else st.setSolverThread(now.solverThread as SolverThread);
  }
  if (now.locale !== before.locale && now.locale !== undefined) {
    const locale = localeOfProp(now.locale);
    if (locale === null) notices.push(checkLocale(now.locale) as string);
    else st.setLocale(locale);
  }
  if (now.theme !== before.theme && now.theme !== undefined) {
    const problem = checkTheme(now.theme);
    if (problem !== null) notices.push(problem);
    else st.setTheme(now.theme as Theme);
  }
  return notices;
}
