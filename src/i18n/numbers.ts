/**
 * Numbers written for a language with `Intl.NumberFormat`: the decimal sign and the grouping of
 * each locale. Formatters are made once per locale and kind and then reused.
 */
import type { Locale } from './locale.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** A cached formatter for `locale` with `options` (named by `kind`, so that it is built once). */
function formatter(locale: Locale, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}:${kind}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.NumberFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/**
 * A number with at most `digits` significant digits (trailing zeros dropped), without grouping;
 * below 0.001 or from a million on it is written as a mantissa times a power of ten, `1.5e-7`.
 * A dash stands for a value that is not a finite number.
 */
export function formatSig(locale: Locale, value: number, digits = 4): string {
  if (!Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const plain = formatter(locale, `sig${digits}`, { maximumSignificantDigits: digits, useGrouping: false });
  const a = Math.abs(value);
  if (a >= 1e6 || a < 1e-3) {
    const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
    return `${plain.format(Number(mantissa))}e${exponent}`;
  }
  return plain.format(value);
}

/**
 * A number as a person reads it in `locale`, grouped (12,345.5 or 12.345,5), with up to 15
 * significant digits; a very small or very large one in exponent form.
 */
export function formatNumber(locale: Locale, value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const a = Math.abs(value);
  if (a !== 0 && (a < 1e-6 || a >= 1e15)) return formatSig(locale, value, 15);
  return formatter(locale, 'plain', { maximumSignificantDigits: 15 }).format(value);
}

/**
 * A number written with a decimal point (`String(x)`, `x.toFixed(2)`) given the decimal sign of
 * `locale`: English keeps it exactly, Spanish and German write a decimal comma.
 */
export function withDecimalSign(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  const sign = formatter(locale, 'plain', { maximumSignificantDigits: 15 }).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return sign === '.' ? text : text.replace('.', sign);
}

/**
 * A number in a message, digit for digit as JavaScript writes it (`2000000`, `1e-7`: no grouping,
 * no rounding), with the language's decimal sign: English messages read as they always have.
 */
export function formatPlain(locale: Locale, value: number): string {
  return withDecimalSign(locale, String(value));
}

/** `value` with exactly `digits` decimals and the language's decimal sign, ungrouped as `toFixed` writes it; a dash when not finite. */
export function formatFixed(locale: Locale, value: number, digits: number): string {
  if (!Number.isFinite(value)) return '–';
  if (locale === 'en') return value.toFixed(digits);
  return formatter(locale, `fixed${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}
