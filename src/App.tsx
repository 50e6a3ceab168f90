/**
 * The sandbox app: one store per mounted app (no module-level singleton), the 3D view and the
 * overlay on top of it.
 */
import { useState } from 'react';
import { SandboxCanvas } from './scene/SandboxCanvas.tsx';
import { createSandboxStore } from './store/index.ts';
import { Overlay } from './ui/Overlay.tsx';

/** The whole page. */
export function App() {
  const [store] = useState(() => createSandboxStore());
  return (
    <main className="app">
      <SandboxCanvas store={store} />
      <Overlay store={store} />
    </main>
  );
}
