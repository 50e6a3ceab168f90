/**
 * The experiment slice: which experiment runs (a preset or the free sandbox, a loaded scene), the
 * hand edits of spheres, the selection, Reverse, restarting, and the experiment as a link carries it.
 */
import type { StateCreator } from 'zustand/vanilla';
import { presetById } from '../presets/presets.ts';
import { applyEdit, checkPump, DEFAULT_SETTINGS, isLocked, presetSettings, pumpSpheres, withFreePhysics, type SphereEdit } from '../experiment/index.ts';
import { buildWorld, cloneWorld } from '../solver/index.ts';
import { factsOf, solverMessage, type StoreCore } from './core.ts';
import type { StoreStart } from './options.ts';
import type { ExperimentSlice, SandboxState } from './state.ts';

export const createExperimentSlice =
  (core: StoreCore, start: StoreStart): StateCreator<SandboxState, [], [], ExperimentSlice> =>
  (set, get) => {
    const { sim } = core;
    return {
      preset: start.preset,
      edits: start.edits,
      built: start.built,
      selected: start.focus && sim.world.has(start.focus.sphere) ? start.focus.sphere : null,
      selection: start.focus && sim.world.has(start.focus.sphere) ? [start.focus.sphere] : [],
      scene: factsOf(sim.world),
      sceneVersion: 0,
      arrival: { cause: 'start', serial: 0 },
      restart() {
        const s = get();
        const world = core.worldFor(s.settings, s.preset, s.edits, s.built);
        if (typeof world === 'string') throw new Error(world); // the experiment in effect always built before
        core.enterWorld({ cause: 'restart', place: { built: world } });
      },
      reset() {
        // Under a student view that locks anything, the defaults would undo the teacher's choices.
        if ((get().studentView?.lock.length ?? 0) > 0) {
          get().notify(core.t('student.refusedReset'));
          return;
        }
        const settings = { ...DEFAULT_SETTINGS };
        const world = core.worldFor(settings, null, [], null);
        if (typeof world === 'string') throw new Error(world);
        core.enterWorld({ cause: 'reset', place: { built: world }, experiment: { preset: null, settings, freeSettings: settings, edits: [], built: null } });
      },
      selectPreset(id) {
        if (id !== get().preset && isLocked(get().studentView, 'preset')) {
          get().notify(core.t('student.refusedPreset'));
          return;
        }
        const preset = id === null ? undefined : presetById(id);
        if (id !== null && !preset) {
          get().notify(core.t('store.unknownPreset', { id }));
          return;
        }
        // A preset borrows its physics from the free sandbox's own settings, which come back with null.
        const free = withFreePhysics(get().settings, get().freeSettings);
        const settings = preset ? presetSettings(preset, free) : free;
        const world = core.worldFor(settings, id, [], null);
        if (typeof world === 'string') {
          get().notify(world);
          return;
        }
        core.enterWorld({ cause: 'preset', place: { built: world }, experiment: { preset: id, settings, freeSettings: id === null ? settings : get().freeSettings, edits: [], built: null } });
      },
      reverse() {
        sim.world.reverseVelocities();
        core.changed();
        core.publish();
      },
      loadScene(scene) {
        let world;
        try {
          world = buildWorld(scene);
        } catch (error) {
          const message = solverMessage(error);
          if (message === null) throw error;
          return core.t('store.sceneUnbuildable', { message });
        }
        core.enterWorld({ cause: 'scene', place: { built: world }, experiment: { preset: null, edits: [], built: null } });
        return null;
      },
      select(id) {
        if (id !== null && !sim.world.has(id)) id = null;
        const s = get();
        if (s.selected !== id || s.selection.length !== (id === null ? 0 : 1)) set({ selected: id, selection: id === null ? [] : [id] });
      },
      selectMany(ids) {
        const selection = [...new Set(ids)].filter((id) => sim.world.has(id));
        set({ selection, selected: selection.length > 0 ? selection[selection.length - 1] : null });
      },
      editSphere(id, patch) {
        if (isLocked(get().studentView, 'edits')) return core.t('student.refusedEdits');
        if (get().running) return core.t('store.pauseToEdit');
        // In build mode an edit changes the built scene (and can be undone).
        if (get().building) return get().buildPatch([id], patch);
        const world = sim.local;
        if (world === null) return core.t('store.worldReturning');
        if (!world.has(id)) return core.t('store.noSphere', { id: String(id) });
        const edit: SphereEdit = { id, ...patch };
        const refused = applyEdit(world, edit);
        if (refused !== null) return refused;
        core.changed();
        sim.syncPrevious();
        sim.clock.alpha = 1;
        const edits = get().edits.slice();
        const k = edits.findIndex((e) => e.id === id);
        edits[k >= 0 ? k : edits.length] = k >= 0 ? { ...edits[k], ...patch } : edit;
        set({ edits });
        core.publish();
        return null;
      },
      pump(count, kT, species = 0) {
        const problem = checkPump(count, kT, core.t, species);
        if (problem !== null) return problem;
        const local = sim.local;
        if (local === null) return core.t('thermo.pump.needsPage');
        // A copy with the spheres added takes over at this step (the run's own world is untouched if they do not fit).
        const world = cloneWorld(local);
        try {
          world.addSpheres(pumpSpheres(world, count, kT, sim.stepsRun + 7919 * world.count, species));
        } catch (error) {
          const message = solverMessage(error);
          if (message === null) throw error;
          return message;
        }
        if (!core.enterWorld({ cause: 'pump', place: { adopted: world, previous: world.positions.slice(0, 3 * world.count) } })) return core.t('thermo.pump.needsPage');
        core.instruments.timeline.timeline.changed(world, sim.stepsRun);
        core.changed();
        core.publish();
        return null;
      },
      experiment() {
        const s = get();
        return { preset: s.preset, settings: { ...s.settings }, edits: s.edits.map((e) => ({ ...e })), ...(s.built !== null ? { built: structuredClone(s.built) } : {}), ...(s.predict.on ? { predict: true } : {}), twin: s.twin === null ? null : { ...s.twin.spec } };
      },
    };
  };
