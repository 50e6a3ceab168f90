/**
 * The liquid against time (uPlot), in a world with square wells: the spheres in drops and the
 * spheres in the largest drop at each sample since the scene started, from the drop meter's
 * history (instruments/drops.ts). Redrawn when the store publishes a sample, straight from the
 * history's columns, without a React render; drawn up to the moment shown (the timeline may have
 * gone back in the run).
 */
import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { CHART_COLORS } from '../shared/chart-colors.ts';
import { base, draw } from '../shared/uplot-base.ts';

/** Props of {@link DropsPlot}. */
export interface DropsPlotProps {
  /** Plot width, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of the drawing area, CSS pixels. @defaultValue 130 */
  height?: number;
  /** Text size of the axes, CSS pixels. @defaultValue 11 */
  fontPx?: number;
}

/** Spheres in drops and in the largest drop against time. */
export function DropsPlot({ width = 280, height = 130, fontPx = 11 }: DropsPlotProps) {
  const store = useSandboxStore();
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const theme = useSandbox((s) => s.theme);

  useEffect(() => {
    const c = CHART_COLORS[theme];
    let cancelled = false;
    let teardown = (): void => {};
    void import('uplot').then(({ default: uPlot }) => {
      if (cancelled || !ref.current) return;
      const line = fontPx / 11;
      const plot = new uPlot(
        base(t('plots.drops'), width, height, fontPx, 't (s)', t('plots.spheres'), [
          { label: t('plots.inDrops'), stroke: c.blue, width: 2 * line },
          { label: t('plots.largestDrop'), stroke: c.orange, width: 1.5 * line },
        ], t.locale, c),
        [[], [], []],
        ref.current,
      );
      let seen = -1;
      let seenRows = -1;
      const update = (): void => {
        const { sim, instruments } = store.getState();
        const h = instruments.drops.history;
        const n = h.rowsUpTo(sim.world.time);
        if (h.version === seen && n === seenRows) return;
        seen = h.version;
        seenRows = n;
        draw(plot, [h.time.subarray(0, n), h.inDrops.subarray(0, n), h.largest.subarray(0, n)]);
        ref.current?.setAttribute('data-samples', String(n));
      };
      update();
      const unsubscribe = store.subscribe((s, prev) => {
        if (s.stats !== prev.stats) update();
      });
      teardown = () => {
        unsubscribe();
        plot.destroy();
      };
    });
    return () => {
      cancelled = true;
      teardown();
    };
  }, [store, width, height, fontPx, t, theme]);

  return <div ref={ref} className="plot" data-plot="drops" role="img" aria-label={t('plots.dropsLabel')} />;
}
