/**
 * The what-if twin's curves on the energy plot: its kinetic and total energy at the run's sample
 * times. Both histories are sampled at the same moments (with the stats), so a twin's row belongs
 * to the run's row of the same time; before the twin's start, and at a moment it has no row for,
 * the curve has a gap (null, which uPlot leaves undrawn). The arrays are reused between updates.
 */
import type { History } from '../../instruments/index.ts';

/** Kinetic and total energy of `twin`, J, for the first `n` rows of `run` (null where it has none). */
export function twinEnergyColumns(run: History, n: number, twin: History, kinetic: (number | null)[], total: (number | null)[]): void {
  kinetic.length = n;
  total.length = n;
  const t = run.columns[0];
  const tt = twin.columns[0];
  let j = 0;
  for (let k = 0; k < n; k++) {
    while (j < twin.length && tt[j] < t[k]) j++;
    const hit = j < twin.length && tt[j] === t[k];
    kinetic[k] = hit ? twin.columns[1][j] : null;
    total[k] = hit ? twin.columns[3][j] : null;
  }
}
