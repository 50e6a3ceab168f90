/**
 * Picking for the sphere impostors: the impostors are quads, so three's triangle raycast would
 * pick the wrong thing; the pointer's ray is tested against each sphere itself instead.
 */

/**
 * The nearest sphere hit by a ray (origin `o`, unit direction `d`) among the first `n` spheres
 * (`centres` x y z per sphere, `radii` one per sphere), and its distance along the ray, written
 * to `out` as [slot, distance]; slot -1 when none is hit within [near, far]. A ray starting
 * inside a sphere hits it at distance 0.
 */
export function nearestSphereHit(
  centres: ArrayLike<number>,
  radii: ArrayLike<number>,
  n: number,
  o: ArrayLike<number>,
  d: ArrayLike<number>,
  near: number,
  far: number,
  out: Float64Array,
): Float64Array {
  let best = -1;
  let bestT = Infinity;
  for (let i = 0; i < n; i++) {
    const k = 3 * i;
    const ox = o[0] - centres[k];
    const oy = o[1] - centres[k + 1];
    const oz = o[2] - centres[k + 2];
    const r = radii[i];
    const b = ox * d[0] + oy * d[1] + oz * d[2];
    const disc = b * b - (ox * ox + oy * oy + oz * oz - r * r);
    if (disc < 0) continue;
    const root = Math.sqrt(disc);
    let t = -b - root;
    if (t < 0) {
      if (-b + root < 0) continue;
      t = 0;
    }
    if (t < near || t > far || t >= bestT) continue;
    best = i;
    bestT = t;
  }
  out[0] = best;
  out[1] = best >= 0 ? bestT : Infinity;
  return out;
}
