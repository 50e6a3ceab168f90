/**
 * The store's state, as React and the slices read it: one interface per slice (its state and
 * actions; the actions are written in the slice's own file, which each interface names), their
 * intersection {@link SandboxState}, and the instruments the store attaches to its simulation. The
 * interfaces live here rather than in the slice files because a slice file imports this one for
 * `SandboxState`, and the architecture test forbids import circles.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Locale } from '../i18n/index.ts';
import type { Arrangement, BuiltScene, BuiltSphere, SpherePatch, ExperimentState, SandboxSnapshot, FieldMessages, SettingKey, Settings, SphereEdit, StudentView, TwinChange } from '../experiment/index.ts';
import type { CollisionCounter, CounterTarget, MeasureReading, MeasureTools, RunRecord, Describer, DropMeter, FirstLaw, LastCollisions, ReactionMeter, PredictState, Stopwatch, ReadoutsWindow, RunTimeline, SampledStats, TapeEnd, TimelineState, TwinInstrument, TwinState, Velocity } from '../instruments/index.ts';
import type { Simulation, SolverThread } from '../runtime/index.ts';
import type { Scene, Well } from '../solver/index.ts';
import type { AudioContextLike, Sound } from '../sound/index.ts';
import type { WorldCause } from './new-world.ts';

/** The instruments a sandbox attaches to its simulation (see instruments/). */
export interface Instruments {
  /** The sample window, the plots' history, the collision log, the last hits and the pressure map. */
  readonly readouts: ReadoutsWindow;
  /** The copies of the run, for going back to any step. */
  readonly timeline: RunTimeline;
  /** The what-if twin's run. */
  readonly twin: TwinInstrument;
  /** The first law's ledger, the P–V path and the temperature profile (sampled when the stats are published). */
  readonly firstLaw: FirstLaw;
  /** The liquid of a world with wells: spheres in drops, the largest drop, the liquid's and the vapour's kT, each sphere's bound neighbours, and the history of the count and the liquid's kT (sampled when the stats are published). */
  readonly drops: DropMeter;
  /** The reactions measured: species counts, the concentration history, rates against collision theory (sampled when the stats are published). */
  readonly reactions: ReactionMeter;
  /** What a screen reader is told of the run's collisions (the live description reads it a few times a second). */
  readonly describer: Describer;
  /** The Measure tools' stopwatch, in simulated time. */
  readonly stopwatch: Stopwatch;
  /** The Measure tools' collision counter. */
  readonly counter: CollisionCounter;
  /** The Measure tools together (the stopwatch, the counter and the graph's series), read when the stats are published. */
  readonly measure: MeasureTools;
  /** The last collision of each selected sphere (the data table's before and after). */
  readonly lastCollisions: LastCollisions;
}

/** The twin actions of the store (twin-slice.ts). */
export interface TwinActions {
  /**
   * Starts a twin of the world as it is now with one setting changed (replacing a twin there was).
   * Returns null when started, else a message naming the refused value (or why not now).
   */
  startTwin(change: TwinChange): string | null;
  /** The twin becomes the run; returns null when done, else why not. */
  keepTwin(): string | null;
  /** Drops the twin (and a link's twin that waits for its step). */
  dropTwin(): void;
}

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

/** The look of the page and the 3D view: `dark` (the default) or `projector` (light, high contrast, thicker lines). */
export type Theme = 'dark' | 'projector';

/** Every theme, in the order the settings offer them. */
export const THEMES: readonly Theme[] = ['dark', 'projector'];

/** The measuring tape (tape-slice.ts): view state, not carried by a link. */
export interface TapeState {
  /** Whether the view draws the tape (and its distance label). */
  on: boolean;
  /** Whether, while the tape is shown, a click or tap in the view sets its next end (instead of selecting a sphere). */
  picking: boolean;
  /** The first end, or null when not set. */
  from: TapeEnd | null;
  /** The second end, or null when not set. */
  to: TapeEnd | null;
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

/** The run slice (run-slice.ts): playing, pausing and stepping, the frame the render loop calls, the sampled stats, where the solver runs. */
export interface RunSlice {
  /** Whether the clock advances the simulation. */
  running: boolean;
  /** Stats sampled a few times a second. */
  stats: SampledStats;
  /** The simulation; a constant reference, read in the frame loop, never a React dependency. */
  sim: Simulation;
  /** The instruments attached to the simulation; a constant reference, like {@link sim}. */
  instruments: Instruments;
  /** Where the solver is to run; see {@link SolverThread}. */
  solverThread: SolverThread;
  /** Starts the clock. */
  play(): void;
  /** Stops the clock; simulated time stands still. */
  pause(): void;
  /** Play when paused, pause when playing. */
  toggle(): void;
  /** Pauses and advances exactly one fixed step. */
  stepOnce(): void;
  /** One rendered frame of `frameDeltaSeconds` real seconds; call from the render loop. */
  frame(frameDeltaSeconds: number): void;
  /** Publishes the current stats now instead of at the end of the sample window. */
  sampleNow(): void;
  /** Where the solver runs; see {@link SolverThread}. Takes effect at the next play. */
  setSolverThread(thread: SolverThread): void;
  /** Whether every sphere is asleep or still (published with the stats; `onRest` fires when it becomes true). */
  resting: boolean;
}

/** The settings slice (settings-slice.ts): the settings in effect, the free sandbox's own, and the messages at the fields. */
export interface SettingsSlice {
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
}

/** The experiment slice (experiment-slice.ts): which experiment runs, its hand edits and built scene, the selection, Reverse, restart and reset, the pump. */
export interface ExperimentSlice {
  /** Increments whenever the world is rebuilt (new count, radii, box ...). */
  sceneVersion: number;
  /** Why the world on screen arrived (its {@link WorldCause}, or `start` for the store's first world) and how many worlds arrived before it. */
  arrival: { cause: WorldCause | 'start'; serial: number };
  /** The world's sphere count and box, as of the last rebuild. */
  scene: SceneFacts;
  /** Id of the classroom preset being run, or null for the free sandbox. */
  preset: string | null;
  /** Hand edits of spheres, applied after the scene is built (kept in shared links). */
  edits: SphereEdit[];
  /** The lab bench's built scene, which replaces the preset's or the gas (kept in links and files), or null. */
  built: BuiltScene | null;
  /** Id of the sphere selected in the inspector, or null (the last one selected). */
  selected: number | null;
  /** Ids of every sphere selected together (shift-click, box select), in the order selected; `selected` is the last. */
  selection: number[];
  /** Rebuilds the same scene from the same settings and seed (time back to 0). */
  restart(): void;
  /** Back to the default settings, rebuilt and running. */
  reset(): void;
  /**
   * Runs a classroom preset (its scene for the current seed, its restitution and gravity), or the
   * free sandbox with null. Hand edits are dropped (they belong to the old scene).
   */
  selectPreset(id: string | null): void;
  /** Time reversal: negates every velocity (with e = 1 the system retraces its path). */
  reverse(): void;
  /**
   * Replaces the world with one built from a solver scene (any spheres, past the settings'
   * limits), framed afresh; the preset and edits are cleared, and the settings stay for the next
   * rebuild (a restart or a changed setting rebuilds from them). Returns null when loaded, else
   * the solver's message naming the bad field, with everything left as it was.
   */
  loadScene(scene: Scene): string | null;
  /** Selects a sphere by id for the inspector, or clears the selection with null. */
  select(id: number | null): void;
  /** Selects several spheres together (ids the world lacks are dropped); the last becomes `selected`. */
  selectMany(ids: readonly number[]): void;
  /**
   * Edits the selected sphere's mass, radius, position or velocity (only while paused) and records the edit
   * for restarts and shared links. Returns null when applied, else a message naming the value.
   */
  editSphere(id: number, patch: Omit<SphereEdit, 'id'>): string | null;
  /**
   * Lets `count` spheres in through the left wall, moving in as a gas at temperature `kT` (J)
   * would (the Thermodynamics pump), while running or paused. Returns null when done, else a
   * message naming the value (or saying the solver must be on this page), with nothing changed.
   */
  pump(count: number, kT: number, species?: number): string | null;
  /** The whole experiment, as a shared link carries it. */
  experiment(): ExperimentState;
}

/** The timeline slice (timeline-slice.ts): where the run stands on its timeline, and going back to any step. */
export interface TimelineSlice {
  /** The run's timeline. */
  timeline: TimelineState;
  /**
   * Goes back (or forward) to step `step` of this run, between `timeline.start` and
   * `timeline.end`, exactly as it was, paused: playing on from there gives the run that happened.
   * Returns null when done, else why not (the solver runs in a worker).
   */
  seek(step: number): string | null;
}

/** The twin slice (twin-slice.ts): the what-if twin's published state and its actions. */
export interface TwinSlice extends TwinActions {
  /** The what-if twin (twin-slice.ts), or null; published with the stats. */
  twin: TwinState | null;
}

/** The predict slice (predict-slice.ts): Predict, then reveal. */
export interface PredictSlice {
  /** Predict, then reveal (the two-body experiments). */
  predict: PredictState;
  /** Switches Predict, then reveal on or off (it acts in the two-body experiments). */
  setPredict(on: boolean): void;
  /** Sets the predicted velocity of sphere `index` (0 or 1 of `predict.ids`); returns null or a message naming the value. */
  setPrediction(index: number, velocity: Velocity): string | null;
  /** Plays the collision and stops just after it, the solver's velocities beside the prediction. */
  reveal(): void;
  /** Sets the prediction up for the world now running. @internal */
  armPredict(): void;
}

/** The view slice (view-slice.ts): what the person sees around the run and a link does not carry: aids, theme, language, notices, the camera's home view, the sound. */
export interface ViewSlice {
  /** Increments whenever the camera should go back to its home view. */
  viewVersion: number;
  /** Plain-text notices for the person (a shared link that was partly wrong ...). */
  notices: string[];
  /** The visual aids switched on (view state: not part of a shared link). */
  aids: VisualAids;
  /** The person asked for reduced motion: no collision flashes, no camera glide. */
  reducedMotion: boolean;
  /** The page's and the view's theme (view state, like the language). */
  theme: Theme;
  /**
   * The student view in effect (a teacher's `view=` link), or null: its hidden parts are not
   * drawn, and the actions that would change what it locks refuse (applySettings records
   * `errors[key]`, selectPreset and reset add a notice, editSphere, setBuilding and
   * openExperiment return the message).
   */
  studentView: StudentView | null;
  /** The interface's language. */
  locale: Locale;
  /** Asks the view to go back to its home camera. */
  resetView(): void;
  /** Switches the theme of the page and the 3D view; an unknown theme is ignored. */
  setTheme(theme: Theme): void;
  /**
   * Switches one visual aid on or off. The collision flash stays off under reduced motion.
   * Returns whether the aid is now as asked.
   */
  setAid(key: VisualAidKey, on: boolean): boolean;
  /** Shows the interface in another language (an unknown code is ignored). */
  setLocale(locale: Locale): void;
  /** Adds a plain-text notice for the person (shown until dismissed). */
  notify(message: string): void;
  /** Clears the notices. */
  dismissNotices(): void;
  /**
   * What the live region says now: the describer's last announcement of the run (a collision, the
   * gas's trend; a few times a second at most, while it plays), or a text given to {@link say};
   * empty when a new scene arrives or the timeline jumps.
   */
  said: string;
  /** Says `text` in the live region now (the describer's next announcement waits its turn). */
  say(text: string): void;
  /**
   * The run's sound (sound/sound.ts, a chunk of its own): loaded, made and attached to the simulation
   * on the first call, silent until a gesture unlocks it. `make` makes its AudioContext at that
   * unlock; the first call's is kept. @defaultValue a new AudioContext
   */
  sound(make?: () => AudioContextLike): Promise<Sound>;
}

/** The snapshot slice (snapshot-slice.ts): snapshots, restoring one, and opening a file or a link. */
export interface SnapshotSlice {
  /**
   * The whole experiment and the world's exact state (and a running twin's), as plain JSON: a
   * sandbox given it by {@link restore} goes on bit for bit. Resolves at once while the world is on
   * this page; while a worker runs it, the run pauses until the world is back (a frame), takes the
   * snapshot and plays on. The readouts' history and the timeline are not in it.
   */
  snapshot(): Promise<SandboxSnapshot>;
  /**
   * Puts a snapshot's experiment and world in place (paused or playing as now), at its step.
   * Returns null when restored, else a message naming the wrong field and its value, with
   * everything left as it was.
   */
  restore(snapshot: unknown): string | null;
  /**
   * Opens an experiment file (its text or parsed JSON; experiment/experiment-file.ts) as a built
   * experiment at its start, whole. Returns null when opened, else a message naming the wrong
   * field and its value, with everything left as it was.
   */
  openExperiment(file: unknown): string | null;
  /**
   * Opens an experiment as a link carries it (preset, settings, hand edits, built scene, predict,
   * twin), whole, at its start: what a new store given the same experiment starts from. Returns
   * null when opened, else the solver's message, with everything left as it was.
   */
  openLinked(experiment: ExperimentState): string | null;
}

/** The build slice (build-slice.ts): build mode, its edits of the built scene and their undo history. */
export interface BuildSlice {
  /** Build mode is on (build-slice.ts): the run is paused and the built scene is edited. */
  building: boolean;
  /** The built scenes before each edit of this build session, oldest first (bounded): what undo gives back. */
  buildPast: BuiltScene[];
  /** The scenes undone, next first: what redo gives back. */
  buildFuture: BuiltScene[];
  /** The height y (m) of the plane a click in the view places a sphere on: the new sphere's bottom rests on it (the floor when build mode starts). */
  placeHeight: number;
  /** The new sphere's radius, mass, velocity and the rest: what a click, "Add sphere" and lining up new spheres place. */
  buildTemplate: BuiltSphere;
  /** Changes the new sphere's values; refused (with a message naming the field) when one is bad. */
  setBuildTemplate(patch: Partial<BuiltSphere>): string | null;
  /**
   * Switches build mode. On: pauses and takes the world at the current step as the built scene
   * (colours and labels of an earlier built scene kept). Off: keeps the built scene (playing goes on
   * from it) and forgets the undo history. Returns null, or why not.
   */
  setBuilding(on: boolean): string | null;
  /** Sets the placing plane's height; refused (with a message) outside the box. */
  setPlaceHeight(y: number): string | null;
  /**
   * Each build edit below applies to the built scene, rebuilds the world from it (paused) and
   * records the scene before it for undo; it returns null when done, else a message naming the
   * refused value, with nothing changed. Ids are indices of the built scene (sphere k has id k).
   */
  /** Places `sphere` exactly at its position (refused when it leaves the box or overlaps another); it becomes the selection. */
  buildPlace(sphere: BuiltSphere): string | null;
  /** Adds `sphere` at the free spot nearest its position (refused only when the box is full). */
  buildAdd(sphere: BuiltSphere): string | null;
  /** Copies each sphere of `ids` to the free spot nearest it; the copies become the selection. */
  buildDuplicate(ids: readonly number[]): string | null;
  /** Deletes the spheres of `ids` (the others' ids close up). */
  buildDelete(ids: readonly number[]): string | null;
  /** Moves the spheres of `ids` by `delta` (m). */
  buildMove(ids: readonly number[], delta: [number, number, number]): string | null;
  /** Sets the same properties on every sphere of `ids` (the inspector's multi-edit). */
  buildPatch(ids: readonly number[], patch: SpherePatch): string | null;
  /** Lines up the spheres of `ids` in a row, grid or ring, or adds `arrangement.count` copies of `template` so when `ids` is empty. */
  buildArrange(ids: readonly number[], arrangement: Arrangement, template: BuiltSphere): string | null;
  /** Sets the built scene's wells between species (replacing those before; see experiment/build-ops.ts `setSceneWells`). */
  buildSetWells(wells: readonly Well[]): string | null;
  /** Removes every sphere (the box stays). */
  buildClear(): string | null;
  /** Starts again from a preset's scene (for the current seed) or from an empty box of sides `size`. */
  buildStart(from: { preset: string } | { size: [number, number, number]; planar?: boolean }): string | null;
  /** Gives back the scene before the last edit. */
  buildUndo(): string | null;
  /** Gives back the scene the last undo took away. */
  buildRedo(): string | null;
}

/** The tape slice (tape-slice.ts): the measuring tape's ends and switches. */
export interface TapeSlice {
  /** The measuring tape's ends and switches (tape-slice.ts). */
  tape: TapeState;
  /** Shows or hides the tape, and lets clicks in the view set its ends or not. */
  setTape(patch: Partial<Pick<TapeState, 'on' | 'picking'>>): void;
  /**
   * Sets one end of the tape (null clears it). Returns null when set, else a message naming the
   * field and the refused value (a sphere id the world lacks, a wall not 0 to 5, a point not three
   * finite numbers), with the tape left as it was.
   */
  setTapeEnd(field: 'from' | 'to', end: TapeEnd | null): string | null;
  /** Sets the end a click in the view picked: From when none or both are set (To then cleared), else To. */
  tapeClick(end: TapeEnd): void;
}

/** A stopwatch button. */
export type StopwatchButton = 'start' | 'stop' | 'lap' | 'reset';

/** The measure slice's state and actions (measure-slice.ts). */
export interface MeasureSlice {
  /** The stopwatch, the counter and the graph at the moment shown (published with the stats). */
  measure: MeasureReading;
  /** The runs recorded, oldest first (instruments/runs.ts). */
  runs: RunRecord[];
  /** The recorded runs (indices into `runs`, ascending) drawn beside the run now on the P–V diagram and in the Graph tool. */
  comparedRuns: number[];
  /** Presses a stopwatch button at the moment shown (a stop or a lap while stopped does nothing). */
  pressStopwatch(button: StopwatchButton): void;
  /**
   * Starts counting `target`'s collisions from the moment shown, for `seconds` of simulated time
   * (Infinity: until stopped). Returns null, or a message naming the refused value with nothing changed.
   */
  startCounter(target: CounterTarget, seconds: number): string | null;
  /** Stops the count at the moment shown. */
  stopCounter(): void;
  /** Graphs quantity `y` against `x` (ids: instruments/graph.ts `quantityId`); a change starts the graph afresh. Returns null, or a message naming the refused id. */
  setGraph(x: string, y: string): string | null;
  /** Forgets the graph's points. */
  clearGraph(): void;
  /** Adds the run now to the runs table. */
  recordRun(): void;
  /** Empties the runs table (and so the runs compared). */
  clearRuns(): void;
  /** Draws these recorded runs (indices into `runs`; others are dropped) beside the run now. */
  setComparedRuns(runs: readonly number[]): void;
}

/**
 * The store's state and actions: what React sees. Each slice owns its part (the interfaces above,
 * written in the file named for each, where its actions are); a slice writes only its own keys
 * (slice-maker.ts), and a new world enters through the core's one transition (core.ts, new-world.ts).
 */
export type SandboxState = RunSlice & SettingsSlice & ExperimentSlice & TimelineSlice & TwinSlice & PredictSlice & ViewSlice & SnapshotSlice & BuildSlice & TapeSlice & MeasureSlice;

/** The sandbox store's type. */
export type SandboxStore = StoreApi<SandboxState>;

