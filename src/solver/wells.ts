/**
 * Square wells (docs/physics.md, section 11): two spheres closer than range * d (d the sum of their
 * radii) attract with a constant depth eps. The well's edge is an event like a contact (well-scan.ts
 * predicts it): a pair entering gains eps of kinetic energy along the line of centres, a pair
 * leaving pays eps if its normal motion carries that much, and is turned back inside otherwise.
 *
 * Which pairs are inside is state, never read off the distance (at the edge it is range * d only to
 * rounding): a hash set of pairs of ids (open addressing, linear probing, deleted entries closed
 * up by shifting back, so its contents and layout follow from the events alone). Ids never change
 * when slots are renumbered, so the set needs nothing then; clones, packWorld and worldToJSON carry
 * its typed arrays like the rest. It grows (doubling) at the start of a step when it is a quarter
 * full plus a pair a sphere, so a step does not allocate. Edits recompute the membership of the
 * spheres they move from the geometry: inside iff |dx| < range * d.
 */
import { SolverInputError, finite, integer } from './errors.ts';
import { gatherNeighbours, buildGrid } from './grid.ts';
import { sync } from './predict.ts';
import { afterPairImpulse, collidePair, contactNormal } from './response.ts';
import { wake } from './sleep.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { STOP_FRACTION } from './options.ts';
import { WELL_FIELDS, WELL_SPAN, findPair, pairHash } from './well-scan.ts';

const { F64, U8 } = STRIDE;
const { NEIGH_A } = LIST;

/** A square well; see {@link World.setWells}. */
export interface Well {
  /** The two species it acts between, `[a, b]`; absent: every pair not named by another well. */
  between?: readonly [number, number];
  /** Its outer edge, in sums of radii: 1 < range <= 2. */
  range: number;
  /** Its depth, J (> 0): the kinetic energy a pair gains entering it. */
  depth: number;
}

/** The smallest relative normal speed a pair turned back at a well's edge leaves with, as a fraction of its relative speed (see wellEdge). */
export const EDGE_FLOOR = 1e-7;

/**
 * Checks a list of wells; throws {@link SolverInputError} naming the field (`wells[1].range`) and
 * changes nothing. At most one well for each pair of species, and at most one for every pair.
 */
export function checkWells(list: readonly Well[]): Well[] {
  if (!Array.isArray(list)) throw new SolverInputError('wells', list, 'an array of wells');
  const out: Well[] = [];
  const seen = new Map<string, string>();
  list.forEach((w: Well, k) => {
    const at = `wells[${k}]`;
    if (w === null || typeof w !== 'object') throw new SolverInputError(at, w, 'an object');
    const range = finite(`${at}.range`, w.range);
    if (!(range > 1 && range <= 2)) throw new SolverInputError(`${at}.range`, w.range, 'a number in (1, 2]: the well reaches that many sums of radii');
    const depth = finite(`${at}.depth`, w.depth);
    if (!(depth > 0)) throw new SolverInputError(`${at}.depth`, w.depth, 'a finite number > 0, J');
    let key = 'all';
    let between: [number, number] | undefined;
    if (w.between !== undefined) {
      const v: unknown = w.between;
      if (!Array.isArray(v) || v.length !== 2) throw new SolverInputError(`${at}.between`, v, `two species [a, b], integers from 0 to ${WELL_SPAN - 1}`);
      between = [integer(`${at}.between[0]`, v[0], 0, WELL_SPAN - 1), integer(`${at}.between[1]`, v[1], 0, WELL_SPAN - 1)];
      key = `${Math.min(...between)}+${Math.max(...between)}`;
    }
    const before = seen.get(key);
    if (before !== undefined) throw new SolverInputError(between ? `${at}.between` : at, between ?? w, `a pair of species no other well names (${before} already does)`);
    seen.set(key, at);
    out.push(between ? { between, range, depth } : { range, depth });
  });
  return out;
}

/**
 * Sets the world's wells (checked by {@link checkWells}), replacing any before: the species-pair
 * table and each well's definition; then the pairs inside are found from the geometry. An empty
 * list takes the wells away.
 */
export function setWells(world: WorldState, list: readonly Well[]): void {
  const checked = checkWells(list);
  const table = new Int32Array(checked.length > 0 ? WELL_SPAN * WELL_SPAN : 0);
  const def = new Float64Array(WELL_FIELDS * checked.length);
  let reach = 1;
  // Every pair first, then the named pairs over it.
  checked.forEach((w, k) => {
    def.set([w.between ? w.between[0] : -1, w.between ? w.between[1] : -1, w.range, w.depth], WELL_FIELDS * k);
    if (!w.between) table.fill(k + 1);
    reach = Math.max(reach, w.range);
  });
  checked.forEach((w, k) => {
    if (!w.between) return;
    const [a, b] = w.between;
    table[a * WELL_SPAN + b] = k + 1;
    table[b * WELL_SPAN + a] = k + 1;
  });
  world.wellTable = table;
  world.wellDef = def;
  world.wellCount = new Float64Array(checked.length);
  world.wellsOn = checked.length > 0 ? 1 : 0;
  world.wellReach = reach;
  world.pairLo = new Int32Array(0);
  world.pairHi = new Int32Array(0);
  world.pairWell = new Int32Array(0);
  world.wellPairs = 0;
  recountWells(world);
  // Every prediction was made with the wells before: all are made again at the next step.
  world.dirty = true;
}

/** The world's wells, as given (checked). */
export function wellsOf(world: WorldState): Well[] {
  const d = world.wellDef;
  const out: Well[] = [];
  for (let k = 0; k < d.length / WELL_FIELDS; k++) {
    const o = WELL_FIELDS * k;
    out.push(d[o] < 0 ? { range: d[o + 2], depth: d[o + 3] } : { between: [d[o], d[o + 1]], range: d[o + 2], depth: d[o + 3] });
  }
  return out;
}

/** The well energy now, J: minus each well's depth times the pairs inside it. */
export function wellEnergy(world: WorldState): number {
  let e = 0;
  for (let k = 0; k < world.wellCount.length; k++) e -= world.wellDef[WELL_FIELDS * k + 3] * world.wellCount[k];
  return e;
}

/** The pairs inside a well now, as `[id, id]` with the smaller id first, sorted (for tests and the state hash). */
export function wellPairList(world: WorldState): [number, number][] {
  const out: [number, number][] = [];
  for (let e = 0; e < world.pairWell.length; e++) if (world.pairWell[e] !== 0) out.push([world.pairLo[e], world.pairHi[e]]);
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

// ---------------------------------------------------------------- the pair set

/** Makes room in the pair set for `extra` more pairs at a load of at most a half (outside the event loop). */
export function reservePairs(world: WorldState, extra: number): void {
  const need = 2 * (world.wellPairs + extra);
  if (world.pairWell.length >= need && world.pairWell.length >= 16) return;
  let size = Math.max(16, world.pairWell.length);
  while (size < need) size *= 2;
  const lo = world.pairLo, hi = world.pairHi, well = world.pairWell;
  world.pairLo = new Int32Array(size);
  world.pairHi = new Int32Array(size);
  world.pairWell = new Int32Array(size);
  const mask = size - 1;
  for (let e = 0; e < well.length; e++) {
    if (well[e] === 0) continue;
    let f = pairHash(lo[e], hi[e], mask);
    while (world.pairWell[f] !== 0) f = (f + 1) & mask;
    world.pairLo[f] = lo[e];
    world.pairHi[f] = hi[e];
    world.pairWell[f] = well[e];
  }
}

/** Puts the pair of ids a, b into the set as inside well k (it is not there). */
function insertPair(world: WorldState, a: number, b: number, k: number): void {
  // Never more than three quarters full (reservePairs keeps it below a half at each step's start).
  if (4 * (world.wellPairs + 1) > 3 * world.pairWell.length) reservePairs(world, world.wellPairs + 1);
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  const mask = world.pairWell.length - 1;
  let e = pairHash(lo, hi, mask);
  while (world.pairWell[e] !== 0) e = (e + 1) & mask;
  world.pairLo[e] = lo;
  world.pairHi[e] = hi;
  world.pairWell[e] = k + 1;
  world.wellPairs++;
  world.wellCount[k]++;
}

/** Takes entry e out of the set, shifting back the entries after it that its place would hide (linear probing without tombstones). */
function removeEntry(world: WorldState, e: number): void {
  world.wellCount[world.pairWell[e] - 1]--;
  world.wellPairs--;
  const mask = world.pairWell.length - 1;
  let gap = e;
  world.pairWell[gap] = 0;
  for (let f = (gap + 1) & mask; world.pairWell[f] !== 0; f = (f + 1) & mask) {
    const home = pairHash(world.pairLo[f], world.pairHi[f], mask);
    // The entry at f stays when its home lies cyclically in (gap, f]; else it moves into the gap.
    const stays = gap <= f ? gap < home && home <= f : gap < home || home <= f;
    if (stays) continue;
    world.pairLo[gap] = world.pairLo[f];
    world.pairHi[gap] = world.pairHi[f];
    world.pairWell[gap] = world.pairWell[f];
    world.pairWell[f] = 0;
    gap = f;
  }
}

// ---------------------------------------------------------------- membership from the geometry (edits)

/** The well between the spheres in slots i and j by their species (-1: none). */
function wellBetween(world: WorldState, i: number, j: number): number {
  return world.wellTable[WELL_SPAN * world.species[i] + world.species[j]] - 1;
}

/** Whether the spheres in slots i and j are closer than their well's range (k) times their radius sum. */
function insideGeometrically(world: WorldState, i: number, j: number, k: number): boolean {
  const bi = F64 * i, bj = F64 * j;
  const dx = world.pos[bj] - world.pos[bi];
  const dy = world.pos[bj + 1] - world.pos[bi + 1];
  const dz = world.pos[bj + 2] - world.pos[bi + 2];
  const L = (world.rad[bi] + world.rad[bj]) * world.wellDef[WELL_FIELDS * k + 2];
  return dx * dx + dy * dy + dz * dz < L * L;
}

/** The grid is built with cells wide enough for every well (an edit may have changed the radii or the wells). */
function gridCoversWells(world: WorldState): void {
  let rMax = 0;
  for (let i = 0; i < world.count; i++) if (world.rad[F64 * i] > rMax) rMax = world.rad[F64 * i];
  const dims = world.options.planar ? 2 : 3;
  let fits = world.gridReady;
  for (let k = 0; k < dims && fits; k++) if (2 * rMax * (1 + 1e-9) * world.wellReach > world.cellW[k]) fits = false;
  if (fits) return;
  buildGrid(world);
  world.dirty = true; // the cell faces moved: every prediction is made again
}

/** Finds every pair inside a well from the geometry (all spheres at the world's time), replacing the set. */
export function recountWells(world: WorldState): void {
  world.pairWell.fill(0);
  world.wellPairs = 0;
  world.wellCount.fill(0);
  if (!world.wellsOn || world.count === 0) return;
  sync(world);
  gridCoversWells(world);
  reservePairs(world, world.count);
  for (let i = 0; i < world.count; i++) {
    const n = gatherNeighbours(world, i, NEIGH_A);
    for (let e = 0; e < n; e++) {
      const j = world.neighA[e];
      if (world.idOf[j] <= world.idOf[i]) continue;
      const k = wellBetween(world, i, j);
      if (k >= 0 && insideGeometrically(world, i, j, k)) insertPair(world, world.idOf[i], world.idOf[j], k);
    }
  }
}

/**
 * Takes every pair of the sphere in slot i out of the set, and writes the well energy they had
 * (minus their depths, J) to wellScratch[0]. Through the grid when it is built (its cells cover
 * the wells), else by a sweep of the set.
 */
export function forgetWells(world: WorldState, i: number): void {
  world.wellScratch[0] = 0;
  if (world.wellPairs === 0) return;
  const id = world.idOf[i];
  if (world.gridReady) {
    const n = gatherNeighbours(world, i, NEIGH_A);
    for (let e = 0; e < n; e++) {
      const j = world.neighA[e];
      if (j === i) continue;
      const f = findPair(world, id, world.idOf[j]);
      if (f < 0) continue;
      world.wellScratch[0] -= world.wellDef[WELL_FIELDS * (world.pairWell[f] - 1) + 3];
      removeEntry(world, f);
    }
    return;
  }
  for (let e = 0; e < world.pairWell.length; ) {
    if (world.pairWell[e] !== 0 && (world.pairLo[e] === id || world.pairHi[e] === id)) {
      world.wellScratch[0] -= world.wellDef[WELL_FIELDS * (world.pairWell[e] - 1) + 3];
      removeEntry(world, e); // the entry shifted into e is looked at next
    } else e++;
  }
}

/** After an edit moved, grew or changed the species of the sphere in slot i: its pairs inside a well, from the geometry. */
export function refreshWells(world: WorldState, i: number): void {
  if (!world.wellsOn) return;
  gridCoversWells(world);
  forgetWells(world, i);
  reservePairs(world, 64);
  const n = gatherNeighbours(world, i, NEIGH_A);
  const id = world.idOf[i];
  for (let e = 0; e < n; e++) {
    const j = world.neighA[e];
    if (j === i) continue;
    const k = wellBetween(world, i, j);
    if (k >= 0 && insideGeometrically(world, i, j, k)) insertPair(world, id, world.idOf[j], k);
  }
}

// ---------------------------------------------------------------- the events

/**
 * A pair event of spheres i and j in a world with wells: their contact (inside their well, or
 * without one), or their well's edge. At the edge, with n the unit normal from i to j,
 * u = (v_j - v_i).n and mu the reduced mass (docs/physics.md, section 11):
 *
 * - entering: u' = -sqrt(u^2 + 2 eps / mu), the pair gains eps;
 * - leaving, when (1/2) mu u^2 >= eps: u' = sqrt(u^2 - 2 eps / mu), the pair pays eps;
 * - otherwise turned back inside: u' = -u (at least EDGE_FLOOR of the relative speed inwards, so
 *   that a pair grazing the edge from inside by rounding moves in, never staying on the edge).
 *
 * The impulse J = mu (u' - u) acts along n on both spheres, equal and opposite: momentum is kept
 * exactly, and kinetic energy changes by (1/2) mu (u'^2 - u^2) = eps, -eps or 0.
 */
export function wellPairEvent(world: WorldState, i: number, j: number): void {
  const entry = findPair(world, world.idOf[i], world.idOf[j]);
  const k = entry >= 0 ? world.pairWell[entry] - 1 : wellBetween(world, i, j);
  if (k < 0) {
    collidePair(world, i, j);
    return;
  }
  contactNormal(world, i, j);
  const n = world.contact; // the unit normal from i to j, and their distance
  const bi = F64 * i;
  const bj = F64 * j;
  const s = world.rad[bi] + world.rad[bj];
  // Inside, an event nearer the core than the edge is the contact.
  if (entry >= 0 && n[3] < 0.5 * (1 + world.wellDef[WELL_FIELDS * k + 2]) * s) {
    collidePair(world, i, j);
    return;
  }
  if (world.asleep[U8 * j]) wake(world, j);
  if (world.asleep[U8 * i]) wake(world, i);
  const v = world.vel;
  const wx = v[bj] - v[bi], wy = v[bj + 1] - v[bi + 1], wz = v[bj + 2] - v[bi + 2];
  const u = wx * n[0] + wy * n[1] + wz * n[2];
  const wi = world.invMass[i];
  const wj = world.invMass[j];
  const mu = 1 / (wi + wj);
  const eps = world.wellDef[WELL_FIELDS * k + 3];
  let after: number;
  if (entry < 0) {
    after = -Math.sqrt(u * u + (2 * eps) / mu);
    insertPair(world, world.idOf[i], world.idOf[j], k);
    world.wellEdge[0]++;
  } else if (u > 0 && 0.5 * mu * u * u >= eps) {
    after = Math.sqrt(Math.max(0, u * u - (2 * eps) / mu));
    removeEntry(world, entry);
    world.wellEdge[1]++;
  } else {
    const floor = EDGE_FLOOR * Math.sqrt(wx * wx + wy * wy + wz * wz) + STOP_FRACTION * world.restUnit[0] * Math.sqrt(Math.min(world.rad[bi], world.rad[bj]));
    after = -(u > floor ? u : floor);
    world.wellEdge[2]++;
  }
  const impulse = mu * (after - u);
  for (let c = 0; c < 3; c++) {
    v[bi + c] -= impulse * wi * n[c];
    v[bj + c] += impulse * wj * n[c];
  }
  world.lastStep.wellEvents++;
  afterPairImpulse(world, i, j, wj > 0);
}
