/**
 * The species legend: each species in the scene, its colour, its name and how many spheres it has
 * now, as a list a screen reader reads. It follows the published samples (a few times a second);
 * shown in the Reactions section and, while species are in play, over the view.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatNumber, plural } from '../../i18n/index.ts';
import { speciesColour } from '../../presets/species.ts';
import { speciesLabel, useSpeciesInPlay, useSpeciesNames } from '../shared/species.ts';
import './chemistry.css';

/** The legend: a swatch, a name and a count for each species that has spheres or takes part in a reaction. */
export function SpeciesLegend({ compact = false }: { compact?: boolean }) {
  const store = useSandboxStore();
  const t = useT();
  const names = useSpeciesNames();
  // Re-read at each published sample.
  useStore(store, (s) => s.stats);
  const counts = store.getState().instruments.reactions.last.counts;
  return (
    <ul className={`species-legend${compact ? ' species-legend--compact' : ''}`} aria-label={t('species.legend')} data-species-legend="">
      {counts.map((count, k) => (
        <li key={k} data-species={k}>
          <span className="species-legend__swatch" style={{ background: speciesColour(k) }} aria-hidden="true" />
          <span className="species-legend__name">{speciesLabel(t, k, names)}</span>
          <span className="species-legend__count" data-species-count={k}>
            {plural(t, 'species.legendCount', count, { count: formatNumber(t.locale, count) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The legend over the view, while the scene has more than one species or reactions. */
export function SpeciesBanner() {
  const inPlay = useSpeciesInPlay();
  if (!inPlay) return null;
  return (
    <div className="species-banner" data-covers-view="">
      <SpeciesLegend compact />
    </div>
  );
}
