import { describe, expect, it } from 'vitest';
import { History } from '../../instruments/index.ts';
import { twinEnergyColumns } from './twin-series.ts';

describe("the twin's energy curves", () => {
  it('pair each twin sample with the run’s sample of the same time; gaps before its start and where it has none', () => {
    const run = new History();
    const twin = new History();
    for (const t of [0, 0.5, 1, 1.5, 2]) run.push(t, 10, 1, 0, 0, 0);
    twin.push(1, 8, 1, 0, 0, 0);
    twin.push(2, 6, 1, 0, 0, 0);
    const kinetic: (number | null)[] = [];
    const total: (number | null)[] = [];
    twinEnergyColumns(run, run.length, twin, kinetic, total);
    expect(kinetic).toEqual([null, null, 8, null, 6]);
    expect(total).toEqual([null, null, 9, null, 7]);
    // Up to a moment shown earlier (the timeline): only that many rows, the arrays reused.
    twinEnergyColumns(run, 3, twin, kinetic, total);
    expect(kinetic).toEqual([null, null, 8]);
  });
});
