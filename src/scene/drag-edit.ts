/**
 * What a drag in the view edits while the simulation is paused, and the geometry of it: moving
 * the selected sphere, or pulling the tip of its velocity arrow. Pure functions over plain numbers
 * (no three.js), so that the rules are unit-tested apart from the pointer handling.
 *
 * While a drag is under way only this preview changes: the sphere is drawn where it would go and
 * the arrow shows the velocity it would get. The world is edited once, when the pointer is let go,
 * through the store (one recorded edit, overlaps repaired once), so that a shared link replays
 * exactly what the person sees.
 */

/** Nothing is being dragged. */
export const DRAG_NONE = 0;
/** The selected sphere is being moved. */
export const DRAG_MOVE = 1;
/** The tip of the selected sphere's velocity arrow is being pulled. */
export const DRAG_VELOCITY = 2;

/** The drag under way, shared by the drag handler and the components that draw its preview. */
export interface DragPreview {
  /** {@link DRAG_NONE}, {@link DRAG_MOVE} or {@link DRAG_VELOCITY}. */
  mode: number;
  /** Id of the sphere being dragged. */
  id: number;
  /** Where the sphere would go (DRAG_MOVE), x y z. */
  position: Float64Array;
  /** The velocity it would get (DRAG_VELOCITY), x y z. */
  velocity: Float64Array;
}

/** A fresh, idle preview. */
export function createDragPreview(): DragPreview {
  return { mode: DRAG_NONE, id: -1, position: new Float64Array(3), velocity: new Float64Array(3) };
}

/**
 * Seconds of motion the velocity arrow stands for: the arrow runs from the centre to
 * radius + speed × this, so that a sphere at rest still shows a short arrow to grab.
 */
export const ARROW_SECONDS = 0.5;

/** Length of the velocity arrow from the sphere's centre. */
export function arrowLength(radius: number, speed: number): number {
  return radius + speed * ARROW_SECONDS;
}

/**
 * Clamps a centre into the box as its walls stand (`bounds`: [x-, x+, y-, y+, z-, z+], the world's
 * `boundsView`; off-centre once a wall or piston has moved) so that the whole sphere is inside; a
 * side narrower than the sphere puts it in that side's middle. In the planar mode z is 0. Writes
 * into `out` (which may be `p`).
 */
export function clampCentre(p: ArrayLike<number>, radius: number, bounds: ArrayLike<number>, planar: boolean, out: Float64Array): Float64Array {
  for (let k = 0; k < 3; k++) {
    const lo = bounds[2 * k] + radius;
    const hi = bounds[2 * k + 1] - radius;
    out[k] = lo > hi ? (bounds[2 * k] + bounds[2 * k + 1]) / 2 : Math.min(hi, Math.max(lo, p[k]));
  }
  if (planar) out[2] = 0;
  return out;
}

/**
 * The velocity that puts the arrow's tip at `tip` for a sphere at `centre`: along the line from
 * the centre to the tip, with the speed read off the arrow's length ({@link arrowLength}); zero
 * when the tip is pulled inside the sphere. In the planar mode vz is 0. Writes into `out`.
 */
export function velocityFromTip(centre: ArrayLike<number>, radius: number, tip: ArrayLike<number>, planar: boolean, out: Float64Array): Float64Array {
  const dx = tip[0] - centre[0];
  const dy = tip[1] - centre[1];
  const dz = planar ? 0 : tip[2] - centre[2];
  const length = Math.hypot(dx, dy, dz);
  const speed = Math.max(0, length - radius) / ARROW_SECONDS;
  if (speed === 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return out;
  }
  out[0] = (dx / length) * speed;
  out[1] = (dy / length) * speed;
  out[2] = (dz / length) * speed;
  return out;
}

/** Where the velocity arrow's tip is for a sphere at `centre`; a sphere at rest points along +x. Writes into `out`. */
export function arrowTip(centre: ArrayLike<number>, radius: number, velocity: ArrayLike<number>, out: Float64Array): Float64Array {
  const speed = Math.hypot(velocity[0], velocity[1], velocity[2]);
  const length = arrowLength(radius, speed);
  for (let k = 0; k < 3; k++) out[k] = centre[k] + (speed > 0 ? velocity[k] / speed : k === 0 ? 1 : 0) * length;
  return out;
}

/**
 * Distance along a ray (origin `o`, unit direction `d`) to where it first meets a sphere (centre
 * `c`, radius `r`), or -1 when it misses or the sphere is behind.
 */
export function raySphere(o: ArrayLike<number>, d: ArrayLike<number>, c: ArrayLike<number>, r: number): number {
  const ox = o[0] - c[0];
  const oy = o[1] - c[1];
  const oz = o[2] - c[2];
  const b = ox * d[0] + oy * d[1] + oz * d[2];
  const q = ox * ox + oy * oy + oz * oz - r * r;
  const disc = b * b - q;
  if (disc < 0) return -1;
  const root = Math.sqrt(disc);
  const near = -b - root;
  if (near >= 0) return near;
  const far = -b + root;
  return far >= 0 ? 0 : -1; // inside the sphere: it is under the pointer
}

/**
 * Distance along a ray (origin `o`, unit direction `d`) to the plane through `p` with normal `n`,
 * or -1 when the ray is parallel to it or the plane is behind.
 */
export function rayPlane(o: ArrayLike<number>, d: ArrayLike<number>, p: ArrayLike<number>, n: ArrayLike<number>): number {
  const denom = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
  if (Math.abs(denom) < 1e-9) return -1;
  const t = ((p[0] - o[0]) * n[0] + (p[1] - o[1]) * n[1] + (p[2] - o[2]) * n[2]) / denom;
  return t >= 0 ? t : -1;
}

/** What {@link editedVelocity} reads of the store's state. */
interface VelocitySource {
  sim: { velocities: Float64Array };
  predict: { phase: string; ids: readonly number[]; predicted: readonly (readonly number[])[] };
}

/**
 * The velocity the selected sphere's arrow shows and its handle edits, into `out`: the student's
 * prediction while one is made (predict, then reveal), else the sphere's own. No allocation.
 */
export function editedVelocity(s: VelocitySource, slot: number, id: number, out: Float64Array): Float64Array {
  const p = s.predict;
  const i = p.phase === 'predicting' ? p.ids.indexOf(id) : -1;
  for (let k = 0; k < 3; k++) out[k] = i >= 0 ? p.predicted[i][k] : s.sim.velocities[3 * slot + k];
  return out;
}

/** Whether `id` is a sphere whose velocity is being predicted (its arrow then edits the prediction). */
export function isPredicting(s: VelocitySource, id: number): boolean {
  return s.predict.phase === 'predicting' && s.predict.ids.includes(id);
}
