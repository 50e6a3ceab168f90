/** Bad input (issue item 11): a clear error naming field and value, and the world left exactly as it was. */
import { describe, expect, it } from 'vitest';
import { buildWorld, createWorld, gasScene, SolverInputError } from './index.ts';
import type { World } from './index.ts';

/** Everything observable about a world, copied. */
function snapshot(w: World) {
  const n = w.count;
  return {
    count: n,
    time: w.time,
    positions: Array.from(w.positions.subarray(0, 3 * n)),
    velocities: Array.from(w.velocities.subarray(0, 3 * n)),
    radii: Array.from(w.radii.subarray(0, n)),
    masses: Array.from(w.masses.subarray(0, n)),
    options: JSON.stringify(w.options),
    stats: JSON.stringify(w.stats()),
  };
}

function expectRejected(w: World, call: () => unknown, field: string, valueText: string) {
  const before = snapshot(w);
  let error: unknown;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SolverInputError);
  const err = error as SolverInputError;
  expect(err.field).toBe(field);
  expect(err.message).toContain(field);
  expect(err.message).toContain(valueText);
  expect(snapshot(w)).toEqual(before);
  // And it still steps normally afterwards.
  w.step(1 / 60);
}

describe('bad input', () => {
  const make = () => buildWorld(gasScene({ count: 50, packingFraction: 0.1, speed: 2, seed: 1 }));

  it('rejects bad sphere definitions', () => {
    const w = make();
    w.step(1 / 60);
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: NaN }), 'radius', 'NaN');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: -1 }), 'radius', '-1');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 0 }), 'radius', '0');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: Infinity }), 'radius', 'Infinity');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 1e6 }), 'radius', '1000000');
    expectRejected(w, () => w.addSphere({ position: [0, Infinity, 0], radius: 0.5 }), 'position[1]', 'Infinity');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 1e9], radius: 0.5 }), 'position[2]', '1000000000');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], velocity: [NaN, 0, 0], radius: 0.5 }), 'velocity[0]', 'NaN');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 0.5, mass: 0 }), 'mass', '0');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 0.5, mass: -2 }), 'mass', '-2');
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 0.5, restitution: 1.5 }), 'restitution', '1.5');
    expectRejected(w, () => w.addSphere({ position: [1, 2], radius: 0.5 } as never), 'position', '[1, 2]');
  });

  it('rejects bad steps and world settings', () => {
    const w = make();
    expectRejected(w, () => w.step(0), 'dt', '0');
    expectRejected(w, () => w.step(-0.1), 'dt', '-0.1');
    expectRejected(w, () => w.step(NaN), 'dt', 'NaN');
    expectRejected(w, () => w.step(Infinity), 'dt', 'Infinity');
    expectRejected(w, () => w.setRestitution(-0.01), 'restitution', '-0.01');
    expectRejected(w, () => w.setRestitution(1.01), 'restitution', '1.01');
    expectRejected(w, () => w.setWallRestitution(NaN), 'wallRestitution', 'NaN');
    expectRejected(w, () => w.setGravity([0, NaN, 0]), 'gravity[1]', 'NaN');
    expectRejected(w, () => w.setSize([10, -1, 10]), 'size[1]', '-1');
    expectRejected(w, () => w.setSize([10, 0.5, 10]), 'size[1]', '0.5');
    expectRejected(w, () => w.setRadius(w.idAt(0), -3), 'radius', '-3');
    expectRejected(w, () => w.setMass(w.idAt(0), NaN), 'mass', 'NaN');
    expectRejected(w, () => w.setVelocity(w.idAt(0), [0, 0, Infinity]), 'velocity[2]', 'Infinity');
    expectRejected(w, () => w.setPosition(12345, [0, 0, 0]), 'id', '12345');
  });

  it('rejects bad world options at creation', () => {
    expect(() => createWorld({ size: [1, 2, NaN] })).toThrow(/size\[2\] must be a finite number > 0, got NaN/);
    expect(() => createWorld({ size: [1, 1, 1], restitution: 2 })).toThrow(/restitution must be a number in \[0, 1\], got 2/);
    expect(() => createWorld({ size: [1, 1, 1], gravity: [0, 0] })).toThrow(/gravity must be an array of three numbers/);
  });

  it('an edit that cannot be repaired (a sphere into a full box) is undone completely', () => {
    const w = createWorld({ size: [2, 2, 2] });
    w.addSphere({ position: [-0.5, 0, 0], radius: 0.5, fixed: true });
    w.addSphere({ position: [0.5, 0, 0], radius: 0.5, fixed: true });
    expectRejected(w, () => w.addSphere({ position: [0, 0, 0], radius: 0.5, fixed: true }), 'position', '[0, 0, 0]');
    expect(w.count).toBe(2);
  });
});
