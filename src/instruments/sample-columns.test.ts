import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SampleColumns } from './sample-columns.ts';
import { History } from './history.ts';
import { GraphSeries } from './graph.ts';
import { PvPath } from './first-law.ts';

describe('SampleColumns', () => {
  it('keeps the newest rows in order, dropping the older half when full, in the same arrays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 0, max: 200 }), (capacity, rows) => {
        const table = new SampleColumns(2, capacity, 'Test');
        const arrays = [...table.columns];
        for (let r = 0; r < rows; r++) {
          const k = table.addRow();
          table.columns[0][k] = r;
          table.columns[1][k] = -r;
        }
        expect(table.columns).toEqual(arrays);
        expect(table.columns[0]).toBe(arrays[0]);
        expect(table.length).toBeLessThanOrEqual(capacity);
        // The rows held are the newest ones, contiguous and in order.
        for (let k = 0; k < table.length; k++) {
          expect(table.columns[0][k]).toBe(rows - table.length + k);
          expect(table.columns[1][k]).toBe(-(rows - table.length + k));
        }
        if (rows > 0) expect(table.length).toBeGreaterThanOrEqual(Math.min(rows, capacity - (capacity >> 1)));
        expect(table.version).toBe(rows);
      }),
    );
  });

  it('keeps a prefix, clears, and refuses a bad capacity by name', () => {
    const table = new SampleColumns(1, 8, 'Test');
    for (let r = 0; r < 5; r++) table.columns[0][table.addRow()] = r;
    table.keep(3);
    expect(table.length).toBe(3);
    table.keep(9);
    expect(table.length).toBe(3);
    table.clear();
    expect(table.length).toBe(0);
    expect(() => new SampleColumns(1, 1.5, 'Graph')).toThrow('Graph capacity must be a whole number >= 2, got 1.5');
  });

  it('is the store of the plots\' history, the Graph tool\'s series and the P–V path', () => {
    expect(new History(4)).toBeInstanceOf(SampleColumns);
    const series = new GraphSeries(4);
    expect(series.time).toBe(series.columns[0]);
    const path = new PvPath(4);
    expect([path.volume, path.pressure, path.kT]).toEqual(path.columns);
  });
});
