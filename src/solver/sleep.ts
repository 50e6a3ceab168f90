/**
 * Sleep, wake and freeze (docs/physics.md, section 7): a slow sphere whose weight is carried
 * (support.ts) goes to sleep (an immovable obstacle) and wakes, with every sleeper resting on it,
 * when struck or when what carries it moves; the spheres resting on a wall slide along it until
 * an impulse takes them off it; contacts are counted for the Zeno guard; and the event budget
 * freezes spheres for the rest of a step.
 */
import { gatherNeighbours } from './grid.ts';
import { REPAIR_TOLERANCE, SLEEP_SPEED_FACTOR, SLEEP_TIME, STOP_FRACTION, SUPPORT_GAP } from './options.ts';
import { advance, predict, setEvent } from './predict.ts';
import { EVENT, LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { isSupported } from './support.ts';

const { NONE } = EVENT;
const { NEIGH_A, NEIGH_B } = LIST;
const { F64, I32, I16, U8 } = STRIDE;

/**
 * Resting contact and inelastic collapse (docs/physics.md, section 7): the remedies chosen.
 *
 * 1. A contact closing slower than the resting speed sqrt(2 |g| h) is perfectly inelastic, so
 *    the Zeno sequence of a bouncing sphere ends after finitely many bounces.
 * 2. A sphere brought to rest on a wall stays on it: the wall cancels gravity's normal part
 *    (its acceleration loses that component), so it slides exactly instead of bouncing at t = 0.
 * 3. A slow sphere whose weight is carried by walls, fixed or sleeping spheres goes to sleep: an
 *    immovable obstacle with zero velocity. A pile therefore stops completely: no jitter, no
 *    sinking, no energy gain, and no work per step. A sleeper wakes when struck faster than the
 *    resting speed, when a sphere below it moves, when an edit moves it or what carries it, or
 *    on an edit of gravity, the box or a world setting.
 *    This is the event-driven counterpart of a contact solver with static friction: it removes
 *    the residual energy of a settled pile (at most m g h per sphere) and nothing else.
 * 4. Without gravity there is no resting speed; a dense inelastic cluster is kept from
 *    collapsing by the TC model (`collapseTime`): collisions in quick succession are elastic.
 * 5. Guards for the cases 1-3 miss: a slow sphere with more than `maxContactsPerStep` contacts in
 *    a step sleeps if anything is below it; a sphere that stays slower than twice the resting
 *    speed for SLEEP_TIME (hopping in a pocket it is not carried by) sleeps likewise, like the
 *    sleep timers of physics engines; and the per-step event budget freezes what is left of the
 *    step (see `maxEventsPerStep`), counted in `lastStep.frozen`, zero in ordinary scenes.
 *
 * Returns true when the sphere went to sleep.
 */
export function trySleep(world: WorldState, i: number): boolean {
  if (!world.options.sleep || world.gravityMagnitude === 0 || world.isFixed[U8 * i] || world.wallsMoving) return false;
  const b = F64 * i;
  const vx = world.vel[b];
  const vy = world.vel[b + 1];
  const vz = world.vel[b + 2];
  // A sphere whose every contact is elastic (e = 1 with spheres and walls) rests only at the stop
  // speed: sleeping would take its kinetic energy (see collideWall).
  const own = world.ownE[i];
  const elastic = world.options.restitution === 1 && world.options.wallRestitution === 1 && !(own < 1);
  const vRest = world.restUnit[0] * Math.sqrt(world.rad[F64 * i]) * (elastic ? STOP_FRACTION : 1);
  const v2 = vx * vx + vy * vy + vz * vz;
  const t = world.clock[0];
  // Sleep timer (the last guard): a sphere that keeps hopping slowly on whatever is below it
  // for SLEEP_TIME without ever being carried still comes to rest.
  if (v2 >= SLEEP_SPEED_FACTOR * SLEEP_SPEED_FACTOR * vRest * vRest) {
    world.slowSince[i] = NaN;
    return false;
  }
  const since = world.slowSince[i];
  if (since !== since) world.slowSince[i] = t;
  const timedOut = t - since > SLEEP_TIME;
  if (v2 >= vRest * vRest && !timedOut) return false;
  const zeno = timedOut || (world.stepStamp[i] === world.stepId && world.stepContacts[i] > world.options.maxContactsPerStep);
  if (!isSupported(world, i, zeno)) return false;
  sleepSphere(world, i);
  return true;
}

/** Counts a contact for the Zeno guard (contacts of sphere i in this step). */
export function countContact(world: WorldState, i: number): void {
  if (world.stepStamp[i] !== world.stepId) {
    world.stepStamp[i] = world.stepId;
    world.stepContacts[i] = 0;
  }
  world.stepContacts[i]++;
}

export function sleepSphere(world: WorldState, i: number): void {
  const b = F64 * i;
  const m = world.mass[i];
  const v2 = world.vel[b] ** 2 + world.vel[b + 1] ** 2 + world.vel[b + 2] ** 2;
  world.energyLost[0] += 0.5 * m * v2;
  world.vel[b] = world.vel[b + 1] = world.vel[b + 2] = 0;
  world.asleep[U8 * i] = 1;
  world.sleepingCount++;
  world.slowSince[i] = NaN;
  world.restMask[U8 * i] = 0;
  updateAcceleration(world, i);
  world.collCount[I32 * i]++;
  setEvent(world, i, Infinity, NONE);
  // Its neighbours' predictions assumed it moving; now it stands still, they must look again.
  forNeighbours(world, i, 1);
}

/** Wakes sphere i (at rest) and, in cascade, every sleeper resting on it. */
export function wake(world: WorldState, i: number): void {
  world.stack[0] = i;
  world.asleep[U8 * i] = 0;
  world.sleepingCount--;
  wakeCascade(world, 1);
}

/** Wakes the sleepers resting on sphere i (it is moving). */
export function wakeAbove(world: WorldState, i: number): void {
  const top = pushSleepersAbove(world, i, world.stack, 0);
  if (top > 0) wakeCascade(world, top);
}

/** After an impulse: leave walls it no longer rests on, and wake sleepers it was carrying. */
export function afterVelocityChange(world: WorldState, i: number): void {
  const mask = world.restMask[U8 * i];
  if (mask) {
    let keep = mask;
    for (let w = 0; w < 6; w++) {
      if (mask & (1 << w) && world.vel[F64 * i + (w >> 1)] !== 0) keep &= ~(1 << w);
    }
    if (keep !== mask) {
      world.restMask[U8 * i] = keep;
      updateAcceleration(world, i);
    }
  }
  if (world.sleepingCount > 0) wakeAbove(world, i);
}

/**
 * stack[0..top) were just marked awake: wake, in cascade, every sleeper resting on them, then
 * predict for all of them (they start at rest and fall onto whatever is below). Their
 * neighbours' stale predictions are caught by the collision counters; new contacts with them
 * are found by their own predictions.
 */
export function wakeCascade(world: WorldState, top: number): void {
  const t = world.clock[0];
  const stack = world.stack;
  for (let q = 0; q < top; q++) {
    const k = stack[q];
    world.tLoc[F64 * k] = t;
    world.collCount[I32 * k]++;
    restOnTouchedWalls(world, k);
    updateAcceleration(world, k);
    top = pushSleepersAbove(world, k, stack, top);
  }
  for (let q = 0; q < top; q++) predict(world, stack[q]);
}

/** Pushes onto `stack` every sleeping sphere touching k from above, marking it awake. */
export function pushSleepersAbove(world: WorldState, k: number, stack: Int32Array, top: number): number {
  const b = F64 * k;
  const gap = SUPPORT_GAP * world.rad[F64 * k];
  const around = gatherNeighbours(world, k, NEIGH_A);
  const list = world.neighA;
  for (let q = 0; q < around; q++) {
    const j = list[q];
    if (!world.asleep[U8 * j]) continue;
    const dx = world.pos[F64 * j] - world.pos[b];
    const dy = world.pos[F64 * j + 1] - world.pos[b + 1];
    const dz = world.pos[F64 * j + 2] - world.pos[b + 2];
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d - world.rad[F64 * k] - world.rad[F64 * j] > gap) continue;
    if (dx * world.gravity[0] + dy * world.gravity[1] + dz * world.gravity[2] >= 0) continue; // not above
    world.asleep[U8 * j] = 0;
    world.sleepingCount--;
    stack[top++] = j;
  }
  return top;
}

/**
 * Re-predicts the awake neighbours of sphere i (whose motion just changed without its own
 * prediction covering them). With `skipSelf` 0, i itself and newly woken spheres are included.
 */
export function forNeighbours(world: WorldState, i: number, skipSelf: number): void {
  const around = gatherNeighbours(world, i, NEIGH_B);
  const list = world.neighB;
  for (let q = 0; q < around; q++) {
    const j = list[q];
    if ((skipSelf && j === i) || world.asleep[U8 * j] || world.isFixed[U8 * j]) continue;
    predict(world, j);
  }
}

/** A sphere at rest touching a wall that gravity pushes it into rests on that wall. */
export function restOnTouchedWalls(world: WorldState, i: number): void {
  const b = F64 * i;
  const r = world.rad[F64 * i];
  const gap = SUPPORT_GAP * r;
  let mask = 0;
  for (let k = 0; k < 3; k++) {
    const h = world.halfSize[k];
    const old = world.pos[b + k];
    if (world.gravity[k] > 0 && world.wallPlain[2 * k + 1] && h - r - old <= gap && world.vel[b + k] === 0) {
      world.pos[b + k] = h - r;
      if (snapOverlaps(world, i, k, old)) world.pos[b + k] = old;
      else mask |= 1 << (2 * k + 1);
    } else if (world.gravity[k] < 0 && world.wallPlain[2 * k] && old - (r - h) <= gap && world.vel[b + k] === 0) {
      world.pos[b + k] = r - h;
      if (snapOverlaps(world, i, k, old)) world.pos[b + k] = old;
      else mask |= 1 << (2 * k);
    }
  }
  world.restMask[U8 * i] = mask;
}

/**
 * Whether moving sphere i onto a wall (axis k, from `old`) pushed it into a neighbour beyond
 * the repair tolerance (deeper than it already was): a sphere leaning on another just above the
 * floor must not be snapped down into it; it then falls and settles by the ordinary events.
 * Walks the grid cells directly (no neighbour buffer: callers may be looping over one).
 */
export function snapOverlaps(world: WorldState, i: number, k: number, old: number): boolean {
  const p = world.pos;
  const b = F64 * i;
  const r = world.rad[F64 * i];
  const nx = world.gridN[0], ny = world.gridN[1], nz = world.gridN[2];
  const cx = world.cellC[I16 * i], cy = world.cellC[I16 * i + 1], cz = world.cellC[I16 * i + 2];
  for (let qz = cz > 0 ? cz - 1 : 0; qz <= (cz < nz - 1 ? cz + 1 : nz - 1); qz++) {
    for (let qy = cy > 0 ? cy - 1 : 0; qy <= (cy < ny - 1 ? cy + 1 : ny - 1); qy++) {
      for (let qx = cx > 0 ? cx - 1 : 0; qx <= (cx < nx - 1 ? cx + 1 : nx - 1); qx++) {
        for (let j = world.cellHead[(qz * ny + qy) * nx + qx]; j >= 0; j = world.nextIn[I32 * j]) {
          if (j === i) continue;
          const bj = F64 * j;
          const s = r + world.rad[F64 * j];
          const dx = p[bj] - p[b];
          const dy = p[bj + 1] - p[b + 1];
          const dz = p[bj + 2] - p[b + 2];
          const d2 = dx * dx + dy * dy + dz * dz;
          if (d2 >= s * s) continue;
          const depth = s - Math.sqrt(d2);
          if (depth <= REPAIR_TOLERANCE * s) continue;
          const dk = p[bj + k] - old;
          const before = s - Math.sqrt(d2 - (p[bj + k] - p[b + k]) ** 2 + dk * dk);
          if (depth > before) return true;
        }
      }
    }
  }
  return false;
}

/** a = g, minus the normal part of every wall the sphere rests on; 0 for a still sphere. */
export function updateAcceleration(world: WorldState, i: number): void {
  const b = F64 * i;
  const still = world.asleep[U8 * i] || world.isFixed[U8 * i];
  const mask = world.restMask[U8 * i];
  for (let k = 0; k < 3; k++) {
    world.acc[b + k] = still || mask & (3 << (2 * k)) ? 0 : world.gravity[k];
  }
}

/** Event budget exceeded: sphere i stops for the rest of this step. */
export function freeze(world: WorldState, i: number): void {
  advance(world, i);
  if (!world.asleep[U8 * i]) {
    world.frozen[U8 * i] = 1;
    world.frozenCount++;
    world.lastStep.frozen++;
    sleepSphere(world, i);
  } else setEvent(world, i, Infinity, NONE);
}

/** Frees the spheres the budget froze in the previous step. */
export function releaseFrozen(world: WorldState): void {
  world.clock[0] = world.time;
  for (let i = 0; i < world.count; i++) {
    if (!world.frozen[U8 * i]) continue;
    world.frozen[U8 * i] = 0;
    if (world.asleep[U8 * i]) {
      world.asleep[U8 * i] = 0;
      world.sleepingCount--;
      updateAcceleration(world, i);
      world.collCount[I32 * i]++;
      predict(world, i);
    }
  }
  world.frozenCount = 0;
}

export function wakeAll(world: WorldState): void {
  for (let i = 0; i < world.count; i++) {
    world.asleep[U8 * i] = 0;
    world.frozen[U8 * i] = 0;
  }
  world.sleepingCount = 0;
  world.frozenCount = 0;
}
