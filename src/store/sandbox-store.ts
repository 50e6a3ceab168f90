/**
 * The sandbox store: a zustand vanilla store that owns one simulation and the slow-changing state
 * around it (settings, play state, sampled stats) with the actions that change them. Per-frame
 * work goes through {@link SandboxState.frame}, which touches the store's state only when a
 * sample window closes, a few times a second.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SolverInputError } from '../solver/index.ts';
import type { ClockOptions } from './fixed-step-clock.ts';
import { buildSandboxWorld, liveWorldOptions } from './build-scene.ts';
import { DEFAULT_SETTINGS, LIVE_SETTINGS, settingWarnings, validateSettings, type FieldMessages, type SettingKey, type Settings } from './settings.ts';
import { EMPTY_STATS, Simulation, type Now, type SampledStats } from './simulation.ts';

/** The store's state and actions. */
export interface SandboxState {
  /** The settings in effect (only valid values ever get here). */
  settings: Settings;
  /** Per-field messages for values that were rejected; the old value stays in effect. */
  errors: FieldMessages;
  /** Per-field advice about accepted values (for instance a very large count). */
  warnings: FieldMessages;
  /** Whether the clock advances the simulation. */
  running: boolean;
  /** Increments whenever the world is rebuilt (new count, radii, box ...). */
  sceneVersion: number;
  /** Increments whenever the camera should go back to its home view. */
  viewVersion: number;
  /** Stats sampled a few times a second. */
  stats: SampledStats;
  /** The simulation; a constant reference, read in the frame loop, never a React dependency. */
  sim: Simulation;

  /** Starts the clock. */
  play(): void;
  /** Stops the clock; simulated time stands still. */
  pause(): void;
  /** Play when paused, pause when playing. */
  toggle(): void;
  /** Pauses and advances exactly one fixed step. */
  stepOnce(): void;
  /** Rebuilds the same scene from the same settings and seed (time back to 0). */
  restart(): void;
  /** Back to the default settings, rebuilt and running. */
  reset(): void;
  /**
   * Applies one setting: live settings change the running world, the others rebuild the scene.
   * A rejected value leaves everything as it was and records a message in `errors[key]`.
   * Returns whether the value was applied.
   */
  applySetting<K extends SettingKey>(key: K, value: Settings[K]): boolean;
  /** Records (or, with null, clears) a message for a field whose typed text is not a value yet. */
  setFieldError(key: SettingKey, message: string | null): void;
  /** Asks the view to go back to its home camera. */
  resetView(): void;
  /** One rendered frame of `frameDeltaSeconds` real seconds; call from the render loop. */
  frame(frameDeltaSeconds: number): void;
  /** Publishes the current stats now instead of at the end of the sample window. */
  sampleNow(): void;
}

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
}

/** The sandbox store's type. */
export type SandboxStore = StoreApi<SandboxState>;

/** Thrown by {@link createSandboxStore} for initial settings that fail validation. */
export class SettingsError extends RangeError {
  constructor(readonly errors: FieldMessages) {
    super(Object.values(errors).join('; '));
    this.name = 'SettingsError';
  }
}

function solverMessage(error: unknown): string | null {
  return error instanceof SolverInputError ? error.message : null;
}

/** Creates a sandbox store with its own world (one per sandbox on a page). */
export function createSandboxStore(options: SandboxStoreOptions = {}): SandboxStore {
  const initial: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const initialErrors = validateSettings(initial);
  if (Object.keys(initialErrors).length > 0) throw new SettingsError(initialErrors);
  const sampleSeconds = options.sampleSeconds ?? 0.25;
  const sim = new Simulation(buildSandboxWorld(initial), options.clock, options.now);
  sim.timeScale = initial.timeScale;

  return createStore<SandboxState>()((set, get) => {
    /** Builds a world for `settings` and swaps it in; returns the error message, or null. */
    const rebuild = (settings: Settings): string | null => {
      let world;
      try {
        world = buildSandboxWorld(settings);
      } catch (error) {
        const message = solverMessage(error);
        if (message === null) throw error;
        return `These settings cannot be built: ${message}`;
      }
      sim.replaceWorld(world);
      sim.timeScale = settings.timeScale;
      return null;
    };

    const publish = (): void => set({ stats: sim.sample() });

    return {
      settings: initial,
      errors: {},
      warnings: settingWarnings(initial),
      running: options.running ?? true,
      sceneVersion: 0,
      viewVersion: 0,
      stats: { ...EMPTY_STATS, count: sim.count },
      sim,

      play() {
        if (get().running) return;
        sim.syncPrevious();
        sim.clock.reset();
        set({ running: true });
      },
      pause() {
        if (!get().running) return;
        sim.clock.reset();
        sim.clock.alpha = 1;
        set({ running: false });
        publish();
      },
      toggle() {
        if (get().running) get().pause();
        else get().play();
      },
      stepOnce() {
        if (get().running) set({ running: false });
        sim.stepOnce();
        publish();
      },
      restart() {
        const message = rebuild(get().settings);
        if (message !== null) throw new Error(message); // the settings in effect always built before
        set((s) => ({ sceneVersion: s.sceneVersion + 1 }));
        if (!get().running) sim.clock.alpha = 1;
        publish();
      },
      reset() {
        const settings = { ...DEFAULT_SETTINGS };
        const message = rebuild(settings);
        if (message !== null) throw new Error(message);
        set((s) => ({
          settings,
          errors: {},
          warnings: settingWarnings(settings),
          running: true,
          sceneVersion: s.sceneVersion + 1,
          viewVersion: s.viewVersion + 1,
        }));
        publish();
      },
      applySetting(key, value) {
        const state = get();
        const candidate: Settings = { ...state.settings, [key]: value };
        const found = validateSettings(candidate, key);
        const otherKeys = Object.keys(found) as SettingKey[];
        if (otherKeys.length > 0) {
          // Report on the field being edited; a stale error elsewhere cannot block it.
          const message = found[key] ?? found[otherKeys[0]];
          set({ errors: { ...state.errors, [key]: message } });
          return false;
        }
        let message: string | null = null;
        if (LIVE_SETTINGS.has(key)) {
          try {
            const world = sim.world;
            const live = liveWorldOptions(candidate);
            world.setRestitution(live.restitution);
            world.setWallRestitution(live.wallRestitution);
            if (key === 'gravity' || key === 'gravityOn') world.setGravity(live.gravity);
            sim.timeScale = candidate.timeScale;
          } catch (error) {
            message = solverMessage(error);
            if (message === null) throw error;
          }
        } else {
          message = rebuild(candidate);
        }
        if (message !== null) {
          set({ errors: { ...state.errors, [key]: message } });
          return false;
        }
        const errors = { ...state.errors };
        delete errors[key];
        const rebuilt = !LIVE_SETTINGS.has(key);
        set((s) => ({
          settings: candidate,
          errors,
          warnings: settingWarnings(candidate),
          sceneVersion: rebuilt ? s.sceneVersion + 1 : s.sceneVersion,
          viewVersion: rebuilt && (key === 'boxSize' || key === 'planar') ? s.viewVersion + 1 : s.viewVersion,
        }));
        if (rebuilt) {
          if (!get().running) sim.clock.alpha = 1;
          publish();
        }
        return true;
      },
      setFieldError(key, message) {
        const errors = { ...get().errors };
        if (message === null) {
          if (!(key in errors)) return;
          delete errors[key];
        } else {
          if (errors[key] === message) return;
          errors[key] = message;
        }
        set({ errors });
      },
      resetView() {
        set((s) => ({ viewVersion: s.viewVersion + 1 }));
      },
      frame(frameDeltaSeconds) {
        if (sim.frame(frameDeltaSeconds, get().running, sampleSeconds)) publish();
      },
      sampleNow() {
        publish();
      },
    };
  });
}
