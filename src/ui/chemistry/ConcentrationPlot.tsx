/**
 * The concentration of each species against time (uPlot), from the reaction meter's history. It
 * redraws when the store publishes a sample, without a React render; its text alternative gives
 * the latest value of each species. The plots' dialog draws it enlarged for a projector.
 */
import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatSig } from '../../i18n/index.ts';
import { SHOWN_SPECIES } from '../../instruments/index.ts';
import { CHART_COLORS } from '../shared/chart-colors.ts';
import { speciesSymbol, speciesThemeColour, useSpeciesNames } from '../shared/species.ts';
import { base, draw } from '../shared/uplot-base.ts';
import './chemistry.css';

/** Props of {@link ConcentrationPlot}. */
export interface ConcentrationPlotProps {
  /** Width, CSS pixels. @defaultValue 280 */
  width?: number;
  /** Height of the drawing area, CSS pixels. @defaultValue 130 */
  height?: number;
  /** Text size of the axes, CSS pixels; lines are thicker in proportion. @defaultValue 11 */
  fontPx?: number;
}

/** The concentrations of the species in play against time. */
export function ConcentrationPlot({ width = 280, height = 130, fontPx = 11 }: ConcentrationPlotProps) {
  const store = useSandboxStore();
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const theme = useSandbox((s) => s.theme);
  const names = useSpeciesNames();
  // The species drawn: those the scene has now (made afresh when that changes).
  const shown = useSandbox((s) => Math.min(SHOWN_SPECIES, s.instruments.reactions.last.counts.length));
  const summary = useSandbox((s) => {
    const last = s.instruments.reactions.last;
    const h = s.instruments.reactions.history;
    if (h.length === 0 || s.stats === null) return t('chem.plot.empty');
    const values = last.counts
      .slice(0, SHOWN_SPECIES)
      .map((n, k) => t('chem.plot.value', { symbol: speciesSymbol(k, names), value: formatSig(t.locale, n / last.volume, 3) }))
      .join(', ');
    return t('chem.plot.summary', { time: formatSig(t.locale, h.time[h.length - 1], 3), values });
  });

  useEffect(() => {
    const c = CHART_COLORS[theme];
    let cancelled = false;
    let teardown = (): void => {};
    void import('uplot').then(({ default: uPlot }) => {
      if (cancelled || !ref.current) return;
      const line = fontPx / 11;
      const series = Array.from({ length: shown }, (_, k) => ({ label: speciesSymbol(k, names), stroke: speciesThemeColour(k, theme), width: 2 * line, ...(k % 2 === 1 ? { dash: [6 * line, 3 * line] } : {}) }));
      const plot = new uPlot(base(t('chem.plot.title'), width, height, fontPx, t('chem.plot.x'), t('chem.plot.y'), series, t.locale, c), [[], ...series.map(() => [])], ref.current);
      let seen = -1;
      const update = (): void => {
        const h = store.getState().instruments.reactions.history;
        if (h.version === seen) return;
        seen = h.version;
        const n = h.length;
        draw(plot, [h.time.subarray(0, n), ...series.map((_, k) => h.of(k).subarray(0, n))]);
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
  }, [store, width, height, fontPx, t, theme, shown, names]);

  return <div ref={ref} className="plot" data-plot="concentration" role="img" aria-label={summary} />;
}
