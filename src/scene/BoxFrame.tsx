/**
 * The box the spheres live in: bright edges, faintly lit inner faces (only the far walls are
 * drawn, so nothing in front of the spheres hides them) and a floor grid to read depth by. The
 * box follows the walls every frame (a piston moving in, a wall moved by hand), without a React
 * render: the meshes are a unit box placed and scaled from the world's wall coordinates.
 *
 * Walls that are not plain show what they are: a piston or moving wall as a pale plate, a thermal
 * wall tinted red when it is hotter than the gas and blue when colder (the stronger the tint, the
 * larger the difference), and the divider as a translucent sheet across the box, with its square
 * opening left clear (a slit in the plane). A hole in a wall is outlined on it. Those looks
 * change at the readouts' sample rate, not per frame.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { BackSide, BoxGeometry, BufferGeometry, EdgesGeometry, Float32BufferAttribute, type Group, type LineLoop, type Mesh } from 'three';
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

/** Places a unit-box mesh over the block from lo to hi on each axis (`block`: x lo, x hi, y lo, y hi, z lo, z hi); hidden when empty. */
function placeBlock(mesh: Mesh, block: Float64Array): void {
  const ex = block[1] - block[0];
  const ey = block[3] - block[2];
  const ez = block[5] - block[4];
  mesh.visible = ex > 0 && ey > 0 && ez > 0;
  if (!mesh.visible) return;
  mesh.position.set(0.5 * (block[0] + block[1]), 0.5 * (block[2] + block[3]), 0.5 * (block[4] + block[5]));
  mesh.scale.set(ex, ey, ez);
}

/**
 * The four pieces of a divider with a square opening of half width h centred on the frame's
 * axis (the box is centred on the origin): piece j of the plane at `position` on axis k, `thick`
 * thick, in the box `b`, written to `block`. In the plane the opening is a slit across the slab:
 * pieces 2 and 3 are empty.
 */
export function dividerPiece(block: Float64Array, b: Float64Array, k: number, position: number, thick: number, h: number, j: number, planar: boolean): void {
  const u = planar ? 1 - k : (k + 1) % 3;
  const v = planar ? 2 : (k + 2) % 3;
  for (let q = 0; q < 3; q++) {
    block[2 * q] = b[2 * q];
    block[2 * q + 1] = b[2 * q + 1];
  }
  block[2 * k] = position - 0.5 * thick;
  block[2 * k + 1] = position + 0.5 * thick;
  if (j === 0) block[2 * u + 1] = -h;
  else if (j === 1) block[2 * u] = h;
  else if (planar) block[2 * u + 1] = block[2 * u];
  else {
    block[2 * u] = Math.max(b[2 * u], -h);
    block[2 * u + 1] = Math.min(b[2 * u + 1], h);
    if (j === 2) block[2 * v + 1] = -h;
    else block[2 * v] = h;
  }
}

/** A unit square around the origin, across axis k (for a wall hole's outline). */
function squareAcross(k: number): BufferGeometry {
  const corners = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]];
  const points: number[] = [];
  for (const [a, c] of corners) {
    const p = [0, 0, 0];
    p[(k + 1) % 3] = a;
    p[(k + 2) % 3] = c;
    points.push(...p);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(points, 3));
  return g;
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
  const pieces = useRef<(Mesh | null)[]>([]);
  const outlines = useRef<(LineLoop | null)[]>([]);
  const squares = useMemo(() => [0, 1, 2].map(squareAcross), []);
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
  const cutHole = cut?.hole?.width ?? 0;
  const holes = WALL_NAMES.map((name) => world.wallState(name).hole ?? 0);
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
      const at = scratch.current;
      if (cutHole > 0) {
        for (let j = 0; j < 4; j++) {
          const piece = pieces.current[j];
          if (!piece) continue;
          dividerPiece(at, b, k, c.position, thick, 0.5 * cutHole, j, planar);
          placeBlock(piece, at);
        }
      } else {
        // The divider is a wall at its coordinate: placed as the low wall of its axis would be.
        at.set(b);
        at[2 * k] = c.position;
        placeWall(d, at, 2 * k, thick);
      }
    }
    // Each hole's rim outlined: the walls' (a hair inside the box, so that the back faces do not
    // hide it) and the divider's; in the plane, across the slab's thickness.
    for (let w = 0; w <= 6; w++) {
      const o = outlines.current[w];
      const width = w < 6 ? holes[w] : cutHole;
      if (!o || width === 0 || (w === 6 && !c)) continue;
      const k = w < 6 ? w >> 1 : c!.axis === 'x' ? 0 : c!.axis === 'y' ? 1 : 2;
      const at = w < 6 ? b[w] + (w & 1 ? -1 : 1) * thick : c!.position;
      o.position.set(k === 0 ? at : 0, k === 1 ? at : 0, k === 2 ? at : 0);
      o.scale.set(width, width, width);
      if (planar) o.scale.z = b[5] - b[4];
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
      <mesh name="divider" ref={divider} geometry={unit} visible={cut !== null && cutHole === 0} renderOrder={-1}>
        <meshBasicMaterial color={look.divider} transparent opacity={0.28} depthWrite={false} />
      </mesh>
      {cut !== null &&
        cutHole > 0 &&
        [0, 1, 2, 3].map((j) => (
          <mesh
            key={j}
            name={`divider piece ${j}`}
            ref={(m) => {
              pieces.current[j] = m;
            }}
            geometry={unit}
            renderOrder={-1}
          >
            <meshBasicMaterial color={look.divider} transparent opacity={0.28} depthWrite={false} />
          </mesh>
        ))}
      {[...holes, cutHole].map((width, w) =>
        width > 0 && (w < 6 || cut !== null) ? (
          <lineLoop
            key={WALL_NAMES[w] ?? 'divider'}
            name={`hole ${WALL_NAMES[w] ?? 'divider'}`}
            ref={(o) => {
              outlines.current[w] = o;
            }}
            geometry={squares[w < 6 ? w >> 1 : cut!.axis === 'x' ? 0 : cut!.axis === 'y' ? 1 : 2]}
          >
            <lineBasicMaterial color={look.edges} />
          </lineLoop>
        ) : null,
      )}
    </group>
  );
}
