/**
 * The labels a teacher gives to a built scene's spheres ("Cart A"), beside them in the view.
 * Hidden from screen readers: the inspector and the scene's description read the same names.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { SphereLabels } from './SphereLabels.tsx';
import type { PixelRect } from './camera-home.ts';

/** The built spheres' labels (sphere k of the built scene has id k). */
export function BuiltLabels({ covered }: { covered?: readonly PixelRect[] }) {
  const store = useSandboxStore();
  const built = useStore(store, (s) => s.built);
  const labels = useMemo(() => {
    const out: { id: number; text: string }[] = [];
    built?.spheres.forEach((sphere, id) => {
      const text = sphere.label?.trim();
      if (text) out.push({ id, text });
    });
    return out;
  }, [built]);
  return <SphereLabels labels={labels} covered={covered} />;
}
