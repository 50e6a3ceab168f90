/**
 * The box the spheres live in: bright edges, faintly lit inner faces (only the far walls are
 * drawn, so nothing in front of the spheres hides them) and a floor grid to read depth by. The
 * box follows the walls every frame (a piston moving in, a wall moved by hand), without a React
 * render: the meshes are a unit box placed and scaled from the world's wall coordinates.
 *
 * Walls that are not plain show what they are: a piston or moving wall as a pale plate, a thermal
 * wall tinted red when it is hotter than the gas and blue when colder (the stronger the tint, the
 * larger the difference), and the divider as a translucent sheet across the box. Those looks
 * change at the readouts' sample rate, not per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { BackSide, BoxGeometry, EdgesGeometry, type Group, type Mesh } from 'three';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { WALL_NAMES } from '../solver/index.ts';
import { SCENE_THEMES } from './theme.ts';

/** Props of {@link BoxFrame}. */
export interface BoxFrameProps {
  /** Box size [Lx, Ly, Lz], m, centred on the origin: the frame, before any wall moves. */
  size: readonly [number, number, number];
  /** Planar mode: the box is a thin slab seen face-on; no floor grid. @defaultValue false */
  planar?: boolean;
}

/** How a wall looks: hidden (plain), a plate (moving or piston), hot or cold (thermal, with a strength in [0, 1]). */
export interface WallLook {
  kind: 'plain' | 'plate' | 'hot' | 'cold';
  strength: number;
}

/**
 * The look of each wall (WALL_NAMES order) from its state and the gas's temperature kT: a
 * thermal wall is hot or cold against the gas, its strength growing with |ln(wall kT / gas kT)|
 * (full at a factor of e); a moving or piston wall is a plate.
 */
export function wallLooks(states: readonly { velocity: number; mass: number; kT: number | null }[], gasKT: number): WallLook[] {
  return states.map((s) => {
    if (s.kT !== null) {
      const ratio = gasKT > 0 ? Math.log(s.kT / gasKT) : 1;
      return { kind: ratio >= 0 ? 'hot' : 'cold', strength: Math.min(1, Math.abs(ratio)) };
    }
    if (s.velocity !== 0 || s.mass !== Infinity) return { kind: 'plate', strength: 1 };
    return { kind: 'plain', strength: 0 };
  });
}

const HOT = '#ff5a3c';
const COLD = '#3c8cff';

/** Places a unit-box mesh over wall w of the box `b` (coordinates x-, x+, y-, y+, z-, z+), `thick` thick. */
function placeWall(mesh: Mesh, b: Float64Array, w: number, thick: number): void {
  const k = w >> 1;
  for (let q = 0; q < 3; q++) {
    const lo = b[2 * q];
    const hi = b[2 * q + 1];
    const centre = q === k ? b[w] : 0.5 * (lo + hi);
    const extent = q === k ? thick : hi - lo;
    if (q === 0) {
      mesh.position.x = centre;
      mesh.scale.x = extent;
    } else if (q === 1) {
      mesh.position.y = centre;
      mesh.scale.y = extent;
    } else {
      mesh.position.z = centre;
      mesh.scale.z = extent;
    }
  }
}

/** Draws the walls of the box, following them as they move. */
export function BoxFrame({ size, planar = false }: BoxFrameProps) {
  const store = useSandboxStore();
  const [lx, ly, lz] = size;
  const unit = useMemo(() => new BoxGeometry(1, 1, 1), []);
  const edges = useMemo(() => new EdgesGeometry(unit), [unit]);
  const grid = Math.max(lx, lz);
  const divisions = Math.max(2, Math.min(40, Math.round(grid)));
  const box = useRef<Group>(null);
  const floor = useRef<Group>(null);
  const plates = useRef<(Mesh | null)[]>([]);
  const divider = useRef<Mesh>(null);
  const scratch = useRef(new Float64Array(6));
  const theme = useStore(store, (s) => s.theme);
  const look = SCENE_THEMES[theme];
  // The walls' looks and the divider, re-read at each sample of the readouts.
  useStore(store, (s) => s.stats);
  const world = store.getState().sim.world;
  const walls = wallLooks(
    WALL_NAMES.map((name) => world.wallState(name)),
    store.getState().stats.temperature,
  );
  const cut = world.divider;
  const thick = 0.004 * Math.max(lx, ly, lz);

  useFrame(() => {
    const b = store.getState().sim.world.boundsView;
    const g = box.current;
    if (g) {
      g.position.set(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 0.5 * (b[4] + b[5]));
      g.scale.set(b[1] - b[0], b[3] - b[2], b[5] - b[4]);
    }
    const f = floor.current;
    if (f) {
      f.position.set(0.5 * (b[0] + b[1]), b[2] + 1e-3 * (b[3] - b[2]), 0.5 * (b[4] + b[5]));
      f.scale.set((b[1] - b[0]) / grid, 1, (b[5] - b[4]) / grid);
    }
    for (let w = 0; w < 6; w++) {
      const m = plates.current[w];
      if (m && m.visible) placeWall(m, b, w, thick);
    }
    const d = divider.current;
    const c = cut;
    if (d && c) {
      const k = c.axis === 'x' ? 0 : c.axis === 'y' ? 1 : 2;
      // The divider is a wall at its coordinate: placed as the low wall of its axis would be.
      const at = scratch.current;
      at.set(b);
      at[2 * k] = c.position;
      placeWall(d, at, 2 * k, thick);
    }
  });

  return (
    <group name="box">
      <group ref={box}>
        <mesh geometry={unit} renderOrder={-1}>
          <meshStandardMaterial color={look.boxBack} side={BackSide} transparent opacity={look.boxBackOpacity} roughness={0.9} metalness={0} depthWrite={false} />
        </mesh>
        <lineSegments geometry={edges}>
          <lineBasicMaterial color={look.edges} transparent opacity={look.edgesOpacity} />
        </lineSegments>
      </group>
      {!planar && (
        <group ref={floor}>
          <gridHelper key={theme} args={[grid, divisions, look.gridMajor, look.gridMinor]} />
        </group>
      )}
      {walls.map((wall, w) => (
        <mesh
          key={WALL_NAMES[w]}
          name={`wall ${WALL_NAMES[w]} ${wall.kind}`}
          ref={(m) => {
            plates.current[w] = m;
          }}
          geometry={unit}
          visible={wall.kind !== 'plain' && !(planar && w >= 4)}
          renderOrder={-1}
        >
          <meshBasicMaterial
            color={wall.kind === 'hot' ? HOT : wall.kind === 'cold' ? COLD : look.plate}
            transparent
            opacity={wall.kind === 'plate' ? 0.3 : 0.2 + 0.45 * wall.strength}
            depthWrite={false}
          />
        </mesh>
      ))}
      <mesh name="divider" ref={divider} geometry={unit} visible={cut !== null} renderOrder={-1}>
        <meshBasicMaterial color={look.divider} transparent opacity={0.28} depthWrite={false} />
      </mesh>
    </group>
  );
}
