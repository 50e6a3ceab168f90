/**
 * Moving an HTML label over the view each frame without making a string each frame: the label's
 * offset goes into two CSS custom properties, `--label-x` and `--label-y`, which its `transform`
 * reads (ui/overlay.css for the sphere labels, ui/measure/measure.css for the tape's), written as texts made once for each whole number of pixels and kept.
 */

/** Whole pixels from -LIMIT to LIMIT keep their texts; anything else (never on a screen) is made each time. */
const LIMIT = 16384;
let texts: (string | undefined)[] | null = null;

/** `n` pixels as CSS text ("12px"): for a whole number of pixels, the same string every time. */
export function pixelText(n: number): string {
  if (!Number.isInteger(n) || n < -LIMIT || n > LIMIT) return `${n}px`;
  texts ??= new Array<string | undefined>(2 * LIMIT + 1).fill(undefined);
  const k = n + LIMIT;
  return (texts[k] ??= `${n}px`);
}

/** Moves `el` (a label whose CSS transform reads `--label-x` and `--label-y`) to (x, y) pixels. */
export function placeLabel(el: HTMLElement, x: number, y: number): void {
  el.style.setProperty('--label-x', pixelText(x));
  el.style.setProperty('--label-y', pixelText(y));
}
