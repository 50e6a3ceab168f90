/**
 * Predict, then reveal: for the two-body experiments, the run pauses just before the spheres
 * collide; the student sets the velocities they expect after the collision (arrows in the view,
 * or fields); the reveal plays the collision and sets the solver's exact result beside the
 * prediction, with the error in each velocity and in the momentum and energy. The collision's
 * step is found ahead of time on an exact copy of the world, so the pause falls on the last step
 * before it.
 */
import { english, formatPlain, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { cloneWorld, type World } from '../solver/index.ts';

/** The experiments with a prediction: two spheres and one collision. */
export const PREDICT_PRESETS: readonly string[] = ['head-on', 'heavy-light', 'glancing', 'inelastic'];

/** Where a prediction stands. */
export type PredictPhase = 'off' | 'running' | 'predicting' | 'revealing' | 'revealed';

/** A velocity, m/s, x y z. */
export type Velocity = [number, number, number];

/** The prediction of the run (store state; changes a few times a run, never per frame). */
export interface PredictState {
  /** The Predict switch. */
  on: boolean;
  /** Off (switched off, or an experiment without a prediction), running to the pause, predicting, revealing, revealed. */
  phase: PredictPhase;
  /** The step that holds the first collision of two spheres, or -1 when none comes. */
  impactStep: number;
  /** The spheres' ids, in order. */
  ids: number[];
  /** Their masses, kg. */
  masses: number[];
  /** The axes the motion uses: 1 along a line (x), 2 in a plane (x y), 3 in space. */
  axes: 1 | 2 | 3;
  /** Their velocities just before the collision, by position in `ids`. */
  before: Velocity[];
  /** The student's predicted velocities after it. */
  predicted: Velocity[];
  /** The solver's velocities after it (once revealed). */
  actual: Velocity[] | null;
}

/** No prediction. */
export const PREDICT_OFF: PredictState = Object.freeze({ on: false, phase: 'off', impactStep: -1, ids: [], masses: [], axes: 3, before: [], predicted: [], actual: null }) as PredictState;

/**
 * The step (counted from `step`, the world's) that holds the world's next collision of two
 * spheres, found on an exact copy; -1 when none comes within `maxSteps`.
 */
export function nextImpactStep(world: World, step: number, dt: number, maxSteps = 3600): number {
  const copy = cloneWorld(world);
  for (let k = 1; k <= maxSteps; k++) {
    copy.step(dt);
    const ev = copy.events;
    for (let e = 0; e < ev.count; e++) if (ev.b[e] >= 0) return step + k;
  }
  return -1;
}

/** The velocities of the spheres `ids` in `world`. */
export function velocitiesOf(world: Pick<World, 'velocities' | 'indexOf'>, ids: readonly number[]): Velocity[] {
  return ids.map((id) => {
    const b = 3 * world.indexOf(id);
    return [world.velocities[b], world.velocities[b + 1], world.velocities[b + 2]];
  });
}

/** Momentum and kinetic energy of velocities `v` of masses `m`. */
export function totals(m: readonly number[], v: readonly Velocity[]): { momentum: Velocity; energy: number } {
  const p: Velocity = [0, 0, 0];
  let energy = 0;
  v.forEach((u, i) => {
    for (let k = 0; k < 3; k++) p[k] += m[i] * u[k];
    energy += 0.5 * m[i] * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  });
  return { momentum: p, energy };
}

/** The error of a predicted velocity: the length of the difference from the actual one, m/s. */
export function velocityError(predicted: Velocity, actual: Velocity): number {
  return Math.hypot(predicted[0] - actual[0], predicted[1] - actual[1], predicted[2] - actual[2]);
}

/**
 * Checks a predicted velocity: three finite numbers; returns the message naming the value (in the
 * language of `t`, English unless given), or null.
 */
export function checkVelocity(v: readonly unknown[], t: Translate = english): string | null {
  const axes = ['x', 'y', 'z'];
  for (let k = 0; k < 3; k++) {
    const x = v[k];
    const name = t('predict.velocityName', { axis: axes[k] });
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      return t('edit.notNumber', { name, got: x === '' ? t('edit.nothing') : typeof x === 'string' ? JSON.stringify(x) : typeof x === 'number' ? formatPlain(t.locale, x) : String(x) });
    }
    if (Math.abs(x) > 1e6) return t('edit.tooLarge', { name, max: formatPlain(t.locale, 1e6), got: formatPlain(t.locale, x) });
  }
  return null;
}

/** What the prediction's actions need of the store. */
export interface PredictHost {
  sim: {
    local: World | null;
    stepsRun: number;
    stopAtStep: number;
    reachedStop: boolean;
    clock: { fixedDt: number };
  };
  /** The preset running, or null. */
  preset(): string | null;
  state(): PredictState;
  publish(next: PredictState): void;
  play(): void;
  pause(): void;
}

/**
 * The prediction's moves, over a store (store/predict-slice.ts). The returned object is also a
 * step participant: after the steps of a frame (or a single step) it handles the stop the run reached.
 */
export function predictActions(host: PredictHost) {
  const { sim } = host;
  /** The run stopped where it was asked to: the pause before the collision, or after the reveal. */
  const stopped = (): void => {
    sim.reachedStop = false;
    const p = host.state();
    const world = sim.local;
    if (world === null) return;
    if (p.phase === 'running') {
      host.pause();
      const before = velocitiesOf(world, p.ids);
      host.publish({ ...p, phase: 'predicting', before, predicted: before.map((v) => [v[0], v[1], v[2]]) });
    } else if (p.phase === 'revealing') {
      host.pause();
      sim.stopAtStep = -1;
      host.publish({ ...p, phase: 'revealed', actual: velocitiesOf(world, p.ids) });
    }
  };
  /** Sets the prediction up for the world now running (or off), from the step it is at. */
  const arm = (on = host.state().on): void => {
    sim.stopAtStep = -1;
    sim.reachedStop = false;
    const preset = host.preset();
    const world = sim.local;
    if (!on || preset === null || !PREDICT_PRESETS.includes(preset) || world === null || world.count !== 2) {
      host.publish({ ...PREDICT_OFF, on });
      return;
    }
    const impact = nextImpactStep(world, sim.stepsRun, sim.clock.fixedDt);
    if (impact < 0) {
      host.publish({ ...PREDICT_OFF, on });
      return;
    }
    const ids = [world.idAt(0), world.idAt(1)].sort((a, b) => a - b);
    const masses = ids.map((id) => world.masses[world.indexOf(id)]);
    sim.stopAtStep = impact - 1;
    const mode = presetById(preset)?.mode;
    const axes = mode === 'line' ? 1 : mode === 'planar' || world.options.planar ? 2 : 3;
    host.publish({ on, phase: 'running', impactStep: impact, ids, masses, axes, before: [], predicted: [], actual: null });
    if (sim.stepsRun >= impact - 1) {
      sim.stopAtStep = sim.stepsRun;
      stopped();
    }
  };
  return {
    arm,
    stopped,
    /** After a frame or a step: handles a stop the simulation reached. */
    afterSteps(): void {
      const p = host.state();
      // Stepped past the collision by hand: wait for the next one.
      if (p.phase === 'running' && sim.stepsRun >= p.impactStep) {
        arm();
        return;
      }
      if (sim.reachedStop || (p.phase === 'running' && sim.stepsRun >= p.impactStep - 1) || (p.phase === 'revealing' && sim.stepsRun >= p.impactStep)) stopped();
    },
    /** Sets sphere `index`'s predicted velocity; returns null, or the message naming the bad value. */
    setPrediction(index: number, velocity: readonly unknown[], t: Translate = english): string | null {
      const p = host.state();
      if (p.phase !== 'predicting') return t('predict.notWaiting');
      if (!Number.isInteger(index) || index < 0 || index >= p.ids.length) return t('predict.noSphere', { index: String(index) });
      const problem = checkVelocity(velocity, t);
      if (problem !== null) return problem;
      // Along a line or in a plane, the axes the motion does not use stay 0.
      const v: Velocity = [velocity[0] as number, p.axes >= 2 ? (velocity[1] as number) : 0, p.axes === 3 ? (velocity[2] as number) : 0];
      const predicted = p.predicted.map((u, i) => (i === index ? v : u));
      host.publish({ ...p, predicted });
      return null;
    },
    /** Plays the collision and stops just after it, with the solver's velocities beside the prediction. */
    reveal(): void {
      const p = host.state();
      if (p.phase !== 'predicting') return;
      sim.stopAtStep = p.impactStep;
      host.publish({ ...p, phase: 'revealing' });
      host.play();
    },
  };
}
