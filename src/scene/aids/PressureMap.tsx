/**
 * The pressure map aid: each face of the box divided into cells, each cell coloured by the
 * pressure it felt over the last few seconds (the store's PressureMap), from dark blue (the
 * legend's bottom) to red (its top); the legend follows the measured range (`colourRange`). The cells lie on the inside of the walls and face inwards, so only the
 * far walls show, as with the box's own faces; in planar mode, where the walls are seen edge on,
 * each wall's cells are a band along it on the back face. One mesh, one draw call; its buffers
 * are made once and rewritten in place when the map or the box changes, never per frame otherwise.
 */
import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, FrontSide, Mesh, MeshBasicMaterial } from 'three';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { FACE_STRIDE, faceAxes, rampColour, type PressureMap as Map } from '../../instruments/index.ts';
import { useDisposeOnUnmount } from './aid-objects.ts';

const CELLS = 6 * FACE_STRIDE;
/** Opacity of an empty cell and of one at the top of the legend. */
const ALPHA_LOW = 0.14;
const ALPHA_HIGH = 0.8;
/** In planar mode, the band's width as a fraction of the box's smaller in-plane side. */
const BAND = 0.07;

function mapObject(): Mesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(CELLS * 4 * 3), 3));
  geometry.setAttribute('color', new BufferAttribute(new Float32Array(CELLS * 4 * 4), 4));
  const index = new Uint16Array(CELLS * 6);
  for (let c = 0; c < CELLS; c++) index.set([4 * c, 4 * c + 1, 4 * c + 2, 4 * c, 4 * c + 2, 4 * c + 3], 6 * c);
  geometry.setIndex(new BufferAttribute(index, 1));
  const material = new MeshBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false, side: FrontSide });
  const mesh = new Mesh(geometry, material);
  mesh.name = 'pressure-map';
  mesh.raycast = () => undefined;
  mesh.frustumCulled = false;
  mesh.visible = false;
  return mesh;
}

/**
 * Writes the cells' corners for the map's layout: cell (iu, iv) of face w spans its share of the
 * face less the margin the contact points cannot reach, wound so that its normal points into the box.
 */
function writeLayout(map: Map, position: Float32Array): void {
  position.fill(0);
  const h = map.half;
  const m = map.margin;
  for (let w = 0; w < 6; w++) {
    const nU = map.nU[w];
    const nV = map.nV[w];
    if (nU === 0) continue;
    const k = w >> 1;
    const dir = w & 1 ? 1 : -1;
    const [u, v] = faceAxes(w);
    for (let iv = 0; iv < nV; iv++) {
      for (let iu = 0; iu < nU; iu++) {
        const q = 12 * (w * FACE_STRIDE + iu + nU * iv);
        if (map.planar) {
          // A band along the wall, on the back face (normal +z, towards the camera).
          const along = k === 0 ? 1 : 0;
          const a0 = -h[along] + m + ((2 * (h[along] - m)) * (nU > 1 ? iu : iv)) / Math.max(nU, nV);
          const a1 = -h[along] + m + ((2 * (h[along] - m)) * ((nU > 1 ? iu : iv) + 1)) / Math.max(nU, nV);
          const band = BAND * 2 * Math.min(h[0], h[1]);
          const n0 = dir * h[k];
          const n1 = dir * (h[k] - band);
          const z = -h[2] * 0.999;
          const corners = [n0, a0, n0, a1, n1, a1, n1, a0];
          for (let c = 0; c < 4; c++) {
            position[q + 3 * c + k] = corners[2 * c];
            position[q + 3 * c + along] = corners[2 * c + 1];
            position[q + 3 * c + 2] = z;
          }
          // Counter-clockwise seen from +z as written for the +x and -y walls; the -x and +y walls are reversed.
          if ((k === 0) !== (dir > 0)) swapCorners(position, q);
          continue;
        }
        const du = (2 * (h[u] - m)) / nU;
        const dv = (2 * (h[v] - m)) / nV;
        const u0 = -h[u] + m + iu * du;
        const v0 = -h[v] + m + iv * dv;
        const plane = dir * h[k] * 0.998;
        // (u, v, k) is right-handed: corners counter-clockwise in (u, v) face +k; the +k face's cells must face -k.
        const us = [u0, u0 + du, u0 + du, u0];
        const vs = [v0, v0, v0 + dv, v0 + dv];
        for (let c = 0; c < 4; c++) {
          position[q + 3 * c + u] = us[c];
          position[q + 3 * c + v] = vs[c];
          position[q + 3 * c + k] = plane;
        }
        if (dir > 0) swapCorners(position, q);
      }
    }
  }
}

/** Swaps corners 1 and 3 of the quad at q: the same cell, wound the other way. */
function swapCorners(position: Float32Array, q: number): void {
  for (let k = 0; k < 3; k++) {
    const t = position[q + 3 + k];
    position[q + 3 + k] = position[q + 9 + k];
    position[q + 9 + k] = t;
  }
}

/** Colours every cell from the map's window pressures on the legend's scale. Allocates nothing. */
function writeColours(map: Map, colour: Float32Array): void {
  const low = map.low;
  const range = map.scale - low;
  for (let w = 0; w < 6; w++) {
    const cells = map.nU[w] * map.nV[w];
    for (let c = 0; c < cells; c++) {
      const s = w * FACE_STRIDE + c;
      const t = range > 0 ? (map.pressure[s] - low) / range : 0;
      const q = 16 * s;
      rampColour(t, colour, q);
      const alpha = range > 0 ? ALPHA_LOW + (ALPHA_HIGH - ALPHA_LOW) * Math.min(1, Math.max(0, t)) : 0;
      colour[q + 3] = alpha;
      for (let v = 1; v < 4; v++) {
        colour[q + 4 * v] = colour[q];
        colour[q + 4 * v + 1] = colour[q + 1];
        colour[q + 4 * v + 2] = colour[q + 2];
        colour[q + 4 * v + 3] = alpha;
      }
    }
  }
}

/** The pressure map on the box's faces. */
export function PressureMap() {
  const store = useSandboxStore();
  const mesh = useMemo(() => mapObject(), []);
  useDisposeOnUnmount(mesh);
  const ref = useRef<Mesh>(null);
  // What was drawn last: layout version, map version, scale's top and bottom (a typed array: no boxed numbers per frame).
  const last = useRef<Float64Array | null>(null);
  useFrame(() => {
    const object = ref.current;
    if (!object) return;
    const { aids, sim } = store.getState();
    if (!aids.pressure) {
      object.visible = false;
      return;
    }
    object.visible = true;
    const drawn = (last.current ??= new Float64Array([-1, -1, NaN, NaN]));
    const map = store.getState().instruments.readouts.pressureMap;
    const geometry = object.geometry;
    if (drawn[0] !== map.layoutVersion) {
      const position = geometry.getAttribute('position') as BufferAttribute;
      writeLayout(map, position.array as Float32Array);
      position.needsUpdate = true;
      drawn[0] = map.layoutVersion;
      drawn[1] = -1;
    }
    if (drawn[1] !== map.version || !Object.is(drawn[2], map.scale) || !Object.is(drawn[3], map.low)) {
      map.read(sim.world.time);
      const colour = geometry.getAttribute('color') as BufferAttribute;
      writeColours(map, colour.array as Float32Array);
      colour.needsUpdate = true;
      drawn[1] = map.version;
      drawn[2] = map.scale;
      drawn[3] = map.low;
    }
  });
  return <primitive ref={ref} object={mesh} />;
}
