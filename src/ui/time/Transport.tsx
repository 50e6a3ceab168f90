/**
 * The time controls: play/pause, step, restart and reset view, always visible (also with the
 * settings panel collapsed), reverse and the speed menu. Space plays or pauses, the right arrow
 * steps and R restarts when the focus is not in a field.
 */
import { useEffect, useId, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import { FullScreenIcon, ReverseIcon, ViewIcon } from '../shared/icons.tsx';
import { TimeButtons } from './TimeButtons.tsx';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatNumber } from '../../i18n/index.ts';
import { isTyping } from '../../hooks/keys.ts';
import { useLocked } from '../shared/LockedNote.tsx';
import './time.css';

/** Time scales offered in the speed menu (slow motion to fast forward). */
const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 4];

/** Props of {@link Transport}. */
export interface TransportProps {
  /**
   * Element whose key presses the shortcuts listen to (an embedded sandbox: only while the focus
   * is inside it). @defaultValue the whole window
   */
  keyScope?: RefObject<HTMLElement | null>;
}

/** The element full screen shows: the embedded sandbox, or the whole page. */
function fullScreenTarget(keyScope: RefObject<HTMLElement | null> | undefined): HTMLElement {
  return keyScope?.current ?? document.documentElement;
}

/** Enters or leaves full screen (a browser that refuses says so in its console; nothing else changes). */
function toggleFullScreen(keyScope: RefObject<HTMLElement | null> | undefined): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void fullScreenTarget(keyScope).requestFullscreen?.().catch(() => undefined);
}

/** Play/pause, step, restart, reverse, speed and reset-view controls with keyboard shortcuts (F: full screen). */
export function Transport({ keyScope }: TransportProps) {
  const store = useSandboxStore();
  const running = useStore(store, (s) => s.running);
  const timeScale = useStore(store, (s) => s.settings.timeScale);
  const speedId = useId();
  const t = useT();
  // A student view that locks the time scale disables the speed menu (said to a screen reader, and on hover).
  const speedLocked = useLocked('timeScale');

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target, event.key)) return;
      if (event.key === ' ') {
        event.preventDefault();
        store.getState().toggle();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        store.getState().stepOnce();
      } else if (event.key === 'r' || event.key === 'R') {
        event.preventDefault();
        store.getState().restart();
      } else if ((event.key === 'f' || event.key === 'F') && document.fullscreenEnabled) {
        event.preventDefault();
        toggleFullScreen(keyScope);
      }
    };
    const target: HTMLElement | Window = keyScope?.current ?? window;
    target.addEventListener('keydown', onKey as EventListener);
    return () => target.removeEventListener('keydown', onKey as EventListener);
  }, [store, keyScope]);

  return (
    <div className="transport" role="toolbar" aria-label={t('transport.toolbar')}>
      <TimeButtons running={running} shortcuts />
      <button type="button" className="button" data-action="reverse" title={t('transport.reverseTitle')} onClick={() => store.getState().reverse()}>
        <ReverseIcon />
        <span className="button__label">{t('transport.reverse')}</span>
      </button>
      <label className="transport__speed" htmlFor={speedId}>
        <span className="button__label">{t('transport.speed')}</span>
        <select
          id={speedId}
          className="field__select"
          value={SPEEDS.includes(timeScale) ? String(timeScale) : ''}
          disabled={speedLocked}
          title={speedLocked ? t('student.locked') : undefined}
          aria-describedby={speedLocked ? `${speedId}-locked` : undefined}
          onChange={(e) => store.getState().applySetting('timeScale', Number(e.target.value))}>
          {!SPEEDS.includes(timeScale) && <option value="">{formatNumber(t.locale, timeScale)}×</option>}
          {SPEEDS.map((v) => (
            <option key={v} value={String(v)}>
              {formatNumber(t.locale, v)}×
            </option>
          ))}
        </select>
        {speedLocked && (
          <span className="visually-hidden" id={`${speedId}-locked`}>
            {t('student.locked')}
          </span>
        )}
      </label>
      <button type="button" className="button" data-action="reset-view" title={t('transport.resetViewTitle')} onClick={() => store.getState().resetView()}>
        <ViewIcon />
        <span className="button__label">{t('transport.resetView')}</span>
      </button>

    </div>
  );
}

/** The full-screen button (F does the same): the embedded sandbox, or the whole page, on the whole screen. Absent where the browser has no full screen. */
export function FullScreenButton({ keyScope }: TransportProps) {
  const t = useT();
  const canFullScreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    if (!canFullScreen) return;
    const onChange = (): void => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [canFullScreen]);
  if (!canFullScreen) return null;
  return (
    <button type="button" className="button button--quiet" data-action="full-screen" title={t('transport.fullScreenTitle')} onClick={() => toggleFullScreen(keyScope)}>
      <FullScreenIcon exit={fullScreen} />
      <span>{t(fullScreen ? 'transport.exitFullScreen' : 'transport.fullScreen')}</span>
    </button>
  );
}
