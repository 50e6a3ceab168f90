/**
 * The home view and its framing around the overlay: which part of the canvas no panel covers (the
 * free rectangle), and the camera distance at which all eight corners of the box fall inside that
 * part, from above and to one side in 3D and face-on in planar mode. Pure maths over plain
 * numbers (no DOM), so it is tested without a browser.
 */
import type { PerspectiveCamera } from 'three';

/** A rectangle in canvas pixels, x to the right and y downwards from the canvas's top-left corner. */
export interface PixelRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Direction from the box centre to the home camera in 3D (normalised in use). */
const HOME_DIRECTION = [0.78, 0.52, 1.2] as const;

/** Room kept between the box's outline and the free rectangle's edges: a fraction of its half-size, plus pixels. */
const MARGIN_FRACTION = 0.04;
const MARGIN_PX = 10;

/** The smallest part of the canvas the box is framed in, as a fraction of each side: below it, panels are ignored. */
const MIN_FREE_FRACTION = 0.3;

/** The home direction from the box centre: face-on (+z) in planar mode. */
export function homeDirection(planar: boolean): [number, number, number] {
  if (planar) return [0, 0, 1];
  const n = Math.hypot(HOME_DIRECTION[0], HOME_DIRECTION[1], HOME_DIRECTION[2]);
  return [HOME_DIRECTION[0] / n, HOME_DIRECTION[1] / n, HOME_DIRECTION[2] / n];
}

/**
 * The camera distance from the box centre, along the unit `direction`, at which every corner of a
 * box of `size` centred on the origin projects within `halfWidth` x `halfHeight` pixels of the
 * picture's centre, for a vertical field of view `fovDegrees` over a canvas `canvasHeight` pixels
 * high. The camera looks at the centre with +y up. A corner at camera coordinates (X, Y, depth
 * d - p.D) lands f X / (d - p.D) pixels from the centre, with f = (H/2) / tan(fov/2); so each
 * corner asks for d >= p.D + f |X| / halfWidth and d >= p.D + f |Y| / halfHeight.
 */
export function fitDistance(size: readonly number[], direction: readonly number[], fovDegrees: number, canvasHeight: number, halfWidth: number, halfHeight: number): number {
  const [dx, dy, dz] = direction;
  // Camera axes: right = normalise(up x D) with up = +y (or +z when looking straight down), up' = D x right.
  const ry = 0;
  let rx = dz;
  let rz = -dx;
  let rn = Math.hypot(rx, rz);
  if (rn < 1e-9) {
    rx = 1;
    rz = 0;
    rn = 1;
  }
  rx /= rn;
  rz /= rn;
  const ux = dy * rz - dz * ry;
  const uy = dz * rx - dx * rz;
  const uz = dx * ry - dy * rx;
  const f = canvasHeight / 2 / Math.tan((fovDegrees * Math.PI) / 360);
  let d = 0;
  for (let k = 0; k < 8; k++) {
    const px = (k & 1 ? 0.5 : -0.5) * size[0];
    const py = (k & 2 ? 0.5 : -0.5) * size[1];
    const pz = (k & 4 ? 0.5 : -0.5) * size[2];
    const along = px * dx + py * dy + pz * dz;
    const x = Math.abs(px * rx + py * ry + pz * rz);
    const y = Math.abs(px * ux + py * uy + pz * uz);
    d = Math.max(d, along + (f * x) / Math.max(halfWidth, 1), along + (f * y) / Math.max(halfHeight, 1));
  }
  // Never inside the box's bounding sphere.
  return Math.max(d, 0.5 * Math.hypot(size[0], size[1], size[2]) * 1.05);
}

/** Half-sizes of `rect` less the margin kept around the box. */
function usable(rect: PixelRect): [number, number] {
  const hw = (rect.right - rect.left) / 2;
  const hh = (rect.bottom - rect.top) / 2;
  return [Math.max(1, hw * (1 - MARGIN_FRACTION) - MARGIN_PX), Math.max(1, hh * (1 - MARGIN_FRACTION) - MARGIN_PX)];
}

/**
 * How much larger the box (`size`, seen along `direction`) is drawn framed in `to` than framed in
 * `from`, on a canvas `canvasHeight` pixels high: the ratio of the camera distances that fit it in
 * each, above 1 when `to` gives it more room. What matters is the room in the direction the box
 * needs it: a long box gains from a wider free part even when the free part loses area in height.
 */
export function framingGain(size: readonly number[], direction: readonly number[], fovDegrees: number, canvasHeight: number, from: PixelRect, to: PixelRect): number {
  const [fw, fh] = usable(from);
  const [tw, th] = usable(to);
  return fitDistance(size, direction, fovDegrees, canvasHeight, fw, fh) / fitDistance(size, direction, fovDegrees, canvasHeight, tw, th);
}

const overlaps = (a: PixelRect, b: PixelRect): boolean => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/**
 * The part of a `width` x `height` canvas, clear of every rectangle in `covered`, in which the box
 * (`size`, seen along `direction`) shows largest: of the rectangles whose edges are the canvas's
 * and the covering rectangles' edges, the one that needs the shortest camera distance. When no
 * clear rectangle is at least a third of each side, the whole canvas.
 */
export function freeRect(width: number, height: number, covered: readonly PixelRect[], size: readonly number[], direction: readonly number[], fovDegrees: number): PixelRect {
  const whole = { left: 0, top: 0, right: width, bottom: height };
  const inside = covered
    .map((r) => ({ left: Math.max(0, r.left), top: Math.max(0, r.top), right: Math.min(width, r.right), bottom: Math.min(height, r.bottom) }))
    .filter((r) => r.right - r.left > 0.5 && r.bottom - r.top > 0.5);
  if (inside.length === 0) return whole;
  const lefts = [0, ...inside.map((r) => r.right)];
  const rights = [width, ...inside.map((r) => r.left)];
  const tops = [0, ...inside.map((r) => r.bottom)];
  const bottoms = [height, ...inside.map((r) => r.top)];
  let best: PixelRect | null = null;
  let bestDistance = Infinity;
  for (const left of lefts) {
    for (const right of rights) {
      if (right - left < MIN_FREE_FRACTION * width) continue;
      for (const top of tops) {
        for (const bottom of bottoms) {
          if (bottom - top < MIN_FREE_FRACTION * height) continue;
          const rect = { left, top, right, bottom };
          if (inside.some((r) => overlaps(r, rect))) continue;
          const [hw, hh] = usable(rect);
          const d = fitDistance(size, direction, fovDegrees, height, hw, hh);
          if (d < bestDistance - 1e-9) {
            bestDistance = d;
            best = rect;
          }
        }
      }
    }
  }
  return best ?? whole;
}

/**
 * Puts the camera at distance-fit for `rect` along `direction` from the box centre, looking at
 * it, with its view offset so that the centre appears at the middle of `rect` (a canvas of
 * `width` x `height` pixels). The near and far planes follow the distance.
 */
export function frameBox(camera: PerspectiveCamera, size: readonly number[], direction: readonly number[], width: number, height: number, rect: PixelRect): void {
  const [hw, hh] = usable(rect);
  const d = fitDistance(size, direction, camera.fov, height, hw, hh);
  camera.position.set(direction[0] * d, direction[1] * d, direction[2] * d);
  camera.near = Math.max(0.01, d / 200);
  camera.far = d * 20;
  camera.lookAt(0, 0, 0);
  const shiftX = width / 2 - (rect.left + rect.right) / 2;
  const shiftY = height / 2 - (rect.top + rect.bottom) / 2;
  if (Math.abs(shiftX) > 0.5 || Math.abs(shiftY) > 0.5) camera.setViewOffset(width, height, shiftX, shiftY, width, height);
  else camera.clearViewOffset();
  camera.updateProjectionMatrix();
}
