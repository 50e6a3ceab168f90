/**
 * The one way into a new world. Every action that replaces the world the store runs (a preset, a
 * setting that rebuilds, restart, reset, a loaded scene, a file, a link, a snapshot, build mode on
 * and off, build edits, undo and redo, a timeline rewind, the twin kept, the pump) calls the core's
 * `enterWorld` (core.ts) with its {@link WorldCause}; the cause's row of
 * {@link WORLD_RULES} decides, here and nowhere else, what happens to build mode and its history,
 * the selection, the camera's framing, the run and the scene's version. The tape, predict, the twin
 * and the timeline follow from the world itself: the tape drops an end whose sphere the new world
 * lacks (with a notice), predict is armed again for a fresh scene or a rewind, the twin and the
 * timeline are published from their instruments (which the simulation tells of the replacement).
 */
import type { BuiltScene, ExperimentState, Settings, SphereEdit } from '../experiment/index.ts';
import type { World } from '../solver/index.ts';

/** Why a new world arrives; {@link WORLD_RULES} says what each keeps and what it clears. */
export type WorldCause =
  | 'preset'
  | 'settings'
  | 'restart'
  | 'reset'
  | 'scene'
  | 'file'
  | 'link'
  | 'snapshot'
  | 'build-on'
  | 'build-off'
  | 'build-edit'
  | 'build-history'
  | 'rewind'
  | 'twin-kept'
  | 'pump'
  | 'worker-lost';

/** What one cause does to the state around the world. */
export interface WorldRule {
  /**
   * Build mode: `leave` ends it and forgets its undo history; `keep` leaves it as it is (the new
   * world is the same scene: a restart, a rewind of its run); `given` takes the entry's build state.
   */
  build: 'leave' | 'keep' | 'given';
  /**
   * The selection: `focus` selects the preset's sphere (or nothing), `clear` selects nothing,
   * `keep` keeps the spheres the new world still has, `given` takes the entry's (those the world has).
   * Every rule but `keep` and `given` also gives back a trail a preset switched on.
   */
  selection: 'focus' | 'clear' | 'keep' | 'given';
  /** The camera goes home: `always`, `resized` (when the box changes size or planarity, or the entry asks), `never`. */
  frame: 'always' | 'resized' | 'never';
  /** A fresh scene (`sceneVersion` moves on, predict is armed again), or the same run going on (`false`). */
  fresh: boolean;
  /** The run: `keep` playing or paused as it was, `pause`, `play`. */
  run: 'keep' | 'pause' | 'play';
}

/**
 * What each cause keeps and clears (docs/architecture.md draws it as a table). A new experiment
 * (a preset, a rebuild from the settings, reset, a scene, a file, a link, a snapshot, the twin kept,
 * the pump) ends build mode: the scene being built is no longer the one on screen.
 */
export const WORLD_RULES: Readonly<Record<WorldCause, Readonly<WorldRule>>> = Object.freeze({
  preset: { build: 'leave', selection: 'focus', frame: 'always', fresh: true, run: 'keep' },
  settings: { build: 'leave', selection: 'focus', frame: 'resized', fresh: true, run: 'keep' },
  restart: { build: 'keep', selection: 'keep', frame: 'never', fresh: true, run: 'keep' },
  reset: { build: 'leave', selection: 'focus', frame: 'always', fresh: true, run: 'play' },
  scene: { build: 'leave', selection: 'clear', frame: 'always', fresh: true, run: 'keep' },
  file: { build: 'leave', selection: 'clear', frame: 'always', fresh: true, run: 'keep' },
  link: { build: 'leave', selection: 'clear', frame: 'always', fresh: true, run: 'keep' },
  snapshot: { build: 'leave', selection: 'clear', frame: 'always', fresh: true, run: 'keep' },
  'build-on': { build: 'given', selection: 'keep', frame: 'resized', fresh: true, run: 'pause' },
  'build-off': { build: 'leave', selection: 'keep', frame: 'never', fresh: false, run: 'keep' },
  'build-edit': { build: 'given', selection: 'given', frame: 'resized', fresh: true, run: 'pause' },
  'build-history': { build: 'given', selection: 'keep', frame: 'resized', fresh: true, run: 'pause' },
  rewind: { build: 'keep', selection: 'keep', frame: 'never', fresh: false, run: 'pause' },
  'twin-kept': { build: 'leave', selection: 'keep', frame: 'never', fresh: false, run: 'keep' },
  pump: { build: 'leave', selection: 'keep', frame: 'never', fresh: false, run: 'keep' },
  'worker-lost': { build: 'keep', selection: 'keep', frame: 'never', fresh: true, run: 'keep' },
});

/** Every cause, in the table's order. */
export const WORLD_CAUSES = Object.keys(WORLD_RULES) as WorldCause[];

/**
 * How the new world gets into the simulation:
 * - `built`: a world built afresh, at `step` (0, or a snapshot's step);
 * - `rewound`: an exact copy of this run's world at `step` (the timeline);
 * - `adopted`: another world of this run at the same step, drawn from `previous` (the pump);
 * - `placed`: an instrument has already put it in (the twin kept);
 * - absent: the world stays (build mode off).
 */
export type Placement = { built: World; step?: number } | { rewound: World; step: number } | { adopted: World; previous: Float64Array } | { placed: true };

/** The experiment the new world is of: the fields given replace the store's. */
export interface ExperimentPart {
  preset?: string | null;
  settings?: Settings;
  freeSettings?: Settings;
  edits?: SphereEdit[];
  built?: BuiltScene | null;
  /** Predict, then reveal switched on or off. */
  predict?: boolean;
}

/** The experiment part of a whole experiment (a link's, a file's, a snapshot's). */
export function experimentPart(experiment: ExperimentState, edits: SphereEdit[], freeSettings: Settings): ExperimentPart {
  return { preset: experiment.preset, settings: experiment.settings, freeSettings: experiment.preset === null ? experiment.settings : freeSettings, edits, built: experiment.built ?? null, predict: experiment.predict === true };
}
