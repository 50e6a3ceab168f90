/**
 * The view's probe: a plug through which a page that asks for it (the app and the embed page in
 * test mode, `?test=1`, through src/testing/test-hook.ts) watches each sandbox view. While an
 * installer is set, every canvas renders for measurement (device pixel ratio 1, a drawing buffer
 * kept for reading pixels) and hands the installer its store, renderer, camera and a
 * {@link SphereProbe} on the sphere renderers: the draw calls and instances of the last frame, the
 * time of the per-frame instance update, and switches for which renderer draws and whether the
 * spheres are drawn. Without one (the package, the app in normal use) nothing is measured.
 */
import { createContext, useContext, type RefObject } from 'react';
import type { Camera, WebGLRenderer } from 'three';
import type { SandboxStore } from '../store/index.ts';
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
  /** Frames the view has drawn (a still view skips frames: see RedrawGate). */
  framesDrawn = 0;

  /** Called by the view after each frame it draws. */
  drewFrame(): void {
    this.framesDrawn++;
  }
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

/**
 * The probe's record of what the framing last decided for: the store's view version, the covered
 * rectangles (their key) and the canvas size, whether it moved the camera or found the box well
 * framed as it was. Compared with the layout measured afresh, it tells a test when the framing has
 * caught up with a change, rather than after some frames.
 */
export class FramingProbe {
  /** The view version last framed for (-1 before the first framing). */
  viewVersion = -1;
  /** The key of the covered rectangles last framed for. */
  coveredKey = '';
  /** The canvas size last framed for, in CSS pixels. */
  width = 0;
  height = 0;

  /** Called by the camera controls each time they decide on the framing. */
  record(viewVersion: number, coveredKey: string, width: number, height: number): void {
    this.viewVersion = viewVersion;
    this.coveredKey = coveredKey;
    this.width = width;
    this.height = height;
  }
}

/** What a view hands its probe's installer. */
export interface ViewProbeTarget {
  store: SandboxStore;
  gl: WebGLRenderer;
  camera: Camera;
  spheres: SphereProbe;
  /** What the framing last decided for. */
  framing: FramingProbe;
  /** The element whose `data-covers-view` descendants the view is framed around, if any. */
  coverRoot: RefObject<HTMLElement | null> | undefined;
  /** The sandbox's name, if it has one. */
  name?: string;
}

/** Installs a probe on a view; returns the function that removes it. */
export type ViewProbeInstaller = (target: ViewProbeTarget) => () => void;

/** The page's installer (one a page: it is how the page is opened, not a sandbox's state). */
let installer: ViewProbeInstaller | null = null;

/** Sets (or, with null, clears) the page's view probe installer; views mounted afterwards use it. */
export function setViewProbeInstaller(install: ViewProbeInstaller | null): void {
  installer = install;
}

/** The page's view probe installer, or null. */
export function viewProbeInstaller(): ViewProbeInstaller | null {
  return installer;
}

/**
 * Whether the page's views draw plainly: no multisampling and a coarse sphere mesh (its panels
 * also lose their blur and shadows, by `data-drawing="plain"` on the root element). The browser
 * tests' pages draw this way: software WebGL (SwiftShader) redraws and recomposites the whole
 * page each frame, and these cost it more than the scene. What is drawn and where is unchanged.
 */
let plain = false;

/**
 * The sphere mesh's width and height segments when drawing plainly: 80 triangles a sphere.
 * SwiftShader's cost for the spheres goes with their triangles (not their material): at 12 x 8
 * (168 triangles) a 400-sphere gas drew 21 frames a second on this machine's two cores, at 8 x 6
 * 36. The silhouette is an octagon, filling nine tenths of the sphere's disc.
 */
export const PLAIN_SPHERE_DETAIL: readonly [number, number] = [8, 6];

/** Sets whether views mounted from now on draw plainly (see {@link plainDrawing}). */
export function setPlainDrawing(on: boolean): void {
  plain = on;
}

/** Whether the page's views draw plainly (the browser tests' pages, unless they ask for the full look). */
export function plainDrawing(): boolean {
  return plain;
}
