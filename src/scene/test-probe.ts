/**
 * Test mode's instruments on the sphere renderers (`?test=1` only): the draw calls and instances
 * of the last frame, the time of the per-frame instance update, and switches for which renderer
 * draws and whether the spheres are drawn. The canvas provides one probe in test mode; the
 * renderers read it from the context (none outside test mode, where they measure nothing), and
 * the test hook reads it.
 */
import { createContext, useContext } from 'react';
import { UpdateTiming } from './frame-timing.ts';

/** How the spheres are drawn. */
export type SphereRenderer = 'mesh' | 'impostor';

/** A renderer, or `auto`: chosen by the count. */
export type SphereRendererChoice = SphereRenderer | 'auto';

/** Counts draw calls of the sphere mesh for the test hook. */
export interface DrawCounter {
  /** Draw calls of the sphere mesh in the last complete frame. */
  lastFrame: number;
  /** Draw calls so far in the current frame. */
  current: number;
  /** Instances drawn (the mesh's count) in the last frame. */
  instances: number;
}

/** The test hook's handle on the sphere renderers: which one is drawing, its counters, and switches. */
export class SphereProbe {
  /** The renderer drawing now. */
  renderer: SphereRenderer = 'mesh';
  /** Timing of the per-frame instance update. */
  readonly timing = new UpdateTiming();
  /** Draw calls and instances of the sphere mesh. */
  readonly draws: DrawCounter = { lastFrame: 0, current: 0, instances: 0 };
  private force: (choice: SphereRendererChoice) => void = () => undefined;
  private show: (drawn: boolean) => void = () => undefined;

  /** Forces a renderer (or back to `auto`). */
  choose(choice: SphereRendererChoice): void {
    this.force(choice);
  }

  /**
   * Whether the spheres are drawn: when not, the frame loop still writes their instances (for
   * timing the update where drawing them would take too long, as with 100,000 sphere meshes on
   * a software renderer).
   */
  setDrawn(drawn: boolean): void {
    this.show(drawn);
  }

  /** Called by the sphere chooser with the renderer it draws with and its switches. */
  attach(renderer: SphereRenderer, force: (choice: SphereRendererChoice) => void, show: (drawn: boolean) => void): void {
    this.renderer = renderer;
    this.force = force;
    this.show = show;
  }
}

/** The probe of a canvas in test mode, or null. */
export const SphereProbeContext = createContext<SphereProbe | null>(null);

/** The probe of the canvas, or null outside test mode. */
export function useSphereProbe(): SphereProbe | null {
  return useContext(SphereProbeContext);
}
