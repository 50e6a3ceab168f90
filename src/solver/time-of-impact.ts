/**
 * Exact times of impact (docs/physics.md, sections 2 and 3). Every function takes the state at a common
 * time and returns the delay until contact, or Infinity when there is none in the window.
 */
import { criticalPoints } from './polynomial.ts';

/** Length of the argument block of {@link crossingTime}. */
export const CROSS_ARGS = 5;

/**
 * First t >= 0 at which a coordinate x(t) = x + v t + a t^2 / 2 crosses `bound` going in the
 * direction `dir` (+1: upwards, -1: downwards), or Infinity when it never does. A coordinate
 * already beyond the bound and still moving outwards crosses at once (t = 0): that is how a contact
 * found slightly late by rounding is still processed. Crossings in the other direction (coming
 * back inside) are ignored, so a sphere that has just crossed a bound is never found to cross it
 * again at t = 0.
 *
 * Arguments and result travel in q: the block q[at .. at + 4] = [x, v, a, bound, dir], and the
 * time replaces q[at]. Numbers passed to or returned from a call that V8 does not inline are boxed
 * on the heap, and whether it inlines this depends on its budget at each call site.
 *
 * World.boundTimesStraight writes out the case a = 0 itself, with the same arithmetic (for the
 * spheres of a gas, without a call per bound): a change here must be made there too.
 */
export function crossingTime(q: Float64Array, at: number): void {
  // q(t) = dir * (x(t) - bound) = C + B t + A t^2; we want q rising through 0.
  const dir = q[at + 4];
  const C = dir * (q[at] - q[at + 3]);
  const B = dir * q[at + 1];
  const A = 0.5 * dir * q[at + 2];
  if (A === 0) {
    q[at] = B <= 0 ? Infinity : C >= 0 ? 0 : -C / B;
    return;
  }
  const disc = B * B - 4 * A * C;
  if (disc < 0) {
    // q never changes sign. If it is positive everywhere (A > 0), the coordinate is beyond the
    // bound for good: report the crossing when it starts moving outwards.
    q[at] = A > 0 ? Math.max(0, -B / (2 * A)) : Infinity;
    return;
  }
  const sq = Math.sqrt(disc);
  const qq = -0.5 * (B + (B >= 0 ? sq : -sq));
  let r1 = qq / A;
  let r2 = qq !== 0 ? C / qq : r1;
  if (r1 > r2) {
    const s = r1;
    r1 = r2;
    r2 = s;
  }
  if (A > 0) {
    // q falls, then rises through 0 at r2; both roots behind us, q > 0 and rising: already
    // beyond, moving out.
    q[at] = r2 >= 0 ? r2 : 0;
    return;
  }
  // A < 0: q rises through 0 at r1, then falls back. Falling already (B <= 0), it never rises:
  // this also keeps a coordinate that grazes the bound (a vertex at q = 0 up to rounding) from
  // crossing it again and again. Beyond the bound and still moving outwards (r2 > 0 with B > 0),
  // it crosses at once.
  q[at] = B <= 0 ? Infinity : r1 >= 0 ? r1 : r2 > 0 ? 0 : Infinity;
}

/** Scratch of {@link firstCrossing}. */
const one = new Float64Array(CROSS_ARGS);

/** {@link crossingTime} with its arguments and result as plain numbers (for tests and callers off the hot paths). */
export function firstCrossing(x: number, v: number, a: number, bound: number, dir: number): number {
  one[0] = x;
  one[1] = v;
  one[2] = a;
  one[3] = bound;
  one[4] = dir;
  crossingTime(one, 0);
  return one[0];
}

/** Contacts whose deepest overlap would stay below this fraction of the radius sum are ignored. */
export const GRAZE = 1e-12;

/** Length of the argument block of {@link pairTimeOfImpact}. */
export const TOI_ARGS = 13;

/** A resting contact is pressed when the relative acceleration along the normal exceeds this fraction of it. */
export const PRESS_FRACTION = 1e-6;

/** Scratch: the critical points of the contact quartic, and its coefficients plus window end. */
const crit = new Float64Array(4);
const quarticScratch = new Float64Array(6);

/**
 * The quartic f(t) = |p + v t + d t^2 / 2|^2 - L^2 of the block q (pairTimeOfImpact's, L = q[9])
 * in k[0..4], lowest power first, and in k[5] the end of its window: q[10], capped by the Cauchy
 * bound (beyond it f has no root). Returns how many critical points of f (roots of f') lie in the
 * window, written to `crit` in order, or -1 when the window is empty. (Every number travels in the
 * arrays: one passed to a call V8 does not inline is boxed.)
 */
export function gapQuartic(q: Float64Array, k: Float64Array, crit: Float64Array): number {
  const L = q[9];
  const px = q[0], py = q[1], pz = q[2];
  const vx = q[3], vy = q[4], vz = q[5];
  const ax = 0.5 * q[6], ay = 0.5 * q[7], az = 0.5 * q[8];
  k[0] = px * px + py * py + pz * pz - L * L;
  k[1] = 2 * (px * vx + py * vy + pz * vz);
  k[2] = vx * vx + vy * vy + vz * vz + 2 * (px * ax + py * ay + pz * az);
  k[3] = 2 * (vx * ax + vy * ay + vz * az);
  k[4] = ax * ax + ay * ay + az * az;
  const bound = 1 + Math.max(Math.abs(k[0]), Math.abs(k[1]), Math.abs(k[2]), Math.abs(k[3])) / k[4];
  const end = Math.min(q[10], bound);
  if (!(end > 0)) return -1;
  k[5] = end;
  return criticalPoints(k, crit);
}

/**
 * Delay until two spheres first touch, from relative position p = x_j - x_i, relative velocity
 * v = v_j - v_i and relative acceleration d = a_j - a_i at a common time, with s = r_i + r_j.
 * Only contacts within [0, tMax] are reported. Arguments and result travel in one Float64Array
 * q = [px, py, pz, vx, vy, vz, dx, dy, dz, s, tMax, approachTolerance, result] (result Infinity
 * when there is no contact): numbers passed to or returned from a call that is not inlined are
 * boxed on the heap, and this is called for every neighbour of every event.
 *
 * With d = 0 the gap closes along a straight line and |p + v t| = s is a quadratic (docs/physics.md,
 * section 2); its first root is taken as t = c / (-b + sqrt(b^2 - a c)), which, unlike
 * (-b - sqrt(disc)) / a, keeps full precision when the relative speed is tiny.
 *
 * With d != 0 (a free sphere against a fixed, sleeping or floor-resting one under gravity)
 * |p + v t + d t^2 / 2|^2 - s^2 is a quartic f(t). Its critical points split [0, tMax] into pieces
 * on which f is monotone, so each piece holds at most one root and a sign change from f > 0 to
 * f <= 0 brackets the first contact exactly: no root is skipped. Bisection then keeps the end where
 * f > 0, so the spheres are reported touching but never overlapping.
 *
 * `approachTolerance` (m/s) is the smallest normal closing speed of a touching pair that still
 * counts as a collision; below it a touching pair is left alone (this stops loops of zero-impulse
 * contacts at one instant after a perfectly inelastic collision).
 *
 * The world's neighbour scan (World.scanPairs) writes out the case d = 0 with the spheres apart
 * (c > 0) itself, with the same rules and arithmetic, to spare the call for most pairs: a change
 * here must be made there too.
 */
export function pairTimeOfImpact(q: Float64Array): void {
  q[12] = Infinity;
  const px = q[0], py = q[1], pz = q[2];
  const vx = q[3], vy = q[4], vz = q[5];
  const dx = q[6], dy = q[7], dz = q[8];
  const s = q[9], tMax = q[10], approachTolerance = q[11];
  const pp = px * px + py * py + pz * pz;
  const c = pp - s * s;
  const b = px * vx + py * vy + pz * vz;
  const dist = Math.sqrt(pp);
  const a2 = vx * vx + vy * vy + vz * vz;
  // Out of reach within the window: the gap cannot close by more than |v| T + |d| T^2 / 2.
  if (c > 0 && tMax < Infinity) {
    const reach = Math.sqrt(a2) * tMax + 0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz) * tMax * tMax;
    if (dist - s > reach) return;
  }
  // Grazing: along the straight relative path the deepest overlap, s - d_min, is below
  // GRAZE * s (d_min^2 = |p|^2 - b^2 / a). Such a contact only exists through rounding (a sphere
  // sliding past a neighbour exactly one diameter away, both against a wall); resolving it would
  // repeat at the same instant without end, ignoring it costs an overlap of at most GRAZE * s.
  const grazing = a2 > 0 && b * b - a2 * c <= a2 * GRAZE * s * s;
  const accelerated = dx !== 0 || dy !== 0 || dz !== 0;
  if (c <= 0) {
    // Touching or overlapping now: a collision at once if closing faster than the tolerance.
    if (b < -approachTolerance * dist && !grazing) {
      q[12] = 0;
      return;
    }
    if (!accelerated) return;
    // Held together by acceleration alone (resting contact): report a contact now. Only a real
    // press counts: side by side (acceleration nearly along the tangent) they are not pressed.
    const pd = px * dx + py * dy + pz * dz;
    const pressed = -pd > PRESS_FRACTION * dist * Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (pressed && b <= approachTolerance * dist && a2 + pd < 0) {
      q[12] = 0;
      return;
    }
  }
  if (!accelerated) {
    if (b >= 0 || grazing) return;
    const disc = b * b - a2 * c;
    if (disc < 0) return;
    const t = c / (-b + Math.sqrt(disc));
    if (t <= tMax) q[12] = t;
    return;
  }
  // Quartic: f(t) = |P + V t + A t^2|^2 - s^2 with A = d / 2.
  const ax = 0.5 * dx;
  const ay = 0.5 * dy;
  const az = 0.5 * dz;
  const k = quarticScratch;
  const n = gapQuartic(q, k, crit);
  if (n < 0) return;
  const end = k[5];
  let a0 = 0;
  let fa = c;
  for (let piece = 0; piece <= n; piece++) {
    const b0 = piece < n ? crit[piece] : end;
    const xb = px + (vx + ax * b0) * b0;
    const yb = py + (vy + ay * b0) * b0;
    const zb = pz + (vz + az * b0) * b0;
    const fb = xb * xb + yb * yb + zb * zb - s * s;
    // fb is the minimum of f on the next piece when b0 is a critical point: skip grazing dips.
    if (fa > 0 && fb <= 0 && !(piece < n && fb >= -2 * GRAZE * s * s)) {
      // Newton from the side where f > 0, safeguarded by bisection; stop once the gap left is
      // below rounding (f < 1e-14 s^2 means about 5e-15 s), always returning a time with f > 0.
      let lo = a0;
      let hi = b0;
      let flo = fa;
      const done = 1e-14 * s * s;
      for (let it = 0; it < 200 && flo > done; it++) {
        const rx = px + (vx + ax * lo) * lo;
        const ry = py + (vy + ay * lo) * lo;
        const rz = pz + (vz + az * lo) * lo;
        const slope = 2 * (rx * (vx + 2 * ax * lo) + ry * (vy + 2 * ay * lo) + rz * (vz + 2 * az * lo));
        // Newton from lo when the slope points down, else bisection. (No NaN constant for "no
        // step": mixed into the loop's numbers it makes V8 box them, about 1 KB a call.)
        let m = 0.5 * (lo + hi);
        if (slope < 0) {
          const newton = lo - flo / slope;
          if (newton > lo && newton < hi) m = newton;
        }
        if (m <= lo || m >= hi) break;
        const xm = px + (vx + ax * m) * m;
        const ym = py + (vy + ay * m) * m;
        const zm = pz + (vz + az * m) * m;
        const fm = xm * xm + ym * ym + zm * zm - s * s;
        if (fm > 0) {
          lo = m;
          flo = fm;
        } else hi = m;
      }
      q[12] = lo;
      return;
    }
    a0 = b0;
    fa = fb;
  }
}
