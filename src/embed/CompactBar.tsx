/**
 * The compact bar of an embedded sandbox: play/pause, step and restart buttons and a one-line
 * readout of simulated time and collision rate. It re-renders only when the store publishes a
 * sample (a few times a second) or the play state changes. No keyboard shortcuts: on a page with
 * several sandboxes a key could not say which one it means.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { TimeButtons } from '../ui/time/TimeButtons.tsx';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';
import { formatFixed, formatNumber } from '../i18n/index.ts';

/** Props of {@link CompactBar}. */
export interface CompactBarProps {
  /** The sandbox's accessible name, used to name its toolbar. */
  label: string;
}

/** Time controls and a short status line along the bottom of the view. */
export function CompactBar({ label }: CompactBarProps) {
  const store = useSandboxStore();
  const t = useT();
  const { running, simTime, rate } = useStore(
    store,
    useShallow((s) => ({ running: s.running, simTime: s.stats.simTime, rate: s.stats.collisionsPerSecond })),
  );
  return (
    <div className="sphere-sandbox__bar" data-covers-view="" role="toolbar" aria-label={t('transport.compactToolbar', { label })}>
      <TimeButtons running={running} />
      <p className="sphere-sandbox__status" data-stat="time">
        t = {formatFixed(t.locale, simTime, 2)} s
        <span className="sphere-sandbox__rate"> · {t('transport.collisionsPerSecond', { rate: running && Number.isFinite(rate) ? formatNumber(t.locale, Math.round(rate)) : '–' })}</span>
      </p>
    </div>
  );
}
