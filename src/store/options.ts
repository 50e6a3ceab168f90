/**
 * What a new store starts from: its options, checked, and the first experiment they describe
 * (settings, preset, edits, notices), built into its first world.
 */
import { DEFAULT_LOCALE, translator, type Locale, type Translate } from '../i18n/index.ts';
import { presetById, type Preset } from '../presets/presets.ts';
import { experimentWorld, DEFAULT_SETTINGS, presetSettings, validateSettings, withFreePhysics, type BuiltScene, type FieldMessages, type Settings, type SphereEdit, type StudentView, type TwinSpec } from '../experiment/index.ts';
import type { ClockOptions, Now, SolverPortFactory, SolverThread } from '../runtime/index.ts';
import type { World } from '../solver/index.ts';
import type { Theme, VisualAids } from './state.ts';

/** Options of {@link createSandboxStore}. */
export interface SandboxStoreOptions {
  /** Settings to start from; merged over the defaults and validated. @defaultValue the defaults */
  settings?: Partial<Settings>;
  /** Whether the simulation runs from the start. @defaultValue true */
  running?: boolean;
  /** Fixed-step clock options. @defaultValue 1/60 s steps, 0.25 s clamp, 8 steps per frame */
  clock?: ClockOptions;
  /** Real seconds between stats samples. @defaultValue 0.25 */
  sampleSeconds?: number;
  /** Monotonic clock in ms, for timing the solver. @defaultValue performance.now */
  now?: Now;
  /**
   * Classroom preset to start with (an unknown id is ignored with a notice). Its restitution and
   * gravity are used except where `settings` names them. @defaultValue null
   */
  preset?: string | null;
  /** Hand edits of spheres applied after the first build. @defaultValue none */
  edits?: SphereEdit[];
  /** A built scene (the lab bench's), which replaces the preset's scene or the gas. @defaultValue none */
  built?: BuiltScene | null;
  /** Notices to show from the start (for instance from reading a shared link). @defaultValue none */
  notices?: string[];
  /** Visual aids switched on from the start. @defaultValue all off */
  aids?: Partial<VisualAids>;
  /** The page's and the view's theme. @defaultValue 'dark' */
  theme?: Theme;
  /** Reduced motion (no collision flashes). @defaultValue the page's `prefers-reduced-motion` */
  reducedMotion?: boolean;
  /**
   * Where the solver runs: `auto` hands large scenes (5,000 spheres or more) to a Web Worker
   * while the simulation plays, `main` keeps it on the page's thread, `worker` always uses one.
   * @defaultValue 'auto'
   */
  solverThread?: SolverThread;
  /** The interface's language. @defaultValue English */
  locale?: Locale;
  /** Predict, then reveal switched on (a link can do it). @defaultValue false */
  predict?: boolean;
  /** Makes the solver's worker. @defaultValue a Web Worker where the page has them, else none (main thread only) */
  solverPort?: SolverPortFactory | null;
  /** A what-if twin to start at its step (at once for step 0), from a shared link. @defaultValue none */
  twin?: TwinSpec | null;
  /** A student view (what a teacher's link hides and locks; see `SandboxState.studentView`). @defaultValue none */
  studentView?: StudentView | null;
}

/** Thrown by {@link createSandboxStore} for initial settings that fail validation. */
export class SettingsError extends RangeError {
  constructor(readonly errors: FieldMessages) {
    super(Object.values(errors).join('; '));
    this.name = 'SettingsError';
  }
}

/** The first experiment of a store, built. */
export interface StoreStart {
  /** The settings in effect. */
  settings: Settings;
  /** The free sandbox's own settings (see `SandboxState.freeSettings`). */
  freeSettings: Settings;
  /** The preset running, or null. */
  preset: string | null;
  /** Its focus (a sphere to select, a trail to draw), if any. */
  focus: Preset['focus'] | undefined;
  edits: SphereEdit[];
  built: BuiltScene | null;
  /** Notices from the options (an unknown preset, a refused edit). */
  notices: string[];
  /** The first world. */
  world: World;
  /** The language of the start's messages. */
  t: Translate;
  locale: Locale;
}

/**
 * Checks the options and builds the first world. Throws {@link SettingsError} for settings that
 * fail validation; an unknown preset or a refused edit becomes a notice.
 */
export function startFrom(options: SandboxStoreOptions): StoreStart {
  let settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const errors = validateSettings(settings);
  if (Object.keys(errors).length > 0) throw new SettingsError(errors);
  const locale = options.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const notices = [...(options.notices ?? [])];
  let preset = options.preset ?? null;
  const found = preset === null ? undefined : presetById(preset);
  if (preset !== null && !found) {
    notices.push(t('store.unknownPresetFree', { id: preset }));
    preset = null;
  }
  // The free sandbox's own values: what was given, with the defaults' physics where a preset runs
  // (a link of a preset run names the preset's physics, not the free sandbox's).
  const freeSettings = found ? withFreePhysics(settings, DEFAULT_SETTINGS) : settings;
  // A preset brings its own restitution and gravity; settings given explicitly override them.
  if (found) settings = { ...presetSettings(found, settings), ...options.settings };
  const edits = [...(options.edits ?? [])];
  const built = options.built ?? null;
  const first = experimentWorld(settings, preset, edits, t, built);
  notices.push(...first.refused);
  return { settings, freeSettings, preset, focus: found?.focus, edits, built, notices, world: first.world, t, locale };
}
