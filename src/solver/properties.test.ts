/** Property tests over random scenes and random edits: the invariants hold after every call. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './index.ts';
import type { World } from './index.ts';
import { allFinite, deepestOverlap, escaped } from './test-helpers.ts';

function checkLegal(w: World) {
  expect(allFinite(w)).toBe(true);
  expect(escaped(w)).toBe(0);
  expect(deepestOverlap(w)).toBeLessThan(1e-9);
}

const sceneArb = fc.record({
  count: fc.integer({ min: 1, max: 40 }),
  packingFraction: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
  speed: fc.double({ min: 0, max: 20, noNaN: true }),
  rMin: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
  rSpread: fc.double({ min: 1, max: 2, noNaN: true }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  planar: fc.boolean(),
});

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('step' as const), dt: fc.double({ min: 1e-4, max: 0.1, noNaN: true }) }),
  fc.record({ kind: fc.constant('add' as const), x: fc.double({ min: -0.5, max: 0.5, noNaN: true }), y: fc.double({ min: -0.5, max: 0.5, noNaN: true }), r: fc.double({ min: 0.05, max: 0.4, noNaN: true }) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), x: fc.double({ min: -0.5, max: 0.5, noNaN: true }), y: fc.double({ min: -0.5, max: 0.5, noNaN: true }) }),
  fc.record({ kind: fc.constant('resize' as const), pick: fc.nat(), factor: fc.double({ min: 0.5, max: 1.5, noNaN: true }) }),
  fc.record({ kind: fc.constant('box' as const), factor: fc.double({ min: 0.85, max: 1.2, noNaN: true }) }),
);

type Op =
  | { kind: 'step'; dt: number }
  | { kind: 'add'; x: number; y: number; r: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'move'; pick: number; x: number; y: number }
  | { kind: 'resize'; pick: number; factor: number }
  | { kind: 'box'; factor: number };

function apply(w: World, op: Op) {
  const L = w.size;
  const pickId = (p: number) => w.idAt(p % Math.max(1, w.count));
  try {
    switch (op.kind) {
      case 'step':
        w.step(op.dt);
        return;
      case 'add':
        w.addSphere({ position: [op.x * L[0] * 0.9, op.y * L[1] * 0.9, 0], velocity: [1, -1, 0.5], radius: op.r });
        return;
      case 'remove':
        if (w.count > 0) w.removeSphere(pickId(op.pick));
        return;
      case 'move':
        if (w.count > 0) w.setPosition(pickId(op.pick), [op.x * L[0] * 0.9, op.y * L[1] * 0.9, 0]);
        return;
      case 'resize':
        if (w.count > 0) w.setRadius(pickId(op.pick), Math.min(w.radii[op.pick % w.count] * op.factor, 0.45 * Math.min(...L)));
        return;
      case 'box':
        w.setSize([L[0] * op.factor, L[1] * op.factor, L[2] * op.factor]);
        return;
    }
  } catch (e) {
    // A refused edit (no room) must be a clear input error, and leaves a legal world.
    expect((e as Error).name).toBe('SolverInputError');
  }
}

describe('invariants under random scenes and edits', () => {
  it('elastic, no gravity: legal after every call, energy conserved across steps', () => {
    fc.assert(
      fc.property(sceneArb, fc.array(opArb, { maxLength: 25 }), (sc, ops) => {
        const w = buildWorld(gasScene({ count: sc.count, packingFraction: sc.packingFraction, speed: sc.speed, radius: [sc.rMin, sc.rMin * sc.rSpread], seed: sc.seed, planar: sc.planar }));
        checkLegal(w);
        for (const op of ops) {
          const before = w.stats().kineticEnergy;
          apply(w, op);
          checkLegal(w);
          if (op.kind === 'step') {
            const after = w.stats().kineticEnergy;
            expect(Math.abs(after - before)).toBeLessThanOrEqual(1e-10 * Math.max(before, 1e-30));
          }
        }
      }),
      { numRuns: 120, seed: 20261121 },
    );
  });

  it('inelastic with gravity: legal after every step, total energy never created by a step', () => {
    fc.assert(
      fc.property(sceneArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.array(fc.double({ min: 1e-3, max: 0.05, noNaN: true }), { maxLength: 60 }), (sc, e, dts) => {
        const w = buildWorld(gasScene({ count: sc.count, packingFraction: sc.packingFraction, speed: sc.speed, radius: [sc.rMin, sc.rMin * sc.rSpread], seed: sc.seed, planar: sc.planar, world: { gravity: [0, -9.81, 0], restitution: e, wallRestitution: e } }));
        for (const dt of dts) {
          const s0 = w.stats();
          w.step(dt);
          checkLegal(w);
          const s1 = w.stats();
          const e0 = s0.kineticEnergy + s0.potentialEnergy;
          const e1 = s1.kineticEnergy + s1.potentialEnergy;
          // A slide that starts from rest may take its first hop's energy (at most m g h, h a
          // five-hundredth of the radius, per sphere): that is the only allowance.
          let allowance = 0;
          for (let i = 0; i < w.count; i++) allowance += w.masses[i] * 9.81 * 0.002 * w.radii[i];
          expect(e1).toBeLessThanOrEqual(e0 + allowance + 1e-9 * Math.abs(e0));
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
