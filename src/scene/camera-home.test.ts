import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { fitDistance, frameBox, framingGain, freeRect, homeDirection, type PixelRect } from './camera-home.ts';

/** Where the 8 corners of a box of `size` land on a `width` x `height` canvas, in pixels from its top-left. */
function corners(camera: PerspectiveCamera, size: readonly number[], width: number, height: number): [number, number][] {
  camera.updateMatrixWorld();
  const out: [number, number][] = [];
  for (let k = 0; k < 8; k++) {
    const p = new Vector3((k & 1 ? 0.5 : -0.5) * size[0], (k & 2 ? 0.5 : -0.5) * size[1], (k & 4 ? 0.5 : -0.5) * size[2]).project(camera);
    out.push([((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height]);
  }
  return out;
}

const BOXES: Record<string, number[]> = { cube: [8, 8, 8], line: [14, 3, 3], flat: [9, 5, 0.5], tall: [4.6, 7.4, 4.6] };
const RECTS: Record<string, PixelRect> = {
  whole: { left: 0, top: 0, right: 1280, bottom: 800 },
  'between panels': { left: 330, top: 0, right: 960, bottom: 660 },
  'right of a panel': { left: 340, top: 80, right: 1280, bottom: 800 },
  'narrow strip': { left: 400, top: 100, right: 700, bottom: 700 },
};

describe('framing the box in the free part of the view', () => {
  for (const planar of [false, true]) {
    for (const [boxName, size] of Object.entries(BOXES)) {
      for (const [rectName, rect] of Object.entries(RECTS)) {
        it(`${planar ? 'planar' : '3D'}: a ${boxName} box fits ${rectName}, tightly`, () => {
          const camera = new PerspectiveCamera(40, 1280 / 800, 0.1, 1000);
          frameBox(camera, size, homeDirection(planar), 1280, 800, rect);
          const pts = corners(camera, size, 1280, 800);
          for (const [x, y] of pts) {
            expect(x).toBeGreaterThanOrEqual(rect.left);
            expect(x).toBeLessThanOrEqual(rect.right);
            expect(y).toBeGreaterThanOrEqual(rect.top);
            expect(y).toBeLessThanOrEqual(rect.bottom);
          }
          // Tight: some corner reaches within 15% of the free part's edge (the margin is less).
          const cx = (rect.left + rect.right) / 2;
          const cy = (rect.top + rect.bottom) / 2;
          const reach = Math.max(...pts.map(([x, y]) => Math.max(Math.abs(x - cx) / ((rect.right - rect.left) / 2), Math.abs(y - cy) / ((rect.bottom - rect.top) / 2))));
          expect(reach).toBeGreaterThan(0.85);
          const c = new Vector3(0, 0, 0).project(camera);
          expect(((c.x + 1) / 2) * 1280).toBeCloseTo((rect.left + rect.right) / 2, 6);
          expect(((1 - c.y) / 2) * 800).toBeCloseTo((rect.top + rect.bottom) / 2, 6);
        });
      }
    }
  }

  it('the distance grows as the free part shrinks, and is the closest that fits', () => {
    const dir = homeDirection(false);
    const wide = fitDistance([8, 8, 8], dir, 40, 800, 500, 350);
    const small = fitDistance([8, 8, 8], dir, 40, 800, 250, 175);
    expect(small).toBeGreaterThan(wide * 1.5);
    // 6% closer (more than the margin kept), some corner leaves the free part.
    const camera = new PerspectiveCamera(40, 1280 / 800, 0.1, 1000);
    const rect = { left: 100, top: 50, right: 1100, bottom: 750 };
    frameBox(camera, [14, 3, 3], dir, 1280, 800, rect);
    camera.position.multiplyScalar(0.94);
    const pts = corners(camera, [14, 3, 3], 1280, 800);
    const outside = pts.some(([x, y]) => x < rect.left || x > rect.right || y < rect.top || y > rect.bottom);
    expect(outside).toBe(true);
  });

  it('chooses the clear part beside the panels, never one that a panel covers', () => {
    // The app at 1280 x 800: title top-left, classroom panel left, settings right, time controls bottom-left.
    const covered: PixelRect[] = [
      { left: 16, top: 16, right: 220, bottom: 70 },
      { left: 16, top: 86, right: 316, bottom: 660 },
      { left: 964, top: 16, right: 1264, bottom: 784 },
      { left: 16, top: 672, right: 830, bottom: 784 },
    ];
    for (const size of Object.values(BOXES)) {
      const r = freeRect(1280, 800, covered, size, homeDirection(false), 40);
      for (const c of covered) {
        const clear = r.right <= c.left || c.right <= r.left || r.bottom <= c.top || c.bottom <= r.top;
        expect(clear).toBe(true);
      }
      expect(r.right - r.left).toBeGreaterThan(600);
      expect(r.bottom - r.top).toBeGreaterThan(500);
    }
    // Panels that leave no reasonable room are ignored rather than squeezing the box into a sliver.
    expect(freeRect(1280, 800, [{ left: 100, top: 0, right: 1180, bottom: 800 }], [8, 8, 8], homeDirection(false), 40)).toEqual({ left: 0, top: 0, right: 1280, bottom: 800 });
  });

  it('closing the classroom panel draws a long box much larger, though the free part gains less than a fifth in area', () => {
    // The app at 1280 x 800 (as measured): title, classroom panel open or closed to its toggle, settings, time controls.
    const title = { left: 16, top: 16, right: 211, bottom: 74 };
    const settings = { left: 964, top: 16, right: 1264, bottom: 784 };
    const dock = { left: 16, top: 672, right: 1280, bottom: 784 };
    const open = [title, { left: 16, top: 85, right: 316, bottom: 661 }, settings, dock];
    const closed = [title, { left: 16, top: 85, right: 211, bottom: 132 }, settings, dock];
    const dir = homeDirection(false);
    const cradle = [14, 3, 3];
    const before = freeRect(1280, 800, open, cradle, dir, 40);
    const after = freeRect(1280, 800, closed, cradle, dir, 40);
    const area = (r: PixelRect): number => (r.right - r.left) * (r.bottom - r.top);
    expect(area(after) / area(before)).toBeLessThan(1.2);
    expect(framingGain(cradle, dir, 40, 800, before, after)).toBeGreaterThan(1.3);
    // Opening it again gives the box less room; the time controls taking one more line, hardly any.
    expect(framingGain(cradle, dir, 40, 800, after, before)).toBeLessThan(1 / 1.3);
    const taller = freeRect(1280, 800, [...open.slice(0, 3), { ...dock, top: 650 }], [8, 8, 8], dir, 40);
    const gain = framingGain([8, 8, 8], dir, 40, 800, taller, freeRect(1280, 800, open, [8, 8, 8], dir, 40));
    expect(gain).toBeGreaterThan(1);
    expect(gain).toBeLessThan(1.05);
  });
});
