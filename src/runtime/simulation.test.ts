import { describe, expect, it } from 'vitest';
import { buildWorld, cloneWorld, gasScene } from '../solver/index.ts';
import type { StepParticipant } from './participant.ts';
import { REAL_SECONDS, Simulation, SOLVER_MS, UNSEEN_SECONDS } from './simulation.ts';

const gas = () => buildWorld(gasScene({ count: 60, packingFraction: 0.1, speed: 3, seed: 3 }));

/** A participant that writes down what it is told. */
function recorder(log: string[], name = ''): StepParticipant {
  return {
    beforeSteps: () => log.push(`${name}before`),
    afterStep: (world, r) => log.push(`${name}step ${r.stepsRun} ${r.steps} ${r.onPage} ${world.events.count === r.pairCollisions + r.wallCollisions}`),
    afterSteps: () => log.push(`${name}after`),
    worldReplaced: (cause) => log.push(`${name}replaced ${cause}`),
    worldChanged: () => log.push(`${name}changed`),
  };
}

describe('the simulation and its step participants', () => {
  it('tells each participant, in the order they attached, what a frame did: before the steps, each step, after the steps', () => {
    const sim = new Simulation(gas());
    const log: string[] = [];
    sim.attach(recorder(log, 'a:'));
    sim.attach(recorder(log, 'b:'));
    sim.frame(2 / 60, true);
    expect(log).toEqual([
      'a:before',
      'b:before',
      'a:step 1 1 true true',
      'b:step 1 1 true true',
      'a:step 2 1 true true',
      'b:step 2 1 true true',
      'a:after',
      'b:after',
    ]);
  });

  it('a paused frame tells nothing; a single step is told like a frame of one step', () => {
    const sim = new Simulation(gas());
    const log: string[] = [];
    sim.attach(recorder(log));
    sim.frame(1 / 60, false);
    expect(log).toEqual([]);
    sim.stepOnce();
    expect(log).toEqual(['before', 'step 1 1 true true', 'after']);
  });

  it('keeps running totals of real, unseen and solver time, and says when a sample is due', () => {
    const sim = new Simulation(gas());
    sim.sampleSeconds = 0.1;
    const due: boolean[] = [];
    for (let k = 0; k < 8; k++) due.push(sim.frame(0.025, true));
    // 0.1 s after the start at the fourth frame, and after every later frame until a sample is taken.
    expect(due).toEqual([false, false, false, true, true, true, true, true]);
    sim.markSampled();
    expect(sim.frame(0.025, true)).toBe(false);
    sim.ignoreNextFrameTime();
    sim.frame(5, true);
    expect(sim.timing[REAL_SECONDS]).toBeCloseTo(0.225, 12);
    expect(sim.timing[UNSEEN_SECONDS]).toBe(5);
    expect(sim.unseenSeconds).toBe(5);
    expect(sim.timing[SOLVER_MS]).toBeGreaterThan(0);
  });

  it('says why the world was replaced, and when it was changed in place; a detached participant hears nothing more', () => {
    const world = gas();
    const sim = new Simulation(world);
    const log: string[] = [];
    const detach = sim.attach(recorder(log));
    sim.stepOnce();
    const copy = cloneWorld(world);
    sim.replaceWorld(gas());
    sim.rewindTo(copy, 1);
    sim.adopt(cloneWorld(copy), new Float64Array(3 * copy.count));
    sim.changed();
    expect(log.filter((l) => !/^(before|step|time|after)/.test(l))).toEqual(['replaced built', 'replaced rewound', 'replaced adopted', 'changed']);
    expect(sim.stepsRun).toBe(1);
    detach();
    log.length = 0;
    sim.frame(1 / 60, true);
    sim.changed();
    expect(log).toEqual([]);
  });

  it('stops at the step asked for, and tells the participants after the steps', () => {
    const sim = new Simulation(gas());
    const log: string[] = [];
    sim.attach({ afterSteps: () => log.push(`after ${sim.stepsRun} ${sim.reachedStop}`) });
    sim.stopAtStep = 3;
    for (let k = 0; k < 6; k++) sim.frame(1 / 60, true);
    expect(sim.stepsRun).toBe(3);
    expect(log).toEqual(['after 1 false', 'after 2 false', 'after 3 false', 'after 3 true', 'after 3 true', 'after 3 true']);
  });
});

describe('time nobody saw', () => {
  it('a frame drawn while the page is hidden keeps the mark for the first frame after it is shown, whatever the order of the frames and the events', () => {
    const sim = new Simulation(gas());
    sim.frame(1 / 60, true);
    // Hidden: the event, then one more frame before the browser stops drawing (or a paused debugger).
    sim.pageHidden = true;
    sim.ignoreNextFrameTime();
    sim.frame(1 / 60, true);
    // The page comes back: the long frame arrives before the visibility event ...
    sim.frame(60, true);
    sim.pageHidden = false;
    sim.ignoreNextFrameTime();
    // ... and the event's mark is taken by the next frame, whose time nobody saw either (the gap's edge).
    sim.frame(1 / 60, true);
    expect(sim.unseenSeconds).toBeCloseTo(60 + 2 / 60, 9);
    const steps = sim.stepsRun;
    sim.frame(1 / 60, true);
    expect(sim.stepsRun).toBe(steps + 1);
    expect(sim.unseenSeconds).toBeCloseTo(60 + 2 / 60, 9);
  });
});
