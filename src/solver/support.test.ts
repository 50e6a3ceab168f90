/** support.ts: what carries a sphere against gravity, the support cone (docs/physics.md, section 7). */
import { describe, expect, it } from 'vitest';
import { inCone } from './support.ts';

describe('the support cone', () => {
  /** Unit vectors as inCone reads them: the contact directions, then gravity's direction in gv[3..5]. */
  function cone(dirs: number[][], g: number[], planar = false): boolean {
    const nrm = new Float64Array(3 * dirs.length);
    dirs.forEach((d, k) => {
      const n = Math.hypot(d[0], d[1], d[2]);
      for (let c = 0; c < 3; c++) nrm[3 * k + c] = d[c] / n;
    });
    const gv = new Float64Array(6);
    const n = Math.hypot(g[0], g[1], g[2]);
    for (let c = 0; c < 3; c++) gv[3 + c] = g[c] / n;
    return inCone(nrm, dirs.length, gv, planar);
  }

  it('two contacts below either side carry gravity between them, not gravity outside them', () => {
    const v = [[-1, -1, 0], [1, -1, 0]];
    expect(cone(v, [0, -1, 0])).toBe(true);
    expect(cone(v, [0.5, -1, 0])).toBe(true);
    expect(cone(v, [1, 0, 0])).toBe(false);
    expect(cone(v, [0, 1, 0])).toBe(false);
  });

  it('in 3D, three contacts around and below carry gravity inside their cone; two cannot hold it off their plane', () => {
    const tripod = [[1, -1, 0], [-0.5, -1, 0.87], [-0.5, -1, -0.87]];
    expect(cone(tripod, [0, -1, 0])).toBe(true);
    expect(cone(tripod, [0, 1, 0])).toBe(false);
    expect(cone(tripod.slice(0, 2), [0, -1, 0.8])).toBe(false);
  });

  it('in planar mode only pairs count (every normal lies in the plane)', () => {
    const tripod = [[1, -1, 0], [-0.5, -1, 0.87], [-0.5, -1, -0.87]];
    expect(cone(tripod, [0, -1, 0], true)).toBe(false);
  });
});
