/**
 * The compact bar of an embedded sandbox: play/pause, step and restart buttons and a one-line
 * readout of simulated time and collision rate. It re-renders only when the store publishes a
 * sample (a few times a second) or the play state changes. No keyboard shortcuts: on a page with
 * several sandboxes a key could not say which one it means.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { TimeButtons } from '../ui/TimeButtons.tsx';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** Props of {@link CompactBar}. */
export interface CompactBarProps {
  /** The sandbox's accessible name, used to name its toolbar. */
  label: string;
}

/** Time controls and a short status line along the bottom of the view. */
export function CompactBar({ label }: CompactBarProps) {
  const store = useSandboxStore();
  const { running, simTime, rate } = useStore(
    store,
    useShallow((s) => ({ running: s.running, simTime: s.stats.simTime, rate: s.stats.collisionsPerSecond })),
  );
  return (
    <div className="sphere-sandbox__bar" data-covers-view="" role="toolbar" aria-label={`${label}: time controls`}>
      <TimeButtons running={running} />
      <p className="sphere-sandbox__status" data-stat="time">
        t = {Number.isFinite(simTime) ? simTime.toFixed(2) : '–'} s
        <span className="sphere-sandbox__rate"> · {running ? Math.round(rate).toLocaleString('en-US') : '–'} collisions/s</span>
      </p>
    </div>
  );
}
