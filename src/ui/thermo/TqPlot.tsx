/**
 * The T–Q plot: the gas's temperature kT against the heat added since the experiment started (the
 * first-law instrument's T–Q path). Heating a gas raises kT along a line; at a phase change the
 * line goes flat while Q still changes (the heat goes into the wells: latent heat). Drawn on a
 * canvas straight from the instrument at each published sample, like the P–V diagram beside it,
 * without a React render; its text alternative says where the path starts and ends.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { TqPath } from '../../instruments/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatSig, type Locale } from '../../i18n/index.ts';
import { CHART_COLORS, type ChartColors } from '../shared/chart-colors.ts';
import { sig } from '../shared/format.ts';
import { axes } from './PvDiagram.tsx';

/** Draws the path: Q across (its range, with 0 in it), kT up from 0. */
function drawTq(canvas: HTMLCanvasElement, path: TqPath, locale: Locale, c: ChartColors): void {
  const area = axes(canvas, 'Q (J)', 'kT (J)', c);
  if (area === null || path.length === 0) return;
  const { ctx, left, right, top, bottom } = area;
  const h = canvas.height;
  let q0 = 0;
  let q1 = 0;
  let tTop = 0;
  for (let k = 0; k < path.length; k++) {
    q0 = Math.min(q0, path.heat[k]);
    q1 = Math.max(q1, path.heat[k]);
    tTop = Math.max(tTop, path.kT[k]);
  }
  if (!(tTop > 0)) return;
  if (!(q1 > q0)) q1 = q0 + 1;
  tTop *= 1.15;
  const x = (q: number): number => left + ((q - q0) / (q1 - q0)) * (right - left);
  const y = (kT: number): number => bottom - (kT / tTop) * (bottom - top);
  ctx.fillText(formatSig(locale, q0, 2), left, h - 6);
  ctx.fillText(formatSig(locale, tTop, 2), 2, top + 10);
  // Q = 0, where the run started, when it lies inside the range.
  if (q0 < 0 && q1 > 0) {
    ctx.strokeStyle = c.grid;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(x(0), top);
    ctx.lineTo(x(0), bottom);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = c.red;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let k = 0; k < path.length; k++) {
    if (k === 0) ctx.moveTo(x(path.heat[k]), y(path.kT[k]));
    else ctx.lineTo(x(path.heat[k]), y(path.kT[k]));
  }
  ctx.stroke();
  const end = path.length - 1;
  ctx.fillStyle = c.red;
  ctx.beginPath();
  ctx.arc(x(path.heat[end]), y(path.kT[end]), 3.5, 0, 2 * Math.PI);
  ctx.fill();
}

/** Props of {@link TqPlot}. */
export interface TqPlotProps {
  /** Width of the canvas, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of the canvas, CSS pixels. @defaultValue 150 */
  height?: number;
}

/** The T–Q plot with its title and text alternative. */
export function TqPlot({ width = 280, height = 150 }: TqPlotProps) {
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
      if (canvas.current) drawTq(canvas.current, store.getState().instruments.firstLaw.heatPath, locale, c);
    };
    redraw();
    return store.subscribe((s, prev) => {
      if (s.stats !== prev.stats) redraw();
    });
  }, [store, locale, theme, width, height]);

  const path = store.getState().instruments.firstLaw.heatPath;
  let summary = t('thermo.pv.empty');
  if (path.length > 0) {
    let low = Infinity;
    let high = -Infinity;
    for (let k = 0; k < path.length; k++) {
      low = Math.min(low, path.kT[k]);
      high = Math.max(high, path.kT[k]);
    }
    const end = path.length - 1;
    const s = (v: number): string => sig(v, 3, locale);
    summary = t('thermo.tq.summary', { q0: s(path.heat[0]), t0: s(path.kT[0]), q1: s(path.heat[end]), t1: s(path.kT[end]), low: s(low), high: s(high) });
  }
  return (
    <>
      <p className="plot__title">{t('thermo.tq.title')}</p>
      <canvas ref={canvas} className="first-law__plot" data-plot="tq" data-points={path.length} width={width} height={height} role="img" aria-label={summary} />
    </>
  );
}
