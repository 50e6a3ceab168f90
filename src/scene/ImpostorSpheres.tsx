/**
 * Every sphere as a screen-space impostor: one instanced quad per sphere, turned to the camera
 * and shaded as a lit sphere with its true depth in the fragment shader (see
 * {@link createImpostorMaterial}). Two triangles a sphere and one draw call for all of them, for
 * scenes too big for sphere meshes.
 *
 * Each frame this component advances the store's clock, then writes four floats a sphere (the
 * centre interpolated between the last two steps, and the radius) and three colour floats
 * straight into the instance buffers: no matrices, no allocation, no React re-render. Clicking a
 * sphere selects it: picking intersects the pointer's ray with the drawn spheres analytically.
 */
import { useFrame, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  BufferAttribute,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  Vector3,
  type Intersection,
  type Mesh,
  type Raycaster,
} from 'three';
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';
import { DRAG_MOVE, type DragPreview } from './drag-edit.ts';
import type { UpdateTiming } from './frame-timing.ts';
import { createImpostorMaterial } from './impostor-material.ts';
import { nearestSphereHit } from './impostor-pick.ts';
import { FLASH_SECONDS, instanceCapacity, type DrawCounter } from './InstancedSpheres.tsx';
import { SphereColoring } from './sphere-colors.ts';

/** Props of {@link ImpostorSpheres}. */
export interface ImpostorSpheresProps {
  /** The sandbox store whose simulation is drawn. */
  store: SandboxStore;
  /** Optional draw-call counter that this component keeps up to date (the test hook reads it). @defaultValue none */
  drawsRef?: RefObject<DrawCounter>;
  /** A drag under way: the sphere being moved is drawn where it would go. @defaultValue none */
  preview?: DragPreview;
  /** Optional timing of the per-frame instance update (the test hook reads it). @defaultValue none */
  timing?: UpdateTiming;
  /** Whether the spheres are drawn (the frame loop runs either way). @defaultValue true */
  visible?: boolean;
}

/** The instanced quad geometry for `capacity` spheres, with empty instance buffers. */
export function createImpostorGeometry(capacity: number): InstancedBufferGeometry {
  const geometry = new InstancedBufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]), 3));
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  // The whole buffers go up each frame (three's update ranges allocate); capacity is under twice the count.
  const centres = new InstancedBufferAttribute(new Float32Array(4 * capacity), 4);
  centres.setUsage(DynamicDrawUsage);
  const colours = new InstancedBufferAttribute(new Float32Array(3 * capacity), 3);
  colours.setUsage(DynamicDrawUsage);
  geometry.setAttribute('centreRadius', centres);
  geometry.setAttribute('sphereColor', colours);
  geometry.instanceCount = 0;
  return geometry;
}

/**
 * Writes the impostors' instance buffers each frame. A class, so that the frame loop is one named
 * method ({@link writeImpostorFrame}) that heap profiles of the browser tests can find; its fields
 * are set when the geometry or the props change, never in the frame loop.
 */
class ImpostorFrameWriter {
  /** Colour by speed or mass and the collision flash (the same code as the meshes). */
  readonly coloring = new SphereColoring();
  geometry: InstancedBufferGeometry | null = null;
  capacity = 0;
  preview: DragPreview | undefined = undefined;
  timing: UpdateTiming | undefined = undefined;
  drawsRef: RefObject<DrawCounter> | undefined = undefined;

  constructor(public store: SandboxStore) {
    this.writeImpostorFrame = this.writeImpostorFrame.bind(this);
  }

  /** Takes the geometry whose instance buffers are written (after a (re)build). */
  attach(geometry: InstancedBufferGeometry, capacity: number): void {
    this.geometry = geometry;
    this.capacity = capacity;
  }

  /** Takes the props that the frame loop reads. */
  configure(store: SandboxStore, preview: DragPreview | undefined, timing: UpdateTiming | undefined, drawsRef: RefObject<DrawCounter> | undefined): void {
    this.store = store;
    this.preview = preview;
    this.timing = timing;
    this.drawsRef = drawsRef;
  }

  /** One frame: every sphere's centre, radius and colour into the instance buffers (no allocation). */
  writeImpostorFrame(): void {
    const { geometry: geo, capacity, coloring, preview, timing, drawsRef } = this;
    if (drawsRef) {
      drawsRef.current.lastFrame = drawsRef.current.current;
      drawsRef.current.current = 0;
    }
    if (!geo) return;
    const state = this.store.getState();
    const sim = state.sim;
    const n = Math.min(sim.count, capacity);
    const centres = geo.getAttribute('centreRadius') as InstancedBufferAttribute;
    const colours = geo.getAttribute('sphereColor') as InstancedBufferAttribute;
    const cr = centres.array as Float32Array;
    const c = colours.array as Float32Array;
    const cur = sim.positions;
    const prev = sim.previous;
    const radii = sim.radii;
    const vel = sim.velocities;
    const masses = sim.masses;
    const alpha = sim.alpha;
    timing?.begin();
    coloring.begin(state, sim);
    const ramp = coloring.ramp;
    for (let i = 0; i < n; i++) {
      const b = 3 * i;
      const o = 4 * i;
      const f = coloring.flashOf(i, FLASH_SECONDS);
      cr[o] = prev[b] + (cur[b] - prev[b]) * alpha;
      cr[o + 1] = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * alpha;
      cr[o + 2] = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * alpha;
      cr[o + 3] = f > 0 ? radii[i] * (1 + 0.25 * f) : radii[i];
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
        cr[4 * slot] = preview.position[0];
        cr[4 * slot + 1] = preview.position[1];
        cr[4 * slot + 2] = preview.position[2];
      }
    }
    geo.instanceCount = n;
    if (drawsRef) drawsRef.current.instances = n;
    centres.needsUpdate = true;
    colours.needsUpdate = true;
    timing?.end(n);
  }
}

/** All spheres of the store's simulation, drawn as instanced impostor quads in one draw call. */
export function ImpostorSpheres({ store, drawsRef, preview, timing, visible = true }: ImpostorSpheresProps) {
  const meshRef = useRef<Mesh>(null);
  const count = useStore(store, (s) => s.sim.count);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const capacity = instanceCapacity(count);
  const geometry = useMemo(() => createImpostorGeometry(capacity), [capacity]);
  const [material] = useState(createImpostorMaterial);
  const [writer] = useState(() => new ImpostorFrameWriter(store));

  useEffect(() => () => geometry.dispose(), [geometry]);
  useEffect(() => () => material.dispose(), [material]);

  useLayoutEffect(() => {
    writer.coloring.rescan(store.getState().sim);
  }, [store, sceneVersion, writer]);

  useLayoutEffect(() => {
    const mesh = meshRef.current;
    if (!mesh) return;
    writer.attach(geometry, capacity);
    const hit = new Float64Array(2);
    // Picking: the pointer's ray against every sphere where it is drawn (pointer events only).
    mesh.raycast = (raycaster: Raycaster, hits: Intersection[]) => {
      const centres = geometry.getAttribute('centreRadius').array as Float32Array;
      const { origin, direction } = raycaster.ray;
      const o = [origin.x, origin.y, origin.z];
      const d = [direction.x, direction.y, direction.z];
      nearestSphereHit(centres, geometry.instanceCount, o, d, raycaster.near, raycaster.far, hit);
      if (hit[0] < 0) return;
      hits.push({ distance: hit[1], point: new Vector3().copy(direction).multiplyScalar(hit[1]).add(origin), object: mesh, instanceId: hit[0] });
    };
    if (drawsRef) {
      mesh.onBeforeRender = () => {
        drawsRef.current.current++;
      };
    }
  }, [geometry, capacity, drawsRef, writer]);

  useLayoutEffect(() => {
    writer.configure(store, preview, timing, drawsRef);
  }, [writer, store, preview, timing, drawsRef]);

  // The clock first, then the instances (subscribers run in the order they were added).
  useFrame((_, delta) => store.getState().frame(delta));
  useFrame(writer.writeImpostorFrame);

  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    // A drag that turned the camera is not a click on a sphere.
    if (event.delta > 4 || event.instanceId === undefined) return;
    event.stopPropagation();
    const world = store.getState().sim.world;
    if (event.instanceId < world.count) store.getState().select(world.idAt(event.instanceId));
  };

  return <mesh ref={meshRef} visible={visible} geometry={geometry} material={material} frustumCulled={false} name="spheres" onClick={onClick} />;
}
