import { describe, expect, it, vi } from 'vitest';
import { buildWorld, gasScene } from '../solver/index.ts';
import { createSandboxStore } from './index.ts';
import { positionsOf, stepN } from '../testing/store.ts';
import { Timeline } from '../instruments/index.ts';

const DT = 1 / 60;

/** Plays `n` frames of 1/60 s (one fixed step each), the way the page does. */
function play(store: ReturnType<typeof createSandboxStore>, n: number): void {
  store.getState().play();
  for (let k = 0; k < n; k++) store.getState().frame(DT);
}

/** Positions and velocities of the store's world, bit for bit. */
function stateOf(store: ReturnType<typeof createSandboxStore>): number[] {
  const sim = store.getState().sim;
  return [...positionsOf(store), ...Array.from(sim.velocities.subarray(0, 3 * sim.count)), sim.world.time];
}

describe('the timeline', () => {
  it('goes back to any step exactly as it was, and playing on gives exactly the run that happened', () => {
    const store = createSandboxStore({ settings: { count: 200, boxSize: 7, restitution: 0.9, gravityOn: true }, running: false });
    const seen = new Map<number, number[]>();
    for (let k = 0; k < 150; k++) {
      play(store, 1);
      if (k % 10 === 9) seen.set(store.getState().sim.stepsRun, stateOf(store));
    }
    store.getState().pause();
    expect(store.getState().timeline.end).toBe(150);
    for (const step of [10, 70, 140, 40]) {
      expect(store.getState().seek(step)).toBeNull();
      expect(store.getState().running).toBe(false);
      expect(store.getState().sim.stepsRun).toBe(step);
      expect(stateOf(store)).toEqual(seen.get(step));
    }
    // From step 40, playing on meets every recorded moment again.
    for (let step = 50; step <= 150; step += 10) {
      play(store, 10);
      expect(stateOf(store)).toEqual(seen.get(step));
    }
  });

  it('a change made after going back starts a new future; the old one is gone, the new one is kept exactly', () => {
    const store = createSandboxStore({ settings: { count: 120, boxSize: 6 }, running: false });
    stepN(store, 90);
    expect(store.getState().seek(30)).toBeNull();
    expect(store.getState().applySetting('restitution', 0.5)).toBe(true);
    expect(store.getState().timeline.end).toBe(30);
    stepN(store, 40);
    const at70 = stateOf(store);
    stepN(store, 20);
    // Back to 70 of the new line: the run with e = 0.5 from step 30, not the old one.
    expect(store.getState().seek(70)).toBeNull();
    expect(stateOf(store)).toEqual(at70);
    // A separate run with the same history gives the same state.
    const fresh = createSandboxStore({ settings: { count: 120, boxSize: 6 }, running: false });
    stepN(fresh, 30);
    fresh.getState().applySetting('restitution', 0.5);
    stepN(fresh, 40);
    expect(stateOf(fresh)).toEqual(at70);
  });

  it('keeps the readouts as they were: the plots and the collision log show the run up to the moment gone to, and a replay adds nothing twice', () => {
    const store = createSandboxStore({ settings: { count: 150, boxSize: 5, speed: 4 }, running: false });
    play(store, 120);
    store.getState().pause();
    expect(store.getState().seek(60)).toBeNull();
    const { sim, stats, instruments } = store.getState();
    const h = instruments.readouts.history;
    const rows = h.rowsUpTo(sim.world.time);
    expect(rows).toBeGreaterThan(1);
    expect(rows).toBeLessThan(h.length); // the later rows are kept for going forward again
    const shown = instruments.readouts.collisions.recent(instruments.readouts.collisions.length, sim.world.time);
    expect(shown.length).toBeGreaterThan(0);
    for (const c of shown) expect(c.time).toBeLessThanOrEqual(sim.world.time);
    expect(stats.simTime).toBe(sim.world.time);
    expect(stats.kineticEnergy).toBe(sim.world.stats().kineticEnergy);
    expect(stats.pairCollisionsTotal).toBe(sim.world.stats().pairCollisions);
    // Playing on to where the run was adds no row twice.
    const before = { rows: h.length, logged: instruments.readouts.collisions.total };
    play(store, 60);
    expect(h.length).toBe(before.rows);
    expect(instruments.readouts.collisions.total).toBe(before.logged);
  });

  it('after going back, the CSV exports and the last pair are those of the present line: what a run stopped there would give', () => {
    const store = createSandboxStore({ preset: 'billiards', running: false });
    play(store, 480);
    store.getState().pause();
    const { readouts } = store.getState().instruments;
    const time = (): number => store.getState().sim.world.time;
    const lastRow = (csv: string): number => Number(csv.trim().split('\n').at(-1)!.split(',')[0]);
    expect(lastRow(readouts.collisionsCsv())).toBe(readouts.collisions.recent(1)[0].time);
    expect(store.getState().seek(195)).toBeNull();
    expect(time()).toBeLessThan(readouts.collisions.recent(1)[0].time); // later collisions are kept for going forward

    // The same run, stopped at step 195 instead of going back to it.
    const stopped = createSandboxStore({ preset: 'billiards', running: false });
    play(stopped, 195);
    stopped.getState().pause();
    const there = stopped.getState().instruments.readouts;
    expect(readouts.collisionsCsv()).toBe(there.collisionsCsv());
    expect(readouts.collisionsCsv().trim().split('\n').length).toBeGreaterThan(10);
    expect(lastRow(readouts.collisionsCsv())).toBeLessThanOrEqual(time());
    expect(lastRow(readouts.historyCsv())).toBeLessThanOrEqual(time());
    expect(readouts.historyCsv().trim().split('\n').length).toBe(readouts.history.rowsUpTo(time()) + 1);
    // Last pair: the present line's last collision, not "none yet".
    const last = readouts.collisions.recent(1, time())[0];
    expect(store.getState().stats.lastPair).toEqual([last.a, last.b]);
    expect(store.getState().stats.lastPairTime).toBe(last.time);
    expect(stopped.getState().stats.lastPair).toEqual([last.a, last.b]);

    // Back to the start: nothing has happened yet.
    expect(store.getState().seek(0)).toBeNull();
    expect(readouts.collisionsCsv().trim().split('\n')).toHaveLength(1);
    expect(store.getState().stats.lastPair).toBeNull();
  });

  it('stays within its memory budget by thinning evenly, never dropping the copy made after a change', () => {
    const world = buildWorld(gasScene({ count: 100, packingFraction: 0.1, speed: 3, seed: 2 }));
    const size = world.memoryBytes();
    const timeline = new Timeline(6 * size, 10);
    timeline.reset(world);
    const states = new Map<number, number[]>();
    for (let step = 1; step <= 400; step++) {
      world.step(DT);
      if (step === 155) {
        world.setRestitution(0.7);
        timeline.changed(world, step);
        timeline.flush(); // as the store does before the world steps on
      } else timeline.record(world, step);
      if (step % 25 === 0) states.set(step, Array.from(world.positions.subarray(0, 3 * world.count)));
    }
    expect(timeline.memoryBytes).toBeLessThanOrEqual(6 * size);
    expect(timeline.snapshots).toBeLessThanOrEqual(6);
    // Every moment is still exact, across the change (its copy was kept).
    for (const [step, positions] of states) {
      const from = timeline.from(step)!;
      expect(from.step).toBeLessThanOrEqual(step);
      if (step >= 155) expect(from.step).toBeGreaterThanOrEqual(155);
      for (let k = from.step; k < step; k++) from.world.step(DT);
      expect(Array.from(from.world.positions.subarray(0, 3 * from.world.count))).toEqual(positions);
    }
  });

  it('copies a paused world changed many times once, when the run goes on, and that copy is the world as edited', () => {
    const store = createSandboxStore({ settings: { count: 150, boxSize: 7 }, running: false });
    stepN(store, 40);
    // Each copy the timeline keeps goes through its add.
    const add = vi.spyOn(Timeline.prototype as unknown as { add: () => void }, 'add');
    const copies = (): number => add.mock.calls.length;
    const before = copies();
    const sim = store.getState().sim;
    for (let k = 0; k < 5; k++) {
      const id = sim.world.idAt(k);
      const slot = sim.world.indexOf(id);
      const p = sim.positions;
      expect(store.getState().editSphere(id, { velocity: [k, 1, p[3 * slot] > 0 ? -1 : 1] })).toBeNull();
      expect(copies()).toBe(before); // no copy per edit
    }
    const edited = stateOf(store);
    stepN(store, 10); // fewer than the steps between two regular copies
    expect(copies()).toBe(before + 1);
    // The copy is the world as edited: going back to step 40 gives it bit for bit.
    expect(store.getState().seek(40)).toBeNull();
    expect(stateOf(store)).toEqual(edited);
    add.mockRestore();
  });
});
