/**
 * The interface's languages: catalogues of messages (English, Spanish, German), the choice of a
 * language, and numbers written for it. No dependencies; every layer may use it.
 */
export { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, browserLocale, isLocale, localeOfTag, navigatorLanguages, type Locale } from './locale.ts';
export { formatFixed, formatNumber, formatPlain, formatSig, withDecimalSign } from './numbers.ts';
export { CATALOGUES, english, fill, plural, translator, type MessageKey, type MessageParams, type PluralKey, type Translate } from './translate.ts';
