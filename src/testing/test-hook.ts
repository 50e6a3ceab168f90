/**
 * The browser tests' window into a running sandbox (only with `?test=1` in the URL, and only in
 * the app and the embed page: the package does not contain it): the store,
 * the renderer's draw statistics and a frame counter to wait on instead of sleeping. The app's
 * single sandbox is `window.__sandbox`; sandboxes embedded with a name (several on one page) are
 * `window.__sandboxes[name]`. A hook is removed when its sandbox unmounts.
 */
import { Vector3 } from 'three';
import { FACE_STRIDE, type PressureReadout } from '../instruments/index.ts';
import { type SandboxStore } from '../store/index.ts';
import { gasScene } from '../solver/index.ts';
import { coveredKey, measureCovered } from '../scene/use-covered-rects.ts';
import { setViewProbeInstaller, type SphereRendererChoice, type ViewProbeTarget } from '../scene/view-probe.ts';

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

declare global {
  interface Window {
    /** Present only in test mode (`?test=1`). */
    __sandbox?: SandboxTestHook;
    /** Named sandboxes of the page, present only in test mode (`?test=1`). */
    __sandboxes?: Record<string, SandboxTestHook>;
  }
}

/**
 * Test mode for every view mounted from now on: each installs its test hook. The app and the
 * embed page call it (loading this module only) when the address has `?test=1`.
 */
export function enableTestHooks(): void {
  setViewProbeInstaller(installTestHook);
}

/**
 * Installs the test hook on `window`: as `__sandbox`, or as `__sandboxes[name]` when a name is
 * given. `spheres` reports on and steers the sphere renderer. Returns the function that removes
 * the hook again.
 */
export function installTestHook({ store, gl, camera, spheres, framing, coverRoot, name }: ViewProbeTarget): () => void {
  const screenOfPoint = ([x, y, z]: [number, number, number]): [number, number] => {
    const p = new Vector3(x, y, z).project(camera);
    const rect = gl.domElement.getBoundingClientRect();
    return [rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height];
  };
  const hook: SandboxTestHook = {
    store,
    renderInfo: () => ({ calls: gl.info.render.calls, triangles: gl.info.render.triangles }),
    draws: () => gl.info.render.frame,
    sphereDrawCalls: () => spheres.draws.lastFrame,
    instances: () => spheres.draws.instances,
    frames: () => store.getState().sim.framesRendered,
    cameraPosition: () => [camera.position.x, camera.position.y, camera.position.z],
    covered: () => {
      const root = coverRoot?.current;
      return root ? coveredKey(measureCovered(root)) : '';
    },
    framed: () => {
      const root = coverRoot?.current;
      const box = gl.domElement.parentElement?.getBoundingClientRect();
      return (
        framing.viewVersion === store.getState().viewVersion &&
        framing.coveredKey === (root ? coveredKey(measureCovered(root)) : '') &&
        box !== undefined &&
        framing.width === box.width &&
        framing.height === box.height
      );
    },
    screenOf: (id) => {
      const sim = store.getState().sim;
      const slot = sim.world.indexOf(id);
      if (slot < 0) return null;
      return screenOfPoint([sim.positions[3 * slot], sim.positions[3 * slot + 1], sim.positions[3 * slot + 2]]);
    },
    screenOfPoint,
    memory: () => ({ geometries: gl.info.memory.geometries, textures: gl.info.memory.textures, programs: gl.info.programs?.length ?? 0 }),
    sphereRenderer: () => spheres.renderer,
    setSphereRenderer: (choice) => spheres.choose(choice),
    setSpheresDrawn: (drawn) => spheres.setDrawn(drawn),
    updateTiming: () => {
      const t = spheres.timing;
      return {
        frames: t.frames,
        meanMs: t.frames > 0 ? t.totalMs / t.frames : NaN,
        maxMs: t.maxMs,
        spheres: t.spheres,
        writingFrames: t.writingFrames,
        writingMeanMs: t.writingFrames > 0 ? t.writingMs / t.writingFrames : NaN,
      };
    },
    resetUpdateTiming: () => spheres.timing.reset(),
    loadWorld: (count, packing = 0.05) => {
      const refused = store.getState().loadScene(gasScene({ count, packingFraction: packing, radius: 0.5, seed: 1 }));
      if (refused !== null) throw new Error(refused);
    },
    pressureMap: () => {
      const { sim, instruments } = store.getState();
      const map = instruments.readouts.pressureMap;
      const wallImpulses = sim.world.stats().wallImpulses;
      const readout = map.settle(sim.world, wallImpulses);
      return {
        faceImpulse: [...map.faceImpulse],
        cellImpulse: [...map.cellImpulse],
        placed: [...map.placed],
        unplaced: [...map.unplacedTotal],
        wallImpulses,
        baseline: [...map.baseline],
        pressure: [...map.pressure],
        stride: FACE_STRIDE,
        nU: [...map.nU],
        nV: [...map.nV],
        readout,
      };
    },
  };
  if (name === undefined) {
    window.__sandbox = hook;
    return () => {
      if (window.__sandbox === hook) delete window.__sandbox;
    };
  }
  const registry = (window.__sandboxes ??= {});
  registry[name] = hook;
  return () => {
    if (registry[name] === hook) delete registry[name];
  };
}
