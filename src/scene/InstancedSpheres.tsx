/**
 * Every sphere in one instanced mesh (one draw call whatever the count). Each frame this
 * component writes each sphere's colour and, through instance-matrices.ts, its matrix (scale =
 * radius, translation = position interpolated between the last two steps) straight into the
 * instance buffers. Nothing is allocated per frame and React does not re-render per frame.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { DynamicDrawUsage, InstancedBufferAttribute, InstancedMesh, type Intersection, type Raycaster } from 'three';
import { useStore } from 'zustand';
import type { DragPreview } from './drag-edit.ts';
import { moveSphereMatrix, writeSphereMatrices } from './instance-matrices.ts';
import { SphereColoring } from './sphere-colors.ts';
import { FLASH_SECONDS, SphereLayerWriter, useSphereLayer } from './sphere-layer.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import type { SandboxStore } from '../store/index.ts';
import { PLAIN_SPHERE_DETAIL, plainDrawing } from './view-probe.ts';

/**
 * Sphere mesh detail (width and height segments) for a capacity: coarser when there are many, and
 * coarser still when drawing plainly ({@link PLAIN_SPHERE_DETAIL}).
 */
export function sphereDetail(capacity: number, plain = false): [number, number] {
  if (plain) return [PLAIN_SPHERE_DETAIL[0], PLAIN_SPHERE_DETAIL[1]];
  if (capacity <= 2048) return [28, 18];
  if (capacity <= 8192) return [18, 12];
  return [12, 8];
}

/** Props of {@link InstancedSpheres}. */
export interface InstancedSpheresProps {
  /** A drag under way: the sphere being moved is drawn where it would go. @defaultValue none */
  preview?: DragPreview;
  /** Whether the spheres are drawn (the frame loop runs either way). @defaultValue true */
  visible?: boolean;
}

/** Writes the sphere mesh's instances each frame ({@link MeshFrameWriter.writeMeshFrame}). */
class MeshFrameWriter extends SphereLayerWriter {
  /** Colour by speed or mass and the collision flash (the same code as the impostors). */
  readonly coloring = new SphereColoring();
  mesh: InstancedMesh | null = null;
  colors: InstancedBufferAttribute | null = null;
  capacity = 0;
  /** Each sphere's radius as drawn this frame (a flashing sphere swells), for its matrix. */
  drawnRadii = new Float64Array(0);

  constructor(store: SandboxStore) {
    super(store);
    this.writeMeshFrame = this.writeMeshFrame.bind(this);
  }

  /** Takes the mesh and its colour buffer (after a (re)mount). */
  attach(mesh: InstancedMesh, colors: InstancedBufferAttribute, capacity: number): void {
    this.mesh = mesh;
    this.colors = colors;
    this.capacity = capacity;
    this.drawnRadii = new Float64Array(capacity);
  }

  /** One frame: every sphere's matrix and colour into the instance buffers (no allocation). */
  writeMeshFrame(): void {
    this.beginFrame();
    const { mesh, colors, capacity, coloring, drawnRadii } = this;
    if (!mesh || !colors) return;
    const timing = this.probe?.timing;
    const state = this.store.getState();
    const sim = state.sim;
    const n = Math.min(sim.count, capacity);
    const radii = sim.radii;
    const vel = sim.velocities;
    const m = mesh.instanceMatrix.array as Float32Array;
    const c = colors.array as Float32Array;
    const masses = sim.masses;
    timing?.begin();
    coloring.begin(state, sim);
    const ramp = coloring.ramp;
    for (let i = 0; i < n; i++) {
      const b = 3 * i;
      const f = coloring.flashOf(i, FLASH_SECONDS);
      drawnRadii[i] = f > 0 ? radii[i] * (1 + 0.25 * f) : radii[i];
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
    writeSphereMatrices(m, n, sim.previous, sim.positions, sim, drawnRadii, 1);
    // A sphere that a drag is moving is drawn where it would go.
    const moved = this.movedSlot(n);
    if (moved >= 0) moveSphereMatrix(m, moved, this.preview!.position);
    mesh.count = n;
    this.endFrame(n);
    mesh.instanceMatrix.needsUpdate = true;
    colors.needsUpdate = true;
    timing?.end(n);
  }
}

/** All spheres of the store's simulation, drawn as one instanced mesh. */
export function InstancedSpheres({ preview, visible = true }: InstancedSpheresProps) {
  const store = useSandboxStore();
  const meshRef = useRef<InstancedMesh>(null);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const [writer] = useState(() => new MeshFrameWriter(store));
  const { capacity, onClick } = useSphereLayer(writer, writer.writeMeshFrame, meshRef, preview);
  const [plain] = useState(plainDrawing);
  const [widthSegments, heightSegments] = sphereDetail(capacity, plain);

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
  }, [capacity, writer]);

  // A built scene's spheres may have colours of their own (sphere k of the scene has id k).
  const built = useStore(store, (s) => s.built);
  useLayoutEffect(() => {
    const { sim } = store.getState();
    const spheres = built?.spheres;
    writer.coloring.rescan(sim, spheres === undefined ? undefined : (slot) => spheres[sim.world.idAt(slot)]?.color);
  }, [store, sceneVersion, writer, built]);

  return (
    <instancedMesh key={capacity} ref={meshRef} visible={visible} args={[undefined, undefined, capacity]} frustumCulled={false} name="spheres" onClick={onClick}>
      <sphereGeometry args={[1, widthSegments, heightSegments]} />
      <meshStandardMaterial roughness={0.32} metalness={0.08} envMapIntensity={0.6} />
    </instancedMesh>
  );
}
