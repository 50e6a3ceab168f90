/**
 * The box the spheres live in: bright edges, faintly lit inner faces (only the far walls are
 * drawn, so nothing in front of the spheres hides them) and a floor grid to read depth by.
 */
import { useMemo } from 'react';
import { BackSide, BoxGeometry, EdgesGeometry } from 'three';

/** Props of {@link BoxFrame}. */
export interface BoxFrameProps {
  /** Box size [Lx, Ly, Lz], m, centred on the origin. */
  size: readonly [number, number, number];
  /** Planar mode: the box is a thin slab seen face-on; no floor grid. @defaultValue false */
  planar?: boolean;
}

/** Draws the walls of a box centred on the origin. */
export function BoxFrame({ size, planar = false }: BoxFrameProps) {
  const [lx, ly, lz] = size;
  const box = useMemo(() => new BoxGeometry(lx, ly, lz), [lx, ly, lz]);
  const edges = useMemo(() => new EdgesGeometry(box), [box]);
  const grid = Math.max(lx, lz);
  const divisions = Math.max(2, Math.min(40, Math.round(grid)));
  return (
    <group name="box">
      <mesh geometry={box} renderOrder={-1}>
        <meshStandardMaterial color="#27345a" side={BackSide} transparent opacity={0.55} roughness={0.9} metalness={0} depthWrite={false} />
      </mesh>
      <lineSegments geometry={edges}>
        <lineBasicMaterial color="#8fb3ff" transparent opacity={0.85} />
      </lineSegments>
      {!planar && (
        <gridHelper args={[grid, divisions, '#4a5f93', '#2c3a62']} position={[0, -ly / 2 + 1e-3 * ly, 0]} scale={[lx / grid, 1, lz / grid]} />
      )}
    </group>
  );
}
