/**
 * Every sphere in one instanced mesh (one draw call whatever the count). Each frame this
 * component advances the store's clock, then writes each sphere's matrix (scale = radius,
 * translation = position interpolated between the last two steps) and colour straight into the
 * instance buffers. Nothing is allocated per frame and React does not re-render per frame.
 */
import { useFrame, type ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { DynamicDrawUsage, InstancedBufferAttribute, InstancedMesh, type Intersection, type Raycaster } from 'three';
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';
import { DRAG_MOVE, type DragPreview } from './drag-edit.ts';
import { MASS_RAMP, rampIndex, SPEED_RAMP } from './sphere-colors.ts';

/** Counts draw calls of the sphere mesh for the test hook. */
export interface DrawCounter {
  /** Draw calls of the sphere mesh in the last complete frame. */
  lastFrame: number;
  /** Draw calls so far in the current frame. */
  current: number;
  /** Instances drawn (the mesh's count) in the last frame. */
  instances: number;
}

/** Instance capacity for `count` spheres: the next power of two, at least 256. */
export function instanceCapacity(count: number): number {
  let cap = 256;
  while (cap < count) cap *= 2;
  return cap;
}

/** Simulated seconds a collision flash lasts (brightest at the collision, fading to nothing). */
export const FLASH_SECONDS = 0.18;

/** Sphere mesh detail (width and height segments) for a capacity: coarser when there are many. */
export function sphereDetail(capacity: number): [number, number] {
  if (capacity <= 2048) return [28, 18];
  if (capacity <= 8192) return [18, 12];
  return [12, 8];
}

/** Props of {@link InstancedSpheres}. */
export interface InstancedSpheresProps {
  /** The sandbox store whose simulation is drawn. */
  store: SandboxStore;
  /** Optional draw-call counter that this component keeps up to date (the test hook reads it). @defaultValue none */
  drawsRef?: RefObject<DrawCounter>;
  /** A drag under way: the sphere being moved is drawn where it would go. @defaultValue none */
  preview?: DragPreview;
}

/** All spheres of the store's simulation, drawn as one instanced mesh. */
export function InstancedSpheres({ store, drawsRef, preview }: InstancedSpheresProps) {
  const meshRef = useRef<InstancedMesh>(null);
  const count = useStore(store, (s) => s.sim.count);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const capacity = instanceCapacity(count);
  const [widthSegments, heightSegments] = sphereDetail(capacity);
  const colorsRef = useRef<InstancedBufferAttribute | null>(null);
  // Mass range of the current scene, for the mass colour ramp (changes only on a rebuild).
  const massRange = useRef({ logMin: 0, logSpan: 1 });
  // Fastest sphere of the scene when it was built, m/s: the top of the speed colour ramp.
  const topSpeed = useRef(1);

  useLayoutEffect(() => {
    const mesh = meshRef.current;
    if (!mesh) return;
    // Per-instance colours must exist before the first draw, so the shader is built with them.
    const colors = new InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
    colors.setUsage(DynamicDrawUsage);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.instanceColor = colors;
    colorsRef.current = colors;
    // The spheres move every frame, so the bounding sphere three caches for picking goes stale:
    // recompute it before each pick (pointer events only, never in the frame loop).
    mesh.raycast = (raycaster: Raycaster, hits: Intersection[]) => {
      mesh.computeBoundingSphere();
      InstancedMesh.prototype.raycast.call(mesh, raycaster, hits);
    };
    if (drawsRef) {
      mesh.onBeforeRender = () => {
        drawsRef.current.current++;
      };
    }
  }, [capacity, drawsRef]);

  useLayoutEffect(() => {
    const sim = store.getState().sim;
    const masses = sim.masses;
    let lo = Infinity;
    let hi = 0;
    for (let i = 0; i < sim.count; i++) {
      const m = masses[i];
      if (m < lo) lo = m;
      if (m > hi) hi = m;
    }
    const vel = sim.velocities;
    let fastest = 0;
    for (let i = 0; i < sim.count; i++) {
      fastest = Math.max(fastest, Math.hypot(vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]));
    }
    topSpeed.current = fastest;
    const logMin = lo > 0 && Number.isFinite(lo) ? Math.log(lo) : 0;
    const logSpan = hi > lo && Number.isFinite(hi) ? Math.log(hi) - logMin : 1;
    massRange.current = { logMin, logSpan };
  }, [store, sceneVersion]);

  useFrame((_, delta) => {
    const state = store.getState();
    state.frame(delta);
    if (drawsRef) {
      drawsRef.current.lastFrame = drawsRef.current.current;
      drawsRef.current.current = 0;
    }
    const mesh = meshRef.current;
    const colors = colorsRef.current;
    if (!mesh || !colors) return;
    const sim = state.sim;
    const n = Math.min(sim.count, capacity);
    const cur = sim.positions;
    const prev = sim.previous;
    const radii = sim.radii;
    const vel = sim.velocities;
    const alpha = sim.alpha;
    const m = mesh.instanceMatrix.array as Float32Array;
    const c = colors.array as Float32Array;
    const settings = state.settings;
    const bySpeed = settings.colorBy === 'speed';
    const ramp = bySpeed ? SPEED_RAMP : MASS_RAMP;
    // Speeds above about twice the initial speed (or the speed of a fall across the box) are red.
    const fall = settings.gravityOn ? Math.sqrt(settings.gravity * settings.boxSize) : 0;
    const invRef = 1 / (1.8 * Math.max(state.preset === null ? settings.speed : 0.6 * topSpeed.current, fall, 1e-3));
    const { logMin, logSpan } = massRange.current;
    const masses = sim.masses;
    // The collision flash: brighter and a little larger for a moment after each collision.
    const flash = state.aids.flash && !state.reducedMotion;
    const hits = sim.lastHit;
    const now = sim.world.time;
    for (let i = 0; i < n; i++) {
      const b = 3 * i;
      const o = 16 * i;
      const f = flash && i < hits.length ? 1 - (now - hits[i]) / FLASH_SECONDS : 0;
      const r = f > 0 ? radii[i] * (1 + 0.25 * f) : radii[i];
      m[o] = r;
      m[o + 1] = 0;
      m[o + 2] = 0;
      m[o + 3] = 0;
      m[o + 4] = 0;
      m[o + 5] = r;
      m[o + 6] = 0;
      m[o + 7] = 0;
      m[o + 8] = 0;
      m[o + 9] = 0;
      m[o + 10] = r;
      m[o + 11] = 0;
      m[o + 12] = prev[b] + (cur[b] - prev[b]) * alpha;
      m[o + 13] = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * alpha;
      m[o + 14] = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * alpha;
      m[o + 15] = 1;
      const u = bySpeed
        ? Math.sqrt(vel[b] * vel[b] + vel[b + 1] * vel[b + 1] + vel[b + 2] * vel[b + 2]) * invRef
        : (Math.log(masses[i]) - logMin) / logSpan;
      const k = 3 * rampIndex(u);
      if (f > 0) {
        const g = 0.85 * f;
        c[b] = ramp[k] + (1 - ramp[k]) * g;
        c[b + 1] = ramp[k + 1] + (1 - ramp[k + 1]) * g;
        c[b + 2] = ramp[k + 2] + (1 - ramp[k + 2]) * g;
      } else {
        c[b] = ramp[k];
        c[b + 1] = ramp[k + 1];
        c[b + 2] = ramp[k + 2];
      }
    }
    if (preview !== undefined && preview.mode === DRAG_MOVE) {
      const slot = sim.world.indexOf(preview.id);
      if (slot >= 0 && slot < n) {
        m[16 * slot + 12] = preview.position[0];
        m[16 * slot + 13] = preview.position[1];
        m[16 * slot + 14] = preview.position[2];
      }
    }
    mesh.count = n;
    if (drawsRef) drawsRef.current.instances = n;
    mesh.instanceMatrix.needsUpdate = true;
    colors.needsUpdate = true;
  });

  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    // A drag that turned the camera is not a click on a sphere.
    if (event.delta > 4 || event.instanceId === undefined) return;
    event.stopPropagation();
    const world = store.getState().sim.world;
    if (event.instanceId < world.count) store.getState().select(world.idAt(event.instanceId));
  };

  return (
    <instancedMesh key={capacity} ref={meshRef} args={[undefined, undefined, capacity]} frustumCulled={false} name="spheres" onClick={onClick}>
      <sphereGeometry args={[1, widthSegments, heightSegments]} />
      <meshStandardMaterial roughness={0.32} metalness={0.08} envMapIntensity={0.6} />
    </instancedMesh>
  );
}
