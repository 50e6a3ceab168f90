import { describe, expect, it } from 'vitest';
import { firstCrossing, pairTimeOfImpact as pairBlock, TOI_ARGS } from './time-of-impact.ts';

const block = new Float64Array(TOI_ARGS);
function pairTimeOfImpact(...args: number[]): number {
  block.set(args);
  pairBlock(block);
  return block[12];
}

describe('firstCrossing', () => {
  it('linear motion reaches the bound at (bound - x) / v', () => {
    expect(firstCrossing(0, 2, 0, 3, 1)).toBeCloseTo(1.5, 15);
    expect(firstCrossing(0, -2, 0, -3, -1)).toBeCloseTo(1.5, 15);
    expect(firstCrossing(0, -2, 0, 3, 1)).toBe(Infinity);
  });
  it('a ball thrown up at v under gravity g falls back through its start after 2 v / g', () => {
    // Bound just below the start: crossing downwards happens on the way back.
    const t = firstCrossing(0, 4, -9.81, -1e-12, -1);
    expect(t).toBeCloseTo((2 * 4) / 9.81, 9);
  });
  it('under gravity from rest: t = sqrt(2 h / g)', () => {
    expect(firstCrossing(1, 0, -9.81, 0, -1)).toBeCloseTo(Math.sqrt(2 / 9.81), 12);
  });
  it('a coordinate just across the bound, moving out, crosses at once; moving in, never', () => {
    expect(firstCrossing(1 + 1e-15, 1, 0, 1, 1)).toBe(0);
    expect(firstCrossing(1 + 1e-15, -1, 0, 1, 1)).toBe(Infinity);
  });
  it('a coordinate falling away from an upper bound it grazes never crosses it', () => {
    expect(firstCrossing(1 - 1e-17, -1e-9, -9.81, 1, 1)).toBe(Infinity);
  });
});

describe('pairTimeOfImpact', () => {
  it('head-on: the gap closes at the relative speed', () => {
    // Centres 5 apart, radius sum 1, closing at 2: contact after 2 s.
    expect(pairTimeOfImpact(5, 0, 0, -2, 0, 0, 0, 0, 0, 1, Infinity, 0)).toBeCloseTo(2, 14);
  });
  it('matches the closed form for an oblique approach', () => {
    const p = [3, 1, -0.5];
    const v = [-1, -0.2, 0.1];
    const s = 1.2;
    const a = v[0] ** 2 + v[1] ** 2 + v[2] ** 2;
    const b = p[0] * v[0] + p[1] * v[1] + p[2] * v[2];
    const c = p[0] ** 2 + p[1] ** 2 + p[2] ** 2 - s * s;
    const expected = (-b - Math.sqrt(b * b - a * c)) / a;
    expect(pairTimeOfImpact(p[0], p[1], p[2], v[0], v[1], v[2], 0, 0, 0, s, Infinity, 0)).toBeCloseTo(expected, 12);
  });
  it('misses when the closest approach is wider than the radius sum, and when receding', () => {
    expect(pairTimeOfImpact(5, 2, 0, -1, 0, 0, 0, 0, 0, 1, Infinity, 0)).toBe(Infinity);
    expect(pairTimeOfImpact(5, 0, 0, 1, 0, 0, 0, 0, 0, 1, Infinity, 0)).toBe(Infinity);
  });
  it('keeps precision for nearly equal velocities (tiny relative speed)', () => {
    // Gap 1e-3, closing at 1e-9 m/s: 1e6 s.
    expect(pairTimeOfImpact(1.001, 0, 0, -1e-9, 0, 0, 0, 0, 0, 1, Infinity, 0) / 1e6).toBeCloseTo(1, 9);
  });
  it('under gravity, a sphere dropped onto a fixed one lands when the parabola meets it', () => {
    // Fixed sphere 3 below (p = x_fixed - x_free), free one falls from rest: relative acceleration +g.
    const g = 9.81;
    const t = pairTimeOfImpact(0, -3, 0, 0, 0, 0, 0, g, 0, 1, Infinity, 0);
    expect(t).toBeCloseTo(Math.sqrt((2 * 2) / g), 10);
  });
  it('finds the first contact of a curved relative path, as dense sampling does', () => {
    // A projectile (relative acceleration) grazing a sphere: compare with dense sampling.
    const p = [2, 0.2, 0];
    const v = [-2, 1, 0];
    const d = [0, -3, 0];
    const s = 1;
    const t = pairTimeOfImpact(p[0], p[1], p[2], v[0], v[1], v[2], d[0], d[1], d[2], s, Infinity, 0);
    let sampled = Infinity;
    for (let k = 0; k <= 2_000_000; k++) {
      const tt = (k / 2_000_000) * 4;
      const x = p[0] + v[0] * tt + 0.5 * d[0] * tt * tt;
      const y = p[1] + v[1] * tt + 0.5 * d[1] * tt * tt;
      if (x * x + y * y <= s * s) {
        sampled = tt;
        break;
      }
    }
    expect(sampled).toBeLessThan(Infinity);
    expect(Math.abs(t - sampled)).toBeLessThan(4 / 2_000_000 + 1e-12);
    // The reported time leaves the spheres touching but not overlapping.
    const x = p[0] + v[0] * t + 0.5 * d[0] * t * t;
    const y = p[1] + v[1] * t + 0.5 * d[1] * t * t;
    expect(Math.hypot(x, y)).toBeGreaterThanOrEqual(s);
    expect(Math.hypot(x, y) - s).toBeLessThan(1e-12);
  });
});
