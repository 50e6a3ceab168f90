/**
 * The time controls: play/pause, step, restart and reset view, always visible (also with the
 * settings panel collapsed). Space plays or pauses and the right arrow steps when the focus is not
 * in a field.
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';
import { PauseIcon, PlayIcon, RestartIcon, StepIcon, ViewIcon } from './icons.tsx';

/** Props of {@link Transport}. */
export interface TransportProps {
  /** The sandbox store. */
  store: SandboxStore;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName));
}

/** Play/pause, step, restart and reset-view buttons with keyboard shortcuts. */
export function Transport({ store }: TransportProps) {
  const running = useStore(store, (s) => s.running);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === ' ') {
        event.preventDefault();
        store.getState().toggle();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        store.getState().stepOnce();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  return (
    <div className="transport" role="toolbar" aria-label="Time controls">
      <button type="button" className="button button--primary" data-action="toggle" aria-keyshortcuts="Space" onClick={() => store.getState().toggle()}>
        {running ? <PauseIcon /> : <PlayIcon />}
        {running ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="button" data-action="step" aria-keyshortcuts="ArrowRight" title="Advance one step of 1/60 s (→)" onClick={() => store.getState().stepOnce()}>
        <StepIcon />
        Step
      </button>
      <button type="button" className="button" data-action="restart" title="Start this scene again from the same seed" onClick={() => store.getState().restart()}>
        <RestartIcon />
        Restart
      </button>
      <button type="button" className="button" data-action="reset-view" title="Frame the whole box again" onClick={() => store.getState().resetView()}>
        <ViewIcon />
        Reset view
      </button>
    </div>
  );
}
