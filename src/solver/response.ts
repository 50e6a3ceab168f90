/**
 * Collision response: what happens at an event. A cell crossing moves the sphere to its next cell;
 * a wall hit and a pair collision apply their impulses (docs/physics.md, section 4), hand slow
 * contacts under gravity to the resting-contact solver (contacts.ts), record the collision, and
 * predict again for the spheres involved.
 */
import { projectVelocity, resolveCluster } from './contacts.ts';
import { WALL_CODE } from './events.ts';
import { linkCell, unlinkCell } from './grid.ts';
import { STOP_FRACTION } from './options.ts';
import { advance, predict, predictAfterCrossing } from './predict.ts';
import { afterVelocityChange, countContact, trySleep, updateAcceleration, wake } from './sleep.ts';
import { STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { tryReaction } from './reactions.ts';
import { PRESS_FRACTION } from './time-of-impact.ts';

const { F64, I32, I16, U8 } = STRIDE;

/** The centre of sphere i leaves its cell through face (axis, side): move it to the next cell. */
export function crossCell(world: WorldState, i: number, code: number): void {
  world.lastStep.cellCrossings++;
  advance(world, i);
  const k = code >> 1;
  const side = code & 1 ? 1 : -1;
  unlinkCell(world, i);
  world.cellC[I16 * i + k] += side;
  linkCell(world, i);
  predictAfterCrossing(world, i, k, side);
}

/**
 * Sphere i hits wall w, a plain one (still, at the frame, adiabatic): its normal velocity v_n
 * becomes -e v_n (docs/physics.md, section 4). Other walls: collideActiveWall (walls.ts).
 */
export function collideFixedWall(world: WorldState, i: number, w: number): void {
  const t = world.clock[0];
  advance(world, i);
  const k = w >> 1;
  const dir = w & 1 ? 1 : -1;
  const b = F64 * i;
  const r = world.rad[F64 * i];
  const h = world.halfSize[k];
  const vn = dir * world.vel[b + k]; // > 0: into the wall
  // Exactly on the wall: the root is exact up to rounding, and the centre must stay inside.
  world.pos[b + k] = dir > 0 ? Math.min(world.pos[b + k], h - r) : Math.max(world.pos[b + k], r - h);
  let vAfter = 0;
  if (vn > 0) {
    let e = world.options.wallRestitution;
    const own = world.ownE[i];
    if (own < e) e = own;
    // Resting contact: no bounce. If gravity presses it into this wall, the wall now carries it.
    // With e = 1 a bounce is a bounce down to the stop speed: however low, it never shrinks into
    // a Zeno sequence, so only one too slow to resolve rests (elastic means elastic).
    if (vn < world.restUnit[0] * Math.sqrt(r) * (e === 1 ? STOP_FRACTION : 1)) {
      e = 0;
      world.vel[b + k] = 0;
      projectVelocity(world, i); // against every other still contact too (corners, wedges)
      world.vel[b + k] = dir * vn;
    }
    vAfter = -e * vn;
    const m = world.mass[i];
    const impulse = m * (vn - vAfter);
    const lost = 0.5 * m * (vn * vn - vAfter * vAfter);
    world.vel[b + k] = dir * vAfter;
    world.wallImpulse[w] += impulse;
    world.wallCollisions++;
    world.lastStep.wallCollisions++;
    world.energyLost[0] += lost;
    {
      const p = world.events.pending;
      p[0] = t;
      p[1] = k === 0 ? dir : 0;
      p[2] = k === 1 ? dir : 0;
      p[3] = k === 2 ? dir : 0;
      p[4] = impulse;
      p[5] = lost;
      p[6] = vn;
      // The contact point: the wall's point under the centre (the centre sits r from it).
      p[7] = k === 0 ? dir * h : world.pos[b];
      p[8] = k === 1 ? dir * h : world.pos[b + 1];
      p[9] = k === 2 ? dir * h : world.pos[b + 2];
    }
    world.events.record(world.idOf[i], WALL_CODE - w);
  }
  if (vAfter === 0 && dir * world.gravity[k] > 0) {
    world.vel[b + k] = 0;
    world.restMask[U8 * i] |= 1 << w;
    updateAcceleration(world, i);
  }
  world.collCount[I32 * i]++;
  countContact(world, i);
  world.lastColl[i] = t;
  if (!trySleep(world, i)) predict(world, i);
}

/**
 * Brings spheres i and j to the clock's time and writes to contact[0..3] the unit normal from i to
 * j and their distance (the x axis where the centres coincide).
 */
export function contactNormal(world: WorldState, i: number, j: number): void {
  advance(world, i);
  advance(world, j);
  const p = world.pos;
  const bi = F64 * i;
  const bj = F64 * j;
  let nx = p[bj] - p[bi];
  let ny = p[bj + 1] - p[bi + 1];
  let nz = p[bj + 2] - p[bi + 2];
  const d = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (d === 0) {
    nx = 1;
    ny = nz = 0;
  } else {
    nx /= d;
    ny /= d;
    nz /= d;
  }
  const cs = world.contact;
  cs[0] = nx;
  cs[1] = ny;
  cs[2] = nz;
  cs[3] = d;
}

/**
 * After an impulse between spheres i and j (j moved too when `movedJ`): the predictions that
 * involve them are stale, they leave the walls they no longer rest on, and each is predicted
 * again or falls asleep.
 */
export function afterPairImpulse(world: WorldState, i: number, j: number, movedJ: boolean): void {
  world.collCount[I32 * i]++;
  if (movedJ) world.collCount[I32 * j]++;
  afterVelocityChange(world, i);
  if (movedJ) afterVelocityChange(world, j);
  if (!trySleep(world, i)) predict(world, i);
  if (movedJ && !trySleep(world, j)) predict(world, j);
}

/** Spheres i and j touch: apply J = -(1 + e) mu u along the normal (docs/physics.md, section 4). */
export function collidePair(world: WorldState, i: number, j: number): void {
  const t = world.clock[0];
  contactNormal(world, i, j);
  const v = world.vel;
  const bi = F64 * i;
  const bj = F64 * j;
  const cs = world.contact;
  const nx = cs[0];
  const ny = cs[1];
  const nz = cs[2];
  const u = (v[bj] - v[bi]) * nx + (v[bj + 1] - v[bi + 1]) * ny + (v[bj + 2] - v[bi + 2]) * nz;
  const rMin = Math.min(world.rad[F64 * i], world.rad[F64 * j]);
  let e = world.options.restitution;
  const ei = world.ownE[i];
  const ej = world.ownE[j];
  if (ei === ei) e = ej === ej ? Math.min(ei, ej) : ei;
  else if (ej === ej) e = ej;
  // The resting speed; with e = 1, the stop speed (see collideWall).
  const vRest = world.restUnit[0] * Math.sqrt(rMin) * (e === 1 ? STOP_FRACTION : 1);
  // A sleeping sphere struck harder than the resting speed wakes up and takes part as a free sphere.
  if (world.asleep[U8 * j] && -u > vRest) wake(world, j);
  const wi = world.asleep[U8 * i] ? 0 : world.invMass[i];
  const wj = world.asleep[U8 * j] ? 0 : world.invMass[j];
  // The contact, for slideOver (written here rather than passed: numbers passed to a call that
  // V8 does not inline are boxed).
  cs[4] = wi;
  cs[5] = wj;
  cs[6] = rMin;
  if (vRest > 0 && -u < vRest && wj === 0 && wi > 0) {
    // Slow contact with something that does not move: no bounce against every still contact at once.
    const b3 = F64 * i;
    const before = 0.5 * world.mass[i] * (v[b3] ** 2 + v[b3 + 1] ** 2 + v[b3 + 2] ** 2);
    projectVelocity(world, i);
    const lost = before - 0.5 * world.mass[i] * (v[b3] ** 2 + v[b3 + 1] ** 2 + v[b3 + 2] ** 2);
    if (u < 0) {
      world.pairCollisions++;
      world.lastStep.pairCollisions++;
      {
        const p = world.events.pending;
        p[0] = t;
        p[1] = nx;
        p[2] = ny;
        p[3] = nz;
        p[4] = -u * world.mass[i];
        p[5] = lost;
        p[6] = -u;
        // The contact point: a's surface along the normal, x_i + r_i n.
        const r = world.rad[bi];
        p[7] = world.pos[bi] + r * nx;
        p[8] = world.pos[bi + 1] + r * ny;
        p[9] = world.pos[bi + 2] + r * nz;
      }
      world.events.record(world.idOf[i], world.idOf[j]);
    }
    world.energyLost[0] += lost;
    if (world.vel[F64 * i] * nx + world.vel[F64 * i + 1] * ny + world.vel[F64 * i + 2] * nz > -STOP_FRACTION * vRest) {
      slideOver(world, i, j);
    }
  } else if (vRest > 0 && -u < vRest && wi + wj > 0 && slideOver(world, i, j)) {
    // resting contact between two free spheres handled as a hop (see slideOver)
  } else if (vRest > 0 && -u < vRest && wi > 0 && wj > 0) {
    resolveCluster(world, i, j);
    return;
  } else if (u < 0 && wi + wj > 0) {
    // A reaction, when the two species react and the hit clears the barrier (reactions.ts); else a bounce.
    const reacted = world.reacting !== 0 && tryReaction(world, i, j);
    let impulse = reacted ? world.rxImpulse[0] : 0;
    let lost = 0;
    if (!reacted) {
      if (-u < vRest) e = 0; // resting contact (only under gravity: vRest is 0 without)
      else if (t - world.lastColl[i] < world.options.collapseTime || t - world.lastColl[j] < world.options.collapseTime) e = 1; // TC model
      const mu = 1 / (wi + wj);
      impulse = -(1 + e) * mu * u;
      lost = 0.5 * mu * (1 - e * e) * u * u;
    }
    // The impulse along n, equal and opposite on the two spheres: a bounce's or a reaction's.
    v[bi] -= impulse * wi * nx;
    v[bi + 1] -= impulse * wi * ny;
    v[bi + 2] -= impulse * wi * nz;
    v[bj] += impulse * wj * nx;
    v[bj + 1] += impulse * wj * ny;
    v[bj + 2] += impulse * wj * nz;
    world.pairCollisions++;
    world.lastStep.pairCollisions++;
    world.energyLost[0] += lost;
    {
      const p = world.events.pending;
      p[0] = t;
      p[1] = nx;
      p[2] = ny;
      p[3] = nz;
      p[4] = impulse;
      p[5] = lost;
      p[6] = -u;
      const r = world.rad[bi];
      p[7] = world.pos[bi] + r * nx;
      p[8] = world.pos[bi + 1] + r * ny;
      p[9] = world.pos[bi + 2] + r * nz;
    }
    world.events.record(world.idOf[i], world.idOf[j]);
  }
  world.lastColl[i] = t;
  world.lastColl[j] = t;
  countContact(world, i);
  countContact(world, j);
  afterPairImpulse(world, i, j, wj > 0);
}

/**
 * A slow contact that the two spheres' accelerations press together (a sphere sliding over
 * another under gravity) has no ballistic solution: each bounce would be followed by the next
 * at t = 0 (a Zeno sequence). The constraint force of real sliding does no work, so it is
 * modelled as a work-free hop: the relative velocity is turned, keeping its magnitude (kinetic
 * energy and momentum are unchanged), so that its normal part becomes the separation speed
 * sqrt(2 a h) of a hop of height h = `restingHeight` times the smaller radius against the
 * pressing acceleration a. The sphere then glides over the surface in hops of that height. A
 * slide that starts from rest cannot pay for its first hop; it gets it anyway (at most mu a h,
 * within the resting tolerance), and the sleep rules stop it where it is carried. Returns false
 * when the contact is not pressed (plain inelastic collision instead).
 */
export function slideOver(world: WorldState, i: number, j: number): boolean {
  const cs = world.contact;
  const nx = cs[0], ny = cs[1], nz = cs[2], d = cs[3], wi = cs[4], wj = cs[5], rMin = cs[6];
  const a = world.acc;
  const v = world.vel;
  const bi = F64 * i;
  const bj = F64 * j;
  const si = world.asleep[U8 * i] || world.isFixed[U8 * i];
  const sj = world.asleep[U8 * j] || world.isFixed[U8 * j];
  const dn = ((sj ? 0 : a[bj]) - (si ? 0 : a[bi])) * nx + ((sj ? 0 : a[bj + 1]) - (si ? 0 : a[bi + 1])) * ny + ((sj ? 0 : a[bj + 2]) - (si ? 0 : a[bi + 2])) * nz;
  const Vx = v[bj] - v[bi];
  const Vy = v[bj + 1] - v[bi + 1];
  const Vz = v[bj + 2] - v[bi + 2];
  const u = Vx * nx + Vy * ny + Vz * nz;
  const Tx = Vx - u * nx;
  const Ty = Vy - u * ny;
  const Tz = Vz - u * nz;
  const t2 = Tx * Tx + Ty * Ty + Tz * Tz;
  // Pressing acceleration: the relative acceleration into contact minus the centripetal part
  // that the tangential motion over the curved surface needs.
  const press = -dn - t2 / Math.max(d, 1e-300);
  const ax = (sj ? 0 : a[bj]) - (si ? 0 : a[bi]);
  const ay = (sj ? 0 : a[bj + 1]) - (si ? 0 : a[bi + 1]);
  const az = (sj ? 0 : a[bj + 2]) - (si ? 0 : a[bi + 2]);
  if (!(press > PRESS_FRACTION * Math.sqrt(ax * ax + ay * ay + az * az))) return false;
  const hop = Math.sqrt(2 * press * world.options.restingHeight * rMin);
  const speed2 = t2 + u * u;
  let un: number;
  let scale: number;
  if (speed2 > hop * hop) {
    un = hop;
    scale = t2 > 0 ? Math.sqrt((speed2 - hop * hop) / t2) : 0;
  } else {
    // Too slow to pay for the hop (a slide starting from rest): the hop is given anyway, so
    // that the sphere can start sliding; this adds at most mu a h, the resting tolerance.
    un = hop;
    scale = 1;
  }
  // New relative velocity V' = un n + scale T; share the change by inverse mass.
  const dVx = un * nx + scale * Tx - Vx;
  const dVy = un * ny + scale * Ty - Vy;
  const dVz = un * nz + scale * Tz - Vz;
  const fi = wi / (wi + wj);
  const fj = wj / (wi + wj);
  v[bi] -= fi * dVx;
  v[bi + 1] -= fi * dVy;
  v[bi + 2] -= fi * dVz;
  v[bj] += fj * dVx;
  v[bj + 1] += fj * dVy;
  v[bj + 2] += fj * dVz;
  world.lastStep.hops++;
  return true;
}
