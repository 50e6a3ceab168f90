// The divider's pieces around its opening: together with the opening they tile the box's
// cross-section, none covers the opening, and in the plane the opening is a slit across the slab.
import { describe, expect, it } from 'vitest';
import { dividerPiece } from './BoxFrame.tsx';

/** The four pieces of a divider across axis k at x = 0.5 with an opening of side w, in box b. */
function pieces(b: number[], k: number, w: number, planar: boolean): Float64Array[] {
  return [0, 1, 2, 3].map((j) => {
    const block = new Float64Array(6);
    dividerPiece(block, Float64Array.from(b), k, 0.5, 0.01, w / 2, j, planar);
    return block;
  });
}

const extent = (block: Float64Array, q: number): number => Math.max(0, block[2 * q + 1] - block[2 * q]);

describe('the divider drawn with its opening', () => {
  for (const k of [0, 1, 2]) {
    it(`across axis ${'xyz'[k]}: the pieces and the opening tile the cross-section, the opening uncovered`, () => {
      const b = [-3, 3, -2, 2, -1.5, 1.5];
      const w = 1.2;
      const [u, v] = [(k + 1) % 3, (k + 2) % 3];
      const cross = (b[2 * u + 1] - b[2 * u]) * (b[2 * v + 1] - b[2 * v]);
      const blocks = pieces(b, k, w, false);
      const area = blocks.reduce((sum, p) => sum + extent(p, u) * extent(p, v), 0);
      expect(area + w * w, 'pieces plus the opening, m²').toBeCloseTo(cross, 12);
      for (const p of blocks) {
        expect(p[2 * k + 1] - p[2 * k], 'each piece as thick as the divider').toBeCloseTo(0.01, 12);
        expect(0.5 * (p[2 * k] + p[2 * k + 1]), 'each piece at the divider').toBeCloseTo(0.5, 12);
        // A piece that covers the opening's centre would overlap it.
        const coversCentre = p[2 * u] < 0 && p[2 * u + 1] > 0 && p[2 * v] < 0 && p[2 * v + 1] > 0;
        expect(coversCentre, `piece ${[...p]} covers the opening`).toBe(false);
      }
    });
  }

  it('in the plane, the opening is a slit across the slab: two pieces, the other two empty', () => {
    const b = [-3, 3, -2, 2, -0.15, 0.15];
    const blocks = pieces(b, 0, 1, true);
    expect(blocks.map((p) => extent(p, 1)), 'heights of the pieces along y').toEqual([1.5, 1.5, 0, 0]);
    expect(blocks.slice(0, 2).map((p) => extent(p, 2)), 'the two pieces across the slab').toEqual([0.3, 0.3]);
  });
});
