/**
 * The species as every section names and colours them: the running lesson's names (else A, B, C
 * ...), a role in the interface's language, and each species' colour in the theme.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import type { Translate } from '../../i18n/index.ts';
import { presetById } from '../../presets/presets.ts';
import { speciesColour, speciesName, type SpeciesName } from '../../presets/species.ts';
import type { Theme } from '../../store/index.ts';
import { MAX_SPECIES } from '../../solver/index.ts';

const NONE: readonly SpeciesName[] = [];

/** The names of the running lesson's species (empty: A, B, C ... by number). */
export function useSpeciesNames(): readonly SpeciesName[] {
  const store = useSandboxStore();
  return useStore(store, (s) => (s.preset === null ? NONE : (presetById(s.preset)?.species ?? NONE)));
}

/** Whether the scene has chemistry to show (more than one species, or reactions), as of the last sample. */
export function useSpeciesInPlay(): boolean {
  const store = useSandboxStore();
  return useStore(store, (s) => s.stats !== null && s.instruments.reactions.last.inPlay);
}

/** Species k's symbol: "K". */
export function speciesSymbol(k: number, names: readonly SpeciesName[]): string {
  return speciesName(k, names).symbol;
}

/** Species k as a person reads it: "K (catalyst)", "A". */
export function speciesLabel(t: Translate, k: number, names: readonly SpeciesName[]): string {
  const n = speciesName(k, names);
  return n.role === 'catalyst' ? `${n.symbol} (${t('species.catalyst')})` : n.symbol;
}

/** Species k's colour in `theme`: the palette's own on the dark theme, its darker twin on the projector's white. */
export function speciesThemeColour(k: number, theme: Theme): string {
  return speciesColour(k, theme === 'projector');
}

/** How many species a species menu offers: those the scene has or its reactions name and one more, at least four. */
export function speciesChoices(counts: readonly number[]): number {
  return Math.min(MAX_SPECIES, Math.max(4, counts.length + 1));
}
