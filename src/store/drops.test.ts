/**
 * The drops of a gas with wells as the store publishes them: the drop meter's reading is the
 * clusters of the world on screen at each publish, the Graph tool's "spheres in drops" is that
 * reading, a scene without wells has none, and the sound drips as the gas condenses.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { Clusters, parseQuantity, readQuantities } from '../instruments/index.ts';
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
    const out = new Float64Array(2);
    const quantities = [parseQuantity('inDrops'), parseQuantity('largestDrop')];
    for (let k = 0; k < 20; k++) {
      for (let s = 0; s < 30; s++) store.getState().stepOnce();
      const { sim, instruments } = store.getState();
      check.measure(sim.world);
      expect(instruments.drops.last).toMatchObject({ active: true, time: sim.world.time, inDrops: check.inDrops, largest: check.largest });
      readQuantities({ world: sim.world, firstLaw: instruments.firstLaw.last, counter: instruments.counter, drops: instruments.drops.last }, quantities, out);
      expect(Array.from(out)).toEqual([check.inDrops, check.largest]);
    }
    // A point at each publish: the scene's arrival at time 0, then every step.
    expect(store.getState().instruments.drops.history.length).toBe(1 + 20 * 30);
    store.getState().selectPreset('gas');
    store.getState().stepOnce();
    const { instruments } = store.getState();
    expect([instruments.drops.last.active, instruments.drops.history.length]).toEqual([false, 0]);
    readQuantities({ world: store.getState().sim.world, firstLaw: instruments.firstLaw.last, counter: instruments.counter, drops: instruments.drops.last }, quantities, out);
    expect(Array.from(out)).toEqual([NaN, NaN]);
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
