import { describe, expect, it } from 'vitest';
import { polynomialRoots } from './polynomial.ts';

/** Coefficients (low to high) of c4 * prod (t - r_k). */
function fromRoots(c4: number, roots: number[]): number[] {
  let poly = [c4];
  for (const r of roots) {
    const next = new Array(poly.length + 1).fill(0);
    for (let k = 0; k < poly.length; k++) {
      next[k + 1] += poly[k];
      next[k] -= r * poly[k];
    }
    poly = next;
  }
  while (poly.length < 5) poly.push(0);
  return poly;
}

describe('polynomialRoots', () => {
  const out = new Float64Array(4);
  it('finds all four roots of a quartic, sorted', () => {
    const c = fromRoots(2, [0.3, 1.7, 2.2, 5]);
    const n = polynomialRoots(c[0], c[1], c[2], c[3], c[4], 0, 10, out);
    expect(n).toBe(4);
    [0.3, 1.7, 2.2, 5].forEach((r, k) => expect(out[k]).toBeCloseTo(r, 12));
  });
  it('separates two roots 1e-6 apart', () => {
    const c = fromRoots(1, [1, 1 + 1e-6, 3, 4]);
    const n = polynomialRoots(c[0], c[1], c[2], c[3], c[4], 0, 2, out);
    expect(n).toBe(2);
    expect(out[0]).toBeCloseTo(1, 9);
    expect(out[1]).toBeCloseTo(1 + 1e-6, 9);
  });
  it('only reports roots inside the interval', () => {
    const c = fromRoots(1, [-2, 0.5, 7, 9]);
    const n = polynomialRoots(c[0], c[1], c[2], c[3], c[4], 0, 8, out);
    expect(Array.from(out.subarray(0, n)).map((x) => +x.toFixed(9))).toEqual([0.5, 7]);
  });
  it('handles lower degrees (a cubic and a quadratic)', () => {
    const cubic = fromRoots(1, [0.25, 0.5, 0.75]);
    expect(polynomialRoots(cubic[0], cubic[1], cubic[2], cubic[3], 0, 0, 1, out)).toBe(3);
    expect(out[2]).toBeCloseTo(0.75, 12);
    expect(polynomialRoots(-4, 0, 1, 0, 0, 0, 10, out)).toBe(1);
    expect(out[0]).toBeCloseTo(2, 14);
  });
  it('finds no root where there is none', () => {
    expect(polynomialRoots(1, 0, 1, 0, 1, -10, 10, out)).toBe(0);
  });
});
