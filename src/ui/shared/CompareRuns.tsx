/**
 * The recorded runs (the runs table's) that the P–V diagram and the Graph tool draw beside the run
 * now: a checkbox for each run that kept what the diagram draws, named by its number, experiment
 * and the moment recorded. One choice in the store serves both diagrams.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import type { RunRecord } from '../../instruments/index.ts';
import { presetById } from '../../presets/presets.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import type { Translate } from '../../i18n/index.ts';
import { sig } from './format.ts';
import { presetTitle } from './preset-text.ts';

/** Dash patterns of the recorded runs' lines, in turn with their colours (chart-colors.ts `runs`; the run now is solid, the P–V diagram's isotherm 5-4 and adiabat 2-3). */
export const RUN_DASHES: readonly (readonly number[])[] = [
  [10, 4],
  [10, 4, 2, 4],
  [3, 3],
];

/** The legend's sign for each dash pattern (the lines' look in text). */
export const RUN_KEYS = ['╍╍', '╍·', '┄┄'] as const;

/** A recorded run's name: its number, its experiment and the moment it was recorded ("Run 1: Slow compression, t = 36 s"). */
export function runName(t: Translate, index: number, run: RunRecord): string {
  const preset = typeof run.settings.preset === 'string' ? presetById(run.settings.preset) : undefined;
  return t('thermo.pv.runName', { n: index + 1, experiment: preset ? presetTitle(t, preset) : t('thermo.pv.freeRun'), time: sig(run.results.time_s ?? 0, 3, t.locale) });
}

/** Props of {@link CompareRuns}. */
export interface CompareRunsProps {
  /** What a run must have kept to be offered: its P–V path, or a Graph tool series of quantities `series` (ids x and y). */
  has: 'path' | { x: string; y: string };
}

/** Checkboxes for the recorded runs to draw beside the run now, or a hint when there is none to offer. */
export function CompareRuns({ has }: CompareRunsProps) {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const { runs, compared } = useStore(store, useShallow((s) => ({ runs: s.runs, compared: s.comparedRuns })));
  const offered = runs.flatMap((run, k) => ((has === 'path' ? run.path : run.series?.x === has.x && run.series.y === has.y) ? [k] : []));
  const toggle = (k: number, on: boolean): void => store.getState().setComparedRuns(on ? [...compared, k] : compared.filter((j) => j !== k));
  return (
    <fieldset className="field compare-runs" data-compare={has === 'path' ? 'path' : 'series'}>
      <legend className="field__label">{t('thermo.pv.compareWith')}</legend>
      {offered.length === 0 ? (
        <p className="field__hint">{t(has === 'path' ? 'thermo.pv.noRuns' : 'graph.noRuns')}</p>
      ) : (
        offered.map((k) => (
          <label key={k} className="compare-runs__run" htmlFor={`${id}-${k}`}>
            <input type="checkbox" id={`${id}-${k}`} checked={compared.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />
            {runName(t, k, runs[k])}
          </label>
        ))
      )}
    </fieldset>
  );
}
