import { describe, expect, it } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { applyPropChanges, changed, checkLocale, localeOfProp, snapshotOf, type LiveProps } from './prop-changes.ts';

/** A store as a provider makes it from `props`, and a function that re-renders with new props. */
function mounted(props: LiveProps) {
  const store = createSandboxStore({ settings: { count: 30, boxSize: 5 }, running: !props.paused, preset: props.preset ?? null });
  let snapshot = snapshotOf(props);
  const render = (next: LiveProps): string[] => {
    const now = snapshotOf(next);
    if (!changed(snapshot, now)) return [];
    const before = snapshot;
    snapshot = now;
    return applyPropChanges(store, before, now, next);
  };
  return { store, render };
}

describe('props changed after mount', () => {
  it('see no change in equal props, and a change in each kind of prop', () => {
    const base = snapshotOf({ count: 30, restitution: 1 });
    expect(changed(base, snapshotOf({ count: 30, restitution: 1 }))).toBe(false);
    for (const next of [{ count: 31, restitution: 1 }, { count: 30, restitution: 0.5 }, { count: 30, restitution: 1, paused: true }, { count: 30, restitution: 1, preset: 'cradle' }, { count: 30, restitution: 1, aids: { trail: true } }, { count: 30, restitution: 1, solverThread: 'main' as const }]) {
      expect(changed(base, snapshotOf(next))).toBe(true);
    }
    expect(changed(snapshotOf({ restitution: NaN }), snapshotOf({ restitution: NaN }))).toBe(false);
  });

  it('apply a live setting in place and a scene setting by one rebuild', () => {
    const { store, render } = mounted({ count: 30, restitution: 1 });
    const world = store.getState().sim.world;
    const version = store.getState().sceneVersion;
    expect(render({ count: 30, restitution: 0.4 })).toEqual([]);
    expect(store.getState().sim.world).toBe(world);
    expect(world.options.restitution).toBe(0.4);
    expect(render({ count: 50, restitution: 0.4 })).toEqual([]);
    expect(store.getState().sceneVersion).toBe(version + 1);
    expect(store.getState().scene.count).toBe(50);
  });

  it('refuse a bad value with a notice naming the prop and its value, leaving the settings as they were', () => {
    const { store, render } = mounted({ count: 30, restitution: 1 });
    const before = store.getState().settings;
    const notices = render({ count: 30, restitution: 7 });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/restitution=\{7\}.*not applied/);
    expect(store.getState().settings).toEqual(before);
  });

  it('pause and play, switch aids, move the solver, and name a bad solverThread', () => {
    const { store, render } = mounted({ count: 30 });
    render({ count: 30, paused: true });
    expect(store.getState().running).toBe(false);
    render({ count: 30, paused: true, aids: { velocity: true, trail: true } });
    expect(store.getState().aids).toMatchObject({ velocity: true, trail: true, momentum: false });
    render({ count: 30, paused: true, aids: { velocity: true, trail: true }, solverThread: 'main' });
    expect(store.getState().solverThread).toBe('main');
    const notices = render({ count: 30, paused: false, aids: { velocity: true, trail: true }, solverThread: 'gpu' as never });
    expect(notices).toEqual([`SphereSandbox: solverThread must be 'auto', 'main' or 'worker', got "gpu"; 'auto' is used.`]);
    expect(store.getState().solverThread).toBe('main');
    expect(store.getState().running).toBe(true);
  });

  it('a new preset runs with the settings props that reach a preset (the seed and the live ones)', () => {
    const { store, render } = mounted({ count: 30, restitution: 0.7 });
    render({ count: 30, restitution: 0.7, preset: 'cradle' });
    expect(store.getState().preset).toBe('cradle');
    expect(store.getState().settings.restitution).toBe(0.7);
    expect(store.getState().sim.world.options.restitution).toBe(0.7);
  });

  it('change the language with the locale prop, and name a language the sandbox does not speak', () => {
    const { store, render } = mounted({ count: 30 });
    expect(render({ count: 30, locale: 'es-MX' })).toEqual([]);
    expect(store.getState().locale).toBe('es');
    const notices = render({ count: 30, locale: 'fr' });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('locale must be one of');
    expect(notices[0]).toContain('"fr"');
    expect(store.getState().locale).toBe('es');
    expect(render({ count: 30, locale: 'de' })).toEqual([]);
    expect(store.getState().locale).toBe('de');
    expect(localeOfProp(42)).toBeNull();
    expect(checkLocale(undefined)).toBeNull();
  });

  it('follow the theme prop, and name a theme the sandbox does not have', () => {
    const store = createSandboxStore({ running: false });
    const before = snapshotOf({});
    const now = snapshotOf({ theme: 'projector' });
    expect(applyPropChanges(store, before, now, { theme: 'projector' })).toEqual([]);
    expect(store.getState().theme).toBe('projector');
    const bad = applyPropChanges(store, now, snapshotOf({ theme: 'neon' }), { theme: 'neon' });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toContain('theme must be one of');
    expect(bad[0]).toContain('"neon"');
    expect(store.getState().theme).toBe('projector');
  });
});
