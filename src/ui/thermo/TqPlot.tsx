/**
 * The T–Q plot: the gas's temperature kT against the heat added since the experiment started (the
 * first-law instrument's T–Q path). Heating a gas raises kT along a line; at a phase change the
 * line goes flat while Q still changes (the heat goes into the wells: latent heat). In a world
 * with wells and a liquid, a second line draws the liquid's kT (the spheres in drops, the drop
 * meter's) averaged over the last LIQUID_MEAN_SECONDS: while a drop boils under a piston it is the
 * liquid that holds the boiling point, while the vapour beside hot walls, and so the whole gas,
 * warms. Drawn on a canvas straight from the instruments at each published sample, like the P–V
 * diagram beside it, without a React render; its text alternative says where each line starts
 * and ends.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { LIQUID_MEAN_SECONDS, type TqPath } from '../../instruments/index.ts';
import type { SandboxStore } from '../../store/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatPlain, formatSig, type Locale } from '../../i18n/index.ts';
import { CHART_COLORS, type ChartColors } from '../shared/chart-colors.ts';
import { sig } from '../shared/format.ts';
import { axes } from './PvDiagram.tsx';

/** The liquid's kT along each store's T–Q path, one array at the path's capacity (made at the first draw). */
const liquidByPath = new WeakMap<TqPath, Float64Array>();

/**
 * The liquid's kT at each point of the T–Q path (the mean over the last LIQUID_MEAN_SECONDS of the
 * drop meter's samples, NaN where there was no liquid); null without wells, or before any sample
 * had a liquid. Allocates nothing after the first call for a path.
 */
function liquidAlong(store: SandboxStore): Float64Array | null {
  const { drops, firstLaw } = store.getState().instruments;
  const path = firstLaw.heatPath;
  if (!drops.active || path.length === 0) return null;
  let out = liquidByPath.get(path);
  if (out === undefined) {
    out = new Float64Array(path.capacity);
    liquidByPath.set(path, out);
  }
  drops.history.liquidMeans(path.time, path.length, LIQUID_MEAN_SECONDS, out);
  for (let k = 0; k < path.length; k++) if (out[k] === out[k]) return out;
  return null;
}

/** kT's grid step, J: 1, 2 or 5 times a power of ten, two to five lines below `top`. */
function gridStep(top: number): number {
  const unit = 10 ** Math.floor(Math.log10(top / 2));
  for (const m of [1, 2, 5, 10]) if (top / (m * unit) <= 5) return m * unit;
  return 10 * unit;
}

/**
 * Draws the path: Q across (its range, with 0 in it; both ends written, the last one beside the
 * axis's name), kT up from 0 with a grid line at round values (a plateau is read off against
 * them); the liquid's kT (`liquid`, by the path's rows) over it where there is one.
 */
function drawTq(canvas: HTMLCanvasElement, path: TqPath, liquid: Float64Array | null, locale: Locale, c: ChartColors, fontPx: number): void {
  const area = axes(canvas, 'Q (J)', 'kT (J)', c, fontPx);
  if (area === null || path.length === 0) return;
  const { ctx, left, right, top, bottom } = area;
  const h = canvas.height;
  // Text, lines and points grow with the text (11 px in the panel, larger enlarged).
  const f = fontPx / 11;
  let q0 = 0;
  let q1 = 0;
  let tTop = 0;
  for (let k = 0; k < path.length; k++) {
    q0 = Math.min(q0, path.heat[k]);
    q1 = Math.max(q1, path.heat[k]);
    tTop = Math.max(tTop, path.kT[k]);
    if (liquid !== null && liquid[k] > tTop) tTop = liquid[k];
  }
  if (!(tTop > 0)) return;
  if (!(q1 > q0)) q1 = q0 + 1;
  tTop *= 1.15;
  const x = (q: number): number => left + ((q - q0) / (q1 - q0)) * (right - left);
  const y = (kT: number): number => bottom - (kT / tTop) * (bottom - top);
  ctx.fillText(formatSig(locale, q0, 2), left, h - 6 * f);
  ctx.fillText(formatSig(locale, tTop, 2), 2, top + 10 * f);
  // The end of Q's range, right-aligned before the axis's name (axes() sets it 6.5 px a letter from the right).
  ctx.textAlign = 'right';
  ctx.fillText(formatSig(locale, q1, 2), right - 6.5 * f * 'Q (J)'.length - 6 * f, h - 6 * f);
  const step = gridStep(tTop);
  ctx.strokeStyle = c.grid;
  ctx.lineWidth = f;
  for (let v = step; v < tTop; v += step) {
    ctx.beginPath();
    ctx.moveTo(left, y(v));
    ctx.lineTo(right, y(v));
    ctx.stroke();
    ctx.fillText(formatSig(locale, v, 2), left - 4 * f, y(v) + 4 * f);
  }
  ctx.textAlign = 'left';
  // Q = 0, where the run started, when it lies inside the range.
  if (q0 < 0 && q1 > 0) {
    ctx.strokeStyle = c.grid;
    ctx.setLineDash([3 * f, 3 * f]);
    ctx.beginPath();
    ctx.moveTo(x(0), top);
    ctx.lineTo(x(0), bottom);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = c.red;
  ctx.lineWidth = 2 * f;
  ctx.beginPath();
  for (let k = 0; k < path.length; k++) {
    if (k === 0) ctx.moveTo(x(path.heat[k]), y(path.kT[k]));
    else ctx.lineTo(x(path.heat[k]), y(path.kT[k]));
  }
  ctx.stroke();
  const end = path.length - 1;
  ctx.fillStyle = c.red;
  ctx.beginPath();
  ctx.arc(x(path.heat[end]), y(path.kT[end]), 3.5 * f, 0, 2 * Math.PI);
  ctx.fill();
  if (liquid === null) return;
  // The liquid over the whole: broken where a sample had none, its last point marked.
  ctx.strokeStyle = c.blue;
  ctx.lineWidth = 2.5 * f;
  ctx.beginPath();
  let drawing = false;
  let last = -1;
  for (let k = 0; k < path.length; k++) {
    const v = liquid[k];
    if (v !== v) {
      drawing = false;
      continue;
    }
    if (drawing) ctx.lineTo(x(path.heat[k]), y(v));
    else ctx.moveTo(x(path.heat[k]), y(v));
    drawing = true;
    last = k;
  }
  ctx.stroke();
  if (last < 0) return;
  ctx.fillStyle = c.blue;
  ctx.beginPath();
  ctx.arc(x(path.heat[last]), y(liquid[last]), 3.5 * f, 0, 2 * Math.PI);
  ctx.fill();
}

/** Props of {@link TqPlot}. */
export interface TqPlotProps {
  /** Width of the canvas, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of the canvas, CSS pixels. @defaultValue 150 */
  height?: number;
  /** Axis text, CSS pixels; lines and points grow with it. @defaultValue 11 */
  fontPx?: number;
  /** Shows an Enlarge button beside the title, calling this. @defaultValue none */
  onEnlarge?(): void;
  /** Leaves out the title (in a dialog whose own title names the plot). @defaultValue false */
  untitled?: boolean;
}

/** The T–Q plot with its title (and Enlarge), its legend (with a liquid's line) and its text alternative. */
export function TqPlot({ width = 280, height = 150, fontPx = 11, onEnlarge, untitled = false }: TqPlotProps) {
  const store = useSandboxStore();
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  // Re-read at each published sample (a few times a second), for the text alternative.
  useStore(store, (s) => s.stats);
  const theme = useStore(store, (s) => s.theme);
  const locale = t.locale;

  useEffect(() => {
    const c = CHART_COLORS[theme];
    const redraw = (): void => {
      if (canvas.current) drawTq(canvas.current, store.getState().instruments.firstLaw.heatPath, liquidAlong(store), locale, c, fontPx);
    };
    redraw();
    return store.subscribe((s, prev) => {
      if (s.stats !== prev.stats) redraw();
    });
  }, [store, locale, theme, width, height, fontPx]);

  const path = store.getState().instruments.firstLaw.heatPath;
  const liquid = liquidAlong(store);
  const seconds = formatPlain(locale, LIQUID_MEAN_SECONDS);
  let summary = t('thermo.pv.empty');
  let liquidPoints = 0;
  if (path.length > 0) {
    let low = Infinity;
    let high = -Infinity;
    for (let k = 0; k < path.length; k++) {
      low = Math.min(low, path.kT[k]);
      high = Math.max(high, path.kT[k]);
    }
    const end = path.length - 1;
    const s = (v: number): string => sig(v, 3, locale);
    const all = { q0: s(path.heat[0]), t0: s(path.kT[0]), q1: s(path.heat[end]), t1: s(path.kT[end]), low: s(low), high: s(high) };
    if (liquid === null) summary = t('thermo.tq.summary', all);
    else {
      let first = NaN;
      let lastValue = NaN;
      let lLow = Infinity;
      let lHigh = -Infinity;
      for (let k = 0; k < path.length; k++) {
        const v = liquid[k];
        if (v !== v) continue;
        if (liquidPoints === 0) first = v;
        lastValue = v;
        liquidPoints++;
        lLow = Math.min(lLow, v);
        lHigh = Math.max(lHigh, v);
      }
      summary = t('thermo.tq.summaryLiquid', { ...all, seconds, l0: s(first), l1: s(lastValue), lLow: s(lLow), lHigh: s(lHigh) });
    }
  }
  return (
    <>
      {!untitled && (
        <p className="plot__title">
          {t('thermo.tq.title')}
          {onEnlarge && (
            // Its name says which plot: the P–V diagram's Enlarge is in the same section.
            <button type="button" className="button button--quiet" data-action="enlarge-tq" aria-haspopup="dialog" aria-label={t('thermo.tq.enlarge')} onClick={onEnlarge}>
              {t('thermo.pv.enlarge')}
            </button>
          )}
        </p>
      )}
      <canvas ref={canvas} className="first-law__plot" data-plot="tq" data-points={path.length} data-liquid-points={liquidPoints} width={width} height={height} role="img" aria-label={summary} />
      {liquid !== null && (
        <p className="first-law__legend" aria-hidden="true" data-legend="tq">
          <span className="first-law__key first-law__key--all">━ {t('thermo.tq.all')}</span> <span className="first-law__key first-law__key--liquid">━ {t('thermo.tq.liquid', { seconds })}</span>
        </p>
      )}
    </>
  );
}
