/**
 * Orbit controls (rotate, zoom, pan) around the box centre, and the framing: the camera goes home
 * (the home direction, the box filling the part of the view no panel covers) on mount and whenever
 * the store's view version changes (the reset-view button, a new box); when the covered part
 * changes (a panel opens, closes or grows, large text, a resize) the box is framed again from the
 * direction the camera looks now.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Spherical, Vector3, type PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { useStore } from 'zustand';
import { frameBox, framingGain, freeRect, homeDirection, type PixelRect } from './camera-home.ts';
import type { FramingProbe } from './view-probe.ts';
import { coveredKey as keyOf } from './use-covered-rects.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { isTyping } from '../hooks/keys.ts';

/** Props of {@link CameraControls}. */
export interface CameraControlsProps {
  /** Smooth the camera's motion after a drag. @defaultValue true */
  damping?: boolean;
  /** Parts of the view the overlay covers, in canvas pixels: the box is framed clear of them. @defaultValue none */
  covered?: readonly PixelRect[];
  /** The camera is placed by the page (a `cameraPosition`): framed only when the view is reset, then placed again. @defaultValue false */
  placed?: boolean;
  /** Test mode's record of what the framing last decided for. @defaultValue none */
  probe?: FramingProbe | null;
}

const NOTHING: readonly PixelRect[] = [];

/**
 * The box is framed again when the new free part of the view would draw it more than this factor
 * larger than the part it was last framed for (the ratio of the fitting distances, not of the
 * areas: closing the classroom panel gives a long box half as much room again in width, while the
 * free part's area, losing the rows beside the panel's toggle, grows by less than a fifth).
 */
const REFIT_GAIN = 1.1;

/**
 * For this many rendered frames after the box is framed home, a change of the free part completes
 * the home framing instead of counting as a small change: the panels are measured a frame or two
 * after the change that framed home (a new experiment resizes the lesson's panel, large text
 * resizes them all), and the home view is the one for the panels as they end up.
 */
const HOME_SETTLE_FRAMES = 6;

/** Scratch for projecting the box's corners (layout changes only, never per frame). */
const corner = new Vector3();

/** Whether every corner of the box of `size`, seen by `camera`, falls inside `rect` (canvas pixels). */
function cornersInside(camera: PerspectiveCamera, size: readonly number[], width: number, height: number, rect: PixelRect): boolean {
  camera.updateMatrixWorld();
  for (let k = 0; k < 8; k++) {
    corner.set((k & 1 ? 0.5 : -0.5) * size[0], (k & 2 ? 0.5 : -0.5) * size[1], (k & 4 ? 0.5 : -0.5) * size[2]).project(camera);
    const x = ((corner.x + 1) / 2) * width;
    const y = ((1 - corner.y) / 2) * height;
    if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return false;
  }
  return true;
}

/** Orbit controls bound to the canvas, with a home view that frames the box. */
export function CameraControls({ damping = true, covered = NOTHING, placed = false, probe = null }: CameraControlsProps) {
  const store = useSandboxStore();
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const domElement = useThree((s) => s.gl.domElement);
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const controlsRef = useRef<OrbitControls | null>(null);
  const viewVersion = useStore(store, (s) => s.viewVersion);
  const coveredKey = keyOf(covered);
  const framedFor = useRef<{ viewVersion: number; rectKey: string; rect: PixelRect | null; homeFrame: number }>({ viewVersion: -1, rectKey: '', rect: null, homeFrame: -Infinity });

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

  // The keyboard: A and D orbit left and right, W and S up and down, + and - zoom in and out.
  useEffect(() => {
    const offset = new Vector3();
    const spherical = new Spherical();
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const controls = controlsRef.current;
      if (controls === null) return;
      const key = event.key.toLowerCase();
      const turn = key === 'a' ? [-1, 0] : key === 'd' ? [1, 0] : key === 'w' ? [0, -1] : key === 's' ? [0, 1] : null;
      const zoom = key === '+' || key === '=' ? 1 / 1.15 : key === '-' ? 1.15 : 1;
      if (turn === null && zoom === 1) return;
      event.preventDefault();
      offset.copy(camera.position).sub(controls.target);
      spherical.setFromVector3(offset);
      if (turn !== null) {
        spherical.theta += (turn[0] * Math.PI) / 24;
        spherical.phi = Math.min(Math.PI - 0.05, Math.max(0.05, spherical.phi + (turn[1] * Math.PI) / 24));
      }
      spherical.radius = Math.min(controls.maxDistance, Math.max(controls.minDistance, spherical.radius * zoom));
      offset.setFromSpherical(spherical);
      camera.position.copy(controls.target).add(offset);
      controls.update();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [camera]);

  // Home on a new view version; otherwise, when the free part of the view has changed, the same
  // direction framed for it. The free part is chosen for the home direction, so that turning the
  // camera, or a panel changing in a way that leaves the free part as it was, moves nothing.
  useLayoutEffect(() => {
    if (width < 1 || height < 1) return;
    probe?.record(viewVersion, coveredKey, width, height);
    const { sim } = store.getState();
    // The frame: every wall stays within it, so a box a piston widens or shifts stays in view.
    const size = sim.world.options.size;
    const planar = sim.world.options.planar;
    const frame = sim.framesRendered;
    const newView = framedFor.current.viewVersion !== viewVersion;
    const toward = homeDirection(planar);
    const rect = freeRect(width, height, covered, size, toward, camera.fov);
    const rectKey = keyOf([rect]);
    if (!newView && (placed || rectKey === framedFor.current.rectKey)) return;
    const home = newView || frame - framedFor.current.homeFrame <= HOME_SETTLE_FRAMES;
    // A small change (a status line wrapping differently) leaves the camera alone as long as the
    // box stays clear and the new free part would not draw it much larger.
    const last = framedFor.current.rect;
    if (!home && last && framingGain(size, toward, camera.fov, height, last, rect) < REFIT_GAIN && cornersInside(camera, size, width, height, rect)) return;
    framedFor.current = { viewVersion, rectKey, rect, homeFrame: newView ? frame : framedFor.current.homeFrame };
    const controls = controlsRef.current;
    let direction = toward;
    if (!home) {
      const t = controls?.target;
      const x = camera.position.x - (t?.x ?? 0);
      const y = camera.position.y - (t?.y ?? 0);
      const z = camera.position.z - (t?.z ?? 0);
      const n = Math.hypot(x, y, z);
      if (n > 1e-9) direction = [x / n, y / n, z / n];
    }
    frameBox(camera, size, direction, width, height, rect);
    if (controls) {
      const distance = camera.position.length();
      controls.target.set(0, 0, 0);
      controls.minDistance = distance * 0.15;
      controls.maxDistance = distance * 4;
      controls.update();
    }
    // `covered` is read through its key: an equal measurement does not move the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera, store, viewVersion, width, height, coveredKey, placed, probe]);

  useFrame(() => {
    controlsRef.current?.update();
  });

  return null;
}
