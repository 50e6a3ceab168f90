/**
 * The Attraction settings in the store: the depth and range reach the running world's well between
 * every pair live (no rebuild), beside the wells a scene names between species; a bad value is
 * refused at its field with nothing changed; a preset lends its well to the settings and leaving it
 * gives the free sandbox's back; in worker mode the well reaches the worker.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { stepN } from '../testing/store.ts';
import { local } from '../testing/twin.ts';
import { channelPort, playFrames, until } from '../testing/worker.ts';
import type { BuiltScene } from '../experiment/index.ts';

/** Sixty spheres of two species in two rows, each sphere a hair from the next, so that pairs are inside any well from the start. */
function twoSpecies(): BuiltScene {
  const spheres: BuiltScene['spheres'] = [];
  for (let k = 0; k < 60; k++) {
    spheres.push({ position: [-3 + 0.21 * (k % 30), k < 30 ? 0 : 1, 0], velocity: [0, 0.1 * (k % 3), 0], radius: 0.1, mass: 1, ...(k % 2 === 1 ? { species: 1 } : {}) });
  }
  return { size: [12, 12, 12], spheres, wells: [{ between: [0, 1], range: 1.2, depth: 0.3 }] };
}

describe('the Attraction settings', () => {
  it('set the well between every pair live, and take it away at depth 0, without a rebuild', () => {
    const store = createSandboxStore({ running: false, settings: { count: 300, radiusMin: 0.3, radiusMax: 0.3, boxSize: 8 } });
    stepN(store, 5);
    const version = store.getState().sceneVersion;
    expect(local(store).wells).toEqual([]);
    expect(local(store).stats().wellPairs).toBe(0);
    expect(store.getState().applySettings({ attraction: 0.4, attractionRange: 1.6 })).toBe(true);
    expect(local(store).wells).toEqual([{ range: 1.6, depth: 0.4 }]);
    // A packing of 0.21: many pairs are within 1.6 sums of radii at once.
    expect(local(store).stats().wellPairs).toBeGreaterThan(50);
    expect(local(store).stats().wellEnergy).toBeCloseTo(-0.4 * local(store).stats().wellPairs, 9);
    stepN(store, 20);
    expect(store.getState().applySetting('attraction', 0)).toBe(true);
    expect(local(store).wells).toEqual([]);
    expect(local(store).stats().wellPairs).toBe(0);
    expect(store.getState().sceneVersion).toBe(version);
  });

  it('keep the wells a built scene names between species beside the one between every pair', () => {
    const store = createSandboxStore({ running: false, built: twoSpecies() });
    expect(local(store).wells).toEqual([{ between: [0, 1], range: 1.2, depth: 0.3 }]);
    expect(store.getState().applySettings({ attraction: 0.1, attractionRange: 1.9 })).toBe(true);
    expect(local(store).wells).toEqual([{ between: [0, 1], range: 1.2, depth: 0.3 }, { range: 1.9, depth: 0.1 }]);
    expect(store.getState().applySetting('attractionRange', 1.3)).toBe(true);
    expect(local(store).wells).toEqual([{ between: [0, 1], range: 1.2, depth: 0.3 }, { range: 1.3, depth: 0.1 }]);
    expect(store.getState().applySetting('attraction', 0)).toBe(true);
    expect(local(store).wells).toEqual([{ between: [0, 1], range: 1.2, depth: 0.3 }]);
  });

  it('refuse a bad depth or range at its field, naming the value, and change nothing', () => {
    const store = createSandboxStore({ running: false, settings: { count: 50, attraction: 0.2 } });
    expect(local(store).wells).toEqual([{ range: 1.5, depth: 0.2 }]);
    expect(store.getState().applySetting('attraction', -1)).toBe(false);
    expect(store.getState().errors.attraction).toBe('Attraction depth ε must be at least 0 J, got -1');
    expect(store.getState().applySetting('attractionRange', 1)).toBe(false);
    expect(store.getState().errors.attractionRange).toBe('Attraction range must be more than 1, got 1');
    expect(store.getState().applySetting('attractionRange', 2.5)).toBe(false);
    expect(store.getState().errors.attractionRange).toBe('Attraction range must be at most 2, got 2.5');
    expect(store.getState().settings).toMatchObject({ attraction: 0.2, attractionRange: 1.5 });
    expect(local(store).wells).toEqual([{ range: 1.5, depth: 0.2 }]);
  });

  it("are borrowed by a preset with a well between every pair (condensation), and given back on leaving it", () => {
    const store = createSandboxStore({ running: false, settings: { count: 100, attraction: 0.05, attractionRange: 1.8 } });
    store.getState().selectPreset('condensation');
    const { settings } = store.getState();
    expect(settings.attraction).toBe(1);
    expect(settings.attractionRange).toBe(1.5);
    // Its walls are the two the settings hold: the lesson runs as its scene is, wells and walls.
    expect(settings).toMatchObject({ leftThermal: true, rightThermal: true });
    expect(settings.leftKT).toBeCloseTo(0.6, 12);
    expect(settings.rightKT).toBeCloseTo(0.6, 12);
    expect(local(store).wells).toEqual([{ range: 1.5, depth: 1 }]);
    expect(local(store).wallState('-y').kT).toBeNull();
    // Live, the lesson keeps running with a shallower well.
    expect(store.getState().applySetting('attraction', 0.5)).toBe(true);
    expect(store.getState().preset).toBe('condensation');
    expect(local(store).wells).toEqual([{ range: 1.5, depth: 0.5 }]);
    // A preset without a well lends depth 0; the free sandbox gets its own back.
    store.getState().selectPreset('gas');
    expect(store.getState().settings.attraction).toBe(0);
    expect(local(store).wells).toEqual([]);
    store.getState().selectPreset(null);
    expect(store.getState().settings).toMatchObject({ attraction: 0.05, attractionRange: 1.8 });
    expect(local(store).wells).toEqual([{ range: 1.8, depth: 0.05 }]);
  });

  it('reach the worker while it runs the world, and come back with it', async () => {
    const port = channelPort();
    const store = createSandboxStore({ settings: { count: 200, seed: 3, radiusMin: 0.3, radiusMax: 0.3 }, solverThread: 'worker', solverPort: port.factory });
    await playFrames(store, 5);
    expect(store.getState().sim.runsIn).toBe('worker');
    expect(store.getState().applySettings({ attraction: 0.3, attractionRange: 1.7 })).toBe(true);
    expect(store.getState().sim.world.wells).toEqual([{ range: 1.7, depth: 0.3 }]);
    await playFrames(store, 10);
    await until(() => store.getState().sim.world.stats().wellPairs > 0, 'the worker to report pairs inside the well');
    store.getState().pause();
    store.getState().frame(1 / 60);
    await until(() => store.getState().sim.local !== null, 'the world to come back');
    const world = store.getState().sim.local!;
    expect(world.wells).toEqual([{ range: 1.7, depth: 0.3 }]);
    expect(world.stats().wellPairs).toBeGreaterThan(0);
    store.getState().sim.dispose();
  });
});
