/**
 * Number formatting for the readouts: a few significant digits, SI units, a dash for a value
 * that is not there yet.
 */

/** A number with `digits` significant digits, in exponent form when very large or small. */
export function sig(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const a = Math.abs(value);
  if (a >= 1e6 || a < 1e-3) return value.toExponential(digits - 1);
  return String(Number(value.toPrecision(digits)));
}

/** A vector as (x, y, z) with {@link sig}. */
export function vec(v: ArrayLike<number>, digits = 3): string {
  return `(${sig(v[0], digits)}, ${sig(v[1], digits)}, ${sig(v[2], digits)})`;
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
