import { describe, expect, it } from 'vitest';
import { createSandboxStore } from './index.ts';
import { tapeEnds, tapeLength } from '../instruments/index.ts';

/** The tape's length from the store's ends and the world's positions now, or null when it cannot be placed. */
function lengthOf(store: ReturnType<typeof createSandboxStore>): number | null {
  const { tape, sim } = store.getState();
  const out = new Float64Array(6);
  return tapeEnds(tape.from, tape.to, sim.world, sim, 1, out) ? tapeLength(out) : null;
}

describe('the tape in the store', () => {
  it('starts hidden and unset; shows, picks and sets its ends', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    const s = store.getState;
    expect(s().tape).toEqual({ on: false, picking: true, from: null, to: null });
    s().setTape({ on: true });
    expect(s().tape.on).toBe(true);
    s().setTape({ picking: false });
    expect(s().tape).toMatchObject({ on: true, picking: false });
    expect(s().setTapeEnd('from', { kind: 'sphere', id: 0 })).toBeNull();
    expect(s().setTapeEnd('to', { kind: 'sphere', id: 4 })).toBeNull();
    // The cradle's spheres hang in a row along x: the tape measures between the two ends' centres.
    const p = s().sim.positions;
    const i = s().sim.world.indexOf(0);
    const j = s().sim.world.indexOf(4);
    const expected = Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]);
    expect(expected).toBeGreaterThan(0);
    expect(lengthOf(store)).toBeCloseTo(expected, 12);
  });

  it('refuses a bad end with a message naming the field and the value, leaving the tape as it was', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const s = store.getState;
    expect(s().setTapeEnd('from', { kind: 'wall', wall: 2 })).toBeNull();
    const before = s().tape;
    expect(s().setTapeEnd('to', { kind: 'sphere', id: 99 })).toBe('Tape end to: there is no sphere 99 in the box.');
    expect(s().setTapeEnd('from', { kind: 'wall', wall: 7 })).toBe('Tape end from: wall 7 is not one of 0 to 5.');
    expect(s().setTapeEnd('to', { kind: 'point', at: [0, Infinity, 0] } as never)).toContain('to');
    expect(s().setTapeEnd('middle' as never, { kind: 'wall', wall: 1 })).toContain('middle');
    expect(s().tape).toBe(before);
    expect(s().setTapeEnd('from', null)).toBeNull();
    expect(s().tape.from).toBeNull();
  });

  it('a click sets From, the next To, and one after both starts again from it', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const s = store.getState;
    s().tapeClick({ kind: 'sphere', id: 0 });
    expect(s().tape).toMatchObject({ from: { kind: 'sphere', id: 0 }, to: null });
    s().tapeClick({ kind: 'wall', wall: 1 });
    expect(s().tape).toMatchObject({ from: { kind: 'sphere', id: 0 }, to: { kind: 'wall', wall: 1 } });
    s().tapeClick({ kind: 'point', at: [0, 0, 0] });
    expect(s().tape).toMatchObject({ from: { kind: 'point', at: [0, 0, 0] }, to: null });
    // A click naming no sphere of the world changes nothing.
    s().tapeClick({ kind: 'sphere', id: 50 });
    expect(s().tape).toMatchObject({ from: { kind: 'point', at: [0, 0, 0] }, to: null });
  });

  it('an end on a sphere the new world lacks clears with a notice; the other end stays', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    const s = store.getState;
    const n = s().sim.world.count;
    expect(s().setTapeEnd('from', { kind: 'sphere', id: n - 1 })).toBeNull();
    expect(s().setTapeEnd('to', { kind: 'wall', wall: 2 })).toBeNull();
    // Build mode: delete the last sphere.
    expect(s().setBuilding(true)).toBeNull();
    expect(s().buildDelete([n - 1])).toBeNull();
    expect(s().sim.world.count).toBe(n - 1);
    expect(s().tape.from).toBeNull();
    expect(s().tape.to).toEqual({ kind: 'wall', wall: 2 });
    expect(s().notices.at(-1)).toBe(`Sphere #${n - 1} is no longer in the box: the tape end From on it is cleared.`);
    expect(lengthOf(store)).toBeNull();
  });

  it('follows its spheres when build mode deletes others and the ids close up; an end on a deleted sphere clears', () => {
    const store = createSandboxStore({ preset: 'cradle', running: false });
    const s = store.getState;
    expect(s().sim.world.count).toBe(5);
    expect(s().setTapeEnd('from', { kind: 'sphere', id: 1 })).toBeNull();
    expect(s().setTapeEnd('to', { kind: 'sphere', id: 4 })).toBeNull();
    expect(s().setBuilding(true)).toBeNull();
    const at = (id: number): number[] => {
      const k = s().sim.world.indexOf(id);
      return [...s().sim.positions.subarray(3 * k, 3 * k + 3)];
    };
    const fromAt = at(1);
    const toAt = at(4);
    const length = lengthOf(store);
    // Deleting #0 and #2: #1 becomes #0 and #4 becomes #2, at the same places, the same length apart.
    expect(s().buildDelete([2, 0])).toBeNull();
    expect(s().tape.from).toEqual({ kind: 'sphere', id: 0 });
    expect(s().tape.to).toEqual({ kind: 'sphere', id: 2 });
    expect(at(0)).toEqual(fromAt);
    expect(at(2)).toEqual(toAt);
    expect(lengthOf(store)).toBe(length);
    const notices = s().notices.length;
    // Deleting the To end's sphere clears that end with a notice naming its id then; From stays.
    expect(s().buildDelete([2])).toBeNull();
    expect(s().tape.from).toEqual({ kind: 'sphere', id: 0 });
    expect(s().tape.to).toBeNull();
    expect(s().notices.slice(notices)).toEqual(['Sphere #2 is no longer in the box: the tape end To on it is cleared.']);
    // Undoing the first delete brings #0 and #2 back: From goes back to #1, at its place.
    expect(s().setTapeEnd('to', { kind: 'sphere', id: 1 })).toBeNull();
    expect(s().buildUndo()).toBeNull();
    expect(s().buildUndo()).toBeNull();
    expect(s().sim.world.count).toBe(5);
    expect(s().tape.from).toEqual({ kind: 'sphere', id: 1 });
    expect(s().tape.to).toEqual({ kind: 'sphere', id: 3 });
    expect(at(1)).toEqual(fromAt);
    // Redoing it closes the ids up again.
    expect(s().buildRedo()).toBeNull();
    expect(s().tape.from).toEqual({ kind: 'sphere', id: 0 });
    expect(s().tape.to).toEqual({ kind: 'sphere', id: 1 });
  });

  it('keeps its ends through a restart (the same ids)', () => {
    const store = createSandboxStore({ preset: 'head-on', running: false });
    const s = store.getState;
    expect(s().setTapeEnd('from', { kind: 'sphere', id: 0 })).toBeNull();
    expect(s().setTapeEnd('to', { kind: 'sphere', id: 1 })).toBeNull();
    const length = lengthOf(store);
    s().play();
    for (let k = 0; k < 20; k++) s().frame(1 / 60);
    expect(lengthOf(store)).not.toBeCloseTo(length!, 6);
    s().restart();
    expect(s().tape.from).toEqual({ kind: 'sphere', id: 0 });
    expect(lengthOf(store)).toBeCloseTo(length!, 12);
  });
});
