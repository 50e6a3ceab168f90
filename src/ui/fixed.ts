/**
 * Numbers with a fixed number of decimals for a language (the status line's 12.34 s reads
 * 12,34 s in German), without grouping, as `toFixed` writes them; formatters are made once.
 */
import type { Locale } from '../i18n/index.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** `value` with exactly `digits` decimals and the language's decimal sign; a dash when not finite. */
export function fixed(value: number, digits: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '–';
  if (locale === 'en') return value.toFixed(digits);
  const key = `${locale}:${digits}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
    formatters.set(key, format);
  }
  return format.format(value);
}
