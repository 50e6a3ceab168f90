/**
 * The P–V diagram: the path of the run now, the isotherm and the adiabat through its start, and
 * the recorded runs chosen for comparison (the runs table keeps each one's path), each in its own
 * colour and dash, on axes that span every path shown. Drawn on a canvas straight from the
 * first-law instrument at each published sample, without a React render; its text alternative
 * says where each path ends. In the First law section with the runs to compare and an Enlarge
 * button, and enlarged over the scene for a projector.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { pathEnd, pvAxes, type FirstLaw, type PathLike } from '../../instruments/index.ts';
import { presetById } from '../../presets/presets.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatSig, type Locale } from '../../i18n/index.ts';
import { CHART_COLORS, type ChartColors } from '../shared/chart-colors.ts';
import { sig } from '../shared/format.ts';
import { presetTitle } from '../shared/preset-text.ts';
import { CompareRuns, RUN_DASHES, RUN_KEYS, runName } from '../shared/CompareRuns.tsx';

/** Margins and text of a diagram at `fontPx` (11 in the panel): the plot area within a canvas. */
export interface PlotArea {
  ctx: CanvasRenderingContext2D;
  left: number;
  right: number;
  top: number;
  bottom: number;
  fontPx: number;
}

/** The plot area of a diagram on `canvas`, cleared, with its two axes and their labels drawn. */
export function axes(canvas: HTMLCanvasElement, xLabel: string, yLabel: string, c: ChartColors, fontPx = 11): PlotArea | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const w = canvas.width;
  const h = canvas.height;
  const f = fontPx / 11;
  ctx.clearRect(0, 0, w, h);
  const left = Math.round(46 * f);
  const bottom = h - Math.round(26 * f);
  const right = w - 8;
  const top = 8;
  ctx.strokeStyle = c.axis;
  ctx.fillStyle = c.axis;
  ctx.lineWidth = f;
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, bottom);
  ctx.lineTo(right, bottom);
  ctx.stroke();
  ctx.fillText(xLabel, right - 6.5 * f * xLabel.length, h - 6 * f);
  ctx.save();
  ctx.translate(11 * f, top + 40 * f);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(yLabel, -40 * f, 0);
  ctx.restore();
  return { ctx, left, right, top, bottom, fontPx };
}

/** A recorded run to draw: its path, colour and dash. */
interface Overlay {
  path: PathLike;
  colour: string;
  dash: readonly number[];
}

/** Draws the P–V diagram: axes spanning every path, the isotherm and the adiabat through the run's start, the recorded runs, and the run's path over them. */
function drawPV(canvas: HTMLCanvasElement, law: FirstLaw, overlays: readonly Overlay[], planar: boolean, locale: Locale, c: ChartColors, fontPx: number): void {
  const area = axes(canvas, planar ? 'A (m²)' : 'V (m³)', planar ? 'P (N/m)' : 'P (Pa)', c, fontPx);
  if (area === null) return;
  const { ctx, left, right, top, bottom } = area;
  const f = fontPx / 11;
  const h = canvas.height;
  const p = law.path;
  const range = pvAxes([p, ...overlays.map((o) => o.path)], p.length > 0 ? (v) => law.curves(v).adiabat : undefined);
  if (range === null) return;
  const { v0, v1, pTop } = range;
  const x = (v: number): number => left + ((v - v0) / (v1 - v0)) * (right - left);
  const y = (pr: number): number => bottom - (Math.min(pr, pTop) / pTop) * (bottom - top);
  ctx.fillText(formatSig(locale, v0, 2), left, h - 6 * f);
  ctx.fillText(formatSig(locale, pTop, 2), 2, top + 10 * f);
  const line = (path: PathLike, colour: string, dash: readonly number[], width: number): void => {
    ctx.strokeStyle = colour;
    ctx.setLineDash(dash.map((d) => d * f));
    ctx.lineWidth = width * f;
    ctx.beginPath();
    for (let k = 0; k < path.length; k++) {
      if (k === 0) ctx.moveTo(x(path.volume[k]), y(path.pressure[k]));
      else ctx.lineTo(x(path.volume[k]), y(path.pressure[k]));
    }
    ctx.stroke();
    ctx.setLineDash([]);
    // The end of the path, where the comparison is read.
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(x(path.volume[path.length - 1]), y(path.pressure[path.length - 1]), 3.5 * f, 0, 2 * Math.PI);
    ctx.fill();
  };
  if (p.length > 0) {
    const curve = (which: 'isotherm' | 'adiabat', colour: string, dash: number[]): void => {
      ctx.strokeStyle = colour;
      ctx.setLineDash(dash.map((d) => d * f));
      ctx.lineWidth = 1.5 * f;
      ctx.beginPath();
      for (let s = 0; s <= 40; s++) {
        const v = v0 + ((v1 - v0) * s) / 40;
        const pr = law.curves(v)[which];
        if (s === 0) ctx.moveTo(x(v), y(pr));
        else ctx.lineTo(x(v), y(pr));
      }
      ctx.stroke();
      ctx.setLineDash([]);
    };
    curve('isotherm', c.yellow, [5, 4]);
    curve('adiabat', c.orange, [2, 3]);
  }
  for (const o of overlays) if (o.path.length > 0) line(o.path, o.colour, o.dash, 2);
  if (p.length > 0) line(p, c.blue, [], 2);
}

/** Props of {@link PvDiagram}. */
export interface PvDiagramProps {
  /** Width of the canvas, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of the canvas, CSS pixels. @defaultValue 150 */
  height?: number;
  /** Axis text, CSS pixels. @defaultValue 11 */
  fontPx?: number;
  /** Shows the recorded runs to compare (checkboxes) and an Enlarge button calling this. @defaultValue none (the diagram and its legend only) */
  onEnlarge?(): void;
}

/** The P–V diagram with its legend (and, in the panel, the runs to compare and Enlarge). */
export function PvDiagram({ width = 280, height = 150, fontPx = 11, onEnlarge }: PvDiagramProps) {
  const store = useSandboxStore();
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  // Re-read at each published sample (a few times a second), for the text alternative.
  useStore(store, (s) => s.stats);
  const { runs, compared, theme, preset } = useStore(store, useShallow((s) => ({ runs: s.runs, compared: s.comparedRuns, theme: s.theme, preset: s.preset })));
  const locale = t.locale;
  const shown = compared.filter((k) => runs[k]?.path !== undefined);

  useEffect(() => {
    const c = CHART_COLORS[theme];
    const overlays: Overlay[] = shown.map((k, slot) => ({ path: { ...runs[k].path!, length: runs[k].path!.volume.length }, colour: c.runs[slot % c.runs.length], dash: RUN_DASHES[slot % RUN_DASHES.length] }));
    const redraw = (): void => {
      const { instruments, sim } = store.getState();
      if (canvas.current) drawPV(canvas.current, instruments.firstLaw, overlays, sim.world.options.planar, locale, c, fontPx);
    };
    redraw();
    return store.subscribe((s, prev) => {
      if (s.stats !== prev.stats) redraw();
    });
    // `shown` is derived from runs and compared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, locale, theme, runs, compared, fontPx, width, height]);

  const { instruments, sim } = store.getState();
  const law = instruments.firstLaw;
  const planar = sim.world.options.planar;
  const unitP = planar ? 'N/m' : 'Pa';
  const unitV = planar ? 'm²' : 'm³';
  const p = law.path;
  const presetNow = preset ? presetById(preset) : undefined;
  const nowName = presetNow ? t('thermo.pv.nowOf', { experiment: presetTitle(t, presetNow) }) : t('thermo.pv.now');
  const ends = (name: string, path: PathLike): string | null => {
    const end = pathEnd(path);
    return end && t('thermo.pv.ends', { name, p: sig(end.pressure, 3, locale), v: sig(end.volume, 3, locale), unitP, unitV });
  };
  const summary =
    shown.length > 0
      ? t('thermo.pv.compare', {
          list: [ends(nowName, p), ...shown.map((k) => ends(runName(t, k, runs[k]), { ...runs[k].path!, length: runs[k].path!.volume.length }))].filter((s) => s !== null).join('; '),
        })
      : p.length === 0
        ? t('thermo.pv.empty')
        : t('thermo.pv.summary', {
            p0: sig(p.pressure[0], 3, locale),
            p1: sig(p.pressure[p.length - 1], 3, locale),
            v0: sig(p.volume[0], 3, locale),
            v1: sig(p.volume[p.length - 1], 3, locale),
            unitP,
            unitV,
          });
  return (
    <div className="pv">
      {/* Enlarged, the dialog's title names the diagram. */}
      {onEnlarge && (
        <p className="plot__title">
          {t('thermo.pv.title')}
          <button type="button" className="button button--quiet" data-action="enlarge-pv" aria-haspopup="dialog" onClick={onEnlarge}>
            {t('thermo.pv.enlarge')}
          </button>
        </p>
      )}
      <canvas ref={canvas} className="first-law__plot" data-plot="pv" width={width} height={height} role="img" aria-label={summary} data-compared={shown.length} />
      <p className="first-law__legend" aria-hidden="true">
        <span className="first-law__key first-law__key--path">━ {shown.length > 0 ? nowName : t('thermo.pv.path')}</span> <span className="first-law__key first-law__key--isotherm">╌ {t('thermo.pv.isotherm')}</span>{' '}
        <span className="first-law__key first-law__key--adiabat">┈ {t('thermo.pv.adiabat')}</span>
        {shown.map((k, slot) => (
          <span key={k}>
            {' '}
            <span className={`first-law__key run-key--${slot % RUN_DASHES.length}`} data-run-key={k}>
              {RUN_KEYS[slot % RUN_KEYS.length]} {runName(t, k, runs[k])}
            </span>
          </span>
        ))}
      </p>
      {onEnlarge && <CompareRuns has="path" />}
    </div>
  );
}
