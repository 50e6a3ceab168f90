/**
 * The first law, live: the ledger since the experiment started (ΔU, Q, W, energy lost, and the
 * residual ΔU − (Q + W − lost) to the digit), the gas's pressure, volume and temperature, the P–V
 * diagram (PvDiagram.tsx: the path with the isotherm and the adiabat through its start, and recorded
 * runs beside it), the T–Q plot (TqPlot.tsx: kT against the heat added, where heat flows or the
 * spheres attract) and the temperature profile across the box. The numbers follow the store's samples (a few times a second); the
 * diagrams are drawn on canvases straight from the first-law instrument, without a React render.
 * Each diagram has a text alternative that says what it shows.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { PRESSURE_WINDOW_S, type FirstLaw } from '../../instruments/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatPlain, formatSig, type Locale } from '../../i18n/index.ts';
import { CHART_COLORS, type ChartColors } from '../shared/chart-colors.ts';
import { axes, PvDiagram } from './PvDiagram.tsx';
import { TqPlot } from './TqPlot.tsx';
import { sig } from '../shared/format.ts';
import { useSpeciesInPlay } from '../shared/species.ts';
import './thermo.css';

/** Props of {@link ThermoReadouts}. */
export interface ThermoReadoutsProps {
  /** Width of each diagram, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of each diagram, CSS pixels. @defaultValue 150 */
  height?: number;
  /** Opens the P–V diagram enlarged over the scene. @defaultValue none (no Enlarge button) */
  onEnlargePv?(): void;
  /** Opens the T–Q plot enlarged over the scene. @defaultValue none (no Enlarge button) */
  onEnlargeTq?(): void;
}


/** The residual, to the digit: "3.2 × 10⁻¹³". */
export function residualText(value: number, locale: Locale): string {
  if (value === 0) return '0';
  const exp = Math.floor(Math.log10(Math.abs(value)));
  const mantissa = value / 10 ** exp;
  const sup = String(exp).replace(/-/g, '⁻').replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]);
  return `${formatSig(locale, mantissa, 2)} × 10${sup}`;
}

/** Draws the temperature profile: kT in each slab against x. */
function drawProfile(canvas: HTMLCanvasElement, law: FirstLaw, locale: Locale, c: ChartColors): void {
  const area = axes(canvas, 'x (m)', 'kT (J)', c);
  if (area === null) return;
  const { ctx, left, right, top, bottom } = area;
  const h = canvas.height;
  const { x: xs, kT } = law.profile;
  let top2 = 0;
  for (let k = 0; k < kT.length; k++) if (kT[k] > top2) top2 = kT[k];
  if (!(top2 > 0)) return;
  top2 *= 1.15;
  ctx.fillText(formatSig(locale, top2, 2), 2, top + 10);
  const n = kT.length;
  const barW = (right - left) / n;
  for (let k = 0; k < n; k++) {
    if (!(kT[k] === kT[k])) continue;
    const hh = (kT[k] / top2) * (bottom - top);
    // Warm to cool by the slab's temperature against the hottest.
    const f = kT[k] / top2;
    ctx.fillStyle = `rgba(${Math.round(80 + 175 * f)}, ${Math.round(140 - 60 * f)}, ${Math.round(255 - 200 * f)}, 0.8)`;
    ctx.fillRect(left + k * barW + 1, bottom - hh, barW - 2, hh);
  }
  ctx.fillStyle = c.axis;
  ctx.fillText(formatSig(locale, xs[0], 2), left, h - 6);
}

/** The first law's ledger and the gas's state, with the P–V diagram and the temperature profile. */
export function ThermoReadouts({ width = 280, height = 150, onEnlargePv, onEnlargeTq }: ThermoReadoutsProps) {
  const store = useSandboxStore();
  const t = useT();
  const profile = useRef<HTMLCanvasElement>(null);
  // Re-read at each published sample (a few times a second).
  const stats = useStore(store, (s) => s.stats);
  // A scene with reactions books their energy in the ledger too.
  const chemistry = useSpeciesInPlay();
  const law = store.getState().instruments.firstLaw;
  const wells = store.getState().instruments.drops.active;
  const planar = store.getState().sim.world.options.planar;
  const r = law.last;
  const locale = t.locale;
  const unitP = planar ? 'N/m' : 'Pa';
  const unitV = planar ? 'm²' : 'm³';

  const theme = useStore(store, (s) => s.theme);
  useEffect(() => {
    const c = CHART_COLORS[theme];
    const redraw = (): void => {
      const { instruments } = store.getState();
      if (profile.current) drawProfile(profile.current, instruments.firstLaw, locale, c);
    };
    redraw();
    return store.subscribe((s, prev) => {
      if (s.stats !== prev.stats) redraw();
    });
  }, [store, locale, theme]);

  let hot = -1;
  let cold = -1;
  for (let k = 0; k < law.profile.kT.length; k++) {
    const v = law.profile.kT[k];
    if (!(v === v)) continue;
    if (hot < 0 || v > law.profile.kT[hot]) hot = k;
    if (cold < 0 || v < law.profile.kT[cold]) cold = k;
  }
  const profileSummary =
    hot < 0
      ? t('thermo.pv.empty')
      : t('thermo.profile.summary', {
          hot: sig(law.profile.kT[hot], 3, locale),
          hotX: sig(law.profile.x[hot], 2, locale),
          cold: sig(law.profile.kT[cold], 3, locale),
          coldX: sig(law.profile.x[cold], 2, locale),
        });
  const rows: [string, string, string][] = [
    ['delta-u', t('thermo.deltaU'), `${sig(r.deltaU, 5, locale)} J`],
    ['heat', t('thermo.heatIn'), `${sig(r.heat, 5, locale)} J`],
    ['work', t('thermo.workIn'), `${sig(r.work, 5, locale)} J`],
    ['lost', t('thermo.lost'), `${sig(r.lost, 5, locale)} J`],
    ...(chemistry ? ([['chemical', t('chem.chemical'), `${sig(r.chemical, 5, locale)} J`]] as [string, string, string][]) : []),
    // Spheres that left through a hole in a wall took their energy with them (a scene with such a hole).
    ...(r.escaped !== 0 ? ([['escaped', t('thermo.escaped'), `${sig(r.escaped, 5, locale)} J`]] as [string, string, string][]) : []),
    ['residual', t(r.escaped !== 0 ? (chemistry ? 'chem.residualEscaped' : 'thermo.residualEscaped') : chemistry ? 'chem.residual' : 'thermo.residual'), `${residualText(r.residual, locale)} J`],
    // The measured pressure the Readouts show, over the same window (the P–V path's points are each sample's own).
    ['pressure', t('readouts.pressure', { seconds: formatPlain(locale, PRESSURE_WINDOW_S) }), `${sig(stats.pressureMeasured, 4, locale)} ${unitP}`],
    ['volume', t('thermo.volume'), `${sig(r.volume, 4, locale)} ${unitV}`],
    ['kt', t('thermo.kT'), `${sig(r.kT, 4, locale)} J`],
  ];
  return (
    <div className="first-law">
      <dl className="readouts" aria-label={t('thermo.readouts.title')}>
        {rows.map(([key, name, value]) => (
          <div className="readouts__row" key={key}>
            <dt>{name}</dt>
            <dd data-first-law={key}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field__hint" data-first-law="statement">
        {t(chemistry ? 'chem.holds' : 'thermo.holds', { residual: residualText(Math.abs(r.residual) / r.scale, locale) })}
      </p>
      <PvDiagram width={width} height={height} onEnlarge={onEnlargePv} />
      {/* The T–Q plot where heat flows or the spheres attract (a phase change's plateau). */}
      {(wells || r.heat !== 0) && <TqPlot width={width} height={height} onEnlarge={onEnlargeTq} />}
      <p className="plot__title">{t('thermo.profile.title')}</p>
      <canvas ref={profile} className="first-law__plot" data-plot="profile" width={width} height={height} role="img" aria-label={profileSummary} />
    </div>
  );
}
