/**
 * The Reactions section of the classroom panel: the species legend with live counts, each reaction
 * with its activation energy and energy released (in J and in the gas's kT), the reactions so far,
 * the measured rate and rate constant beside collision theory's, the ratio [C][D]/[A][B] beside its
 * equilibrium value exp(Q/kT), the energy diagram and the concentrations against time. Numbers
 * follow the store's published samples (a few times a second); nothing renders per frame.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatNumber } from '../../i18n/index.ts';
import { RATE_WINDOW, type ReactionReading } from '../../instruments/index.ts';
import { reactionText, type SpeciesName } from '../../presets/species.ts';
import { energyText, sig } from '../shared/format.ts';
import { speciesSymbol, useSpeciesNames } from '../shared/species.ts';
import { ConcentrationPlot } from './ConcentrationPlot.tsx';
import { EnergyDiagram, percent } from './EnergyDiagram.tsx';
import { SpeciesLegend } from './SpeciesLegend.tsx';
import './chemistry.css';

/** "[C][D] / [A][B]" in the reaction's symbols. */
function ratioExpression(r: ReactionReading['reaction'], names: readonly SpeciesName[]): string {
  const s = (k: number): string => `[${speciesSymbol(k, names)}]`;
  return `${s(r.products[0])}${s(r.products[1])} / ${s(r.reactants[0])}${s(r.reactants[1])}`;
}

/** One reaction's readouts and its energy diagram. */
function ReactionReadouts({ reading, index, kT, names }: { reading: ReactionReading; index: number; kT: number; names: readonly SpeciesName[] }) {
  const t = useT();
  const locale = t.locale;
  const r = reading.reaction;
  const rows: [string, string, string][] = [
    ['ea', t('chem.ea'), energyText(t, r.activationEnergy, kT)],
    ['q', t('chem.q'), energyText(t, r.energyReleased, kT)],
    ['events', t('chem.events'), r.reversible ? t('chem.eventsValue', { forward: formatNumber(locale, reading.forward), backward: formatNumber(locale, reading.backward) }) : formatNumber(locale, reading.forward)],
    ['rate', t('chem.rate', { window: RATE_WINDOW }), t('chem.rateValue', { rate: sig(reading.rate, 3, locale) })],
    ['k-measured', t('chem.kMeasured'), `${sig(reading.kMeasured, 3, locale)} m³/s`],
    ['k-theory', t('chem.kTheory'), `${sig(reading.kTheory, 3, locale)} m³/s`],
    ['cleared', t('chem.cleared'), t('chem.clearedValue', { measured: percent(reading.cleared, locale), hits: sig(reading.hitsPerSecond, 3, locale), theory: percent(reading.clearedTheory, locale) })],
  ];
  if (r.reversible) {
    rows.push(['ratio', t('chem.ratio', { expression: ratioExpression(r, names) }), sig(reading.ratio, 3, locale)]);
    rows.push(['ratio-theory', t('chem.ratioTheory'), sig(reading.ratioTheory, 3, locale)]);
  }
  return (
    <section className="reaction" data-reaction={index} aria-label={t('chem.reaction', { n: index + 1 })}>
      <h3 className="reaction__equation">{reactionText(r, names)}</h3>
      <dl className="readouts">
        {rows.map(([key, name, value]) => (
          <div className="readouts__row" key={key}>
            <dt>{name}</dt>
            <dd data-chem={key}>{value}</dd>
          </div>
        ))}
      </dl>
      <EnergyDiagram reading={reading} kT={kT} names={names} />
    </section>
  );
}

/** The Reactions section. */
export function ReactionsPanel() {
  const store = useSandboxStore();
  const t = useT();
  const names = useSpeciesNames();
  // Re-read at each published sample (a few times a second).
  useStore(store, (s) => s.stats);
  const last = store.getState().instruments.reactions.last;
  if (!last.inPlay) return <p className="field__hint">{t('chem.none')}</p>;
  return (
    <div className="reactions" data-reactions="">
      <p className="plot__title">{t('chem.counts')}</p>
      <SpeciesLegend />
      <dl className="readouts">
        <div className="readouts__row">
          <dt>{t('chem.kT')}</dt>
          <dd data-chem="kt">{sig(last.kT, 4, t.locale)} J</dd>
        </div>
        <div className="readouts__row">
          <dt>{t('chem.chemical')}</dt>
          <dd data-chem="chemical">{sig(last.chemical, 4, t.locale)} J</dd>
        </div>
      </dl>
      {last.reactions.length === 0 && <p className="field__hint">{t('chem.noReactions')}</p>}
      {last.reactions.map((reading, k) => (
        <ReactionReadouts key={k} reading={reading} index={k} kT={last.kT} names={names} />
      ))}
      {last.reactions.length > 0 && <p className="field__hint">{t('chem.theoryNote')}</p>}
      <ConcentrationPlot />
    </div>
  );
}
