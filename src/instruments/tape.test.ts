import { describe, expect, it } from 'vitest';
import { english } from '../i18n/index.ts';
import { createWorld, type World } from '../solver/index.ts';
import { checkTapeEnd, pickPoint, snapPoint, tapeEnds, tapeLength, type TapeEnd } from './index.ts';

/** A 4 x 3 x 2 m box without gravity holding three spheres of known centres (ids 0, 1, 2). */
function box(): World {
  const world = createWorld({ size: [4, 3, 2] });
  world.addSphere({ position: [-1, -0.5, 0.2], velocity: [0.3, 0.1, 0], radius: 0.1 });
  world.addSphere({ position: [1, 0.5, -0.3], velocity: [-0.2, 0, 0.1], radius: 0.15 });
  world.addSphere({ position: [0, 1, 0.5], radius: 0.2 });
  return world;
}

const sphere = (id: number): TapeEnd => ({ kind: 'sphere', id });
const wall = (w: number): TapeEnd => ({ kind: 'wall', wall: w });
const point = (x: number, y: number, z: number): TapeEnd => ({ kind: 'point', at: [x, y, z] });

/** The ends at the world's positions now, or null when they cannot be placed. */
function ends(world: World, from: TapeEnd | null, to: TapeEnd | null): number[] | null {
  const out = new Float64Array(6);
  return tapeEnds(from, to, world, { previous: world.positions, positions: world.positions }, 1, out) ? Array.from(out) : null;
}

describe('the measuring tape', () => {
  it('sphere to sphere: the distance between the centres, and it follows them as they move', () => {
    const world = box();
    const out = new Float64Array(6);
    // The world's positions array is read anew each time (a step may hand out another).
    const at = {
      get previous() {
        return world.positions;
      },
      get positions() {
        return world.positions;
      },
    };
    expect(tapeEnds(sphere(0), sphere(1), world, at, 1, out)).toBe(true);
    expect(Array.from(out)).toEqual([-1, -0.5, 0.2, 1, 0.5, -0.3]);
    expect(tapeLength(out)).toBeCloseTo(Math.sqrt(4 + 1 + 0.25), 12);
    // No collision in 1 s (they close by 0.5 m/s in x from 2 m apart): each centre moves as p + v t.
    for (let k = 0; k < 60; k++) world.step(1 / 60);
    expect(tapeEnds(sphere(0), sphere(1), world, at, 1, out)).toBe(true);
    const a = [-1 + 0.3, -0.5 + 0.1, 0.2];
    const b = [1 - 0.2, 0.5, -0.3 + 0.1];
    for (let k = 0; k < 3; k++) {
      expect(out[k]).toBeCloseTo(a[k], 9);
      expect(out[3 + k]).toBeCloseTo(b[k], 9);
    }
    expect(tapeLength(out)).toBeCloseTo(Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]), 9);
  });

  it('draws a sphere end between the previous and current positions by alpha', () => {
    const world = box();
    const previous = Float64Array.from(world.positions);
    for (let k = 0; k < 30; k++) world.step(1 / 60);
    const out = new Float64Array(6);
    expect(tapeEnds(sphere(0), point(0, 0, 0), world, { previous, positions: world.positions }, 0.25, out)).toBe(true);
    // Sphere 0 moved (0.15, 0.05, 0) in 0.5 s; a quarter of the way is (0.0375, 0.0125, 0).
    expect(out[0]).toBeCloseTo(-1 + 0.0375, 9);
    expect(out[1]).toBeCloseTo(-0.5 + 0.0125, 9);
    expect(out[2]).toBeCloseTo(0.2, 9);
  });

  it('sphere to wall: the foot of the perpendicular, so the distance is the centre’s distance from that wall', () => {
    const world = box();
    // Floor (-y) at y = -1.5: sphere 0 at y = -0.5 is 1 m above it.
    expect(ends(world, sphere(0), wall(2))).toEqual([-1, -0.5, 0.2, -1, -1.5, 0.2]);
    // Right wall (+x) at x = 2, from sphere 1 at x = 1; the wall as the first end.
    const e = ends(world, wall(1), sphere(1))!;
    expect(e).toEqual([2, 0.5, -0.3, 1, 0.5, -0.3]);
    expect(tapeLength(Float64Array.from(e))).toBeCloseTo(1, 12);
    // Front (+z) at z = 1 from sphere 2 at z = 0.5; back (-z) at z = -1 from a point.
    expect(tapeLength(Float64Array.from(ends(world, sphere(2), wall(5))!))).toBeCloseTo(0.5, 12);
    expect(tapeLength(Float64Array.from(ends(world, point(0.3, 0.2, 0.4), wall(4))!))).toBeCloseTo(1.4, 12);
  });

  it('wall to wall: each wall’s centre (opposite walls: the box’s side; the same wall: 0)', () => {
    const world = box();
    expect(ends(world, wall(0), wall(1))).toEqual([-2, 0, 0, 2, 0, 0]);
    expect(tapeLength(Float64Array.from(ends(world, wall(2), wall(3))!))).toBe(3);
    expect(tapeLength(Float64Array.from(ends(world, wall(4), wall(5))!))).toBe(2);
    expect(tapeLength(Float64Array.from(ends(world, wall(3), wall(3))!))).toBe(0);
    // Left and floor: centres (-2, 0, 0) and (0, -1.5, 0).
    expect(tapeLength(Float64Array.from(ends(world, wall(0), wall(2))!))).toBeCloseTo(2.5, 12);
  });

  it('follows a wall that moves (the box’s bounds now, not its size at the start)', () => {
    const world = box();
    world.setWallVelocity('+y', -0.5);
    for (let k = 0; k < 60; k++) world.step(1 / 60);
    const ceiling = world.bounds[3];
    expect(ceiling).toBeLessThan(1.5);
    expect(ends(world, point(0, 0, 0), wall(3))![4]).toBe(ceiling);
  });

  it('cannot be placed with an end unset, a sphere gone or a wall not 0 to 5', () => {
    const world = box();
    expect(ends(world, null, sphere(0))).toBeNull();
    expect(ends(world, sphere(0), null)).toBeNull();
    expect(ends(world, sphere(7), sphere(0))).toBeNull();
    expect(ends(world, wall(6), sphere(0))).toBeNull();
    expect(ends(world, sphere(0), wall(-1))).toBeNull();
    world.removeSphere(1);
    expect(ends(world, sphere(0), sphere(1))).toBeNull();
    // Sphere 2 moved into slot 1 and is still found by its id.
    expect(ends(world, sphere(2), point(0, 0, 0))!.slice(0, 3)).toEqual([0, 1, 0.5]);
  });

  it('snaps a point to the sphere whose surface is within the tolerance, else to a wall within it, else keeps the point', () => {
    const world = box();
    // On sphere 1's surface, and 0.05 m outside it.
    expect(snapPoint([1 - 0.15, 0.5, -0.3], world, 0.02)).toEqual(sphere(1));
    expect(snapPoint([1, 0.5 + 0.2, -0.3], world, 0.06)).toEqual(sphere(1));
    expect(snapPoint([1, 0.5 + 0.2, -0.3], world, 0.04)).toEqual({ kind: 'point', at: [1, 0.7, -0.3] });
    // Inside sphere 0.
    expect(snapPoint([-1.02, -0.5, 0.2], world, 0)).toEqual(sphere(0));
    // On the floor, near the left wall but nearer the floor, and in the middle of the box.
    expect(snapPoint([0.5, -1.5, 0], world, 0.05)).toEqual(wall(2));
    expect(snapPoint([-1.97, -1.49, 0], world, 0.05)).toEqual(wall(2));
    expect(snapPoint([0.5, 0, 0], world, 0.05)).toEqual(point(0.5, 0, 0));
    // Planar: on the back face (z = -1) the point is kept, in the plane z = 0; the side walls still snap.
    expect(snapPoint([0.5, 0, -1], world, 0.05)).toEqual(wall(4));
    expect(snapPoint([0.5, 0, -1], world, 0.05, true)).toEqual(point(0.5, 0, 0));
    expect(snapPoint([1.98, 0, -1], world, 0.05, true)).toEqual(wall(1));
  });

  it('picks where a ray first meets a sphere, else where it leaves the box, else nothing', () => {
    const world = box();
    // Along -x at sphere 1's height and depth: it meets sphere 1's surface at x = 1.15 first.
    const hit = pickPoint([10, 0.5, -0.3], [-1, 0, 0], world)!;
    expect(hit[0]).toBeCloseTo(1.15, 12);
    expect(snapPoint(hit, world, 0.01)).toEqual(sphere(1));
    // Down through the box beside every sphere: leaves through the floor at y = -1.5.
    const floor = pickPoint([1.5, 10, 0.8], [0, -1, 0], world)!;
    expect(floor).toEqual([1.5, -1.5, 0.8]);
    expect(snapPoint(floor, world, 0.01)).toEqual(wall(2));
    // An oblique ray into the far corner region leaves through the back wall (z = -1).
    const d = [0.6, 0, -0.8];
    const back = pickPoint([-1.2, -1.2, 3], d, world)!;
    expect(back[2]).toBeCloseTo(-1, 12);
    expect(back[0]).toBeCloseTo(-1.2 + 0.6 * 5, 12);
    // Beside the box.
    expect(pickPoint([0, 5, 0], [1, 0, 0], world)).toBeNull();
    expect(pickPoint([10, 0, 0], [1, 0, 0], world)).toBeNull();
  });

  it('checks an end given from outside, naming the field and the value', () => {
    const world = box();
    const t = english;
    expect(checkTapeEnd('from', sphere(2), world, t)).toBeNull();
    expect(checkTapeEnd('to', wall(5), world, t)).toBeNull();
    expect(checkTapeEnd('to', point(0, 1, 2), world, t)).toBeNull();
    expect(checkTapeEnd('from', sphere(9), world, t)).toBe('Tape end from: there is no sphere 9 in the box.');
    expect(checkTapeEnd('from', { kind: 'sphere', id: 1.5 }, world, t)).toContain('1.5');
    expect(checkTapeEnd('to', wall(6), world, t)).toBe('Tape end to: wall 6 is not one of 0 to 5.');
    expect(checkTapeEnd('to', { kind: 'point', at: [0, NaN, 0] }, world, t)).toContain('to');
    expect(checkTapeEnd('to', { kind: 'point', at: [0, 1] }, world, t)).toContain('[0,1]');
    expect(checkTapeEnd('from', 'left', world, t)).toBe('Tape end from must be a sphere, a wall or a point, got "left".');
    expect(checkTapeEnd('from', null, world, t)).toContain('null');
  });

});
