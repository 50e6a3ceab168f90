/**
 * The centre of mass of the free spheres: a dot with a cross hair, drawn over the spheres (no
 * depth test) while the aid is on, at the mass-weighted mean of the drawn positions.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, Group, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial, SphereGeometry } from 'three';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { between } from '../interpolate.ts';
import { useDisposeOnUnmount } from './aid-objects.ts';

const COM_COLOR = '#ff5fd2';

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

/** The centre-of-mass marker. */
export function CentreOfMass() {
  const store = useSandboxStore();
  const object = useMemo(() => comObject(), []);
  useDisposeOnUnmount(object);
  const ref = useRef<Group>(null);
  useFrame(() => {
    const group = ref.current;
    if (!group) return;
    const { aids, sim } = store.getState();
    if (!aids.centreOfMass) {
      group.visible = false;
      return;
    }
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
      mx += m * between(prev, cur, b, a);
      my += m * between(prev, cur, b + 1, a);
      mz += m * between(prev, cur, b + 2, a);
      total += m;
    }
    group.visible = total > 0;
    if (total > 0) {
      group.position.set(mx / total, my / total, mz / total);
      // The box's sides from its walls, read without a copy (size would make an array a frame).
      const b = sim.world.boundsView;
      const s = 0.012 * Math.max(b[1] - b[0], b[3] - b[2], b[5] - b[4]);
      group.scale.set(s, s, s);
    }
  });
  return <primitive ref={ref} object={object} />;
}
