/**
 * The "Sound" group of the settings: mute and volume, remembered in localStorage, and the M key
 * that mutes. The store makes the run's {@link Sound} once and attaches it to its simulation; its
 * AudioContext is made on the first gesture (a pointer press or a key) and never before.
 */
import { useEffect, useId, useState } from 'react';
import type { Sound } from '../../sound/index.ts';
import type { SandboxStore } from '../../store/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { isTyping } from '../../hooks/keys.ts';

/** localStorage key of the sound's settings ({ muted, volume }). */
export const SOUND_STORAGE_KEY = 'sphere-sandbox.sound';

/** The sound of `store`'s run (the store makes one and attaches it on first use), with the remembered settings. */
export function soundFor(store: SandboxStore): Sound {
  const sound = store.getState().sound();
  try {
    const saved = JSON.parse(localStorage.getItem(SOUND_STORAGE_KEY) ?? 'null') as { muted?: unknown; volume?: unknown } | null;
    if (typeof saved?.muted === 'boolean') sound.muted = saved.muted;
    if (typeof saved?.volume === 'number' && saved.volume >= 0 && saved.volume <= 1) sound.volume = saved.volume;
  } catch {
    // Nothing remembered, or storage refused: the defaults.
  }
  return sound;
}

/** Mutes or unmutes `sound` and remembers it. */
function setMuted(sound: Sound, on: boolean): boolean {
  sound.muted = on;
  remember(sound);
  return sound.muted;
}

/** Sets `sound`'s volume (0..1) and remembers it. */
function setVolume(sound: Sound, volume: number): number {
  sound.volume = volume;
  remember(sound);
  return sound.volume;
}

function remember(sound: Sound): void {
  try {
    localStorage.setItem(SOUND_STORAGE_KEY, JSON.stringify({ muted: sound.muted, volume: sound.volume }));
  } catch {
    // Storage refused (private mode): the setting lasts for this page.
  }
}

/** Mute and volume; unlocks the sound on the first gesture, mutes on M. */
export function SoundField() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const [sound] = useState(() => soundFor(store));
  const [muted, showMuted] = useState(sound.muted);
  const [volume, showVolume] = useState(sound.volume);
  useEffect(() => {
    const unlock = (): void => {
      if (typeof AudioContext !== 'undefined') sound.unlock();
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'm' || event.key === 'M') {
        event.preventDefault();
        showMuted(setMuted(sound, !sound.muted));
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
  }, [sound]);
  return (
    <fieldset className="field field--segmented" data-sound="">
      <legend className="field__label">{t('sound.title')}</legend>
      <div className="field field--toggle">
        <div className="field__row">
          <label className="field__label" htmlFor={`${id}-mute`}>
            {t('sound.mute')}
          </label>
          <input id={`${id}-mute`} className="switch" type="checkbox" role="switch" checked={muted} data-sound="mute" onChange={(e) => showMuted(setMuted(sound, e.target.checked))} />
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
          onChange={(e) => showVolume(setVolume(sound, Number(e.target.value)))}
        />
      </div>
    </fieldset>
  );
}
