/**
 * Marks the sphere selected in the inspector: a bright wire shell around it and its velocity
 * arrow, moved each frame from the simulation's arrays (interpolated like the spheres), hidden
 * when nothing is selected. No allocation per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import { Vector3, type ArrowHelper, type Group, type Mesh } from 'three';
import type { SandboxStore } from '../store/index.ts';
import { arrowLength, DRAG_MOVE, DRAG_NONE, DRAG_VELOCITY, type DragPreview } from './drag-edit.ts';

/** Props of {@link SelectionMarker}. */
export interface SelectionMarkerProps {
  /** The sandbox store (its selection and simulation). */
  store: SandboxStore;
  /** A drag under way, shown instead of the sphere's own position or velocity. @defaultValue none */
  preview?: DragPreview;
}

/** Module scratch for the arrow's direction (written each frame, never allocated there). */
const dir = new Vector3();
const X_AXIS = new Vector3(1, 0, 0);
const ORIGIN = new Vector3();

/** The selected sphere's shell and velocity arrow. */
export function SelectionMarker({ store, preview }: SelectionMarkerProps) {
  const groupRef = useRef<Group>(null);
  const shellRef = useRef<Mesh>(null);
  const arrowRef = useRef<ArrowHelper>(null);

  useFrame(() => {
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
      group.position.set(prev[b] + (cur[b] - prev[b]) * a, prev[b + 1] + (cur[b + 1] - prev[b + 1]) * a, prev[b + 2] + (cur[b + 2] - prev[b + 2]) * a);
    }
    const r = sim.radii[slot] * 1.18;
    shell.scale.set(r, r, r);
    const v = dragging && preview.mode === DRAG_VELOCITY ? preview.velocity : sim.velocities;
    const o = dragging && preview.mode === DRAG_VELOCITY ? 0 : b;
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
      <mesh ref={shellRef} raycast={() => null}>
        <sphereGeometry args={[1, 20, 14]} />
        <meshBasicMaterial color="#ffd166" wireframe transparent opacity={0.9} />
      </mesh>
      <arrowHelper ref={arrowRef} args={[X_AXIS, ORIGIN, 1, 0xffd166, 0.2, 0.12]} raycast={() => null} />
    </group>
  );
}
