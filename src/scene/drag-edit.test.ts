import { describe, expect, it } from 'vitest';
import { createWorld } from '../solver/index.ts';
import { arrowLength, arrowTip, ARROW_SECONDS, clampCentre, rayPlane, raySphere, velocityFromTip } from './drag-edit.ts';

const out = () => new Float64Array(3);

describe('drag edits', () => {
  it('keeps a moved sphere wholly inside the box, and in the plane in the planar mode', () => {
    const bounds = [-2, 2, -3, 3, -4, 4]; // a 4 x 6 x 8 box about the origin
    expect(Array.from(clampCentre([10, -10, 0.5], 0.5, bounds, false, out()))).toEqual([1.5, -2.5, 0.5]);
    expect(Array.from(clampCentre([0.2, 0.3, 3], 1, bounds, true, out()))).toEqual([0.2, 0.3, 0]);
    // A sphere as wide as the box can only sit in the middle of that side.
    expect(clampCentre([1, 0, 0], 2, bounds, false, out())[0]).toBe(0);
  });

  it('keeps it inside the walls as they stand once they have moved within the frame (off the origin)', () => {
    // The boiling lesson's shape: a tall frame, the piston low over the floor, the x walls pushed in to 1..4.
    const w = createWorld({ size: [10, 40, 10] });
    w.setWallPosition('+y', -12);
    w.setWallPosition('-x', -1); // along its outward normal: the wall at x = 1
    w.setWallPosition('+x', 4);
    const b = w.boundsView;
    expect(Array.from(b)).toEqual([1, 4, -20, -12, -5, 5]);
    // Inside the walls: where it is.
    expect(Array.from(clampCentre([2, -15, 0], 0.5, b, false, out()))).toEqual([2, -15, 0]);
    // Above the piston and left of the -x wall, though inside the frame: to the walls, less the radius.
    expect(Array.from(clampCentre([-3, 10, 0], 0.5, b, false, out()))).toEqual([1.5, -12.5, 0]);
    expect(Array.from(clampCentre([9, -30, 0], 0.5, b, false, out()))).toEqual([3.5, -19.5, 0]);
    // Wider than the x walls' gap: the gap's middle.
    expect(clampCentre([0, -15, 0], 2, b, false, out())[0]).toBe(2.5);
  });

  it('reads the velocity back from the arrow tip it draws (inverse of arrowTip)', () => {
    const centre = [0.3, -1, 2];
    const cases = [
      [3, -4, 12],
      [0.001, 0, 0],
      [-7, 2, 0.5],
    ];
    for (const v of cases) {
      const tip = arrowTip(centre, 0.4, v, out());
      const speed = Math.hypot(v[0], v[1], v[2]);
      expect(Math.hypot(tip[0] - centre[0], tip[1] - centre[1], tip[2] - centre[2])).toBeCloseTo(arrowLength(0.4, speed), 12);
      const back = velocityFromTip(centre, 0.4, tip, false, out());
      for (let k = 0; k < 3; k++) expect(back[k]).toBeCloseTo(v[k], 9);
    }
  });

  it('gives speed (length - radius) / ARROW_SECONDS along the pull, zero inside the sphere, no vz when planar', () => {
    const v = velocityFromTip([0, 0, 0], 1, [0, 3, 0], false, out());
    expect(Array.from(v)).toEqual([0, 2 / ARROW_SECONDS, 0]);
    expect(Array.from(velocityFromTip([0, 0, 0], 1, [0.5, 0.2, 0], false, out()))).toEqual([0, 0, 0]);
    const planar = velocityFromTip([0, 0, 0], 1, [3, 0, 4], true, out());
    expect(planar[2]).toBe(0);
    expect(planar[0]).toBeCloseTo(2 / ARROW_SECONDS, 12);
  });

  it('a sphere at rest shows its arrow along +x, radius long', () => {
    expect(Array.from(arrowTip([1, 2, 3], 0.5, [0, 0, 0], out()))).toEqual([1.5, 2, 3]);
  });

  it('finds where a ray meets a sphere or a plane, and misses what is behind or beside', () => {
    expect(raySphere([0, 0, -10], [0, 0, 1], [0, 0, 0], 2)).toBeCloseTo(8, 12);
    expect(raySphere([0, 0, -10], [0, 0, 1], [0, 2.5, 0], 2)).toBe(-1);
    expect(raySphere([0, 0, 10], [0, 0, 1], [0, 0, 0], 2)).toBe(-1);
    expect(raySphere([0, 0, 0.5], [0, 0, 1], [0, 0, 0], 2)).toBe(0);
    const d = [0, Math.SQRT1_2, Math.SQRT1_2];
    expect(rayPlane([0, 0, -3], d, [0, 0, 0], [0, 0, 1])).toBeCloseTo(3 * Math.SQRT2, 12);
    expect(rayPlane([0, 0, -3], [1, 0, 0], [0, 0, 0], [0, 0, 1])).toBe(-1);
    expect(rayPlane([0, 0, 3], [0, 0, 1], [0, 0, 0], [0, 0, 1])).toBe(-1);
  });
});
