/**
 * Live plots (uPlot): energy and momentum against simulated time, and the speed histogram with
 * the Maxwell-Boltzmann curve for the current temperature. They redraw when the store publishes a
 * sample (a few times a second), straight from the simulation's history columns, without a React
 * render; the histogram's arrays are reused between updates.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { speedHistogram } from '../solver/index.ts';
import type { SandboxStore } from '../store/index.ts';

/** Props of {@link Plots}. */
export interface PlotsProps {
  /** The sandbox store. */
  store: SandboxStore;
  /** Plot width, CSS pixels. @defaultValue 280 */
  width?: number;
}

/** Bins of the speed histogram. */
const BINS = 24;

const AXIS = { stroke: '#9aa7c7', grid: { stroke: 'rgba(143,179,255,0.12)', width: 1 }, ticks: { stroke: 'rgba(143,179,255,0.2)', width: 1 }, font: '11px system-ui, sans-serif' };

function base(title: string, width: number, xLabel: string, yLabel: string, series: uPlot.Series[]): uPlot.Options {
  return {
    title,
    width,
    height: 130,
    cursor: { show: false },
    legend: { show: true, live: false },
    scales: { x: { time: false } },
    axes: [
      { ...AXIS, label: xLabel, labelSize: 16, size: 30 },
      { ...AXIS, label: yLabel, labelSize: 16, size: 46 },
    ],
    series: [{ label: xLabel }, ...series],
  };
}

/** Writes `data` (typed arrays) into a plot. */
function draw(plot: uPlot, data: ArrayLike<number>[]): void {
  plot.setData(data as unknown as uPlot.AlignedData);
}

/** Energy, momentum and speed-distribution plots. */
export function Plots({ store, width = 280 }: PlotsProps) {
  const energyRef = useRef<HTMLDivElement>(null);
  const momentumRef = useRef<HTMLDivElement>(null);
  const speedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!energyRef.current || !momentumRef.current || !speedRef.current) return;
    const energy = new uPlot(
      base('Energy', width, 't (s)', 'J', [
        { label: 'kinetic', stroke: '#5fb6ff', width: 1.5 },
        { label: 'potential', stroke: '#f5c878', width: 1.5 },
        { label: 'total', stroke: '#e8edf9', width: 2 },
      ]),
      [[], [], [], []],
      energyRef.current,
    );
    const momentum = new uPlot(
      base('Momentum', width, 't (s)', 'kg·m/s', [
        { label: 'px', stroke: '#ff8a8a', width: 1.5 },
        { label: 'py', stroke: '#8fe38f', width: 1.5 },
        { label: 'pz', stroke: '#5fb6ff', width: 1.5 },
        { label: '|p|', stroke: '#e8edf9', width: 2 },
      ]),
      [[], [], [], [], []],
      momentumRef.current,
    );
    const bars = uPlot.paths.bars ? uPlot.paths.bars({ size: [0.9, Infinity] }) : undefined;
    const speeds = new uPlot(
      base('Speeds', width, 'speed (m/s)', 'density', [
        { label: 'measured', stroke: '#5fb6ff', fill: 'rgba(95,182,255,0.35)', paths: bars, points: { show: false } },
        { label: 'Maxwell-Boltzmann', stroke: '#f5c878', width: 2, points: { show: false } },
      ]),
      [[], [], []],
      speedRef.current,
    );
    const centres = new Float64Array(BINS);
    const density = new Float64Array(BINS);
    const maxwell = new Float64Array(BINS);
    let seen = -1;

    const update = (): void => {
      const sim = store.getState().sim;
      const h = sim.history;
      if (h.version === seen) return;
      seen = h.version;
      const n = h.length;
      const c = h.columns;
      draw(energy, [c[0].subarray(0, n), c[1].subarray(0, n), c[2].subarray(0, n), c[3].subarray(0, n)]);
      draw(momentum, [c[0].subarray(0, n), c[4].subarray(0, n), c[5].subarray(0, n), c[6].subarray(0, n), c[7].subarray(0, n)]);
      const hist = speedHistogram(sim.world, BINS);
      for (let k = 0; k < BINS; k++) {
        centres[k] = 0.5 * (hist.edges[k] + hist.edges[k + 1]);
        density[k] = hist.density[k];
        maxwell[k] = hist.maxwell[k];
      }
      draw(speeds, [centres, density, maxwell]);
      // How many samples are drawn, for the browser tests (a DOM attribute, no React render).
      energyRef.current?.setAttribute('data-samples', String(n));
    };
    update();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.stats !== prev.stats) update();
    });
    return () => {
      unsubscribe();
      energy.destroy();
      momentum.destroy();
      speeds.destroy();
    };
  }, [store, width]);

  return (
    <div className="plots">
      <div ref={energyRef} className="plot" data-plot="energy" role="img" aria-label="Kinetic, potential and total energy against time" />
      <div ref={momentumRef} className="plot" data-plot="momentum" role="img" aria-label="Momentum components and magnitude against time" />
      <div ref={speedRef} className="plot" data-plot="speeds" role="img" aria-label="Histogram of sphere speeds with the Maxwell-Boltzmann curve for the current temperature" />
    </div>
  );
}
