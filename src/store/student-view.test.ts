import { describe, expect, it } from 'vitest';
import { experimentFile, fileText, twinSettingsOpen, TWIN_SETTINGS, type LockName } from '../experiment/index.ts';
import { createSandboxStore } from './index.ts';

/** A paused store of a small gas under a student view. */
function locked(lock: LockName[], preset: string | null = null) {
  return createSandboxStore({ running: false, solverPort: null, preset, settings: preset === null ? { count: 20, boxSize: 6 } : {}, studentView: { hide: [], lock } });
}

describe('a student view in the store', () => {
  it('a locked setting keeps its value, with the refusal at its field; an unlocked one still changes', () => {
    const store = locked(['restitution', 'gravity']);
    const before = store.getState().settings;
    expect(store.getState().applySetting('restitution', 0.5)).toBe(false);
    expect(store.getState().settings.restitution).toBe(before.restitution);
    expect(store.getState().sim.world.options.restitution).toBe(before.restitution);
    expect(store.getState().errors.restitution).toBe('Locked by your teacher: not changed.');
    // The lock of gravity holds both its switch and its strength.
    expect(store.getState().applySettings({ gravityOn: true })).toBe(false);
    expect(store.getState().applySettings({ gravity: 3 })).toBe(false);
    expect(store.getState().settings.gravityOn).toBe(false);
    // A patch with a locked setting is refused whole: the unlocked one in it is not applied either.
    expect(store.getState().applySettings({ wallRestitution: 0.4, restitution: 0.3 })).toBe(false);
    expect(store.getState().settings.wallRestitution).toBe(before.wallRestitution);
    // The same value is no change, and other settings change as before.
    expect(store.getState().applySetting('restitution', before.restitution)).toBe(true);
    expect(store.getState().applySetting('wallRestitution', 0.4)).toBe(true);
    expect(store.getState().settings.wallRestitution).toBe(0.4);
  });

  it('a locked attraction keeps the depth and the range of the wells a condensation lesson runs with', () => {
    const store = locked(['attraction'], 'condensation');
    const { attraction, attractionRange } = store.getState().settings;
    expect(attraction, "the lesson's depth").toBeGreaterThan(0);
    expect(store.getState().applySetting('attraction', 0)).toBe(false);
    expect(store.getState().applySettings({ attractionRange: 1.2 })).toBe(false);
    expect(store.getState().settings.attraction).toBe(attraction);
    expect(store.getState().settings.attractionRange).toBe(attractionRange);
    expect(store.getState().sim.world.wells).toEqual([{ range: attractionRange, depth: attraction }]);
    expect(store.getState().errors.attraction).toBe('Locked by your teacher: not changed.');
    // Other live settings still change.
    expect(store.getState().applySetting('restitution', 0.9)).toBe(true);
  });

  it('a locked experiment keeps its preset and refuses an opened file, with a notice or message', () => {
    const store = locked(['preset'], 'billiards');
    store.getState().selectPreset('gas');
    expect(store.getState().preset).toBe('billiards');
    expect(store.getState().notices).toContain('The experiment is locked by your teacher; it was not changed.');
    const other = createSandboxStore({ running: false, solverPort: null, settings: { count: 5 } });
    const text = fileText(experimentFile(other.getState().experiment(), 'x'));
    expect(store.getState().openExperiment(text)).toBe('The experiment is locked by your teacher; it was not changed.');
    expect(store.getState().preset).toBe('billiards');
    expect(store.getState().built).toBeNull();
    // Restarting the same experiment is not a change of it.
    store.getState().restart();
    expect(store.getState().preset).toBe('billiards');
  });

  it('a locked experiment keeps its scene: a scene setting (which would leave the preset) and build mode are refused, the seed and live settings are not', () => {
    const store = locked(['preset'], 'billiards');
    expect(store.getState().applySetting('count', 30)).toBe(false);
    expect(store.getState().applySettings({ planar: true })).toBe(false);
    expect(store.getState().preset).toBe('billiards');
    expect(store.getState().errors.count).toBe('Locked by your teacher: not changed.');
    expect(store.getState().setBuilding(true)).toBe('The experiment is locked by your teacher; it was not changed.');
    expect(store.getState().building).toBe(false);
    expect(store.getState().applySetting('seed', 5)).toBe(true);
    expect(store.getState().applySetting('restitution', 0.6)).toBe(true);
    expect(store.getState().preset).toBe('billiards');
    expect(store.getState().settings.seed).toBe(5);
    // In the free sandbox the same lock leaves the scene settings free (no preset to leave).
    const free = locked(['preset']);
    expect(free.getState().applySetting('count', 30)).toBe(true);
  });

  it('locked editing refuses sphere edits and build mode; reset is refused under any lock', () => {
    const store = locked(['edits']);
    const masses = Float64Array.from(store.getState().sim.world.masses);
    expect(store.getState().editSphere(3, { mass: 9 })).toBe('Editing spheres is locked by your teacher; nothing was changed.');
    expect(Float64Array.from(store.getState().sim.world.masses)).toEqual(masses);
    expect(store.getState().edits).toEqual([]);
    expect(store.getState().setBuilding(true)).toBe('Editing spheres is locked by your teacher; nothing was changed.');
    expect(store.getState().building).toBe(false);
    store.getState().reset();
    expect(store.getState().settings.count).toBe(20);
    expect(store.getState().notices).toContain('Reset to defaults would change what your teacher locked; nothing was changed.');
  });

  it('a view that only hides locks nothing, and refusals speak the store language', () => {
    const hides = createSandboxStore({ running: false, solverPort: null, studentView: { hide: ['settings'], lock: [] } });
    expect(hides.getState().applySetting('restitution', 0.5)).toBe(true);
    expect(hides.getState().studentView).toEqual({ hide: ['settings'], lock: [] });
    const es = createSandboxStore({ running: false, solverPort: null, locale: 'es', studentView: { hide: [], lock: ['count'] } });
    expect(es.getState().applySetting('count', 30)).toBe(false);
    expect(es.getState().errors.count).toBe('Bloqueado por tu profesor: no se ha cambiado.');
  });

  it("a what-if twin offers only the settings the view leaves open, and the store refuses a locked one", () => {
    expect(twinSettingsOpen(null), 'no student view').toEqual(TWIN_SETTINGS);
    expect(twinSettingsOpen({ hide: [], lock: ['restitution', 'edits'] }), 'restitution and editing locked').toEqual(['wallRestitution', 'gravity', 'pistonSpeed']);
    const store = locked(['restitution']);
    expect(store.getState().startTwin({ setting: 'restitution', value: 0.5 })).toBe('Locked by your teacher: not changed.');
    expect(store.getState().twin, 'no twin started').toBeNull();
    expect(store.getState().startTwin({ setting: 'gravity', value: 9.81 }), 'an open setting').toBeNull();
  });
});
