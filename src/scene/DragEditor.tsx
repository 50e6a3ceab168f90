/**
 * Drag edits in the view while the simulation is paused: drag the selected sphere to move it, or
 * drag the round handle at the tip of its velocity arrow to set its velocity. A drag that starts
 * anywhere else turns the camera as usual. While the measuring tape picks its ends, no drag starts.
 *
 * The pointer is caught in the capture phase on the canvas's container, before the orbit
 * controls and the scene's click handling see it, and only when it lands on the selected sphere
 * or the handle. During the drag only the shared {@link DragPreview} changes (drawn by the
 * spheres and the selection marker); on release the store applies one edit, which repairs any
 * overlap and is recorded for restarts and shared links. Escape or a cancelled pointer drops the
 * drag without an edit.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Raycaster, Vector2, type Mesh, type PerspectiveCamera } from 'three';
import {
  arrowTip,
  clampCentre,
  DRAG_MOVE,
  DRAG_NONE,
  DRAG_VELOCITY,
  editedVelocity,
  isPredicting,
  rayPlane,
  raySphere,
  velocityFromTip,
  type DragPreview,
} from './drag-edit.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { translator } from '../i18n/index.ts';

/** Props of {@link DragEditor}. */
export interface DragEditorProps {
  /** The drag preview shared with the components that draw it. */
  preview: DragPreview;
}

/** Radius of the velocity handle on screen, CSS pixels. */
const HANDLE_PIXELS = 9;
/** Pointer travel, CSS pixels, below which a press on the sphere is a click, not a move. */
const CLICK_SLOP = 3;

/** World size of `pixels` screen pixels at `distance` from a perspective camera of a view `height` pixels high. */
function worldPerPixels(camera: PerspectiveCamera, distance: number, height: number, pixels: number): number {
  return (2 * distance * Math.tan((camera.fov * Math.PI) / 360) * pixels) / Math.max(height, 1);
}

/** The drag handling and the velocity handle of the selected sphere. */
export function DragEditor({ preview }: DragEditorProps) {
  const store = useSandboxStore();
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const canvas = useThree((s) => s.gl.domElement);
  const handleRef = useRef<Mesh>(null);
  // Scratch for the frame loop (never allocated there).
  const scratch = useRef({ centre: new Float64Array(3), tip: new Float64Array(3), velocity: new Float64Array(3) });

  useEffect(() => {
    const host = canvas.parentElement;
    if (!host) return;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const origin = new Float64Array(3);
    const dir = new Float64Array(3);
    const centre = new Float64Array(3);
    const tip = new Float64Array(3);
    const planePoint = new Float64Array(3);
    const normal = new Float64Array(3);
    const hit = new Float64Array(3);
    const offset = new Float64Array(3);
    const edited = new Float64Array(3);
    let pointer = -1;
    let radius = 0;
    let downX = 0;
    let downY = 0;
    let moved = false;
    let swallowClick = false;

    const castRay = (event: PointerEvent): void => {
      const rect = canvas.getBoundingClientRect();
      ndc.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const { origin: o, direction: d } = raycaster.ray;
      origin[0] = o.x;
      origin[1] = o.y;
      origin[2] = o.z;
      dir[0] = d.x;
      dir[1] = d.y;
      dir[2] = d.z;
    };

    /** What the pointer is over: DRAG_VELOCITY for the handle, DRAG_MOVE for the selected sphere, else DRAG_NONE. Fills centre, tip, radius. */
    const target = (event: PointerEvent): number => {
      const s = store.getState();
      // While the measuring tape picks its ends, a press on a sphere is the tape's click.
      if (s.running || s.selected === null || (s.tape.on && s.tape.picking)) return DRAG_NONE;
      const sim = s.sim;
      const slot = sim.world.indexOf(s.selected);
      if (slot < 0) return DRAG_NONE;
      for (let k = 0; k < 3; k++) centre[k] = sim.positions[3 * slot + k];
      radius = sim.radii[slot];
      castRay(event);
      if (sim.masses[slot] !== Infinity) {
        arrowTip(centre, radius, editedVelocity(s, slot, s.selected, edited), tip);
        const distance = Math.hypot(tip[0] - origin[0], tip[1] - origin[1], tip[2] - origin[2]);
        const grab = worldPerPixels(camera, distance, canvas.clientHeight, HANDLE_PIXELS + 3);
        if (raySphere(origin, dir, tip, grab) >= 0) return DRAG_VELOCITY;
      }
      // While a prediction is made the spheres stay where they are; only the arrows move.
      if (isPredicting(s, s.selected)) return DRAG_NONE;
      return raySphere(origin, dir, centre, radius) >= 0 ? DRAG_MOVE : DRAG_NONE;
    };

    /** The drag plane: z = 0 in the planar mode, else facing the camera through `through`. */
    const setPlane = (through: Float64Array, planar: boolean): void => {
      planePoint.set(through);
      if (planar) {
        normal[0] = 0;
        normal[1] = 0;
        normal[2] = 1;
      } else {
        normal[0] = -dir[0];
        normal[1] = -dir[1];
        normal[2] = -dir[2];
      }
    };

    const pointOnPlane = (): boolean => {
      const t = rayPlane(origin, dir, planePoint, normal);
      if (t < 0) return false;
      for (let k = 0; k < 3; k++) hit[k] = origin[k] + t * dir[k];
      return true;
    };

    const end = (apply: boolean): void => {
      if (pointer >= 0 && canvas.hasPointerCapture(pointer)) canvas.releasePointerCapture(pointer);
      pointer = -1;
      const mode = preview.mode;
      preview.mode = DRAG_NONE;
      canvas.style.cursor = '';
      window.removeEventListener('keydown', onKey, true);
      if (!apply || !moved || mode === DRAG_NONE) return;
      const s = store.getState();
      const p = preview.position;
      const v = preview.velocity;
      if (mode === DRAG_VELOCITY && isPredicting(s, preview.id)) {
        const refused = s.setPrediction(s.predict.ids.indexOf(preview.id), [v[0], v[1], v[2]]);
        if (refused !== null) s.notify(refused);
        return;
      }
      const message =
        mode === DRAG_MOVE ? s.editSphere(preview.id, { position: [p[0], p[1], p[2]] }) : s.editSphere(preview.id, { velocity: [v[0], v[1], v[2]] });
      if (message !== null) s.notify(translator(s.locale)('view.dragRefused', { id: String(preview.id), message }));
    };

    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && pointer >= 0) {
        event.stopPropagation();
        end(false);
      }
    };

    const onDown = (event: PointerEvent): void => {
      swallowClick = false;
      if (event.button !== 0 || pointer >= 0) return;
      const mode = target(event);
      if (mode === DRAG_NONE) return;
      // Ours: neither the orbit controls nor the scene's click handling see this press.
      event.stopPropagation();
      event.preventDefault();
      const s = store.getState();
      const sim = s.sim;
      const slot = sim.world.indexOf(s.selected as number);
      const planar = sim.world.options.planar;
      preview.id = s.selected as number;
      preview.position.set(centre);
      preview.velocity.set(editedVelocity(s, slot, s.selected as number, edited));
      setPlane(mode === DRAG_VELOCITY ? tip : centre, planar);
      if (mode === DRAG_MOVE) {
        if (!pointOnPlane()) return;
        for (let k = 0; k < 3; k++) offset[k] = hit[k] - centre[k];
      }
      preview.mode = mode;
      pointer = event.pointerId;
      downX = event.clientX;
      downY = event.clientY;
      moved = false;
      swallowClick = true;
      canvas.setPointerCapture(pointer);
      canvas.style.cursor = 'grabbing';
      window.addEventListener('keydown', onKey, true);
    };

    const onMove = (event: PointerEvent): void => {
      if (pointer < 0) {
        // Hover: show that the selected sphere and its handle can be dragged.
        if (event.buttons === 0) canvas.style.cursor = target(event) === DRAG_NONE ? '' : 'grab';
        return;
      }
      if (event.pointerId !== pointer) return;
      if (!moved && Math.hypot(event.clientX - downX, event.clientY - downY) < CLICK_SLOP) return;
      moved = true;
      castRay(event);
      if (!pointOnPlane()) return;
      const world = store.getState().sim.world;
      if (preview.mode === DRAG_MOVE) {
        for (let k = 0; k < 3; k++) hit[k] -= offset[k];
        clampCentre(hit, radius, world.boundsView, world.options.planar, preview.position);
      } else {
        velocityFromTip(centre, radius, hit, world.options.planar, preview.velocity);
      }
    };

    const onUp = (event: PointerEvent): void => {
      if (event.pointerId === pointer) end(true);
    };
    const onCancel = (event: PointerEvent): void => {
      if (event.pointerId === pointer) end(false);
    };
    const onClick = (event: MouseEvent): void => {
      // The click that ends a drag is not a click on whatever sphere lies under the pointer.
      if (swallowClick) {
        swallowClick = false;
        event.stopPropagation();
      }
    };

    host.addEventListener('pointerdown', onDown, true);
    host.addEventListener('click', onClick, true);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('pointercancel', onCancel);
    return () => {
      end(false);
      host.removeEventListener('pointerdown', onDown, true);
      host.removeEventListener('click', onClick, true);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onCancel);
    };
  }, [store, preview, camera, canvas]);

  // The handle sits at the arrow's tip while paused, a fixed size on screen.
  useFrame(() => {
    const handle = handleRef.current;
    if (!handle) return;
    const s = store.getState();
    const slot = s.running || s.selected === null ? -1 : s.sim.world.indexOf(s.selected);
    handle.visible = slot >= 0 && s.sim.masses[slot] !== Infinity;
    if (!handle.visible) return;
    const { centre, tip, velocity } = scratch.current;
    const sim = s.sim;
    const dragging = preview.mode !== DRAG_NONE && preview.id === s.selected;
    editedVelocity(s, slot, s.selected as number, velocity);
    for (let k = 0; k < 3; k++) {
      centre[k] = dragging && preview.mode === DRAG_MOVE ? preview.position[k] : sim.positions[3 * slot + k];
      if (dragging && preview.mode === DRAG_VELOCITY) velocity[k] = preview.velocity[k];
    }
    arrowTip(centre, sim.radii[slot], velocity, tip);
    handle.position.set(tip[0], tip[1], tip[2]);
    const distance = camera.position.distanceTo(handle.position);
    const r = worldPerPixels(camera, distance, canvas.clientHeight, HANDLE_PIXELS);
    handle.scale.set(r, r, r);
  });

  return (
    <mesh ref={handleRef} visible={false} raycast={() => null} name="velocity-handle" renderOrder={2}>
      <sphereGeometry args={[1, 16, 10]} />
      <meshBasicMaterial color="#ffd166" depthTest={false} transparent opacity={0.95} />
    </mesh>
  );
}
