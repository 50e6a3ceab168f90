/**
 * The `link` prop: an experiment link (a whole address or its query, plain or compressed with
 * `exp=`), read into the experiment it carries and opened in a sandbox's store. Reading a
 * compressed link is asynchronous (DecompressionStream), so the sandbox starts from its props and
 * opens the link's experiment when it has been read. No React here.
 */
import { english, translator, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { presetSettings, type ExperimentState } from '../experiment/index.ts';
import type { SandboxStore } from '../store/index.ts';
import { COMPRESSED_PARAM, expandQuery, MAX_COMPRESSED_LENGTH, MAX_EXPANDED_LENGTH } from '../share/compressed-link.ts';
import { decodeState, isExperimentKey, MAX_LINK_LENGTH } from '../share/url-state.ts';
import { showProp } from './props.ts';

/** What a `link` prop gives: the experiment (null when there is none to open) and one message per problem. */
export interface ReadLink {
  experiment: ExperimentState | null;
  problems: string[];
}

/** The query of a link: what follows its '?' (the '#' part left out), or the whole text when it has none. */
function queryOf(link: string): string {
  const body = link.includes('#') ? link.slice(0, link.indexOf('#')) : link;
  const q = body.indexOf('?');
  return q >= 0 ? body.slice(q + 1) : body;
}

/** A link as a message quotes it: at most 60 characters. */
const quoted = (link: string): string => showProp('link', link.length > 60 ? `${link.slice(0, 60)}…` : link);

/**
 * Reads a `link` prop: every parameter checked as a page checks its address (a refused one is
 * left out with a message, the rest used); a link that is not text, is too long, cannot be
 * expanded or names no experiment gives no experiment, with a message naming it. Never throws.
 */
export async function readLinkProp(link: unknown, t: Translate = english): Promise<ReadLink> {
  if (typeof link !== 'string') return { experiment: null, problems: [`SphereSandbox: ${showProp('link', link)} is not a link or query string; the props' experiment is shown.`] };
  const query = queryOf(link.trim());
  if (query.length > MAX_COMPRESSED_LENGTH + MAX_LINK_LENGTH) {
    return { experiment: null, problems: [`SphereSandbox: ${quoted(link)} was not used: ${t('link.tooLong', { length: String(query.length), max: String(MAX_COMPRESSED_LENGTH + MAX_LINK_LENGTH) })} The props' experiment is shown.`] };
  }
  const { query: expanded, notice } = await expandQuery(query, t);
  // The page's notice says the default experiment opens; here the props' experiment stays.
  if (notice !== null) return { experiment: null, problems: [`SphereSandbox: ${quoted(link)} was not used: ${t('link.compressedDamaged')} The props' experiment is shown.`] };
  let keys: string[];
  try {
    keys = [...new URLSearchParams(expanded).keys()];
  } catch {
    keys = [];
  }
  if (!keys.some(isExperimentKey)) return { experiment: null, problems: [`SphereSandbox: ${quoted(link)} names no experiment (no preset, setting, edits or ${COMPRESSED_PARAM}=); the props' experiment is shown.`] };
  const compressed = new URLSearchParams(query).has(COMPRESSED_PARAM);
  const { state, named, notices } = decodeState(expanded, t, compressed ? MAX_EXPANDED_LENGTH : MAX_LINK_LENGTH);
  // A preset's own restitution and gravity apply where the link names none, as on the page.
  const preset = state.preset === null ? undefined : presetById(state.preset);
  const settings = preset ? { ...presetSettings(preset, state.settings), ...named } : state.settings;
  return { experiment: { ...state, settings }, problems: notices.map((n) => `SphereSandbox: link: ${n}`) };
}

/**
 * Reads `link` and opens its experiment in `store`, unless `cancelled()` says the sandbox is gone
 * by then. Resolves with the problems (already reported by `report`), for tests.
 */
export async function openLinkProp(store: SandboxStore, link: unknown, report: (store: SandboxStore, problems: string[]) => void, cancelled: () => boolean = () => false): Promise<string[]> {
  const read = await readLinkProp(link, translator(store.getState().locale));
  if (cancelled()) return [];
  const problems = [...read.problems];
  if (read.experiment !== null) {
    const refused = store.getState().openLinked(read.experiment);
    if (refused !== null) problems.push(`SphereSandbox: ${quoted(String(link))} could not be opened: ${refused}`);
  }
  report(store, problems);
  return problems;
}
