/**
 * What the live uPlot charts share: their options (title, size, axes written in the interface's
 * language and the theme's colours, a static legend) and writing typed arrays into one.
 */
import type uPlotType from 'uplot';
import { formatNumber, type Locale } from '../../i18n/index.ts';
import type { ChartColors } from './chart-colors.ts';

/** The numbers of the axes, written for `locale` (uPlot would write them in the browser's language). */
export function axisValues(locale: Locale): uPlotType.Axis['values'] {
  return (_plot, splits) => splits.map((v) => (v == null ? '' : formatNumber(locale, v)));
}

/** A line chart's options: `series` against the x axis, without a cursor, with a static legend. */
export function base(title: string, width: number, height: number, fontPx: number, xLabel: string, yLabel: string, series: uPlotType.Series[], locale: Locale, c: ChartColors): uPlotType.Options {
  const axis = {
    values: axisValues(locale),
    stroke: c.axis,
    grid: { stroke: c.grid, width: 1 },
    ticks: { stroke: c.ticks, width: 1 },
    font: `${fontPx}px system-ui, sans-serif`,
    labelFont: `${fontPx}px system-ui, sans-serif`,
  };
  return {
    title,
    width,
    height,
    cursor: { show: false },
    legend: { show: true, live: false },
    scales: { x: { time: false } },
    axes: [
      { ...axis, label: xLabel, labelSize: fontPx + 5, size: 2.7 * fontPx },
      { ...axis, label: yLabel, labelSize: fontPx + 5, size: 4.2 * fontPx + 4 },
    ],
    series: [{ label: xLabel }, ...series.map((s) => ({ points: { show: false }, ...s }))],
  };
}

/** Writes `data` (typed arrays) into a plot. */
export function draw(plot: uPlotType, data: ArrayLike<number | null>[]): void {
  plot.setData(data as unknown as uPlotType.AlignedData);
}
