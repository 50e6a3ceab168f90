/**
 * The whole experiment in a link: preset, settings, seed and per-sphere edits, encoded in a URL
 * query and read back. A link is untrusted input: it is parsed with a size limit and a strict
 * schema, unknown fields are ignored, a bad value is dropped with a notice (its default stays),
 * and a malformed or oversized link loads the defaults with a notice. Nothing from the URL is
 * evaluated or inserted as HTML; the notices are plain text.
 */
import { browserLocale, english, formatPlain, plural, isLocale, LOCALE_NAMES, LOCALES, navigatorLanguages, translator, type Locale, type Translate } from '../i18n/index.ts';
import { presetById } from '../presets/presets.ts';
import { MAX_SPECIES } from '../solver/index.ts';
import { BORROWED_SETTINGS, COLOR_MODES, PISTON_MODES } from '../experiment/index.ts';
import { EDIT_MAX, type ExperimentState, type SphereEdit } from '../experiment/index.ts';
import type { SandboxStoreOptions } from '../store/index.ts';
import { DEFAULT_SETTINGS, NUMBER_SPECS, checkNumber, isNumberKey, parseNumberInput, validateSettings } from '../experiment/index.ts';
import type { SettingKey, Settings } from '../experiment/index.ts';
import { parseBuiltScene, encodeTwin, parseTwin } from '../experiment/index.ts';

/** The result of reading a link: a usable state, and what was wrong with the link, if anything. */
export interface ParsedLink {
  state: ExperimentState;
  /**
   * The settings the link names and that are used (a preset's own restitution and gravity apply
   * where a link of a preset names none).
   */
  named: Partial<Settings>;
  /** Plain-text notices for the person who opened the link (empty when it was clean). */
  notices: string[];
}

/** Links longer than this are refused outright. */
export const MAX_LINK_LENGTH = 4096;
/** At most this many sphere edits in a link. */
export const MAX_EDITS = 200;

const BOOLEAN_KEYS = ['gravityOn', 'planar', 'leftThermal', 'rightThermal', 'divider'] as const satisfies readonly SettingKey[];
const COLOR_VALUES = COLOR_MODES;

/** The default experiment. */
export function defaultState(): ExperimentState {
  return { preset: null, settings: { ...DEFAULT_SETTINGS }, edits: [] };
}

/** Whether a query parameter is one an experiment link writes (a setting, the preset or the edits). */
export function isExperimentKey(key: string): boolean {
  return key === 'preset' || key === 'built' || key === 'exp' || key === 'edits' || key === 'predict' || key === 'twin' || Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key);
}

/**
 * Encodes an experiment as a query string (without the leading '?'). Only settings that differ
 * from the defaults are written, so links stay short; with a preset, its borrowed physics
 * (restitutions and gravity) are written even at their default values, since a link that leaves
 * one out gets the preset's own value instead.
 */
export function encodeState(state: ExperimentState): string {
  const params = new URLSearchParams();
  if (state.preset) params.set('preset', state.preset);
  const always: readonly SettingKey[] = state.preset ? BORROWED_SETTINGS : [];
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) {
    const value = state.settings[key];
    if (value === DEFAULT_SETTINGS[key] && !always.includes(key)) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  if (state.edits.length > 0) params.set('edits', JSON.stringify(state.edits));
  if (state.predict) params.set('predict', '1');
  if (state.twin) params.set('twin', encodeTwin(state.twin));
  return params.toString();
}

/** An experiment's link, and whether it can be opened. */
export interface ExperimentLink {
  /** The address: `base` (origin and path), '?', the encoded experiment. */
  url: string;
  /** Characters of its query with the '?', what the page that opens it measures. */
  queryLength: number;
  /** Whether the query is over {@link MAX_LINK_LENGTH}: such a link opens the default experiment with a notice. */
  tooLong: boolean;
}

/** The link that reproduces `state` on the page at `base` (for instance `location.origin + location.pathname`). */
export function experimentLink(state: ExperimentState, base: string): ExperimentLink {
  const query = `?${encodeState(state)}`;
  return { url: `${base}${query}`, queryLength: query.length, tooLong: query.length > MAX_LINK_LENGTH };
}

/** Reads a query string (with or without '?'); never throws. */
export function decodeState(query: string, t: Translate = english, maxLength = MAX_LINK_LENGTH): ParsedLink {
  const notices: string[] = [];
  const fallback = (why: string): ParsedLink => ({ state: defaultState(), named: {}, notices: [t('link.fallback', { why })] });
  if (typeof query !== 'string') return fallback(t('link.unreadable'));
  if (query.length > maxLength) return fallback(t('link.tooLong', { length: formatPlain(t.locale, query.length), max: formatPlain(t.locale, maxLength) }));
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
    // Touch every entry: malformed escapes surface here rather than later.
    for (const entry of params) void entry;
  } catch {
    return fallback(t('link.malformed'));
  }
  const state = defaultState();
  const named: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [key, raw] of params) {
    if (seen.has(key)) {
      notices.push(t('link.repeated', { key: clip(key) }));
      continue;
    }
    seen.add(key);
    if (key === 'preset') {
      if (presetById(raw)) state.preset = raw;
      else notices.push(t('link.unknownPreset', { value: clip(raw) }));
    } else if (key === 'predict') {
      if (raw === '1' || raw === 'true') state.predict = true;
      else if (raw !== '0' && raw !== 'false') notices.push(t('link.notBoolean', { key, value: clip(raw) }));
    } else if (key === 'edits') {
      const edits = parseEdits(raw, t);
      if (typeof edits === 'string') notices.push(edits);
      else state.edits = edits;
    } else if (key === 'built') {
      const built = parseBuiltScene(raw, t);
      if (typeof built === 'string') notices.push(t('link.ignored', { problem: built }));
      else state.built = built;
    } else if (key === 'twin') {
      const twin = parseTwin(raw, t);
      if (typeof twin === 'string') notices.push(t('link.ignored', { problem: twin }));
      else state.twin = twin;
    } else if (key === 'colorBy') {
      if ((COLOR_VALUES as readonly string[]).includes(raw)) named.colorBy = state.settings.colorBy = raw as Settings['colorBy'];
      else notices.push(t('link.colour', { value: clip(raw), list: COLOR_VALUES.join(', ') }));
    } else if (key === 'piston') {
      if ((PISTON_MODES as readonly string[]).includes(raw)) named.piston = state.settings.piston = raw as Settings['piston'];
      else notices.push(t('link.piston', { value: clip(raw), list: PISTON_MODES.join(', ') }));
    } else if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      const b = raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : null;
      if (b === null) notices.push(t('link.notBoolean', { key, value: clip(raw) }));
      else named[key] = state.settings[key as (typeof BOOLEAN_KEYS)[number]] = b;
    } else if (isNumberKey(key as SettingKey)) {
      const k = key as keyof typeof NUMBER_SPECS;
      const value = parseNumberInput(raw);
      // A value that is not a number is named in the notice, clipped like every untrusted text.
      const problem = checkNumber(k, typeof value === 'string' ? clip(value) : value, t);
      if (problem) notices.push(t('link.ignored', { problem }));
      else named[k] = state.settings[k] = value as number;
    }
    // Any other field is ignored without a notice: links may come from newer versions.
  }
  // Values that are fine alone may not fit together (too many spheres for the box ...).
  const combined = validateSettings(state.settings, undefined, t);
  const problems = Object.values(combined).filter((m): m is string => typeof m === 'string');
  if (problems.length > 0) {
    return { state: { ...defaultState(), preset: state.preset }, named: {}, notices: capNotices([...notices, t('link.defaultSettings', { problem: problems[0] })], t) };
  }
  return { state, named: named as Partial<Settings>, notices: capNotices(notices, t) };
}

/**
 * The language a page's query asks for with `lang=`, else the browser's: the locale, and a notice
 * (in the browser's language) when `lang` names a language the sandbox does not speak.
 */
export function localeFromQuery(query: string, languages: readonly string[] = navigatorLanguages()): { locale: Locale; notice: string | null } {
  const fallback = browserLocale(languages);
  let asked: string | null = null;
  try {
    asked = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query).get('lang');
  } catch {
    // A malformed query is reported by decodeState.
  }
  if (asked === null) return { locale: fallback, notice: null };
  const locale = asked.trim().toLowerCase();
  if (isLocale(locale)) return { locale, notice: null };
  return { locale: fallback, notice: translator(fallback)('language.unknown', { value: clip(asked), list: LOCALES.join(', '), name: LOCALE_NAMES[fallback] }) };
}

/**
 * Reads a page's query into store options: the language (`lang=`, else the browser's), the
 * preset, the edits, the notices (in that language), and only the settings the link names (so a
 * preset's own restitution and gravity apply where it names none).
 */
export function storeOptionsFromQuery(query: string, languages: readonly string[] = navigatorLanguages(), maxLength = MAX_LINK_LENGTH): SandboxStoreOptions {
  const { locale, notice } = localeFromQuery(query, languages);
  const { state, named, notices } = decodeState(query, translator(locale), maxLength);
  if (notice !== null) notices.unshift(notice);
  return { settings: named, preset: state.preset, edits: state.edits, built: state.built ?? null, notices, predict: state.predict === true, twin: state.twin ?? null, locale };
}

/** At most this many notices are shown for one link; the rest are counted. */
export const MAX_NOTICES = 8;

/** A link of a thousand bad fields gives a short list, not a wall of notices. */
function capNotices(notices: string[], t: Translate): string[] {
  if (notices.length <= MAX_NOTICES) return notices;
  const last = notices[notices.length - 1];
  const kept = notices.slice(0, MAX_NOTICES - 2);
  return [...kept, plural(t, 'link.more', notices.length - kept.length - 1, { count: formatPlain(t.locale, notices.length - kept.length - 1) }), last];
}

function parseEdits(raw: string, t: Translate): SphereEdit[] | string {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return t('link.editsMalformed');
  }
  if (!Array.isArray(data)) return t('link.editsNotList');
  if (data.length > MAX_EDITS) return t('link.editsTooMany', { count: formatPlain(t.locale, data.length), max: formatPlain(t.locale, MAX_EDITS) });
  const edits: SphereEdit[] = [];
  for (const item of data) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return t('link.editNotObject');
    const o = item as Record<string, unknown>;
    if (!Number.isInteger(o.id) || (o.id as number) < 0 || (o.id as number) > 1e7) return t('link.editNoId');
    const edit: SphereEdit = { id: o.id as number };
    for (const field of ['position', 'velocity'] as const) {
      if (o[field] === undefined) continue;
      const v = o[field];
      if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= EDIT_MAX)) {
        return t('link.editNotVector', { field });
      }
      edit[field] = [v[0], v[1], v[2]];
    }
    for (const field of ['radius', 'mass'] as const) {
      if (o[field] === undefined) continue;
      const v = o[field];
      if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > EDIT_MAX) return t('link.editNotPositive', { field });
      edit[field] = v;
    }
    if (o.species !== undefined) {
      const v = o.species;
      if (!Number.isInteger(v) || (v as number) < 0 || (v as number) >= MAX_SPECIES) return t('link.editSpecies', { max: String(MAX_SPECIES - 1), got: clip(String(v)) });
      edit.species = v as number;
    }
    edits.push(edit);
  }
  return edits;
}

/** Shortens untrusted text for a notice (it is shown as text, never as HTML). */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
