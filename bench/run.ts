/**
 * `npm run bench`: this solver side by side with Jolt, Rapier and cannon-es on the same scenes, in one
 * process: N spheres of radius 0.5 in a closed box at packing fraction 0.05 and 0.2, speed 5, no
 * gravity, e = 1, dt = 1/60. Prints ms per step (median, p95), the ratio to each peer, relative
 * energy drift, escaped spheres and the deepest overlap (fraction of the radius sum), and writes
 * the rows as JSON to bench/results/latest.json.
 *
 * Every peer is set for a fair elastic comparison: no sleeping, no damping, friction 0,
 * restitution 1 (combined by max), the same initial positions and velocities. Jolt runs its
 * WebAssembly build (wasm-compat, one thread) with its minimum velocity for restitution at 0 and
 * its fixed contact heap sized for the count.
 *
 * Then the scaling rows (this solver alone up to 100,000 spheres, and ten worlds of 10,000) in a
 * fresh process: bench/scaling.ts; then the cost of edits and the spread of step times:
 * bench/edits.ts.
 *
 * Options: `--quick` (N = 1,000 only, no scaling rows), `--steps K` (measured steps per row,
 * default 120).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import initJolt from 'jolt-physics/wasm-compat';
import { buildWorld, gasScene } from '../src/solver/index.ts';
import type { Scene } from '../src/solver/index.ts';
import type { ScalingRow } from './scaling.ts';

interface Sample {
  positions: Float64Array;
  velocities: Float64Array;
}

/** One engine under test: build the scene, step it, read its state back. */
interface Engine {
  name: string;
  step(): void;
  read(out: Sample): void;
}

const DT = 1 / 60;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const stepsArg = args.indexOf('--steps');
const STEPS = stepsArg >= 0 ? Number(args[stepsArg + 1]) : 120;
const WARMUP = 10;
/** cannon-es keeps an N x N collision matrix: beyond this many bodies it runs out of memory. */
const CANNON_MAX = 5000;

function ours(scene: Scene): Engine {
  const w = buildWorld(scene);
  return {
    name: 'sphere-sandbox',
    step: () => w.step(DT),
    read(out) {
      out.positions.set(w.positions.subarray(0, out.positions.length));
      out.velocities.set(w.velocities.subarray(0, out.velocities.length));
    },
  };
}

/**
 * The six walls of the scene's box as slabs one metre thick outside it: `wall` gets each slab's
 * half extents and centre.
 */
function boxWalls(scene: Scene, wall: (hx: number, hy: number, hz: number, x: number, y: number, z: number) => unknown): void {
  const [lx, ly, lz] = scene.options.size as number[];
  const t = 1;
  wall(t, ly, lz, -lx / 2 - t, 0, 0);
  wall(t, ly, lz, lx / 2 + t, 0, 0);
  wall(lx, t, lz, 0, -ly / 2 - t, 0);
  wall(lx, t, lz, 0, ly / 2 + t, 0);
  wall(lx, ly, t, 0, 0, -lz / 2 - t);
  wall(lx, ly, t, 0, 0, lz / 2 + t);
}

type JoltModule = Awaited<ReturnType<typeof initJolt>>;
let J: JoltModule;

function jolt(scene: Scene): Engine {
  const n = scene.spheres.length;
  const MOVING = 0;
  const STATIC = 1;
  const pairs = new J.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(MOVING, MOVING);
  pairs.EnableCollision(MOVING, STATIC);
  const bpMoving = new J.BroadPhaseLayer(0);
  const bpStatic = new J.BroadPhaseLayer(1);
  const bpInterface = new J.BroadPhaseLayerInterfaceTable(2, 2);
  bpInterface.MapObjectToBroadPhaseLayer(MOVING, bpMoving);
  bpInterface.MapObjectToBroadPhaseLayer(STATIC, bpStatic);
  const settings = new J.JoltSettings();
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = bpInterface;
  settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(bpInterface, 2, pairs, 2);
  settings.mMaxBodies = n + 16;
  settings.mMaxBodyPairs = Math.max(65536, 8 * n);
  // Jolt's contact heap is fixed: about two constraints per body covers these gases.
  settings.mMaxContactConstraints = Math.max(20480, Math.ceil(2.048 * n));
  const iface = new J.JoltInterface(settings);
  J.destroy(settings);
  const system = iface.GetPhysicsSystem();
  system.SetGravity(new J.Vec3(0, 0, 0));
  const physics = system.GetPhysicsSettings();
  physics.mMinVelocityForRestitution = 0;
  system.SetPhysicsSettings(physics);
  const bi = system.GetBodyInterface();
  const wall = (hx: number, hy: number, hz: number, x: number, y: number, z: number) => {
    const shape = new J.BoxShape(new J.Vec3(hx, hy, hz), 0.05);
    const cs = new J.BodyCreationSettings(shape, new J.RVec3(x, y, z), new J.Quat(0, 0, 0, 1), J.EMotionType_Static, STATIC);
    cs.mRestitution = 1;
    cs.mFriction = 0;
    bi.CreateAndAddBody(cs, J.EActivation_DontActivate);
    J.destroy(cs);
  };
  boxWalls(scene, wall);
  // Body pointers stay valid; the BodyID values Jolt returns are reused temporaries.
  const bodies: InstanceType<JoltModule['Body']>[] = [];
  for (const s of scene.spheres) {
    const p = s.position as number[];
    const v = (s.velocity ?? [0, 0, 0]) as number[];
    const cs = new J.BodyCreationSettings(new J.SphereShape(s.radius), new J.RVec3(p[0], p[1], p[2]), new J.Quat(0, 0, 0, 1), J.EMotionType_Dynamic, MOVING);
    cs.mRestitution = 1;
    cs.mFriction = 0;
    cs.mLinearDamping = 0;
    cs.mAngularDamping = 0;
    cs.mAllowSleeping = false;
    cs.mLinearVelocity = new J.Vec3(v[0], v[1], v[2]);
    const body = bi.CreateBody(cs);
    bi.AddBody(body.GetID(), J.EActivation_Activate);
    bodies.push(body);
    J.destroy(cs);
  }
  system.OptimizeBroadPhase();
  return {
    name: 'jolt',
    step: () => iface.Step(DT, 1),
    read(out) {
      bodies.forEach((body, i) => {
        const p = body.GetPosition();
        const v = body.GetLinearVelocity();
        out.positions[3 * i] = p.GetX();
        out.positions[3 * i + 1] = p.GetY();
        out.positions[3 * i + 2] = p.GetZ();
        out.velocities[3 * i] = v.GetX();
        out.velocities[3 * i + 1] = v.GetY();
        out.velocities[3 * i + 2] = v.GetZ();
      });
    },
  };
}

function rapier(scene: Scene): Engine {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  world.timestep = DT;
  const walls = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const wall = (hx: number, hy: number, hz: number, x: number, y: number, z: number) =>
    world.createCollider(RAPIER.ColliderDesc.cuboid(hx, hy, hz).setTranslation(x, y, z).setRestitution(1).setFriction(0).setRestitutionCombineRule(RAPIER.CoefficientCombineRule.Max), walls);
  boxWalls(scene, wall);
  const bodies: RAPIER.RigidBody[] = [];
  for (const s of scene.spheres) {
    const p = s.position as number[];
    const v = (s.velocity ?? [0, 0, 0]) as number[];
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic().setTranslation(p[0], p[1], p[2]).setLinvel(v[0], v[1], v[2]).setCanSleep(false).setLinearDamping(0).setAngularDamping(0),
    );
    world.createCollider(RAPIER.ColliderDesc.ball(s.radius).setDensity(1).setRestitution(1).setFriction(0).setRestitutionCombineRule(RAPIER.CoefficientCombineRule.Max), body);
    bodies.push(body);
  }
  return {
    name: 'rapier',
    step: () => world.step(),
    read(out) {
      bodies.forEach((b, i) => {
        const p = b.translation();
        const v = b.linvel();
        out.positions.set([p.x, p.y, p.z], 3 * i);
        out.velocities.set([v.x, v.y, v.z], 3 * i);
      });
    },
  };
}

function cannon(scene: Scene): Engine {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0), allowSleep: false });
  world.broadphase = new CANNON.SAPBroadphase(world);
  world.defaultContactMaterial.restitution = 1;
  world.defaultContactMaterial.friction = 0;
  const [lx, ly, lz] = scene.options.size as number[];
  const plane = (nx: number, ny: number, nz: number, d: number) => {
    // A cannon plane faces +z in its own frame: turn +z onto the inward normal (nx, ny, nz).
    const body = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
    body.quaternion.setFromVectors(new CANNON.Vec3(0, 0, 1), new CANNON.Vec3(nx, ny, nz));
    body.position.set(-nx * d, -ny * d, -nz * d);
    world.addBody(body);
  };
  plane(1, 0, 0, lx / 2);
  plane(-1, 0, 0, lx / 2);
  plane(0, 1, 0, ly / 2);
  plane(0, -1, 0, ly / 2);
  plane(0, 0, 1, lz / 2);
  plane(0, 0, -1, lz / 2);
  const bodies: CANNON.Body[] = [];
  for (const s of scene.spheres) {
    const p = s.position as number[];
    const v = (s.velocity ?? [0, 0, 0]) as number[];
    const r = s.radius;
    const body = new CANNON.Body({ mass: (4 / 3) * Math.PI * r * r * r, shape: new CANNON.Sphere(r), linearDamping: 0, angularDamping: 0 });
    body.position.set(p[0], p[1], p[2]);
    body.velocity.set(v[0], v[1], v[2]);
    world.addBody(body);
    bodies.push(body);
  }
  return {
    name: 'cannon-es',
    step: () => world.step(DT),
    read(out) {
      bodies.forEach((b, i) => {
        out.positions.set([b.position.x, b.position.y, b.position.z], 3 * i);
        out.velocities.set([b.velocity.x, b.velocity.y, b.velocity.z], 3 * i);
      });
    },
  };
}

function kineticEnergy(s: Sample, radii: Float64Array): number {
  let e = 0;
  for (let i = 0; i < radii.length; i++) {
    const m = (4 / 3) * Math.PI * radii[i] ** 3;
    e += 0.5 * m * (s.velocities[3 * i] ** 2 + s.velocities[3 * i + 1] ** 2 + s.velocities[3 * i + 2] ** 2);
  }
  return e;
}

/** Deepest pair overlap as a fraction of the radius sum, through a uniform grid. */
function deepestOverlap(s: Sample, radii: Float64Array, size: number[]): number {
  const n = radii.length;
  const cell = 2 * Math.max(...radii);
  const key = (i: number) => {
    const c = [0, 1, 2].map((k) => Math.floor((s.positions[3 * i + k] + size[k]) / cell));
    return `${c[0]},${c[1]},${c[2]}`;
  };
  const grid = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = key(i);
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  }
  let worst = 0;
  for (let i = 0; i < n; i++) {
    const c = [0, 1, 2].map((k) => Math.floor((s.positions[3 * i + k] + size[k]) / cell));
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      for (const j of grid.get(`${c[0] + dx},${c[1] + dy},${c[2] + dz}`) ?? []) {
        if (j <= i) continue;
        const d = Math.hypot(s.positions[3 * j] - s.positions[3 * i], s.positions[3 * j + 1] - s.positions[3 * i + 1], s.positions[3 * j + 2] - s.positions[3 * i + 2]);
        const sum = radii[i] + radii[j];
        worst = Math.max(worst, (sum - d) / sum);
      }
    }
  }
  return worst;
}

function escapedCount(s: Sample, radii: Float64Array, size: number[]): number {
  let out = 0;
  for (let i = 0; i < radii.length; i++) {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(s.positions[3 * i + k]) > size[k] / 2 + 1e-6) {
        out++;
        break;
      }
    }
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

interface Row {
  engine: string;
  count: number;
  packingFraction: number;
  medianMs: number;
  p95Ms: number;
  energyDrift: number;
  escaped: number;
  deepestOverlap: number;
  collisionsPerStep?: number;
}

async function main() {
  await RAPIER.init();
  J = await initJolt();
  const rows: Row[] = [];
  const counts = quick ? [1000] : [1000, 10000];
  for (const count of counts) {
    for (const phi of [0.05, 0.2]) {
      const scene = gasScene({ count, packingFraction: phi, speed: 5, radius: 0.5, seed: 1 });
      const radii = new Float64Array(scene.spheres.map((s) => s.radius));
      const size = scene.options.size as number[];
      for (const make of [ours, jolt, rapier, cannon]) {
        if (make === cannon && count > CANNON_MAX) {
          console.log(`cannon-es       N=${String(count).padStart(5)} phi=${phi.toFixed(2)}  skipped: its N x N collision matrix (${count}^2 entries) exhausts the heap`);
          continue;
        }
        const engine = make(scene);
        const sample: Sample = { positions: new Float64Array(3 * count), velocities: new Float64Array(3 * count) };
        engine.read(sample);
        const e0 = kineticEnergy(sample, radii);
        for (let k = 0; k < WARMUP; k++) engine.step();
        const times: number[] = [];
        for (let k = 0; k < STEPS; k++) {
          const t0 = performance.now();
          engine.step();
          times.push(performance.now() - t0);
        }
        engine.read(sample);
        times.sort((a, b) => a - b);
        const row: Row = {
          engine: engine.name,
          count,
          packingFraction: phi,
          medianMs: percentile(times, 0.5),
          p95Ms: percentile(times, 0.95),
          energyDrift: (kineticEnergy(sample, radii) - e0) / e0,
          escaped: escapedCount(sample, radii, size),
          deepestOverlap: Math.max(0, deepestOverlap(sample, radii, size)),
        };
        rows.push(row);
        const ourRow = rows.find((r) => r.engine === 'sphere-sandbox' && r.count === count && r.packingFraction === phi)!;
        const ratio = row === ourRow ? '' : `  ours/peer ${(ourRow.medianMs / row.medianMs).toFixed(2)}`;
        console.log(
          `${row.engine.padEnd(15)} N=${String(count).padStart(5)} phi=${phi.toFixed(2)}  median ${row.medianMs.toFixed(2).padStart(7)} ms  p95 ${row.p95Ms.toFixed(2).padStart(7)} ms  drift ${row.energyDrift.toExponential(2).padStart(9)}  escaped ${row.escaped}  overlap ${row.deepestOverlap.toExponential(2)}${ratio}`,
        );
      }
    }
  }
  // Scaling at fixed density (packing fraction 0.05): this solver alone, up to 100,000 spheres, in
  // a fresh process (see bench/scaling.ts), which prints its rows and writes them as JSON.
  let scaling: ScalingRow[] = [];
  let tenWorldsMs = NaN;
  if (!quick) {
    const script = fileURLToPath(new URL('./scaling.ts', import.meta.url));
    const child = spawnSync(process.execPath, [...process.execArgv, script, '--steps', String(STEPS)], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error(`bench/scaling.ts exited with ${child.status ?? child.signal}`);
    const result = JSON.parse(readFileSync('bench/results/scaling.json', 'utf8')) as { scaling: ScalingRow[]; tenWorldsOf10000Ms: number };
    scaling = result.scaling;
    tenWorldsMs = result.tenWorldsOf10000Ms;
  }
  // What edits cost, and the spread of step times (bench/edits.ts), also in a fresh process.
  if (!quick) {
    const script = fileURLToPath(new URL('./edits.ts', import.meta.url));
    const child = spawnSync(process.execPath, [...process.execArgv, script], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error(`bench/edits.ts exited with ${child.status ?? child.signal}`);
  }
  mkdirSync('bench/results', { recursive: true });
  const machine = `${os.cpus()[0]?.model ?? 'unknown cpu'}, ${os.cpus().length} cores, Node ${process.version}`;
  writeFileSync('bench/results/latest.json', JSON.stringify({ machine, steps: STEPS, dt: DT, rows, scaling, tenWorldsOf10000Ms: tenWorldsMs }, null, 2));
  console.log(`\n${STEPS} measured steps per row after ${WARMUP} warm-up steps; ${machine}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
