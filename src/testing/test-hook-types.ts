/**
 * The shape of the browser tests' window into a running sandbox (`window.__sandbox` in test
 * mode; `test-hook.ts` installs it). Apart from the hook so that the browser tests' own program
 * (tests/browser/tsconfig.json) can type the pages' `window` without the hook's code.
 */
import type { PressureReadout } from '../instruments/index.ts';
import type { SandboxStore } from '../store/index.ts';
import type { SphereRendererChoice } from '../scene/view-probe.ts';

/** What `window.__sandbox` holds in test mode. */
export interface SandboxTestHook {
  /** The sandbox store. */
  store: SandboxStore;
  /** Draw calls and triangles of the last rendered frame. */
  renderInfo(): { calls: number; triangles: number };
  /** Frames drawn by the renderer since it was made (a sandbox out of view simulates without drawing). */
  draws(): number;
  /** Draw calls of the sphere mesh in the last frame. */
  sphereDrawCalls(): number;
  /** Spheres drawn (instances of the sphere mesh) in the last frame. */
  instances(): number;
  /** Frames rendered since the page loaded. */
  frames(): number;
  /** Camera position, x y z. */
  cameraPosition(): [number, number, number];
  /**
   * Whether the framing has caught up with the view as it is now: it last decided (moving the
   * camera, or finding the box well framed) for the store's view version, the canvas's size and
   * the covered rectangles measured afresh. False while a change of the layout waits for its
   * observers, its measurement or its render; the camera is drawn from the next frame on.
   */
  framed(): boolean;
  /** The rectangles drawn over the view, measured afresh, as a key (it changes when a panel opens, closes or moves). */
  covered(): string;
  /** Where a sphere's centre is drawn, in page pixels, or null when it does not exist. */
  screenOf(id: number): [number, number] | null;
  /** Where a point of the world is drawn, in page pixels. */
  screenOfPoint(point: [number, number, number]): [number, number];
  /** The renderer's live GPU objects: geometries and textures (three's `info.memory`) and shader programs. */
  memory(): { geometries: number; textures: number; programs: number };
  /** Which sphere renderer is drawing ('mesh' or 'impostor'). */
  sphereRenderer(): string;
  /** Forces a sphere renderer, or `auto` (by count). */
  setSphereRenderer(choice: SphereRendererChoice): void;
  /** Draws the spheres or not (their frame loop runs either way). */
  setSpheresDrawn(drawn: boolean): void;
  /**
   * Per-frame instance update time since the last reset (nothing is measured before the first): frames, mean and max ms, spheres; and
   * the frames that wrote sphere data with their mean (the impostors write only new positions).
   */
  updateTiming(): { frames: number; meanMs: number; maxMs: number; spheres: number; writingFrames: number; writingMeanMs: number };
  /** Starts the update timing afresh. */
  resetUpdateTiming(): void;
  /**
   * Replaces the world with a gas of `count` spheres of radius 0.5 at `packing` fraction
   * (default 0.05; seed 1), past the settings' sphere limit, and frames it: for measuring the
   * renderer at scale.
   */
  loadWorld(count: number, packing?: number): void;
  /**
   * The pressure map, settled against the world's stats now (as a sample does): per face, the
   * window's impulse (`faceImpulse`) and its cells' part (`cellImpulse`), the impulse since the map
   * started placed on cells (`placed`) and not (`unplaced`), the world's `stats().wallImpulses`
   * and the map's `baseline` of them; each cell's pressure (face w's cell iu + nU[w] * iv at
   * w * stride + iu + nU[w] * iv), the cell counts and the readout the panel shows.
   */
  pressureMap(): {
    faceImpulse: number[];
    cellImpulse: number[];
    placed: number[];
    unplaced: number[];
    wallImpulses: number[];
    baseline: number[];
    pressure: number[];
    stride: number;
    nU: number[];
    nV: number[];
    readout: PressureReadout;
  };
}
