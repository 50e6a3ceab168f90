/**
 * Walls that move, push, heat and divide (docs/physics.md, section 9).
 *
 * Wall w (2 * axis + side, as WALL_NAMES) has a position X along its outward normal, measured from
 * the box's centre: the frame's half size (the box as `size` made it) until it is moved. It moves
 * as X(t) = X + V (t - T) + A (t - T)^2 / 2, from wallX, wallV and wallA at wallT:
 * - a driven wall keeps the velocity it is given (A = 0) until it reaches a limit or jams;
 * - a piston (a finite mass M under a constant inward force F) has A = -F / M, and each sphere that
 *   hits it changes its velocity: a two-body collision along the normal.
 * A sphere touches wall w when its centre, along the normal, is r short of X(t): the root of a
 * linear or quadratic equation in the relative motion, exact like every other contact.
 *
 * A thermal wall sends every sphere that hits it away with a velocity drawn from the flux of a gas
 * at its kT; the divider is a still wall across the box at one coordinate, met from either side.
 *
 * The invariant that keeps a moving wall exact without predicting every sphere again at each
 * change of its motion: the grid's cell layer that holds the wall's plane and the one inward of
 * it are "near". A sphere farther in is at least a cell (one diameter) from the plane, so it
 * cannot touch the wall before its centre crosses a cell face (an event, which predicts again
 * with the wall's present motion) or the wall's plane crosses one (a wall event, which checks the
 * layer it brings near). So a change of the wall's motion checks the near layers only. A sphere
 * farther in may keep a prediction made with an older motion: when it comes up, the sphere is not
 * at the wall, and it is simply predicted again.
 *
 * Scenes without any of this never enter this module's paths (`wallsActive` is 0): their steps are
 * the same, bit for bit.
 */
import { editRollback } from './edits.ts';
import { SolverInputError, finite, positive } from './errors.ts';
import { WALL_CODE, WALL_NAMES } from './events.ts';
import { advance, predict } from './predict.ts';
import { collideFixedWall } from './response.ts';
import { afterVelocityChange, countContact, trySleep, wakeAll } from './sleep.ts';
import { checkHole, dividerHoleBefore, holeWidth, putDividerHole, putHole, refuseIfHoled, restoreDividerHole } from './hole.ts';
import { DIVIDER, EVENT, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { crossingTime } from './time-of-impact.ts';
import { accelerationOf, applyAcceleration, contactTime, rebase, rebaseClock, syncWallNow, updateWallFlags, wallAt, wallAtClock } from './wall-motion.ts';

const { WALL_BASE } = EVENT;
const { F64, I32, U8 } = STRIDE;

/** Kinds of a wall's own events (wallEvKind). */
export const WALL_EVENT = Object.freeze({ MAX: 0, MIN: 1, DOWN: 2, UP: 3 });
const { MAX, MIN, DOWN, UP } = WALL_EVENT;

/** The packing fraction a wall's default inner limit stops at (a hard-sphere fluid freezes near 0.49). */
export const LIMIT_PACKING = 0.5;

/** A wall's name ('-x' ... '+z') or index 0..5, as a wall index; throws naming the field otherwise. */
export function wallIndex(field: string, wall: unknown): number {
  const w = typeof wall === 'string' ? (WALL_NAMES as readonly string[]).indexOf(wall) : typeof wall === 'number' && Number.isInteger(wall) ? wall : -1;
  if (w < 0 || w > 5) throw new SolverInputError(field, wall, `a wall: one of ${WALL_NAMES.map((n) => `'${n}'`).join(', ')}`);
  return w;
}

// ---------------------------------------------------------------- motion

/** The cell layer (along wall w's axis) that holds its plane at position X. */
function layerOf(world: WorldState, w: number, x: number): number {
  const k = w >> 1;
  const c = w & 1 ? x : -x;
  const n = world.gridN[k];
  const l = Math.floor((c + world.halfSize[k]) / world.cellW[k]);
  return l < 0 ? 0 : l >= n ? n - 1 : l;
}

/** After a rebuild of the grid: every wall's motion counted from now, its layer, and its next event. */
export function prepareWalls(world: WorldState): void {
  const t = world.clock[0];
  for (let w = 0; w < 6; w++) {
    rebase(world, w, t);
    // A piston, or a wall left moving, whose limit was reset (a new size puts every wall at the
    // frame with its default limits, pistons included): the default inner limit, now.
    if (!(world.wallMin[w] === world.wallMin[w]) && (world.wallMass[w] !== Infinity || world.wallV[w] !== 0)) {
      world.wallMin[w] = Math.min(defaultInnerLimit(world, w), world.wallX[w]);
    }
    world.wallA[w] = accelerationOf(world, w);
    world.wallLayer[w] = layerOf(world, w, world.wallX[w]);
    scheduleWall(world, w);
  }
  nextWallEvent(world);
}

/**
 * Wall w's next event (a limit, or its plane crossing a cell face), from the clock's time. The
 * crossings are gathered first, for one call site of the root finder (see boundTimesWalls).
 */
function scheduleWall(world: WorldState, w: number): void {
  wallAtClock(world, w);
  const s = world.wallScratch;
  const x = s[0], v = s[1], a = s[2];
  world.wallEvT[w] = Infinity;
  if (v === 0 && a === 0) return;
  const q = world.crossArgs;
  const codes = world.crossCodes;
  let nb = 0;
  q[0] = x;
  q[1] = v;
  q[2] = a;
  q[3] = world.wallMax[w];
  q[4] = 1;
  codes[nb++] = MAX;
  if (world.wallMin[w] === world.wallMin[w]) {
    q[5 * nb] = x;
    q[5 * nb + 1] = v;
    q[5 * nb + 2] = a;
    q[5 * nb + 3] = world.wallMin[w];
    q[5 * nb + 4] = -1;
    codes[nb++] = MIN;
  }
  const k = w >> 1;
  const sg = w & 1 ? 1 : -1;
  const l = world.wallLayer[w];
  const h = world.halfSize[k];
  const cw = world.cellW[k];
  if (l > 0) {
    q[5 * nb] = sg * x;
    q[5 * nb + 1] = sg * v;
    q[5 * nb + 2] = sg * a;
    q[5 * nb + 3] = -h + l * cw;
    q[5 * nb + 4] = -1;
    codes[nb++] = DOWN;
  }
  if (l < world.gridN[k] - 1) {
    q[5 * nb] = sg * x;
    q[5 * nb + 1] = sg * v;
    q[5 * nb + 2] = sg * a;
    q[5 * nb + 3] = -h + (l + 1) * cw;
    q[5 * nb + 4] = 1;
    codes[nb++] = UP;
  }
  let best = Infinity;
  let kind: number = MAX;
  for (let e = 0; e < nb; e++) {
    crossingTime(q, 5 * e);
    const tc = q[5 * e];
    if (tc < best) {
      best = tc;
      kind = codes[e];
    }
  }
  world.wallEvT[w] = world.clock[0] + best;
  world.wallEvKind[w] = kind;
}

/** wallNext: the earliest wall event and its wall. */
function nextWallEvent(world: WorldState): void {
  let best = Infinity;
  let which = -1;
  for (let w = 0; w < 6; w++) {
    if (world.wallEvT[w] < best) {
      best = world.wallEvT[w];
      which = w;
    }
  }
  world.wallNext[0] = best;
  world.wallNext[1] = which;
}

/** The wall event due now (wallNext, at the clock's time): a wall reaching a limit, or its plane entering another cell layer. */
export function wallEvent(world: WorldState): void {
  const w = world.wallNext[1];
  const kind = world.wallEvKind[w];
  if (kind === MAX || kind === MIN) {
    rebaseClock(world, w);
    world.wallX[w] = kind === MAX ? world.wallMax[w] : world.wallMin[w];
    world.wallV[w] = 0;
    applyAcceleration(world, w);
    if (world.wallMass[w] === Infinity || world.wallA[w] === 0) {
      world.wallStops[0]++;
      world.lastStep.wallStops++;
    }
    motionChanged(world, w, -1);
    return;
  }
  const sg = w & 1 ? 1 : -1;
  const l = world.wallLayer[w] + (kind === UP ? 1 : -1);
  world.wallLayer[w] = l;
  // Moving inward, the plane brings the next layer in near.
  const inward = (kind === UP ? 1 : -1) === -sg;
  if (inward) recheckLayer(world, w, l - sg, -1);
  scheduleWall(world, w);
  nextWallEvent(world);
}

/** Wall w's motion changed at the clock's time: its flags, its next event, and the near spheres' predictions (but `skip`'s). */
function motionChanged(world: WorldState, w: number, skip: number): void {
  updateWallFlags(world);
  scheduleWall(world, w);
  nextWallEvent(world);
  const l = world.wallLayer[w];
  const sg = w & 1 ? 1 : -1;
  recheckLayer(world, w, l, skip);
  recheckLayer(world, w, l - sg, skip);
}

/** Checks every sphere in cell layer `layer` (along wall w's axis) against wall w's present motion. */
function recheckLayer(world: WorldState, w: number, layer: number, skip: number): void {
  const k = w >> 1;
  if (layer < 0 || layer >= world.gridN[k]) return;
  const nx = world.gridN[0], ny = world.gridN[1], nz = world.gridN[2];
  const a0 = k === 0 ? layer : 0, a1 = k === 0 ? layer : nx - 1;
  const b0 = k === 1 ? layer : 0, b1 = k === 1 ? layer : ny - 1;
  const c0 = k === 2 ? layer : 0, c1 = k === 2 ? layer : nz - 1;
  for (let z = c0; z <= c1; z++) {
    for (let y = b0; y <= b1; y++) {
      for (let x = a0; x <= a1; x++) {
        let i = world.cellHead[(z * ny + y) * nx + x];
        while (i >= 0) {
          const next = world.nextIn[I32 * i];
          if (i !== skip && !world.asleep[U8 * i] && !world.isFixed[U8 * i]) recheckSphere(world, i, w);
          i = next;
        }
      }
    }
  }
}

/**
 * Sphere i against wall w's new motion: the hit moves earlier (its event becomes the hit), or its
 * predicted hit on w moved later (predicted again in full: its search for pairs stopped at the old hit).
 */
function recheckSphere(world: WorldState, i: number, w: number): void {
  advance(world, i);
  contactTime(world, i, w);
  const at = world.clock[0] + world.wallScratch[3];
  const code = WALL_BASE - w;
  if (at < world.evTime[i]) {
    world.evTime[i] = at;
    world.evKind[I32 * i] = code;
    world.queue.update(i);
  } else if (world.evKind[I32 * i] === code && at > world.evTime[i]) predict(world, i);
}

// ---------------------------------------------------------------- collisions

/**
 * Random numbers for the thermal walls: three draws of mulberry32 on world.rng, uniform in (0, 1],
 * into thermalU (written, not returned: a returned number is boxed).
 */
function drawUniforms(world: WorldState): void {
  for (let q = 0; q < 3; q++) {
    const s = (world.rng[0] + 0x6d2b79f5) >>> 0;
    world.rng[0] = s;
    let z = Math.imul(s ^ (s >>> 15), s | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    world.thermalU[q] = (((z ^ (z >>> 14)) >>> 0) + 1) / 4294967296;
  }
}

/**
 * Sphere i's event is a hit on wall w while the walls are active (w = DIVIDER or DIVIDER + 1: the
 * divider). A prediction made with an older motion of the wall finds the sphere away from it: it
 * is predicted again. Otherwise the sphere reflects in the wall's frame (a driven wall), collides
 * with it as with a body of its mass (a piston), or leaves with a velocity from the wall's flux
 * distribution (a thermal wall); a plain wall is left to collideFixedWall (resting contacts).
 * The energy the sphere gains is counted as work (a moving wall) or heat (a thermal wall).
 */
export function collideActiveWall(world: WorldState, i: number, w: number): void {
  const t = world.clock[0];
  advance(world, i);
  const divider = w >= DIVIDER;
  const k = divider ? world.divider[0] : w >> 1;
  const dir = w & 1 ? 1 : -1;
  let xw: number;
  let vw = 0;
  if (divider) xw = dir * world.divider[1];
  else {
    wallAtClock(world, w);
    xw = world.wallScratch[0];
    vw = world.wallScratch[1];
  }
  const b = F64 * i;
  const r = world.rad[b];
  const s = dir * world.pos[b + k];
  if (xw - s - r > 1e-9 * (Math.abs(xw) + r)) {
    // Predicted with an older motion of the wall: not there now.
    predict(world, i);
    return;
  }
  if (!divider && world.wallPlain[w]) {
    collideFixedWall(world, i, w);
    return;
  }
  if (s > xw - r) world.pos[b + k] = dir * (xw - r);
  const vn = dir * world.vel[b + k];
  const closing = vn - vw;
  if (!(closing > 0)) {
    predict(world, i);
    return;
  }
  const m = world.mass[i];
  const v = world.vel;
  const before = 0.5 * m * (v[b] * v[b] + v[b + 1] * v[b + 1] + v[b + 2] * v[b + 2]);
  const kT = divider ? NaN : world.wallKT[w];
  let lost = 0;
  let heat = 0;
  let vnAfter: number;
  const mw = divider ? Infinity : world.wallMass[w];
  if (kT === kT) {
    // Thermal: the normal speed from the flux distribution (density (m u / kT) exp(-m u^2 / 2kT)),
    // each tangential component Gaussian with variance kT / m; all relative to the wall.
    const sd = Math.sqrt(kT / m);
    drawUniforms(world);
    const un = sd * Math.sqrt(-2 * Math.log(world.thermalU[0]));
    vnAfter = vw - un;
    const g = sd * Math.sqrt(-2 * Math.log(world.thermalU[1]));
    const angle = 2 * Math.PI * world.thermalU[2];
    const k1 = k === 0 ? 1 : 0;
    const k2 = k === 2 ? 1 : 2;
    const relBefore = 0.5 * m * ((vn - vw) * (vn - vw) + v[b + k1] * v[b + k1] + v[b + k2] * v[b + k2]);
    if (world.options.planar) {
      // In the plane the one tangential axis is the other of x and y.
      const kt = k === 0 ? 1 : 0;
      v[b + kt] = g * Math.cos(angle);
    } else {
      v[b + k1] = g * Math.cos(angle);
      v[b + k2] = g * Math.sin(angle);
    }
    const relAfter = 0.5 * m * (un * un + v[b + k1] * v[b + k1] + v[b + k2] * v[b + k2]);
    heat = relAfter - relBefore;
  } else {
    let e = world.options.wallRestitution;
    const own = world.ownE[i];
    if (own < e) e = own;
    if (mw === Infinity) {
      vnAfter = vw - e * closing;
      lost = 0.5 * m * (1 - e * e) * closing * closing;
    } else {
      const mu = (m * mw) / (m + mw);
      const j = (1 + e) * mu * closing;
      vnAfter = vn - j / m;
      lost = 0.5 * mu * (1 - e * e) * closing * closing;
      // The piston recoils: its motion changes from now.
      rebaseClock(world, w);
      world.wallV[w] = vw + j / mw;
    }
  }
  v[b + k] = dir * vnAfter;
  const after = 0.5 * m * (v[b] * v[b] + v[b + 1] * v[b + 1] + v[b + 2] * v[b + 2]);
  const impulse = m * (vn - vnAfter);
  if (divider) {
    world.divider[2]++;
    world.divider[3] += impulse;
  } else {
    world.wallImpulse[w] += impulse;
    world.wallHeat[w] += heat;
    world.wallWork[w] += after - before + lost - heat;
  }
  world.energyLost[0] += lost;
  world.wallCollisions++;
  world.lastStep.wallCollisions++;
  const p = world.events.pending;
  p[0] = t;
  p[1] = k === 0 ? dir : 0;
  p[2] = k === 1 ? dir : 0;
  p[3] = k === 2 ? dir : 0;
  p[4] = impulse;
  p[5] = lost;
  p[6] = closing;
  p[7] = k === 0 ? dir * xw : world.pos[b];
  p[8] = k === 1 ? dir * xw : world.pos[b + 1];
  p[9] = k === 2 ? dir * xw : world.pos[b + 2];
  world.events.record(world.idOf[i], WALL_CODE - (divider ? DIVIDER : w));
  world.collCount[I32 * i]++;
  countContact(world, i);
  world.lastColl[i] = t;
  if (!divider && mw !== Infinity) {
    applyAcceleration(world, w);
    motionChanged(world, w, i);
  }
  // A thermal wall redraws the tangential velocity too: a sphere resting on the floor leaves it
  // (else, its floor masked, it would fall through), and the sleepers it carried wake.
  afterVelocityChange(world, i);
  if (!trySleep(world, i)) predict(world, i);
}

/**
 * The event budget ran out while walls move: the spheres left are frozen for the rest of the
 * step, so no wall may move into them. A driven wall moving inward stops for good (a jam,
 * counted), one moving out goes on; a piston is held still until the next step.
 */
export function jamWalls(world: WorldState): void {
  for (let w = 0; w < 6; w++) {
    if (world.wallV[w] === 0 && world.wallA[w] === 0) continue;
    // A driven wall moving out cannot reach the frozen spheres: it goes on.
    if (world.wallMass[w] === Infinity && world.wallV[w] > 0) continue;
    rebaseClock(world, w);
    if (world.wallMass[w] === Infinity && world.wallV[w] < 0) {
      world.wallStops[1]++;
      world.lastStep.wallJams++;
      world.lastStep.wallStops++;
    }
    world.wallV[w] = 0;
    world.wallA[w] = 0;
    motionChanged(world, w, -1);
  }
}

/**
 * At the start of a step (the clock set to the world's time here, where the code is optimized: in
 * a function called once a step, reading world.time would box it): a piston held by the last
 * step's jam moves again.
 */
export function releaseWalls(world: WorldState): void {
  world.clock[0] = world.time;
  for (let w = 0; w < 6; w++) {
    if (world.wallMass[w] === Infinity || world.wallA[w] !== 0) continue;
    applyAcceleration(world, w);
    if (world.wallA[w] === 0) continue;
    // Held still since the jam (A was 0): rebased at the same position and velocity.
    world.wallA[w] = 0;
    rebaseClock(world, w);
    applyAcceleration(world, w);
    motionChanged(world, w, -1);
  }
}

// ---------------------------------------------------------------- edits

/** Largest sphere radius, m. */
function largestRadius(world: WorldState): number {
  let r = 0;
  for (let i = 0; i < world.count; i++) if (world.rad[F64 * i] > r) r = world.rad[F64 * i];
  return r;
}

/**
 * The default inner limit of wall w: the spheres keep room to move (the box at least two
 * diameters wide, and filled to at most LIMIT_PACKING), and stay clear of the divider.
 */
export function defaultInnerLimit(world: WorldState, w: number): number {
  const k = w >> 1;
  const planar = world.options.planar;
  const rMax = largestRadius(world);
  let filled = 0;
  for (let i = 0; i < world.count; i++) {
    const r = world.rad[F64 * i];
    filled += planar ? Math.PI * r * r : (4 / 3) * Math.PI * r * r * r;
  }
  let cross = 1;
  for (let q = 0; q < (planar ? 2 : 3); q++) if (q !== k) cross *= world.wallNow[2 * q + 1] - world.wallNow[2 * q];
  // At least two diameters: the centres keep a diameter of room. A box one diameter wide leaves
  // them none, and a gas squeezed into it heats without bound (its kT grows as 1 / room^2).
  const width = Math.max(4 * rMax, filled / (LIMIT_PACKING * cross));
  const opposite = w & 1 ? -world.wallNow[w - 1] : world.wallNow[w + 1];
  let min = width - opposite;
  const d = world.divider;
  if (d[0] === k) min = Math.max(min, (w & 1 ? d[1] : -d[1]) + 4 * rMax);
  return min;
}

/** Before a wall edit: the spheres at the world's time, the wall's motion counted from it. */
function beginWallEdit(world: WorldState, w: number): void {
  world.stateVersion++;
  world.clock[0] = world.time;
  for (let i = 0; i < world.count; i++) advance(world, i);
  if (w >= 0) rebase(world, w, world.time);
}

/** After a wall edit: flags, limits kept around the wall, no sphere resting on a wall that is not plain, and a rebuild. */
function endWallEdit(world: WorldState, w: number): void {
  if (w >= 0) {
    const x = world.wallX[w];
    if (world.wallMin[w] > x) world.wallMin[w] = x;
    if (world.wallMax[w] < x) world.wallMax[w] = x;
    world.wallA[w] = accelerationOf(world, w);
  }
  updateWallFlags(world);
  syncWallNow(world);
  let plainMask = 0;
  for (let q = 0; q < 6; q++) if (world.wallPlain[q]) plainMask |= 1 << q;
  for (let i = 0; i < world.count; i++) world.restMask[U8 * i] &= plainMask;
  if (world.wallsMoving) wakeAll(world);
  world.dirty = true;
}

/** Sets wall w's velocity along its outward normal (a driven wall; a piston stops being one). */
export function setWallVelocity(world: WorldState, wall: unknown, velocity: unknown): void {
  const w = wallIndex('wall', wall);
  const v = finite('velocity', velocity);
  if (v !== 0) refuseIfHoled(world, w, wall);
  beginWallEdit(world, w);
  world.wallMass[w] = Infinity;
  world.wallForce[w] = 0;
  if (v !== 0 && !(world.wallMin[w] === world.wallMin[w])) world.wallMin[w] = Math.min(defaultInnerLimit(world, w), world.wallX[w]);
  world.wallV[w] = v;
  endWallEdit(world, w);
}

/** Makes wall w a piston of mass `mass` pushed inward by `force` (null: a still wall again). It keeps its present velocity. */
export function setPiston(world: WorldState, wall: unknown, piston: unknown): void {
  const w = wallIndex('wall', wall);
  if (piston === null) {
    beginWallEdit(world, w);
    world.wallMass[w] = Infinity;
    world.wallForce[w] = 0;
    world.wallV[w] = 0;
    endWallEdit(world, w);
    return;
  }
  if (typeof piston !== 'object' || piston === undefined) throw new SolverInputError('piston', piston, '{ mass, force } or null');
  const o = piston as { mass?: unknown; force?: unknown };
  const mass = positive('piston.mass', o.mass);
  const force = o.force === undefined ? 0 : finite('piston.force', o.force);
  if (force < 0) throw new SolverInputError('piston.force', force, 'a finite number >= 0 (the force pushes inward)');
  refuseIfHoled(world, w, wall);
  beginWallEdit(world, w);
  world.wallMass[w] = mass;
  world.wallForce[w] = force;
  if (!(world.wallMin[w] === world.wallMin[w])) world.wallMin[w] = Math.min(defaultInnerLimit(world, w), world.wallX[w]);
  endWallEdit(world, w);
}

/** Makes wall w thermal at kT, J (null: adiabatic again). */
export function setWallTemperature(world: WorldState, wall: unknown, kT: unknown): void {
  const w = wallIndex('wall', wall);
  const value = kT === null ? NaN : positive('kT', kT);
  beginWallEdit(world, w);
  world.wallKT[w] = value;
  endWallEdit(world, w);
}

/** Sets wall w's limits, m along its outward normal (null: the defaults). A wall beyond them moves to them. */
export function setWallLimits(world: WorldState, wall: unknown, limits: unknown): void {
  const w = wallIndex('wall', wall);
  const h = world.halfSize[w >> 1];
  const opposite = w & 1 ? -world.wallNow[w - 1] : world.wallNow[w + 1];
  const least = 2 * largestRadius(world) - opposite;
  let min = NaN;
  let max = h;
  if (limits !== null) {
    if (typeof limits !== 'object' || limits === undefined) throw new SolverInputError('limits', limits, '{ min, max } or null');
    const o = limits as { min?: unknown; max?: unknown };
    if (o.max !== undefined) {
      max = finite('limits.max', o.max);
      if (max > h) throw new SolverInputError('limits.max', max, `at most the frame's half size (${h})`);
    }
    if (o.min !== undefined) {
      min = finite('limits.min', o.min);
      if (min < least) throw new SolverInputError('limits.min', min, `at least ${least} (the largest sphere must fit against the opposite wall)`);
      if (min > max) throw new SolverInputError('limits.min', min, `at most limits.max (${max})`);
      const d = world.divider;
      const clear = (w & 1 ? d[1] : -d[1]) + 2 * largestRadius(world);
      if (d[0] === w >> 1 && min < clear) throw new SolverInputError('limits.min', min, `at least ${clear} (short of the divider by the largest sphere's diameter)`);
    }
  }
  const x = world.wallX[w];
  const target = x > max ? max : min === min && x < min ? min : x;
  setWallPosition(world, w, target);
  beginWallEdit(world, w);
  world.wallMax[w] = max;
  world.wallMin[w] = min === min ? min : world.wallsMoving ? Math.min(defaultInnerLimit(world, w), world.wallX[w]) : NaN;
  endWallEdit(world, w);
}

/**
 * Moves wall w to `position` (m along its outward normal, at most the frame's half size) at once,
 * keeping its motion. Spheres beyond it are moved in and overlaps repaired; with no room, nothing changes.
 */
export function setWallPosition(world: WorldState, wall: unknown, position: unknown): void {
  const w = wallIndex('wall', wall);
  const k = w >> 1;
  const h = world.halfSize[k];
  const x = finite('position', position);
  if (x > h) throw new SolverInputError('position', x, `at most the frame's half size (${h})`);
  const opposite = w & 1 ? -world.wallNow[w - 1] : world.wallNow[w + 1];
  const least = 2 * largestRadius(world) - opposite;
  if (x < least) throw new SolverInputError('position', x, `at least ${least} (the largest sphere must fit against the opposite wall)`);
  const d = world.divider;
  if (d[0] === k && (w & 1 ? x <= d[1] : -x >= d[1])) throw new SolverInputError('position', x, `beyond the divider at ${d[1]}`);
  if (x === world.wallX[w] && world.wallT[w] === world.time) return;
  refuseIfHoled(world, w, wall);
  beginWallEdit(world, w);
  const old = world.wallX[w];
  const oldMin = world.wallMin[w];
  const oldMax = world.wallMax[w];
  editRollback(world, () => {
    world.wallX[w] = x;
    endWallEdit(world, w);
  }, 'position', x, () => {
    world.wallX[w] = old;
    world.wallMin[w] = oldMin;
    world.wallMax[w] = oldMax;
    endWallEdit(world, w);
  });
}

/**
 * Puts the divider across the box at `position` on `axis` ('x', 'y' or 'z'), or takes it out
 * (null), with a square opening of side `hole.width` centred on the box's cross-section (none
 * without `hole`). Spheres across it move to the side of their centre (just clear of the rim
 * over the opening), and overlaps are repaired. Every check comes first: a refused divider
 * changes nothing.
 */
export function setDivider(world: WorldState, divider: unknown): void {
  if (divider === null) {
    beginWallEdit(world, -1);
    world.divider[0] = -1;
    putHole(world, DIVIDER, null);
    endWallEdit(world, -1);
    return;
  }
  if (typeof divider !== 'object' || divider === undefined) throw new SolverInputError('divider', divider, '{ axis, position, hole? } or null');
  const o = divider as { axis?: unknown; position?: unknown; hole?: unknown };
  const axes = world.options.planar ? ['x', 'y'] : ['x', 'y', 'z'];
  const k = typeof o.axis === 'string' ? axes.indexOf(o.axis) : -1;
  if (k < 0) throw new SolverInputError('divider.axis', o.axis, axes.map((a) => `'${a}'`).join(' or '));
  const lo = world.wallNow[2 * k];
  const hi = world.wallNow[2 * k + 1];
  const position = finite('divider.position', o.position);
  if (!(position > lo && position < hi)) throw new SolverInputError('divider.position', position, `between the walls, in (${lo}, ${hi})`);
  const hole = o.hole === undefined || o.hole === null ? null : checkHole(world, 'divider.hole', o.hole, k);
  beginWallEdit(world, -1);
  const oldAxis = world.divider[0];
  const oldPosition = world.divider[1];
  const oldLow = world.wallMin[2 * k];
  const oldHigh = world.wallMin[2 * k + 1];
  const before = dividerHoleBefore(world, k, position, hole);
  editRollback(world, () => {
    world.divider[0] = k;
    world.divider[1] = position;
    putDividerHole(world, hole, before);
    // The two walls across it may not move past it (less the largest sphere's room).
    const room = 2 * largestRadius(world);
    for (let w = 2 * k; w <= 2 * k + 1; w++) {
      const stop = Math.min((w & 1 ? position : -position) + room, world.wallX[w]);
      if (world.wallMin[w] < stop) world.wallMin[w] = stop;
    }
    endWallEdit(world, -1);
  }, 'divider.position', position, () => {
    world.divider[0] = oldAxis;
    world.divider[1] = oldPosition;
    restoreDividerHole(world, before);
    world.wallMin[2 * k] = oldLow;
    world.wallMin[2 * k + 1] = oldHigh;
    endWallEdit(world, -1);
  });
}

/**
 * Opens a square hole of side `hole.width` in wall w, centred on the wall (null: closes it). The
 * spheres whose centres pass through it leave the box (hole.ts). The wall must be still and stays
 * so: a driven wall or a piston is refused, and so is moving a wall with a hole.
 */
export function setWallHole(world: WorldState, wall: unknown, hole: unknown): void {
  const w = wallIndex('wall', wall);
  if (hole !== null) {
    if (world.options.planar && w >= 4) throw new SolverInputError('wall', wall, `a wall of the plane: ${WALL_NAMES.slice(0, 4).map((n) => `'${n}'`).join(', ')}`);
    if (world.wallV[w] !== 0 || world.wallA[w] !== 0 || world.wallMass[w] !== Infinity) throw new SolverInputError('wall', wall, 'a still wall (not driven, not a piston): a wall with a hole stays still');
  }
  const shape = hole === null ? null : checkHole(world, 'hole', hole, w >> 1);
  beginWallEdit(world, w);
  putHole(world, w, shape);
  endWallEdit(world, w);
}

/** What {@link wallState} reports of a wall. */
export interface WallState {
  /** Position along the outward normal from the box's centre, m. */
  position: number;
  /** Velocity along the outward normal, m/s (negative: moving in). */
  velocity: number;
  /** Mass, kg: Infinity for a wall that moves as it is told (or stands still). */
  mass: number;
  /** The inward force on a piston, N (0 otherwise). */
  force: number;
  /** Temperature kT of a thermal wall, J; null for an adiabatic one. */
  kT: number | null;
  /** The limits of its position, m. */
  min: number;
  max: number;
  /** Work it has done on the spheres and heat it has given them since creation, J. */
  work: number;
  heat: number;
  /** The width of its hole, m ({@link setWallHole}), or null. */
  hole: number | null;
}

/** Wall w at the world's time. */
export function wallState(world: WorldState, wall: unknown): WallState {
  const w = wallIndex('wall', wall);
  wallAt(world, w, world.time);
  const kT = world.wallKT[w];
  return {
    position: world.wallScratch[0],
    velocity: world.wallScratch[1],
    mass: world.wallMass[w],
    force: world.wallForce[w],
    kT: kT === kT ? kT : null,
    min: world.wallMin[w] === world.wallMin[w] ? world.wallMin[w] : Math.min(defaultInnerLimit(world, w), world.wallScratch[0]),
    max: world.wallMax[w],
    work: world.wallWork[w],
    heat: world.wallHeat[w],
    hole: holeWidth(world, w),
  };
}
