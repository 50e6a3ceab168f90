/**
 * The Thermodynamics controls in the store: every wall setting reaches the running world live
 * (no rebuild), bad values are refused at their field with nothing changed, the timeline takes the walls back with the spheres, and the pump lets spheres in.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { stepN } from '../testing/store.ts';
import { local, play, stateById } from '../testing/twin.ts';
import { temperature } from '../solver/index.ts';

describe('the Thermodynamics controls', () => {
  it('each wall setting acts on the running world at once, without a rebuild', () => {
    const store = createSandboxStore({ running: false, settings: { count: 100 } });
    stepN(store, 10);
    const version = store.getState().sceneVersion;
    const world = () => local(store);
    expect(store.getState().applySettings({ piston: 'push', pistonSpeed: 0.8 })).toBe(true);
    expect(world().wallState('+y')).toMatchObject({ velocity: -0.8, mass: Infinity });
    expect(store.getState().applySettings({ piston: 'free', pistonForce: 3, pistonMass: 2 })).toBe(true);
    expect(world().wallState('+y')).toMatchObject({ mass: 2, force: 3 });
    expect(store.getState().applySettings({ leftThermal: true, leftKT: 0.05, rightThermal: true, rightKT: 0.01 })).toBe(true);
    expect(world().wallState('-x').kT).toBe(0.05);
    expect(world().wallState('+x').kT).toBe(0.01);
    expect(store.getState().applySetting('divider', true)).toBe(true);
    expect(world().divider).toEqual({ axis: 'x', position: 0 });
    stepN(store, 30);
    expect(world().stats().heat).not.toBe(0);
    expect(store.getState().applySettings({ piston: 'held', leftThermal: false, divider: false })).toBe(true);
    expect(world().wallState('+y')).toMatchObject({ velocity: 0, mass: Infinity });
    expect(world().wallState('-x').kT).toBeNull();
    expect(world().divider).toBeNull();
    expect(store.getState().sceneVersion).toBe(version);
  });

  it("the divider switched off and on again keeps the experiment's hole (the diffusion lesson's, a built scene's)", () => {
    const store = createSandboxStore({ running: false, preset: 'diffusion' });
    const hole = local(store).divider?.hole?.width;
    expect(hole, "the diffusion lesson's hole").toBeGreaterThan(0);
    expect(store.getState().applySetting('divider', false)).toBe(true);
    expect(local(store).divider).toBeNull();
    expect(store.getState().applySetting('divider', true)).toBe(true);
    expect(local(store).divider).toEqual({ axis: 'x', position: 0, hole: { width: hole } });
    // Built from the lesson: the built scene keeps the hole, and so does the divider put back.
    expect(store.getState().setBuilding(true)).toBeNull();
    const built = store.getState().built;
    expect(built?.dividerHole, "the built scene's hole").toBe(hole);
    expect(store.getState().applySetting('divider', false)).toBe(true);
    expect(store.getState().applySetting('divider', true)).toBe(true);
    expect(local(store).divider?.hole).toEqual({ width: hole });
  });

  it('refuses bad values at their field, naming the value, and changes nothing', () => {
    const store = createSandboxStore({ running: false, settings: { count: 50 } });
    const before = stateById(local(store));
    expect(store.getState().applySetting('pistonMass', 0)).toBe(false);
    expect(store.getState().errors.pistonMass).toMatch(/Piston mass must be at least 0.001 kg, got 0/);
    expect(store.getState().applySetting('leftKT', -1)).toBe(false);
    expect(store.getState().errors.leftKT).toMatch(/Left wall temperature kT must be at least .*got -1/);
    expect(store.getState().applySetting('piston', 'sideways' as never)).toBe(false);
    expect(store.getState().errors.piston).toMatch(/Piston must be one of held, push, pull, free, got "sideways"/);
    expect(local(store).wallState('+y')).toMatchObject({ velocity: 0, mass: Infinity });
    expect(stateById(local(store))).toEqual(before);
  });

  it('the timeline takes the walls back: scrubbing to an earlier step puts the piston where it was then', () => {
    const store = createSandboxStore({ preset: 'fast-compression', running: false });
    play(store, 30);
    const at30 = local(store).wallState('+y').position;
    const size30 = local(store).size;
    play(store, 60);
    expect(local(store).wallState('+y').position).toBeLessThan(at30 - 0.5);
    expect(store.getState().seek(30)).toBeNull();
    expect(local(store).wallState('+y').position).toBe(at30);
    expect(local(store).size).toEqual(size30);
  });

  it('the pump lets spheres in through the left wall at the chosen temperature, and refuses bad counts', () => {
    const store = createSandboxStore({ preset: 'free-expansion', running: false });
    play(store, 10);
    const n = local(store).count;
    expect(store.getState().pump(0, 0.02)).toMatch(/whole number from 1 to 1000, got 0/);
    expect(store.getState().pump(10, -1)).toMatch(/above 0 J.*got -1/);
    expect(local(store).count).toBe(n);
    expect(store.getState().pump(200, 0.05)).toBeNull();
    const w = local(store);
    expect(w.count).toBe(n + 200);
    expect(store.getState().scene.count).toBe(n + 200);
    // The newcomers (the last ids) start at the left wall, moving in: all in the left quarter of
    // the box (the overlap repair spreads the crowd a little), on average within 3 radii of it.
    let ke = 0;
    let meanX = 0;
    for (let id = w.count - 200; id < w.count; id++) {
      const s = w.indexOf(id);
      expect(w.positions[3 * s]).toBeLessThan(w.bounds[0] + 0.25 * (w.bounds[1] - w.bounds[0]));
      meanX += w.positions[3 * s] / 200;
      expect(w.velocities[3 * s]).toBeGreaterThan(0);
      ke += 0.5 * w.masses[s] * (w.velocities[3 * s] ** 2 + w.velocities[3 * s + 1] ** 2 + w.velocities[3 * s + 2] ** 2);
    }
    expect(meanX).toBeLessThan(w.bounds[0] + 3 * w.radii[0]);
    // The flux of a gas at kT carries 2 kT per sphere (kT along the normal, kT / 2 each tangential):
    // the mean of 200 draws is within 15% (its spread is about 5%).
    expect(ke / 200 / (2 * 0.05)).toBeGreaterThan(0.85);
    expect(ke / 200 / (2 * 0.05)).toBeLessThan(1.15);
    play(store, 60);
    expect(temperature(local(store))).toBeGreaterThan(0);
  });
});
