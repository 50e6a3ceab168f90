import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carnahanStarling, equationOfState } from '../docs/examples/equation-of-state.ts';

const example = new URL('../docs/examples/equation-of-state.ts', import.meta.url);
const solverDoc = new URL('../docs/solver.md', import.meta.url);

describe("docs/solver.md's equation-of-state example", () => {
  it('solver.md shows the example file as it is', () => {
    const code = readFileSync(example, 'utf8').trim();
    const doc = readFileSync(solverDoc, 'utf8');
    expect(doc.includes('```ts\n' + code + '\n```')).toBe(true);
  });

  it("Carnahan-Starling follows the hard spheres' virial series 1 + 4 eta + 10 eta^2 at low density", () => {
    expect(carnahanStarling(0)).toBe(1);
    const eta = 1e-3;
    expect(Math.abs(carnahanStarling(eta) - (1 + 4 * eta + 10 * eta * eta))).toBeLessThan(3e-8);
  });

  // 4,000 spheres at packing fraction 0.3 in a cube 19 diameters across: 900 steps.
  it('at packing 0.3 the bulk Z is within 1 % of Carnahan-Starling; the whole walls over the box or reachable volume are not', () => {
    const r = equationOfState({ steps: 900 });
    expect(r.dropped).toBe(0);
    expect(Math.abs(r.zBulk / r.carnahanStarling - 1)).toBeLessThan(0.01);
    // The fluid packs against the walls: the core is denser than the box on average.
    expect(r.etaBulk).toBeGreaterThan(r.etaBox * 1.03);
    // The naive readings are well off the law at the box's packing fraction.
    expect(r.zReachable / carnahanStarling(r.etaBox)).toBeGreaterThan(1.03);
    expect(r.zBox / carnahanStarling(r.etaBox)).toBeGreaterThan(1.15);
  });
});
