/**
 * The sandbox store: a zustand vanilla store that owns one simulation and the slow-changing state
 * around it (settings, play state, sampled stats) with the actions that change them. Per-frame
 * work goes through {@link SandboxState.frame}, which touches the store's state only when a
 * sample window closes, a few times a second.
 */
import { DEFAULT_LOCALE, isLocale, translator, type Locale } from '../i18n/index.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { presetById } from '../presets/presets.ts';
import type { ExperimentState, SphereEdit } from './experiment.ts';
import { buildWorld, SolverInputError, type Scene } from '../solver/index.ts';
import type { ClockOptions } from './fixed-step-clock.ts';
import { applyEdit, buildExperimentWorld, liveWorldOptions, presetSettings, withFreePhysics } from './build-scene.ts';
import { DEFAULT_SETTINGS, LIVE_SETTINGS, settingWarnings, validateSettings, type FieldMessages, type SettingKey, type Settings } from './settings.ts';
import type { WorldView } from './remote-world.ts';
import { Timeline } from './timeline.ts';
import { PREDICT_OFF, predictActions, type PredictState, type Velocity } from './predict.ts';
import { EMPTY_STATS, Simulation, type Now, type SampledStats, type SolverPortFactory, type SolverThread } from './simulation.ts';
import { browserWorkerPort } from './worker-port.ts';
import { checkChange, type TwinSpec } from './twin.ts';
import { twinActions, twinNow, type TwinActions, type TwinState } from './twin-store.ts';

/** The visual aids drawn over the spheres, each switched on or off in the classroom panel. */
export interface VisualAids {
  /** An arrow on each sphere for its velocity (length proportional to speed). */
  velocity: boolean;
  /** An arrow on each sphere for its momentum m v. */
  momentum: boolean;
  /** A marker at the centre of mass of the free spheres. */
  centreOfMass: boolean;
  /** The path of the selected sphere over the last few seconds. */
  trail: boolean;
  /** A brief brightening of both spheres at each sphere-sphere collision (never under reduced motion). */
  flash: boolean;
  /** Each face of the box coloured by the pressure its cells felt over the last few seconds. */
  pressure: boolean;
}

/** A visual aid's name. */
export type VisualAidKey = keyof VisualAids;

/** All visual aids off: the plain view. */
export const DEFAULT_AIDS: Readonly<VisualAids> = Object.freeze({ velocity: false, momentum: false, centreOfMass: false, trail: false, flash: false, pressure: false });

/** Whether the page asks for reduced motion (false outside a browser). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What the world now running is, as selectors read it (it changes only when the world is replaced). */
export interface SceneFacts {
  /** Number of spheres. */
  count: number;
  /** The box's sides, m, x y z. */
  size: readonly [number, number, number];
  /** Whether the world is planar (every sphere in the plane z = 0). */
  planar: boolean;
}

/** Where the run stands on its timeline (published with the stats, a few times a second). */
export interface TimelineState {
  /** Whether the timeline can be used now (the solver runs on this page). */
  available: boolean;
  /** The step the world is at, since the scene was built. */
  step: number;
  /** The first step that can be gone back to. */
  start: number;
  /** The furthest step the run has reached (a scrub forward goes up to it). */
  end: number;
  /** The fixed step, s (a step's time is step x dt). */
  dt: number;
}

/** The facts of a world. */
export function factsOf(world: WorldView): SceneFacts {
  return { count: world.count, size: [world.size[0], world.size[1], world.size[2]], planar: world.options.planar };
}

/** The store's state and actions (the what-if twin's actions: twin-store.ts). */
export interface SandboxState extends TwinActions {
  /** The settings in effect (only valid values ever get here). */
  settings: Settings;
  /**
   * The free sandbox's own settings. A preset borrows the physics settings for its run
   * (restitutions and gravity, see `BORROWED_SETTINGS`); going back to the free sandbox, or
   * leaving the preset by changing a scene setting, takes these again. Equal to `settings` while
   * no preset runs.
   */
  freeSettings: Settings;
  /** Per-field messages for values that were rejected; the old value stays in effect. */
  errors: FieldMessages;
  /** Per-field advice about accepted values (for instance a very large count). */
  warnings: FieldMessages;
  /** Whether the clock advances the simulation. */
  running: boolean;
  /** Increments whenever the world is rebuilt (new count, radii, box ...). */
  sceneVersion: number;
  /** The world's sphere count and box, as of the last rebuild. */
  scene: SceneFacts;
  /** The run's timeline. */
  timeline: TimelineState;
  /** Predict, then reveal (the two-body experiments). */
  predict: PredictState;
  /** Increments whenever the camera should go back to its home view. */
  viewVersion: number;
  /** Stats sampled a few times a second. */
  stats: SampledStats;
  /** The simulation; a constant reference, read in the frame loop, never a React dependency. */
  sim: Simulation;
  /** Id of the classroom preset being run, or null for the free sandbox. */
  preset: string | null;
  /** Hand edits of spheres, applied after the scene is built (kept in shared links). */
  edits: SphereEdit[];
  /** Id of the sphere selected in the inspector, or null. */
  selected: number | null;
  /** Plain-text notices for the person (a shared link that was partly wrong ...). */
  notices: string[];
  /** The visual aids switched on (view state: not part of a shared link). */
  aids: VisualAids;
  /** The person asked for reduced motion: no collision flashes, no camera glide. */
  reducedMotion: boolean;
  /** Where the solver is to run; see {@link SolverThread}. */
  solverThread: SolverThread;
  /** The interface's language. */
  locale: Locale;
  /** The what-if twin (twin-store.ts), or null; published with the stats. */
  twin: TwinState | null;

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
  /**
   * Applies several settings at once, validated together (so that, say, a larger count and a
   * larger box can arrive in one change): live when every changed setting is live, else with
   * one rebuild (a value equal to the one in effect counts as a change, like {@link applySetting}).
   * Undefined values are ignored. A rejected set leaves everything as
   * it was and records a message in `errors` for a field involved. Returns whether it was applied.
   */
  applySettings(patch: Partial<Settings>): boolean;
  /** Records (or, with null, clears) a message for a field whose typed text is not a value yet. */
  setFieldError(key: SettingKey, message: string | null): void;
  /** Asks the view to go back to its home camera. */
  resetView(): void;
  /** One rendered frame of `frameDeltaSeconds` real seconds; call from the render loop. */
  frame(frameDeltaSeconds: number): void;
  /** Publishes the current stats now instead of at the end of the sample window. */
  sampleNow(): void;
  /**
   * Runs a classroom preset (its scene for the current seed, its restitution and gravity), or the
   * free sandbox with null. Hand edits are dropped (they belong to the old scene).
   */
  selectPreset(id: string | null): void;
  /** Time reversal: negates every velocity (with e = 1 the system retraces its path). */
  reverse(): void;
  /**
   * Goes back (or forward) to step `step` of this run, between `timeline.start` and
   * `timeline.end`, exactly as it was, paused: playing on from there gives the run that happened.
   * Returns null when done, else why not (the solver runs in a worker).
   */
  seek(step: number): string | null;
  /** Switches Predict, then reveal on or off (it acts in the two-body experiments). */
  setPredict(on: boolean): void;
  /** Sets the predicted velocity of sphere `index` (0 or 1 of `predict.ids`); returns null or a message naming the value. */
  setPrediction(index: number, velocity: Velocity): string | null;
  /** Plays the collision and stops just after it, the solver's velocities beside the prediction. */
  reveal(): void;
  /** Sets the prediction up for the world now running. @internal */
  armPredict(): void;
  /**
   * Replaces the world with one built from a solver scene (any spheres, past the settings'
   * limits), framed afresh; the preset and edits are cleared, and the settings stay for the next
   * rebuild (a restart or a changed setting rebuilds from them). Returns null when loaded, else
   * the solver's message naming the bad field, with everything left as it was.
   */
  loadScene(scene: Scene): string | null;
  /** Selects a sphere by id for the inspector, or clears the selection with null. */
  select(id: number | null): void;
  /**
   * Edits the selected sphere's mass, radius, position or velocity (only while paused) and records the edit
   * for restarts and shared links. Returns null when applied, else a message naming the value.
   */
  editSphere(id: number, patch: Omit<SphereEdit, 'id'>): string | null;
  /**
   * Switches one visual aid on or off. The collision flash stays off under reduced motion.
   * Returns whether the aid is now as asked.
   */
  setAid(key: VisualAidKey, on: boolean): boolean;
  /** Where the solver runs; see {@link SolverThread}. Takes effect at the next play. */
  setSolverThread(thread: SolverThread): void;
  /** Shows the interface in another language (an unknown code is ignored). */
  setLocale(locale: Locale): void;
  /** Adds a plain-text notice for the person (shown until dismissed). */
  notify(message: string): void;
  /** Clears the notices. */
  dismissNotices(): void;
  /** The whole experiment, as a shared link carries it. */
  experiment(): ExperimentState;
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
  /**
   * Classroom preset to start with (an unknown id is ignored with a notice). Its restitution and
   * gravity are used except where `settings` names them. @defaultValue null
   */
  preset?: string | null;
  /** Hand edits of spheres applied after the first build. @defaultValue none */
  edits?: SphereEdit[];
  /** Notices to show from the start (for instance from reading a shared link). @defaultValue none */
  notices?: string[];
  /** Visual aids switched on from the start. @defaultValue all off */
  aids?: Partial<VisualAids>;
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
  let initial: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const initialErrors = validateSettings(initial);
  if (Object.keys(initialErrors).length > 0) throw new SettingsError(initialErrors);
  const t0 = translator(options.locale ?? DEFAULT_LOCALE);
  const initialNotices = [...(options.notices ?? [])];
  let initialPreset = options.preset ?? null;
  const startPreset = initialPreset === null ? undefined : presetById(initialPreset);
  if (initialPreset !== null && !startPreset) {
    initialNotices.push(t0('store.unknownPresetFree', { id: initialPreset }));
    initialPreset = null;
  }
  // The free sandbox's own values: what was given, with the defaults' physics where a preset runs
  // (a link of a preset run names the preset's physics, not the free sandbox's).
  const initialFree = startPreset ? withFreePhysics(initial, DEFAULT_SETTINGS) : initial;
  // A preset brings its own restitution and gravity; settings given explicitly override them.
  if (startPreset) initial = { ...presetSettings(startPreset, initial), ...options.settings };
  const sampleSeconds = options.sampleSeconds ?? 0.25;
  const initialEdits = [...(options.edits ?? [])];
  const first = buildExperimentWorld(initial, initialPreset, initialEdits, t0);
  initialNotices.push(...first.refused);
  const sim = new Simulation(first.world, options.clock, options.now, options.solverPort === undefined ? browserWorkerPort : options.solverPort);
  sim.solverThread = options.solverThread ?? 'auto';
  sim.translate = t0;
  sim.timeScale = initial.timeScale;
  const reducedMotion = options.reducedMotion ?? prefersReducedMotion();
  const timeline = new Timeline();
  timeline.reset(first.world);
  if (options.twin) {
    const refused = options.twin.step === 0 ? sim.startTwin(options.twin) : checkChange(options.twin, first.world, t0);
    if (refused !== null) initialNotices.push(t0('store.twinNotStarted', { why: refused }));
    else if (options.twin.step > 0) sim.twinPending = options.twin;
  }
  /** A change reached the world while a worker held it: the timeline starts again when it is back. */
  let timelineStale = false;
  // A preset about one sphere selects it (and may draw its trail); the trail goes back to how it
  // was when the preset is left.
  const startFocus = initialPreset === null ? undefined : presetById(initialPreset)?.focus;
  let trailBeforeFocus: boolean | null = startFocus?.trail ? (options.aids?.trail ?? false) : null;

  const store = createStore<SandboxState>()((set, get) => {
    /** Builds a world for `settings` and swaps it in; returns the error message, or null. */
    const rebuild = (settings: Settings, preset: string | null = get().preset, edits: readonly SphereEdit[] = []): string | null => {
      let world;
      try {
        world = buildExperimentWorld(settings, preset, edits).world;
      } catch (error) {
        const message = solverMessage(error);
        if (message === null) throw error;
        return sim.translate('store.settingsUnbuildable', { message });
      }
      sim.replaceWorld(world);
      timeline.reset(world);
      timelineStale = false;
      sim.timeScale = settings.timeScale;
      set({ scene: factsOf(world) });
      return null;
    };

    const timelineNow = (): TimelineState => ({ available: sim.local !== null, step: sim.stepsRun, start: timeline.start, end: Math.max(timeline.end, sim.stepsRun), dt: sim.clock.fixedDt });
    /** Keeps a copy of the world every so often (between frames, with the stats: never per frame). */
    const recordTimeline = (): void => {
      const world = sim.local;
      if (world === null) return;
      if (timelineStale) {
        timeline.reset(world, sim.stepsRun);
        timelineStale = false;
      } else timeline.record(world, sim.stepsRun);
    };
    /** The world was changed in place: the run's future starts again from here. */
    const changedNow = (): void => {
      const world = sim.local;
      if (world === null) timelineStale = true;
      else timeline.changed(world, sim.stepsRun);
      twinOps.dropTwin(); // it was a twin of the world before the change
      // The old future's plots and collisions go with it.
      sim.history.truncate(sim.world.time);
      sim.collisions.truncate(sim.world.time);
      set({ timeline: timelineNow() });
    };
    const publish = (): void => {
      recordTimeline();
      set({ stats: sim.sample(), timeline: timelineNow(), twin: twinNow(sim, get().twin, true) });
      if (sim.twinRefused !== null) {
        const message = sim.translate('store.twinNotStarted', { why: sim.twinRefused });
        sim.twinRefused = null;
        set((s) => ({ notices: [...s.notices, message] }));
      }
    };
    const predictor = predictActions({
      sim,
      preset: () => get().preset,
      state: () => get().predict,
      publish: (predict) => set({ predict }),
      play: () => get().play(),
      pause: () => get().pause(),
    });
    const twinOps = twinActions({ sim, timeline, get, set, publish });
    /** The selection and aids for running `preset` (null: the free sandbox) after the preset running now. */
    const focusFor = (preset: string | null): Pick<SandboxState, 'selected' | 'aids'> => {
      let aids = get().aids;
      if (trailBeforeFocus !== null) {
        aids = { ...aids, trail: trailBeforeFocus };
        trailBeforeFocus = null;
      }
      const focus = preset === null ? undefined : presetById(preset)?.focus;
      if (focus?.trail) {
        trailBeforeFocus = aids.trail;
        aids = { ...aids, trail: true };
      }
      return { selected: focus && sim.world.has(focus.sphere) ? focus.sphere : null, aids };
    };
    // The worker failed while it held the world: start the experiment again on the page.
    sim.onWorkerLost = (why) => {
      const message = sim.translate('store.workerLost', { why });
      if (rebuild(get().settings, get().preset, get().edits) === null) set((s) => ({ sceneVersion: s.sceneVersion + 1, notices: [...s.notices, message] }));
      publish();
    };
    // The world came back from the worker (paused): show where it stopped.
    sim.onChange = () => {
      if (!get().running) sim.clock.alpha = 1;
      publish();
    };

    return {
      settings: initial,
      freeSettings: initialFree,
      errors: {},
      warnings: settingWarnings(initial, t0),
      running: options.running ?? true,
      sceneVersion: 0,
      scene: factsOf(sim.world),
      viewVersion: 0,
      stats: { ...EMPTY_STATS, count: sim.count },
      timeline: { available: true, step: 0, start: 0, end: 0, dt: sim.clock.fixedDt },
      predict: { ...PREDICT_OFF, on: options.predict === true },
      sim,
      preset: initialPreset,
      edits: initialEdits,
      selected: startFocus && sim.world.has(startFocus.sphere) ? startFocus.sphere : null,
      notices: initialNotices,
      aids: { ...DEFAULT_AIDS, ...options.aids, ...(reducedMotion ? { flash: false } : {}), ...(startFocus?.trail ? { trail: true } : {}) },
      reducedMotion,
      locale: options.locale ?? DEFAULT_LOCALE,
      solverThread: sim.solverThread,
      twin: twinNow(sim, null, true),
      ...twinOps,

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
        timeline.flush(); // the copy of a change is made before the world steps on
        sim.stepOnce();
        publish();
        predictor.afterSteps();
      },
      /** Sets the prediction up again (a new world). @internal */
      armPredict() {
        predictor.arm();
      },
      restart() {
        const message = rebuild(get().settings, get().preset, get().edits);
        if (message !== null) throw new Error(message); // the settings in effect always built before
        set((s) => ({ sceneVersion: s.sceneVersion + 1 }));
        if (!get().running) sim.clock.alpha = 1;
        publish();
      },
      reset() {
        const settings = { ...DEFAULT_SETTINGS };
        const message = rebuild(settings, null);
        if (message !== null) throw new Error(message);
        const focus = focusFor(null);
        set((s) => ({
          settings,
          freeSettings: settings,
          preset: null,
          edits: [],
          ...focus,
          errors: {},
          warnings: settingWarnings(settings, sim.translate),
          running: true,
          sceneVersion: s.sceneVersion + 1,
          viewVersion: s.viewVersion + 1,
        }));
        publish();
      },
      applySetting(key, value) {
        return get().applySettings({ [key]: value });
      },
      applySettings(patch) {
        const state = get();
        const keys = (Object.keys(patch) as SettingKey[]).filter((k) => patch[k] !== undefined);
        if (keys.length === 0) return true;
        // A scene setting other than the seed leaves a running preset for the free sandbox, whose
        // own physics come back (the preset only borrowed them).
        const leavesPreset = state.preset !== null && keys.some((k) => k !== 'seed' && !LIVE_SETTINGS.has(k));
        const candidate: Settings = leavesPreset ? withFreePhysics(state.settings, state.freeSettings) : { ...state.settings };
        for (const k of keys) (candidate as unknown as Record<SettingKey, unknown>)[k] = patch[k];
        const key = keys[0];
        const found = validateSettings(candidate, key, sim.translate);
        const foundKeys = Object.keys(found) as SettingKey[];
        if (foundKeys.length > 0) {
          // Report on a field being changed; a stale error elsewhere cannot block it.
          const errors = { ...state.errors };
          const reported = keys.filter((k) => found[k] !== undefined);
          if (reported.length === 0) errors[key] = found[foundKeys[0]];
          for (const k of reported) errors[k] = found[k];
          set({ errors });
          return false;
        }
        const rebuilt = keys.some((k) => !LIVE_SETTINGS.has(k));
        let message: string | null = null;
        if (!rebuilt) {
          try {
            // Only what changed reaches the solver (in worker mode each setter is a message).
            const world = sim.world;
            const live = liveWorldOptions(candidate);
            const restitution = world.options.restitution !== live.restitution;
            const wallRestitution = world.options.wallRestitution !== live.wallRestitution;
            const gravity = keys.includes('gravity') || keys.includes('gravityOn');
            if (restitution) world.setRestitution(live.restitution);
            if (wallRestitution) world.setWallRestitution(live.wallRestitution);
            if (gravity) world.setGravity(live.gravity);
            if (restitution || wallRestitution || gravity) changedNow();
            sim.timeScale = candidate.timeScale;
          } catch (error) {
            message = solverMessage(error);
            if (message === null) throw error;
          }
        } else {
          message = rebuild(candidate, leavesPreset ? null : state.preset);
        }
        if (message !== null) {
          set({ errors: { ...state.errors, [key]: message } });
          return false;
        }
        const errors = { ...state.errors };
        for (const k of keys) delete errors[k];
        const focus = rebuilt ? focusFor(leavesPreset ? null : state.preset) : null;
        const reframe = rebuilt && (keys.includes('boxSize') || keys.includes('planar') || leavesPreset);
        set((s) => ({
          settings: candidate,
          freeSettings: leavesPreset || s.preset === null ? candidate : s.freeSettings,
          errors,
          warnings: settingWarnings(candidate, sim.translate),
          sceneVersion: rebuilt ? s.sceneVersion + 1 : s.sceneVersion,
          viewVersion: reframe ? s.viewVersion + 1 : s.viewVersion,
          ...(focus ? { edits: [], preset: leavesPreset ? null : s.preset, ...focus } : {}),
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
        if (get().running) timeline.flush();
        if (sim.frame(frameDeltaSeconds, get().running, sampleSeconds)) publish();
        if (sim.reachedStop) predictor.afterSteps();
      },
      setPredict(on) {
        predictor.arm(on);
      },
      setPrediction(index, velocity) {
        return predictor.setPrediction(index, velocity, sim.translate);
      },
      reveal() {
        predictor.reveal();
      },
      sampleNow() {
        publish();
      },
      selectPreset(id) {
        const preset = id === null ? undefined : presetById(id);
        if (id !== null && !preset) {
          set((s) => ({ notices: [...s.notices, sim.translate('store.unknownPreset', { id })] }));
          return;
        }
        // A preset borrows its physics from the free sandbox's own settings, which come back with null.
        const free = withFreePhysics(get().settings, get().freeSettings);
        const settings = preset ? presetSettings(preset, free) : free;
        const message = rebuild(settings, id, []);
        if (message !== null) {
          set((s) => ({ notices: [...s.notices, message] }));
          return;
        }
        const focus = focusFor(id);
        set((s) => ({
          preset: id,
          settings,
          freeSettings: id === null ? settings : s.freeSettings,
          errors: {},
          edits: [],
          ...focus,
          sceneVersion: s.sceneVersion + 1,
          viewVersion: s.viewVersion + 1,
        }));
        if (!get().running) sim.clock.alpha = 1;
        publish();
      },
      reverse() {
        sim.world.reverseVelocities();
        changedNow();
        publish();
      },
      loadScene(scene) {
        let world;
        try {
          world = buildWorld(scene);
        } catch (error) {
          const message = solverMessage(error);
          if (message === null) throw error;
          return sim.translate('store.sceneUnbuildable', { message });
        }
        sim.replaceWorld(world);
        timeline.reset(world);
        timelineStale = false;
        const focus = focusFor(null);
        set((s) => ({ scene: factsOf(world), preset: null, edits: [], ...focus, selected: null, sceneVersion: s.sceneVersion + 1, viewVersion: s.viewVersion + 1 }));
        if (!get().running) sim.clock.alpha = 1;
        publish();
        return null;
      },
      select(id) {
        if (id !== null && !sim.world.has(id)) id = null;
        if (get().selected !== id) set({ selected: id });
      },
      editSphere(id, patch) {
        if (get().running) return sim.translate('store.pauseToEdit');
        const world = sim.local;
        if (world === null) return sim.translate('store.worldReturning');
        if (!world.has(id)) return sim.translate('store.noSphere', { id: String(id) });
        const edit: SphereEdit = { id, ...patch };
        const refused = applyEdit(world, edit);
        if (refused !== null) return refused;
        changedNow();
        sim.syncPrevious();
        sim.clock.alpha = 1;
        const edits = get().edits.slice();
        const k = edits.findIndex((e) => e.id === id);
        edits[k >= 0 ? k : edits.length] = k >= 0 ? { ...edits[k], ...patch } : edit;
        set({ edits });
        publish();
        return null;
      },
      setAid(key, on) {
        if (on && key === 'flash' && get().reducedMotion) return false;
        if (get().aids[key] !== on) set((s) => ({ aids: { ...s.aids, [key]: on } }));
        return true;
      },
      setSolverThread(thread) {
        if (thread !== 'auto' && thread !== 'main' && thread !== 'worker') return;
        // The next frame moves the world where it now belongs.
        sim.solverThread = thread;
        set({ solverThread: thread });
      },
      setLocale(locale) {
        if (!isLocale(locale)) return;
        sim.translate = translator(locale);
        set({ locale });
      },
      notify(message) {
        set((s) => ({ notices: [...s.notices, message] }));
      },
      dismissNotices() {
        if (get().notices.length > 0) set({ notices: [] });
      },
      seek(step) {
        const world = sim.local;
        if (world === null) return sim.translate('store.timelineNeedsPage');
        const target = Math.min(Math.max(Math.round(step), timeline.start), Math.max(timeline.end, sim.stepsRun));
        if (!Number.isFinite(target)) return sim.translate('store.stepNotNumber', { value: String(step) });
        // The run so far is kept before leaving it (the newest steps may have no copy yet).
        timeline.record(world, sim.stepsRun);
        const from = timeline.from(target);
        if (from === null) return sim.translate('store.nothingKept');
        const dt = sim.clock.fixedDt;
        for (let k = from.step; k < target; k++) from.world.step(dt);
        if (get().running) set({ running: false });
        sim.rewindTo(from.world, target);
        publish();
        predictor.arm();
        return null;
      },
      experiment() {
        const s = get();
        return { preset: s.preset, settings: { ...s.settings }, edits: s.edits.map((e) => ({ ...e })), ...(s.predict.on ? { predict: true } : {}), twin: s.twin === null ? null : { ...s.twin.spec } };
      },
    };
  });
  // A new world (a rebuild, a preset, a restart): the prediction is set up for it.
  store.subscribe((s, prev) => {
    if (s.sceneVersion !== prev.sceneVersion) s.armPredict();
  });
  store.getState().armPredict();
  return store;
}

