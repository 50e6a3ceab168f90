/**
 * The timeline's scrub bar, under the plots: the run so far, from its first kept moment to the
 * furthest step reached. Dragging it (or its arrow keys) goes back or forward to that step,
 * paused, with the scene and the readouts exactly as they were; Play goes on from there. It moves
 * with the published stats, a few times a second.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { formatFixed } from '../../i18n/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import './time.css';

/** The scrub bar of the run. */
export function TimelineBar() {
  const store = useSandboxStore();
  const id = useId();
  const t = useT();
  const { available, step, start, end, dt } = useStore(
    store,
    useShallow((s) => s.timeline),
  );
  if (!available) {
    return (
      <p className="field__hint timeline__off" data-timeline="off">
        {t('timeline.off')}
      </p>
    );
  }
  const seconds = (k: number): string => formatFixed(t.locale, k * dt, 2);
  return (
    <div className="field timeline">
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          {t('timeline.label')}
        </label>
        {/* Not an <output>: that is a live region, and this text follows the running clock. The
            slider's value text says the same to a screen reader when it is asked. */}
        <span className="timeline__time" data-timeline="time">
          {t('timeline.time', { step: seconds(step), end: seconds(end) })}
        </span>
      </div>
      <input
        id={id}
        className="field__slider"
        type="range"
        min={start}
        max={Math.max(end, start)}
        step={1}
        value={step}
        aria-valuetext={t('timeline.valueText', { step: seconds(step), end: seconds(end) })}
        data-action="timeline"
        onChange={(e) => {
          const refused = store.getState().seek(Number(e.target.value));
          if (refused !== null) store.getState().notify(refused);
        }}
      />
      <p className="field__hint">{t('timeline.hint')}</p>
    </div>
  );
}
