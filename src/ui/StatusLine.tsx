/**
 * The status line: simulated time, frame rate, solver cost, collision rate and the last colliding
 * pair. It re-renders only when the store publishes a sample, a few times a second.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

function rate(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 10_000 ? `${(value / 1000).toFixed(1)}k` : Math.round(value).toLocaleString('en-US');
}

/** Live readouts under the view. */
export function StatusLine() {
  const store = useSandboxStore();
  const { stats, running, timeScale } = useStore(store, useShallow((s) => ({ stats: s.stats, running: s.running, timeScale: s.settings.timeScale })));
  const pair = stats.lastPair;
  // Behind real time (a slow machine or a very large scene): say so rather than pretend.
  const lagging = running && stats.fps > 0 && stats.simRate < 0.85 * timeScale;
  return (
    <dl className="status" aria-label="Simulation status">
      <div className="status__item">
        <dt>Sim time</dt>
        <dd data-stat="time">{fixed(stats.simTime, 2)} s</dd>
      </div>
      <div className="status__item">
        <dt>Frame rate</dt>
        <dd data-stat="fps">{fixed(stats.fps, 0)} fps</dd>
      </div>
      <div className="status__item">
        <dt>Solver</dt>
        <dd data-stat="step-ms" data-thread={stats.thread}>
          {fixed(stats.stepMs, 2)} ms/step{stats.thread === 'worker' ? ' (worker)' : ''}
        </dd>
      </div>
      <div className="status__item">
        <dt>Collisions</dt>
        <dd data-stat="collisions">{running ? rate(stats.collisionsPerSecond) : '–'} /s</dd>
      </div>
      <div className="status__item">
        <dt>Last pair</dt>
        <dd data-stat="last-pair">{pair ? `#${pair[0]} ↔ #${pair[1]}` : 'none yet'}</dd>
      </div>
      {/* Always laid out, shown only while behind: the line keeps its size, so the panels' outline
          (and the camera framed around them) does not move when the machine falls behind. */}
      <div className={`status__item status__item--warning${lagging ? '' : ' status__item--idle'}`} aria-hidden={lagging ? undefined : true}>
        <dt>Running at</dt>
        <dd data-stat="sim-rate" title="The machine cannot keep up; the simulation runs in slow motion, still exact.">
          {lagging ? `${fixed(stats.simRate, 2)}× real time` : '0.00× real time'}
        </dd>
      </div>
    </dl>
  );
}
