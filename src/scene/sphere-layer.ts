/**
 * What the two sphere renderers share (the mesh spheres and the impostors): a frame writer that
 * knows the store, the drag preview and, in test mode, the probe; and a hook that sizes the
 * instance buffers from the scene's count, keeps the writer's inputs current, runs its frame
 * callback after the clock, counts the mesh's draw calls for the probe, and selects the sphere
 * that is clicked.
 */
import { useFrame, type ThreeEvent } from '@react-three/fiber';
import { useLayoutEffect, type RefObject } from 'react';
import type { Object3D } from 'three';
import { useStore } from 'zustand';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import type { SandboxStore } from '../store/index.ts';
import { DRAG_MOVE, type DragPreview } from './drag-edit.ts';
import { useSphereProbe, type SphereProbe } from './view-probe.ts';

/** Instance capacity for `count` spheres: the next power of two, at least 256. */
export function instanceCapacity(count: number): number {
  let cap = 256;
  while (cap < count) cap *= 2;
  return cap;
}

/** Simulated seconds a collision flash lasts (brightest at the collision, fading to nothing). */
export const FLASH_SECONDS = 0.18;

/**
 * The inputs of a renderer's frame writer. Its fields are set when the props change, never in
 * the frame loop; the frame loop is one named method of the subclass, which heap profiles of the
 * browser tests can find.
 */
export class SphereLayerWriter {
  preview: DragPreview | undefined = undefined;
  probe: SphereProbe | null = null;
  /** The probe's count of drawn frames when its draw counter last rolled over. */
  private rolledAt = -1;

  constructor(public store: SandboxStore) {}

  /** Takes the inputs that the frame loop reads. */
  configure(store: SandboxStore, preview: DragPreview | undefined, probe: SphereProbe | null): void {
    this.store = store;
    this.preview = preview;
    this.probe = probe;
  }

  /** In test mode, counts the draw calls of `mesh` for the probe (call after configure). */
  countDraws(mesh: Object3D): void {
    const probe = this.probe;
    if (probe === null) return;
    mesh.onBeforeRender = () => {
      probe.draws.current++;
    };
  }

  /** Starts a frame: the probe's draw counter rolls over if the view drew a frame since it last did. */
  protected beginFrame(): void {
    const probe = this.probe;
    if (probe !== null && probe.framesDrawn !== this.rolledAt) {
      probe.draws.lastFrame = probe.draws.current;
      probe.draws.current = 0;
      this.rolledAt = probe.framesDrawn;
    }
  }

  /** Ends a frame that drew `n` spheres (for the probe). */
  protected endFrame(n: number): void {
    if (this.probe) this.probe.draws.instances = n;
  }

  /** Slot of the sphere a drag is moving, if it is among the first `n`, else -1. */
  protected movedSlot(n: number): number {
    const preview = this.preview;
    if (preview === undefined || preview.mode !== DRAG_MOVE) return -1;
    const slot = this.store.getState().sim.world.indexOf(preview.id);
    return slot < n ? slot : -1;
  }
}

/** What {@link useSphereLayer} gives its renderer. */
export interface SphereLayer {
  store: SandboxStore;
  /** Instance capacity for the scene's count. */
  capacity: number;
  /** Selects the clicked sphere (a drag that turned the camera is not a click). */
  onClick(event: ThreeEvent<MouseEvent>): void;
}

/**
 * Runs a renderer's writer: its inputs kept current, its frame callback `write` after the clock,
 * and, in test mode, the draw calls of `object` (the mesh of `capacity`) counted for the probe.
 */
export function useSphereLayer(writer: SphereLayerWriter, write: () => void, object: RefObject<Object3D | null>, preview: DragPreview | undefined): SphereLayer {
  const store = useSandboxStore();
  const probe = useSphereProbe();
  const count = useStore(store, (s) => s.scene.count);
  const capacity = instanceCapacity(count);

  useLayoutEffect(() => {
    writer.configure(store, preview, probe);
  }, [writer, store, preview, probe]);

  useLayoutEffect(() => {
    if (object.current) writer.countDraws(object.current);
  }, [writer, object, probe, capacity]);

  // After the clock (the canvas's ClockDriver runs first): draws what the last steps left.
  useFrame(write);

  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    if (event.delta > 4 || event.instanceId === undefined) return;
    event.stopPropagation();
    const world = store.getState().sim.world;
    if (event.instanceId >= world.count) return;
    const id = world.idAt(event.instanceId);
    const s = store.getState();
    // Shift-click adds a sphere to the selection, or takes it out.
    if (event.nativeEvent.shiftKey) s.selectMany(s.selection.includes(id) ? s.selection.filter((x) => x !== id) : [...s.selection, id]);
    else s.select(id);
  };
  return { store, capacity, onClick };
}
