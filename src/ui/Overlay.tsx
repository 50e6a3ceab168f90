/**
 * The overlay over the 3D view: title, settings panel, time controls and status line.
 */
import type { SandboxStore } from '../store/index.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { StatusLine } from './StatusLine.tsx';
import { Transport } from './Transport.tsx';

/** Props of {@link Overlay}. */
export interface OverlayProps {
  /** The sandbox store. */
  store: SandboxStore;
}

/** Everything drawn over the canvas. */
export function Overlay({ store }: OverlayProps) {
  return (
    <div className="overlay">
      <header className="brand">
        <h1 className="brand__name">Sphere Sandbox</h1>
        <p className="brand__tagline">Exact, event-driven collisions</p>
      </header>
      <SettingsPanel store={store} />
      <footer className="dock">
        <Transport store={store} />
        <StatusLine store={store} />
      </footer>
    </div>
  );
}
