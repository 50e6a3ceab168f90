/**
 * The build slice: build mode, the lab bench's edits of the built scene (each validated by
 * experiment/build-ops.ts and rebuilt into the world at once, paused), and their undo history.
 *
 * Entering build mode pauses and takes the world as it stands at the current step (positions
 * and velocities now, colours and labels of a scene built before) as the built scene, so that what
 * the person sees is what they edit. Each edit that is accepted pushes the scene before it onto a
 * bounded history (`BUILD_HISTORY_MAX`); undo and redo swap whole scenes and rebuild the world
 * from them, so the solver's step is never touched. A refused edit returns its message and
 * leaves the store as it was.
 */
import type { StateCreator } from 'zustand/vanilla';
import {
  addSphere,
  arrangeSpheres,
  builtSceneOf,
  checkBuiltScene,
  checkSphereValues,
  deleteSpheres,
  duplicateSpheres,
  emptyScene,
  isLocked,
  moveSpheres,
  patchSpheres,
  placeSphere,
  setSceneWells,
  type BuildOutcome,
  type BuiltScene,
} from '../experiment/index.ts';
import { presetById } from '../presets/presets.ts';
import { buildWorld } from '../solver/index.ts';
import { tapeGoneNotice, type StoreCore } from './core.ts';
import { tapeAfterDelete, tapeAfterRestore } from './tape-slice.ts';
import type { BuildSlice, SandboxState, TapeState } from './state.ts';

/** The most scenes the undo history keeps (the oldest go first). */
export const BUILD_HISTORY_MAX = 100;

export const createBuildSlice =
  (core: StoreCore): StateCreator<SandboxState, [], [], BuildSlice> =>
  (set, get) => {
    /** The built scene now (build mode always has one). */
    const current = (): BuiltScene => get().built as BuiltScene;
    /** The scenes a delete made, with the ids it deleted: undo and redo renumber the tape's ends across them. */
    const deletions = new WeakMap<BuiltScene, readonly number[]>();
    /** The tape across a delete (`ids`), with a notice for each end on a deleted sphere. */
    const tapeDeleting = (ids: readonly number[]): { tape: TapeState; notices: string[] } => {
      const { tape, gone } = tapeAfterDelete(get().tape, ids);
      return { tape, notices: gone.map(({ field, id }) => tapeGoneNotice(core.t, field, id)) };
    };

    /** Checks `scene`, builds its world and enters it with `cause` and build mode's history; returns the message of a refusal, else null. */
    const enterScene = (cause: 'build-on' | 'build-edit' | 'build-history', scene: BuiltScene, past: BuiltScene[], future: BuiltScene[], selection?: number[], tape?: TapeState, notices?: string[]): string | null => {
      const bad = checkBuiltScene(scene, core.t);
      if (bad !== null) return bad;
      const world = core.worldFor(get().settings, get().preset, [], scene);
      if (typeof world === 'string') return world;
      core.enterWorld({ cause, place: { built: world }, experiment: { built: scene, edits: [] }, build: { past, future }, selection, tape, notices });
      return null;
    };

    /** Applies an edit's outcome as a new step of the history. */
    const commit = (outcome: BuildOutcome, selection: number[] = get().selection, tape?: TapeState, notices?: string[]): string | null => {
      if (!get().building) return core.t('build.notBuilding');
      if ('error' in outcome) return outcome.error;
      const past = [...get().buildPast, current()];
      if (past.length > BUILD_HISTORY_MAX) past.splice(0, past.length - BUILD_HISTORY_MAX);
      return enterScene('build-edit', outcome.scene, past, [], selection, tape, notices);
    };

    const guard = <A extends unknown[]>(edit: (scene: BuiltScene, ...args: A) => BuildOutcome) =>
      (...args: A): BuildOutcome => (get().building ? edit(current(), ...args) : { error: core.t('build.notBuilding') });

    /** The ids after the `added` spheres just appended to a scene of `before` spheres. */
    const appended = (before: number, outcome: BuildOutcome): number[] => {
      if ('error' in outcome) return get().selection;
      const ids: number[] = [];
      for (let i = before; i < outcome.scene.spheres.length; i++) ids.push(i);
      return ids;
    };

    return {
      building: false,
      buildPast: [],
      buildFuture: [],
      placeHeight: 0,
      buildTemplate: { position: [0, 0, 0], velocity: [0, 0, 0], radius: 0.25, mass: 1 },
      setBuildTemplate(patch) {
        const next = { ...get().buildTemplate, ...patch };
        const bad = checkSphereValues(next, core.t('build.newSphere'), core.t);
        if (bad !== null) return bad;
        set({ buildTemplate: next });
        return null;
      },
      setBuilding(on) {
        if (on === get().building) return null;
        // Building edits the spheres and replaces the experiment's scene: a student view can lock either.
        if (on && isLocked(get().studentView, 'edits')) return core.t('student.refusedEdits');
        if (on && isLocked(get().studentView, 'preset')) return core.t('student.refusedPreset');
        if (!on) {
          core.enterWorld({ cause: 'build-off' });
          return null;
        }
        get().pause();
        const world = core.sim.local;
        if (world === null) return core.t('store.worldReturning');
        const before = get().built;
        const scene = builtSceneOf(world, (id) => {
          const s = before?.spheres[id];
          return { ...(s?.color !== undefined ? { color: s.color } : {}), ...(s?.label !== undefined ? { label: s.label } : {}) };
        });
        return enterScene('build-on', scene, [], []);
      },
      setPlaceHeight(y) {
        const size = get().scene.size[1];
        if (!(Number.isFinite(y) && Math.abs(y) <= size / 2)) return core.t('build.badHeight', { min: String(-size / 2), max: String(size / 2), got: String(y) });
        set({ placeHeight: y });
        return null;
      },
      buildPlace(sphere) {
        const before = get().built?.spheres.length ?? 0;
        const out = guard(placeSphere)(sphere, core.t);
        return commit(out, appended(before, out));
      },
      buildAdd(sphere) {
        const before = get().built?.spheres.length ?? 0;
        const out = guard(addSphere)(sphere, core.t);
        return commit(out, appended(before, out));
      },
      buildDuplicate(ids) {
        const before = get().built?.spheres.length ?? 0;
        const out = guard(duplicateSpheres)(ids, core.t);
        return commit(out, appended(before, out));
      },
      buildDelete(ids) {
        // The ids after the deleted spheres close up: the tape's ends follow their spheres, in the
        // same change as the new world (so that nothing sees the old ids on the new world).
        const out = guard(deleteSpheres)(ids, core.t);
        if ('error' in out) return out.error;
        deletions.set(out.scene, [...ids]);
        const tape = tapeDeleting(ids);
        return commit(out, [], tape.tape, tape.notices);
      },
      buildMove(ids, delta) {
        return commit(guard(moveSpheres)(ids, delta, core.t));
      },
      buildPatch(ids, patch) {
        return commit(guard(patchSpheres)(ids, patch, core.t));
      },
      buildArrange(ids, arrangement, template) {
        const before = get().built?.spheres.length ?? 0;
        const out = guard(arrangeSpheres)(ids, arrangement, template, core.t);
        return commit(out, ids.length > 0 ? [...ids] : appended(before, out));
      },
      buildSetWells(wells) {
        return commit(guard(setSceneWells)(wells, core.t));
      },
      buildClear() {
        if (!get().building) return core.t('build.notBuilding');
        const scene = current();
        return commit({ scene: { ...scene, size: [...scene.size], spheres: [] } }, []);
      },
      buildStart(from) {
        if (!get().building) return core.t('build.notBuilding');
        if ('preset' in from) {
          const preset = presetById(from.preset);
          if (!preset) return core.t('store.unknownPreset', { id: from.preset });
          return commit({ scene: builtSceneOf(buildWorld(preset.build(get().settings.seed))) }, []);
        }
        return commit(emptyScene(from.size, from.planar ?? false, core.t), []);
      },
      buildUndo() {
        if (!get().building) return core.t('build.notBuilding');
        const past = get().buildPast;
        if (past.length === 0) return core.t('build.nothingToUndo');
        const deleted = deletions.get(current());
        return enterScene('build-history', past[past.length - 1], past.slice(0, -1), [current(), ...get().buildFuture], undefined, deleted ? tapeAfterRestore(get().tape, deleted) : undefined);
      },
      buildRedo() {
        if (!get().building) return core.t('build.notBuilding');
        const future = get().buildFuture;
        if (future.length === 0) return core.t('build.nothingToRedo');
        const deleted = deletions.get(future[0]);
        const tape = deleted ? tapeDeleting(deleted) : undefined;
        return enterScene('build-history', future[0], [...get().buildPast, current()], future.slice(1), undefined, tape?.tape, tape?.notices);
      },
    };
  };
