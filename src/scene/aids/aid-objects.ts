/**
 * What the visual aids share: freeing an aid's GPU objects when it unmounts.
 */
import { useEffect } from 'react';
import type { Object3D, Mesh } from 'three';

/** Frees the GPU side of an object's geometries and materials. */
export function disposeTree(root: Object3D): void {
  root.traverse((o) => {
    const m = o as Mesh;
    if (m.geometry) m.geometry.dispose();
    if (m.material) (Array.isArray(m.material) ? m.material : [m.material]).forEach((x) => x.dispose());
  });
}

/** Frees `object`'s GPU objects when the component unmounts (or the object is replaced). */
export function useDisposeOnUnmount(object: Object3D): void {
  useEffect(() => () => disposeTree(object), [object]);
}
