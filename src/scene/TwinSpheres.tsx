/**
 * The what-if twin's spheres (store/twin.ts), drawn in the same box as the run's: translucent
 * white ghosts (a colour the speed and mass ramps never take), a little larger than the spheres so
 * that a ghost on its sphere shows as a pale shell, one instanced mesh, mounted only while a twin runs. Each frame writes every
 * ghost's matrix in place, between the twin's last two steps at the run's alpha (they step in
 * lockstep); nothing is allocated per frame, and the ghosts never take a click.
 */
import { useFrame } from '@react-three/fiber';
import { useLayoutEffect, useRef, useState } from 'react';
import { DynamicDrawUsage, type InstancedMesh } from 'three';
import { useSandbox, useSandboxStore } from '../hooks/sandbox-context.ts';
import { writeSphereMatrices } from './instance-matrices.ts';
import { PLAIN_SPHERE_DETAIL, plainDrawing } from './view-probe.ts';

/** The twin's colour (the legend's swatch shows the same). */
export const TWIN_COLOR = '#f2f5ff';
/** A ghost's radius over its sphere's. */
const GHOST_SCALE = 1.06;

/** Draws the twin while there is one. */
export function TwinSpheres() {
  const active = useSandbox((s) => s.twin?.active === true);
  const count = useSandbox((s) => s.scene.count);
  return active ? <TwinMesh capacity={Math.max(1, count)} /> : null;
}

function TwinMesh({ capacity }: { capacity: number }) {
  // A plain drawing (test mode) draws the ghosts as coarsely as the spheres.
  const [plain] = useState(plainDrawing);
  const store = useSandboxStore();
  const ref = useRef<InstancedMesh>(null);

  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.raycast = () => undefined;
    mesh.count = 0;
  }, [capacity]);

  useFrame(() => {
    const mesh = ref.current;
    const { sim, instruments } = store.getState();
    const twin = instruments.twin.run;
    if (!mesh) return;
    if (twin === null) {
      mesh.count = 0;
      return;
    }
    const world = twin.world;
    const n = Math.min(world.count, capacity);
    // The twin steps in lockstep with the run, so the run's alpha places it too.
    writeSphereMatrices(mesh.instanceMatrix.array as Float32Array, n, twin.previous, world.positions, sim, world.radii, GHOST_SCALE);
    mesh.count = n;
    mesh.instanceMatrix.needsUpdate = true;
  });

  return (
    <instancedMesh key={capacity} ref={ref} args={[undefined, undefined, capacity]} frustumCulled={false} name="twin-spheres" renderOrder={5}>
      <sphereGeometry args={plain ? [1, ...PLAIN_SPHERE_DETAIL] : [1, 24, 16]} />
      <meshStandardMaterial color={TWIN_COLOR} emissive={TWIN_COLOR} emissiveIntensity={0.25} roughness={0.6} transparent opacity={0.38} depthWrite={false} />
    </instancedMesh>
  );
}
