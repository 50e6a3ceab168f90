/**
 * The drops of a gas with wells as the store publishes them: the drop meter's reading is the
 * clusters of the world on screen at each publish, the Graph tool's "spheres in drops" and the
 * liquid's and the vapour's kT are that reading (the kT as summed here from the spheres' speeds),
 * a scene without wells has none, and the sound drips as the gas condenses.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { Clusters, DROP_SIZE, parseQuantity, readQuantities } from '../instruments/index.ts';
import { condensingGasScene } from '../solver/index.ts';
import { FakeAudioContext } from '../testing/fake-audio.ts';

const SCENE = condensingGasScene({ count: 300, packingFraction: 0.03, temperature: 0.6, range: 1.5, seed: 2 });

describe('the drops in the store', () => {
  it('each publish measures the world on screen; the graph reads the same count; a scene without wells has none', () => {
    const store = createSandboxStore({ running: false });
    expect(store.getState().instruments.drops.last.active).toBe(false);
    expect(store.getState().loadScene(SCENE)).toBeNull();
    const check = new Clusters();
    check.setWells(SCENE.wells!);
    const out = new Float64Array(4);
    const quantities = [parseQuantity('inDrops'), parseQuantity('largestDrop'), parseQuantity('liquidKT'), parseQuantity('vapourKT')];
    for (let k = 0; k < 20; k++) {
      for (let s = 0; s < 30; s++) store.getState().stepOnce();
      const { sim, instruments } = store.getState();
      check.measure(sim.world);
      expect(instruments.drops.last).toMatchObject({ active: true, time: sim.world.time, inDrops: check.inDrops, largest: check.largest });
      readQuantities({ world: sim.world, firstLaw: instruments.firstLaw.last, counter: instruments.counter, drops: instruments.drops.last }, quantities, out);
      expect(Array.from(out).slice(0, 2)).toEqual([check.inDrops, check.largest]);
      // kT = (2/3) of the mean kinetic energy, in drops and outside them.
      const sum = [0, 0];
      const n = [0, 0];
      const v = sim.world.velocities;
      for (let i = 0; i < sim.world.count; i++) {
        const side = check.clusterSize(i) >= DROP_SIZE ? 0 : 1;
        sum[side] += 0.5 * sim.world.masses[i] * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
        n[side]++;
      }
      if (k >= 10) expect(n[0], 'spheres in drops').toBeGreaterThan(0);
      expect(out[2]).toBeCloseTo(n[0] > 0 ? ((2 / 3) * sum[0]) / n[0] : NaN, 12);
      expect(out[3]).toBeCloseTo(((2 / 3) * sum[1]) / n[1], 12);
    }
    // A point at each publish: the scene's arrival at time 0, then every step.
    expect(store.getState().instruments.drops.history.length).toBe(1 + 20 * 30);
    store.getState().selectPreset('gas');
    store.getState().stepOnce();
    const { instruments } = store.getState();
    expect([instruments.drops.last.active, instruments.drops.history.length]).toEqual([false, 0]);
    readQuantities({ world: store.getState().sim.world, firstLaw: instruments.firstLaw.last, counter: instruments.counter, drops: instruments.drops.last }, quantities, out);
    expect(Array.from(out)).toEqual([NaN, NaN, NaN, NaN]);
  });

  it('once the sound is unlocked, the condensing gas drips', async () => {
    const store = createSandboxStore({ running: false });
    const fake = new FakeAudioContext();
    const sound = await store.getState().sound(() => fake.asContext());
    sound.unlock();
    expect(store.getState().loadScene(SCENE)).toBeNull();
    for (let k = 0; k < 40; k++) {
      fake.currentTime = k;
      for (let s = 0; s < 15; s++) store.getState().stepOnce();
    }
    expect(store.getState().instruments.drops.last.inDrops).toBeGreaterThan(60);
    expect(sound.drips).toBeGreaterThan(0);
  });
});
