/**
 * The species of a scene as the classroom shows them: each species' colour (the Okabe-Ito palette,
 * which people with any common colour-vision deficiency can tell apart) and its name. Names are
 * chemical symbols, the same in every language ("A", "AB", "K"); a role ("catalyst") is a word
 * the interface translates. Pure data: the view, the panels and the tests read the same table.
 */
import type { Reaction } from '../solver/index.ts';

/** A species as a lesson names it. */
export interface SpeciesName {
  /** Its symbol, as written in a reaction ("A", "B", "AB", "K"). */
  symbol: string;
  /** What it does, when that is not just reacting: a catalyst takes part and comes out unchanged. */
  role?: 'catalyst';
}

/**
 * The colours of the first species, `#rrggbb`, as the spheres and the dark theme draw them: Okabe
 * and Ito's palette for colour-blind readers (sky blue, orange, bluish green, reddish purple,
 * yellow, blue, vermilion, grey). Species k takes entry k modulo the length. Yellow is fifth,
 * so that the four species of one reaction never include the colour a light background hides.
 */
export const SPECIES_COLOURS: readonly string[] = ['#56b4e9', '#e69f00', '#009e73', '#cc79a7', '#f0e442', '#0072b2', '#d55e00', '#bbbbbb'];

/**
 * The same hues darkened for the projector theme's white panels (a chart line, a legend swatch): each
 * has a contrast of at least 4.4:1 against white, where the palette's own sky blue and yellow do not.
 */
export const SPECIES_COLOURS_LIGHT: readonly string[] = ['#1f6fa8', '#a36200', '#00795a', '#a8467f', '#7a6f00', '#0072b2', '#b84a00', '#5f5f5f'];

/** Species k's colour (`light`: for a light background). */
export function speciesColour(k: number, light = false): string {
  const palette = light ? SPECIES_COLOURS_LIGHT : SPECIES_COLOURS;
  return palette[((k % palette.length) + palette.length) % palette.length];
}

/** The default symbol of species k: A, B, C ... Z, then S26, S27 ... */
export function defaultSymbol(k: number): string {
  return k < 26 ? String.fromCharCode(65 + k) : `S${k}`;
}

/** Species k's name: the lesson's, else {@link defaultSymbol}. */
export function speciesName(k: number, names: readonly SpeciesName[] = []): SpeciesName {
  return names[k] ?? { symbol: defaultSymbol(k) };
}

/**
 * Whether a scene has chemistry to show: more than one species among its spheres, or reactions.
 * `counts` is `stats().speciesCounts`.
 */
export function speciesInPlay(counts: readonly number[], reactions: readonly unknown[]): boolean {
  if (reactions.length > 0) return true;
  let kinds = 0;
  for (const c of counts) if (c > 0) kinds++;
  return kinds > 1;
}

/** A reaction written with symbols: "A + B → C + D", "⇌" when reversible. */
export function reactionText(r: Reaction, names: readonly SpeciesName[] = []): string {
  const s = (k: number): string => speciesName(k, names).symbol;
  return `${s(r.reactants[0])} + ${s(r.reactants[1])} ${r.reversible ? '⇌' : '→'} ${s(r.products[0])} + ${s(r.products[1])}`;
}
