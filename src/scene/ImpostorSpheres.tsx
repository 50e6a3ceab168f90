/**
 * Every sphere as a screen-space impostor: one instanced quad per sphere, turned to the camera
 * and shaded as a lit sphere with its true depth in the fragment shader (see
 * {@link createImpostorMaterial}). Two triangles a sphere and one draw call for all of them, for
 * scenes too big for sphere meshes.
 *
 * The instance buffers are written only when the simulation's
 * positions change (a step, a batch from the worker, an edit): the vertex shader interpolates
 * between the last two steps and looks up the colour, so most of a frame's work is a few
 * uniforms. No matrices, no allocation, no React re-render. Clicking a sphere selects it: picking
 * intersects the pointer's ray with the spheres analytically.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  BufferAttribute,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  type ShaderMaterial,
  type Texture,
  Vector3,
  type Intersection,
  type Mesh,
  type Raycaster,
} from 'three';
import type { DragPreview } from './drag-edit.ts';
import { createImpostorMaterial } from './impostor-material.ts';
import { nearestSphereHit } from './impostor-pick.ts';
import { SphereColoring } from './sphere-colors.ts';
import { FLASH_SECONDS, SphereLayerWriter, useSphereLayer } from './sphere-layer.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import type { SandboxStore } from '../store/index.ts';

/** Props of {@link ImpostorSpheres}. */
export interface ImpostorSpheresProps {
  /** A drag under way: the sphere being moved is drawn where it would go. @defaultValue none */
  preview?: DragPreview;
  /** Whether the spheres are drawn (the frame loop runs either way). @defaultValue true */
  visible?: boolean;
}

/** The instanced quad geometry for `capacity` spheres, with empty instance buffers. */
export function createImpostorGeometry(capacity: number): InstancedBufferGeometry {
  const geometry = new InstancedBufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]), 3));
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  // Whole buffers go up when they change (three's update ranges allocate); capacity is under twice the count.
  for (const [name, width] of [
    ['centreA', 3],
    ['centreB', 3],
    ['sphere', 2],
    ['speed', 1],
    ['hitAgo', 1],
  ] as const) {
    const attribute = new InstancedBufferAttribute(new Float32Array(width * capacity), width);
    attribute.setUsage(DynamicDrawUsage);
    geometry.setAttribute(name, attribute);
  }
  geometry.instanceCount = 0;
  return geometry;
}

/** What an impostor frame wrote (the test hook and the unit tests read it). */
export interface ImpostorWrites {
  /** Frames that wrote the centres of every sphere into both buffers. */
  full: number;
  /** Frames that wrote only the newest centres (the previous ones were already there). */
  newest: number;
  /** Frames that wrote nothing (the positions drawn had not changed). */
  none: number;
}

/**
 * Writes the impostors' instance buffers. A class, so that the frame loop is one named method
 * ({@link writeImpostorFrame}) that heap profiles of the browser tests can find; its fields are
 * set when the geometry or the props change, never in the frame loop.
 *
 * Between two steps only the interpolation between them moves the spheres, and that is done by
 * the vertex shader; colour and flash follow there from each sphere's speed, mass and time of
 * its last collision. So a frame writes nothing unless the simulation's positions changed
 * ({@link Simulation.version}); after one step it writes the new centres over the older of its
 * two centre buffers, which then becomes the newest; after anything else (an edit, several
 * steps at once, a renumbering, a new scene) it writes both. A frame that writes nothing handles
 * no number that is not a small integer, so it allocates nothing even before V8 optimises it.
 */
export class ImpostorFrameWriter extends SphereLayerWriter {
  /** Colour scales (speed and mass) and the flash switch, as for the mesh spheres. */
  readonly coloring = new SphereColoring();
  geometry: InstancedBufferGeometry | null = null;
  material: ShaderMaterial | null = null;
  capacity = 0;
  /** Counts of what the frames wrote. */
  readonly writes: ImpostorWrites = { full: 0, newest: 0, none: 0 };
  /** Whether centreB (else centreA) holds the newest centres. */
  nowIsB = false;
  /** The simulation, version and previous version the centre buffers hold (drawnSim null: nothing valid). */
  private drawnSim: unknown = null;
  private drawnVersion = -1;
  private drawnPrevious = -1;
  private drawnCount = -1;
  private drawnSlots = -1;
  /** Slot of the sphere drawn at a drag's preview position last frame, or -1. */
  private previewSlot = -1;
  /** What the colour uniforms were computed from (compared by identity each frame). */
  private seenSettings: unknown = null;
  private seenPreset: unknown = undefined;
  private seenAids: unknown = null;
  private seenMotion = false;
  private seenScene = -1;

  constructor(store: SandboxStore) {
    super(store);
    this.writeImpostorFrame = this.writeImpostorFrame.bind(this);
  }

  /** Takes the geometry and material written (after a (re)build): everything is written afresh. */
  attach(geometry: InstancedBufferGeometry, material: ShaderMaterial, capacity: number): void {
    this.geometry = geometry;
    this.material = material;
    this.capacity = capacity;
    this.drawnSim = null;
    this.seenSettings = null;
  }

  /** One frame: the shader's uniforms, and the instance buffers when the positions changed (no allocation). */
  writeImpostorFrame(): void {
    this.beginFrame();
    const { geometry: geo, material, capacity } = this;
    if (!geo || !material) return;
    const timing = this.probe?.timing;
    const state = this.store.getState();
    const sim = state.sim;
    const n = Math.min(sim.count, capacity);
    const frameUniform = material.uniforms.frame.value as Float32Array;
    if (state.sceneVersion !== this.seenScene || state.settings !== this.seenSettings || state.preset !== this.seenPreset || state.aids !== this.seenAids || state.reducedMotion !== this.seenMotion) {
      this.takeColouring();
    }
    const a = geo.getAttribute('centreA') as InstancedBufferAttribute;
    const b = geo.getAttribute('centreB') as InstancedBufferAttribute;
    const sameWorld = this.drawnSim === sim && this.drawnCount === n;
    const slot = this.previewSlot;
    // One step on from what is drawn: the newest buffer already holds the previous positions,
    // and stays as the one before. Anything else new: both buffers.
    const newest = sameWorld && sim.version !== this.drawnVersion && sim.previousVersion === this.drawnVersion && slot < 0;
    const full = !newest && (!sameWorld || sim.version !== this.drawnVersion || sim.previousVersion !== this.drawnPrevious);
    if (newest || full) {
      timing?.begin();
      if (newest) this.nowIsB = !this.nowIsB;
      const nowAttr = this.nowIsB ? b : a;
      const beforeAttr = this.nowIsB ? a : b;
      const speedAttr = geo.getAttribute('speed') as InstancedBufferAttribute;
      const agoAttr = geo.getAttribute('hitAgo') as InstancedBufferAttribute;
      const now = nowAttr.array as Float32Array;
      const before = beforeAttr.array as Float32Array;
      const speed = speedAttr.array as Float32Array;
      const b32 = sim.batch32;
      if (b32.version === sim.version && b32.now.length <= now.length && b32.speed.length <= speed.length) {
        // From the worker, ready to draw: copies only.
        now.set(b32.now);
        if (full) before.set(b32.before);
        speed.set(b32.speed);
      } else {
        const cur = sim.positions;
        const prev = sim.previous;
        const vel = sim.velocities;
        for (let i = 0; i < n; i++) {
          const p = 3 * i;
          now[p] = cur[p];
          now[p + 1] = cur[p + 1];
          now[p + 2] = cur[p + 2];
          if (full) {
            before[p] = prev[p];
            before[p + 1] = prev[p + 1];
            before[p + 2] = prev[p + 2];
          }
          speed[i] = Math.sqrt(vel[p] * vel[p] + vel[p + 1] * vel[p + 1] + vel[p + 2] * vel[p + 2]);
        }
      }
      // Time since each sphere's last collision: never (-Infinity) or long ago is far in the
      // past, but finite in 32 bits.
      const ago = agoAttr.array as Float32Array;
      const hits = state.instruments.readouts.lastHit;
      const time = sim.world.time;
      const hitCount = hits.length < n ? hits.length : n;
      for (let i = 0; i < hitCount; i++) {
        const t = hits[i] - time;
        ago[i] = t > -1e30 ? t : -1e30;
      }
      for (let i = hitCount; i < n; i++) ago[i] = -1e30;
      if (!sameWorld || sim.slotsVersion !== this.drawnSlots) {
        // Radii and masses change only with a new scene, an edit or a renumbering. A fixed
        // sphere's infinite mass is kept finite in 32 bits (the top of the ramp either way).
        const sphereAttr = geo.getAttribute('sphere') as InstancedBufferAttribute;
        const sphere = sphereAttr.array as Float32Array;
        const radii = sim.radii;
        const masses = sim.masses;
        for (let i = 0; i < n; i++) {
          sphere[2 * i] = radii[i];
          const m = masses[i];
          sphere[2 * i + 1] = m < 1e30 ? m : 1e30;
        }
        sphereAttr.needsUpdate = true;
        this.drawnSlots = sim.slotsVersion;
      }
      nowAttr.needsUpdate = true;
      if (full) beforeAttr.needsUpdate = true;
      speedAttr.needsUpdate = true;
      agoAttr.needsUpdate = true;
      if (full) this.writes.full++;
      else this.writes.newest++;
      timing?.end(n);
    } else {
      if (slot >= 0 && slot < n) {
        // Last frame's drag preview is undone (and drawn again below while the drag lasts).
        const cur = sim.positions;
        const prev = sim.previous;
        placeCentre(this.nowIsB ? b : a, slot, cur[3 * slot], cur[3 * slot + 1], cur[3 * slot + 2]);
        placeCentre(this.nowIsB ? a : b, slot, prev[3 * slot], prev[3 * slot + 1], prev[3 * slot + 2]);
      }
      this.writes.none++;
      timing?.skip(n);
    }
    this.drawnSim = sim;
    this.drawnVersion = sim.version;
    this.drawnPrevious = sim.previousVersion;
    this.drawnCount = n;
    this.previewSlot = -1;
    const dragged = this.movedSlot(n);
    if (dragged >= 0) {
      // The sphere being dragged sits where it would go, in both buffers (no interpolation).
      const to = this.preview!.position;
      placeCentre(a, dragged, to[0], to[1], to[2]);
      placeCentre(b, dragged, to[0], to[1], to[2]);
      this.previewSlot = dragged;
    }
    frameUniform.set(sim.alphaCell, 0);
    frameUniform[1] = this.nowIsB ? 1 : 0;
    geo.instanceCount = n;
    this.endFrame(n);
  }

  /** The colour and flash uniforms from the store's settings, preset and aids (when they change). */
  private takeColouring(): void {
    const state = this.store.getState();
    const sim = state.sim;
    const coloring = this.coloring;
    if (state.sceneVersion !== this.seenScene) coloring.rescan(sim);
    coloring.begin(state, sim);
    const uniforms = this.material!.uniforms;
    const frame = uniforms.frame.value as Float32Array;
    const colouring = uniforms.colouring.value as Float32Array;
    frame[2] = coloring.flash ? 1 : 0;
    frame[3] = FLASH_SECONDS;
    // The impostors have no species or neighbours per sphere: colouring by either shows the speeds (the mesh spheres, up to 4,096, show them).
    colouring[0] = coloring.bySpeed || coloring.bySpecies || coloring.byNeighbours ? 1 : 0;
    colouring[1] = coloring.speedScale;
    colouring[2] = coloring.massLogMin;
    colouring[3] = coloring.massLogSpan;
    this.seenScene = state.sceneVersion;
    this.seenSettings = state.settings;
    this.seenPreset = state.preset;
    this.seenAids = state.aids;
    this.seenMotion = state.reducedMotion;
  }
}

/** Puts sphere `slot`'s centre at (x, y, z) in a centre attribute, to be uploaded. */
function placeCentre(attr: InstancedBufferAttribute, slot: number, x: number, y: number, z: number): void {
  const out = attr.array as Float32Array;
  out[3 * slot] = x;
  out[3 * slot + 1] = y;
  out[3 * slot + 2] = z;
  attr.needsUpdate = true;
}

/** All spheres of the store's simulation, drawn as instanced impostor quads in one draw call. */
export function ImpostorSpheres({ preview, visible = true }: ImpostorSpheresProps) {
  const store = useSandboxStore();
  const meshRef = useRef<Mesh>(null);
  const [writer] = useState(() => new ImpostorFrameWriter(store));
  const { capacity, onClick } = useSphereLayer(writer, writer.writeImpostorFrame, meshRef, preview);
  const geometry = useMemo(() => createImpostorGeometry(capacity), [capacity]);
  const [material] = useState(createImpostorMaterial);

  useEffect(() => () => geometry.dispose(), [geometry]);
  useEffect(
    () => () => {
      (material.uniforms.ramps.value as Texture).dispose();
      material.dispose();
    },
    [material],
  );

  useLayoutEffect(() => {
    const mesh = meshRef.current;
    if (!mesh) return;
    writer.attach(geometry, material, capacity);
    const hit = new Float64Array(2);
    // Picking: the pointer's ray against every sphere at its current position (pointer events only).
    mesh.raycast = (raycaster: Raycaster, hits: Intersection[]) => {
      const sim = store.getState().sim;
      const { origin, direction } = raycaster.ray;
      const o = [origin.x, origin.y, origin.z];
      const d = [direction.x, direction.y, direction.z];
      nearestSphereHit(sim.positions, sim.radii, Math.min(sim.count, geometry.instanceCount), o, d, raycaster.near, raycaster.far, hit);
      if (hit[0] < 0) return;
      hits.push({ distance: hit[1], point: new Vector3().copy(direction).multiplyScalar(hit[1]).add(origin), object: mesh, instanceId: hit[0] });
    };
  }, [store, geometry, material, capacity, writer]);

  return <mesh ref={meshRef} visible={visible} geometry={geometry} material={material} frustumCulled={false} name="spheres" onClick={onClick} />;
}
