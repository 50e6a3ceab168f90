/**
 * Every sphere in one instanced mesh (one draw call whatever the count). Each frame this
 * component writes each sphere's matrix (scale = radius,
 * translation = position interpolated between the last two steps) and colour straight into the
 * instance buffers. Nothing is allocated per frame and React does not re-render per frame.
 */
import { useFrame, type ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { DynamicDrawUsage, InstancedBufferAttribute, InstancedMesh, type Intersection, type Raycaster } from 'three';
import { useStore } from 'zustand';
import { DRAG_MOVE, type DragPreview } from './drag-edit.ts';
import type { UpdateTiming } from './frame-timing.ts';
import { SphereColoring } from './sphere-colors.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import type { SandboxStore } from '../store/index.ts';

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
  /** Optional draw-call counter that this component keeps up to date (the test hook reads it). @defaultValue none */
  drawsRef?: RefObject<DrawCounter>;
  /** A drag under way: the sphere being moved is drawn where it would go. @defaultValue none */
  preview?: DragPreview;
  /** Optional timing of the per-frame instance update (the test hook reads it). @defaultValue none */
  timing?: UpdateTiming;
  /** Whether the spheres are drawn (the frame loop runs either way). @defaultValue true */
  visible?: boolean;
}

/**
 * Writes the sphere mesh's instances each frame. A class, so that the frame loop is one named
 * method ({@link writeMeshFrame}) that heap profiles of the browser tests can find; its fields are
 * set when the mesh or the props change, never in the frame loop.
 */
class MeshFrameWriter {
  /** Colour by speed or mass and the collision flash (the same code as the impostors). */
  readonly coloring = new SphereColoring();
  mesh: InstancedMesh | null = null;
  colors: InstancedBufferAttribute | null = null;
  capacity = 0;
  preview: DragPreview | undefined = undefined;
  timing: UpdateTiming | undefined = undefined;
  drawsRef: RefObject<DrawCounter> | undefined = undefined;

  constructor(public store: SandboxStore) {
    this.writeMeshFrame = this.writeMeshFrame.bind(this);
  }

  /** Takes the mesh and its colour buffer (after a (re)mount). */
  attach(mesh: InstancedMesh, colors: InstancedBufferAttribute, capacity: number): void {
    this.mesh = mesh;
    this.colors = colors;
    this.capacity = capacity;
  }

  /** Takes the props that the frame loop reads. */
  configure(store: SandboxStore, preview: DragPreview | undefined, timing: UpdateTiming | undefined, drawsRef: RefObject<DrawCounter> | undefined): void {
    this.store = store;
    this.preview = preview;
    this.timing = timing;
    this.drawsRef = drawsRef;
  }

  /** One frame: every sphere's matrix and colour into the instance buffers (no allocation). */
  writeMeshFrame(): void {
    const { mesh, colors, capacity, coloring, preview, timing, drawsRef } = this;
    if (drawsRef) {
      drawsRef.current.lastFrame = drawsRef.current.current;
      drawsRef.current.current = 0;
    }
    if (!mesh || !colors) return;
    const state = this.store.getState();
    const sim = state.sim;
    const n = Math.min(sim.count, capacity);
    const cur = sim.positions;
    const prev = sim.previous;
    const radii = sim.radii;
    const vel = sim.velocities;
    const alpha = sim.alpha;
    const m = mesh.instanceMatrix.array as Float32Array;
    const c = colors.array as Float32Array;
    const masses = sim.masses;
    timing?.begin();
    coloring.begin(state, sim);
    const ramp = coloring.ramp;
    for (let i = 0; i < n; i++) {
      const b = 3 * i;
      const o = 16 * i;
      const f = coloring.flashOf(i, FLASH_SECONDS);
      const r = f > 0 ? radii[i] * (1 + 0.25 * f) : radii[i];
      // Only the scale and the translation change: the other entries keep the identity that
      // three wrote when it made the mesh.
      m[o] = r;
      m[o + 5] = r;
      m[o + 10] = r;
      m[o + 12] = prev[b] + (cur[b] - prev[b]) * alpha;
      m[o + 13] = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * alpha;
      m[o + 14] = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * alpha;
      const k = coloring.rampOffset(i, vel, masses);
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
    timing?.end(n);
  }
}

/** All spheres of the store's simulation, drawn as one instanced mesh. */
export function InstancedSpheres({ drawsRef, preview, timing, visible = true }: InstancedSpheresProps) {
  const store = useSandboxStore();
  const meshRef = useRef<InstancedMesh>(null);
  const count = useStore(store, (s) => s.scene.count);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const capacity = instanceCapacity(count);
  const [widthSegments, heightSegments] = sphereDetail(capacity);
  const [writer] = useState(() => new MeshFrameWriter(store));

  useLayoutEffect(() => {
    const mesh = meshRef.current;
    if (!mesh) return;
    // Per-instance colours must exist before the first draw, so the shader is built with them.
    const colors = new InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
    colors.setUsage(DynamicDrawUsage);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.instanceColor = colors;
    writer.attach(mesh, colors, capacity);
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
  }, [capacity, drawsRef, writer]);

  useLayoutEffect(() => {
    writer.coloring.rescan(store.getState().sim);
  }, [store, sceneVersion, writer]);

  useLayoutEffect(() => {
    writer.configure(store, preview, timing, drawsRef);
  }, [writer, store, preview, timing, drawsRef]);

  // After the clock (SandboxCanvas's ClockDriver runs first): draws what the last steps left.
  useFrame(writer.writeMeshFrame);

  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    // A drag that turned the camera is not a click on a sphere.
    if (event.delta > 4 || event.instanceId === undefined) return;
    event.stopPropagation();
    const world = store.getState().sim.world;
    if (event.instanceId < world.count) store.getState().select(world.idAt(event.instanceId));
  };

  return (
    <instancedMesh key={capacity} ref={meshRef} visible={visible} args={[undefined, undefined, capacity]} frustumCulled={false} name="spheres" onClick={onClick}>
      <sphereGeometry args={[1, widthSegments, heightSegments]} />
      <meshStandardMaterial roughness={0.32} metalness={0.08} envMapIntensity={0.6} />
    </instancedMesh>
  );
}
