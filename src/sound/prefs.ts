/**
 * What a person sets of the sound (mute, volume) and its defaults, apart from the engine
 * (sound.ts): the settings panel shows and remembers them before the engine's chunk has loaded.
 */

/** The sound's settings. */
export interface SoundPrefs {
  /** Whether the sound is muted. */
  muted: boolean;
  /** Volume 0..1. */
  volume: number;
}

/** Before a person chooses: unmuted, at volume 0.6. */
export const DEFAULT_SOUND_PREFS: Readonly<SoundPrefs> = Object.freeze({ muted: false, volume: 0.6 });
