/**
 * The scene told to a screen reader: a description of the experiment (spheres, time, selection)
 * that the canvas names with aria-describedby, re-written when the store publishes a sample (a
 * few times a second, never per frame), and a polite live region for what happens (the store's
 * `said`: the describer's announcements, at most one every two seconds of the page's clock).
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatFixed, plural, type Translate } from '../i18n/index.ts';
import { nearestSphere, neighbourSphere } from '../instruments/index.ts';
import type { SandboxStore } from '../store/index.ts';
import { presetById } from '../presets/presets.ts';
import { presetTitle } from './shared/preset-text.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';
import { isTyping } from '../hooks/keys.ts';

/** Id of the scene's description (the canvas's aria-describedby). */
export const SCENE_DESCRIPTION_ID = 'sandbox-scene-description';

/** The selected sphere's values (number, speed, position), or that none is selected. */
function selectionText(store: SandboxStore, t: Translate): string {
  const { selected, sim } = store.getState();
  const world = sim.world;
  const slot = selected === null ? -1 : world.indexOf(selected);
  if (selected === null || slot < 0) return t('describe.none');
  const f = (x: number) => formatFixed(t.locale, x, 2);
  const p = world.positions;
  const v = world.velocities;
  const speed = Math.hypot(v[3 * slot], v[3 * slot + 1], v[3 * slot + 2]);
  return t('describe.selected', { id: String(selected), speed: f(speed), x: f(p[3 * slot]), y: f(p[3 * slot + 1]), z: f(p[3 * slot + 2]) });
}

/** The hidden description of the scene and the live region of its events (the store's `said`). */
export function LiveDescription() {
  const store = useSandboxStore();
  const t = useT();
  // Re-rendered with each published sample: the description follows the run.
  useStore(store, (s) => s.stats);
  const running = useStore(store, (s) => s.running);
  // Re-rendered when the selection changes: the description names it.
  useStore(store, (s) => s.selected);
  const presetId = useStore(store, (s) => s.preset);
  // A built scene (build mode, an opened file) is described as what is on screen, not the preset it started from.
  const built = useStore(store, (s) => s.built !== null || s.building);
  // The store's describer words the run as it publishes (a few times a second), and clears it for a new scene.
  const said = useStore(store, (s) => s.said);
  useEffect(() => {
    // N and P: the next and previous sphere; J: the one nearest the selection; V: its values; I: edit them in the Inspector.
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const st = store.getState();
      let next: number | null | undefined;
      if (key === 'n') next = neighbourSphere(st.sim.world, st.selected, 1);
      else if (key === 'p') next = neighbourSphere(st.sim.world, st.selected, -1);
      else if (key === 'j') next = nearestSphere(st.sim.world, st.selected);
      else if (key === 'i') {
        const field = document.querySelector<HTMLElement>('.inspector input, .inspector button');
        if (field === null) return;
        event.preventDefault();
        field.focus();
        return;
      } else if (key !== 'v') return;
      event.preventDefault();
      if (next !== undefined && next !== null) st.select(next);
      st.say(selectionText(store, t));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, t]);

  const world = store.getState().sim.world;
  const preset = presetId === null ? undefined : presetById(presetId);
  const f = (x: number, d = 2) => formatFixed(t.locale, x, d);
  const selection = selectionText(store, t);
  const scene = plural(t, 'describe.scene', world.count, {
    experiment: built ? t('describe.built') : preset === undefined ? t('describe.sandbox') : presetTitle(t, preset),
    count: world.count,
    time: f(world.time),
    state: running ? t('describe.running') : t('describe.paused'),
  });
  return (
    <>
      <p id={SCENE_DESCRIPTION_ID} className="visually-hidden" data-describe="scene">
        {scene} {selection}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" data-describe="live">
        {said}
      </p>
    </>
  );
}
