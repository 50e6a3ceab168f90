/**
 * Holes: a square opening in the divider, or in a still outer wall (docs/physics.md, section 9,
 * "A hole"). The plane is infinitely thin; the opening S is |u1 - c1| < h1, |u2 - c2| < h2 on the
 * plane's two other axes (h1 = h2 = width / 2; in the plane, h2 = Infinity along z: a slit).
 *
 * A sphere of radius r overlaps the solid part of the plane, D (the plane less S), when its centre
 * is closer than r to D. With z the centre's distance from the plane and q the distance of its
 * projection on the plane from the nearest point outside S, that distance is sqrt(z^2 + q^2):
 * - projection outside S (or on its rim): q = 0, the distance is z: the face;
 * - projection inside S: the nearest point of D is the foot of the perpendicular on the nearest of
 *   the four edge lines (it lies on that edge: the projection is inside the square), so the
 *   distance is sqrt(z^2 + s^2), s the distance to that edge. The opening's corners are re-entrant
 *   corners of D, never nearer than both of their edges: a sphere aimed at a corner meets the
 *   edges, one after the other, or both at once on the diagonal.
 * So the first contact is the earliest of: the face level (z = r, moving in) at a time when the
 * projection is outside S; and for each edge the first time (z^2 + s^2 = r^2, decreasing) when the
 * projection is inside S. Under gravity z and s are quadratics in t, so each edge gives a quartic;
 * without, a quadratic. The centre reaching the plane is an event of its own: through the
 * divider's hole it changes the sphere's side (counted, each way, per species), through a wall's
 * it leaves the box and is removed, its energy entered in the ledger.
 *
 * A sphere keeps its side of the divider in its record (`side`): the side decides which face
 * level it can meet and which way it crosses, and is changed only by the crossing event (and by an
 * edit that moves the sphere), so a centre left a rounding error past the plane by the crossing is
 * never counted twice.
 *
 * This module holds the geometry, the prediction (holeEvents, called by boundTimesWalls) and
 * what edits need; hole-events.ts what each event does. Worlds without a hole never enter
 * either: holeMask is 0.
 */
import { SolverInputError, positive } from './errors.ts';
import { polynomialRootsIn } from './polynomial.ts';
import { DIVIDER, EVENT, HOLE, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { CROSS_ARGS, crossingTime } from './time-of-impact.ts';

const { NONE, WALL_BASE } = EVENT;
const { F64, U8 } = STRIDE;

/** Numbers per plane in WorldState.hole: half widths along its two other axes, then the centre on them. */
export const HOLE_FIELDS = 4;
/** holeSub's event within a plane: edges 0..3 (low and high on the first other axis, then on the second), and the centre passing through. */
export const PASS = 4;

/** [0] in: the end of the search window (delay from now, s); out: the earliest hole event before it; [1] its kind; [2] its holeSub. */
export const holeFound = new Float64Array(3);
/** Scratch: crossingTime's argument blocks (two); the quartic's coefficients and window; its roots; the shape of the plane in hand. */
const cross = new Float64Array(2 * CROSS_ARGS);
/** [0]: the time insideAt looks at, s from now. */
const when = new Float64Array(1);
const quartic = new Float64Array(7);
const roots = new Float64Array(4);
/** [axis, other axis 1, other axis 2, coordinate, h1, h2, c1, c2] of the plane in hand (loadShape). */
export const shape = new Float64Array(8);

/** Writes plane p's shape (axis, other axes, coordinate, opening) into `shape`. */
export function loadShape(world: WorldState, p: number): void {
  const divider = p === DIVIDER;
  const k = divider ? world.divider[0] : p >> 1;
  shape[0] = k;
  shape[1] = k === 0 ? 1 : 0;
  shape[2] = k === 2 ? 1 : 2;
  shape[3] = divider ? world.divider[1] : p & 1 ? world.wallX[p] : -world.wallX[p];
  const o = HOLE_FIELDS * p;
  shape[4] = world.hole[o];
  shape[5] = world.hole[o + 1];
  shape[6] = world.hole[o + 2];
  shape[7] = world.hole[o + 3];
}

/** Whether sphere i's centre, when[0] seconds from now, projects strictly inside the opening in `shape`. */
function insideAt(world: WorldState, i: number): boolean {
  const t = when[0];
  const b = F64 * i;
  const k1 = shape[1];
  const k2 = shape[2];
  const u1 = world.pos[b + k1] + (world.vel[b + k1] + 0.5 * world.acc[b + k1] * t) * t;
  const u2 = world.pos[b + k2] + (world.vel[b + k2] + 0.5 * world.acc[b + k2] * t) * t;
  return Math.abs(u1 - shape[6]) < shape[4] && Math.abs(u2 - shape[7]) < shape[5];
}

/**
 * Sphere i's earliest hole event (at the clock's time, advanced): for each plane with a hole, the
 * face hit where the projection is on solid plane, a rim edge, or the centre passing through.
 * Reads the window's end from holeFound[0] and writes there the earliest event before it, with its
 * kind and holeSub (holeFound[0] unchanged when there is none).
 */
export function holeEvents(world: WorldState, i: number): void {
  holeFound[1] = NONE;
  for (let p = 0; p <= DIVIDER; p++) if (world.holeMask & (1 << p)) planeEvents(world, i, p);
}

function planeEvents(world: WorldState, i: number, p: number): void {
  loadShape(world, p);
  const k = shape[0];
  const X = shape[3];
  const b = F64 * i;
  const r = world.rad[b];
  const x = world.pos[b + k];
  const v = world.vel[b + k];
  const a = world.acc[b + k];
  // dir: the way the sphere meets the plane (+1: from below). A wall is met from inside the box.
  const dir = p === DIVIDER ? (world.side[U8 * i] ? -1 : 1) : p & 1 ? 1 : -1;
  // Two crossings of the centre moving towards the plane: the face level (r short of it), and the plane.
  for (let q = 0; q < 2 * CROSS_ARGS; q += CROSS_ARGS) {
    cross[q] = x;
    cross[q + 1] = v;
    cross[q + 2] = a;
    cross[q + 3] = q === 0 ? X - dir * r : X;
    cross[q + 4] = dir;
    crossingTime(cross, q);
  }
  const tFace = cross[0];
  const tPass = cross[CROSS_ARGS];
  let end = holeFound[0];
  if (tPass < end) {
    end = tPass;
    holeFound[0] = tPass;
    holeFound[1] = WALL_BASE - HOLE;
    holeFound[2] = 8 * p + PASS;
  }
  // The face level reached with the projection on solid plane: a face hit, and nothing after it matters.
  if (tFace < end) {
    when[0] = tFace;
    if (!insideAt(world, i)) {
      end = tFace;
      holeFound[0] = tFace;
      holeFound[1] = WALL_BASE - (p === DIVIDER ? (dir > 0 ? DIVIDER + 1 : DIVIDER) : p);
    }
  }
  // The edges: only within the slab |z| < r, from now (in it) or from where it enters it.
  const lo = dir * (x - X) > -r ? 0 : tFace;
  if (!(lo < end)) return;
  const k1 = shape[1];
  const k2 = shape[2];
  for (let e = 0; e < 4; e++) {
    const ke = e < 2 ? k1 : k2;
    const half = e < 2 ? shape[4] : shape[5];
    if (half === Infinity) continue;
    const edge = (e < 2 ? shape[6] : shape[7]) + (e & 1 ? half : -half);
    // F(t) = Z(t)^2 + U(t)^2 - r^2, Z and U the centre's offsets from the edge line along the
    // plane's normal and across the edge, each Z0 + V t + A t^2.
    const z0 = x - X;
    const zv = v;
    const za = 0.5 * a;
    const u0 = world.pos[b + ke] - edge;
    const uv = world.vel[b + ke];
    const ua = 0.5 * world.acc[b + ke];
    const c0 = z0 * z0 + u0 * u0 - r * r;
    const c1 = 2 * (z0 * zv + u0 * uv);
    const c2 = zv * zv + uv * uv + 2 * (z0 * za + u0 * ua);
    const c3 = 2 * (zv * za + uv * ua);
    const c4 = za * za + ua * ua;
    let t = Infinity;
    when[0] = 0;
    // Touching or overlapping now (rounding) while closing in, or pressed in by the acceleration: at once.
    if (lo === 0 && c0 <= 0 && (c1 < 0 || (c1 === 0 && c2 < 0)) && insideAt(world, i)) t = 0;
    else {
      quartic[0] = c0;
      quartic[1] = c1;
      quartic[2] = c2;
      quartic[3] = c3;
      quartic[4] = c4;
      quartic[5] = lo;
      // An open window ends at the Cauchy bound, beyond which the polynomial has no root.
      const lead = c4 !== 0 ? c4 : c3 !== 0 ? c3 : c2;
      if (lead === 0) continue; // no relative motion: F stays what it is
      const bound = 1 + Math.max(Math.abs(c0), Math.abs(c1), Math.abs(c2), Math.abs(c3)) / Math.abs(lead);
      quartic[6] = end < bound ? end : bound;
      const n = polynomialRootsIn(quartic, roots);
      for (let q = 0; q < n; q++) {
        const tr = roots[q];
        // Entering the edge's cylinder (F falling through 0) with the projection inside the opening.
        const slope = c1 + (2 * c2 + (3 * c3 + 4 * c4 * tr) * tr) * tr;
        if (!(slope < 0)) continue;
        when[0] = tr;
        if (insideAt(world, i)) {
          t = tr;
          break;
        }
      }
    }
    if (t < end) {
      end = t;
      holeFound[0] = t;
      holeFound[1] = WALL_BASE - HOLE;
      holeFound[2] = 8 * p + e;
    }
  }
}

// ---------------------------------------------------------------- geometry for edits

/**
 * How far sphere i must be from the divider's plane, along its axis, not to overlap its solid part:
 * r where its projection is on solid plane, sqrt(r^2 - s^2) over the opening (0 when s >= r).
 */
export function dividerClearance(world: WorldState, i: number): number {
  const r = world.rad[F64 * i];
  if (!(world.holeMask & (1 << DIVIDER))) return r;
  loadShape(world, DIVIDER);
  const b = F64 * i;
  const s1 = shape[4] - Math.abs(world.pos[b + shape[1]] - shape[6]);
  const s2 = shape[5] - Math.abs(world.pos[b + shape[2]] - shape[7]);
  if (!(s1 > 0 && s2 > 0)) return r;
  const s = s1 < s2 ? s1 : s2;
  // A hair more than the exact clearance, so that the repaired sphere tests clear of the rim.
  return s >= r ? 0 : Math.sqrt(r * r - s * s) * (1 + 1e-12);
}

/** Sets sphere i's side of the divider from its centre (one exactly on the plane keeps its side). */
export function sideFromCentre(world: WorldState, i: number): void {
  const axis = world.divider[0];
  if (axis < 0) return;
  const x = world.pos[F64 * i + axis];
  const d = world.divider[1];
  if (x < d) world.side[U8 * i] = 0;
  else if (x > d) world.side[U8 * i] = 1;
}

// ---------------------------------------------------------------- edits

/**
 * The half widths and centre of a square opening of side `width` in plane p on `axis` (written to
 * hole[] by the caller), checked: width > 0, finite, and within the box's cross-section there (in
 * the plane, along its one other in-plane axis; the opening is a slit, unbounded along z).
 * Throws SolverInputError naming `field` otherwise.
 */
export function checkHole(world: WorldState, field: string, hole: unknown, axis: number): [number, number, number, number] {
  if (hole === null || typeof hole !== 'object') throw new SolverInputError(field, hole, '{ width } or null');
  const width = positive(`${field}.width`, (hole as { width?: unknown }).width);
  const k1 = axis === 0 ? 1 : 0;
  const k2 = axis === 2 ? 1 : 2;
  const planar = world.options.planar;
  const n = world.wallNow;
  let cross = n[2 * k1 + 1] - n[2 * k1];
  if (!planar) cross = Math.min(cross, n[2 * k2 + 1] - n[2 * k2]);
  if (width > cross) throw new SolverInputError(`${field}.width`, width, `at most the box's cross-section there (${cross} m)`);
  const c1 = 0.5 * (n[2 * k1] + n[2 * k1 + 1]);
  const c2 = planar ? 0 : 0.5 * (n[2 * k2] + n[2 * k2 + 1]);
  return [width / 2, planar ? Infinity : width / 2, c1, c2];
}

/** Writes plane p's opening (from checkHole), or none (null). */
export function putHole(world: WorldState, p: number, hole: readonly number[] | null): void {
  const o = HOLE_FIELDS * p;
  if (hole === null) {
    world.holeMask &= ~(1 << p);
    world.hole.fill(0, o, o + HOLE_FIELDS);
    return;
  }
  world.holeMask |= 1 << p;
  for (let q = 0; q < HOLE_FIELDS; q++) world.hole[o + q] = hole[q];
}

/** Plane p's opening's width, m, or null without one. */
export function holeWidth(world: WorldState, p: number): number | null {
  return world.holeMask & (1 << p) ? 2 * world.hole[HOLE_FIELDS * p] : null;
}

/**
 * After the walls go back to the frame (a new size): each opening is centred on the frame again,
 * or closed when it no longer fits its cross-section (or its divider is gone).
 */
export function frameHoles(world: WorldState): void {
  for (let p = 0; p <= DIVIDER; p++) {
    if (!(world.holeMask & (1 << p))) continue;
    const k = p === DIVIDER ? world.divider[0] : p >> 1;
    const o = HOLE_FIELDS * p;
    const size = world.options.size;
    const k1 = k === 0 ? 1 : 0;
    const k2 = k === 2 ? 1 : 2;
    const cross = world.options.planar ? size[k1] : Math.min(size[k1], size[k2]);
    if (k < 0 || 2 * world.hole[o] > cross) putHole(world, p, null);
    else {
      world.hole[o + 2] = 0;
      world.hole[o + 3] = 0;
    }
  }
}

/** Refuses to move wall w while it has a hole (its events assume a still plane). */
export function refuseIfHoled(world: WorldState, w: number, wall: unknown): void {
  if (world.holeMask & (1 << w)) throw new SolverInputError('wall', wall, 'a wall without a hole (a wall with a hole stays still: close it with setWallHole(wall, null) first)');
}

/** What setDivider restores if its repair fails: the divider's hole, and each sphere's side when the new hole takes them afresh. */
export interface DividerHoleBefore {
  hole: number[] | null;
  sides: Uint8Array | null;
}

/**
 * Before setDivider puts `hole` (or none) in the plane on `axis` at `position`: what to restore.
 * A new hole, or one in a new plane, gives every sphere the side of its centre (sides are kept
 * only while there is a hole), so then the sides are saved too.
 */
export function dividerHoleBefore(world: WorldState, axis: number, position: number, hole: readonly number[] | null): DividerHoleBefore {
  const had = world.holeMask & (1 << DIVIDER) ? Array.from(world.hole.subarray(HOLE_FIELDS * DIVIDER, HOLE_FIELDS * (DIVIDER + 1))) : null;
  const fresh = hole !== null && (had === null || world.divider[0] !== axis || world.divider[1] !== position);
  return { hole: had, sides: fresh ? Uint8Array.from({ length: world.count }, (_, i) => world.side[U8 * i]) : null };
}

/** Puts the divider's hole (or none); for a fresh one, every sphere on the side of its centre. */
export function putDividerHole(world: WorldState, hole: readonly number[] | null, before: DividerHoleBefore): void {
  putHole(world, DIVIDER, hole);
  if (!before.sides) return;
  const k = world.divider[0];
  const d = world.divider[1];
  for (let i = 0; i < world.count; i++) world.side[U8 * i] = world.pos[F64 * i + k] < d ? 0 : 1;
}

/** Undoes putDividerHole. */
export function restoreDividerHole(world: WorldState, before: DividerHoleBefore): void {
  putHole(world, DIVIDER, before.hole);
  const sides = before.sides;
  if (sides) for (let i = 0; i < sides.length; i++) world.side[U8 * i] = sides[i];
}
