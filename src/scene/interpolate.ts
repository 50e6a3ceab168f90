/**
 * Where a sphere is drawn between two fixed steps: its previous position (alpha 0) and its
 * current one (alpha 1), mixed by the clock's alpha: previous + (current - previous) * alpha. The
 * aids and the selection draw through these; the per-sphere writers of instance-matrices.ts (the
 * mesh spheres, the twin's ghosts, the arrows) write the same arithmetic out in their loops, and
 * the impostors do it in their vertex shader.
 */

/** The positions to draw between, and where between (a Simulation is one). */
export interface DrawnPositions {
  /** Positions before the last step, x y z a sphere. */
  readonly previous: Float64Array;
  /** Positions after it, laid out like `previous`. */
  readonly positions: Float64Array;
  /** Where between the two, 0 to 1. */
  readonly alpha: number;
}

/** Coordinate `k` (3 * slot + axis) of the drawn position: previous + (current - previous) * alpha. */
export function between(previous: Float64Array, current: Float64Array, k: number, alpha: number): number {
  return previous[k] + (current[k] - previous[k]) * alpha;
}

/** Writes sphere `slot`'s drawn position into `out` at `offset` (no allocation). */
export function drawnPosition(sim: DrawnPositions, slot: number, out: { [k: number]: number }, offset = 0): void {
  const b = 3 * slot;
  const prev = sim.previous;
  const cur = sim.positions;
  const a = sim.alpha;
  out[offset] = between(prev, cur, b, a);
  out[offset + 1] = between(prev, cur, b + 1, a);
  out[offset + 2] = between(prev, cur, b + 2, a);
}
