/**
 * Number formatting for the readouts: a few significant digits, SI units, a dash for a value
 * that is not there yet.
 */
import { formatSig, type Locale, type Translate } from '../../i18n/index.ts';

/**
 * A number with `digits` significant digits for `locale` (its decimal sign), in exponent form
 * when very large or small, a dash when it is not there yet.
 */
export function sig(value: number, digits = 4, locale: Locale = 'en'): string {
  return formatSig(locale, value, digits);
}

/** An energy in J and in units of the gas's kT: "0.094 J = 5 kT" (a dash for kT when there is no gas). */
export function energyText(t: Translate, joules: number, kT: number): string {
  return t('chem.energy', { joules: sig(joules, 3, t.locale), kT: kT > 0 ? formatSig(t.locale, joules / kT, 3) : t('chem.noValue') });
}

/**
 * An energy in J and, where the world's wells share one depth ε (J, > 0), in units of it:
 * "1.08 J = 1.08 ε"; in J alone without one depth, a dash when there is no value (NaN).
 */
export function depthEnergyText(t: Translate, joules: number, depth: number): string {
  if (!Number.isFinite(joules)) return t('chem.noValue');
  if (!(depth > 0)) return `${sig(joules, 3, t.locale)} J`;
  return t('readouts.energyDepth', { joules: sig(joules, 3, t.locale), depth: formatSig(t.locale, joules / depth, 3) });
}

/** A vector as (x, y, z) with {@link sig}; the separator is a semicolon where the decimal sign is a comma. */
export function vec(v: ArrayLike<number>, digits = 3, locale: Locale = 'en'): string {
  const sep = locale === 'en' ? ', ' : '; ';
  return `(${sig(v[0], digits, locale)}${sep}${sig(v[1], digits, locale)}${sep}${sig(v[2], digits, locale)})`;
}

/** Saves text as a file download (CSV exports). */
export function downloadText(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
