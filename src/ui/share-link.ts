/**
 * Shared links for the overlay: the query of the experiment in effect, and the store options a
 * page opened from such a link starts with.
 */
import { encodeState, decodeState, type ExperimentState } from '../share/url-state.ts';
import { LIVE_SETTINGS, type SandboxStoreOptions, type SettingKey, type Settings } from '../store/index.ts';

/**
 * The query (without '?') that reproduces an experiment. With a preset, the restitutions and
 * gravity are written even at their default values: a link that leaves one out gets the preset's
 * own value instead.
 */
export function shareQuery(state: ExperimentState): string {
  const params = new URLSearchParams(encodeState(state));
  if (state.preset) {
    for (const key of LIVE_SETTINGS) {
      if (key === 'timeScale' || key === 'colorBy' || params.has(key)) continue;
      const value = state.settings[key];
      params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  }
  return params.toString();
}

/**
 * Reads a page's query into store options: the preset, the edits, the notices, and only the
 * settings the link names (so a preset's own restitution and gravity apply where it names none).
 */
export function storeOptionsFromQuery(query: string): SandboxStoreOptions {
  const { state, notices } = decodeState(query);
  const named = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const settings: Partial<Settings> = {};
  for (const key of Object.keys(state.settings) as SettingKey[]) {
    if (named.has(key)) (settings as Record<string, unknown>)[key] = state.settings[key];
  }
  return { settings, preset: state.preset, edits: state.edits, notices };
}
