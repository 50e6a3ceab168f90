/**
 * Build mode in the view: a translucent placing plane at the store's `placeHeight` across the box
 * (the new sphere's bottom rests on it), where a click places a new sphere (the spheres catch their
 * own clicks first, so clicking a sphere selects it, and shift-click adds to the selection); and
 * Alt-drag, caught before the orbit controls, draws a rectangle and selects the spheres whose
 * centres fall inside it. A refused place is told as a notice with its reason.
 */
import { useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect } from 'react';
import { DoubleSide, Vector3, type PerspectiveCamera } from 'three';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';

/** The placing plane and area selection of build mode (nothing when build mode is off). */
export function BuildPlane() {
  const store = useSandboxStore();
  const t = useT();
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const canvas = useThree((s) => s.gl.domElement);
  const [building, height, lx, ly, lz, planar] = useStore(
    store,
    useShallow((s) => [s.building, s.placeHeight, s.scene.size[0], s.scene.size[1], s.scene.size[2], s.scene.planar] as const),
  );

  useEffect(() => {
    const host = canvas.parentElement;
    if (!building || !host) return;
    let pointer = -1;
    let x0 = 0;
    let y0 = 0;
    const rect = document.createElement('div');
    rect.className = 'build-area';
    rect.setAttribute('aria-hidden', 'true');
    const place = (x: number, y: number): void => {
      const r = host.getBoundingClientRect();
      const left = Math.min(x, x0) - r.left;
      const top = Math.min(y, y0) - r.top;
      rect.style.cssText = `position:absolute;left:${left}px;top:${top}px;width:${Math.abs(x - x0)}px;height:${Math.abs(y - y0)}px;border:2px dashed #ffd166;background:rgba(255,209,102,0.12);pointer-events:none`;
    };
    const onDown = (event: PointerEvent): void => {
      if (!event.altKey || event.button !== 0) return;
      event.stopPropagation();
      event.preventDefault();
      pointer = event.pointerId;
      x0 = event.clientX;
      y0 = event.clientY;
      place(x0, y0);
      host.appendChild(rect);
      canvas.setPointerCapture(pointer);
    };
    const onMove = (event: PointerEvent): void => {
      if (event.pointerId === pointer) place(event.clientX, event.clientY);
    };
    const onUp = (event: PointerEvent): void => {
      if (event.pointerId !== pointer) return;
      pointer = -1;
      rect.remove();
      const bounds = canvas.getBoundingClientRect();
      const [ax, bx] = [Math.min(x0, event.clientX), Math.max(x0, event.clientX)];
      const [ay, by] = [Math.min(y0, event.clientY), Math.max(y0, event.clientY)];
      const s = store.getState();
      const world = s.sim.world;
      const p = new Vector3();
      const ids: number[] = [];
      for (let k = 0; k < world.count; k++) {
        p.set(s.sim.positions[3 * k], s.sim.positions[3 * k + 1], s.sim.positions[3 * k + 2]).project(camera);
        const sx = bounds.left + ((p.x + 1) / 2) * bounds.width;
        const sy = bounds.top + ((1 - p.y) / 2) * bounds.height;
        if (p.z < 1 && sx >= ax && sx <= bx && sy >= ay && sy <= by) ids.push(world.idAt(k));
      }
      ids.sort((a, b) => a - b);
      s.selectMany(event.shiftKey ? [...s.selection, ...ids] : ids);
    };
    host.addEventListener('pointerdown', onDown, true);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    return () => {
      rect.remove();
      host.removeEventListener('pointerdown', onDown, true);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
    };
  }, [building, store, camera, canvas]);

  if (!building) return null;
  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    if (event.delta > 4 || event.nativeEvent.altKey) return;
    event.stopPropagation();
    const s = store.getState();
    const template = s.buildTemplate;
    const at: [number, number, number] = planar ? [event.point.x, event.point.y, 0] : [event.point.x, height + template.radius, event.point.z];
    const why = s.buildPlace({ ...template, position: at });
    if (why !== null) s.notify(t('build.refused', { why }));
  };
  // Planar: the plane is the world's own plane z = 0 (facing the camera); else level at the placing height.
  return planar ? (
    <mesh name="build-plane" position={[0, 0, 0]} onClick={onClick}>
      <planeGeometry args={[lx, ly]} />
      <meshBasicMaterial color="#ffd166" transparent opacity={0.12} side={DoubleSide} depthWrite={false} />
    </mesh>
  ) : (
    <mesh name="build-plane" position={[0, Math.max(-ly / 2 + 0.002, height), 0]} rotation={[-Math.PI / 2, 0, 0]} onClick={onClick}>
      <planeGeometry args={[lx, lz]} />
      <meshBasicMaterial color="#ffd166" transparent opacity={0.18} side={DoubleSide} depthWrite={false} />
    </mesh>
  );
}
