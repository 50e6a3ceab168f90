/**
 * Chooses how the spheres are drawn: sphere meshes (one instanced mesh) up to
 * {@link IMPOSTOR_THRESHOLD} spheres, screen-space impostors (one quad a sphere) above it. Both
 * draw every sphere in one draw call; the impostors cost two triangles a sphere whatever its size
 * on screen.
 */

import { useLayoutEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { DragPreview } from './drag-edit.ts';
import { ImpostorSpheres } from './ImpostorSpheres.tsx';
import { InstancedSpheres } from './InstancedSpheres.tsx';
import { useSphereProbe, type SphereRenderer, type SphereRendererChoice } from './view-probe.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** Above this many spheres they are drawn as impostors. */
export const IMPOSTOR_THRESHOLD = 4096;

/** The renderer for `count` spheres: `choice` itself unless it is `auto`. */
export function chooseSphereRenderer(count: number, choice: SphereRendererChoice = 'auto'): SphereRenderer {
  if (choice !== 'auto') return choice;
  return count > IMPOSTOR_THRESHOLD ? 'impostor' : 'mesh';
}

/** Props of {@link Spheres}. */
export interface SpheresProps {
  /** A drag under way. @defaultValue none */
  preview?: DragPreview;
}

/** The spheres, as meshes or impostors by count. */
export function Spheres({ preview }: SpheresProps) {
  const store = useSandboxStore();
  const probe = useSphereProbe();
  const count = useStore(store, (s) => s.scene.count);
  const [choice, setChoice] = useState<SphereRendererChoice>('auto');
  const renderer = chooseSphereRenderer(count, choice);
  const [drawn, setDrawn] = useState(true);
  useLayoutEffect(() => {
    probe?.attach(renderer, setChoice, setDrawn);
  }, [probe, renderer]);
  const Renderer = renderer === 'impostor' ? ImpostorSpheres : InstancedSpheres;
  return <Renderer preview={preview} visible={drawn} />;
}
