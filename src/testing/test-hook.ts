/**
 * The browser tests' window into a running sandbox (only with `?test=1` in the URL, and only in
 * the app and the embed page: the package does not contain it): the store,
 * the renderer's draw statistics and a frame counter to wait on instead of sleeping. The app's
 * single sandbox is `window.__sandbox`; sandboxes embedded with a name (several on one page) are
 * `window.__sandboxes[name]`. A hook is removed when its sandbox unmounts.
 */
import { Vector3 } from 'three';
import { FACE_STRIDE } from '../instruments/index.ts';
import { gasScene } from '../solver/index.ts';
import { coveredKey, measureCovered } from '../scene/use-covered-rects.ts';
import { setPlainDrawing, setViewProbeInstaller, type ViewProbeTarget } from '../scene/view-probe.ts';
import type { SandboxTestHook } from './test-hook-types.ts';

export type { SandboxTestHook };

declare global {
  interface Window {
    /** Present only in test mode (`?test=1`). */
    __sandbox?: SandboxTestHook;
    /** Named sandboxes of the page, present only in test mode (`?test=1`). */
    __sandboxes?: Record<string, SandboxTestHook>;
  }
}

/**
 * Test mode for every view mounted from now on: each installs its test hook, and draws plainly
 * (`plainDrawing`: no multisampling, a coarse sphere mesh, no blur or shadows behind the panels)
 * unless the address has `drawing=full` (for screenshots with the look users see). The app and
 * the embed page call it (loading this module only) when the address has `?test=1`.
 */
export function enableTestHooks(): void {
  setViewProbeInstaller(installTestHook);
  const plain = new URLSearchParams(window.location.search).get('drawing') !== 'full';
  setPlainDrawing(plain);
  if (plain) document.documentElement.dataset.drawing = 'plain';
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
