/**
 * The per-sphere writers against three's own math, for random spheres: a sphere's instance matrix
 * is exactly what Matrix4.compose makes (in 32 bits), and an arrow is drawn in its own frame (a
 * rotation that turns +Y onto its velocity, moved to the sphere's centre), as long as the aid
 * asks, with its head across the view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { between } from './interpolate.ts';
import { ARROW_FLOATS, MATRIX_FLOATS, moveSphereMatrix, writeMotionArrows, writeSphereMatrices, type MovingSpheres } from './instance-matrices.ts';

/** Spheres the test buffers have room for; the writers must leave the floats past theirs alone. */
const ROOM = 6;
/** What the test buffers hold before a write, so that a float the writer should not touch shows. */
const GARBAGE = -7.25;

const coordinate = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.tuple(coordinate, coordinate, coordinate);
const velocityComponent = fc.double({ min: -10, max: 10, noNaN: true });
/** A unit vector (a random vector not too close to zero, normalized). */
const unit = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => Math.hypot(x, y, z) > 1e-3)
  .map(([x, y, z]) => new Vector3(x, y, z).normalize());

/** One sphere: its positions before and after the last step, velocity, radius and mass (infinite: fixed). */
const sphere = fc.record({
  previous: point,
  current: point,
  velocity: fc.oneof(fc.tuple(velocityComponent, velocityComponent, velocityComponent), fc.constant<[number, number, number]>([0, 0, 0])),
  radius: fc.double({ min: 1e-3, max: 5, noNaN: true }),
  mass: fc.oneof(fc.double({ min: 1e-3, max: 10, noNaN: true }), fc.constant(Infinity)),
});
type Sphere = typeof sphere extends fc.Arbitrary<infer T> ? T : never;

/** The spheres as a simulation lays them out, drawn at `alpha`. */
function laidOut(spheres: Sphere[], alpha: number): MovingSpheres {
  return {
    previous: Float64Array.from(spheres.flatMap((s) => s.previous)),
    positions: Float64Array.from(spheres.flatMap((s) => s.current)),
    alpha,
    velocities: Float64Array.from(spheres.flatMap((s) => s.velocity)),
    radii: Float64Array.from(spheres, (s) => s.radius),
    masses: Float64Array.from(spheres, (s) => s.mass),
  };
}

/** Sphere `i`'s drawn centre. */
function centre(drawn: MovingSpheres, i: number): Vector3 {
  const b = 3 * i;
  return new Vector3(between(drawn.previous, drawn.positions, b, drawn.alpha), between(drawn.previous, drawn.positions, b + 1, drawn.alpha), between(drawn.previous, drawn.positions, b + 2, drawn.alpha));
}

/** Vertex `k` of arrow `i` in `out`. */
function vertex(out: Float32Array, i: number, k: number): Vector3 {
  const o = ARROW_FLOATS * i + 3 * k;
  return new Vector3(out[o], out[o + 1], out[o + 2]);
}

describe('writeSphereMatrices', () => {
  it('writes exactly what Matrix4.compose makes of each drawn position, no rotation and scale r r r (all sixteen floats, nothing past n)', () => {
    const spheres = fc.array(sphere, { minLength: 0, maxLength: ROOM });
    const scale = fc.double({ min: 0.5, max: 2, noNaN: true });
    fc.assert(
      fc.property(spheres, fc.double({ min: 0, max: 1, noNaN: true }), scale, (list, alpha, s) => {
        const drawn = laidOut(list, alpha);
        const out = new Float32Array(MATRIX_FLOATS * ROOM).fill(GARBAGE);
        const expected = new Float32Array(MATRIX_FLOATS * ROOM).fill(GARBAGE);
        writeSphereMatrices(out, list.length, drawn.previous, drawn.positions, drawn, drawn.radii, s);
        list.forEach((_, i) => {
          const r = s * drawn.radii[i];
          new Matrix4().compose(centre(drawn, i), new Quaternion(), new Vector3(r, r, r)).toArray(expected, MATRIX_FLOATS * i);
        });
        expect(out).toEqual(expected);
      }),
    );
  });

  it('moveSphereMatrix changes the translation of its instance only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ROOM - 1 }), point, (slot, to) => {
        const out = new Float32Array(MATRIX_FLOATS * ROOM).fill(GARBAGE);
        const expected = out.slice();
        expected.set(to, MATRIX_FLOATS * slot + 12);
        moveSphereMatrix(out, slot, Float64Array.from(to));
        expect(out).toEqual(expected);
      }),
    );
  });
});

describe('writeMotionArrows', () => {
  const perSpeed = fc.double({ min: 0.01, max: 1, noNaN: true });

  /**
   * The side the head's strokes take from an arrow along `d`: across the shaft and the view
   * (d x forward), or, along the line of sight, (-dy, dx, 0). Null within a hair of the z axis
   * along the line of sight, where that is too short to normalize: the case is left out.
   */
  function strokeSide(d: Vector3, forward: Vector3): Vector3 | null {
    const across = d.clone().cross(forward);
    if (across.length() >= 1e-6) return across.normalize();
    const flat = new Vector3(-d.y, d.x, 0);
    return flat.length() >= 1e-5 ? flat.normalize() : null;
  }

  /**
   * Writes the arrows of `list` and checks each: no arrow (all six vertices at the centre) for a
   * sphere at rest or a fixed sphere's momentum; else, in the arrow's frame (origin at the
   * centre, +Y along the velocity, +X along the strokes' side), the shaft from the origin to
   * (0, length, 0) and the two strokes from there to (+-head / 2, length - head, 0).
   */
  function checkArrows(list: Sphere[], alpha: number, per: number, byMomentum: boolean, forward: Vector3): void {
    const drawn = laidOut(list, alpha);
    const out = new Float32Array(ARROW_FLOATS * ROOM).fill(GARBAGE);
    writeMotionArrows(out, list.length, drawn, per, byMomentum, forward);
    for (let k = ARROW_FLOATS * list.length; k < out.length; k++) expect(out[k]).toBe(GARBAGE);
    list.forEach((s, i) => {
      const p = centre(drawn, i);
      const atP = [p.x, p.y, p.z].map(Math.fround);
      const v = new Vector3(...s.velocity);
      const speed = v.length();
      if (!(speed > 1e-9) || (byMomentum && !Number.isFinite(s.mass))) {
        for (let k = 0; k < 6; k++) expect(vertex(out, i, k).toArray()).toEqual(atP);
        return;
      }
      const d = v.clone().divideScalar(speed);
      const side = strokeSide(d, forward);
      if (side === null) return;
      const length = s.radius + speed * per * (byMomentum ? s.mass : 1);
      const head = Math.min(0.3 * length, 0.45 * s.radius + 0.1);
      const frame = new Matrix4().makeBasis(side, d, side.clone().cross(d)).setPosition(p);
      expect(frame.determinant()).toBeCloseTo(1, 9);
      const at = (x: number, y: number): Vector3 => new Vector3(x, y, 0).applyMatrix4(frame);
      // Float32 rounding of coordinates of this size.
      const tol = 1e-6 * (1 + Math.max(Math.abs(p.x), Math.abs(p.y), Math.abs(p.z)) + length);
      const expected = [at(0, 0), at(0, length), at(0, length), at(head / 2, length - head), at(0, length), at(-head / 2, length - head)];
      expected.forEach((e, k) => expect(vertex(out, i, k).distanceTo(e)).toBeLessThan(tol));
      expect(vertex(out, i, 0).toArray()).toEqual(atP);
      // The strokes lie across the view, unless the arrow points along the line of sight.
      if (d.clone().cross(forward).length() >= 1e-6) expect(Math.abs(side.dot(forward))).toBeLessThan(1e-9);
    });
  }

  it("draws each arrow along its velocity, as long as the aid asks, its head across the shaft and the view; none for a sphere at rest or a fixed sphere's momentum", () => {
    fc.assert(
      fc.property(fc.array(sphere, { minLength: 1, maxLength: ROOM }), fc.double({ min: 0, max: 1, noNaN: true }), perSpeed, fc.boolean(), unit, (list, alpha, per, byMomentum, forward) => {
        checkArrows(list, alpha, per, byMomentum, forward);
      }),
    );
  });

  it('an arrow pointing at the camera or straight away still has its head, head / 2 across the shaft', () => {
    fc.assert(
      fc.property(sphere, fc.double({ min: 0, max: 1, noNaN: true }), perSpeed, unit, fc.boolean(), (s, alpha, per, d, away) => {
        fc.pre(Math.hypot(d.x, d.y) > 1e-3);
        const moving = { ...s, velocity: d.clone().multiplyScalar(3).toArray() as [number, number, number] };
        checkArrows([moving], alpha, per, false, away ? d : d.clone().negate());
      }),
    );
  });
});
