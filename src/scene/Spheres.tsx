/**
 * Chooses how the spheres are drawn: sphere meshes (one instanced mesh) up to
 * {@link IMPOSTOR_THRESHOLD} spheres, screen-space impostors (one quad a sphere) above it. Both
 * draw every sphere in one draw call; the impostors cost two triangles a sphere whatever its size
 * on screen.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { DragPreview } from './drag-edit.ts';
import { UpdateTiming } from './frame-timing.ts';
import { ImpostorSpheres } from './ImpostorSpheres.tsx';
import { InstancedSpheres, type DrawCounter } from './InstancedSpheres.tsx';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** Above this many spheres they are drawn as impostors. */
export const IMPOSTOR_THRESHOLD = 4096;

/** How the spheres are drawn. */
export type SphereRenderer = 'mesh' | 'impostor';

/** A renderer, or `auto`: chosen by the count (see {@link chooseSphereRenderer}). */
export type SphereRendererChoice = SphereRenderer | 'auto';

/** The renderer for `count` spheres: `choice` itself unless it is `auto`. */
export function chooseSphereRenderer(count: number, choice: SphereRendererChoice = 'auto'): SphereRenderer {
  if (choice !== 'auto') return choice;
  return count > IMPOSTOR_THRESHOLD ? 'impostor' : 'mesh';
}

/** The test hook's handle on the sphere renderers: which one is drawing, its update timing, and a switch. */
export class SphereProbe {
  /** The renderer drawing now. */
  renderer: SphereRenderer = 'mesh';
  /** Timing of the per-frame instance update. */
  readonly timing = new UpdateTiming();
  private force: (choice: SphereRendererChoice) => void = () => undefined;
  private show: (drawn: boolean) => void = () => undefined;

  /** Forces a renderer (or back to `auto`). */
  choose(choice: SphereRendererChoice): void {
    this.force(choice);
  }

  /**
   * Whether the spheres are drawn: when not, the frame loop still writes their instances (for
   * timing the update where drawing them would take too long, as with 100,000 sphere meshes on
   * a software renderer).
   */
  setDrawn(drawn: boolean): void {
    this.show(drawn);
  }

  /** Called by {@link Spheres} with the renderer it draws with and its switches. */
  attach(renderer: SphereRenderer, force: (choice: SphereRendererChoice) => void, show: (drawn: boolean) => void): void {
    this.renderer = renderer;
    this.force = force;
    this.show = show;
  }
}

/** Props of {@link Spheres}. */
export interface SpheresProps {
  /** Optional draw-call counter for the test hook. @defaultValue none */
  drawsRef?: RefObject<DrawCounter>;
  /** A drag under way. @defaultValue none */
  preview?: DragPreview;
  /** Optional test handle (timing and a renderer switch). @defaultValue none */
  probe?: SphereProbe;
}

/** The spheres, as meshes or impostors by count. */
export function Spheres({ drawsRef, preview, probe }: SpheresProps) {
  const store = useSandboxStore();
  const count = useStore(store, (s) => s.scene.count);
  const [choice, setChoice] = useState<SphereRendererChoice>('auto');
  const renderer = chooseSphereRenderer(count, choice);
  const [drawn, setDrawn] = useState(true);
  useLayoutEffect(() => {
    probe?.attach(renderer, setChoice, setDrawn);
  }, [probe, renderer]);
  const Renderer = renderer === 'impostor' ? ImpostorSpheres : InstancedSpheres;
  return <Renderer drawsRef={drawsRef} preview={preview} timing={probe?.timing} visible={drawn} />;
}
