import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSandboxStore } from './index.ts';
import type { BuiltSphere } from '../experiment/index.ts';

const ball = (x: number, y = 0, z = 0): BuiltSphere => ({ position: [x, y, z], velocity: [0, 0, 0], radius: 0.25, mass: 1 });

/** A store in build mode with an empty 4 m box and no gravity. */
function building() {
  const store = createSandboxStore({ settings: { count: 20, boxSize: 4, gravityOn: false }, running: false, solverPort: null });
  expect(store.getState().setBuilding(true)).toBeNull();
  expect(store.getState().buildStart({ size: [4, 4, 4] })).toBeNull();
  expect(store.getState().buildPast).toHaveLength(1); // starting afresh is undoable too
  // Off and on again: the history starts at the empty box.
  store.getState().setBuilding(false);
  expect(store.getState().setBuilding(true)).toBeNull();
  expect(store.getState().built).toEqual({ size: [4, 4, 4], spheres: [] });
  return store;
}

/** Everything a build edit may change. */
const look = (store: ReturnType<typeof building>) => {
  const s = store.getState();
  const w = s.sim.world;
  return { built: structuredClone(s.built), selection: [...s.selection], past: s.buildPast.length, future: s.buildFuture.length, count: w.count, positions: [...w.positions.subarray(0, 3 * w.count)] };
};

describe('build mode in the store', () => {
  it('entering takes the world at the current step, paused, and the world follows each edit', () => {
    const store = createSandboxStore({ settings: { count: 20, boxSize: 4 }, solverPort: null });
    for (let i = 0; i < 10; i++) store.getState().frame(1 / 60);
    const w = store.getState().sim.world;
    const at = [...w.positions.subarray(0, 3 * w.count)];
    expect(store.getState().setBuilding(true)).toBeNull();
    const s = store.getState();
    expect(s.running).toBe(false);
    expect(s.building).toBe(true);
    expect(s.built?.spheres).toHaveLength(20);
    for (let id = 0; id < 20; id++) expect(s.built?.spheres[id].position).toEqual(at.slice(3 * w.indexOf(id), 3 * w.indexOf(id) + 3));
    expect(s.buildPlace(ball(0, -1.75))).toBe(null);
    expect(store.getState().sim.world.count).toBe(21);
    expect(store.getState().selection).toEqual([20]);
  });

  it('every edit is undone and redone exactly, and a refusal leaves the store as it was', () => {
    const store = building();
    const s = () => store.getState();
    const states = [look(store)];
    expect(s().buildPlace(ball(0))).toBeNull();
    states.push(look(store));
    expect(s().buildArrange([], { shape: 'row', count: 3, spacing: 0.6, centre: [0, -1, 0] }, ball(0))).toBeNull();
    states.push(look(store));
    expect(s().buildPatch([1, 2], { mass: 2, color: '#123456' })).toBeNull();
    states.push(look(store));
    const before = look(store);
    expect(s().buildPlace(ball(0.1))).toBe('the new sphere would overlap sphere 0; nothing was changed.');
    expect(s().buildPatch([0], { radius: -1 })).toBe('Radius of sphere 0 must be a number greater than 0; got -1');
    expect(s().buildMove([9], [1, 0, 0])).toBe('There is no sphere 9 in this experiment.');
    expect(look(store)).toEqual(before);
    for (let k = states.length - 2; k >= 0; k--) {
      expect(s().buildUndo()).toBeNull();
      expect(look(store).built).toEqual(states[k].built);
      expect(look(store).positions).toEqual(states[k].positions);
    }
    expect(s().buildUndo()).toBe('Nothing to undo.');
    for (let k = 1; k < states.length; k++) {
      expect(s().buildRedo()).toBeNull();
      expect(look(store).built).toEqual(states[k].built);
    }
    expect(s().buildRedo()).toBe('Nothing to redo.');
    // A new edit after an undo drops the redo branch.
    s().buildUndo();
    s().buildClear();
    expect(s().buildFuture).toEqual([]);
    expect(s().built?.spheres).toEqual([]);
  });

  it('random edit sequences, undone fully, give back the start exactly', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('place' as const), x: fc.double({ min: -2, max: 2, noNaN: true }), y: fc.double({ min: -2, max: 2, noNaN: true }) }),
      fc.record({ kind: fc.constant('add' as const), x: fc.double({ min: -2, max: 2, noNaN: true }) }),
      fc.record({ kind: fc.constant('dup' as const), id: fc.nat(6) }),
      fc.record({ kind: fc.constant('del' as const), id: fc.nat(6) }),
      fc.record({ kind: fc.constant('move' as const), id: fc.nat(6), dx: fc.double({ min: -1, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('patch' as const), id: fc.nat(6), mass: fc.double({ min: -1, max: 5, noNaN: true }), label: fc.string({ maxLength: 30 }) }),
      fc.record({ kind: fc.constant('arrange' as const), shape: fc.constantFrom('row' as const, 'grid' as const, 'ring' as const), count: fc.integer({ min: 0, max: 5 }), spacing: fc.double({ min: 0.3, max: 1.2, noNaN: true }) }),
      fc.record({ kind: fc.constant('undo' as const) }),
      fc.record({ kind: fc.constant('redo' as const) }),
    );
    const store = building();
    store.getState().buildArrange([], { shape: 'grid', count: 4, spacing: 0.8, centre: [0, 0, 0] }, ball(0));
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), (edits) => {
        const s = () => store.getState();
        // Start each run from a fresh history holding this scene.
        s().setBuilding(false);
        s().setBuilding(true);
        const start = look(store);
        for (const e of edits) {
          const before = look(store);
          let out: string | null;
          if (e.kind === 'place') out = s().buildPlace(ball(e.x, e.y));
          else if (e.kind === 'add') out = s().buildAdd(ball(e.x));
          else if (e.kind === 'dup') out = s().buildDuplicate([e.id]);
          else if (e.kind === 'del') out = s().buildDelete([e.id]);
          else if (e.kind === 'move') out = s().buildMove([e.id], [e.dx, 0, 0]);
          else if (e.kind === 'patch') out = s().buildPatch([e.id], { mass: e.mass, label: e.label });
          else if (e.kind === 'arrange') out = s().buildArrange([], { shape: e.shape, count: e.count, spacing: e.spacing, centre: [0, 1, 0] }, ball(0));
          else if (e.kind === 'undo') out = s().buildUndo();
          else out = s().buildRedo();
          if (out !== null) expect(look(store)).toEqual(before);
        }
        while (s().buildPast.length > 0) expect(s().buildUndo()).toBeNull();
        expect(look(store).built).toEqual(start.built);
        expect(look(store).positions).toEqual(start.positions);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('refuses edits outside build mode, and starts from a preset', () => {
    const store = createSandboxStore({ settings: { count: 20, boxSize: 4 }, running: false, solverPort: null });
    expect(store.getState().buildPlace(ball(0))).toBe('Switch Build on first.');
    expect(store.getState().setBuilding(true)).toBeNull();
    expect(store.getState().buildStart({ preset: 'no-such' })).toBe('Unknown preset "no-such".');
    expect(store.getState().buildStart({ size: [0.1, 4, 4] })).toBe('Box side x must be between 0.5 m and 500 m; got 0.1');
    expect(store.getState().buildStart({ size: [6, 3, 5] })).toBeNull();
    expect(store.getState().sim.world.size).toEqual([6, 3, 5]);
    expect(store.getState().sim.world.count).toBe(0);
  });
});

describe('build mode: wells between species', () => {
  it('adds and removes a well between two species, each an undoable edit that the world follows, beside the Attraction setting', () => {
    const store = building();
    expect(store.getState().buildAdd({ ...ball(-0.3), species: 1 })).toBeNull();
    expect(store.getState().buildAdd(ball(0.3))).toBeNull();
    expect(store.getState().buildSetWells([{ between: [0, 1], range: 1.5, depth: 0.4 }])).toBeNull();
    expect(store.getState().built?.wells).toEqual([{ between: [0, 1], range: 1.5, depth: 0.4 }]);
    // The two spheres are 0.6 m apart, within 1.5 sums of radii (0.75 m): their pair is inside.
    expect(store.getState().sim.world.wells).toEqual([{ between: [0, 1], range: 1.5, depth: 0.4 }]);
    expect(store.getState().sim.world.stats().wellPairs).toBe(1);
    expect(store.getState().applySettings({ attraction: 0.1, attractionRange: 1.1 })).toBe(true);
    expect(store.getState().sim.world.wells).toEqual([{ between: [0, 1], range: 1.5, depth: 0.4 }, { range: 1.1, depth: 0.1 }]);
    expect(store.getState().buildSetWells([])).toBeNull();
    expect(store.getState().built?.wells).toBeUndefined();
    expect(store.getState().sim.world.wells).toEqual([{ range: 1.1, depth: 0.1 }]);
    expect(store.getState().buildUndo()).toBeNull();
    expect(store.getState().built?.wells).toEqual([{ between: [0, 1], range: 1.5, depth: 0.4 }]);
    expect(store.getState().sim.world.stats().wellPairs).toBe(1);
  });

  it('refuses a bad well naming it and its value, and changes nothing', () => {
    const store = building();
    expect(store.getState().buildAdd(ball(0))).toBeNull();
    const before = look(store);
    expect(store.getState().buildSetWells([{ between: [0, 1], range: 2.5, depth: 1 }])).toBe('Range of well 1 must be more than 1 and at most 2 sums of radii; got 2.5');
    expect(store.getState().buildSetWells([{ between: [0, 1], range: 1.5, depth: 0 }])).toBe('Depth ε of well 1 must be greater than 0 and at most 1000000; got 0');
    expect(store.getState().buildSetWells([{ between: [0, 64], range: 1.5, depth: 1 }])).toBe('Species of well 1 must be a whole number from 0 to 63; got 64');
    expect(store.getState().buildSetWells([{ between: [0, 1], range: 1.5, depth: 1 }, { between: [1, 0], range: 1.2, depth: 1 }])).toBe('well 2 names the same pair of species as well 1');
    expect(look(store)).toEqual(before);
  });
});
