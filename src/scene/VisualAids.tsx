/**
 * The classroom's visual aids drawn over the spheres: velocity and momentum arrows (one line
 * segments object each, one draw call each), the centre of mass marker and the selected sphere's
 * trail. Every buffer is allocated once on mount and rewritten in place each frame; the toggles
 * are read from the store inside the frame loop, so switching one never re-renders React per
 * frame. A hidden aid costs no draw call and no work.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  Group,
  Line,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  SphereGeometry,
  Vector3,
  type Camera,
} from 'three';
import { useStore } from 'zustand';
import type { Simulation } from '../store/simulation.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** Arrows are drawn for at most this many spheres (the first by slot). */
export const MAX_ARROWS = 2000;
/** Points kept in the selected sphere's trail (one per drawn frame that moved it). */
export const TRAIL_POINTS = 360;
/**
 * Seconds of motion a velocity arrow stands for at most (as the selected sphere's arrow); less in
 * a fast scene, so that a typical arrow sticks out no more than two diameters.
 */
const ARROW_SECONDS = 0.5;
/** Vertices per arrow: the shaft and two strokes of the head. */
const ARROW_VERTICES = 6;

const VELOCITY_COLOR = '#e9f3ff';
const MOMENTUM_COLOR = '#ff9f43';
const COM_COLOR = '#ff5fd2';
const TRAIL_COLOR = '#ffd166';
/** The view's background, where the trail fades to. */
const FADE_TO = '#0b1020';

/** Module scratch for the camera's forward direction (written each frame, never allocated there). */
const forward = new Vector3();

function arrowObject(color: string): LineSegments {
  const geometry = new BufferGeometry();
  const position = new BufferAttribute(new Float32Array(3 * ARROW_VERTICES * MAX_ARROWS), 3);
  position.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', position);
  geometry.setDrawRange(0, 0);
  const lines = new LineSegments(geometry, new LineBasicMaterial({ color, transparent: true, opacity: 0.9 }));
  lines.frustumCulled = false;
  lines.visible = false;
  lines.raycast = () => undefined;
  return lines;
}

function comObject(): Group {
  const group = new Group();
  group.name = 'centre-of-mass';
  const dot = new Mesh(new SphereGeometry(1, 16, 10), new MeshBasicMaterial({ color: COM_COLOR, depthTest: false, transparent: true }));
  const cross = new BufferGeometry();
  // Three axis strokes of half-length 3 (the dot has radius 1), scaled with the group.
  cross.setAttribute('position', new BufferAttribute(new Float32Array([-3, 0, 0, 3, 0, 0, 0, -3, 0, 0, 3, 0, 0, 0, -3, 0, 0, 3]), 3));
  const hair = new LineSegments(cross, new LineBasicMaterial({ color: COM_COLOR, depthTest: false, transparent: true }));
  dot.renderOrder = hair.renderOrder = 10;
  dot.raycast = hair.raycast = () => undefined;
  group.add(dot, hair);
  group.visible = false;
  return group;
}

function trailObject(): Line {
  const geometry = new BufferGeometry();
  const position = new BufferAttribute(new Float32Array(3 * TRAIL_POINTS), 3);
  position.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', position);
  // Points are written oldest first and aligned to the end, so the colour of a vertex is fixed:
  // it fades from the background (oldest) to the trail colour (newest).
  const colors = new Float32Array(3 * TRAIL_POINTS);
  const a = new Color(FADE_TO);
  const b = new Color(TRAIL_COLOR);
  const c = new Color();
  for (let k = 0; k < TRAIL_POINTS; k++) {
    c.copy(a).lerp(b, k / (TRAIL_POINTS - 1));
    colors[3 * k] = c.r;
    colors[3 * k + 1] = c.g;
    colors[3 * k + 2] = c.b;
  }
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  geometry.setDrawRange(0, 0);
  const line = new Line(geometry, new LineBasicMaterial({ vertexColors: true }));
  line.frustumCulled = false;
  line.visible = false;
  line.raycast = () => undefined;
  line.name = 'trail';
  return line;
}

/** Frees the GPU side of an object's geometries and materials. */
function disposeTree(root: Group | Line | LineSegments): void {
  root.traverse((o) => {
    const m = o as Mesh;
    if (m.geometry) m.geometry.dispose();
    if (m.material) (Array.isArray(m.material) ? m.material : [m.material]).forEach((x) => x.dispose());
  });
}

/**
 * Writes one arrow per sphere into `lines` (shaft from the interpolated centre, head facing the
 * camera): length = radius + |v| * `perSpeed` * (m when `byMomentum`). Returns the arrows written.
 */
function writeArrows(lines: LineSegments, sim: Simulation, camera: Camera, perSpeed: number, byMomentum: boolean): number {
  const attr = lines.geometry.getAttribute('position') as BufferAttribute;
  const out = attr.array as Float32Array;
  const n = Math.min(sim.count, MAX_ARROWS);
  const cur = sim.positions;
  const prev = sim.previous;
  const a = sim.alpha;
  const vel = sim.velocities;
  const radii = sim.radii;
  const masses = sim.masses;
  camera.getWorldDirection(forward);
  const fx = forward.x;
  const fy = forward.y;
  const fz = forward.z;
  for (let i = 0; i < n; i++) {
    const b = 3 * i;
    const o = 3 * ARROW_VERTICES * i;
    const px = prev[b] + (cur[b] - prev[b]) * a;
    const py = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * a;
    const pz = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * a;
    const vx = vel[b];
    const vy = vel[b + 1];
    const vz = vel[b + 2];
    const speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
    const m = masses[i];
    if (!(speed > 1e-9) || (byMomentum && !Number.isFinite(m))) {
      // No arrow: all six vertices at the centre (a zero-length stroke draws nothing).
      for (let k = 0; k < 3 * ARROW_VERTICES; k += 3) {
        out[o + k] = px;
        out[o + k + 1] = py;
        out[o + k + 2] = pz;
      }
      continue;
    }
    const dx = vx / speed;
    const dy = vy / speed;
    const dz = vz / speed;
    const length = radii[i] + speed * perSpeed * (byMomentum ? m : 1);
    const tx = px + dx * length;
    const ty = py + dy * length;
    const tz = pz + dz * length;
    // Head strokes across the direction, in the plane facing the camera: side = d x forward.
    let sx = dy * fz - dz * fy;
    let sy = dz * fx - dx * fz;
    let sz = dx * fy - dy * fx;
    let sl = Math.sqrt(sx * sx + sy * sy + sz * sz);
    if (sl < 1e-6) {
      // Pointing at the camera: any perpendicular will do.
      sx = -dy;
      sy = dx;
      sz = 0;
      sl = Math.sqrt(sx * sx + sy * sy) || 1;
      if (sl < 1e-6) sx = 1;
    }
    const head = Math.min(0.3 * length, 0.45 * radii[i] + 0.1);
    const w = (0.5 * head) / sl;
    const bx = tx - dx * head;
    const by = ty - dy * head;
    const bz = tz - dz * head;
    out[o] = px;
    out[o + 1] = py;
    out[o + 2] = pz;
    out[o + 3] = tx;
    out[o + 4] = ty;
    out[o + 5] = tz;
    out[o + 6] = tx;
    out[o + 7] = ty;
    out[o + 8] = tz;
    out[o + 9] = bx + sx * w;
    out[o + 10] = by + sy * w;
    out[o + 11] = bz + sz * w;
    out[o + 12] = tx;
    out[o + 13] = ty;
    out[o + 14] = tz;
    out[o + 15] = bx - sx * w;
    out[o + 16] = by - sy * w;
    out[o + 17] = bz - sz * w;
  }
  lines.geometry.setDrawRange(0, ARROW_VERTICES * n);
  attr.clearUpdateRanges();
  attr.addUpdateRange(0, 3 * ARROW_VERTICES * n);
  attr.needsUpdate = true;
  return n;
}

/** Velocity and momentum arrows, the centre of mass and the selected sphere's trail. */
export function VisualAids() {
  const store = useSandboxStore();
  const objects = useMemo(() => ({ velocity: arrowObject(VELOCITY_COLOR), momentum: arrowObject(MOMENTUM_COLOR), com: comObject(), trail: trailObject() }), []);
  const velocityRef = useRef<LineSegments>(null);
  const momentumRef = useRef<LineSegments>(null);
  const comRef = useRef<Group>(null);
  const trailRef = useRef<Line>(null);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  /** Momentum arrow length per kg m/s, fixed per scene so that arrows compare over time. */
  const momentumScale = useRef(1);
  /** Velocity arrow length per m/s (seconds of motion), fixed per scene like the momentum scale. */
  const velocityScale = useRef(ARROW_SECONDS);
  /** The trail's ring buffer of positions, its next write index and its length. */
  const trail = useRef({ ring: new Float32Array(3 * TRAIL_POINTS), next: 0, length: 0, id: -1, world: null as unknown, time: NaN, alpha: NaN });

  useEffect(() => {
    const { velocity, momentum, com, trail: line } = objects;
    return () => {
      disposeTree(velocity);
      disposeTree(momentum);
      disposeTree(com);
      disposeTree(line);
    };
  }, [objects]);

  useLayoutEffect(() => {
    // A typical momentum arrow sticks out about one mean diameter past its sphere.
    const { sim, settings } = store.getState();
    let sumP = 0;
    let sumV = 0;
    let sumM = 0;
    let sumD = 0;
    let free = 0;
    const v = sim.velocities;
    for (let i = 0; i < sim.count; i++) {
      const m = sim.masses[i];
      sumD += 2 * sim.radii[i];
      if (!Number.isFinite(m)) continue;
      free++;
      sumM += m;
      const speed = Math.hypot(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
      sumV += speed;
      sumP += m * speed;
    }
    const diameter = sim.count > 0 ? sumD / sim.count : 1;
    let typical = free > 0 ? sumP / free : 0;
    if (!(typical > 1e-12)) {
      // A scene that starts at rest: the momentum of a fall across the box, or of the set speed.
      const fall = settings.gravityOn ? Math.sqrt(settings.gravity * settings.boxSize) : 0;
      typical = (free > 0 ? sumM / free : 1) * Math.max(fall, settings.speed, 1);
    }
    momentumScale.current = diameter / typical;
    const typicalSpeed = free > 0 ? sumV / free : 0;
    velocityScale.current = typicalSpeed > 0 ? Math.min(ARROW_SECONDS, (2 * diameter) / typicalSpeed) : ARROW_SECONDS;
  }, [store, sceneVersion]);

  useFrame(({ camera }) => {
    const velocity = velocityRef.current;
    const momentum = momentumRef.current;
    const com = comRef.current;
    const line = trailRef.current;
    if (!velocity || !momentum || !com || !line) return;
    const { aids, sim, selected } = store.getState();

    velocity.visible = aids.velocity;
    if (aids.velocity) writeArrows(velocity, sim, camera, velocityScale.current, false);
    momentum.visible = aids.momentum;
    if (aids.momentum) writeArrows(momentum, sim, camera, momentumScale.current, true);

    if (aids.centreOfMass) {
      const cur = sim.positions;
      const prev = sim.previous;
      const a = sim.alpha;
      let mx = 0;
      let my = 0;
      let mz = 0;
      let total = 0;
      for (let i = 0; i < sim.count; i++) {
        const m = sim.masses[i];
        if (!Number.isFinite(m)) continue;
        const b = 3 * i;
        mx += m * (prev[b] + (cur[b] - prev[b]) * a);
        my += m * (prev[b + 1] + (cur[b + 1] - prev[b + 1]) * a);
        mz += m * (prev[b + 2] + (cur[b + 2] - prev[b + 2]) * a);
        total += m;
      }
      com.visible = total > 0;
      if (total > 0) {
        com.position.set(mx / total, my / total, mz / total);
        const size = sim.world.size;
        const s = 0.012 * Math.max(size[0], size[1], size[2]);
        com.scale.set(s, s, s);
      }
    } else {
      com.visible = false;
    }

    const t = trail.current;
    const slot = aids.trail && selected !== null ? sim.world.indexOf(selected) : -1;
    if (slot < 0) {
      line.visible = false;
      t.length = 0;
      t.id = -1;
      return;
    }
    if (t.id !== selected || t.world !== sim.world) {
      t.length = 0;
      t.next = 0;
      t.id = selected ?? -1;
      t.world = sim.world;
      t.time = NaN;
    }
    const time = sim.world.time;
    const a = sim.alpha;
    if (time !== t.time || a !== t.alpha) {
      const b = 3 * slot;
      const cur = sim.positions;
      const prev = sim.previous;
      const w = 3 * t.next;
      t.ring[w] = prev[b] + (cur[b] - prev[b]) * a;
      t.ring[w + 1] = prev[b + 1] + (cur[b + 1] - prev[b + 1]) * a;
      t.ring[w + 2] = prev[b + 2] + (cur[b + 2] - prev[b + 2]) * a;
      t.next = (t.next + 1) % TRAIL_POINTS;
      if (t.length < TRAIL_POINTS) t.length++;
      t.time = time;
      t.alpha = a;
      // Oldest first, aligned to the end of the buffer (where the vertex colours are brightest).
      const attr = line.geometry.getAttribute('position') as BufferAttribute;
      const out = attr.array as Float32Array;
      const first = TRAIL_POINTS - t.length;
      for (let k = 0; k < t.length; k++) {
        const r = 3 * ((t.next - t.length + k + TRAIL_POINTS) % TRAIL_POINTS);
        const o = 3 * (first + k);
        out[o] = t.ring[r];
        out[o + 1] = t.ring[r + 1];
        out[o + 2] = t.ring[r + 2];
      }
      line.geometry.setDrawRange(first, t.length);
      attr.needsUpdate = true;
    }
    line.visible = t.length > 1;
  });

  return (
    <>
      <primitive ref={velocityRef} object={objects.velocity} name="velocity-arrows" />
      <primitive ref={momentumRef} object={objects.momentum} name="momentum-arrows" />
      <primitive ref={comRef} object={objects.com} />
      <primitive ref={trailRef} object={objects.trail} />
    </>
  );
}
