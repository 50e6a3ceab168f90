/**
 * Orbit controls (rotate, zoom, pan) around the box centre, and the home view: the camera goes
 * home on mount and whenever the store's view version changes (the reset-view button, a new box).
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';
import { placeHomeCamera } from './camera-home.ts';

/** Props of {@link CameraControls}. */
export interface CameraControlsProps {
  /** The sandbox store (its view version and box size). */
  store: SandboxStore;
  /** Smooth the camera's motion after a drag. @defaultValue true */
  damping?: boolean;
  /**
   * Pixels of the view covered by the overlay on the left, on the right and at the bottom: the
   * picture is shifted so that the box centre sits in the middle of the free part. @defaultValue none
   */
  insets?: { left?: number; right: number; bottom: number };
}

const NO_INSETS = { left: 0, right: 0, bottom: 0 };

/** Orbit controls bound to the canvas, with a home view that frames the box. */
export function CameraControls({ store, damping = true, insets = NO_INSETS }: CameraControlsProps) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const domElement = useThree((s) => s.gl.domElement);
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const { right, bottom } = insets;
  const left = insets.left ?? 0;
  const freeWidth = Math.max(width - right - left, width * 0.4);
  // The shift of the picture's centre: half the difference of the side insets, scaled down when
  // the free part was clamped.
  const sideScale = right + left > 0 ? (width - freeWidth) / (right + left) : 0;
  const shiftX = ((right - left) / 2) * sideScale;
  const freeHeight = Math.max(height - bottom, height * 0.6);
  const freeAspect = freeWidth / Math.max(freeHeight, 1);
  const controlsRef = useRef<OrbitControls | null>(null);
  const viewVersion = useStore(store, (s) => s.viewVersion);

  useEffect(() => {
    const controls = new OrbitControls(camera, domElement);
    controls.enableDamping = damping;
    controls.dampingFactor = 0.12;
    controls.rotateSpeed = 0.8;
    controls.zoomSpeed = 0.9;
    controlsRef.current = controls;
    return () => {
      controls.dispose();
      controlsRef.current = null;
    };
  }, [camera, domElement, damping]);

  useLayoutEffect(() => {
    const dy = (height - freeHeight) / 2;
    if (shiftX !== 0 || dy > 0) camera.setViewOffset(width, height, shiftX, dy, width, height);
    else camera.clearViewOffset();
  }, [camera, width, height, shiftX, freeHeight]);

  useEffect(() => {
    const { sim } = store.getState();
    placeHomeCamera(camera, sim.world.size, sim.world.options.planar, freeAspect);
    const controls = controlsRef.current;
    if (controls) {
      const distance = camera.position.length();
      controls.target.set(0, 0, 0);
      controls.minDistance = distance * 0.15;
      controls.maxDistance = distance * 4;
      controls.update();
    }
    // The home view is taken again only when asked (viewVersion), not on every resize.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera, store, viewVersion]);

  useFrame(() => {
    controlsRef.current?.update();
  });

  return null;
}
