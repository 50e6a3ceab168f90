/**
 * Play/pause, step and restart: the buttons the app's time controls and an embedded sandbox's
 * compact bar share.
 */
import { PauseIcon, PlayIcon, RestartIcon, StepIcon } from '../shared/icons.tsx';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';

/** Props of {@link TimeButtons}. */
export interface TimeButtonsProps {
  /** Whether the simulation is playing (the first button then pauses). */
  running: boolean;
  /** Whether the keyboard shortcuts (Space, right arrow) work here and are announced. @defaultValue false */
  shortcuts?: boolean;
}

/** The play/pause, step and restart buttons. */
export function TimeButtons({ running, shortcuts = false }: TimeButtonsProps) {
  const store = useSandboxStore();
  const t = useT();
  return (
    <>
      <button type="button" className="button button--primary" data-action="toggle" aria-keyshortcuts={shortcuts ? 'Space' : undefined} onClick={() => store.getState().toggle()}>
        {running ? <PauseIcon /> : <PlayIcon />}
        {t(running ? 'transport.pause' : 'transport.play')}
      </button>
      <button
        type="button"
        className="button"
        data-action="step"
        aria-keyshortcuts={shortcuts ? 'ArrowRight' : undefined}
        title={t(shortcuts ? 'transport.stepTitleKey' : 'transport.stepTitle')}
        onClick={() => store.getState().stepOnce()}
      >
        <StepIcon />
        <span className="button__label">{t('transport.step')}</span>
      </button>
      <button type="button" className="button" data-action="restart" title={t('transport.restartTitle')} onClick={() => store.getState().restart()}>
        <RestartIcon />
        <span className="button__label">{t('transport.restart')}</span>
      </button>
    </>
  );
}
