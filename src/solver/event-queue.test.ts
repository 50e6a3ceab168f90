/** The event queue against a brute-force minimum, with the horizon moving step by step as in the world. */
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue.ts';
import { Random } from './random.ts';

/** The brute-force earliest (key, slot) among slots due by the horizon, or -1. */
function earliest(keys: Float64Array, n: number, horizon: number): number {
  let best = -1;
  for (let s = 0; s < n; s++) {
    if (!(keys[s] <= horizon)) continue;
    if (best < 0 || keys[s] < keys[best]) best = s; // ties: the lower slot, found first
  }
  return best;
}

describe('event queue', () => {
  it('pops every due event in (time, slot) order, step after step, through updates, removals and ties', () => {
    const n = 300;
    const rng = new Random(5);
    const keys = new Float64Array(n);
    // Times on a coarse lattice, so that ties happen often.
    const later = (t: number): number => (rng.next() < 0.05 ? Infinity : t + Math.floor(rng.next() * 40) / 16);
    for (let s = 0; s < n; s++) keys[s] = later(0);
    const q = new EventQueue(keys);
    q.reserve(n, keys);
    q.build(n);
    const inHeap = q as unknown as { size: number };
    let pops = 0;
    let ties = 0;
    let maxHeap = 0;
    for (let step = 1; step <= 200; step++) {
      const tEnd = step * 0.25;
      q.horizon[0] = tEnd;
      q.refill();
      let due = 0;
      for (let s = 0; s < n; s++) if (keys[s] <= tEnd) due++;
      expect(inHeap.size).toBe(due); // only due events are in the heap
      maxHeap = Math.max(maxHeap, inHeap.size);
      let lastT = -Infinity;
      for (;;) {
        const i = q.top();
        expect(i).toBe(earliest(keys, n, tEnd));
        if (i < 0) break;
        const t = q.time[0];
        expect(t).toBe(keys[i]);
        // Time never goes back (an event filed at the current time may come from a lower slot).
        expect(t).toBeGreaterThanOrEqual(lastT);
        if (t === lastT) ties++;
        lastT = t;
        pops++;
        // The popped sphere's next event, and now and then a neighbour's event moved (earlier,
        // later, or away to Infinity), as collisions do in the world.
        keys[i] = later(t);
        q.update(i);
        if (rng.next() < 0.3) {
          const j = Math.floor(rng.next() * n);
          keys[j] = rng.next() < 0.5 ? t + Math.floor(rng.next() * 8) / 16 : Infinity;
          q.update(j);
        }
        if (pops > 1e6) throw new Error('runaway');
      }
    }
    expect(pops).toBeGreaterThan(5000);
    expect(ties).toBeGreaterThan(100);
    expect(maxHeap).toBeLessThan(n / 2);
  });
});
