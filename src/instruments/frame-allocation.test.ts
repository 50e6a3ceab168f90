/**
 * What the frame loop allocates: Simulation.frame (the fixed-step clock, the solver steps, the
 * previous positions kept for interpolation) with the instruments a sandbox attaches (the
 * collision flash and counters, the timeline, the twin, the last collisions)
 * and the readouts the renderer takes every frame (with and without a what-if twin), over 300 frames of a 2,000-sphere gas on the
 * page's thread, from V8's sampling heap profiler (a sample every 64 bytes). Best of up to five
 * rounds (V8 may still be re-optimizing a function in the first). The per-step copy of the
 * previous positions made a typed-array view each step until this test found it.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from '../solver/index.ts';
import { Simulation } from '../runtime/index.ts';
import { sampledBytes } from '../testing/solver.ts';
import { LastCollisions, ReadoutsWindow, RunTimeline, TwinInstrument, WATCHED_MAX } from './index.ts';

/** Bytes the sampling heap profiler attributes to the runtime's, the instruments' and the solver's functions while `run` runs. */
const bytesDuring = (run: () => void) => sampledBytes(run, ['/src/runtime/', '/src/instruments/', '/src/store/', '/src/solver/']);

/** A simulation with the instruments every sandbox attaches. */
function instrumented(sim: Simulation): { readouts: ReadoutsWindow; twin: TwinInstrument } {
  const readouts = new ReadoutsWindow(sim);
  const twin = new TwinInstrument(sim, readouts);
  sim.attach(readouts);
  sim.attach(twin);
  sim.attach(new RunTimeline(sim));
  // The last collisions of as many spheres as it follows (they collide every few steps).
  const last = new LastCollisions(sim);
  last.watch(Array.from({ length: WATCHED_MAX }, (_, k) => sim.world.idAt(k)));
  sim.attach(last);
  return { readouts, twin };
}

describe('frame loop allocation', () => {
  it('Simulation.frame and the per-frame readouts: no object per frame or step, at most a few boxed numbers (under 96 bytes a frame; 130 with a view made per step)', async () => {
    const sim = new Simulation(buildWorld(gasScene({ count: 2000, packingFraction: 0.1, speed: 5, seed: 5 })));
    const { readouts } = instrumented(sim);
    const seen = new Float64Array(1);
    let steps = 0;
    const frame = (): void => {
      const due = sim.frame(1 / 60, true);
      steps += sim.stepsLastFrame;
      // What the renderer reads each frame.
      seen[0] += sim.positions[0] + sim.previous[0] + sim.velocities[0] + sim.radii[0] + readouts.lastHit[0] + (due ? 1 : 0);
    };
    for (let k = 0; k < 600; k++) frame();
    let best: { bytes: number; sites: string[] } | null = null;
    for (let round = 0; round < 5 && (best === null || best.bytes > 0); round++) {
      steps = 0;
      const r = await bytesDuring(() => {
        for (let k = 0; k < 300; k++) frame();
      });
      if (best === null || r.bytes < best.bytes) best = r;
    }
    expect(steps).toBeGreaterThanOrEqual(290); // it did step: one fixed step a 1/60 s frame
    // What may remain are numbers V8 boxes: the two clock readings that time the frame's steps
    // (performance.now returns a new number), and numbers crossing a call it does not inline.
    // One typed-array view or small object per step is about 90 bytes more a frame.
    if (best!.bytes > 96 * 300) expect(best!.sites).toEqual([]);
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
    let best: { bytes: number; sites: string[] } | null = null;
    const version = twin.version;
    for (let round = 0; round < 5 && (best === null || best.bytes > 0); round++) {
      const r = await bytesDuring(() => {
        for (let k = 0; k < 300; k++) frame();
      });
      if (best === null || r.bytes < best.bytes) best = r;
    }
    expect(twin.version - version).toBeGreaterThanOrEqual(290); // the twin did step
    if (best!.bytes > 96 * 300) expect(best!.sites).toEqual([]);
  }, 60_000);
});
