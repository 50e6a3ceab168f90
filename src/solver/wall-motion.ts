/**
 * The walls' motion as state: where a wall is at a time, and the flags that tell the step which
 * paths to take. See walls.ts for the model; this module reads and writes the state only, so that
 * edits, prediction and the wall events can all use it.
 */
import { frameHoles } from './hole.ts';
import type { WorldState } from './state.ts';
import { CROSS_ARGS, crossingTime } from './time-of-impact.ts';
import { STRIDE } from './state.ts';

const { F64 } = STRIDE;

/** Writes wall w's position, velocity and acceleration at time t into wallScratch[0..2]. */
export function wallAt(world: WorldState, w: number, t: number): void {
  const tau = t - world.wallT[w];
  const a = world.wallA[w];
  const s = world.wallScratch;
  s[0] = tau === 0 ? world.wallX[w] : world.wallX[w] + (world.wallV[w] + 0.5 * a * tau) * tau;
  s[1] = world.wallV[w] + a * tau;
  s[2] = a;
}

/** Re-bases wall w's motion at time t (the same motion, counted from t). */
export function rebase(world: WorldState, w: number, t: number): void {
  wallAt(world, w, t);
  world.wallX[w] = world.wallScratch[0];
  world.wallV[w] = world.wallScratch[1];
  world.wallT[w] = t;
}

/**
 * wallAt and rebase at the clock's time. The hot paths call these: a time passed to a call that
 * V8 does not inline is boxed (a fresh heap number each call).
 */
export function wallAtClock(world: WorldState, w: number): void {
  const tau = world.clock[0] - world.wallT[w];
  const a = world.wallA[w];
  const s = world.wallScratch;
  s[0] = tau === 0 ? world.wallX[w] : world.wallX[w] + (world.wallV[w] + 0.5 * a * tau) * tau;
  s[1] = world.wallV[w] + a * tau;
  s[2] = a;
}

export function rebaseClock(world: WorldState, w: number): void {
  wallAtClock(world, w);
  world.wallX[w] = world.wallScratch[0];
  world.wallV[w] = world.wallScratch[1];
  world.wallT[w] = world.clock[0];
}

/** Sets wallA[w] to {@link accelerationOf} (written, not returned: a returned number is boxed). */
export function applyAcceleration(world: WorldState, w: number): void {
  const m = world.wallMass[w];
  world.wallA[w] = m === Infinity || (world.wallX[w] <= world.wallMin[w] && world.wallV[w] <= 0) ? 0 : -world.wallForce[w] / m;
}

/** The acceleration wall w has in its present state: a piston's -F / M, unless it rests on its inner stop or is held. */
export function accelerationOf(world: WorldState, w: number): number {
  const m = world.wallMass[w];
  if (m === Infinity) return 0;
  if (world.wallX[w] <= world.wallMin[w] && world.wallV[w] <= 0) return 0;
  return -world.wallForce[w] / m;
}

/** Recomputes the walls' flags (wallPlain, wallsMoving, wallsActive). */
export function updateWallFlags(world: WorldState): void {
  let moving = 0;
  let active = world.divider[0] >= 0 ? 1 : 0;
  for (let w = 0; w < 6; w++) {
    const k = w >> 1;
    const still = world.wallV[w] === 0 && world.wallA[w] === 0;
    const piston = world.wallMass[w] !== Infinity;
    const plain = still && !piston && world.wallX[w] === world.halfSize[k] && world.wallKT[w] !== world.wallKT[w] && !(world.holeMask & (1 << w));
    world.wallPlain[w] = plain ? 1 : 0;
    if (!still || piston) moving = 1;
    if (!plain) active = 1;
  }
  world.wallsMoving = moving;
  world.wallsActive = active;
}

/** wallNow from the walls' positions at the world's time. */
export function syncWallNow(world: WorldState): void {
  for (let w = 0; w < 6; w++) {
    wallAt(world, w, world.time);
    world.wallNow[w] = w & 1 ? world.wallScratch[0] : -world.wallScratch[0];
  }
}

/** Puts every wall at the frame, still, with default limits (a new world, or a new size). Pistons, temperatures and the divider stay. */
export function frameWalls(world: WorldState): void {
  for (let w = 0; w < 6; w++) {
    const h = world.halfSize[w >> 1];
    world.wallX[w] = h;
    world.wallV[w] = 0;
    world.wallA[w] = 0;
    world.wallT[w] = world.time;
    world.wallMax[w] = h;
    world.wallMin[w] = NaN; // the default, computed when the wall starts to move
    world.wallNow[w] = w & 1 ? h : -h;
    world.wallEvT[w] = Infinity;
  }
  const d = world.divider;
  if (d[0] >= 0 && Math.abs(d[1]) >= world.halfSize[d[0]]) d[0] = -1;
  frameHoles(world);
  world.wallNext[0] = Infinity;
  updateWallFlags(world);
}

/** Scratch of {@link contactTime}: crossingTime's argument block. */
const contactArgs = new Float64Array(CROSS_ARGS);

/** The delay until sphere i (at the clock's time) touches wall w, into wallScratch[3] (Infinity: never). */
export function contactTime(world: WorldState, i: number, w: number): void {
  const k = w >> 1;
  const sg = w & 1 ? 1 : -1;
  const tau = world.clock[0] - world.wallT[w];
  const aw = world.wallA[w];
  const vw = world.wallV[w] + aw * tau;
  const xw = tau === 0 ? world.wallX[w] : world.wallX[w] + (world.wallV[w] + 0.5 * aw * tau) * tau;
  const b = F64 * i;
  const c = contactArgs;
  c[0] = sg * world.pos[b + k] + world.rad[b] - xw;
  c[1] = sg * world.vel[b + k] - vw;
  c[2] = sg * world.acc[b + k] - aw;
  c[3] = 0;
  c[4] = 1;
  crossingTime(c, 0);
  world.wallScratch[3] = c[0];
}

