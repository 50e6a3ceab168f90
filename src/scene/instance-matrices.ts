/**
 * The one writer of what the per-sphere layers put in their buffers each frame: the instance
 * matrices of the mesh spheres and of the twin's ghosts, and the line vertices of the velocity and
 * momentum arrows.
 *
 * Each writer is a loop over the spheres that makes no call per sphere. A number passed to or
 * returned from a call that V8 does not inline is boxed, one allocation each, and what V8 inlines
 * depends on a budget for the whole calling function; so the drawn position (interpolate.ts's
 * `between`) is written out here, with the same arithmetic. Nothing is allocated.
 */
import type { DrawnPositions } from './interpolate.ts';

/** Floats per instance matrix: 4 x 4, column-major, as three's `instanceMatrix` holds them. */
export const MATRIX_FLOATS = 16;

/** Vertices per arrow: the shaft and the two strokes of the head, in pairs (line segments). */
export const ARROW_VERTICES = 6;

/** Floats per arrow: x y z per vertex. */
export const ARROW_FLOATS = 3 * ARROW_VERTICES;

/** Where between its last two steps a run is drawn, 0 to 1 (a Simulation is one). */
export interface StepClock {
  readonly alpha: number;
}

/** The spheres whose motion the arrows show (a Simulation is one). */
export interface MovingSpheres extends DrawnPositions {
  /** Velocities, x y z a sphere. */
  readonly velocities: Float64Array;
  readonly radii: Float64Array;
  /** Masses (infinite for a fixed sphere). */
  readonly masses: Float64Array;
}

/** A direction, x y z (three's Vector3 is one). */
export interface Direction {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * Writes the matrices of instances 0 to n - 1: instance i is the unit sphere scaled by
 * `scale * radii[i]` at sphere i's drawn position (between `previous` and `positions` at the
 * clock's alpha), with no rotation. That is what three's Matrix4.compose makes of the position,
 * the identity quaternion and that scale on all three axes. It writes all sixteen floats of each
 * matrix, so the buffer's earlier contents never show.
 */
export function writeSphereMatrices(out: Float32Array, n: number, previous: Float64Array, positions: Float64Array, clock: StepClock, radii: Float64Array, scale: number): void {
  const a = clock.alpha;
  for (let i = 0; i < n; i++) {
    const b = 3 * i;
    const o = MATRIX_FLOATS * i;
    const r = scale * radii[i];
    out[o] = r;
    out[o + 1] = 0;
    out[o + 2] = 0;
    out[o + 3] = 0;
    out[o + 4] = 0;
    out[o + 5] = r;
    out[o + 6] = 0;
    out[o + 7] = 0;
    out[o + 8] = 0;
    out[o + 9] = 0;
    out[o + 10] = r;
    out[o + 11] = 0;
    out[o + 12] = previous[b] + (positions[b] - previous[b]) * a;
    out[o + 13] = previous[b + 1] + (positions[b + 1] - previous[b + 1]) * a;
    out[o + 14] = previous[b + 2] + (positions[b + 2] - previous[b + 2]) * a;
    out[o + 15] = 1;
  }
}

/** Moves instance `slot`'s matrix to `position` (x y z), keeping its scale. */
export function moveSphereMatrix(out: Float32Array, slot: number, position: ArrayLike<number>): void {
  const o = MATRIX_FLOATS * slot;
  out[o + 12] = position[0];
  out[o + 13] = position[1];
  out[o + 14] = position[2];
}

/**
 * Writes the arrows of spheres 0 to n - 1 (ARROW_VERTICES a sphere). Sphere i's arrow starts at
 * its drawn centre and points along its velocity v; it is radius + |v| * `perSpeed` long, times
 * the mass when `byMomentum`. In the arrow's own frame (its origin at the centre, its +Y axis
 * turned onto v) the shaft runs from the origin to the tip at y = length, and the head's two
 * strokes run from the tip back to y = length - head, ending head / 2 to either side of the shaft,
 * across it in the plane that faces the camera (`forward` is the camera's viewing direction). A
 * sphere at rest, and a fixed sphere's momentum, get no arrow: all six vertices at the centre (a
 * zero-length stroke draws nothing).
 */
export function writeMotionArrows(out: Float32Array, n: number, spheres: MovingSpheres, perSpeed: number, byMomentum: boolean, forward: Direction): void {
  const prev = spheres.previous;
  const cur = spheres.positions;
  const a = spheres.alpha;
  const vel = spheres.velocities;
  const radii = spheres.radii;
  const masses = spheres.masses;
  const fx = forward.x;
  const fy = forward.y;
  const fz = forward.z;
  for (let i = 0; i < n; i++) {
    const b = 3 * i;
    const o = ARROW_FLOATS * i;
    const px = prev[b] + (cur[b] - prev[b]) * a;
    const py = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * a;
    const pz = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * a;
    const vx = vel[b];
    const vy = vel[b + 1];
    const vz = vel[b + 2];
    const speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
    const m = masses[i];
    if (!(speed > 1e-9) || (byMomentum && !Number.isFinite(m))) {
      for (let k = 0; k < ARROW_FLOATS; k += 3) {
        out[o + k] = px;
        out[o + k + 1] = py;
        out[o + k + 2] = pz;
      }
      continue;
    }
    const dx = vx / speed;
    const dy = vy / speed;
    const dz = vz / speed;
    const length = radii[i] + speed * perSpeed * (byMomentum ? m : 1);
    const tx = px + dx * length;
    const ty = py + dy * length;
    const tz = pz + dz * length;
    // The strokes lie along side = d x forward, which is across the shaft and across the view.
    let sx = dy * fz - dz * fy;
    let sy = dz * fx - dx * fz;
    let sz = dx * fy - dy * fx;
    let sl = Math.sqrt(sx * sx + sy * sy + sz * sz);
    if (sl < 1e-6) {
      // Pointing at the camera: any perpendicular will do.
      sx = -dy;
      sy = dx;
      sz = 0;
      sl = Math.sqrt(sx * sx + sy * sy) || 1;
      if (sl < 1e-6) sx = 1;
    }
    const head = Math.min(0.3 * length, 0.45 * radii[i] + 0.1);
    const w = (0.5 * head) / sl;
    const bx = tx - dx * head;
    const by = ty - dy * head;
    const bz = tz - dz * head;
    // The shaft, centre to tip; then the head's two strokes, tip to either side of its base.
    out[o] = px;
    out[o + 1] = py;
    out[o + 2] = pz;
    out[o + 3] = tx;
    out[o + 4] = ty;
    out[o + 5] = tz;
    out[o + 6] = tx;
    out[o + 7] = ty;
    out[o + 8] = tz;
    out[o + 9] = bx + sx * w;
    out[o + 10] = by + sy * w;
    out[o + 11] = bz + sz * w;
    out[o + 12] = tx;
    out[o + 13] = ty;
    out[o + 14] = tz;
    out[o + 15] = bx - sx * w;
    out[o + 16] = by - sy * w;
    out[o + 17] = bz - sz * w;
  }
}
