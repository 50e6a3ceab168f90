/**
 * Root finding for the time-of-impact equations: the roots of a polynomial of degree <= 4 in a
 * window [lo, hi]. Roots are isolated by the roots of the derivative (between two consecutive
 * critical points a polynomial is monotone, so it holds at most one root there), recursively down
 * to a quadratic solved in closed form. No root is skipped, however close two roots are.
 *
 * Nothing is allocated: coefficients, the window and intermediate results live in module-level
 * typed arrays, since numbers passed to or returned from a call that is not inlined are boxed on
 * the heap (and the recursion here is never inlined).
 */

const MAX_DEGREE = 4;
/** Safeguarded Newton stops after this many steps at the latest (it needs a handful). */
const MAX_STEPS = 200;

// Per derivative level: coefficients (low to high) and the sorted roots found in the window.
const coefByLevel: Float64Array[] = [];
const rootsByLevel: Float64Array[] = [];
for (let level = 0; level <= MAX_DEGREE; level++) {
  coefByLevel.push(new Float64Array(MAX_DEGREE + 1));
  rootsByLevel.push(new Float64Array(MAX_DEGREE + 2));
}
/** The window [lo, hi] (shared by every level of one search). */
const win = new Float64Array(2);
/** Bracket [a, b] for {@link refine}, and its result. */
const bracket = new Float64Array(3);
/** Argument and value of {@link evaluate}. */
const point = new Float64Array(2);

/** Writes the value at t = at[0] of the polynomial c of the given degree into at[1] (Horner). */
function evaluate(c: Float64Array, degree: number, at: Float64Array): void {
  const t = at[0];
  let v = c[degree];
  for (let k = degree - 1; k >= 0; k--) v = v * t + c[k];
  at[1] = v;
}

/**
 * Sorted real roots inside (lo, hi) of the polynomial of degree <= 2 at `level`, written to
 * rootsByLevel[level]; returns how many. Uses the cancellation-free form of the formula.
 */
function quadraticRoots(level: number, degree: number): number {
  const c = coefByLevel[level];
  const out = rootsByLevel[level];
  const c0 = c[0];
  const c1 = degree >= 1 ? c[1] : 0;
  const c2 = degree === 2 ? c[2] : 0;
  const lo = win[0];
  const hi = win[1];
  let r1: number;
  let r2: number;
  if (c2 === 0) {
    if (c1 === 0) return 0;
    r1 = -c0 / c1;
    r2 = r1; // one root (dropped below as a repeat; a NaN here would box the doubles)
  } else {
    const disc = c1 * c1 - 4 * c2 * c0;
    if (disc < 0) return 0;
    const q = -0.5 * (c1 + (c1 >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
    r1 = q / c2;
    r2 = q !== 0 ? c0 / q : r1;
    if (r1 > r2) {
      const s = r1;
      r1 = r2;
      r2 = s;
    }
  }
  let n = 0;
  if (r1 > lo && r1 < hi) out[n++] = r1;
  if (r2 > lo && r2 < hi && r2 !== r1) out[n++] = r2;
  return n;
}

/**
 * Root of the polynomial at `level` in bracket [a, b] = bracket[0..1], where its sign differs at
 * the ends (it is monotone there): Newton steps safeguarded by bisection, so it converges fast and
 * never leaves the bracket. The root goes to bracket[2].
 */
function refine(level: number, degree: number): void {
  const c = coefByLevel[level];
  let a = bracket[0];
  let b = bracket[1];
  point[0] = a;
  evaluate(c, degree, point);
  const rising = point[1] < 0;
  let x = 0.5 * (a + b);
  for (let k = 0; k < MAX_STEPS; k++) {
    let f = c[degree];
    let df = 0;
    for (let q = degree - 1; q >= 0; q--) {
      df = df * x + f;
      f = f * x + c[q];
    }
    if (f === 0) break;
    if (f < 0 === rising) a = x;
    else b = x;
    // Newton step; with df = 0 it is infinite and rejected below. (Not "df !== 0 ? ... : NaN": a
    // NaN constant in the loop made V8 box every step's number, about 1 KB a call.)
    let next = x - f / df;
    if (!(next > a && next < b)) next = 0.5 * (a + b);
    // Done when the step or the bracket is at rounding level (Newton approaching from one side
    // never moves the far end of the bracket, so the step size is the test that matters).
    const scale = 1e-15 * Math.max(1, Math.abs(x));
    if (Math.abs(next - x) <= scale || b - a <= scale) {
      x = next;
      break;
    }
    x = next;
  }
  bracket[2] = x;
}

/**
 * Sorted roots in the window of the polynomial at `level` (degree `degree`), written to
 * rootsByLevel[level]; returns how many. Recurses on the derivative at level + 1.
 */
function rootsIn(level: number, degree: number): number {
  if (degree <= 2) return quadraticRoots(level, degree);
  const c = coefByLevel[level];
  const d = coefByLevel[level + 1];
  for (let k = 1; k <= degree; k++) d[k - 1] = k * c[k];
  const nCrit = rootsIn(level + 1, degree - 1);
  const crit = rootsByLevel[level + 1];
  const out = rootsByLevel[level];
  let n = 0;
  let a = win[0];
  point[0] = a;
  evaluate(c, degree, point);
  let fa = point[1];
  for (let k = 0; k <= nCrit; k++) {
    const b = k < nCrit ? crit[k] : win[1];
    point[0] = b;
    evaluate(c, degree, point);
    const fb = point[1];
    if (fa === 0 && a > win[0]) out[n++] = a;
    else if (fa !== 0 && fb !== 0 && fa > 0 !== fb > 0) {
      bracket[0] = a;
      bracket[1] = b;
      refine(level, degree);
      out[n++] = bracket[2];
    }
    a = b;
    fa = fb;
  }
  return n;
}

/** Loads c[0..4] at level `level` and returns the actual degree (leading zeros dropped). */
function load(level: number, c0: number, c1: number, c2: number, c3: number, c4: number): number {
  const c = coefByLevel[level];
  c[0] = c0;
  c[1] = c1;
  c[2] = c2;
  c[3] = c3;
  c[4] = c4;
  let degree = 4;
  while (degree > 0 && c[degree] === 0) degree--;
  return degree;
}

/**
 * Critical points (roots of the derivative) inside (0, k[5]) of k[0] + k[1] t + ... + k[4] t^4,
 * sorted, written into `out`; returns how many (at most 3). Between two consecutive points the
 * polynomial is monotone, which is what a caller needs to bracket every sign change.
 */
export function criticalPoints(k: Float64Array, out: Float64Array): number {
  const degree = load(1, k[1], 2 * k[2], 3 * k[3], 4 * k[4], 0);
  if (degree === 0) return 0;
  win[0] = 0;
  win[1] = k[5];
  const n = rootsIn(1, degree);
  const src = rootsByLevel[1];
  for (let q = 0; q < n; q++) out[q] = src[q];
  return n;
}

/** Scratch of {@link polynomialRoots}. */
const args = new Float64Array(7);

/** Every real root of c0 + c1 t + ... + c4 t^4 in the open interval (lo, hi), sorted, into `out`; returns how many. */
export function polynomialRoots(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number, out: Float64Array): number {
  args[0] = c0;
  args[1] = c1;
  args[2] = c2;
  args[3] = c3;
  args[4] = c4;
  args[5] = lo;
  args[6] = hi;
  return polynomialRootsIn(args, out);
}

/**
 * {@link polynomialRoots} with its arguments in one array, k = [c0, c1, c2, c3, c4, lo, hi], for
 * the step's hot paths (numbers passed to a call that V8 does not inline are boxed).
 */
export function polynomialRootsIn(k: Float64Array, out: Float64Array): number {
  const degree = load(0, k[0], k[1], k[2], k[3], k[4]);
  if (degree === 0) return 0;
  win[0] = k[5];
  win[1] = k[6];
  const n = rootsIn(0, degree);
  const src = rootsByLevel[0];
  for (let q = 0; q < n; q++) out[q] = src[q];
  return n;
}
