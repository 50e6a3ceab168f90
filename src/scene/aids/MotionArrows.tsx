/**
 * Velocity and momentum arrows: one arrow a sphere (for the first {@link MAX_ARROWS} by slot), all
 * of one kind in one line segments object (one draw call), rewritten in place each frame while
 * the aid is on. The arrows' length per m/s (or per kg m/s) is fixed per scene, so that arrows
 * compare over time.
 */
import { useFrame } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, DynamicDrawUsage, LineBasicMaterial, LineSegments, Vector3, type Camera } from 'three';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import type { Settings } from '../../experiment/index.ts';
import type { Simulation } from '../../runtime/index.ts';
import { ARROW_FLOATS, ARROW_VERTICES, writeMotionArrows } from '../instance-matrices.ts';
import { useDisposeOnUnmount } from './aid-objects.ts';

/** Arrows are drawn for at most this many spheres (the first by slot). */
export const MAX_ARROWS = 2000;
/**
 * Seconds of motion a velocity arrow stands for at most (as the selected sphere's arrow); less in
 * a fast scene, so that a typical arrow sticks out no more than two diameters.
 */
const ARROW_SECONDS = 0.5;
const COLORS = { velocity: '#e9f3ff', momentum: '#ff9f43' } as const;

/** Module scratch for the camera's forward direction (written each frame, never allocated there). */
const forward = new Vector3();

function arrowObject(color: string): LineSegments {
  const geometry = new BufferGeometry();
  const position = new BufferAttribute(new Float32Array(ARROW_FLOATS * MAX_ARROWS), 3);
  position.setUsage(DynamicDrawUsage);
  geometry.setAttribute('position', position);
  geometry.setDrawRange(0, 0);
  const lines = new LineSegments(geometry, new LineBasicMaterial({ color, transparent: true, opacity: 0.9 }));
  lines.frustumCulled = false;
  lines.visible = false;
  lines.raycast = () => undefined;
  return lines;
}

/** The arrows' length per unit of what they show, for a scene: velocity per m/s (seconds), momentum per kg m/s. */
export function arrowScales(sim: Simulation, settings: Settings): { velocity: number; momentum: number } {
  // A typical momentum arrow sticks out about one mean diameter past its sphere.
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
  const momentum = diameter / typical;
  const typicalSpeed = free > 0 ? sumV / free : 0;
  const velocity = typicalSpeed > 0 ? Math.min(ARROW_SECONDS, (2 * diameter) / typicalSpeed) : ARROW_SECONDS;
  return { velocity, momentum };
}

/**
 * Writes one arrow per sphere into `lines` ({@link writeMotionArrows}: length = radius + |v| *
 * `perSpeed` * (m when `byMomentum`), head facing the camera) and marks them for upload. Returns
 * the arrows written.
 */
function writeArrows(lines: LineSegments, sim: Simulation, camera: Camera, perSpeed: number, byMomentum: boolean): number {
  const attr = lines.geometry.getAttribute('position') as BufferAttribute;
  const n = Math.min(sim.count, MAX_ARROWS);
  camera.getWorldDirection(forward);
  writeMotionArrows(attr.array as Float32Array, n, sim, perSpeed, byMomentum, forward);
  lines.geometry.setDrawRange(0, ARROW_VERTICES * n);
  attr.clearUpdateRanges();
  attr.addUpdateRange(0, ARROW_FLOATS * n);
  attr.needsUpdate = true;
  return n;
}

/** The arrows of one kind, drawn while that aid is on. */
export function MotionArrows({ kind }: { kind: 'velocity' | 'momentum' }) {
  const store = useSandboxStore();
  const object = useMemo(() => arrowObject(COLORS[kind]), [kind]);
  useDisposeOnUnmount(object);
  const ref = useRef<LineSegments>(null);
  const sceneVersion = useStore(store, (s) => s.sceneVersion);
  const scale = useRef(1);
  useLayoutEffect(() => {
    const { sim, settings } = store.getState();
    scale.current = arrowScales(sim, settings)[kind];
  }, [store, sceneVersion, kind]);
  useFrame(({ camera }) => {
    const lines = ref.current;
    if (!lines) return;
    const { aids, sim } = store.getState();
    const on = aids[kind];
    lines.visible = on;
    if (on) writeArrows(lines, sim, camera, scale.current, kind === 'momentum');
  });
  return <primitive ref={ref} object={object} name={`${kind}-arrows`} />;
}
