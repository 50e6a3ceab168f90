/**
 * The plug around the step: a {@link StepParticipant} attaches to a `Simulation` and is told what
 * each step did, when the world is replaced and when it is changed in place. The classroom's
 * instruments (readouts, timeline, twin, predict) and an embedder's after-step callback are
 * participants; the simulation keeps a list of them and knows none by name.
 */
import type { WorldView } from './world-view.ts';

/**
 * Why the world was replaced:
 * - `built`: a new scene (a rebuild, a preset, a loaded scene); the run starts again at step 0;
 * - `rewound`: an exact copy of this run's world at an earlier or later step (the timeline);
 * - `adopted`: another world of the same run takes over at the same step (the twin kept);
 * - `lent`: the world went to a worker, which now steps it (`world` is the page's view of it);
 * - `returned`: the world came back from the worker and runs on this page again.
 */
export type ReplaceCause = 'built' | 'rewound' | 'adopted' | 'lent' | 'returned';

/**
 * What the last step did (one object per simulation, filled again for every step: read it inside
 * the callback). On this page it covers one fixed step; from a worker, one batch of steps. Its
 * fields are integers, flags and an array, never a fraction: a fraction stored in an object field,
 * or passed to a function V8 has not optimized, is a number allocated each time (the fixed step is
 * `Simulation.clock.fixedDt`; real time and the solver's time are `Simulation.timing`'s running
 * totals).
 */
export interface StepReport {
  /** Fixed steps covered: 1 on this page, the batch's steps from a worker. */
  steps: number;
  /** Fixed steps the world has taken since it was built, this one included. */
  stepsRun: number;
  /** Sphere-sphere collisions in these steps. */
  pairCollisions: number;
  /** Sphere-wall collisions in these steps. */
  wallCollisions: number;
  /** Reactions in these steps (species changed at a hard enough hit). */
  reactions: number;
  /**
   * Whether the slots were reordered: on this page a renumbering, whose old slots are in
   * `reorderedFrom`; from a worker, new slot data (old slots unknown, `reorderedFrom` null).
   */
  slotsChanged: boolean;
  /** For a renumbering on this page, slot s's old slot at `reorderedFrom[s]`; else null. */
  reorderedFrom: Int32Array | null;
  /** Whether the world was stepped on this page (the solver's `World` is then `Simulation.local`). */
  onPage: boolean;
}

/**
 * Something that follows the run. Every method is optional and none may allocate per call (they
 * run inside the frame loop); a participant that needs the simulation keeps a reference to it.
 */
export interface StepParticipant {
  /** Before the world steps again (the steps of a frame, a single step): a moment to copy it first. */
  beforeSteps?(): void;
  /** After each fixed step on this page, or each batch from a worker; `world.events` holds its collisions. */
  afterStep?(world: WorldView, report: Readonly<StepReport>): void;
  /** After the steps of a frame, or a single step: a moment to act on what they did (pause, publish). */
  afterSteps?(): void;
  /** The world was replaced (see {@link ReplaceCause}); `Simulation.world` is the new one. */
  worldReplaced?(cause: ReplaceCause): void;
  /** The world was changed in place (a live setting, an edit, Reverse): the run's future starts again here. */
  worldChanged?(): void;
}
