/**
 * Live plots (uPlot): energy and momentum against simulated time, the speed histogram with the
 * Maxwell-Boltzmann curve for the current temperature, and in a world with square wells the
 * spheres in drops against time (DropsPlot.tsx). They redraw when the store publishes a
 * sample (a few times a second), straight from the simulation's history columns, without a React
 * render; the histogram's arrays are reused between updates. uPlot reads the browser's globals
 * when its module loads, so it is imported inside the effect: the component renders on a server
 * (an empty frame) and draws once it runs in a browser.
 */
import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { speedHistogram } from '../../solver/index.ts';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { CHART_COLORS } from '../shared/chart-colors.ts';
import { base, draw } from '../shared/uplot-base.ts';
import { useT } from '../../hooks/use-translate.ts';
import { twinEnergyColumns } from './twin-series.ts';
import { DropsPlot } from './DropsPlot.tsx';
import './readouts.css';

/** Props of {@link Plots}. */
export interface PlotsProps {
  /** Plot width, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Width of the energy plot, CSS pixels (wider when the others sit side by side below it). @defaultValue `width` */
  energyWidth?: number;
  /** Height of each plot's drawing area, CSS pixels. @defaultValue 130 */
  height?: number;
  /** Text size of the axes, CSS pixels; lines are drawn thicker in proportion. @defaultValue 11 */
  fontPx?: number;
}

/** Bins of the speed histogram. */
const BINS = 24;

/** Energy, momentum and speed-distribution plots. */
export function Plots({ width = 280, energyWidth = width, height = 130, fontPx = 11 }: PlotsProps) {
  const store = useSandboxStore();
  const energyRef = useRef<HTMLDivElement>(null);
  const momentumRef = useRef<HTMLDivElement>(null);
  const speedRef = useRef<HTMLDivElement>(null);
  // With a what-if twin the energy plot has its two curves too (made afresh when one starts or goes).
  const twinOn = useSandbox((s) => s.twin?.active === true);
  // The plots' titles and legends are written by uPlot: a new language makes them afresh.
  const t = useT();
  // The charts draw in the theme's colours (made afresh when it changes).
  const theme = useSandbox((s) => s.theme);
  // In a world with wells, the drops against time too (as of the last sample).
  const wells = useSandbox((s) => s.stats !== null && s.instruments.drops.last.active);

  useEffect(() => {
    const c = CHART_COLORS[theme];
    let cancelled = false;
    let teardown = (): void => {};
    void import('uplot').then(({ default: uPlot }) => {
      if (cancelled || !energyRef.current || !momentumRef.current || !speedRef.current) return;
      const line = fontPx / 11;
      const energy = new uPlot(
        base(t('plots.energy'), energyWidth, height, fontPx, 't (s)', 'J', [
          { label: t('plots.kinetic'), stroke: c.blue, width: 1.5 * line },
          { label: t('plots.potential'), stroke: c.yellow, width: 1.5 * line },
          { label: t('plots.total'), stroke: c.total, width: 2 * line },
          ...(twinOn
            ? [
                { label: t('plots.twinKinetic'), stroke: c.orange, width: 1.5 * line, dash: [5 * line, 4 * line] },
                { label: t('plots.twinTotal'), stroke: c.orange, width: 2 * line },
              ]
            : []),
        ], t.locale, c),
        twinOn ? [[], [], [], [], [], []] : [[], [], [], []],
        energyRef.current,
      );
      const momentum = new uPlot(
        base(t('plots.momentum'), width, height, fontPx, 't (s)', 'kg·m/s', [
          { label: 'px', stroke: c.red, width: 1.5 * line },
          { label: 'py', stroke: c.green, width: 1.5 * line },
          { label: 'pz', stroke: c.blue, width: 1.5 * line },
          { label: '|p|', stroke: c.total, width: 2 * line },
        ], t.locale, c),
        [[], [], [], [], []],
        momentumRef.current,
      );
      const bars = uPlot.paths.bars ? uPlot.paths.bars({ size: [0.9, Infinity] }) : undefined;
      const speeds = new uPlot(
        base(t('plots.speeds'), width, height, fontPx, t('plots.speed'), t('plots.density'), [
          { label: t('plots.measured'), stroke: c.blue, fill: c.blueFill, paths: bars, points: { show: false } },
          { label: t('plots.maxwell'), stroke: c.yellow, width: 2 * line, points: { show: false } },
        ], t.locale, c),
        [[], [], []],
        speedRef.current,
      );
      const centres = new Float64Array(BINS);
      const density = new Float64Array(BINS);
      const maxwell = new Float64Array(BINS);
      let seen = -1;
      let seenRows = -1;
      const twinKinetic: (number | null)[] = [];
      const twinTotal: (number | null)[] = [];
      let seenTwin = -1;

      const update = (): void => {
        const { sim, instruments } = store.getState();
        const h = instruments.readouts.history;
        // Up to the moment shown (the timeline may have gone back in the run).
        const n = h.rowsUpTo(sim.world.time);
        const twin = twinOn ? instruments.twin.run : null;
        if (h.version === seen && n === seenRows && (twin?.history.version ?? -1) === seenTwin) return;
        seen = h.version;
        seenRows = n;
        seenTwin = twin?.history.version ?? -1;
        const c = h.columns;
        const energyData: ArrayLike<number | null>[] = [c[0].subarray(0, n), c[1].subarray(0, n), c[2].subarray(0, n), c[3].subarray(0, n)];
        if (twinOn) {
          if (twin !== null) twinEnergyColumns(h, n, twin.history, twinKinetic, twinTotal);
          else {
            // Dropped or kept since the last publish: an empty curve until the plot is made afresh.
            twinKinetic.length = twinTotal.length = n;
            twinKinetic.fill(null);
            twinTotal.fill(null);
          }
          energyData.push(twinKinetic, twinTotal);
        }
        draw(energy, energyData);
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
      teardown = () => {
        unsubscribe();
        energy.destroy();
        momentum.destroy();
        speeds.destroy();
      };
    });
    return () => {
      cancelled = true;
      teardown();
    };
  }, [store, width, energyWidth, height, fontPx, twinOn, t, theme]);

  return (
    <div className="plots">
      <div ref={energyRef} className="plot" data-plot="energy" role="img" aria-label={t('plots.energyLabel')} />
      <div ref={momentumRef} className="plot" data-plot="momentum" role="img" aria-label={t('plots.momentumLabel')} />
      <div ref={speedRef} className="plot" data-plot="speeds" role="img" aria-label={t('plots.speedsLabel')} />
      {wells && <DropsPlot width={width} height={height} fontPx={fontPx} />}
    </div>
  );
}
