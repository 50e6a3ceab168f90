/**
 * Root finding for the time-of-impact equations: the first time t in [0, tMax] at which a
 * polynomial of degree <= 4 changes sign. Roots are isolated by the roots of the derivative
 * (between two consecutive critical points a polynomial is monotone, so it holds at most one
 * root there), recursively down to a quadratic solved in closed form. No root is skipped, however
 * close two roots are, and nothing is allocated: scratch lives in this module.
 */

const MAX_DEGREE = 4;
/** Safeguarded Newton stops after this many steps at the latest (it needs a handful). */
const BISECTION_STEPS = 200;

// Scratch per derivative level: coefficients (low to high) and the sorted critical points.
const coefByLevel: Float64Array[] = [];
const pointsByLevel: Float64Array[] = [];
for (let level = 0; level <= MAX_DEGREE; level++) {
  coefByLevel.push(new Float64Array(MAX_DEGREE + 1));
  pointsByLevel.push(new Float64Array(MAX_DEGREE + 2));
}

function evaluate(c: Float64Array, degree: number, t: number): number {
  let v = c[degree];
  for (let k = degree - 1; k >= 0; k--) v = v * t + c[k];
  return v;
}

/**
 * Sorted real roots of c0 + c1 t + c2 t^2 inside the open interval (lo, hi), written into out
 * from index `at`; returns the new end index. Uses the cancellation-free form of the formula.
 */
function quadraticRootsIn(c0: number, c1: number, c2: number, lo: number, hi: number, out: Float64Array, at: number): number {
  let r1: number;
  let r2: number;
  if (c2 === 0) {
    if (c1 === 0) return at;
    r1 = -c0 / c1;
    r2 = NaN;
  } else {
    const disc = c1 * c1 - 4 * c2 * c0;
    if (disc < 0) return at;
    const q = -0.5 * (c1 + (c1 >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
    r1 = q / c2;
    r2 = q !== 0 ? c0 / q : r1;
    if (r1 > r2) {
      const s = r1;
      r1 = r2;
      r2 = s;
    }
  }
  if (r1 > lo && r1 < hi) out[at++] = r1;
  if (r2 > lo && r2 < hi && r2 !== r1) out[at++] = r2;
  return at;
}

/**
 * Root of c on [a, b] where its sign differs at the ends (c is monotone there): Newton steps
 * safeguarded by bisection, so it converges fast and can never leave the bracket.
 */
function bisect(c: Float64Array, degree: number, a: number, b: number): number {
  const fa = evaluate(c, degree, a);
  const rising = fa < 0;
  let x = 0.5 * (a + b);
  for (let k = 0; k < BISECTION_STEPS; k++) {
    // Value and derivative by Horner.
    let f = c[degree];
    let df = 0;
    for (let q = degree - 1; q >= 0; q--) {
      df = df * x + f;
      f = f * x + c[q];
    }
    if (f === 0) return x;
    if (f < 0 === rising) a = x;
    else b = x;
    let next = df !== 0 ? x - f / df : NaN;
    if (!(next > a && next < b)) next = 0.5 * (a + b);
    if (next === x || b - a <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

/**
 * Sorted roots of the polynomial stored at `level` (degree `degree`) inside (lo, hi), written to
 * pointsByLevel[level]; returns how many. Recurses on the derivative at level + 1.
 */
function rootsIn(level: number, degree: number, lo: number, hi: number): number {
  const c = coefByLevel[level];
  const out = pointsByLevel[level];
  if (degree <= 2) return quadraticRootsIn(c[0], degree >= 1 ? c[1] : 0, degree === 2 ? c[2] : 0, lo, hi, out, 0);
  const d = coefByLevel[level + 1];
  for (let k = 1; k <= degree; k++) d[k - 1] = k * c[k];
  const nCrit = rootsIn(level + 1, degree - 1, lo, hi);
  const crit = pointsByLevel[level + 1];
  let n = 0;
  let a = lo;
  let fa = evaluate(c, degree, a);
  for (let k = 0; k <= nCrit; k++) {
    const b = k < nCrit ? crit[k] : hi;
    const fb = evaluate(c, degree, b);
    if (fa === 0 && a > lo) out[n++] = a;
    else if (fa !== 0 && fb !== 0 && fa > 0 !== fb > 0) out[n++] = bisect(c, degree, a, b);
    a = b;
    fa = fb;
  }
  return n;
}

/**
 * Critical points (roots of the derivative) of c0 + c1 t + ... + c4 t^4 inside (0, tMax),
 * sorted, written into `out`; returns how many (at most 3). Between two consecutive points the
 * polynomial is monotone, which is what a caller needs to bracket every sign change.
 */
export function criticalPoints(_c0: number, c1: number, c2: number, c3: number, c4: number, tMax: number, out: Float64Array): number {
  const d = coefByLevel[1];
  d[0] = c1;
  d[1] = 2 * c2;
  d[2] = 3 * c3;
  d[3] = 4 * c4;
  let degree = 3;
  while (degree > 0 && d[degree] === 0) degree--;
  if (degree === 0) return 0;
  const n = rootsIn(1, degree, 0, tMax);
  const src = pointsByLevel[1];
  for (let k = 0; k < n; k++) out[k] = src[k];
  return n;
}

/** The value of c0 + c1 t + ... + c4 t^4 (Horner). */
export function quartic(c0: number, c1: number, c2: number, c3: number, c4: number, t: number): number {
  return (((c4 * t + c3) * t + c2) * t + c1) * t + c0;
}

/**
 * Every real root of c0 + c1 t + ... + c4 t^4 in the open interval (lo, hi), sorted, into `out`;
 * returns how many. Exposed for tests; the solver brackets roots through {@link criticalPoints}.
 */
export function polynomialRoots(c0: number, c1: number, c2: number, c3: number, c4: number, lo: number, hi: number, out: Float64Array): number {
  const c = coefByLevel[0];
  c[0] = c0;
  c[1] = c1;
  c[2] = c2;
  c[3] = c3;
  c[4] = c4;
  let degree = 4;
  while (degree > 0 && c[degree] === 0) degree--;
  if (degree === 0) return 0;
  const n = rootsIn(0, degree, lo, hi);
  const src = pointsByLevel[0];
  for (let k = 0; k < n; k++) out[k] = src[k];
  return n;
}
