/**
 * The collision log table: the most recent sphere-sphere collisions with time, pair, impulse,
 * energy lost and measured restitution; a row's time goes to that moment of the run (the
 * timeline). Re-rendered when the store publishes a sample.
 */
import { useStore } from 'zustand';
import { formatFixed } from '../../i18n/index.ts';
import { sig } from '../shared/format.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import './readouts.css';

/** Props of {@link CollisionLogView}. */
export interface CollisionLogViewProps {
  /** Rows shown. @defaultValue 8 */
  rows?: number;
}

/** The last few collisions, newest first. */
export function CollisionLogView({ rows = 8 }: CollisionLogViewProps) {
  const store = useSandboxStore();
  const t = useT();
  const locale = t.locale;
  useStore(store, (s) => s.stats);
  const log = store.getState().instruments.readouts.collisions;
  // Up to the moment shown (the timeline may have gone back in the run).
  const recent = log.recent(rows, store.getState().sim.world.time);
  if (recent.length === 0) return <p className="inspector__empty">{t('log.empty')}</p>;
  return (
    <table className="log">
      <caption className="visually-hidden">{t('log.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">t (s)</th>
          <th scope="col">{t('log.pair')}</th>
          <th scope="col">J (N·s)</th>
          <th scope="col">{t('log.lost')}</th>
          <th scope="col">e</th>
        </tr>
      </thead>
      <tbody>
        {recent.map((c, k) => {
          const time = formatFixed(locale, c.time, 3);
          return (
            <tr key={k}>
              <td>
                <button
                  type="button"
                  className="log__jump"
                  title={t('log.jumpTitle')}
                  aria-label={t('log.jumpLabel', { time })}
                  onClick={() => {
                    const { seek, notify, timeline } = store.getState();
                    // The end of the step that holds the collision.
                    const refused = seek(Math.ceil(c.time / timeline.dt - 1e-9));
                    if (refused !== null) notify(refused);
                  }}
                >
                  {time}
                </button>
              </td>
              <td>
                #{c.a}–#{c.b}
              </td>
              <td>{sig(c.impulse, 3, locale)}</td>
              <td>{sig(c.energyLost, 3, locale)}</td>
              <td>{sig(c.restitution, 3, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
