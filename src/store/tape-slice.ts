/**
 * The tape slice: the measuring tape's two ends (instruments/tape.ts measures between them),
 * whether the view draws it and whether clicks in the view set its ends. View state: a link does
 * not carry it. An end on a sphere that leaves the box (a new world without that id, a deleted
 * sphere) is cleared with a notice as the new world enters (core.ts); the view hides a tape it cannot place.
 * Build mode's delete closes the ids up: an end on a later sphere follows it to its new id
 * ({@link tapeAfterDelete}), and back when the delete is undone ({@link tapeAfterRestore}).
 */
import type { StateCreator } from 'zustand/vanilla';
import { checkTapeEnd, sameEnd, type TapeEnd } from '../instruments/index.ts';
import type { StoreCore } from './core.ts';
import type { SandboxState, TapeSlice, TapeState } from './state.ts';

/** The tape at the start: hidden, no ends, clicks in the view setting the ends once it is shown. */
export const TAPE_OFF: Readonly<TapeState> = Object.freeze({ on: false, picking: true, from: null, to: null });

export const createTapeSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], TapeSlice> =>
  (set, get) => ({
    tape: TAPE_OFF,
    setTape(patch) {
      const tape = get().tape;
      const on = patch.on ?? tape.on;
      const picking = patch.picking ?? tape.picking;
      if (on !== tape.on || picking !== tape.picking) set({ tape: { ...tape, on: on === true, picking: picking === true } });
    },
    setTapeEnd(field, end) {
      if (field !== 'from' && field !== 'to') return core.t('tape.badEnd', { field: String(field), value: JSON.stringify(end) ?? String(end) });
      if (end !== null) {
        const bad = checkTapeEnd(field, end, core.sim.world, core.t);
        if (bad !== null) return bad;
      }
      const tape = get().tape;
      if (sameEnd(tape[field], end)) return null;
      set({ tape: { ...tape, [field]: end === null ? null : copyEnd(end) } });
      return null;
    },
    tapeClick(end) {
      const tape = get().tape;
      // The first click sets From, the second To; a click after both starts a new measurement from it.
      const field = tape.from === null || tape.to !== null ? 'from' : 'to';
      if (checkTapeEnd(field, end, core.sim.world, core.t) !== null) return;
      set({ tape: field === 'from' ? { ...tape, from: copyEnd(end), to: null } : { ...tape, to: copyEnd(end) } });
    },
  });

/** The tape with each sphere end's id put through `renumber` (null clears the end); the same object when nothing changes. */
function renumbered(tape: TapeState, renumber: (id: number, field: 'from' | 'to') => number | null): TapeState {
  const map = (field: 'from' | 'to'): TapeEnd | null => {
    const end = tape[field];
    if (end === null || end.kind !== 'sphere') return end;
    const id = renumber(end.id, field);
    return id === end.id ? end : id === null ? null : { kind: 'sphere', id };
  };
  const from = map('from');
  const to = map('to');
  return from === tape.from && to === tape.to ? tape : { ...tape, from, to };
}

/**
 * The tape after build mode deleted the spheres of `deleted` and the ids after them closed up: an
 * end on a sphere that stays moves to that sphere's new id, an end on a deleted sphere is cleared
 * (its field and old id are in `gone`, for the notice), any other end stays.
 */
export function tapeAfterDelete(tape: TapeState, deleted: readonly number[]): { tape: TapeState; gone: { field: 'from' | 'to'; id: number }[] } {
  const gone: { field: 'from' | 'to'; id: number }[] = [];
  const dropped = new Set(deleted);
  const next = renumbered(tape, (id, field) => {
    if (dropped.has(id)) {
      gone.push({ field, id });
      return null;
    }
    let below = 0;
    for (const d of dropped) if (d < id) below++;
    return id - below;
  });
  return { tape: next, gone };
}

/**
 * The tape after undoing that delete: the spheres of `deleted` are back and the ids after them open
 * up again, so an end on a sphere moves back to its id from before the delete.
 */
export function tapeAfterRestore(tape: TapeState, deleted: readonly number[]): TapeState {
  const sorted = [...deleted].sort((a, b) => a - b);
  return renumbered(tape, (id) => {
    let before = id;
    for (const d of sorted) if (d <= before) before++;
    return before;
  });
}

/** A copy of a valid end with only its own fields. */
function copyEnd(end: TapeEnd): TapeEnd {
  if (end.kind === 'sphere') return { kind: 'sphere', id: end.id };
  if (end.kind === 'wall') return { kind: 'wall', wall: end.wall };
  return { kind: 'point', at: [end.at[0], end.at[1], end.at[2]] };
}
