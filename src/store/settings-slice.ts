/**
 * The settings slice: the settings in effect and the free sandbox's own, the messages at the
 * fields, and the one way a setting gets in ({@link SettingsSlice.applySettings}): checked against
 * the limits, then live (only the solver setters of what changed) or with one rebuild.
 */
import type { StateCreator } from 'zustand/vanilla';
import { applyWallSettings, applyWellSettings, ATTRACTION_SETTINGS, experimentDividerHole, LIVE_SETTINGS, settingLocked, liveWorldOptions, settingWarnings, validateSettings, WALL_SETTINGS, withFreePhysics, type SettingKey, type Settings } from '../experiment/index.ts';
import { solverMessage, type StoreCore } from './core.ts';
import type { SandboxState, SettingsSlice } from './state.ts';

/** The candidate settings of a patch, and whether it leaves the preset running (see applySettings). */
function candidateOf(state: SandboxState, keys: readonly SettingKey[], patch: Partial<Settings>): { candidate: Settings; leavesPreset: boolean } {
  // A scene setting other than the seed leaves a running preset for the free sandbox, whose
  // own physics come back (the preset only borrowed them).
  const leavesPreset = state.preset !== null && keys.some((k) => k !== 'seed' && !LIVE_SETTINGS.has(k));
  const candidate: Settings = leavesPreset ? withFreePhysics(state.settings, state.freeSettings) : { ...state.settings };
  for (const k of keys) (candidate as unknown as Record<SettingKey, unknown>)[k] = patch[k];
  return { candidate, leavesPreset };
}

/** Applies live settings to the running world: only what changed reaches the solver. Returns the solver's message, or null. */
function applyLive(core: StoreCore, candidate: Settings, keys: readonly SettingKey[], hole: () => number | undefined): string | null {
  try {
    // In worker mode each setter is a message.
    const world = core.sim.world;
    const live = liveWorldOptions(candidate);
    const restitution = world.options.restitution !== live.restitution;
    const wallRestitution = world.options.wallRestitution !== live.wallRestitution;
    const gravity = keys.includes('gravity') || keys.includes('gravityOn');
    if (restitution) world.setRestitution(live.restitution);
    if (wallRestitution) world.setWallRestitution(live.wallRestitution);
    if (gravity) world.setGravity(live.gravity);
    const walls = keys.some((k) => (WALL_SETTINGS as readonly SettingKey[]).includes(k)) && applyWallSettings(world, candidate, hole);
    const wells = keys.some((k) => (ATTRACTION_SETTINGS as readonly SettingKey[]).includes(k)) && applyWellSettings(world, candidate);
    if (restitution || wallRestitution || gravity || walls || wells) core.changed();
    core.sim.timeScale = candidate.timeScale;
    return null;
  } catch (error) {
    const message = solverMessage(error);
    if (message === null) throw error;
    return message;
  }
}

export const createSettingsSlice =
  (core: StoreCore, settings: Settings, freeSettings: Settings): StateCreator<SandboxState, [], [], SettingsSlice> =>
  (set, get) => ({
    settings,
    freeSettings,
    errors: {},
    warnings: settingWarnings(settings, core.t),
    applySetting(key, value) {
      return get().applySettings({ [key]: value });
    },
    applySettings(patch) {
      const state = get();
      const keys = (Object.keys(patch) as SettingKey[]).filter((k) => patch[k] !== undefined);
      if (keys.length === 0) return true;
      // A student view's locked settings keep their values (and a locked experiment its scene).
      const locked = keys.filter((k) => patch[k] !== state.settings[k] && settingLocked(state.studentView, state.preset, k));
      if (locked.length > 0) {
        const errors = { ...state.errors };
        for (const k of locked) errors[k] = core.t('student.refused');
        set({ errors });
        return false;
      }
      const { candidate, leavesPreset } = candidateOf(state, keys, patch);
      const key = keys[0];
      const found = validateSettings(candidate, key, core.t);
      const foundKeys = Object.keys(found) as SettingKey[];
      if (foundKeys.length > 0) {
        // Report on a field being changed; a stale error elsewhere cannot block it.
        const errors = { ...state.errors };
        const reported = keys.filter((k) => found[k] !== undefined);
        if (reported.length === 0) errors[key] = found[foundKeys[0]];
        for (const k of reported) errors[k] = found[k];
        set({ errors });
        return false;
      }
      const errors = { ...state.errors };
      for (const k of keys) delete errors[k];
      const rebuilt = keys.some((k) => !LIVE_SETTINGS.has(k));
      if (rebuilt) {
        // A new world: the preset's scene (or the gas) for the new settings, without the hand edits and the built scene.
        const preset = leavesPreset ? null : state.preset;
        const world = core.worldFor(candidate, preset, [], null);
        if (typeof world === 'string') {
          set({ errors: { ...state.errors, [key]: world } });
          return false;
        }
        const freeSettings = leavesPreset || state.preset === null ? candidate : state.freeSettings;
        core.enterWorld({ cause: 'settings', place: { built: world }, experiment: { preset, settings: candidate, freeSettings, edits: [], built: null }, errors, reframe: keys.includes('boxSize') || keys.includes('planar') || leavesPreset });
        return true;
      }
      const message = applyLive(core, candidate, keys, () => experimentDividerHole(state.preset, state.built, candidate.seed));
      if (message !== null) {
        set({ errors: { ...state.errors, [key]: message } });
        return false;
      }
      set((s) => ({
        settings: candidate,
        freeSettings: s.preset === null ? candidate : s.freeSettings,
        errors,
        warnings: settingWarnings(candidate, core.t),
      }));
      return true;
    },
    setFieldError(key, message) {
      const errors = { ...get().errors };
      if (message === null) {
        if (!(key in errors)) return;
        delete errors[key];
      } else {
        if (errors[key] === message) return;
        errors[key] = message;
      }
      set({ errors });
    },
  });
