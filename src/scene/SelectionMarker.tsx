/**
 * Marks the sphere selected in the inspector: a bold ring around it that always faces the camera
 * and is drawn over everything (a bright band between two dark edges, a fixed number of pixels
 * wide whatever the sphere's size or distance, so it reads on light and dark spheres and on a
 * projector), and its velocity arrow; moved each frame from the simulation's arrays
 * (interpolated like the spheres), hidden when nothing is selected. The other selected spheres
 * (shift-click, box select) get the same ring without the arrow ({@link SelectionRings}). No
 * allocation per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { PerspectiveCamera, ShaderMaterial, Vector3, type ArrowHelper, type Camera, type Group, type Mesh } from 'three';
import { arrowLength, DRAG_MOVE, DRAG_NONE, DRAG_VELOCITY, editedVelocity, type DragPreview } from './drag-edit.ts';
import { between } from './interpolate.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** Props of {@link SelectionMarker}. */
export interface SelectionMarkerProps {
  /** A drag under way, shown instead of the sphere's own position or velocity. @defaultValue none */
  preview?: DragPreview;
}

/** Module scratch for the arrow's direction (written each frame, never allocated there). */
const dir = new Vector3();
const toCamera = new Vector3();
/** Module scratch for the velocity the arrow shows (written each frame, never allocated there). */
const shown = new Float64Array(3);

/** The ring, in CSS pixels: its gap from the sphere's outline, its bright band, its dark edges. */
const RING_GAP_PX = 3;
const RING_BAND_PX = 5;
const RING_EDGE_PX = 2;
const RING_PX = RING_GAP_PX + RING_BAND_PX + 2 * RING_EDGE_PX;

/**
 * The ring's material: a camera-facing quad whose fragments, at `uPx` world units per pixel from
 * the centre, draw a bright band from `uInnerPx` outwards with a dark edge on each side.
 */
function ringMaterial(): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { uHalf: { value: 1 }, uPx: { value: 0.01 }, uInnerPx: { value: 10 } },
    vertexShader: `
      varying vec2 vUv;
      void main() {
        vUv = uv * 2.0 - 1.0;
        gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
      }`,
    fragmentShader: `
      uniform float uHalf;
      uniform float uPx;
      uniform float uInnerPx;
      varying vec2 vUv;
      void main() {
        float d = length(vUv) * uHalf / uPx - uInnerPx;
        float band = ${RING_BAND_PX.toFixed(1)};
        float edge = ${RING_EDGE_PX.toFixed(1)};
        if (d < -edge || d > band + edge) discard;
        float bright = smoothstep(-0.5, 0.5, d) * (1.0 - smoothstep(band - 0.5, band + 0.5, d));
        float outer = 1.0 - smoothstep(band + edge - 0.75, band + edge, d);
        float inner = smoothstep(-edge, -edge + 0.75, d);
        gl_FragColor = vec4(mix(vec3(0.04, 0.05, 0.1), vec3(1.0, 0.82, 0.4), bright), min(inner, outer));
      }`,
    transparent: true,
    depthTest: false,
    depthWrite: false,
  });
}
/**
 * Sizes `ring` (a 2 x 2 quad with {@link ringMaterial}) around a sphere of `radius` centred at
 * `centre`, facing the camera, so that its band keeps its width in CSS pixels.
 */
function placeRing(ring: Mesh, centre: Vector3, camera: Camera, heightPx: number, radius: number): void {
  // World units per CSS pixel at the sphere's distance.
  const distance = Math.max(toCamera.copy(camera.position).sub(centre).length(), radius * 1.01);
  const fov = camera instanceof PerspectiveCamera ? camera.fov : 50;
  const px = (2 * distance * Math.tan((fov * Math.PI) / 360)) / Math.max(1, heightPx);
  const innerPx = radius / px + RING_GAP_PX;
  const half = (innerPx + RING_PX) * px;
  const u = (ring.material as ShaderMaterial).uniforms;
  u.uHalf.value = half;
  u.uPx.value = px;
  u.uInnerPx.value = innerPx;
  ring.scale.set(half, half, half);
  ring.quaternion.copy(camera.quaternion);
}

const X_AXIS = new Vector3(1, 0, 0);
const ORIGIN = new Vector3();

/** The selected sphere's ring and velocity arrow. */
export function SelectionMarker({ preview }: SelectionMarkerProps) {
  const store = useSandboxStore();
  const groupRef = useRef<Group>(null);
  const shellRef = useRef<Mesh>(null);
  const arrowRef = useRef<ArrowHelper>(null);
  const [material] = useState(ringMaterial);
  useEffect(() => () => material.dispose(), [material]);

  useFrame(({ camera, size }) => {
    const group = groupRef.current;
    const shell = shellRef.current;
    const arrow = arrowRef.current;
    if (!group || !shell || !arrow) return;
    const { selected, sim } = store.getState();
    const slot = selected === null ? -1 : sim.world.indexOf(selected);
    group.visible = slot >= 0;
    if (slot < 0) return;
    const b = 3 * slot;
    const dragging = preview !== undefined && preview.mode !== DRAG_NONE && preview.id === selected;
    if (dragging && preview.mode === DRAG_MOVE) {
      const p = preview.position;
      group.position.set(p[0], p[1], p[2]);
    } else {
      const cur = sim.positions;
      const prev = sim.previous;
      const a = sim.alpha;
      group.position.set(between(prev, cur, b, a), between(prev, cur, b + 1, a), between(prev, cur, b + 2, a));
    }
    placeRing(shell, group.position, camera, size.height, sim.radii[slot]);
    // The arrow shows the velocity being dragged, else the prediction being made, else the sphere's own.
    const v = dragging && preview.mode === DRAG_VELOCITY ? preview.velocity : editedVelocity(store.getState(), slot, selected as number, shown);
    const o = 0;
    const speed = Math.hypot(v[o], v[o + 1], v[o + 2]);
    arrow.visible = speed > 1e-9;
    if (speed > 1e-9) {
      dir.set(v[o] / speed, v[o + 1] / speed, v[o + 2] / speed);
      arrow.setDirection(dir);
      const length = arrowLength(sim.radii[slot], speed);
      arrow.setLength(length, Math.min(0.3 * length, 0.4), Math.min(0.18 * length, 0.25));
    }
  });

  return (
    <group ref={groupRef} visible={false} name="selection">
      <mesh ref={shellRef} raycast={() => null} material={material} renderOrder={10} name="selection-ring">
        <planeGeometry args={[2, 2]} />
      </mesh>
      <arrowHelper ref={arrowRef} args={[X_AXIS, ORIGIN, 1, 0xffd166, 0.2, 0.12]} raycast={() => null} />
    </group>
  );
}

/** The most rings drawn for the other selected spheres. */
export const RINGS_MAX = 64;

/**
 * A ring around each selected sphere but the inspector's own (which {@link SelectionMarker} marks
 * with its arrow): the spheres a shift-click or a box select added, up to {@link RINGS_MAX}. The
 * rings are made when the selection changes and moved each frame without allocation.
 */
export function SelectionRings() {
  const store = useSandboxStore();
  const selection = useStore(store, (s) => s.selection);
  const selected = useStore(store, (s) => s.selected);
  const others = useMemo(() => selection.filter((id) => id !== selected).slice(0, RINGS_MAX), [selection, selected]);
  const materials = useMemo(() => others.map(() => ringMaterial()), [others]);
  useEffect(() => () => materials.forEach((m) => m.dispose()), [materials]);
  const rings = useRef<(Mesh | null)[]>([]);

  useFrame(({ camera, size }) => {
    const { sim } = store.getState();
    const cur = sim.positions;
    const prev = sim.previous;
    const a = sim.alpha;
    for (let k = 0; k < others.length; k++) {
      const ring = rings.current[k];
      if (!ring) continue;
      const slot = sim.world.indexOf(others[k]);
      ring.visible = slot >= 0;
      if (slot < 0) continue;
      const b = 3 * slot;
      ring.position.set(between(prev, cur, b, a), between(prev, cur, b + 1, a), between(prev, cur, b + 2, a));
      placeRing(ring, ring.position, camera, size.height, sim.radii[slot]);
    }
  });

  return (
    <group name="selection-rings">
      {others.map((id, k) => (
        <mesh
          key={id}
          ref={(m) => {
            rings.current[k] = m;
          }}
          raycast={() => null}
          material={materials[k]}
          renderOrder={10}
          visible={false}
          name="selection-ring"
        >
          <planeGeometry args={[2, 2]} />
        </mesh>
      ))}
    </group>
  );
}
