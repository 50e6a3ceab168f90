/**
 * Allocation in step(), counted as garbage collections (an allocation-free loop triggers none;
 * each young-generation collection means about 16 MB allocated). Numbers crossing calls that V8
 * does not inline are boxed, so the hot paths pass them through typed arrays; what remains is a
 * few bytes per event (2 to 10 collections per million events in a gas, depending on when the
 * optimizing compiler finishes; more in the resting-contact paths under gravity). These bounds
 * catch a regression: before that work the same runs caused 776 and 3,020 collections.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './index.ts';

async function collectionsDuring(run: () => void): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    count += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return count;
}

describe('allocation', () => {
  it('10,000 steps of a gas (about a million events): at most 5 collections (under 100 bytes per event)', async () => {
    const w = buildWorld(gasScene({ count: 500, packingFraction: 0.2, speed: 5, seed: 3 }));
    // Warm-up: buffers at size and the hot functions optimized (TurboFan compiles in the
    // background, so on a busy machine this takes longer than on an idle one).
    for (let k = 0; k < 2000; k++) w.step(1 / 60);
    let events = 0;
    const gcs = await collectionsDuring(() => {
      for (let k = 0; k < 10_000; k++) {
        w.step(1 / 60);
        events += w.lastStep.events;
      }
    });
    expect(events).toBeGreaterThan(500_000);
    expect(gcs).toBeLessThanOrEqual(5);
  });

  it('600 steps under gravity with resting contacts, clusters and sleeping: at most 120 collections', async () => {
    const w = buildWorld(gasScene({ count: 300, packingFraction: 0.1, speed: 2, seed: 5, aspect: [1, 2, 1], world: { gravity: [0, -9.81, 0], restitution: 0.5 } }));
    for (let k = 0; k < 300; k++) w.step(1 / 60);
    let events = 0;
    const gcs = await collectionsDuring(() => {
      for (let k = 0; k < 600; k++) {
        w.step(1 / 60);
        events += w.lastStep.events;
      }
    });
    expect(events).toBeGreaterThan(1000);
    expect(gcs).toBeLessThanOrEqual(120);
  });
});
