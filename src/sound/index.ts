/**
 * The run heard (Web Audio, synthesised): see sound.ts. The store loads sound.ts as a chunk of its
 * own when the sound is first asked for; prefs.ts (mute and volume) is what the settings import.
 */
export { Sound, VOICES, HIT_SECONDS, GAS_FROM } from './sound.ts';
export type { AudioContextLike } from './sound.ts';
export { DEFAULT_SOUND_PREFS } from './prefs.ts';
export type { SoundPrefs } from './prefs.ts';
