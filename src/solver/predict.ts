/**
 * Prediction: moving spheres along their trajectories (advance), and finding each sphere's next
 * event: the time its centre reaches a wall less its radius or a face of its cell (boundTimes),
 * and its earliest contact with a sphere in the 27 cells around it (scanPairs). The result is
 * filed in the event queue (settle). docs/physics.md, sections 2 and 3.
 */
import { gatherCells } from './grid.ts';
import { holeEvents, holeFound } from './hole.ts';
import { APPROACH_TOLERANCE, STOP_FRACTION } from './options.ts';
import { BEST, DIVIDER, EVENT, LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { CROSS_ARGS, GRAZE, crossingTime, pairTimeOfImpact } from './time-of-impact.ts';
import { scanPairsWells } from './well-scan.ts';

const { WALL_T, FACE_T, SCAN_T } = BEST;
const { NONE, WALL_BASE, CELL_BASE } = EVENT;
const { SCAN_LIST } = LIST;
const { F64, I32, I16, U8 } = STRIDE;

/** Moves sphere i along its trajectory to the clock's time. */
export function advance(world: WorldState, i: number): void {
  const t = world.clock[0];
  const h = t - world.tLoc[F64 * i];
  if (h === 0) return;
  world.tLoc[F64 * i] = t;
  if (world.asleep[U8 * i] || world.isFixed[U8 * i]) return;
  const b = F64 * i;
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  p[b] += (v[b] + 0.5 * a[b] * h) * h;
  p[b + 1] += (v[b + 1] + 0.5 * a[b + 1] * h) * h;
  p[b + 2] += (v[b + 2] + 0.5 * a[b + 2] * h) * h;
  v[b] += a[b] * h;
  v[b + 1] += a[b + 1] * h;
  v[b + 2] += a[b + 2] * h;
}

/**
 * Brings every sphere to the clock's time at the end of a step, and makes it the world's time:
 * `advance` for each, streamlined for a sweep over every record. No still test (a still sphere's velocity and acceleration are
 * zero, so it stays where it is), and without gravity the accelerations are not read: only the
 * first line of each record is touched.
 */
export function advanceAll(world: WorldState): void {
  const t = world.clock[0];
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  const tLoc = world.tLoc;
  const n = world.count;
  if (world.gravityMagnitude === 0) {
    for (let i = 0; i < n; i++) {
      const b = F64 * i;
      const h = t - tLoc[b];
      if (h === 0) continue;
      tLoc[b] = t;
      p[b] += v[b] * h;
      p[b + 1] += v[b + 1] * h;
      p[b + 2] += v[b + 2] * h;
    }
    world.time = t;
    return;
  }
  for (let i = 0; i < n; i++) {
    const b = F64 * i;
    const h = t - tLoc[b];
    if (h === 0) continue;
    tLoc[b] = t;
    p[b] += (v[b] + 0.5 * a[b] * h) * h;
    p[b + 1] += (v[b + 1] + 0.5 * a[b + 1] * h) * h;
    p[b + 2] += (v[b + 2] + 0.5 * a[b + 2] * h) * h;
    v[b] += a[b] * h;
    v[b + 1] += a[b + 1] * h;
    v[b + 2] += a[b + 2] * h;
  }
  world.time = t;
}

/** Brings every sphere to the world's time (between steps they already are). */
export function sync(world: WorldState): void {
  world.clock[0] = world.time;
  for (let i = 0; i < world.count; i++) advance(world, i);
}

/** Finds sphere i's earliest event after time t and files it in the queue. */
export function predict(world: WorldState, i: number): void {
  world.predictions++;
  advance(world, i);
  if (world.asleep[U8 * i] || world.isFixed[U8 * i]) {
    world.pairJ[I32 * i] = NONE;
    setEvent(world, i, Infinity, NONE);
    return;
  }
  boundTimes(world, i);
  const wall = world.best[WALL_T];
  // Pairs: every sphere in the 27 surrounding cells, up to the next wall hit (after it the
  // trajectory changes and this is predicted again). Not cut at the next cell face: the best
  // pair is kept, so that crossing a face only has to look at the cells it brings in.
  const nx = world.gridN[0], ny = world.gridN[1], nz = world.gridN[2];
  const cx = world.cellC[I16 * i];
  const cy = world.cellC[I16 * i + 1];
  const cz = world.cellC[I16 * i + 2];
  world.best[SCAN_T] = wall;
  world.scanKind = NONE;
  world.scanCount = 0;
  scanPairs(world, i, cx > 0 ? cx - 1 : 0, cx < nx - 1 ? cx + 1 : nx - 1, cy > 0 ? cy - 1 : 0, cy < ny - 1 ? cy + 1 : ny - 1, cz > 0 ? cz - 1 : 0, cz < nz - 1 ? cz + 1 : nz - 1);
  settle(world, i);
}

/**
 * Sphere i's centre crossed into a new cell: its trajectory is unchanged, so its best pair
 * among the cells it saw before still holds unless that partner has collided since; only the
 * layer of nine cells the crossing brings into reach is searched. Otherwise a full prediction.
 */
export function predictAfterCrossing(world: WorldState, i: number, axis: number, side: number): void {
  const j = world.pairJ[I32 * i];
  if (world.asleep[U8 * i] || world.isFixed[U8 * i] || (j >= 0 && world.collCount[I32 * j] !== world.pairC[I32 * i])) {
    predict(world, i);
    return;
  }
  const t = world.clock[0];
  boundTimes(world, i);
  const wall = world.best[WALL_T];
  // With moving walls, a wall hit that moved later than the one the last search for pairs
  // stopped at (pairT, when no pair was found) leaves pairs unsearched: search them all.
  if (world.wallsActive && j < 0 && t + wall > world.pairT[F64 * i]) {
    predict(world, i);
    return;
  }
  world.best[SCAN_T] = wall;
  world.scanKind = NONE;
  world.scanCount = 0;
  if (j >= 0 && world.pairT[F64 * i] - t < wall) {
    world.best[SCAN_T] = world.pairT[F64 * i] - t;
    world.scanKind = j;
    world.scanCount = world.pairC[I32 * i];
  }
  const layer = world.cellC[I16 * i + axis] + side;
  if (layer >= 0 && layer < world.gridN[axis]) {
    const lo = world.layerLo;
    const hi = world.layerHi;
    for (let k = 0; k < 3; k++) {
      const c = world.cellC[I16 * i + k];
      const n = world.gridN[k];
      lo[k] = k === axis ? layer : c > 0 ? c - 1 : 0;
      hi[k] = k === axis ? layer : c < n - 1 ? c + 1 : n - 1;
    }
    scanPairs(world, i, lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]);
  }
  settle(world, i);
}

/** Keeps the pair found by the scan as sphere i's best pair, and sets its next event (times from the clock's now). */
export function settle(world: WorldState, i: number): void {
  const t = world.clock[0];
  const kind = world.scanKind;
  world.pairJ[I32 * i] = kind;
  world.pairT[F64 * i] = t + world.best[SCAN_T];
  world.pairC[I32 * i] = world.scanCount;
  // The event written here rather than through setEvent: a time passed to a call that is not
  // inlined would be boxed.
  const which = world.best[FACE_T] < world.best[SCAN_T] ? FACE_T : kind >= 0 ? SCAN_T : WALL_T;
  world.evTime[i] = t + world.best[which];
  world.evKind[I32 * i] = which === FACE_T ? world.faceKind : which === SCAN_T ? kind : world.wallKind;
  world.queue.update(i);
}

/** Sets a sphere's next event to a wall or cell code, or NONE (pair events are set by settle). */
export function setEvent(world: WorldState, i: number, time: number, kind: number): void {
  world.evTime[i] = time;
  world.evKind[I32 * i] = kind;
  world.queue.update(i);
}

/** Scratch of {@link boundTimes}: crossingTime's argument block. */
const crossOne = new Float64Array(CROSS_ARGS);

/**
 * Times from now until sphere i's centre reaches each wall (less its radius) and each face of
 * its cell: the earliest wall in best[WALL_T]/wallKind, the earliest face in best[FACE_T]/faceKind
 * (nothing returned: a number returned from a call V8 does not inline is boxed).
 */
export function boundTimes(world: WorldState, i: number): void {
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  const r = world.rad[F64 * i];
  const mask = world.restMask[U8 * i];
  const b = F64 * i;
  if (world.wallsActive) {
    boundTimesWalls(world, i);
    return;
  }
  if (a[b] === 0 && a[b + 1] === 0 && a[b + 2] === 0) {
    boundTimesStraight(world, i);
    return;
  }
  // Up to four bounds per axis, gathered first so that the root finder has a single call site
  // (inlined, no boxed numbers).
  const bounds = world.bounds;
  const codes = world.boundCodes;
  let nb = 0;
  for (let k = 0; k < 3; k++) {
    if (v[b + k] === 0 && a[b + k] === 0) continue;
    const h = world.halfSize[k];
    if (!(mask & (1 << (2 * k + 1)))) {
      bounds[nb] = h - r;
      codes[nb++] = WALL_BASE - (2 * k + 1);
    }
    if (!(mask & (1 << (2 * k)))) {
      bounds[nb] = r - h;
      codes[nb++] = WALL_BASE - 2 * k;
    }
    const nk = world.gridN[k];
    if (nk > 1) {
      const c = world.cellC[I16 * i + k];
      if (c < nk - 1) {
        bounds[nb] = -h + (c + 1) * world.cellW[k];
        codes[nb++] = CELL_BASE - (2 * k + 1);
      }
      if (c > 0) {
        bounds[nb] = -h + c * world.cellW[k];
        codes[nb++] = CELL_BASE - 2 * k;
      }
    }
  }
  let wall = Infinity;
  let wallKind = NONE;
  let face = Infinity;
  let faceKind = NONE;
  for (let q = 0; q < nb; q++) {
    const code = codes[q];
    const isWall = code > CELL_BASE;
    const w = isWall ? WALL_BASE - code : CELL_BASE - code; // 2 * axis + side
    const k = w >> 1;
    const c = crossOne;
    c[0] = p[b + k];
    c[1] = v[b + k];
    c[2] = a[b + k];
    c[3] = bounds[q];
    c[4] = w & 1 ? 1 : -1;
    crossingTime(c, 0);
    const tw = c[0];
    if (isWall) {
      if (tw < wall) {
        wall = tw;
        wallKind = code;
      }
    } else if (tw < face) {
      face = tw;
      faceKind = code;
    }
  }
  world.best[WALL_T] = wall;
  world.wallKind = wallKind;
  world.best[FACE_T] = face;
  world.faceKind = faceKind;
}

/**
 * boundTimes for a sphere without acceleration (every sphere of a gas): along each axis only
 * the wall and the cell face ahead can be reached, at (bound - x) / v, or at once when already
 * past it. crossingTime's straight-line case written out, with its arithmetic (the same times
 * bit for bit), in the same order of bounds, so ties go the same way.
 */
export function boundTimesStraight(world: WorldState, i: number): void {
  const p = world.pos;
  const v = world.vel;
  const r = world.rad[F64 * i];
  const mask = world.restMask[U8 * i];
  const b = F64 * i;
  let wall = Infinity;
  let wallKind = NONE;
  let face = Infinity;
  let faceKind = NONE;
  for (let k = 0; k < 3; k++) {
    const vk = v[b + k];
    if (vk === 0) continue;
    const x = p[b + k];
    const h = world.halfSize[k];
    const nk = world.gridN[k];
    const c = world.cellC[I16 * i + k];
    if (vk > 0) {
      if (!(mask & (1 << (2 * k + 1)))) {
        const C = x - (h - r);
        const tw = C >= 0 ? 0 : -C / vk;
        if (tw < wall) {
          wall = tw;
          wallKind = WALL_BASE - (2 * k + 1);
        }
      }
      if (nk > 1 && c < nk - 1) {
        const C = x - (-h + (c + 1) * world.cellW[k]);
        const tf = C >= 0 ? 0 : -C / vk;
        if (tf < face) {
          face = tf;
          faceKind = CELL_BASE - (2 * k + 1);
        }
      }
    } else {
      if (!(mask & (1 << (2 * k)))) {
        const C = -(x - (r - h));
        const tw = C >= 0 ? 0 : -C / -vk;
        if (tw < wall) {
          wall = tw;
          wallKind = WALL_BASE - 2 * k;
        }
      }
      if (nk > 1 && c > 0) {
        const C = -(x - (-h + c * world.cellW[k]));
        const tf = C >= 0 ? 0 : -C / -vk;
        if (tf < face) {
          face = tf;
          faceKind = CELL_BASE - 2 * k;
        }
      }
    }
  }
  world.best[WALL_T] = wall;
  world.wallKind = wallKind;
  world.best[FACE_T] = face;
  world.faceKind = faceKind;
}

/**
 * boundTimes (predict.ts) while the walls are active: the cell faces as there, each wall from its
 * motion, and the divider from the side the sphere is on.
 */
export function boundTimesWalls(world: WorldState, i: number): void {
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  const r = world.rad[F64 * i];
  const mask = world.restMask[U8 * i];
  const b = F64 * i;
  // Every crossing gathered first (x, v, a, bound, direction), so that the root finder has a
  // single call site: inlined, it returns no boxed number. The order (per axis: faces, then the
  // two walls; the divider last) decides ties.
  const q = world.crossArgs;
  const codes = world.crossCodes;
  const tau0 = world.clock[0];
  let nb = 0;
  for (let k = 0; k < 3; k++) {
    const vk = v[b + k];
    const ak = a[b + k];
    const nk = world.gridN[k];
    if (nk > 1 && (vk !== 0 || ak !== 0)) {
      const h = world.halfSize[k];
      const c = world.cellC[I16 * i + k];
      if (c < nk - 1) {
        q[5 * nb] = p[b + k];
        q[5 * nb + 1] = vk;
        q[5 * nb + 2] = ak;
        q[5 * nb + 3] = -h + (c + 1) * world.cellW[k];
        q[5 * nb + 4] = 1;
        codes[nb++] = CELL_BASE - (2 * k + 1);
      }
      if (c > 0) {
        q[5 * nb] = p[b + k];
        q[5 * nb + 1] = vk;
        q[5 * nb + 2] = ak;
        q[5 * nb + 3] = -h + c * world.cellW[k];
        q[5 * nb + 4] = -1;
        codes[nb++] = CELL_BASE - 2 * k;
      }
    }
    for (let side = 0; side < 2; side++) {
      const w = 2 * k + side;
      if ((mask | world.holeMask) & (1 << w)) continue; // resting on it, or a wall with a hole (below)
      // The contact with wall w (wall-motion.ts, contactTime): the centre r short of the wall's plane.
      const sg = side ? 1 : -1;
      const tau = tau0 - world.wallT[w];
      const aw = world.wallA[w];
      const vw = world.wallV[w] + aw * tau;
      const xw = tau === 0 ? world.wallX[w] : world.wallX[w] + (world.wallV[w] + 0.5 * aw * tau) * tau;
      q[5 * nb] = sg * p[b + k] + r - xw;
      q[5 * nb + 1] = sg * vk - vw;
      q[5 * nb + 2] = sg * ak - aw;
      q[5 * nb + 3] = 0;
      q[5 * nb + 4] = 1;
      codes[nb++] = WALL_BASE - w;
    }
  }
  const axis = world.divider[0];
  if (axis >= 0 && !(world.holeMask & (1 << DIVIDER))) {
    const d = world.divider[1];
    const x = p[b + axis];
    const below = x < d;
    q[5 * nb] = x;
    q[5 * nb + 1] = v[b + axis];
    q[5 * nb + 2] = a[b + axis];
    q[5 * nb + 3] = below ? d - r : d + r;
    q[5 * nb + 4] = below ? 1 : -1;
    codes[nb++] = WALL_BASE - (below ? DIVIDER + 1 : DIVIDER);
  }
  let wall = Infinity;
  let wallKind = NONE;
  let face = Infinity;
  let faceKind = NONE;
  for (let e = 0; e < nb; e++) {
    const code = codes[e];
    crossingTime(q, 5 * e);
    const tc = q[5 * e];
    if (code > CELL_BASE) {
      if (tc < wall) {
        wall = tc;
        wallKind = code;
      }
    } else if (tc < face) {
      face = tc;
      faceKind = code;
    }
  }
  if (world.holeMask !== 0) {
    // The planes with a hole (hole.ts): their events are wall events, searched up to the earliest other.
    holeFound[0] = wall < face ? wall : face;
    holeEvents(world, i);
    if (holeFound[1] !== NONE) {
      wall = holeFound[0];
      wallKind = holeFound[1];
      world.holeSub[U8 * i] = holeFound[2];
    }
  }
  world.best[WALL_T] = wall;
  world.wallKind = wallKind;
  world.best[FACE_T] = face;
  world.faceKind = faceKind;
}

/**
 * Sphere i against every sphere in the cells [x0, x1] x [y0, y1] x [z0, z1]: keeps in
 * best[SCAN_T]/scanKind/scanCount the earliest contact found before best[SCAN_T]. A world with
 * wells scans in scanPairsWells (well-scan.ts).
 */
export function scanPairs(world: WorldState, i: number, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): void {
  if (world.wellsOn !== 0) {
    scanPairsWells(world, i, x0, x1, y0, y1, z0, z1);
    return;
  }
  const t = world.clock[0];
  const p = world.pos;
  const v = world.vel;
  const a = world.acc;
  const r = world.rad[F64 * i];
  const b = F64 * i;
  const xi = p[b];
  const yi = p[b + 1];
  const zi = p[b + 2];
  const vxi = v[b];
  const vyi = v[b + 1];
  const vzi = v[b + 2];
  const axi = a[b];
  const ayi = a[b + 1];
  const azi = a[b + 2];
  const speedI = Math.sqrt(vxi * vxi + vyi * vyi + vzi * vzi);
  // Under gravity, touching spheres closing slower than a millionth of the resting speed are at
  // rest against each other: without this floor, a sphere wedged against a wall by another would
  // be struck again and again with ever smaller (geometrically shrinking) speeds.
  const stopSpeed = STOP_FRACTION * world.restUnit[0] * Math.sqrt(r);
  const noGravity = world.gravityMagnitude === 0;
  let best = world.best[SCAN_T];
  let kind = world.scanKind;
  let count = world.scanCount;
  // First the neighbours' slots, walking the cells' lists: a short loop, so the processor
  // fetches the lists of many cells at once instead of one after another between the
  // computations below (each is likely a cache miss in a large world).
  const m = gatherCells(world, SCAN_LIST, i, x0, x1, y0, y1, z0, z1);
  const list = world.scanList;
  for (let e = 0; e < m; e++) {
    const j = list[e];
    const bj = F64 * j;
    const h = t - world.tLoc[F64 * j];
    // No test for a still (sleeping or fixed) neighbour: its velocity and acceleration are
    // kept at zero, so the expressions below give its position and zero velocity. Without
    // gravity every acceleration is zero and is not read.
    const ajx = noGravity ? 0 : a[bj];
    const ajy = noGravity ? 0 : a[bj + 1];
    const ajz = noGravity ? 0 : a[bj + 2];
    const vjx = v[bj] + ajx * h;
    const vjy = v[bj + 1] + ajy * h;
    const vjz = v[bj + 2] + ajz * h;
    const pjx = p[bj] + (v[bj] + 0.5 * ajx * h) * h;
    const pjy = p[bj + 1] + (v[bj + 1] + 0.5 * ajy * h) * h;
    const pjz = p[bj + 2] + (v[bj + 2] + 0.5 * ajz * h) * h;
    const gx = pjx - xi;
    const gy = pjy - yi;
    const gz = pjz - zi;
    const ux = vjx - vxi;
    const uy = vjy - vyi;
    const uz = vjz - vzi;
    const dx = ajx - axi;
    const dy = ajy - ayi;
    const dz = ajz - azi;
    if (dx === 0 && dy === 0 && dz === 0) {
      // No relative acceleration (no gravity, or two free spheres under it): a pair moving
      // apart (or keeping its distance) never meets, and a pair apart now meets at the first
      // root of |g + u t| = s. This is pairTimeOfImpact's straight-line case written out, with
      // its rules and its arithmetic (same results, bit for bit), since most pairs end here;
      // touching pairs go to it below.
      const b = gx * ux + gy * uy + gz * uz;
      if (b >= 0) continue;
      const s = r + world.rad[F64 * j];
      const pp = gx * gx + gy * gy + gz * gz;
      const c = pp - s * s;
      if (c > 0) {
        const a2 = ux * ux + uy * uy + uz * uz;
        // Passing by (the line never comes within s) or grazing: no contact.
        if (b * b - a2 * c <= a2 * GRAZE * s * s) continue;
        const tp = c / (-b + Math.sqrt(b * b - a2 * c));
        if (!(tp < best)) continue;
        // Out of reach within the window (the gap cannot close by more than |u| T): none.
        if (best < Infinity && Math.sqrt(pp) - s > Math.sqrt(a2) * best) continue;
        best = tp;
        kind = j;
        count = world.collCount[I32 * j];
        continue;
      }
    }
    const speedJ = Math.sqrt(vjx * vjx + vjy * vjy + vjz * vjz);
    const q = world.toiArgs;
    q[0] = gx;
    q[1] = gy;
    q[2] = gz;
    q[3] = ux;
    q[4] = uy;
    q[5] = uz;
    q[6] = dx;
    q[7] = dy;
    q[8] = dz;
    q[9] = r + world.rad[F64 * j];
    q[10] = best;
    q[11] = APPROACH_TOLERANCE * (speedI + speedJ) + stopSpeed;
    pairTimeOfImpact(q);
    const tp = q[12];
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
