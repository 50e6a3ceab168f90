/**
 * The selected sphere's trail: the last {@link TRAIL_POINTS} drawn positions, fading from the
 * background (oldest) to the trail colour (newest), kept in a ring and written in place each
 * frame that moved the sphere, while the aid is on and a sphere is selected.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, Color, DynamicDrawUsage, Line, LineBasicMaterial } from 'three';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { drawnPosition } from '../interpolate.ts';
import { useDisposeOnUnmount } from './aid-objects.ts';

/** Points kept in the selected sphere's trail (one per drawn frame that moved it). */
export const TRAIL_POINTS = 360;
const TRAIL_COLOR = '#ffd166';
/** The view's background, where the trail fades to. */
const FADE_TO = '#0b1020';

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

/** The trail of the selected sphere. */
export function Trail() {
  const store = useSandboxStore();
  const object = useMemo(() => trailObject(), []);
  useDisposeOnUnmount(object);
  const ref = useRef<Line>(null);
  /** The ring buffer of positions, its next write index and its length, and what it follows. */
  const trail = useRef({ ring: new Float32Array(3 * TRAIL_POINTS), next: 0, length: 0, id: -1, world: null as unknown, time: NaN, alpha: NaN });
  useFrame(() => {
    const line = ref.current;
    if (!line) return;
    const { aids, sim, selected } = store.getState();
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
      drawnPosition(sim, slot, t.ring, 3 * t.next);
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
  return <primitive ref={ref} object={object} />;
}
