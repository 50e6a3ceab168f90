/**
 * What a hole's own event does (docs/physics.md, section 9, "A hole"; the geometry and the
 * prediction are in hole.ts): a sphere meeting an edge of the rim bounces off it; its centre
 * passing through the divider's hole changes its side and is counted; passing through a wall's
 * hole, it leaves the box and is removed within the step.
 */
import { removeSlotNow } from './edits.ts';
import { WALL_CODE } from './events.ts';
import { PASS, loadShape, shape } from './hole.ts';
import { advance, predict } from './predict.ts';
import { afterVelocityChange, countContact, trySleep } from './sleep.ts';
import { DIVIDER, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { F64, I32, U8 } = STRIDE;

/** Sphere i's hole event is due (kind HOLE): a rim edge, or its centre passing through a hole. */
export function holeEvent(world: WorldState, i: number): void {
  const sub = world.holeSub[U8 * i];
  const p = sub >> 3;
  const e = sub & 7;
  if (e !== PASS) hitEdge(world, i, p, e);
  else if (p === DIVIDER) passDivider(world, i);
  else escape(world, i);
}

/**
 * Sphere i meets edge e of plane p's opening: the normal n runs from the edge line to the centre,
 * in the plane made by the plane's normal and the axis across the edge, and the normal velocity
 * v.n is reversed and scaled by e (the walls' restitution, or the sphere's own if smaller),
 * exactly as at a wall (docs/physics.md, section 4).
 */
function hitEdge(world: WorldState, i: number, p: number, e: number): void {
  const t = world.clock[0];
  advance(world, i);
  loadShape(world, p);
  const k = shape[0];
  const X = shape[3];
  const ke = e < 2 ? shape[1] : shape[2];
  const half = e < 2 ? shape[4] : shape[5];
  const edge = (e < 2 ? shape[6] : shape[7]) + (e & 1 ? half : -half);
  const b = F64 * i;
  const r = world.rad[b];
  const pos = world.pos;
  const vel = world.vel;
  let nz = pos[b + k] - X;
  let nu = pos[b + ke] - edge;
  const dist = Math.sqrt(nz * nz + nu * nu);
  if (dist - r > 1e-9 * r || dist === 0) {
    predict(world, i);
    return;
  }
  nz /= dist;
  nu /= dist;
  // The root is exact up to rounding: the centre goes exactly r from the edge line.
  if (dist < r) {
    pos[b + k] = X + r * nz;
    pos[b + ke] = edge + r * nu;
  }
  const closing = -(vel[b + k] * nz + vel[b + ke] * nu);
  if (!(closing > 0)) {
    predict(world, i);
    return;
  }
  let rest = world.options.wallRestitution;
  const own = world.ownE[i];
  if (own < rest) rest = own;
  const m = world.mass[i];
  const dv = (1 + rest) * closing;
  vel[b + k] += dv * nz;
  vel[b + ke] += dv * nu;
  const impulse = m * dv;
  const lost = 0.5 * m * (1 - rest * rest) * closing * closing;
  // The plane takes the part of the impulse along its normal (what a pressure reads).
  if (p === DIVIDER) {
    world.divider[2]++;
    world.divider[3] += impulse * Math.abs(nz);
  } else world.wallImpulse[p] += impulse * Math.abs(nz);
  world.energyLost[0] += lost;
  world.wallCollisions++;
  world.lastStep.wallCollisions++;
  const q = world.events.pending;
  q[0] = t;
  // From the sphere to the rim, and the rim's point under the centre.
  q[1] = k === 0 ? -nz : ke === 0 ? -nu : 0;
  q[2] = k === 1 ? -nz : ke === 1 ? -nu : 0;
  q[3] = k === 2 ? -nz : ke === 2 ? -nu : 0;
  q[4] = impulse;
  q[5] = lost;
  q[6] = closing;
  q[7] = k === 0 ? X : ke === 0 ? edge : pos[b];
  q[8] = k === 1 ? X : ke === 1 ? edge : pos[b + 1];
  q[9] = k === 2 ? X : ke === 2 ? edge : pos[b + 2];
  world.events.record(world.idOf[i], WALL_CODE - p);
  world.collCount[I32 * i]++;
  countContact(world, i);
  world.lastColl[i] = t;
  afterVelocityChange(world, i);
  if (!trySleep(world, i)) predict(world, i);
}

/** Sphere i's centre passes through the divider's hole: its side changes, and the crossing is counted. */
function passDivider(world: WorldState, i: number): void {
  advance(world, i);
  const side = world.side[U8 * i] ^ 1;
  world.side[U8 * i] = side;
  world.holeCrossings[2 * world.species[i] + (side ? 0 : 1)]++;
  // The path goes on unchanged: the predictions that involve the sphere stand, its own is made afresh.
  predict(world, i);
}

/**
 * Sphere i's centre passes through a wall's hole: it leaves the box into vacuum. It is counted, its
 * kinetic and potential energy (as stats() reckons it) go to the ledger, and it is removed now,
 * within the step, as removeSphere removes one (edits.ts).
 */
function escape(world: WorldState, i: number): void {
  advance(world, i);
  const b = F64 * i;
  const m = world.mass[i];
  const v = world.vel;
  const p = world.pos;
  const g = world.gravity;
  const h = world.halfSize;
  // Heights from the floor along each axis, the wall gravity points at, as stats() measures them.
  const pe = -m * (g[0] * (p[b] - Math.sign(g[0]) * h[0]) + g[1] * (p[b + 1] - Math.sign(g[1]) * h[1]) + g[2] * (p[b + 2] - Math.sign(g[2]) * h[2]));
  world.escapedEnergy[0] += 0.5 * m * (v[b] * v[b] + v[b + 1] * v[b + 1] + v[b + 2] * v[b + 2]) + pe;
  world.escaped[world.species[i]]++;
  removeSlotNow(world, i);
  // Its pairs left the wells with it: their (negative) well energy went out too (wells.ts, forgetWells).
  if (world.wellsOn) world.escapedEnergy[0] += world.wellScratch[0];
}
