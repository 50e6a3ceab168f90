/**
 * The what-if twin's run: an exact copy of the running world, made at one step with one setting
 * changed (experiment/twin-change.ts), stepped in lockstep with the original. The solver is
 * deterministic, so the twin's future is exactly the run that setting would give from that
 * moment: the difference between the two is the setting's doing alone.
 */
import { cloneWorld, SolverInputError, type World } from '../solver/index.ts';
import { english, type Translate } from '../i18n/index.ts';
import { applyChange, checkChange, currentValue, type TwinSpec } from '../experiment/index.ts';
import { LocalHost, type Simulation, type StepParticipant, type StepReport, type WorldView } from '../runtime/index.ts';
import { History } from './history.ts';
import type { ReadoutsWindow } from './readouts-window.ts';

/** The twin's readouts, sampled with the original's stats. */
export interface TwinStats {
  /** Simulated time, s (the original's). */
  simTime: number;
  /** Kinetic energy, J. */
  kineticEnergy: number;
  /** Potential energy in gravity from the floor, J. */
  potentialEnergy: number;
  /** Total momentum of the free spheres, kg m/s. */
  momentum: readonly [number, number, number];
  /** Sphere-sphere collisions since the scene started. */
  pairCollisionsTotal: number;
}

/**
 * The twin's world and what the page reads of it: the positions before its last step (for the
 * interpolation, like the original's), a version that changes with each step, and its history of
 * energy and momentum, sampled at the moments the original's is.
 */
export class TwinRun {
  /** The twin world on this page, with its previous positions. */
  private readonly host: LocalHost;
  /** Energy and momentum at each sample (the energy plot's second curve). */
  readonly history = new History();
  /** Changes with every step (renderers compare it). */
  version = 0;
  /** An exact copy of the twin as it started (kept for the timeline, should the twin become the run). */
  readonly startCopy: World;

  /**
   * A twin of `spec` whose world is `world` (taken, not copied), started from `startCopy`, drawn
   * from `previous` (its positions before its last step; none: where it is).
   */
  constructor(world: World, readonly spec: TwinSpec, startCopy: World, previous?: Float64Array) {
    this.startCopy = startCopy;
    this.host = new LocalHost(world);
    if (previous !== undefined) this.host.takePrevious(previous);
  }

  /** The twin world. */
  get world(): World {
    return this.host.world;
  }

  /** Positions before the twin's last step, laid out like its world's. */
  get previous(): Float64Array {
    return this.host.previous;
  }

  /** One fixed step of `dt`, as the original takes it (no allocation). */
  step(dt: number): void {
    this.host.step(dt);
    this.version++;
  }

  /** Samples the twin's readouts, and its history when time has moved on. Allocates (a few times a second). */
  sample(): TwinStats {
    const world = this.host.world;
    const s = world.stats();
    const h = this.history;
    if (h.length === 0 || world.time > h.columns[0][h.length - 1]) h.push(world.time, s.kineticEnergy, s.potentialEnergy, s.momentum[0], s.momentum[1], s.momentum[2]);
    return { simTime: world.time, kineticEnergy: s.kineticEnergy, potentialEnergy: s.potentialEnergy, momentum: s.momentum, pairCollisionsTotal: s.pairCollisions };
  }
}

/** Makes a twin, or returns the solver's message when the world refuses the change. */
export function makeTwin(original: World, spec: TwinSpec, previous: Float64Array, t: Translate = english): TwinRun | string {
  const problem = checkChange(spec, original, t);
  if (problem !== null) return problem;
  try {
    // An exact copy with the change applied, drawn from the original's previous positions (where the original is).
    const world = cloneWorld(original);
    applyChange(world, spec);
    return new TwinRun(world, spec, cloneWorld(world), previous);
  } catch (error) {
    if (error instanceof SolverInputError) return error.message;
    throw error;
  }
}

/** The twin as components read it (published with the stats, a few times a second). */
export interface TwinState {
  /** The change and the step it starts at (the same object while the twin lasts). */
  spec: TwinSpec;
  /** Whether it runs now; false while a link's twin waits for its step. */
  active: boolean;
  /** The value the change replaces, in the original run (NaN before the twin starts). */
  original: number;
  /** The twin's readouts, or null while it waits. */
  stats: TwinStats | null;
}

/**
 * The what-if twin as a step participant: it steps the twin right after the world in every fixed
 * step on this page, starts a link's twin when the run reaches its step, and goes when the world
 * is replaced, changed in place or handed to a worker (it runs beside the world on this page only).
 */
export class TwinInstrument implements StepParticipant {
  /** The twin running now, or null. */
  run: TwinRun | null = null;
  /** A twin to start when the run reaches its step on this page (a link's), or null. */
  pending: TwinSpec | null = null;
  /** Called when a pending twin could not start at its step, with why (in the language of {@link translate}). */
  onRefused: ((why: string) => void) | null = null;
  /** The language of its messages (the store keeps it in step with its locale). */
  translate: Translate = english;

  constructor(
    private readonly sim: Simulation,
    private readonly readouts: ReadoutsWindow,
  ) {}

  afterStep(_world: WorldView, r: Readonly<StepReport>): void {
    if (!r.onPage) return;
    if (this.run !== null) this.run.step(this.sim.clock.fixedDt);
    else if (this.pending !== null && this.pending.step === r.stepsRun) {
      const spec = this.pending;
      this.pending = null;
      const refused = this.start(spec);
      if (refused !== null) this.onRefused?.(refused);
    }
  }

  /** A new world, another moment of the run, or the world lent to a worker: the twin goes. */
  worldReplaced(): void {
    this.drop();
  }

  /** It was a twin of the world before the change. */
  worldChanged(): void {
    this.drop();
  }

  /** Starts the twin of the world as it is now; returns null, or the message naming the refused change. */
  start(spec: TwinSpec): string | null {
    const world = this.sim.local;
    if (world === null) return this.translate('store.twinNeedsPage');
    const twin = makeTwin(world, spec, this.sim.previous, this.translate);
    if (typeof twin === 'string') return twin;
    this.run = twin;
    this.pending = null;
    return null;
  }

  /** Runs the twin of `spec` on from exact copies: `world` now and `start` as it started (a restored snapshot). */
  resume(world: World, start: World, spec: TwinSpec): void {
    this.run = new TwinRun(world, spec, start);
    this.pending = null;
  }

  /** Drops the twin, and a twin waiting for its step. */
  drop(): void {
    this.run = null;
    this.pending = null;
  }

  /**
   * The twin becomes the run: its world replaces the original at the same step, drawn where it is
   * (its previous positions come with it). The plots keep the run up to the twin's start and the
   * twin's samples after it; the collision log keeps the run's up to the start. Returns the twin
   * kept, or null when there was none or a worker holds the world.
   */
  keep(): TwinRun | null {
    const twin = this.run;
    if (twin === null || this.sim.local === null) return null;
    this.run = null;
    this.pending = null;
    const start = twin.history.length > 0 ? twin.history.columns[0][0] : twin.world.time;
    this.sim.adopt(twin.world, twin.previous);
    const h = this.readouts.history;
    h.truncate(start);
    const t = twin.history;
    const c = t.columns;
    for (let k = 0; k < t.length; k++) if (h.length === 0 || c[0][k] > h.columns[0][h.length - 1]) h.push(c[0][k], c[1][k], c[2][k], c[4][k], c[5][k], c[6][k]);
    this.readouts.collisions.truncate(start);
    return twin;
  }

  /**
   * The twin's state now, sampling its readouts when `sample`, or null when there is none. `prev`
   * is what was published before (kept when nothing changed).
   */
  state(prev: TwinState | null, sample: boolean): TwinState | null {
    const twin = this.run;
    if (twin !== null) {
      const stats = sample || prev?.stats == null || prev.spec !== twin.spec ? twin.sample() : prev.stats;
      return { spec: twin.spec, active: true, original: currentValue(this.sim.local ?? twin.world, twin.spec), stats };
    }
    const pending = this.pending;
    if (pending !== null) return prev !== null && prev.spec === pending && !prev.active ? prev : { spec: pending, active: false, original: NaN, stats: null };
    return null;
  }
}
