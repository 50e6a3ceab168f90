/** step.ts: the stages of a step, the dispatch of event kinds, and the event budget. */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './index.ts';
import { cellFaceOf, EVENT, isCellCrossing, isPairEvent, isWallHit, wallOf } from './state.ts';
import { checkLegal } from '../testing/solver.ts';

describe('event kinds', () => {
  it('every kind is exactly one of pair, wall hit and cell crossing, and decodes back', () => {
    const kinds: number[] = [];
    for (let w = 0; w < 6; w++) kinds.push(EVENT.WALL_BASE - w);
    for (let f = 0; f < 6; f++) kinds.push(EVENT.CELL_BASE - f);
    for (const slot of [0, 1, 99999]) kinds.push(slot);
    for (const k of kinds) expect([isPairEvent(k), isWallHit(k), isCellCrossing(k)].filter(Boolean)).toHaveLength(1);
    for (let w = 0; w < 6; w++) expect(wallOf(EVENT.WALL_BASE - w)).toBe(w);
    for (let f = 0; f < 6; f++) expect(cellFaceOf(EVENT.CELL_BASE - f)).toBe(f);
  });
});

describe('a step', () => {
  it('moves the clock by exactly dt and leaves every sphere at the step end', () => {
    const w = buildWorld(gasScene({ count: 200, packingFraction: 0.1, speed: 3, seed: 6 }));
    let t = 0;
    for (const dt of [1 / 60, 0.003, 0.25, 1e-6]) {
      w.step(dt);
      t += dt;
      expect(w.time).toBe(t);
      for (let i = 0; i < w.count; i++) expect(w.state.tLoc[16 * i]).toBe(t);
    }
  });

  it('over its event budget, freezes the rest of the step, stays legal and releases the frozen spheres at the next', () => {
    const scene = gasScene({ count: 300, packingFraction: 0.2, speed: 5, seed: 2, world: { maxEventsPerStep: 20 } });
    const w = buildWorld(scene);
    w.step(0.05);
    expect(w.lastStep.events).toBe(21 + w.lastStep.frozen - 1);
    expect(w.lastStep.frozen).toBeGreaterThan(0);
    checkLegal(w, 'after a frozen step', 1e-9);
    const ke = w.stats().kineticEnergy;
    w.setOptions({ maxEventsPerStep: 0 });
    w.step(0.05);
    expect(w.lastStep.frozen).toBe(0);
    expect(w.stats().sleeping).toBe(0);
    expect(w.stats().kineticEnergy).toBeLessThanOrEqual(ke * (1 + 1e-12));
  });
});
