/**
 * Colour ramps for the spheres: a lookup table of linear RGB triples, so that colouring a sphere
 * in the frame loop is an index and three copies, with no allocation.
 */
import { Color } from 'three';

/** Entries in each lookup table. */
export const RAMP_SIZE = 256;

/** Builds a table of RAMP_SIZE linear RGB triples through evenly spaced sRGB colour stops. */
function buildRamp(stops: readonly string[]): Float32Array {
  const out = new Float32Array(3 * RAMP_SIZE);
  const a = new Color();
  const b = new Color();
  for (let k = 0; k < RAMP_SIZE; k++) {
    const u = (k / (RAMP_SIZE - 1)) * (stops.length - 1);
    const i = Math.min(Math.floor(u), stops.length - 2);
    a.set(stops[i]);
    b.set(stops[i + 1]);
    a.lerp(b, u - i);
    out[3 * k] = a.r;
    out[3 * k + 1] = a.g;
    out[3 * k + 2] = a.b;
  }
  return out;
}

/** Slow to fast: deep blue, teal, sand, coral. */
export const SPEED_RAMP = buildRamp(['#2f4fb8', '#1f9fd0', '#35c9a6', '#e9c46a', '#f28c5b', '#e4505f']);

/** Light to heavy: pale lilac to deep violet through rose. */
export const MASS_RAMP = buildRamp(['#a8e6cf', '#7cc6e8', '#8f8ff0', '#c36fd6', '#e45f93']);

/** The ramp index of a value in [0, 1] (clamped; NaN maps to 0). */
export function rampIndex(u: number): number {
  if (!(u > 0)) return 0;
  if (u >= 1) return RAMP_SIZE - 1;
  return Math.floor(u * (RAMP_SIZE - 1) + 0.5);
}
