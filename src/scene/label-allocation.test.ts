/**
 * What moving a label over the view allocates (SphereLabels and the measuring tape's distance
 * call placeLabel every frame a label moves), from V8's sampling heap profiler; in the allocation
 * project, which runs alone.
 */
import { describe, expect, it } from 'vitest';
import { allSampledBytes } from '../testing/solver.ts';
import { placeLabel } from './place-label.ts';

describe('labels in the view', () => {
  it('write their place without making a string once they have been at those pixels (a template string would make one a frame)', async () => {
    const values: string[] = [];
    const el = { style: { setProperty: (_: string, v: string) => (values[0] = v) } } as unknown as HTMLElement;
    // A label gliding back and forth over 1,200 pixels, 20,000 frames.
    const glide = (k: number): number => Math.abs((k % 2400) - 1200);
    const run = (): void => {
      for (let k = 0; k < 20_000; k++) placeLabel(el, glide(k), 300 - (glide(k) >> 2));
    };
    const template = (): void => {
      for (let k = 0; k < 20_000; k++) values[0] = `translate(${glide(k)}px, ${300 - (glide(k) >> 2)}px)`;
    };
    run();
    template();
    let best = Infinity;
    // The whole process is sampled: the test runner's own messages in the same window come to a
    // few kilobytes on a busy machine. One string a frame would be 320 KB and more.
    for (let round = 0; round < 5 && best > 0; round++) best = Math.min(best, await allSampledBytes(run));
    // The measure sees what the template strings cost: at least a string a frame.
    expect(await allSampledBytes(template)).toBeGreaterThan(20_000 * 16);
    expect(values[0]).toMatch(/px/);
    expect(best, 'bytes sampled over 20,000 frames (one string every 20 frames would be 16,000)').toBeLessThan(16_000);
  }, 30_000);
});
