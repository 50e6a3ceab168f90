/**
 * The measuring tape in the view (instruments/tape.ts places its ends; the store's `tape` holds
 * them): a line between the two ends, a round marker on each end (a fixed size on screen, drawn
 * over the spheres, since an end sits inside its sphere) and the distance beside the line's middle
 * ("0.412 m"). The line and markers follow the drawn spheres every frame without a React render:
 * the line's two points are written into one reused Float32Array. The label is an HTML element
 * over the canvas, moved only when it moves by a pixel; its text changes when the store publishes
 * a sample or the ends change, not per frame.
 *
 * While the tape is shown and picks ("Clicks in the view set the ends"), a click or tap in the
 * view sets its next end: the sphere it lands on, else the wall it lands on (a sphere whose
 * surface is within a few pixels of that spot wins), or with Shift the spot itself. In a planar
 * world the slab's faces are no ends: a click away from the spheres and the side walls fixes a
 * point in the plane. Caught in the
 * capture phase on the canvas's container, so that the click selects no sphere and places none in
 * build mode; a press that turns the camera (moves more than a few pixels) is no click.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import { Raycaster, Vector2, Vector3, type LineSegments, type Mesh, type PerspectiveCamera } from 'three';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { pickPoint, snapPoint, tapeEnds, tapeLength } from '../instruments/index.ts';
import { formatFixed } from '../i18n/index.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { placeLabel } from './place-label.ts';
import { SCENE_THEMES } from './theme.ts';

/** Radius of an end marker on screen, CSS pixels. */
const MARKER_PIXELS = 6;
/** How near (CSS pixels) a click must land to a sphere's outline to snap to it. */
const SNAP_PIXELS = 10;
/** Pointer travel, CSS pixels, above which a press is a camera turn, not a click. */
const CLICK_SLOP = 5;
/** Gap between the line's middle and the label, CSS pixels. */
const LABEL_GAP = 10;

/** World size of `pixels` screen pixels at `distance` from a perspective camera of a view `height` pixels high. */
function worldPerPixels(camera: PerspectiveCamera, distance: number, height: number, pixels: number): number {
  return (2 * distance * Math.tan((camera.fov * Math.PI) / 360) * pixels) / Math.max(height, 1);
}

/** Module scratch for the frame loop (written each frame, never allocated there). */
const mid = new Vector3();
const endAt = new Vector3();

/** The tape's line, end markers and distance label, and its clicks in the view. */
export function MeasuringTape() {
  const store = useSandboxStore();
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const canvas = useThree((s) => s.gl.domElement);
  const [on, picking, theme] = useStore(store, useShallow((s) => [s.tape.on, s.tape.picking, s.theme] as const));
  const look = SCENE_THEMES[theme];
  const markerA = useRef<Mesh>(null);
  const markerB = useRef<Mesh>(null);
  const label = useRef<HTMLElement | null>(null);
  // The ends (x y z twice), the label's last x y, and whether its text is due.
  const scratch = useRef({ ends: new Float64Array(6), last: new Float64Array(2).fill(NaN), textDue: true });

  const lineRef = useRef<LineSegments>(null);
  // The line's two points' buffer, made once and rewritten in place each frame.
  const [points] = useState(() => new Float32Array(6));

  // The distance label: made while the tape is shown.
  useEffect(() => {
    const parent = canvas.parentElement;
    if (!on || !parent) return;
    const el = document.createElement('span');
    el.className = 'tape-label';
    el.dataset.tapeLabel = '';
    // The panel's Tape tool reads the same distance to screen readers.
    el.setAttribute('aria-hidden', 'true');
    el.style.visibility = 'hidden';
    el.style.borderColor = look.tape;
    parent.append(el);
    label.current = el;
    scratch.current.last.fill(NaN);
    scratch.current.textDue = true;
    return () => {
      label.current = null;
      el.remove();
    };
  }, [on, canvas, look]);

  // The label's text is rewritten at each published sample and when the ends or the language change.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.stats !== prev.stats || s.tape !== prev.tape || s.locale !== prev.locale) scratch.current.textDue = true;
      }),
    [store],
  );

  // Clicks in the view set the ends while the tape picks.
  useEffect(() => {
    const host = canvas.parentElement;
    if (!on || !picking || !host) return;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    let downX = NaN;
    let downY = NaN;
    const onDown = (event: PointerEvent): void => {
      downX = event.clientX;
      downY = event.clientY;
    };
    const onClick = (event: MouseEvent): void => {
      if (event.button !== 0 || event.altKey) return;
      // A press that turned the camera is not a click on the tape.
      if (Math.hypot(event.clientX - downX, event.clientY - downY) > CLICK_SLOP) return;
      event.stopPropagation();
      const rect = canvas.getBoundingClientRect();
      ndc.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const { origin, direction } = raycaster.ray;
      const s = store.getState();
      const world = s.sim.world;
      const point = pickPoint([origin.x, origin.y, origin.z], [direction.x, direction.y, direction.z], world);
      if (point === null) return;
      const planar = world.options.planar;
      if (event.shiftKey) {
        s.tapeClick({ kind: 'point', at: [point[0], point[1], planar ? 0 : point[2]] });
        return;
      }
      const distance = Math.hypot(point[0] - origin.x, point[1] - origin.y, point[2] - origin.z);
      s.tapeClick(snapPoint(point, world, worldPerPixels(camera, distance, canvas.clientHeight, SNAP_PIXELS), planar));
    };
    host.classList.add('tape-picking');
    host.addEventListener('pointerdown', onDown, true);
    host.addEventListener('click', onClick, true);
    return () => {
      host.classList.remove('tape-picking');
      host.removeEventListener('pointerdown', onDown, true);
      host.removeEventListener('click', onClick, true);
    };
  }, [on, picking, store, camera, canvas]);

  useFrame(({ size }) => {
    const a = markerA.current;
    const b = markerB.current;
    const line = lineRef.current;
    const el = label.current;
    if (!a || !b || !line) return;
    const s = store.getState();
    const { ends, last } = scratch.current;
    const shown = s.tape.on && tapeEnds(s.tape.from, s.tape.to, s.sim.world, s.sim, s.sim.alpha, ends);
    line.visible = shown;
    a.visible = shown;
    b.visible = shown;
    if (!shown) {
      if (el && !Number.isNaN(last[0])) {
        el.style.visibility = 'hidden';
        last[0] = NaN;
      }
      return;
    }
    // Into the line's own Float32Array (made once with the line).
    const attribute = line.geometry.getAttribute('position');
    attribute.setXYZ(0, ends[0], ends[1], ends[2]);
    attribute.setXYZ(1, ends[3], ends[4], ends[5]);
    attribute.needsUpdate = true;
    a.position.set(ends[0], ends[1], ends[2]);
    b.position.set(ends[3], ends[4], ends[5]);
    scaleMarker(a, camera, size.height);
    scaleMarker(b, camera, size.height);
    if (!el) return;
    if (scratch.current.textDue) {
      scratch.current.textDue = false;
      el.textContent = `${formatFixed(s.locale, tapeLength(ends), 3)} m`;
    }
    // Beside the line's middle: to its right and below, unless the middle is behind the camera.
    mid.set((ends[0] + ends[3]) / 2, (ends[1] + ends[4]) / 2, (ends[2] + ends[5]) / 2);
    endAt.copy(mid).project(camera);
    const visible = endAt.z < 1;
    const x = Math.round(((endAt.x + 1) / 2) * size.width + LABEL_GAP);
    const y = Math.round(((1 - endAt.y) / 2) * size.height + LABEL_GAP);
    if (!visible) {
      if (!Number.isNaN(last[0])) el.style.visibility = 'hidden';
      last[0] = NaN;
      return;
    }
    if (last[0] === x && last[1] === y) return;
    if (Number.isNaN(last[0])) el.style.visibility = 'visible';
    last[0] = x;
    last[1] = y;
    placeLabel(el, x, y);
  });

  return (
    <>
      <lineSegments ref={lineRef} visible={false} raycast={() => null} frustumCulled={false} name="measuring-tape" renderOrder={3}>
        <bufferGeometry>
          <bufferAttribute attach="attributes-position" args={[points, 3]} />
        </bufferGeometry>
        <lineBasicMaterial color={look.tape} depthTest={false} transparent />
      </lineSegments>
      <mesh ref={markerA} visible={false} raycast={() => null} name="tape-end-from" renderOrder={3}>
        <sphereGeometry args={[1, 16, 10]} />
        <meshBasicMaterial color={look.tape} depthTest={false} transparent />
      </mesh>
      <mesh ref={markerB} visible={false} raycast={() => null} name="tape-end-to" renderOrder={3}>
        <sphereGeometry args={[1, 16, 10]} />
        <meshBasicMaterial color={look.tape} depthTest={false} transparent />
      </mesh>
    </>
  );
}

/** Sizes an end marker to {@link MARKER_PIXELS} on screen. */
function scaleMarker(marker: Mesh, camera: PerspectiveCamera, height: number): void {
  const r = worldPerPixels(camera, camera.position.distanceTo(marker.position), height, MARKER_PIXELS);
  marker.scale.set(r, r, r);
}
