import { describe, expect, it } from 'vitest';
import { createSandboxStore, type SandboxStore } from './index.ts';
import type { SolverPort } from '../runtime/index.ts';
import type { SolverPortFactory } from '../runtime/index.ts';
import { channelPort, playFrames, until } from '../testing/worker.ts';
import { presetById } from '../presets/presets.ts';
import { buildWorld } from '../solver/index.ts';

const DT = 1 / 60;

async function pauseAndWait(store: SandboxStore): Promise<void> {
  store.getState().pause();
  store.getState().frame(DT);
  await until(() => store.getState().sim.local !== null, 'the world to come back');
}

const positions = (store: SandboxStore): number[] => {
  const sim = store.getState().sim;
  return Array.from(sim.positions.subarray(0, 3 * sim.count));
};

describe('worker mode', () => {
  it('runs the world in the worker and gives exactly the positions of the main thread, step for step', async () => {
    const port = channelPort();
    const settings = { count: 400, seed: 9, gravityOn: true, restitution: 0.8 };
    const inWorker = createSandboxStore({ settings, solverThread: 'worker', solverPort: port.factory });
    const onPage = createSandboxStore({ settings, solverThread: 'main', solverPort: null, running: false });
    await playFrames(inWorker, 40);
    expect(port.made()).toBe(1);
    expect(inWorker.getState().sim.runsIn).toBe('worker');
    // The page's view follows the worker: time and the stats sampled from it move on.
    expect(inWorker.getState().sim.world.time).toBeGreaterThan(0);
    await pauseAndWait(inWorker);
    const steps = Math.round(inWorker.getState().sim.world.time / DT);
    expect(steps).toBeGreaterThan(10);
    for (let k = 0; k < steps; k++) onPage.getState().stepOnce();
    expect(inWorker.getState().sim.world.time).toBe(onPage.getState().sim.world.time);
    expect(positions(inWorker)).toEqual(positions(onPage));
    expect(inWorker.getState().stats.pairCollisionsTotal).toBe(onPage.getState().stats.pairCollisionsTotal);
    inWorker.getState().sim.dispose();
  });

  it('runs the walls in the worker: a compression and a heater set while running reach the worker, the view follows the piston, and the world comes back with them', async () => {
    const port = channelPort();
    const store = createSandboxStore({ preset: 'fast-compression', solverThread: 'worker', solverPort: port.factory });
    await playFrames(store, 10);
    expect(store.getState().sim.runsIn).toBe('worker');
    const y0 = store.getState().sim.world.wallState('+y').position;
    expect(store.getState().applySettings({ leftThermal: true, leftKT: 0.04 })).toBe(true);
    await playFrames(store, 20);
    const view = store.getState().sim.world;
    // The batches bring the walls: the piston has moved in, the box is smaller, heat has flowed.
    expect(view.wallState('+y').position).toBeLessThan(y0);
    expect(view.size[1]).toBeCloseTo(view.wallState('+y').position - view.bounds[2], 9);
    expect(view.wallState('-x').kT).toBe(0.04);
    await pauseAndWait(store);
    const world = store.getState().sim.local!;
    expect(world.wallState('-x').kT).toBe(0.04);
    expect(world.wallState('+y').velocity).toBeLessThanOrEqual(0);
    expect(world.stats().heat).not.toBe(0);
    const s = world.stats();
    const ledger = s.kineticEnergy + s.potentialEnergy - (s.work + s.heat - s.energyLost);
    // The world began with the preset's energy, all kinetic: the ledger still balances after the trip.
    const start = buildWorld(presetById('fast-compression')!.build(store.getState().settings.seed)).stats().kineticEnergy;
    expect(Math.abs(ledger - start)).toBeLessThan(1e-12 * start * 1e3);
    store.getState().sim.dispose();
  });

  it("follows the worker's reactions: the page's species by slot are the world's as it reacts, and the same run's on the page, sphere by sphere", async () => {
    const port = channelPort();
    const inWorker = createSandboxStore({ preset: 'exothermic', solverThread: 'worker', solverPort: port.factory });
    const onPage = createSandboxStore({ preset: 'exothermic', solverThread: 'main', solverPort: null, running: false });
    const speciesById = (store: SandboxStore): number[] => {
      const w = store.getState().sim.world;
      return Array.from({ length: w.count }, (_, id) => w.species[w.indexOf(id)]);
    };
    const start = speciesById(inWorker);
    // Played in the worker until the products are a tenth of the spheres (a few hundred frames).
    for (let k = 0; k < 40; k++) {
      await playFrames(inWorker, 20);
      if (inWorker.getState().sim.world.stats().speciesCounts[2] > inWorker.getState().sim.world.count / 10) break;
    }
    const view = inWorker.getState().sim.world;
    expect(inWorker.getState().sim.runsIn).toBe('worker');
    const counts = view.stats().speciesCounts;
    expect(counts[2], 'C made in the worker').toBeGreaterThan(view.count / 10);
    // The view's species, counted, are the worker's counts (before, the view kept the species it went with).
    const seen = [0, 0, 0, 0];
    for (let s = 0; s < view.count; s++) seen[view.species[s]]++;
    expect(seen).toEqual(counts);
    // Sphere by sphere, the species of the same steps run on the page.
    const steps = Math.round(view.time / DT);
    const inView = speciesById(inWorker);
    for (let k = 0; k < steps; k++) onPage.getState().stepOnce();
    expect(onPage.getState().sim.world.time).toBe(view.time);
    expect(inView).toEqual(speciesById(onPage));
    expect(inView).not.toEqual(start);
    inWorker.getState().sim.dispose();
  });

  it('takes live changes while running, edits only once the world is back, and a step asked for on the way', async () => {
    const port = channelPort();
    const store = createSandboxStore({ settings: { count: 200, seed: 3 }, solverThread: 'worker', solverPort: port.factory });
    await playFrames(store, 5);
    expect(store.getState().sim.runsIn).toBe('worker');
    expect(store.getState().applySetting('restitution', 0.5)).toBe(true);
    expect(store.getState().sim.world.options.restitution).toBe(0.5);
    await playFrames(store, 3);
    store.getState().pause();
    expect(store.getState().editSphere(0, { mass: 2 })).toMatch(/on its way back/);
    store.getState().stepOnce();
    const before = store.getState().sim.world.time;
    store.getState().frame(DT);
    await until(() => store.getState().sim.local !== null, 'the world to come back');
    const world = store.getState().sim.local!;
    expect(world.options.restitution).toBe(0.5);
    expect(world.time).toBeCloseTo(before + DT, 12);
    expect(store.getState().editSphere(0, { mass: 2 })).toBeNull();
    expect(world.masses[world.indexOf(0)]).toBe(2);
    store.getState().sim.dispose();
  });

  it('auto mode keeps small scenes on the page and hands large ones to the worker', async () => {
    const port = channelPort();
    const small = createSandboxStore({ settings: { count: 300 }, solverPort: port.factory });
    await playFrames(small, 3);
    expect(small.getState().sim.runsIn).toBe('main');
    expect(port.made()).toBe(0);
    const large = createSandboxStore({ settings: { count: 6000, boxSize: 40 }, solverPort: port.factory });
    await playFrames(large, 3);
    expect(large.getState().sim.runsIn).toBe('worker');
    // A rebuild while the worker runs the old world: the new one is handed over in its turn.
    expect(large.getState().applySetting('seed', 2)).toBe(true);
    expect(large.getState().sim.runsIn).toBe('main');
    await playFrames(large, 3);
    expect(large.getState().sim.runsIn).toBe('worker');
    expect(large.getState().sim.world.time).toBeGreaterThan(0);
    large.getState().sim.dispose();
  });
});

describe('worker mode when the worker fails', () => {
  it('a worker that cannot start leaves the solver on the page', async () => {
    const store = createSandboxStore({ settings: { count: 100 }, solverThread: 'worker', solverPort: () => {
      throw new Error('workers are blocked here');
    } });
    await playFrames(store, 3);
    expect(store.getState().sim.runsIn).toBe('main');
    expect(store.getState().sim.world.time).toBeGreaterThan(0);
  });

  it('a worker that dies holding the world: the experiment restarts on the page with a notice', async () => {
    let port: (SolverPort & { terminate?(): void }) | null = null;
    const factory: SolverPortFactory = () => {
      port = channelPort().factory();
      return port;
    };
    const store = createSandboxStore({ settings: { count: 100 }, solverThread: 'worker', solverPort: factory });
    await playFrames(store, 5);
    expect(store.getState().sim.runsIn).toBe('worker');
    const version = store.getState().sceneVersion;
    port!.onerror?.({ message: 'out of memory', preventDefault: () => {} } as unknown as ErrorEvent);
    expect(store.getState().sim.runsIn).toBe('main');
    expect(store.getState().sceneVersion).toBe(version + 1);
    expect(store.getState().notices.join(' ')).toMatch(/worker stopped \(out of memory\)/);
    await playFrames(store, 3);
    expect(store.getState().sim.runsIn).toBe('main');
    expect(store.getState().sim.world.time).toBeGreaterThan(0);
  });
});
