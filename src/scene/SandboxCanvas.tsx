/**
 * The 3D view: a React Three Fiber canvas with the lights, the box, every sphere in one instanced
 * mesh, the visual aids and orbit controls. It re-renders only when the scene is rebuilt. One
 * frame callback advances the simulation ({@link ClockDriver}); the others only draw.
 */
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { Material, Mesh, Texture } from 'three';
import { BoxFrame } from './BoxFrame.tsx';
import { SCENE_THEMES } from './theme.ts';
import { BuildPlane } from './BuildPlane.tsx';
import { CameraControls } from './CameraControls.tsx';
import { createDragPreview } from './drag-edit.ts';
import { DragEditor } from './DragEditor.tsx';
import { FaultHandlers } from './FaultHandlers.tsx';
import { MeasuringTape } from './MeasuringTape.tsx';
import { SelectionMarker, SelectionRings } from './SelectionMarker.tsx';
import { PredictLabels } from './PredictLabels.tsx';
import { BuiltLabels } from './BuiltLabels.tsx';
import { Spheres } from './Spheres.tsx';
import { FramingProbe, plainDrawing, SphereProbe, SphereProbeContext, viewProbeInstaller, type ViewProbeInstaller } from './view-probe.ts';
import { RedrawGate, type GateInputs } from './redraw-gate.ts';
import { TwinSpheres } from './TwinSpheres.tsx';
import { VisualAids } from './VisualAids.tsx';
import { useCoveredRects } from './use-covered-rects.ts';
import { useSandboxInstance, useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';

/** Background colour of the view in the dark theme (the browser tests count pixels that differ from it). */
export const BACKGROUND = SCENE_THEMES.dark.background;

/** Props of {@link SandboxCanvas}. */
export interface SandboxCanvasProps {
  /**
   * The element holding the canvas and the overlay: its descendants marked `data-covers-view`
   * (panels, time controls) are measured, and the box is framed in the part of the view they
   * leave clear. @defaultValue none (the whole view)
   */
  coverRoot?: RefObject<HTMLElement | null>;
  /**
   * Where the camera stands, x y z in metres, looking at the box centre; taken again whenever
   * the view is reset. @defaultValue null (the home view that frames the box)
   */
  cameraPosition?: readonly [number, number, number] | null;
  /** Accessible description of the view. @defaultValue a description of the view and its mouse controls, in the sandbox's language */
  label?: string;
  /** More scene content (drawn inside the canvas). @defaultValue none */
  children?: ReactNode;
  /** Called once, after the first frames have been drawn. @defaultValue none */
  onFirstFrames?: () => void;
}

/** Calls `ready` once, after the first frames have been drawn. */
function ReadySignal({ ready }: { ready: () => void }) {
  const frames = useRef(0);
  useFrame(() => {
    frames.current++;
    if (frames.current === 2) ready();
  });
  return null;
}

/**
 * The one clock of the view: each frame, before anything is drawn (a negative priority runs
 * first), the store's simulation runs the fixed steps owed for the frame's real time. The
 * renderers and aids only draw what it left.
 */
function ClockDriver() {
  const store = useSandboxStore();
  useFrame((_, delta) => store.getState().frame(delta), -1);
  return null;
}

/**
 * Frees the scene's GPU objects when the canvas unmounts: every geometry, material and texture
 * (and the instanced meshes' instance buffers), while the renderer still exists, so that its
 * programs and buffers are deleted rather than left to the lost context. The first child of the
 * canvas, so that its layout cleanup runs while the other objects are still in the scene.
 */
function ReleaseOnUnmount() {
  const scene = useThree((s) => s.scene);
  const gl = useThree((s) => s.gl);
  useLayoutEffect(
    () => () => {
      const materials = new Set<Material>();
      scene.traverse((object) => {
        const mesh = object as Mesh & { isInstancedMesh?: boolean; dispose?: () => void };
        mesh.geometry?.dispose();
        const m = mesh.material;
        if (m) for (const x of Array.isArray(m) ? m : [m]) materials.add(x);
        if (mesh.isInstancedMesh) mesh.dispose?.();
      });
      for (const material of materials) {
        for (const value of Object.values(material)) if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
        material.dispose();
      }
      gl.renderLists.dispose();
    },
    [scene, gl],
  );
  return null;
}

/** Installs the page's view probe while mounted (only where the page set an installer). */
function ViewProbe({ probe, framing, coverRoot, install }: { probe: SphereProbe; framing: FramingProbe; coverRoot: RefObject<HTMLElement | null> | undefined; install: ViewProbeInstaller }) {
  const { store, name } = useSandboxInstance('ViewProbe');
  const gl = useThree((s) => s.gl);
  const camera = useThree((s) => s.camera);
  useEffect(() => install({ store, gl, camera, spheres: probe, framing, coverRoot, name }), [install, store, gl, camera, name, probe, framing, coverRoot]);
  return null;
}

/**
 * Draws the frame only while the canvas is on screen (or within a margin of it) and only when
 * it shows something new ({@link RedrawGate}): a sandbox scrolled out of view, one of several on
 * a lesson page, keeps simulating (its plots, readouts and callbacks go on) but costs no drawing
 * until it comes back, and a paused one is not drawn again until something changes. Visibility
 * is watched with an IntersectionObserver, input with listeners on the window; both only flip a
 * flag: no React render. Takes over R3F's drawing (a frame callback with priority 1 runs after
 * every other one, and R3F then leaves the drawing to it).
 */
function DrawWhenVisible({ probe }: { probe: SphereProbe | null }) {
  const store = useSandboxStore();
  const canvas = useThree((s) => s.gl.domElement);
  const visible = useRef(true);
  const [gate] = useState(() => new RedrawGate());
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries[entries.length - 1].isIntersecting;
      },
      { rootMargin: '200px' },
    );
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      visible.current = true;
    };
  }, [canvas]);
  useEffect(() => {
    const poke = () => gate.poke();
    const events = ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup'] as const;
    for (const type of events) window.addEventListener(type, poke, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, poke, { capture: true });
    };
  }, [gate]);
  // The gate's inputs: one object filled each frame (none made per frame).
  const inputs = useRef<GateInputs | null>(null);
  useFrame((state) => {
    if (!visible.current) return;
    const { gl, scene, camera } = state;
    const drawing = gl.domElement;
    const s = store.getState();
    const view = (inputs.current ??= { state: s, sim: s.sim, camera, width: 0, height: 0, invalidated: false });
    view.state = s;
    view.sim = s.sim;
    view.camera = camera;
    view.width = drawing.width;
    view.height = drawing.height;
    view.invalidated = state.internal.frames > 0;
    if (!gate.due(view)) return;
    gl.render(scene, camera);
    probe?.drewFrame();
  }, 1);
  return null;
}

/** Puts the camera at a given position whenever it or the view version changes. */
function CameraPlacement({ position }: { position: readonly [number, number, number] }) {
  const store = useSandboxStore();
  const camera = useThree((s) => s.camera);
  const viewVersion = useStore(store, (s) => s.viewVersion);
  const [x, y, z] = position;
  useEffect(() => {
    camera.position.set(x, y, z);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
  }, [camera, x, y, z, viewVersion]);
  return null;
}

/** Device pixels a CSS pixel of a view that draws plainly (test pages). */
const PLAIN_DPR = 0.5;
/** Outside test mode the canvas follows the device's ratio, clamped to this range. */
const DEVICE_DPR: [number, number] = [1, 2];

/** The sandbox's 3D view. */
export function SandboxCanvas({ coverRoot, cameraPosition = null, label, children, onFirstFrames }: SandboxCanvasProps) {
  const store = useSandboxStore();
  const t = useT();
  // Measured views (the page set a probe installer: test mode) keep their drawing buffer and render at one pixel a CSS
  // pixel, or half of one when they draw plainly (software WebGL fills a quarter of the pixels).
  const [install] = useState(viewProbeInstaller);
  const testMode = install !== null;
  const [plain] = useState(plainDrawing);
  const dpr = testMode ? (plain ? PLAIN_DPR : 1) : DEVICE_DPR;
  const [preview] = useState(createDragPreview);
  const reducedMotion = useStore(store, (s) => s.reducedMotion);
  const look = SCENE_THEMES[useStore(store, (s) => s.theme)];
  // Test mode's instruments on the renderers (none otherwise: they then measure nothing).
  const [probe] = useState(() => (testMode ? new SphereProbe() : null));
  const [framing] = useState(() => (testMode ? new FramingProbe() : null));
  const covered = useCoveredRects(coverRoot);
  // Primitives only, so that the shallow comparison sees an unchanged box as unchanged.
  const [lx, ly, lz, planar] = useStore(
    store,
    useShallow((s) => {
      const size = s.scene.size;
      return [size[0], size[1], size[2], s.scene.planar] as const;
    }),
  );
  return (
    <Canvas
      className="sandbox-canvas"
      dpr={dpr}
      gl={{ antialias: !plain, preserveDrawingBuffer: testMode, powerPreference: 'high-performance' }}
      camera={{ fov: 40, position: [10, 7, 14], near: 0.05, far: 500 }}
      aria-label={label ?? t('view.canvas')}
      aria-describedby="sandbox-scene-description"
      role="img"
    >
      <ReleaseOnUnmount />
      <ClockDriver />
      <color attach="background" args={[look.background]} />
      <hemisphereLight args={['#dfe9ff', look.ground, 1.1]} />
      <ambientLight intensity={0.15} />
      <directionalLight position={[6, 11, 8]} intensity={2.4} />
      <directionalLight position={[-8, 3, -6]} intensity={0.7} color="#9ab8ff" />
      <BoxFrame size={[lx, ly, lz]} planar={planar} />
      <SphereProbeContext value={probe}>
        <Spheres preview={preview} />
      </SphereProbeContext>
      <SelectionMarker preview={preview} />
      <SelectionRings />
      <DragEditor preview={preview} />
      <BuildPlane />
      <MeasuringTape />
      <VisualAids />
      <PredictLabels covered={covered} />
      <BuiltLabels covered={covered} />
      <TwinSpheres />
      <FaultHandlers dpr={dpr} />
      {/* Under reduced motion the camera stops where it is let go (no gliding). */}
      <CameraControls damping={!testMode && !reducedMotion} covered={covered} placed={cameraPosition !== null} probe={framing} />
      {/* After the controls, so that a given position overrides the home view. */}
      {cameraPosition && <CameraPlacement position={cameraPosition} />}
      {probe && framing && install && <ViewProbe probe={probe} framing={framing} coverRoot={coverRoot} install={install} />}
      {children}
      {onFirstFrames && <ReadySignal ready={onFirstFrames} />}
      <DrawWhenVisible probe={probe} />
    </Canvas>
  );
}
