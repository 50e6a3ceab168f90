/**
 * The measuring tape: two endpoints in the box and the distance between them, in metres. Each
 * endpoint is a sphere (by id: it follows the sphere's centre as it moves), a wall (one of the
 * six faces of the box, in WALL_NAMES order: -x, +x, -y, +y, -z, +z) or a fixed point.
 *
 * A wall endpoint depends on the other end: it is the foot of the perpendicular from the other
 * endpoint onto that wall (so "sphere to floor" is the sphere centre's height above the floor).
 * When both ends are walls, each is its wall's centre: opposite walls give the box's side, the
 * same wall gives 0. The walls are where they are now (a piston's wall moves).
 *
 * Plain functions over a {@link WorldView}; nothing here allocates in {@link tapeEnds}, which the
 * view calls every frame.
 */
import type { Translate } from '../i18n/index.ts';
import type { WorldView } from '../runtime/index.ts';

/** One end of the tape. */
export type TapeEnd = { kind: 'sphere'; id: number } | { kind: 'wall'; wall: number } | { kind: 'point'; at: readonly [number, number, number] };

/** The tape's two ends (null: not set yet). */
export interface TapeEnds {
  from: TapeEnd | null;
  to: TapeEnd | null;
}

/** The world as the tape reads it. */
export type TapeWorld = Pick<WorldView, 'count' | 'positions' | 'radii' | 'indexOf' | 'idAt' | 'boundsView'>;

/** Where the spheres are drawn: `previous` + (`positions` − `previous`) · alpha (alpha 1: the world's positions now). */
export interface TapePositions {
  readonly previous: Float64Array;
  readonly positions: Float64Array;
}

/** Number of walls (faces of the box). */
export const WALL_COUNT = 6;

/** Whether two ends are the same end. */
export function sameEnd(a: TapeEnd | null, b: TapeEnd | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'sphere') return b.kind === 'sphere' && a.id === b.id;
  if (a.kind === 'wall') return b.kind === 'wall' && a.wall === b.wall;
  return b.kind === 'point' && a.at[0] === b.at[0] && a.at[1] === b.at[1] && a.at[2] === b.at[2];
}

/** Writes a sphere or point end's position into `out` at `o`; false when its sphere is not in the world. */
function placeFixed(end: TapeEnd, world: TapeWorld, drawn: TapePositions, alpha: number, out: Float64Array, o: number): boolean {
  if (end.kind === 'point') {
    out[o] = end.at[0];
    out[o + 1] = end.at[1];
    out[o + 2] = end.at[2];
    return true;
  }
  if (end.kind !== 'sphere') return false;
  const slot = world.indexOf(end.id);
  if (slot < 0) return false;
  const b = 3 * slot;
  for (let k = 0; k < 3; k++) {
    const before = drawn.previous[b + k];
    out[o + k] = before + (drawn.positions[b + k] - before) * alpha;
  }
  return true;
}

/** Writes wall `wall`'s end into `out` at `o`: the foot of the perpendicular from `out` at `from`, or the wall's centre when `from` is negative. */
function placeWall(wall: number, bounds: ArrayLike<number>, out: Float64Array, o: number, from: number): void {
  const axis = wall >> 1;
  for (let k = 0; k < 3; k++) out[o + k] = from >= 0 ? out[from + k] : (bounds[2 * k] + bounds[2 * k + 1]) / 2;
  out[o + axis] = bounds[wall];
}

/**
 * Writes the tape's ends, x y z of `from` then of `to`, into `out` (6 numbers), with the spheres
 * where they are drawn (`alpha` between `drawn.previous` and `drawn.positions`; 1 for the world's
 * positions now). Returns false, leaving `out` unspecified, when an end is unset, a wall number is
 * not one of the six, or a sphere end's sphere is not in the world. Allocates nothing.
 */
export function tapeEnds(from: TapeEnd | null, to: TapeEnd | null, world: TapeWorld, drawn: TapePositions, alpha: number, out: Float64Array): boolean {
  if (from === null || to === null) return false;
  const bounds = world.boundsView;
  const fromWall = from.kind === 'wall';
  const toWall = to.kind === 'wall';
  if ((fromWall && !isWall(from.wall)) || (toWall && !isWall(to.wall))) return false;
  if (!fromWall && !placeFixed(from, world, drawn, alpha, out, 0)) return false;
  if (!toWall && !placeFixed(to, world, drawn, alpha, out, 3)) return false;
  if (fromWall) placeWall(from.wall, bounds, out, 0, toWall ? -1 : 3);
  if (toWall) placeWall(to.wall, bounds, out, 3, fromWall ? -1 : 0);
  return true;
}

/** The distance between the two ends written by {@link tapeEnds}, m. */
export function tapeLength(ends: Float64Array): number {
  const dx = ends[3] - ends[0];
  const dy = ends[4] - ends[1];
  const dz = ends[5] - ends[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Whether `wall` is a wall's number (0 to 5). */
function isWall(wall: number): boolean {
  return Number.isInteger(wall) && wall >= 0 && wall < WALL_COUNT;
}

/**
 * The end a point clicked in the view snaps to: the sphere whose surface is nearest the point
 * when that is within `tolerance` (m) of it (the point on or inside a sphere: that sphere), else
 * the nearest wall within `tolerance`, else the point itself. In a `planar` world the back and
 * front walls (the slab's faces, ±z) are left out and a point lies in the plane z = 0.
 */
export function snapPoint(point: readonly [number, number, number], world: TapeWorld, tolerance: number, planar = false): TapeEnd {
  const p = world.positions;
  let best = -1;
  let bestGap = Infinity;
  for (let slot = 0; slot < world.count; slot++) {
    const gap = Math.hypot(point[0] - p[3 * slot], point[1] - p[3 * slot + 1], point[2] - p[3 * slot + 2]) - world.radii[slot];
    if (gap <= tolerance && gap < bestGap) {
      best = slot;
      bestGap = gap;
    }
  }
  if (best >= 0) return { kind: 'sphere', id: world.idAt(best) };
  const bounds = world.boundsView;
  let wall = -1;
  let wallGap = Infinity;
  for (let w = 0; w < (planar ? 4 : WALL_COUNT); w++) {
    const gap = Math.abs(point[w >> 1] - bounds[w]);
    if (gap <= tolerance && gap < wallGap) {
      wall = w;
      wallGap = gap;
    }
  }
  return wall >= 0 ? { kind: 'wall', wall } : { kind: 'point', at: [point[0], point[1], planar ? 0 : point[2]] };
}

/**
 * Where a ray from the camera (`origin`, unit `dir`) picks a point for the tape: where it first
 * meets a sphere, else where it leaves the box (a wall, seen from inside); null when it meets
 * neither (the ray passes beside the box).
 */
export function pickPoint(origin: readonly number[], dir: readonly number[], world: TapeWorld): [number, number, number] | null {
  const p = world.positions;
  let nearest = Infinity;
  for (let slot = 0; slot < world.count; slot++) {
    const t = raySphere(origin, dir, p[3 * slot], p[3 * slot + 1], p[3 * slot + 2], world.radii[slot]);
    if (t >= 0 && t < nearest) nearest = t;
  }
  if (nearest === Infinity) {
    // The slab method: the ray is inside the box between its latest entry and its earliest exit.
    const b = world.boundsView;
    let enter = -Infinity;
    let exit = Infinity;
    for (let k = 0; k < 3; k++) {
      if (dir[k] === 0) {
        if (origin[k] < b[2 * k] || origin[k] > b[2 * k + 1]) return null;
        continue;
      }
      const t0 = (b[2 * k] - origin[k]) / dir[k];
      const t1 = (b[2 * k + 1] - origin[k]) / dir[k];
      enter = Math.max(enter, Math.min(t0, t1));
      exit = Math.min(exit, Math.max(t0, t1));
    }
    if (!(exit >= Math.max(enter, 0))) return null;
    nearest = exit;
  }
  return [origin[0] + nearest * dir[0], origin[1] + nearest * dir[1], origin[2] + nearest * dir[2]];
}

/** Distance along the ray to where it enters the sphere (or 0 from inside it), or -1 when it misses. */
function raySphere(o: readonly number[], d: readonly number[], cx: number, cy: number, cz: number, r: number): number {
  const mx = o[0] - cx;
  const my = o[1] - cy;
  const mz = o[2] - cz;
  const b = mx * d[0] + my * d[1] + mz * d[2];
  const c = mx * mx + my * my + mz * mz - r * r;
  if (c <= 0) return 0;
  if (b > 0) return -1;
  const disc = b * b - c;
  return disc < 0 ? -1 : -b - Math.sqrt(disc);
}

/**
 * Checks an end given from outside (the store's action, a test): a sphere of the world by its
 * integer id, a wall 0 to 5, or a point of three finite coordinates. Returns null when valid, else
 * a message naming the field and the value.
 */
export function checkTapeEnd(field: 'from' | 'to', end: unknown, world: TapeWorld, t: Translate): string | null {
  const e = end as Partial<Record<'kind' | 'id' | 'wall' | 'at', unknown>> | null;
  const shown = (value: unknown): string => {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  if (typeof e !== 'object' || e === null) return t('tape.badEnd', { field, value: shown(end) });
  if (e.kind === 'sphere') {
    if (typeof e.id !== 'number' || !Number.isInteger(e.id) || world.indexOf(e.id) < 0) return t('tape.noSphere', { field, value: shown(e.id) });
    return null;
  }
  if (e.kind === 'wall') return typeof e.wall === 'number' && isWall(e.wall) ? null : t('tape.badWall', { field, value: shown(e.wall) });
  if (e.kind === 'point') {
    const at = e.at;
    return Array.isArray(at) && at.length === 3 && at.every((x) => typeof x === 'number' && Number.isFinite(x)) ? null : t('tape.badPoint', { field, value: shown(at) });
  }
  return t('tape.badEnd', { field, value: shown(end) });
}
