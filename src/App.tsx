/**
 * The sandbox app: one store per mounted app (no module-level singleton), the 3D view and the
 * overlay on top of it.
 */
import { useEffect, useState } from 'react';
import { SandboxCanvas } from './scene/SandboxCanvas.tsx';
import { createSandboxStore } from './store/index.ts';
import { Overlay } from './ui/Overlay.tsx';

/** Width from which the settings panel sits beside the view (matches overlay.css). */
const WIDE_LAYOUT_PX = 720;

/** Pixels of the view the overlay covers in the wide layout: the panel (300 + margins), the dock. */
const WIDE_INSETS = { right: 328, bottom: 72 };
const NARROW_INSETS = { right: 0, bottom: 0 };

function useWideLayout(): boolean {
  const query = `(min-width: ${WIDE_LAYOUT_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = (): void => setWide(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

/** The whole page. */
export function App() {
  const [store] = useState(() => createSandboxStore());
  const wide = useWideLayout();
  return (
    <main className="app">
      <SandboxCanvas store={store} insets={wide ? WIDE_INSETS : NARROW_INSETS} />
      <Overlay store={store} />
    </main>
  );
}
