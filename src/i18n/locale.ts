/**
 * The languages of the interface, and how one is chosen: a link's `lang=`, else the first of the
 * browser's languages that the sandbox speaks, else English.
 */

/** A language of the interface, as its two-letter code. */
export type Locale = 'en' | 'es' | 'de';

/** Every language, in the order the language menu lists them. */
export const LOCALES: readonly Locale[] = ['en', 'es', 'de'];

/** Each language's name in that language (what the language menu shows). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español', de: 'Deutsch' };

/** The language used when nothing asks for another. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Whether a value names one of the {@link LOCALES}. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a tag such as `es-MX` or `de` asks for, if the sandbox speaks it (only the
 * primary subtag counts, in any case), else null.
 */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().split(/[-_]/)[0].toLowerCase();
  return isLocale(primary) ? primary : null;
}

/** The first of the browser's languages (`navigator.languages`) that the sandbox speaks, else English. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const locale = localeOfTag(tag);
    if (locale !== null) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The page's own languages, or none outside a browser. */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
