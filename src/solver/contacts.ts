/**
 * The resting-contact solver, under gravity (docs/physics.md, section 7): slow contacts within a
 * touching cluster resolved together (resolveCluster, projected Gauss-Seidel), and a sphere's
 * velocity projected against everything still it touches (projectVelocity; those contacts are
 * found in support.ts).
 */
import { gatherNeighbours } from './grid.ts';
import { CLUSTER_CONTACTS, CLUSTER_ITERATIONS, STOP_FRACTION, SUPPORT_GAP } from './options.ts';
import { advance, predict } from './predict.ts';
import { afterVelocityChange, countContact, trySleep } from './sleep.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';
import { collectStillContacts } from './support.ts';

const { NEIGH_A } = LIST;
const { F64, I32, U8 } = STRIDE;

/**
 * A slow contact between two free spheres under gravity: the spheres touching them (a cluster
 * resting on the floor, against walls and on one another) are resolved together, perfectly
 * inelastically, by projected Gauss-Seidel over all their touching contacts (the iterative
 * contact solver of physics engines, docs/physics.md, section 7): accumulated normal impulses, each
 * kept >= 0, until no contact closes faster than `stopSpeed`. Pairwise impulses would pass the
 * approach back and forth inside the cluster in an endless, geometrically shrinking sequence.
 * Every update brings one contact's normal speed towards 0, so kinetic energy never grows.
 */
export function resolveCluster(world: WorldState, i: number, j: number): void {
  const stopSpeed = STOP_FRACTION * world.restUnit[0] * Math.sqrt(Math.min(world.rad[F64 * i], world.rad[F64 * j]));
  const t = world.clock[0];
  const members = world.cluster;
  const stamp = ++world.clusterStamp;
  advance(world, i);
  advance(world, j);
  world.clusterMark[i] = world.clusterMark[j] = stamp;
  members[0] = i;
  members[1] = j;
  let size = 2;
  // Grow the cluster over touching free spheres (bounded size).
  for (let q = 0; q < size; q++) {
    const k = members[q];
    const around = gatherNeighbours(world, k, NEIGH_A);
    const list = world.neighA;
    for (let q = 0; q < around; q++) {
      const o = list[q];
      if (size >= members.length || world.clusterMark[o] === stamp || world.asleep[U8 * o] || world.isFixed[U8 * o]) continue;
      if (touching(world, k, o)) {
        world.clusterMark[o] = stamp;
        members[size++] = o;
      }
    }
  }
  // Contacts: member-member, member-still sphere, member-wall.
  if (world.contactA.length === 0) {
    world.contactA = new Int32Array(CLUSTER_CONTACTS);
    world.contactB = new Int32Array(CLUSTER_CONTACTS);
    world.contactNormal = new Float64Array(3 * CLUSTER_CONTACTS);
    world.contactImpulse = new Float64Array(CLUSTER_CONTACTS);
  }
  const cA = world.contactA, cB = world.contactB, cN = world.contactNormal, cL = world.contactImpulse;
  let nc = 0;
  for (let q = 0; q < size && nc < cA.length; q++) {
    const k = members[q];
    const b = F64 * k;
    const r = world.rad[F64 * k];
    for (let w = 0; w < 6 && nc < cA.length; w++) {
      const ax = w >> 1;
      const dir = w & 1 ? 1 : -1;
      if (world.wallPlain[w] && dir * world.pos[b + ax] >= world.halfSize[ax] - r - SUPPORT_GAP * r) {
        cA[nc] = k;
        cB[nc] = -1 - w;
        cN[3 * nc] = ax === 0 ? dir : 0;
        cN[3 * nc + 1] = ax === 1 ? dir : 0;
        cN[3 * nc + 2] = ax === 2 ? dir : 0;
        cL[nc++] = 0;
      }
    }
    const around = gatherNeighbours(world, k, NEIGH_A);
    const list = world.neighA;
    for (let q = 0; q < around; q++) {
      const o = list[q];
      if (o === k || nc >= cA.length) continue;
      const member = world.clusterMark[o] === stamp;
      if (member ? o < k : !(world.asleep[U8 * o] || world.isFixed[U8 * o])) continue;
      if (!touching(world, k, o)) continue;
      const dx = world.pos[F64 * o] - world.pos[b], dy = world.pos[F64 * o + 1] - world.pos[b + 1], dz = world.pos[F64 * o + 2] - world.pos[b + 2];
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d === 0) continue;
      cA[nc] = k;
      cB[nc] = o;
      cN[3 * nc] = dx / d;
      cN[3 * nc + 1] = dy / d;
      cN[3 * nc + 2] = dz / d;
      cL[nc++] = 0;
    }
  }
  let before = 0;
  for (let q = 0; q < size; q++) {
    const m = members[q];
    before += 0.5 * world.mass[m] * (world.vel[F64 * m] ** 2 + world.vel[F64 * m + 1] ** 2 + world.vel[F64 * m + 2] ** 2);
  }
  const v = world.vel;
  for (let iter = 0; iter < CLUSTER_ITERATIONS; iter++) {
    let worst = 0;
    for (let c = 0; c < nc; c++) {
      const a = cA[c];
      const o = cB[c];
      const wa = world.invMass[a];
      const wo = o >= 0 && world.clusterMark[o] === stamp ? world.invMass[o] : 0;
      const ex = cN[3 * c], ey = cN[3 * c + 1], ez = cN[3 * c + 2];
      let u = -(v[F64 * a] * ex + v[F64 * a + 1] * ey + v[F64 * a + 2] * ez);
      if (wo > 0) u += v[F64 * o] * ex + v[F64 * o + 1] * ey + v[F64 * o + 2] * ez;
      if (-u > worst) worst = -u;
      let dl = -u / (wa + wo);
      if (cL[c] + dl < 0) dl = -cL[c];
      if (dl === 0) continue;
      cL[c] += dl;
      v[F64 * a] -= dl * wa * ex;
      v[F64 * a + 1] -= dl * wa * ey;
      v[F64 * a + 2] -= dl * wa * ez;
      if (wo > 0) {
        v[F64 * o] += dl * wo * ex;
        v[F64 * o + 1] += dl * wo * ey;
        v[F64 * o + 2] += dl * wo * ez;
      }
    }
    if (worst <= stopSpeed) break;
  }
  let after = 0;
  for (let q = 0; q < size; q++) {
    const m = members[q];
    after += 0.5 * world.mass[m] * (world.vel[F64 * m] ** 2 + world.vel[F64 * m + 1] ** 2 + world.vel[F64 * m + 2] ** 2);
  }
  world.energyLost[0] += Math.max(0, before - after);
  for (let c = 0; c < nc; c++) if (cB[c] < 0) world.wallImpulse[-1 - cB[c]] += cL[c];
  world.pairCollisions++;
  world.lastStep.pairCollisions++;
  world.lastStep.clusters++;
  for (let q = 0; q < size; q++) {
    const k = members[q];
    world.collCount[I32 * k]++;
    world.lastColl[k] = t;
    countContact(world, k);
    afterVelocityChange(world, k);
  }
  for (let q = 0; q < size; q++) {
    const k = members[q];
    if (!world.asleep[U8 * k] && !trySleep(world, k)) predict(world, k);
  }
}

/** Do spheres k and o touch (gap below SUPPORT_GAP of k's radius) now? Brings o to now. */
export function touching(world: WorldState, k: number, o: number): boolean {
  advance(world, o);
  const dx = world.pos[F64 * o] - world.pos[F64 * k];
  const dy = world.pos[F64 * o + 1] - world.pos[F64 * k + 1];
  const dz = world.pos[F64 * o + 2] - world.pos[F64 * k + 2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz) - world.rad[F64 * k] - world.rad[F64 * o] <= SUPPORT_GAP * world.rad[F64 * k];
}

/**
 * Perfectly inelastic contact with everything still that sphere i touches (walls, fixed and
 * sleeping spheres), all at once: its velocity becomes the nearest velocity that approaches none
 * of them, min |v' - v| subject to v' . m_k >= 0 (m_k the unit normals pointing from each contact
 * to the sphere). Resolving them one after another instead would converge only geometrically in
 * a narrow wedge (a sphere falling between a wall and a neighbour). v' is a projection onto a
 * convex cone, so |v'| <= |v|: kinetic energy never grows. Solved by trying active sets of up to
 * three contacts (more cannot be independent in 3D); the first that satisfies the optimality
 * conditions is the solution.
 */
export function projectVelocity(world: WorldState, i: number): void {
  const m = collectStillContacts(world, i);
  if (m === 0) return;
  const nrm = world.normals;
  const b = F64 * i;
  const vx = world.vel[b];
  const vy = world.vel[b + 1];
  const vz = world.vel[b + 2];
  let ok = true;
  for (let k = 0; k < m; k++) if (nrm[3 * k] * vx + nrm[3 * k + 1] * vy + nrm[3 * k + 2] * vz < 0) ok = false;
  if (ok) return;
  const out = world.solveScratch;
  out[3] = vx;
  out[4] = vy;
  out[5] = vz;
  for (let size = 1; size <= 3; size++) {
    for (let a = 0; a < m; a++) {
      for (let c = size > 1 ? a + 1 : m; c < (size > 1 ? m : m + 1); c++) {
        for (let e = size > 2 ? c + 1 : m; e < (size > 2 ? m : m + 1); e++) {
          if (solveActiveSet(nrm, m, a, size > 1 ? c : -1, size > 2 ? e : -1, out)) {
            world.vel[b] = out[0];
            world.vel[b + 1] = out[1];
            world.vel[b + 2] = out[2];
            return;
          }
        }
      }
    }
  }
  world.vel[b] = world.vel[b + 1] = world.vel[b + 2] = 0;
}

/**
 * One active set of the velocity projection: v' = v + sum mu_k m_k over the set {a, b, c}
 * (b, c = -1 when absent) with v' . m_k = 0 on the set. Valid when every mu_k >= 0 and v' . m >= 0
 * for every other contact; then writes v' to out and returns true.
 */
export function solveActiveSet(nrm: Float64Array, m: number, a: number, b: number, c: number, out: Float64Array): boolean {
  const vx = out[3], vy = out[4], vz = out[5];
  const idx0 = a, idx1 = b, idx2 = c;
  const size = c >= 0 ? 3 : b >= 0 ? 2 : 1;
  // Gram matrix G mu = -M^T v.
  let mu0 = 0, mu1 = 0, mu2 = 0;
  if (size === 1) {
    mu0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
  } else if (size === 2) {
    const g01 = nrm[3 * idx0] * nrm[3 * idx1] + nrm[3 * idx0 + 1] * nrm[3 * idx1 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx1 + 2];
    const det = 1 - g01 * g01;
    if (det < 1e-12) return false;
    const r0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
    const r1 = -(nrm[3 * idx1] * vx + nrm[3 * idx1 + 1] * vy + nrm[3 * idx1 + 2] * vz);
    mu0 = (r0 - g01 * r1) / det;
    mu1 = (r1 - g01 * r0) / det;
  } else {
    const g01 = nrm[3 * idx0] * nrm[3 * idx1] + nrm[3 * idx0 + 1] * nrm[3 * idx1 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx1 + 2];
    const g02 = nrm[3 * idx0] * nrm[3 * idx2] + nrm[3 * idx0 + 1] * nrm[3 * idx2 + 1] + nrm[3 * idx0 + 2] * nrm[3 * idx2 + 2];
    const g12 = nrm[3 * idx1] * nrm[3 * idx2] + nrm[3 * idx1 + 1] * nrm[3 * idx2 + 1] + nrm[3 * idx1 + 2] * nrm[3 * idx2 + 2];
    const det = 1 * (1 - g12 * g12) - g01 * (g01 - g12 * g02) + g02 * (g01 * g12 - g02);
    if (Math.abs(det) < 1e-12) return false;
    const r0 = -(nrm[3 * idx0] * vx + nrm[3 * idx0 + 1] * vy + nrm[3 * idx0 + 2] * vz);
    const r1 = -(nrm[3 * idx1] * vx + nrm[3 * idx1 + 1] * vy + nrm[3 * idx1 + 2] * vz);
    const r2 = -(nrm[3 * idx2] * vx + nrm[3 * idx2 + 1] * vy + nrm[3 * idx2 + 2] * vz);
    mu0 = (r0 * (1 - g12 * g12) - g01 * (r1 - g12 * r2) + g02 * (r1 * g12 - r2)) / det;
    mu1 = (1 * (r1 - r2 * g12) - r0 * (g01 - g12 * g02) + g02 * (g01 * r2 - g02 * r1)) / det;
    mu2 = (1 * (1 * r2 - g12 * r1) - g01 * (g01 * r2 - r1 * g02) + r0 * (g01 * g12 - g02)) / det;
  }
  if (mu0 < 0 || mu1 < 0 || mu2 < 0) return false;
  let px = vx + mu0 * nrm[3 * idx0], py = vy + mu0 * nrm[3 * idx0 + 1], pz = vz + mu0 * nrm[3 * idx0 + 2];
  if (size > 1) {
    px += mu1 * nrm[3 * idx1];
    py += mu1 * nrm[3 * idx1 + 1];
    pz += mu1 * nrm[3 * idx1 + 2];
  }
  if (size > 2) {
    px += mu2 * nrm[3 * idx2];
    py += mu2 * nrm[3 * idx2 + 1];
    pz += mu2 * nrm[3 * idx2 + 2];
  }
  const tol = 1e-12 * Math.sqrt(vx * vx + vy * vy + vz * vz);
  for (let k = 0; k < m; k++) {
    if (k === idx0 || k === idx1 || k === idx2) continue;
    if (nrm[3 * k] * px + nrm[3 * k + 1] * py + nrm[3 * k + 2] * pz < -tol) return false;
  }
  out[0] = px;
  out[1] = py;
  out[2] = pz;
  return true;
}
