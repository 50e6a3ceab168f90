/**
 * The energy diagram of a reaction, drawn as SVG: the reactants' level at 0, the barrier's top at
 * Ea, the products' level at −Q, and a bar at the barrier whose length is the fraction of the
 * reactants' hits that cleared it over the last window (beside theory's exp(−Ea/kT), a tick). Its
 * text alternative says the same in words. Drawn again at each published sample.
 */
import { useT } from '../../hooks/use-translate.ts';
import type { ReactionReading } from '../../instruments/index.ts';
import { RATE_WINDOW } from '../../instruments/index.ts';
import { formatSig } from '../../i18n/index.ts';
import type { SpeciesName } from '../../presets/species.ts';
import { reactionText } from '../../presets/species.ts';
import './chemistry.css';

/** Props of {@link EnergyDiagram}. */
export interface EnergyDiagramProps {
  reading: ReactionReading;
  /** kT of the gas, J: the unit of the levels' labels. */
  kT: number;
  names: readonly SpeciesName[];
}

const W = 280;
const H = 150;

/** A fraction as a percentage with two significant digits ("1.8"), a dash when unknown. */
export function percent(fraction: number, locale: Parameters<typeof formatSig>[0]): string {
  return Number.isFinite(fraction) ? formatSig(locale, 100 * fraction, 2) : '—';
}

/** The energy diagram of one reaction. */
export function EnergyDiagram({ reading, kT, names }: EnergyDiagramProps) {
  const t = useT();
  const locale = t.locale;
  const r = reading.reaction;
  const unit = kT > 0 ? kT : 1;
  const ea = r.activationEnergy / unit;
  const q = -r.energyReleased / unit; // the products' level
  const top = Math.max(ea, q, 0);
  const bottom = Math.min(0, q);
  const span = top - bottom || 1;
  const y = (e: number): number => 22 + ((top - e) / span) * (H - 50);
  const x0 = 10;
  const x1 = 90;
  const x2 = 190;
  const x3 = W - 10;
  const peak = (x1 + x2) / 2;
  const path = `M ${x0} ${y(0)} L ${x1} ${y(0)} C ${x1 + 30} ${y(0)}, ${peak - 25} ${y(ea)}, ${peak} ${y(ea)} C ${peak + 25} ${y(ea)}, ${x2 - 30} ${y(q)}, ${x2} ${y(q)} L ${x3} ${y(q)}`;
  const cleared = Number.isFinite(reading.cleared) ? Math.min(1, reading.cleared) : 0;
  const theory = Number.isFinite(reading.clearedTheory) ? Math.min(1, reading.clearedTheory) : 0;
  // The bar's scale: the larger of the two fractions fills 90 px, so that a few per cent still shows.
  const scale = 90 / Math.max(cleared, theory, 1e-9);
  const hits = Number.isFinite(reading.hitsPerSecond) ? formatSig(locale, reading.hitsPerSecond, 3) : '—';
  const summary = t('chem.diagram.summary', {
    reaction: reactionText(r, names),
    ea: formatSig(locale, ea, 3),
    q: formatSig(locale, q, 3),
    window: RATE_WINDOW,
    percent: percent(reading.cleared, locale),
    hits,
    theory: percent(reading.clearedTheory, locale),
  });
  return (
    <figure className="energy-diagram" data-energy-diagram="">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={summary}>
        <path className="energy-diagram__curve" d={path} />
        <line className="energy-diagram__barrier" x1={peak - 40} x2={peak + 40} y1={y(ea)} y2={y(ea)} />
        <text className="energy-diagram__label" x={x0} y={y(0) - 6}>
          {t('chem.diagram.reactantsAt')}
        </text>
        <text className="energy-diagram__label" x={x3} y={y(q) - 6} textAnchor="end">
          {t('chem.diagram.productsAt', { q: formatSig(locale, q, 2) })}
        </text>
        <text className="energy-diagram__label" x={peak} y={y(ea) - 8} textAnchor="middle">
          {t('chem.diagram.barrierAt', { ea: formatSig(locale, ea, 2) })}
        </text>
        <rect className="energy-diagram__hits" x={peak - 45} y={H - 18} width={Math.max(1, cleared * scale)} height={10} data-cleared={reading.cleared} />
        <line className="energy-diagram__theory" x1={peak - 45 + theory * scale} x2={peak - 45 + theory * scale} y1={H - 22} y2={H - 4} />
      </svg>
      <figcaption className="field__hint">{t('chem.diagram.hits', { percent: percent(reading.cleared, locale), theory: percent(reading.clearedTheory, locale) })}</figcaption>
    </figure>
  );
}
