/**
 * What the view does when the browser takes something away: a hidden or frozen tab (the time it
 * was away is not caught up in a burst of steps), and a lost WebGL context (a GPU reset, too many
 * tabs with 3D, a driver update), shown as a visible, announced message until it is restored.
 * Mounted inside the R3F canvas; the message is a plain DOM element next to the canvas (R3F
 * children cannot render DOM), set with textContent only.
 */
import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type { SandboxStore } from '../store/index.ts';

/** The text shown while the WebGL context is lost. */
export const CONTEXT_LOST_MESSAGE = 'The 3D view was interrupted by the browser (graphics context lost). The simulation keeps running; the picture returns when the browser restores it.';

/** Props of {@link FaultHandlers}. */
export interface FaultHandlersProps {
  /** The sandbox store whose simulation is drawn. */
  store: SandboxStore;
}

/** Page visibility and WebGL context-loss handling for the sandbox's canvas. */
export function FaultHandlers({ store }: FaultHandlersProps) {
  const canvas = useThree((s) => s.gl.domElement);

  useEffect(() => {
    // Shown again after being hidden, or resumed after the browser froze the page.
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') store.getState().sim.resumeAfterHidden();
    };
    document.addEventListener('visibilitychange', onVisible);
    document.addEventListener('resume', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      document.removeEventListener('resume', onVisible);
    };
  }, [store]);

  useEffect(() => {
    const host = canvas.parentElement;
    if (!host) return;
    const notice = document.createElement('p');
    notice.className = 'context-lost';
    notice.setAttribute('role', 'alert');
    notice.hidden = true;
    host.appendChild(notice);
    const onLost = (): void => {
      notice.textContent = CONTEXT_LOST_MESSAGE;
      notice.hidden = false;
    };
    const onRestored = (): void => {
      notice.hidden = true;
      notice.textContent = '';
    };
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    return () => {
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      notice.remove();
    };
  }, [canvas]);

  return null;
}
