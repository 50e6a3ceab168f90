/**
 * The stages of a step, in the order World.step runs them:
 *
 * 1. beginStep: reset the step's counters, rebuild after edits, release spheres the budget froze.
 * 2. processEvents: open the event queue up to the step's end, pop events in time order and
 *    dispatch each by its kind (a pair collision, a wall hit, a cell crossing, or a stale
 *    prediction to redo), up to the event budget; the clock stops at the step's end.
 * 3. advanceAll (predict.ts): every sphere to the step's end, which becomes the world's time.
 * 4. reorderIfDue: renumber the slots in cell order every so many steps, a large world's spread
 *    over several steps (renumber.ts).
 *
 * The step's arithmetic on times stays inside the functions with loops, which V8 optimizes
 * first: a small function called once a step runs unoptimized for a while, and there every
 * number it computes is a fresh heap object.
 */
import { buildGrid } from './grid.ts';
import { holeEvent } from './hole-events.ts';
import { EVENT_BUDGET_BASE, EVENT_BUDGET_PER_SPHERE, REORDER_MIN_SPHERES, REORDER_STEPS } from './options.ts';
import { predict, sync } from './predict.ts';
import { RENUMBER_PHASES, moveSpheres, planRenumbering, renumberingUnderway, reorder } from './renumber.ts';
import { collideFixedWall, collidePair, crossCell } from './response.ts';
import { freeze, releaseFrozen, restOnTouchedWalls, updateAcceleration } from './sleep.ts';
import { EVENT, HOLE, STRIDE, cellFaceOf, isCellCrossing, isPairEvent, isWallHit, wallOf } from './state.ts';
import type { WorldState } from './state.ts';
import { collideActiveWall, jamWalls, prepareWalls, releaseWalls, wallEvent } from './walls.ts';
import { reservePairs, wellPairEvent } from './wells.ts';

const { NONE } = EVENT;
const { I32, U8 } = STRIDE;

/** Stage 1: a step begins. */
export function beginStep(world: WorldState): void {
  world.stepId++;
  const work = world.lastStep;
  work.events = work.pairCollisions = work.wallCollisions = work.cellCrossings = work.stale = work.frozen = work.hops = work.clusters = 0;
  work.renumberSorted = work.renumberSwaps = work.wallStops = work.wallJams = work.reactions = work.wellEvents = 0;
  world.events.clear();
  if (world.dirty) rebuild(world);
  if (world.frozenCount > 0) releaseFrozen(world);
  if (world.wallsMoving) releaseWalls(world);
  // Room for the pairs the step may add, so that the events never grow the set (wells.ts).
  if (world.wellsOn) reservePairs(world, world.count);
}

/** Stage 2: every event of the next `dt` seconds, in time order (freezing spheres beyond the event budget). */
export function processEvents(world: WorldState, dt: number): void {
  if (world.wallsActive) {
    processEventsWithWalls(world, dt);
    return;
  }
  const tEnd = world.time + dt;
  world.queue.horizon[0] = tEnd;
  world.queue.refill();
  const work = world.lastStep;
  const budget = world.options.maxEventsPerStep > 0 ? world.options.maxEventsPerStep : EVENT_BUDGET_BASE + EVENT_BUDGET_PER_SPHERE * world.count;
  for (;;) {
    const i = world.queue.top();
    if (i < 0) break;
    const t = world.queue.time[0]; // = evTime[i], from the heap (evTime[i] is not read: a cache miss)
    if (!(t <= tEnd)) break;
    world.clock[0] = t;
    work.events++;
    if (work.events > budget) {
      freeze(world, i);
      continue;
    }
    const kind = world.evKind[I32 * i];
    if (isPairEvent(kind)) {
      // Valid while the partner has not collided since: settle keeps its count in pairC.
      if (world.pairC[I32 * i] !== world.collCount[I32 * kind]) {
        work.stale++;
        predict(world, i);
      } else if (world.wellsOn !== 0) wellPairEvent(world, i, kind);
      else collidePair(world, i, kind);
    } else if (isCellCrossing(kind)) crossCell(world, i, cellFaceOf(kind));
    else if (isWallHit(kind)) collideFixedWall(world, i, wallOf(kind));
    else predict(world, i);
  }
  world.clock[0] = tEnd;
}

/**
 * processEvents while the walls are active (walls.ts): the walls' own events (a wall reaching a
 * limit, or its plane entering another cell layer) interleave with the spheres' in time order,
 * a wall hit goes to collideActiveWall, and a hole's own event (a rim edge, a centre passing
 * through) to holeEvent. When the event budget runs out, the moving walls stop
 * before any sphere is frozen (jamWalls).
 */
function processEventsWithWalls(world: WorldState, dt: number): void {
  const tEnd = world.time + dt;
  world.queue.horizon[0] = tEnd;
  world.queue.refill();
  const work = world.lastStep;
  const budget = world.options.maxEventsPerStep > 0 ? world.options.maxEventsPerStep : EVENT_BUDGET_BASE + EVENT_BUDGET_PER_SPHERE * world.count;
  let jammed = false;
  for (;;) {
    const i = world.queue.top();
    const tWall = world.wallNext[0];
    if (tWall <= tEnd && (i < 0 || tWall <= world.queue.time[0])) {
      world.clock[0] = tWall;
      work.events++;
      wallEvent(world);
      continue;
    }
    if (i < 0) break;
    const t = world.queue.time[0];
    if (!(t <= tEnd)) break;
    world.clock[0] = t;
    work.events++;
    if (work.events > budget) {
      if (!jammed) {
        jammed = true;
        jamWalls(world);
      }
      freeze(world, i);
      continue;
    }
    const kind = world.evKind[I32 * i];
    if (isPairEvent(kind)) {
      if (world.pairC[I32 * i] !== world.collCount[I32 * kind]) {
        work.stale++;
        predict(world, i);
      } else if (world.wellsOn !== 0) wellPairEvent(world, i, kind);
      else collidePair(world, i, kind);
    } else if (isCellCrossing(kind)) crossCell(world, i, cellFaceOf(kind));
    else if (isWallHit(kind)) {
      const w = wallOf(kind);
      if (w === HOLE) holeEvent(world, i);
      else collideActiveWall(world, i, w);
    } else predict(world, i);
  }
  world.clock[0] = tEnd;
}

/**
 * Stage 4: renumbers the slots when the `reorderEvery` option says so. A renumbering due every
 * more than RENUMBER_PHASES + 1 steps is spread: planned at the step it falls due, then carried
 * out over the next RENUMBER_PHASES steps; one due more often is done whole. At most one call a
 * step (reorderedFrom describes only the last).
 */
export function reorderIfDue(world: WorldState): void {
  if (world.reorderedAt === world.stepId) return;
  if (renumberingUnderway(world)) {
    moveSpheres(world);
    return;
  }
  const every = world.options.reorderEvery === 0 ? (world.count >= REORDER_MIN_SPHERES ? REORDER_STEPS : -1) : world.options.reorderEvery;
  if (every <= 0 || world.stepId % every !== 0) return;
  if (every > RENUMBER_PHASES + 1) planRenumbering(world, RENUMBER_PHASES);
  else reorder(world);
}

/** Rebuilds grid, accelerations and every prediction (after edits). */
export function rebuild(world: WorldState): void {
  sync(world);
  world.clock[0] = world.time;
  buildGrid(world);
  for (let i = 0; i < world.count; i++) {
    if (!world.asleep[U8 * i]) restOnTouchedWalls(world, i);
    updateAcceleration(world, i);
    world.evTime[i] = Infinity;
    world.evKind[I32 * i] = NONE;
  }
  world.queue.reserve(world.count, world.evTime);
  world.queue.build(world.count);
  if (world.wallsActive) prepareWalls(world);
  for (let i = 0; i < world.count; i++) predict(world, i);
  world.dirty = false;
  // A large world starts in cell order too (its spheres were added in any order).
  if (world.options.reorderEvery === 0 && world.count >= REORDER_MIN_SPHERES) reorder(world);
}
