/**
 * What the overlay covers of the view: the rectangles of the elements marked `data-covers-view`
 * inside a sandbox's root element (its panels, time controls, title, notices), in pixels from the
 * root's top-left corner. Measured again when one of them (or the root) changes size, appears or
 * goes, never per frame; the camera frames the box in what is left.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { PixelRect } from './camera-home.ts';

/** The attribute that marks an element drawn over the view; the value `row` extends it to the right edge. */
export const COVERS_VIEW = 'data-covers-view';

const NONE: readonly PixelRect[] = [];

/**
 * The covered rectangles in `root` now, rounded to whole pixels, so that sub-pixel jitter does not
 * count as a change.
 */
export function measureCovered(root: HTMLElement): PixelRect[] {
  const base = root.getBoundingClientRect();
  const out: PixelRect[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(`[${COVERS_VIEW}]`)) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    // A bar whose width follows changing text (the status line) covers its whole row, so that
    // the text changing does not move the camera.
    const right = el.getAttribute(COVERS_VIEW) === 'row' ? base.right : r.right;
    out.push({ left: Math.floor(r.left - base.left), top: Math.floor(r.top - base.top), right: Math.ceil(right - base.left), bottom: Math.ceil(r.bottom - base.top) });
  }
  return out;
}

/** A stable text for a list of rectangles, so that an equal measurement is not a change. */
export const coveredKey = (rects: readonly PixelRect[]): string => rects.map((r) => `${r.left},${r.top},${r.right},${r.bottom}`).join(';');

const same = (a: readonly PixelRect[], b: readonly PixelRect[]): boolean =>
  a.length === b.length && a.every((r, k) => r.left === b[k].left && r.top === b[k].top && r.right === b[k].right && r.bottom === b[k].bottom);

/** The covered rectangles of the view in `root` (none until measured, or without a root). */
export function useCoveredRects(root: RefObject<HTMLElement | null> | undefined): readonly PixelRect[] {
  const [rects, setRects] = useState<readonly PixelRect[]>(NONE);
  useEffect(() => {
    const el = root?.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    let pending = 0;
    const update = (): void => {
      pending = 0;
      const next = measureCovered(el);
      setRects((old) => (same(old, next) ? old : next));
    };
    // Several changes in one frame (a panel opening moves others) are measured once.
    const schedule = (): void => {
      if (pending === 0) pending = requestAnimationFrame(update);
    };
    const sizes = new ResizeObserver(schedule);
    const observeAll = (): void => {
      sizes.disconnect();
      sizes.observe(el);
      for (const child of el.querySelectorAll(`[${COVERS_VIEW}]`)) sizes.observe(child);
    };
    observeAll();
    // Elements that appear, go or change class (large text) are observed afresh.
    const tree = new MutationObserver(() => {
      observeAll();
      schedule();
    });
    tree.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'hidden', 'open'] });
    window.addEventListener('resize', schedule);
    update();
    return () => {
      sizes.disconnect();
      tree.disconnect();
      window.removeEventListener('resize', schedule);
      if (pending !== 0) cancelAnimationFrame(pending);
    };
  }, [root]);
  return rects;
}
