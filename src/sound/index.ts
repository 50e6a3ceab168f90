/** The run heard (Web Audio, synthesised): see sound.ts. */
export { Sound, VOICES, HIT_SECONDS, GAS_FROM } from './sound.ts';
export type { AudioContextLike } from './sound.ts';
