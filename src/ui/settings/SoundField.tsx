/**
 * The "Sound" group of the settings: mute and volume, remembered in localStorage, and the M key
 * that mutes. The sound's engine is a chunk of its own: the first gesture (a pointer press or a
 * key) makes the AudioContext, in the gesture as browsers ask, and loads the engine, which the
 * store attaches to its simulation; it takes the settings chosen so far, and every gesture after
 * resumes it.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SOUND_PREFS, type SoundPrefs } from '../../sound/prefs.ts';
import type { Sound } from '../../sound/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { isTyping } from '../../hooks/keys.ts';

/** localStorage key of the sound's settings ({ muted, volume }). */
export const SOUND_STORAGE_KEY = 'sphere-sandbox.sound';

/** The remembered settings, the defaults where none are. */
function rememberedPrefs(): SoundPrefs {
  const prefs = { ...DEFAULT_SOUND_PREFS };
  try {
    const saved = JSON.parse(localStorage.getItem(SOUND_STORAGE_KEY) ?? 'null') as { muted?: unknown; volume?: unknown } | null;
    if (typeof saved?.muted === 'boolean') prefs.muted = saved.muted;
    if (typeof saved?.volume === 'number' && saved.volume >= 0 && saved.volume <= 1) prefs.volume = saved.volume;
  } catch {
    // Nothing remembered, or storage refused: the defaults.
  }
  return prefs;
}

function remember(prefs: SoundPrefs): void {
  try {
    localStorage.setItem(SOUND_STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // Storage refused (private mode): the setting lasts for this page.
  }
}

/** Gives `sound` the settings `prefs`. */
function apply(sound: Sound, prefs: SoundPrefs): void {
  sound.muted = prefs.muted;
  sound.volume = prefs.volume;
}

/** Mute and volume; makes and unlocks the sound on the first gesture, mutes on M. */
export function SoundField() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const [prefs, showPrefs] = useState(rememberedPrefs);
  // The settings now, for the engine when it arrives; the engine once it has.
  const chosen = useRef(prefs);
  const engine = useRef<Sound | null>(null);
  /** Takes `next` as the settings: shown, remembered, and given to the engine if it has loaded. */
  const choose = useCallback((next: SoundPrefs): void => {
    chosen.current = next;
    showPrefs(next);
    remember(next);
    if (engine.current) apply(engine.current, next);
  }, []);
  useEffect(() => {
    let loading = false;
    const unlock = (): void => {
      if (typeof AudioContext === 'undefined') return;
      if (engine.current) return engine.current.unlock();
      if (loading) return;
      loading = true;
      // Made in the gesture, so that the browser lets it play; the engine's nodes follow when it loads.
      const ctx = new AudioContext();
      void store
        .getState()
        .sound(() => ctx)
        .then((sound) => {
          apply(sound, chosen.current);
          engine.current = sound;
          sound.unlock();
        });
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'm' || event.key === 'M') {
        event.preventDefault();
        choose({ ...chosen.current, muted: !chosen.current.muted });
      }
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      window.removeEventListener('keydown', onKey);
    };
  }, [store, choose]);
  const { muted, volume } = prefs;
  return (
    <fieldset className="field field--segmented" data-sound="">
      <legend className="field__label">{t('sound.title')}</legend>
      <div className="field field--toggle">
        <div className="field__row">
          <label className="field__label" htmlFor={`${id}-mute`}>
            {t('sound.mute')}
          </label>
          <input id={`${id}-mute`} className="switch" type="checkbox" role="switch" checked={muted} data-sound="mute" onChange={(e) => choose({ ...chosen.current, muted: e.target.checked })} />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-volume`}>
          {t('sound.volume')}
        </label>
        <input
          id={`${id}-volume`}
          className="field__slider"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={volume}
          data-sound="volume"
          onChange={(e) => choose({ ...chosen.current, volume: Number(e.target.value) })}
        />
      </div>
    </fieldset>
  );
}
