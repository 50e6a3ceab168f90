/**
 * The 3D view: a React Three Fiber canvas with the lights, the box, every sphere in one instanced
 * mesh, the visual aids and orbit controls. It re-renders only when the scene is rebuilt; the frame loop lives in
 * {@link InstancedSpheres}.
 */
import { Canvas } from '@react-three/fiber';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { SandboxStore } from '../store/index.ts';
import { BoxFrame } from './BoxFrame.tsx';
import { CameraControls } from './CameraControls.tsx';
import { FaultHandlers } from './FaultHandlers.tsx';
import { InstancedSpheres, type DrawCounter } from './InstancedSpheres.tsx';
import { SelectionMarker } from './SelectionMarker.tsx';
import { VisualAids } from './VisualAids.tsx';
import { installTestHook, isTestMode } from './test-hook.ts';

/** Background colour of the view (the browser tests count pixels that differ from it). */
export const BACKGROUND = '#0b1020';

/** Props of {@link SandboxCanvas}. */
export interface SandboxCanvasProps {
  /** The sandbox store to draw. */
  store: SandboxStore;
  /** Pixels covered by the overlay on the right and at the bottom; see {@link CameraControls}. @defaultValue none */
  insets?: { left?: number; right: number; bottom: number };
}

/** The sandbox's 3D view. */
export function SandboxCanvas({ store, insets }: SandboxCanvasProps) {
  const [testMode] = useState(() => isTestMode());
  const reducedMotion = useStore(store, (s) => s.reducedMotion);
  const draws = useRef<DrawCounter>({ lastFrame: 0, current: 0, instances: 0 });
  // Primitives only, so that the shallow comparison sees an unchanged box as unchanged.
  const [lx, ly, lz, planar] = useStore(
    store,
    useShallow((s) => {
      const size = s.sim.world.size;
      return [size[0], size[1], size[2], s.sim.world.options.planar] as const;
    }),
  );
  return (
    <Canvas
      className="sandbox-canvas"
      dpr={testMode ? 1 : [1, 2]}
      gl={{ antialias: true, preserveDrawingBuffer: testMode, powerPreference: 'high-performance' }}
      camera={{ fov: 40, position: [10, 7, 14], near: 0.05, far: 500 }}
      onCreated={(state) => {
        if (testMode) installTestHook(store, state.gl, state.camera, draws.current);
      }}
      aria-label="3D view of the spheres in their box. Drag to turn, scroll to zoom, right-drag to pan."
      role="img"
    >
      <color attach="background" args={[BACKGROUND]} />
      <hemisphereLight args={['#dfe9ff', '#1b2033', 1.1]} />
      <ambientLight intensity={0.15} />
      <directionalLight position={[6, 11, 8]} intensity={2.4} />
      <directionalLight position={[-8, 3, -6]} intensity={0.7} color="#9ab8ff" />
      <BoxFrame size={[lx, ly, lz]} planar={planar} />
      <InstancedSpheres store={store} drawsRef={testMode ? draws : undefined} />
      <SelectionMarker store={store} />
      <VisualAids store={store} />
      <FaultHandlers store={store} dpr={testMode ? 1 : [1, 2]} />
      {/* Under reduced motion the camera stops where it is let go (no gliding). */}
      <CameraControls store={store} damping={!testMode && !reducedMotion} insets={insets} />
    </Canvas>
  );
}
