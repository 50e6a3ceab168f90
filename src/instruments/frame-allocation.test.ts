/**
 * What the frame loop allocates: Simulation.frame (the fixed-step clock, the solver steps, the
 * previous positions kept for interpolation) with the instruments a sandbox attaches (the
 * collision flash and counters, the timeline, the twin; the last collisions in the first test)
 * and the readouts the renderer takes every frame (with and without a what-if twin), over 300 frames of a 2,000-sphere gas on the
 * page's thread, from V8's sampling heap profiler (a sample every 64 bytes). Best of up to five
 * rounds (V8 may still be re-optimizing a function in the first). The per-step copy of the
 * previous positions made a typed-array view each step until this test found it. Also the drop
 * meter on a gas with wells (the neighbour counts the shading reads every frame, the clusters
 * measured at each sample), and the measuring tape's placing of its ends, which the view calls
 * every frame.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, condensingGasScene, createWorld, gasScene } from '../solver/index.ts';
import { Simulation } from '../runtime/index.ts';
import { allSampledBytes, cleanRound } from '../testing/solver.ts';
import { DropMeter, LastCollisions, ReadoutsWindow, RunTimeline, tapeEnds, tapeLength, TwinInstrument, WATCHED_MAX, type TapeEnd } from './index.ts';

/** The directories whose functions' bytes count: the runtime's, the instruments', the store's and the solver's. */
const DIRS = ['/src/runtime/', '/src/instruments/', '/src/store/', '/src/solver/'];
/** Under 96 bytes a frame over 300 frames (a few boxed numbers, see the first test). */
const within = (r: { bytes: number }): boolean => r.bytes <= 96 * 300;

/**
 * A simulation with the instruments every sandbox attaches; with `last`, the last collisions of
 * as many spheres as they follow (the first test's; the twin's test measures what the twin adds).
 */
function instrumented(sim: Simulation, last = false): { readouts: ReadoutsWindow; twin: TwinInstrument } {
  const readouts = new ReadoutsWindow(sim);
  const twin = new TwinInstrument(sim, readouts);
  sim.attach(readouts);
  sim.attach(twin);
  sim.attach(new RunTimeline(sim));
  if (last) {
    // They collide every few steps.
    const collisions = new LastCollisions(sim);
    collisions.watch(Array.from({ length: WATCHED_MAX }, (_, k) => sim.world.idAt(k)));
    sim.attach(collisions);
  }
  return { readouts, twin };
}

describe('frame loop allocation', () => {
  it('Simulation.frame and the per-frame readouts: no object per frame or step, at most a few boxed numbers (under 96 bytes a frame; 130 with a view made per step)', async () => {
    const sim = new Simulation(buildWorld(gasScene({ count: 2000, packingFraction: 0.1, speed: 5, seed: 5 })));
    const { readouts } = instrumented(sim, true);
    const seen = new Float64Array(1);
    let steps = 0;
    const frame = (): void => {
      const due = sim.frame(1 / 60, true);
      steps += sim.stepsLastFrame;
      // What the renderer reads each frame.
      seen[0] += sim.positions[0] + sim.previous[0] + sim.velocities[0] + sim.radii[0] + readouts.lastHit[0] + (due ? 1 : 0);
    };
    for (let k = 0; k < 600; k++) frame();
    const best = await cleanRound({ rounds: 5, steps: 300, begin: () => (steps = 0), step: frame, passes: within, dirs: DIRS });
    expect(steps).toBeGreaterThanOrEqual(290); // it did step: one fixed step a 1/60 s frame
    // What may remain are numbers V8 boxes: the two clock readings that time the frame's steps
    // (performance.now returns a new number), and numbers crossing a call it does not inline.
    // One typed-array view or small object per step is about 90 bytes more a frame.
    if (!within(best)) expect(best.sites).toEqual([]);
  }, 60_000);

  it('with a what-if twin stepped in lockstep: the same bound (the twin adds no object per step)', async () => {
    const sim = new Simulation(buildWorld(gasScene({ count: 2000, packingFraction: 0.1, speed: 5, seed: 5 })));
    const instruments = instrumented(sim);
    expect(instruments.twin.start({ setting: 'restitution', value: 0.9, step: 0 })).toBeNull();
    const twin = instruments.twin.run!;
    const seen = new Float64Array(1);
    const frame = (): void => {
      sim.frame(1 / 60, true);
      // What the renderers read each frame, the twin's layer included.
      seen[0] += sim.positions[0] + sim.previous[0] + twin.world.positions[0] + twin.previous[0] + twin.world.radii[0];
    };
    for (let k = 0; k < 600; k++) frame();
    let version = 0;
    const best = await cleanRound({ rounds: 5, steps: 300, begin: () => (version = twin.version), step: frame, passes: within, dirs: DIRS });
    expect(twin.version - version).toBeGreaterThanOrEqual(290); // the twin did step
    if (!within(best)) expect(best.sites).toEqual([]);
  }, 60_000);
});

describe('the drop meter in the frame loop', () => {
  it('a gas with wells: the neighbours of every sphere read each frame, the drops measured at each sample, no object per frame (the same bound)', async () => {
    const sim = new Simulation(buildWorld(condensingGasScene({ count: 2000, packingFraction: 0.05, seed: 5 })));
    instrumented(sim);
    const drops = new DropMeter(sim);
    sim.attach(drops);
    const seen = new Float64Array(1);
    const frame = (): void => {
      // A sample a quarter of a second (as the store publishes): its reading is one object.
      if (sim.frame(1 / 60, true)) {
        drops.sample();
        sim.markSampled();
      }
      // What the neighbour shading reads each frame.
      for (let i = 0; i < sim.count; i++) seen[0] += drops.neighboursOf(i);
    };
    for (let k = 0; k < 600; k++) frame();
    const best = await cleanRound({ rounds: 5, steps: 300, step: frame, passes: within, dirs: DIRS });
    expect(drops.last.active).toBe(true);
    expect(seen[0]).toBeGreaterThan(0);
    if (!within(best)) expect(best.sites).toEqual([]);
  }, 60_000);
});

describe('the measuring tape', () => {
  it('places its ends without allocating (the view calls it every frame)', async () => {
    const world = createWorld({ size: [4, 3, 2] });
    world.addSphere({ position: [-1, -0.5, 0.2], radius: 0.1 });
    world.addSphere({ position: [1, 0.5, -0.3], radius: 0.15 });
    world.addSphere({ position: [0, 1, 0.5], radius: 0.2 });
    const sphere = (id: number): TapeEnd => ({ kind: 'sphere', id });
    const wall = (w: number): TapeEnd => ({ kind: 'wall', wall: w });
    const point = (x: number, y: number, z: number): TapeEnd => ({ kind: 'point', at: [x, y, z] });
    const out = new Float64Array(6);
    const at = { previous: world.positions, positions: world.positions };
    const seen = new Float64Array(1);
    const pairs: [TapeEnd, TapeEnd][] = [
      [sphere(0), sphere(1)],
      [sphere(2), wall(3)],
      [wall(0), wall(1)],
      [point(0, 0, 0), sphere(1)],
    ];
    const run = (): void => {
      for (let k = 0; k < 20_000; k++) {
        const [a, b] = pairs[k & 3];
        if (tapeEnds(a, b, world, at, 0.5, out)) seen[0] += tapeLength(out);
      }
    };
    run();
    let best = Infinity;
    // Every byte sampled while it runs, wherever V8 put it: tapeEnds is small enough to be inlined into the loop here.
    for (let round = 0; round < 3 && best > 0; round++) best = Math.min(best, await allSampledBytes(run));
    expect(seen[0]).toBeGreaterThan(0);
    // A few boxed numbers at most, far from one object a call (20,000 calls).
    expect(best).toBeLessThan(2_000);
  }, 30_000);
});
