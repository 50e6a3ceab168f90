/**
 * What the view does when the browser changes things under it: a hidden or frozen tab (the time it
 * was away is not caught up in a burst of steps), a device-pixel-ratio change without a resize (the
 * window moved to another screen, browser zoom: the canvas follows), and a lost WebGL context (a
 * GPU reset, too many tabs with 3D, a driver update), shown as a visible, announced message until
 * it is restored.
 * Mounted inside the R3F canvas; the message is a plain DOM element next to the canvas (R3F
 * children cannot render DOM), set with textContent only.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { translator } from '../i18n/index.ts';

/** Props of {@link FaultHandlers}. */
export interface FaultHandlersProps {
  /** The canvas's `dpr` prop (a fixed ratio, or the [min, max] range the device's ratio is clamped to). */
  dpr: number | [number, number];
}

/** Page visibility and WebGL context-loss handling for the sandbox's canvas. */
export function FaultHandlers({ dpr }: FaultHandlersProps) {
  const store = useSandboxStore();
  const canvas = useThree((s) => s.gl.domElement);
  const setDpr = useThree((s) => s.setDpr);
  const [dprLow, dprHigh] = Array.isArray(dpr) ? dpr : [dpr, dpr];

  useEffect(() => {
    // Hidden, shown again, frozen or resumed by the browser: the time away is not caught up.
    const onChange = (): void => {
      const sim = store.getState().sim;
      sim.pageHidden = document.visibilityState === 'hidden';
      sim.ignoreNextFrameTime();
    };
    document.addEventListener('visibilitychange', onChange);
    document.addEventListener('freeze', onChange);
    document.addEventListener('resume', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      document.removeEventListener('freeze', onChange);
      document.removeEventListener('resume', onChange);
    };
  }, [store]);

  // R3F reads the device pixel ratio on a resize only, and a ratio change alone does not always
  // fire a media query change (Chromium's emulation does not): compare once a frame, a number read
  // without allocation, and tell R3F only when it changed.
  const seenRatio = useRef(0);
  useFrame(() => {
    const ratio = window.devicePixelRatio;
    if (ratio === seenRatio.current || dprLow === dprHigh) return;
    if (seenRatio.current !== 0) setDpr([dprLow, dprHigh]);
    seenRatio.current = ratio;
  });

  useEffect(() => {
    const host = canvas.parentElement;
    if (!host) return;
    const notice = document.createElement('p');
    notice.className = 'context-lost';
    notice.setAttribute('role', 'alert');
    notice.hidden = true;
    host.appendChild(notice);
    const onLost = (): void => {
      notice.textContent = translator(store.getState().locale)('view.contextLost');
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
  }, [canvas, store]);

  return null;
}
