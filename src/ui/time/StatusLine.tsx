/**
 * The status line: simulated time, frame rate, solver cost, collision rate and the last colliding
 * pair. It re-renders only when the store publishes a sample, a few times a second.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatFixed, formatNumber, type Locale } from '../../i18n/index.ts';
import './time.css';

function rate(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 10_000 ? `${formatFixed(locale, value / 1000, 1)}k` : formatNumber(locale, Math.round(value));
}

/** Live readouts under the view. */
export function StatusLine() {
  const store = useSandboxStore();
  const { stats, running, timeScale } = useStore(store, useShallow((s) => ({ stats: s.stats, running: s.running, timeScale: s.settings.timeScale })));
  const t = useT();
  const locale = t.locale;
  const pair = stats.lastPair;
  // Behind real time (a slow machine or a very large scene): say so rather than pretend.
  const lagging = running && stats.fps > 0 && stats.simRate < 0.85 * timeScale;
  return (
    <dl className="status" aria-label={t('status.label')}>
      <div className="status__item">
        <dt>{t('status.simTime')}</dt>
        <dd data-stat="time">{formatFixed(locale, stats.simTime, 2)} s</dd>
      </div>
      <div className="status__item">
        <dt>{t('status.frameRate')}</dt>
        <dd data-stat="fps">{t('status.fps', { value: formatFixed(locale, stats.fps, 0) })}</dd>
      </div>
      <div className="status__item">
        <dt>{t('status.solver')}</dt>
        <dd data-stat="step-ms" data-thread={stats.thread}>
          {t(stats.thread === 'worker' ? 'status.stepMsWorker' : 'status.stepMs', { value: formatFixed(locale, stats.stepMs, 2) })}
        </dd>
      </div>
      <div className="status__item">
        <dt>{t('status.collisions')}</dt>
        <dd data-stat="collisions">{running ? rate(stats.collisionsPerSecond, locale) : '–'} /s</dd>
      </div>
      <div className="status__item">
        <dt>{t('status.lastPair')}</dt>
        <dd data-stat="last-pair">{pair ? `#${pair[0]} ↔ #${pair[1]}` : t('status.noneYet')}</dd>
      </div>
      {/* Always laid out, shown only while behind: the line keeps its size, so the panels' outline
          (and the camera framed around them) does not move when the machine falls behind. */}
      <div className={`status__item status__item--warning${lagging ? '' : ' status__item--idle'}`} aria-hidden={lagging ? undefined : true}>
        <dt>{t('status.runningAt')}</dt>
        <dd data-stat="sim-rate" title={t('status.lagging')}>
          {t('status.realTime', { rate: formatFixed(locale, lagging ? stats.simRate : 0, 2) })}
        </dd>
      </div>
    </dl>
  );
}
