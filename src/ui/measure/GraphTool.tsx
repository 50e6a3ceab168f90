/**
 * The Graph tool: any quantity of the run (instruments/graph.ts) against time or against another
 * quantity, drawn with uPlot. The store samples the series each time it publishes (a few times a
 * second, whether this panel is open or folded); the chart redraws straight from the series' typed
 * arrays when it moves on, without a React render. The series starts afresh when a quantity
 * changes or the run's time goes back. Zooms by dragging across the chart or with the zoom buttons (on the horizontal axis), and
 * downloads as CSV. A text under the chart tells the number of points, the latest value and the
 * range, for a screen reader and for anyone.
 */
import { useEffect, useId, useRef } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import type uPlotType from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { SelectField } from '../shared/TextField.tsx';
import { formatNumber, formatPlain, type MessageKey } from '../../i18n/index.ts';
import { columnName, parseQuantity, quantityId, quantityUnit, SPHERE_QUANTITIES, type GraphQuantity, type RunQuantity } from '../../instruments/index.ts';
import { CHART_COLORS } from '../shared/chart-colors.ts';
import { downloadText, sig } from '../shared/format.ts';
import { CompareRuns, RUN_DASHES, RUN_KEYS, runName } from '../shared/CompareRuns.tsx';

/** The run's quantities in the selects' groups. */
const GROUPS: readonly (readonly [MessageKey, readonly RunQuantity[]])[] = [
  ['graph.group.run', ['time', 'kinetic', 'potential', 'total', 'px', 'py', 'pz', 'p', 'kT', 'pressure', 'volume']],
  ['graph.group.ledger', ['deltaU', 'heat', 'work', 'lost']],
  ['graph.group.collisions', ['pairCollisions', 'wallCollisions', 'counter']],
  ['graph.group.states', ['inDrops', 'largestDrop', 'liquidKT', 'vapourKT']],
];

/** Height of the chart's drawing area, CSS pixels. */
const HEIGHT = 170;
/** Width before the panel has been measured, CSS pixels. */
const FALLBACK_WIDTH = 300;

/** What the zoom buttons and Clear call on the chart drawn now. */
interface ChartControls {
  zoom(factor: number): void;
  reset(): void;
  redraw(): void;
}

/** The Graph tool: two labelled selects, the chart, its summary and its buttons. */
export function GraphTool() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const theme = useSandbox((s) => s.theme);
  const planar = useStore(store, (s) => s.scene.planar);
  const selection = useStore(store, (s) => s.selection);
  const { x, y } = useStore(store, useShallow((s) => ({ x: s.measure.graph.x, y: s.measure.graph.y })));
  const series = store.getState().instruments.measure.graph;
  // Recorded runs chosen for comparison whose series is of these two quantities, drawn beside this one.
  const { runs, compared } = useStore(store, useShallow((s) => ({ runs: s.runs, compared: s.comparedRuns })));
  const beside = compared.filter((k) => runs[k]?.series?.x === x && runs[k]?.series?.y === y);
  const chartRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const controls = useRef<ChartControls | null>(null);

  /** A quantity's name with its unit, as the selects, the axes and the summary write it. */
  const nameOf = (q: GraphQuantity): string => {
    const name = q.kind === 'sphere' ? t('graph.sphereQuantity', { id: q.id, quantity: t(`graph.s.${q.name}`) }) : t(q.name === 'volume' && planar ? 'graph.q.area' : `graph.q.${q.name}`);
    const unit = quantityUnit(q, planar);
    return unit === '' ? name : t('graph.withUnit', { name, unit });
  };

  useEffect(() => {
    const xq = parseQuantity(x);
    const yq = parseQuantity(y);
    const xIsTime = xq.kind === 'run' && xq.name === 'time';
    const c = CHART_COLORS[theme];
    const xName = nameOf(xq);
    const yName = nameOf(yq);
    const xUnit = quantityUnit(xq, planar);
    const yUnit = quantityUnit(yq, planar);
    const withUnit = (v: number, unit: string): string => (unit === '' ? formatPlain(t.locale, v) : `${sig(v, 4, t.locale)} ${unit}`);
    // Against another quantity the points are drawn sorted by x (uPlot looks its x values up by
    // bisection), into arrays made once here.
    const order = new Uint32Array(series.capacity);
    const sortedX = new Float64Array(series.capacity);
    const sortedY = new Float64Array(series.capacity);
    let plot: uPlotType | null = null;
    let join: ((tables: uPlotType.AlignedData[]) => uPlotType.AlignedData) | null = null;
    // The recorded runs' points, each sorted by x once (against time they already are).
    const others = beside.map((k) => {
      const r = runs[k].series!;
      const idx = Array.from(r.xs.keys()).sort((a, b) => (xIsTime ? r.time[a] - r.time[b] : r.xs[a] - r.xs[b]));
      return [Float64Array.from(idx, (i) => (xIsTime ? r.time[i] : r.xs[i])), Float64Array.from(idx, (i) => r.ys[i])] as unknown as uPlotType.AlignedData;
    });
    let zoomed: { min: number; max: number } | null = null;
    let cancelled = false;

    const summarise = (): void => {
      const n = series.length;
      const text = n === 0 ? t('graph.empty') : (() => {
        const { min, max } = series.yRange();
        return t('graph.summary', { count: formatPlain(t.locale, n), y: withUnit(series.y[n - 1], yUnit), x: withUnit(series.x[n - 1], xUnit), min: withUnit(min, yUnit), max: withUnit(max, yUnit) });
      })();
      if (summaryRef.current) summaryRef.current.textContent = text;
      chartRef.current?.setAttribute('data-points', String(n));
    };

    const data = (): uPlotType.AlignedData => {
      const now = current();
      // Beside recorded runs: one x axis over every run's points (uPlot's join), each run's y null where it has no point.
      return others.length > 0 && join !== null ? join([now, ...others]) : now;
    };

    const current = (): uPlotType.AlignedData => {
      const n = series.length;
      if (xIsTime) return [series.time.subarray(0, n), series.y.subarray(0, n)] as unknown as uPlotType.AlignedData;
      for (let k = 0; k < n; k++) order[k] = k;
      const idx = order.subarray(0, n).sort((a, b) => series.x[a] - series.x[b]);
      for (let k = 0; k < n; k++) {
        sortedX[k] = series.x[idx[k]];
        sortedY[k] = series.y[idx[k]];
      }
      return [sortedX.subarray(0, n), sortedY.subarray(0, n)] as unknown as uPlotType.AlignedData;
    };

    const redraw = (): void => {
      summarise();
      if (plot === null) return;
      if (zoomed === null) plot.setData(data());
      else {
        plot.setData(data(), false);
        plot.setScale('x', zoomed);
      }
    };

    const reset = (): void => {
      zoomed = null;
      redraw();
    };

    controls.current = {
      zoom(factor) {
        if (plot === null) return;
        const min = zoomed?.min ?? plot.scales.x.min;
        const max = zoomed?.max ?? plot.scales.x.max;
        if (min == null || max == null || !(max > min)) return;
        const centre = 0.5 * (min + max);
        const half = 0.5 * (max - min) * factor;
        const n = series.length;
        const lo = n === 0 ? -Infinity : xIsTime ? series.time[0] : sortedX[0];
        const hi = n === 0 ? Infinity : xIsTime ? series.time[n - 1] : sortedX[n - 1];
        // Zoomed out past every point: back to the whole graph.
        if (factor > 1 && centre - half <= lo && centre + half >= hi) reset();
        else {
          zoomed = { min: centre - half, max: centre + half };
          redraw();
        }
      },
      reset,
      redraw,
    };

    summarise();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.measure.graph.version !== prev.measure.graph.version) redraw();
    });

    let resize: ResizeObserver | null = null;
    void import('uplot').then(({ default: uPlot }) => {
      const el = chartRef.current;
      if (cancelled || el === null) return;
      join = (tables) => uPlot.join(tables);
      const font = '11px system-ui, sans-serif';
      const axis = {
        values: ((_u, splits) => splits.map((v) => (v == null ? '' : formatNumber(t.locale, v)))) as uPlotType.Axis['values'],
        stroke: c.axis,
        grid: { stroke: c.grid, width: 1 },
        ticks: { stroke: c.ticks, width: 1 },
        font,
        labelFont: font,
      };
      plot = new uPlot(
        {
          title: yName,
          width: el.clientWidth || FALLBACK_WIDTH,
          height: HEIGHT,
          legend: { show: false },
          scales: { x: { time: false } },
          cursor: {
            drag: { x: true, y: false, setScale: true },
            // A double click shows the whole graph again (and the zoom kept here goes with it).
            bind: { dblclick: () => () => (reset(), null) },
          },
          hooks: {
            // The horizontal range shown, as an attribute (for the browser tests; no React render).
            setScale: [
              (u, key) => {
                if (key === 'x') el.setAttribute('data-x-range', `${u.scales.x.min} ${u.scales.x.max}`);
              },
            ],
            // A drag across the chart zooms (uPlot sets the scale): the range is kept, so that the
            // next samples keep it.
            setSelect: [
              (u) => {
                if (u.select.width <= 0) return;
                zoomed = { min: u.posToVal(u.select.left, 'x'), max: u.posToVal(u.select.left + u.select.width, 'x') };
              },
            ],
          },
          axes: [
            { ...axis, label: xName, labelSize: 16, size: 30 },
            // The vertical quantity's name is the title (a rotated label would be cut short); its axis carries the unit.
            yUnit === '' ? { ...axis, size: 52 } : { ...axis, label: yUnit, labelSize: 16, size: 52 },
          ],
          series: [
            { label: xName },
            xIsTime
              ? { label: yName, stroke: c.blue, width: 1.5, points: { show: false } }
              : { label: yName, stroke: c.blue, paths: () => null, points: { show: true, size: 4, stroke: c.blue, fill: c.blue } },
            ...beside.map((k, slot) => {
              const colour = c.runs[slot % c.runs.length];
              const label = runName(t, k, runs[k]);
              return xIsTime
                ? { label, stroke: colour, width: 1.5, dash: [...RUN_DASHES[slot % RUN_DASHES.length]], spanGaps: true, points: { show: false } }
                : { label, stroke: colour, paths: () => null, points: { show: true, size: 4, stroke: colour, fill: colour } };
            }),
          ],
        },
        data(),
        el,
      );
      redraw();
      // The panel's width: measured once it is shown (a hidden tab measures 0).
      resize = new ResizeObserver(() => {
        const width = el.clientWidth;
        if (plot !== null && width > 0 && width !== plot.width) plot.setSize({ width, height: HEIGHT });
      });
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      unsubscribe();
      resize?.disconnect();
      plot?.destroy();
      controls.current = null;
    };
    // nameOf reads t and planar, both dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, series, x, y, theme, t, planar, runs, compared]);

  // Each selected sphere's quantities, and those of a sphere chosen before (kept while it is graphed).
  const chosen = [x, y].map(parseQuantity).flatMap((q) => (q.kind === 'sphere' ? [q.id] : []));
  const spheres = [...new Set([...selection, ...chosen])].sort((a, b) => a - b);
  const options = (includeTime: boolean) => (
    <>
      {GROUPS.map(([group, names]) => (
        <optgroup key={group} label={t(group)}>
          {names
            .filter((name) => includeTime || name !== 'time')
            .map((name) => {
              const q: GraphQuantity = { kind: 'run', name };
              return (
                <option key={name} value={quantityId(q)}>
                  {nameOf(q)}
                </option>
              );
            })}
        </optgroup>
      ))}
      {spheres.map((sphere) => (
        <optgroup key={sphere} label={t('graph.group.sphere', { id: sphere })}>
          {SPHERE_QUANTITIES.map((name) => {
            const q: GraphQuantity = { kind: 'sphere', id: sphere, name };
            return (
              <option key={name} value={quantityId(q)}>
                {nameOf(q)}
              </option>
            );
          })}
        </optgroup>
      ))}
    </>
  );
  const download = (): void => {
    const xq = parseQuantity(x);
    const xIsTime = xq.kind === 'run' && xq.name === 'time';
    downloadText('graph.csv', series.toCsv(columnName(xq, planar), columnName(parseQuantity(y), planar), xIsTime));
  };
  const clear = (): void => {
    store.getState().clearGraph();
    controls.current?.reset();
  };
  return (
    <div className="graph">
      <SelectField id={`${id}-y`} label={t('graph.y')} value={y} onChange={(v) => store.getState().setGraph(x, v)}>
        {options(false)}
      </SelectField>
      <SelectField id={`${id}-x`} label={t('graph.x')} value={x} onChange={(v) => store.getState().setGraph(v, y)}>
        {options(true)}
      </SelectField>
      {selection.length === 0 && <p className="field__hint">{t('graph.selectHint')}</p>}
      <div ref={chartRef} className="graph__chart" data-graph="chart" role="img" aria-label={beside.length > 0 ? t('graph.chartCompared', { y: nameOf(parseQuantity(y)), x: nameOf(parseQuantity(x)), runs: beside.map((k) => runName(t, k, runs[k])).join(', ') }) : t('graph.chart', { y: nameOf(parseQuantity(y)), x: nameOf(parseQuantity(x)) })} aria-describedby={`${id}-summary`} data-compared={beside.length} />
      {beside.length > 0 && (
        <p className="first-law__legend graph__legend" aria-hidden="true">
          <span className="first-law__key first-law__key--path">━ {t('thermo.pv.now')}</span>
          {beside.map((k, slot) => (
            <span key={k}>
              {' '}
              <span className={`first-law__key run-key--${slot % RUN_DASHES.length}`}>
                {RUN_KEYS[slot % RUN_KEYS.length]} {runName(t, k, runs[k])}
              </span>
            </span>
          ))}
        </p>
      )}
      <CompareRuns has={{ x, y }} />
      <p ref={summaryRef} id={`${id}-summary`} className="field__hint graph__summary" data-graph="summary" />
      <div className="measure__buttons">
        <button type="button" className="button" onClick={() => controls.current?.zoom(0.5)}>
          {t('graph.zoomIn')}
        </button>
        <button type="button" className="button" onClick={() => controls.current?.zoom(2)}>
          {t('graph.zoomOut')}
        </button>
        <button type="button" className="button" onClick={() => controls.current?.reset()}>
          {t('graph.zoomReset')}
        </button>
      </div>
      <div className="measure__buttons">
        <button type="button" className="button" onClick={download}>
          {t('measure.downloadCsv')}
        </button>
        <button type="button" className="button button--quiet" onClick={clear}>
          {t('measure.clear')}
        </button>
      </div>
      <p className="field__hint">{t('graph.hint')}</p>
    </div>
  );
}
