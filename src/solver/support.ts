/**
 * Support: what carries a sphere against gravity. The unit normals of its touching walls, fixed
 * and sleeping spheres (collectStillContacts), whether a direction lies in the cone they span
 * (inCone), and from these whether the sphere is carried (isSupported), the test sleep.ts asks
 * before a sphere goes to sleep (docs/physics.md, section 7).
 */
import { gatherNeighbours } from './grid.ts';
import { CONE_RESIDUAL, SUPPORT_GAP } from './options.ts';
import { advance } from './predict.ts';
import { LIST, STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { NEIGH_A } = LIST;
const { F64, U8 } = STRIDE;

/**
 * Is sphere i carried against gravity? Its contacts (gap below SUPPORT_GAP of the radius) with
 * walls, fixed and sleeping spheres give support normals; it is carried when gravity's direction
 * lies in the cone they span (one contact within the friction angle of straight down, two with
 * gravity in their plane, or three around it). With `anyBelow` (the Zeno guard), any contact
 * below it counts, awake spheres included.
 */
export function isSupported(world: WorldState, i: number, anyBelow: boolean): boolean {
  const gx = world.gravity[0] / world.gravityMagnitude;
  const gy = world.gravity[1] / world.gravityMagnitude;
  const gz = world.gravity[2] / world.gravityMagnitude;
  const nrm = world.normals;
  if (anyBelow) {
    const b = F64 * i;
    const r = world.rad[F64 * i];
    for (let k = 0; k < 3; k++) {
      const gk = k === 0 ? gx : k === 1 ? gy : gz;
      if (gk > 0 && world.wallPlain[2 * k + 1] && world.halfSize[k] - r - world.pos[b + k] <= SUPPORT_GAP * r) return true;
      if (gk < 0 && world.wallPlain[2 * k] && world.pos[b + k] - (r - world.halfSize[k]) <= SUPPORT_GAP * r) return true;
    }
    return touchesSphereBelow(world, i);
  }
  // Still contacts, as directions from the sphere towards them.
  const m = collectStillContacts(world, i);
  for (let k = 0; k < 3 * m; k++) nrm[k] = -nrm[k];
  const cosFriction = 1 / Math.sqrt(1 + world.options.restingFriction * world.options.restingFriction);
  for (let a = 0; a < m; a++) {
    if (nrm[3 * a] * gx + nrm[3 * a + 1] * gy + nrm[3 * a + 2] * gz >= cosFriction) return true;
  }
  const gv = world.solveScratch;
  gv[3] = gx;
  gv[4] = gy;
  gv[5] = gz;
  return inCone(nrm, m, gv, world.options.planar);
}

/** Does sphere i touch (within SUPPORT_GAP of its radius) any sphere whose centre is below its own? */
export function touchesSphereBelow(world: WorldState, i: number): boolean {
  const b = F64 * i;
  const gap = SUPPORT_GAP * world.rad[F64 * i];
  const around = gatherNeighbours(world, i, NEIGH_A);
  const list = world.neighA;
  for (let q = 0; q < around; q++) {
    const j = list[q];
    if (j === i) continue;
    advance(world, j);
    const dx = world.pos[F64 * j] - world.pos[b];
    const dy = world.pos[F64 * j + 1] - world.pos[b + 1];
    const dz = world.pos[F64 * j + 2] - world.pos[b + 2];
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d - world.rad[F64 * i] - world.rad[F64 * j] <= gap && dx * world.gravity[0] + dy * world.gravity[1] + dz * world.gravity[2] > 0) return true;
  }
  return false;
}

/** Unit normals (towards sphere i) of its touching walls and still spheres, into `normals`. */
export function collectStillContacts(world: WorldState, i: number): number {
  const b = F64 * i;
  const r = world.rad[F64 * i];
  const gap = SUPPORT_GAP * r;
  const nrm = world.normals;
  const maxNormals = nrm.length / 3;
  let m = 0;
  for (let k = 0; k < 3; k++) {
    const x = world.pos[b + k];
    const h = world.halfSize[k];
    if (world.wallPlain[2 * k + 1] && h - r - x <= gap) {
      nrm[3 * m] = k === 0 ? -1 : 0;
      nrm[3 * m + 1] = k === 1 ? -1 : 0;
      nrm[3 * m + 2] = k === 2 ? -1 : 0;
      m++;
    }
    if (world.wallPlain[2 * k] && x - (r - h) <= gap) {
      nrm[3 * m] = k === 0 ? 1 : 0;
      nrm[3 * m + 1] = k === 1 ? 1 : 0;
      nrm[3 * m + 2] = k === 2 ? 1 : 0;
      m++;
    }
  }
  const around = gatherNeighbours(world, i, NEIGH_A);
  const list = world.neighA;
  for (let q = 0; q < around; q++) {
    const j = list[q];
    if (j === i || m >= maxNormals || (!world.asleep[U8 * j] && !world.isFixed[U8 * j])) continue;
    advance(world, j);
    const dx = world.pos[b] - world.pos[F64 * j];
    const dy = world.pos[b + 1] - world.pos[F64 * j + 1];
    const dz = world.pos[b + 2] - world.pos[F64 * j + 2];
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d === 0 || d - r - world.rad[F64 * j] > gap) continue;
    nrm[3 * m] = dx / d;
    nrm[3 * m + 1] = dy / d;
    nrm[3 * m + 2] = dz / d;
    m++;
  }
  return m;
}

/**
 * Is g = gv[3..5] a non-negative combination of two or three of the m unit normals (up to
 * CONE_RESIDUAL)? In planar mode every normal lies in the plane and two suffice.
 */
export function inCone(nrm: Float64Array, m: number, gv: Float64Array, planar: boolean): boolean {
  const gx = gv[3], gy = gv[4], gz = gv[5];
  for (let a = 0; a < m; a++) {
    const ax = nrm[3 * a], ay = nrm[3 * a + 1], az = nrm[3 * a + 2];
    for (let b = a + 1; b < m; b++) {
      const bx = nrm[3 * b], by = nrm[3 * b + 1], bz = nrm[3 * b + 2];
      // Least squares g ~ la a + lb b: 2x2 normal equations.
      const ab = ax * bx + ay * by + az * bz;
      const det = 1 - ab * ab;
      if (det > 1e-12) {
        const ga = gx * ax + gy * ay + gz * az;
        const gb = gx * bx + gy * by + gz * bz;
        const la = (ga - ab * gb) / det;
        const lb = (gb - ab * ga) / det;
        if (la >= 0 && lb >= 0) {
          const rx = gx - la * ax - lb * bx, ry = gy - la * ay - lb * by, rz = gz - la * az - lb * bz;
          if (rx * rx + ry * ry + rz * rz <= CONE_RESIDUAL * CONE_RESIDUAL) return true;
        }
      }
      if (planar) continue;
      for (let c = b + 1; c < m; c++) {
        const cx = nrm[3 * c], cy = nrm[3 * c + 1], cz = nrm[3 * c + 2];
        const det3 = ax * (by * cz - bz * cy) - bx * (ay * cz - az * cy) + cx * (ay * bz - az * by);
        if (Math.abs(det3) < 1e-12) continue;
        const la = (gx * (by * cz - bz * cy) - bx * (gy * cz - gz * cy) + cx * (gy * bz - gz * by)) / det3;
        const lb = (ax * (gy * cz - gz * cy) - gx * (ay * cz - az * cy) + cx * (ay * gz - az * gy)) / det3;
        const lc = (ax * (by * gz - bz * gy) - bx * (ay * gz - az * gy) + gx * (ay * bz - az * by)) / det3;
        if (la >= 0 && lb >= 0 && lc >= 0) return true;
      }
    }
  }
  return false;
}
