/**
 * Prediction with square wells (docs/physics.md, section 11): the neighbour scan of predict.ts for
 * a world with wells, and the time a pair inside a well reaches its edge. A pair outside its well
 * has one event, reaching the well's edge |dx| = range * d (the contact quadratic or quartic of
 * section 2 with d replaced by range * d); a pair inside has two, its hard-core contact and
 * reaching the edge from inside. Which one applies is the pair set's answer (wells.ts), never
 * the distance: at the edge the distance is range * d only to rounding.
 */
import { gatherCells } from './grid.ts';
import { APPROACH_TOLERANCE, STOP_FRACTION } from './options.ts';
import { BEST, LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { gapQuartic, pairTimeOfImpact } from './time-of-impact.ts';

const { SCAN_T } = BEST;
const { SCAN_LIST } = LIST;
const { F64, I32 } = STRIDE;

/** Species are numbered below this (reactions.ts, MAX_SPECIES): the side of the wells' table. */
export const WELL_SPAN = 64;
/** Numbers of each well's definition in `wellDef`: species a, b (-1, -1: every pair), range, depth. */
export const WELL_FIELDS = 4;

/** The pair set's hash of the ids lo < hi (a power-of-two table, `mask` its size less one). */
export function pairHash(lo: number, hi: number, mask: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  return h & mask;
}

/** The entry of the pair of ids a and b in the pair set, or -1 when they are not inside a well. */
export function findPair(world: WorldState, a: number, b: number): number {
  const n = world.pairWell.length;
  if (n === 0) return -1;
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  const mask = n - 1;
  for (let e = pairHash(lo, hi, mask); ; e = (e + 1) & mask) {
    if (world.pairWell[e] === 0) return -1;
    if (world.pairLo[e] === lo && world.pairHi[e] === hi) return e;
  }
}

/** Scratch of leaveTime: the critical points of the quartic, and its coefficients plus window end. */
const crit = new Float64Array(4);
const quartic = new Float64Array(6);

/**
 * Delay until a pair inside a well reaches its edge from inside: the first time |p + v t + d t^2 / 2|
 * rises through L = q[9], within [0, q[10]]. Arguments and result as pairTimeOfImpact's block
 * (time-of-impact.ts), the result in q[12] (Infinity: none in the window).
 *
 * Without relative acceleration it is the later root of a t^2 + 2 b t + c = 0 (c = |p|^2 - L^2 <= 0
 * inside), t = -c / (b + sqrt(D)) when b > 0 and (-b + sqrt(D)) / a otherwise, D = b^2 - a c: each
 * form free of cancellation where the other has it. A pair already at the edge by rounding
 * (c >= 0) and moving out reaches it now. With relative acceleration (a free sphere against a
 * still one under gravity) the quartic's real roots are isolated between the roots of its
 * derivative, as for a contact: the first piece on which it rises from <= 0 to > 0 holds the
 * event, found by bisection, and the time returned is still inside (f <= 0).
 */
export function leaveTime(q: Float64Array): void {
  q[12] = Infinity;
  const px = q[0], py = q[1], pz = q[2];
  const vx = q[3], vy = q[4], vz = q[5];
  const dx = q[6], dy = q[7], dz = q[8];
  const L = q[9], tMax = q[10];
  const pp = px * px + py * py + pz * pz;
  const c = pp - L * L;
  const b = px * vx + py * vy + pz * vz;
  const a2 = vx * vx + vy * vy + vz * vz;
  if (c >= 0 && b >= 0) {
    q[12] = 0;
    return;
  }
  if (dx === 0 && dy === 0 && dz === 0) {
    if (a2 === 0) return;
    const disc = b * b - a2 * c;
    // disc <= 0 only at the edge by rounding (c >= 0), moving along it: it leaves now.
    const t = disc <= 0 ? 0 : b > 0 ? -c / (b + Math.sqrt(disc)) : (-b + Math.sqrt(disc)) / a2;
    if (t <= tMax) q[12] = t;
    return;
  }
  // Beyond the window's end (capped where the quartic, positive beyond, has no root) nothing is searched.
  const k = quartic;
  const n = gapQuartic(q, k, crit);
  if (n < 0) return;
  let a0 = 0;
  let fa = c;
  for (let piece = 0; piece <= n; piece++) {
    const b0 = piece < n ? crit[piece] : k[5];
    const fb = k[0] + b0 * (k[1] + b0 * (k[2] + b0 * (k[3] + b0 * k[4])));
    if (fa <= 0 && fb > 0) {
      // Bisection, keeping lo inside (f <= 0), to the last bit.
      let lo = a0;
      let hi = b0;
      for (let it = 0; it < 200; it++) {
        const m = 0.5 * (lo + hi);
        if (m <= lo || m >= hi) break;
        if (k[0] + m * (k[1] + m * (k[2] + m * (k[3] + m * k[4]))) > 0) hi = m;
        else lo = m;
      }
      q[12] = lo;
      return;
    }
    a0 = b0;
    fa = fb;
  }
}

/**
 * scanPairs (predict.ts) in a world with wells: sphere i against every sphere in the cells
 * [x0, x1] x [y0, y1] x [z0, z1], keeping in best[SCAN_T]/scanKind/scanCount the earliest pair
 * event before best[SCAN_T]: a contact, or a well's edge reached from outside or from inside. The
 * grid's cells are at least the largest range of diameters wide (grid.ts), so a pair that can
 * reach its well's edge is in the 27 cells.
 */
export function scanPairsWells(world: WorldState, i: number, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): void {
  const t = world.clock[0];
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  const r = world.rad[F64 * i];
  const b = F64 * i;
  const speedI = Math.sqrt(v[b] * v[b] + v[b + 1] * v[b + 1] + v[b + 2] * v[b + 2]);
  const stopSpeed = STOP_FRACTION * world.restUnit[0] * Math.sqrt(r);
  const idI = world.idOf[i];
  const row = WELL_SPAN * world.species[i];
  let best = world.best[SCAN_T];
  let kind = world.scanKind;
  let count = world.scanCount;
  const m = gatherCells(world, SCAN_LIST, i, x0, x1, y0, y1, z0, z1);
  const list = world.scanList;
  const q = world.toiArgs;
  for (let e = 0; e < m; e++) {
    const j = list[e];
    const bj = F64 * j;
    const h = t - world.tLoc[F64 * j];
    const vjx = v[bj] + a[bj] * h;
    const vjy = v[bj + 1] + a[bj + 1] * h;
    const vjz = v[bj + 2] + a[bj + 2] * h;
    q[0] = p[bj] + (v[bj] + 0.5 * a[bj] * h) * h - p[b];
    q[1] = p[bj + 1] + (v[bj + 1] + 0.5 * a[bj + 1] * h) * h - p[b + 1];
    q[2] = p[bj + 2] + (v[bj + 2] + 0.5 * a[bj + 2] * h) * h - p[b + 2];
    q[3] = vjx - v[b];
    q[4] = vjy - v[b + 1];
    q[5] = vjz - v[b + 2];
    q[6] = a[bj] - a[b];
    q[7] = a[bj + 1] - a[b + 1];
    q[8] = a[bj + 2] - a[b + 2];
    q[10] = best;
    q[11] = APPROACH_TOLERANCE * (speedI + Math.sqrt(vjx * vjx + vjy * vjy + vjz * vjz)) + stopSpeed;
    const s = r + world.rad[F64 * j];
    // The pair's well: the one it entered while inside, else its species' (a reaction may change
    // their species while they are inside; their well stays until they leave it).
    const entry = findPair(world, idI, world.idOf[j]);
    // Outside and moving apart in a straight line (most neighbours): neither the edge nor the core
    // is ever reached (pairTimeOfImpact would say Infinity).
    if (entry < 0 && q[0] * q[3] + q[1] * q[4] + q[2] * q[5] >= 0 && q[6] === 0 && q[7] === 0 && q[8] === 0) continue;
    const well = entry >= 0 ? world.pairWell[entry] - 1 : world.wellTable[row + world.species[j]] - 1;
    let tp: number;
    if (well < 0) {
      q[9] = s;
      pairTimeOfImpact(q);
      tp = q[12];
    } else if (entry < 0) {
      // Outside: reaching the edge, as a contact at range * d (at once if already there by rounding).
      q[9] = s * world.wellDef[WELL_FIELDS * well + 2];
      pairTimeOfImpact(q);
      tp = q[12] < 0 ? 0 : q[12];
    } else {
      q[9] = s;
      pairTimeOfImpact(q);
      tp = q[12];
      q[9] = s * world.wellDef[WELL_FIELDS * well + 2];
      if (tp < best) q[10] = tp;
      leaveTime(q);
      if (q[12] < tp) tp = q[12];
    }
    if (tp < best) {
      best = tp;
      kind = j;
      count = world.collCount[I32 * j];
    }
  }
  world.best[SCAN_T] = best;
  world.scanKind = kind;
  world.scanCount = count;
}
