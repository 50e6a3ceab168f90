/**
 * Short text labels beside given spheres in the view ("Sphere #0", a name a teacher gives), for a
 * projector: bold text on a dark pill with a light edge, a fixed size in pixels. They are HTML
 * elements in a layer over the canvas, made when the labels change (never per frame); each frame
 * moves them to their spheres' drawn (interpolated) positions by writing its offset (place-label.ts), and only for
 * a label that moved by a pixel or more. A label sits on the side of its sphere away from the other
 * labelled spheres (the right for a single one), or on the other side where that would leave the
 * view or fall on a covered rectangle (a panel) or a label placed before it (below that label when
 * both sides are taken). A sphere not in
 * the world, or behind the camera, hides its label.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { PerspectiveCamera, Vector3 } from 'three';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { between } from './interpolate.ts';
import { placeLabel } from './place-label.ts';
import type { PixelRect } from './camera-home.ts';

/** One label: the sphere's id and its text. */
export interface SphereLabel {
  id: number;
  text: string;
}

/** Props of {@link SphereLabels}. */
export interface SphereLabelsProps {
  /** The labels, one a sphere. */
  labels: readonly SphereLabel[];
  /**
   * Whether screen readers skip the labels (true where the same names are read elsewhere, as in a
   * panel's text). @defaultValue true
   */
  ariaHidden?: boolean;
  /** Rectangles of the view covered by the overlay, pixels from its top-left: a label avoids them where it can. @defaultValue none */
  covered?: readonly PixelRect[];
}

/** Gap between the sphere's outline and its label, CSS pixels. */
const GAP_PX = 8;
const NONE: readonly PixelRect[] = [];
/** Module scratch for the projection (written each frame, never allocated there). */
const at = new Vector3();
const toCamera = new Vector3();

/** Labels beside spheres, following them every frame without a React render. */
export function SphereLabels({ labels, ariaHidden = true, covered = NONE }: SphereLabelsProps) {
  const store = useSandboxStore();
  const parent = useThree((s) => s.gl.domElement.parentElement);
  // The label elements and their sphere ids, widths and heights (measured once when made), last written x y, and this frame's x y w h.
  const made = useRef<{ els: HTMLElement[]; ids: Int32Array; box: Float64Array; last: Float64Array; placed: Float64Array; screen: Float64Array } | null>(null);
  const coveredRef = useRef(covered);
  useEffect(() => {
    coveredRef.current = covered;
  }, [covered]);
  // One key for the labels' content, so that an equal list made anew does not remake the elements.
  const key = labels.map((l) => `${l.id}\u0001${l.text}`).join('\u0002');

  useEffect(() => {
    if (!parent || key === '') return;
    const layer = document.createElement('div');
    layer.className = 'sphere-labels';
    if (ariaHidden) layer.setAttribute('aria-hidden', 'true');
    const list = key.split('\u0002').map((item) => item.split('\u0001'));
    const els = list.map(([id, text]) => {
      const el = document.createElement('span');
      el.className = 'sphere-label';
      el.dataset.sphereLabel = id;
      el.textContent = text;
      el.style.visibility = 'hidden';
      layer.append(el);
      return el;
    });
    parent.append(layer);
    const box = new Float64Array(2 * els.length);
    els.forEach((el, k) => {
      box[2 * k] = el.offsetWidth;
      box[2 * k + 1] = el.offsetHeight;
    });
    made.current = { els, ids: Int32Array.from(list, ([id]) => Number(id)), box, last: new Float64Array(2 * els.length).fill(NaN), placed: new Float64Array(4 * els.length), screen: new Float64Array(3 * els.length) };
    return () => {
      made.current = null;
      layer.remove();
    };
  }, [parent, key, ariaHidden]);

  useFrame(({ camera, size }) => {
    const m = made.current;
    if (!m) return;
    const { sim } = store.getState();
    const fov = camera instanceof PerspectiveCamera ? camera.fov : 50;
    const tan = Math.tan((fov * Math.PI) / 360);
    const rects = coveredRef.current;
    // First the spheres on screen: centre x y and radius in pixels (x NaN when not shown), and the labelled spheres' mean x.
    let meanX = 0;
    let shown = 0;
    for (let k = 0; k < m.els.length; k++) {
      const slot = sim.world.indexOf(m.ids[k]);
      m.screen[3 * k] = NaN;
      if (slot < 0) continue;
      const b = 3 * slot;
      at.set(between(sim.previous, sim.positions, b, sim.alpha), between(sim.previous, sim.positions, b + 1, sim.alpha), between(sim.previous, sim.positions, b + 2, sim.alpha));
      const distance = toCamera.copy(camera.position).sub(at).length();
      at.project(camera);
      if (!(at.z < 1 && distance > 0)) continue;
      m.screen[3 * k] = ((at.x + 1) / 2) * size.width;
      m.screen[3 * k + 1] = ((1 - at.y) / 2) * size.height;
      m.screen[3 * k + 2] = (sim.radii[slot] * size.height) / (2 * distance * tan);
      meanX += m.screen[3 * k];
      shown++;
    }
    meanX /= Math.max(1, shown);
    for (let k = 0; k < m.els.length; k++) {
      const el = m.els[k];
      const cx = m.screen[3 * k];
      const show = !Number.isNaN(cx);
      let x = 0;
      let y = 0;
      if (show) {
        const cy = m.screen[3 * k + 1];
        const r = m.screen[3 * k + 2];
        const w = m.box[2 * k];
        const h = m.box[2 * k + 1];
        // Away from the other labelled spheres: the leftmost sphere's label on its left, and so on.
        const right = cx + r + GAP_PX;
        const left = cx - r - GAP_PX - w;
        const outward = shown > 1 && cx < meanX ? left : right;
        const inward = outward === left ? right : left;
        x = free(outward, cy - h / 2, w, h, size.width, rects, m.placed, k) || !free(inward, cy - h / 2, w, h, size.width, rects, m.placed, k) ? outward : inward;
        y = cy - h / 2;
        // Both sides taken by labels placed before: below them.
        for (let j = 0; j < k; j++) if (hitsPlaced(m.placed, j + 1, x, y, w, h) && !hitsPlaced(m.placed, j, x, y, w, h)) y = m.placed[4 * j + 1] + m.placed[4 * j + 3] + 2;
        x = Math.round(x);
        y = Math.round(y);
      }
      m.placed[4 * k] = show ? x : NaN;
      m.placed[4 * k + 1] = y;
      m.placed[4 * k + 2] = m.box[2 * k];
      m.placed[4 * k + 3] = m.box[2 * k + 1];
      if (!show) {
        if (!Number.isNaN(m.last[2 * k])) {
          el.style.visibility = 'hidden';
          m.last[2 * k] = NaN;
        }
        continue;
      }
      if (m.last[2 * k] === x && m.last[2 * k + 1] === y) continue;
      if (Number.isNaN(m.last[2 * k])) el.style.visibility = 'visible';
      m.last[2 * k] = x;
      m.last[2 * k + 1] = y;
      placeLabel(el, x, y);
    }
  });
  return null;
}

/** Whether the box at (x, y), w by h pixels, overlaps one of `rects`. */
function hits(rects: readonly PixelRect[], x: number, y: number, w: number, h: number): boolean {
  for (let k = 0; k < rects.length; k++) {
    const r = rects[k];
    if (x < r.right && x + w > r.left && y < r.bottom && y + h > r.top) return true;
  }
  return false;
}

/** Whether the box at (x, y), w by h pixels, overlaps one of the labels before `k` placed this frame (x y w h each in `placed`; x NaN when hidden). */
function hitsPlaced(placed: Float64Array, k: number, x: number, y: number, w: number, h: number): boolean {
  for (let j = 0; j < k; j++) {
    const px = placed[4 * j];
    if (Number.isNaN(px)) continue;
    const py = placed[4 * j + 1];
    if (x < px + placed[4 * j + 2] && x + w > px && y < py + placed[4 * j + 3] && y + h > py) return true;
  }
  return false;
}

/** Whether a label at (x, y), w by h pixels, lies inside the view's width, off the covered rectangles and off the labels before `k`. */
function free(x: number, y: number, w: number, h: number, width: number, rects: readonly PixelRect[], placed: Float64Array, k: number): boolean {
  return x >= 0 && x + w <= width && !hits(rects, x, y, w, h) && !hitsPlaced(placed, k, x, y, w, h);
}
