/**
 * What the slices share and React does not see: the simulation with its instruments, the store's
 * language, and the few moves several slices make (rebuild the world, publish the sampled state,
 * tell the run that its world changed, focus a preset's sphere). The composition file makes one
 * core per store and hands it to every slice.
 */
import type { StoreApi } from 'zustand/vanilla';
import { translator, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { speciesName } from '../presets/species.ts';
import { experimentWorld, settingWarnings, type BuiltScene, type FieldMessages, type Settings, type SphereEdit, type TwinSpec } from '../experiment/index.ts';
import { CollisionCounter, Describer, DropMeter, FirstLaw, LastCollisions, MeasureTools, predictActions, ReactionMeter, type ChemistryReadout, type ReactionTally, ReadoutsWindow, RunTimeline, Stopwatch, TwinInstrument, type TapeEnd } from '../instruments/index.ts';
import { browserWorkerPort, Simulation, type WorldView } from '../runtime/index.ts';
import { SolverInputError, type World } from '../solver/index.ts';
import { WORLD_RULES, type ExperimentPart, type Placement, type WorldCause } from './new-world.ts';
import type { SandboxStoreOptions, StoreStart } from './options.ts';
import type { Instruments, SandboxState, SceneFacts, TapeState } from './state.ts';

/** The store's `set` and `get`. */
export type SetState = StoreApi<SandboxState>['setState'];
export type GetState = StoreApi<SandboxState>['getState'];

/** The facts of a world. */
export function factsOf(world: WorldView): SceneFacts {
  return { count: world.count, size: [world.size[0], world.size[1], world.size[2]], planar: world.options.planar };
}

/** The solver's message for bad input, or null for any other error. */
export function solverMessage(error: unknown): string | null {
  return error instanceof SolverInputError ? error.message : null;
}

/** Whether every sphere is asleep or still (reads every velocity: call a few times a second, not per frame). */
export function restingNow(world: WorldView, sleeping: number): boolean {
  const n = world.count;
  if (n === 0) return false;
  if (sleeping >= n) return true;
  const v = world.velocities;
  for (let k = 0; k < 3 * n; k++) if (v[k] !== 0) return false;
  return true;
}

/** A new world and what comes with it. */
export interface WorldEntry {
  cause: WorldCause;
  /** How the world gets in (see {@link Placement}); absent when it stays. */
  place?: Placement;
  /** The experiment the world is of (absent: the same as before). */
  experiment?: ExperimentPart;
  /** Build mode's undo history, for the causes whose rule says `given`. */
  build?: { past: BuiltScene[]; future: BuiltScene[] };
  /** The selection, for the causes whose rule says `given`. */
  selection?: number[];
  /** The tape, when its ends were renumbered for the new world (build mode's delete, its undo and redo). */
  tape?: TapeState;
  /** Frame the box afresh even where the rule would not. */
  reframe?: boolean;
  /** The messages at the settings' fields (absent: cleared when new settings come, else kept). */
  errors?: FieldMessages;
  /** Notices to add. */
  notices?: string[];
  /** A twin to start (at its step), or to resume with its run (a snapshot's). */
  twin?: { spec: TwinSpec; run?: { world: World; start: World } };
}

/** The slices' shared core. */
export interface StoreCore {
  readonly sim: Simulation;
  readonly instruments: Instruments;
  /** Predict, then reveal: its moves (a step participant too). */
  readonly predictor: ReturnType<typeof predictActions>;
  /** The store's language (follows `locale`). */
  t: Translate;
  /** The page's clock, ms (the store's `now` option): what the describer's rate limit reads. */
  readonly now: () => number;
  /** The world of an experiment at its start (a preset's scene or the gas for `settings`, the hand edits, a built scene), or the message of why it cannot be built. */
  worldFor(settings: Settings, preset: string | null, edits: readonly SphereEdit[], built: BuiltScene | null): World | string;
  /**
   * The one way into a new world (new-world.ts): places it and decides, by its cause, what build
   * mode, the selection, the tape, predict, the twin and the timeline do. Returns false, with
   * nothing changed, when the world could not be placed (a worker holds the run).
   */
  enterWorld(entry: WorldEntry): boolean;
  /** Publishes the sampled stats, the timeline and the twin (a few times a second, and after each action). */
  publish(): void;
  /** The world was changed in place: the run's future starts again from here. */
  changed(): void;
  /** Shows the world where it is while paused (no interpolation from an older step). */
  holdStill(): void;
  /** The selection and aids for running `preset` (null: the free sandbox) after the preset running now. */
  focusFor(preset: string | null): Pick<SandboxState, 'selected' | 'selection' | 'aids'>;
}

/** Makes the core of a store: its simulation, with the instruments attached in the order they are told of each step. */
export function createCore(options: SandboxStoreOptions, start: StoreStart, set: SetState, get: GetState): StoreCore {
  const sim = new Simulation(start.world, options.clock, options.now, options.solverPort === undefined ? browserWorkerPort : options.solverPort);
  sim.solverThread = options.solverThread ?? 'auto';
  sim.timeScale = start.settings.timeScale;
  sim.sampleSeconds = options.sampleSeconds ?? 0.25;
  const readouts = new ReadoutsWindow(sim);
  const timeline = new RunTimeline(sim);
  const twin = new TwinInstrument(sim, readouts);
  const firstLaw = new FirstLaw(sim);
  const reactions = new ReactionMeter(sim);
  const drops = new DropMeter(sim);
  const describer = new Describer();
  const stopwatch = new Stopwatch();
  const counter = new CollisionCounter(sim);
  const lastCollisions = new LastCollisions(sim);
  const measure = new MeasureTools(stopwatch, counter);
  const now = options.now ?? (() => performance.now());
  twin.translate = start.t;
  // A preset about one sphere selects it (and may draw its trail); the trail goes back to how it
  // was when the preset is left.
  let trailBeforeFocus: boolean | null = start.focus?.trail ? (options.aids?.trail ?? false) : null;

  const core: StoreCore = {
    sim,
    instruments: { readouts, timeline, twin, firstLaw, reactions, drops, describer, stopwatch, counter, lastCollisions, measure },
    predictor: predictActions({
      sim,
      preset: () => get().preset,
      state: () => get().predict,
      publish: (predict) => set({ predict }),
      play: () => get().play(),
      pause: () => get().pause(),
    }),
    t: start.t,
    now,
    worldFor(settings, preset, edits, built) {
      try {
        return experimentWorld(settings, preset, edits, core.t, built).world;
      } catch (error) {
        const message = solverMessage(error);
        if (message === null) throw error;
        return core.t('store.settingsUnbuildable', { message });
      }
    },
    enterWorld(entry) {
      return enterWorld(core, set, get, entry);
    },
    publish() {
      timeline.record();
      const stats = readouts.sample();
      firstLaw.sample();
      reactions.sample();
      const liquid = drops.sample();
      const s = get();
      measure.sample({ world: sim.world, firstLaw: firstLaw.last, drops: liquid }, s.sceneVersion);
      // What a screen reader hears of the run (rate-limited by the describer), while it plays.
      const said = s.running ? describer.announce(now(), core.t, stats, reactionTally(reactions.last, s.preset), liquid.active ? liquid : null) : null;
      set({ stats, timeline: timeline.state(), twin: twin.state(s.twin, true), resting: restingNow(sim.world, stats.sleeping), measure: measure.read(sim.world.time, s.measure), ...(said !== null ? { said } : {}) });
    },
    changed() {
      sim.changed();
      set({ timeline: timeline.state() });
      if (get().twin !== null) set({ twin: twin.state(get().twin, false) });
    },
    holdStill() {
      if (!get().running) sim.clock.alpha = 1;
    },
    focusFor(preset) {
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
      const selected = focus && sim.world.has(focus.sphere) ? focus.sphere : null;
      return { selected, selection: selected === null ? [] : [selected], aids };
    },
  };
  // In the order each is told of a step: the readouts, then the twin (stepped right after the
  // world), the timeline, and predict, which may pause the run after the steps.
  sim.attach(readouts);
  sim.attach(twin);
  sim.attach(timeline);
  sim.attach(core.predictor);
  sim.attach(firstLaw);
  sim.attach(reactions);
  sim.attach(drops);
  sim.attach(describer);
  sim.attach(counter);
  sim.attach(lastCollisions);
  sim.attach(stopwatch);
  // A link's twin that could not start at its step.
  twin.onRefused = (why) => set((s) => ({ notices: [...s.notices, core.t('store.twinNotStarted', { why })] }));
  // The worker failed while it held the world: start the experiment again on the page.
  sim.onWorkerLost = (why) => {
    const message = core.t('store.workerLost', { why });
    const s = get();
    const world = core.worldFor(s.settings, s.preset, s.edits, s.built);
    if (typeof world !== 'string') core.enterWorld({ cause: 'worker-lost', place: { built: world }, notices: [message] });
    else core.publish();
  };
  // The world came back from the worker (paused): show where it stopped.
  sim.onChange = () => {
    core.holdStill();
    core.publish();
  };
  return core;
}

/** What the describer counts of the reactions: every event so far, and the first reaction's reactants as the lesson names them (null without reactions). */
function reactionTally(chemistry: ChemistryReadout, preset: string | null): ReactionTally | null {
  const first = chemistry.reactions[0];
  if (first === undefined) return null;
  const names = preset === null ? undefined : presetById(preset)?.species;
  const [a, b] = first.reaction.reactants;
  let events = 0;
  for (const r of chemistry.reactions) events += r.forward + r.backward;
  return { events, a: speciesName(a, names).symbol, b: speciesName(b, names).symbol, left: chemistry.counts[a] ?? 0, total: chemistry.startCounts[a] ?? 0 };
}

/** The language of `locale` for the core and its instruments. */
export function setLanguage(core: StoreCore, locale: Parameters<typeof translator>[0]): void {
  core.t = translator(locale);
  core.instruments.twin.translate = core.t;
}

/** The notice that the tape end `field` on sphere `id` was cleared because the sphere left the box. */
export const tapeGoneNotice = (t: Translate, field: 'from' | 'to', id: number): string => t('tape.gone', { id: String(id), field: t(`tape.${field}`) });

/** The tape without the ends on spheres `world` lacks, and the notices for them (the same tape when none). */
export function tapeOn(tape: TapeState, world: WorldView, t: Translate): { tape: TapeState; notices: string[] } {
  const gone = (end: TapeEnd | null): boolean => end !== null && end.kind === 'sphere' && !world.has(end.id);
  const notices: string[] = [];
  for (const field of ['from', 'to'] as const) {
    const end = tape[field];
    if (gone(end) && end?.kind === 'sphere') notices.push(tapeGoneNotice(t, field, end.id));
  }
  if (notices.length === 0) return { tape, notices };
  return { tape: { ...tape, from: gone(tape.from) ? null : tape.from, to: gone(tape.to) ? null : tape.to }, notices };
}

/** The core's transition into a new world (see new-world.ts and {@link StoreCore.enterWorld}). */
function enterWorld(core: StoreCore, set: SetState, get: GetState, entry: WorldEntry): boolean {
  const { sim } = core;
  const rule = WORLD_RULES[entry.cause];
  const place = entry.place;
  const s = get();
  const settings = entry.experiment?.settings ?? s.settings;
  if (place !== undefined) {
    if ('built' in place) sim.replaceWorld(place.built, place.step ?? 0);
    else if ('rewound' in place) sim.rewindTo(place.rewound, place.step);
    else if ('adopted' in place && !sim.adopt(place.adopted, place.previous)) return false;
    sim.timeScale = settings.timeScale;
  }
  const world = sim.world;
  const twin = core.instruments.twin;
  if (entry.twin !== undefined) {
    const { spec, run } = entry.twin;
    if (run !== undefined) twin.resume(run.world, run.start, spec);
    else if (spec.step > sim.stepsRun) twin.pending = spec;
    else if (spec.step === sim.stepsRun) {
      const refused = twin.start(spec);
      if (refused !== null) (entry.notices ??= []).push(core.t('store.twinNotStarted', { why: refused }));
    }
  }
  const facts = factsOf(world);
  const resized = facts.planar !== s.scene.planar || facts.size.some((side, k) => side !== s.scene.size[k]);
  const reframe = entry.reframe === true || rule.frame === 'always' || (rule.frame === 'resized' && resized);
  const running = rule.run === 'play' ? true : rule.run === 'pause' ? false : s.running;
  if (s.running && !running) sim.clock.reset();

  const next: Partial<SandboxState> = { scene: facts, arrival: { cause: entry.cause, serial: s.arrival.serial + 1 } };
  if (entry.experiment !== undefined) {
    const e = entry.experiment;
    if (e.preset !== undefined) next.preset = e.preset;
    if (e.settings !== undefined) {
      next.settings = e.settings;
      next.warnings = settingWarnings(e.settings, core.t);
      next.errors = entry.errors ?? {};
    }
    if (e.freeSettings !== undefined) next.freeSettings = e.freeSettings;
    if (e.edits !== undefined) next.edits = e.edits;
    if (e.built !== undefined) next.built = e.built;
    if (e.predict !== undefined) next.predict = { ...s.predict, on: e.predict };
  }
  if (entry.errors !== undefined) next.errors = entry.errors;
  if (rule.build === 'leave') {
    if (s.building || s.buildPast.length > 0 || s.buildFuture.length > 0) Object.assign(next, { building: false, buildPast: [], buildFuture: [] });
  } else if (rule.build === 'given') {
    const built = next.built ?? s.built;
    // The placing plane starts on the floor, and goes back to it in a box of another height.
    const floor = built === null ? 0 : -built.size[1] / 2;
    const placeHeight = s.building && s.built?.size[1] === built?.size[1] ? s.placeHeight : floor;
    Object.assign(next, { building: true, buildPast: entry.build?.past ?? [], buildFuture: entry.build?.future ?? [], placeHeight });
  }
  const preset = next.preset !== undefined ? next.preset : s.preset;
  if (rule.selection === 'focus' || rule.selection === 'clear') {
    const focus = core.focusFor(rule.selection === 'focus' ? preset : null);
    Object.assign(next, rule.selection === 'focus' ? focus : { aids: focus.aids, selected: null, selection: [] });
  } else {
    const from = rule.selection === 'given' ? (entry.selection ?? []) : s.selection;
    const selection = from.filter((id) => world.has(id));
    if (selection.length !== s.selection.length || selection.some((id, k) => id !== s.selection[k])) {
      next.selection = selection;
      next.selected = selection.length > 0 ? selection[selection.length - 1] : null;
    } else if (s.selected !== null && !world.has(s.selected)) next.selected = null;
  }
  const tape = tapeOn(entry.tape ?? s.tape, world, core.t);
  if (tape.tape !== s.tape) next.tape = tape.tape;
  const notices = [...(entry.notices ?? []), ...tape.notices];
  if (notices.length > 0) next.notices = [...s.notices, ...notices];
  if (running !== s.running) next.running = running;
  if (rule.fresh) next.sceneVersion = s.sceneVersion + 1;
  // What was said of the world before is not about this one.
  if ((rule.fresh || entry.cause === 'rewind') && s.said !== '') next.said = '';
  if (reframe) next.viewVersion = s.viewVersion + 1;
  set(next);
  core.holdStill();
  core.publish();
  if (rule.fresh || entry.cause === 'rewind') core.predictor.arm();
  return true;
}
