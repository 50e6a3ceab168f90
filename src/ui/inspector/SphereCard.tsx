/**
 * The selected sphere's numbers where a phone user sees them: a compact card above the time
 * controls while a sphere is selected and the Classroom panel (whose inspector holds the same
 * numbers) is closed. Re-read when the store publishes a sample, a few times a second; its close
 * button clears the selection.
 */
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { sig, vec } from '../shared/format.ts';
import './inspector.css';

/** Props of {@link SphereCard}. */
export interface SphereCardProps {
  /** Whether the Classroom panel is open (the card then stays away: the inspector shows the numbers). */
  classroomOpen: boolean;
}

/** The selected sphere's card. */
export function SphereCard({ classroomOpen }: SphereCardProps) {
  const store = useSandboxStore();
  const selected = useStore(store, (s) => s.selected);
  const t = useT();
  const locale = t.locale;
  // Re-read the sphere whenever a sample is published.
  useStore(store, (s) => s.stats);
  if (selected === null || classroomOpen) return null;
  const sim = store.getState().sim;
  const slot = sim.world.indexOf(selected);
  if (slot < 0) return null;
  const m = sim.masses[slot];
  const v = sim.velocities.subarray(3 * slot, 3 * slot + 3);
  const speed = Math.hypot(v[0], v[1], v[2]);
  const ke = m === Infinity ? 0 : 0.5 * m * speed * speed;
  const rows = [
    ['speed', t('inspector.speed'), `${sig(speed, 3, locale)} m/s`],
    ['velocity', t('inspector.velocity'), `${vec(v, 3, locale)} m/s`],
    ['kinetic', t('inspector.kinetic'), `${sig(ke, 3, locale)} J`],
    ['mass', t('inspector.mass'), m === Infinity ? t('inspector.fixed') : `${sig(m, 3, locale)} kg`],
    ['radius', t('inspector.radius'), `${sig(sim.radii[slot], 3, locale)} m`],
  ] as const;
  const title = t('inspector.label', { id: `#${selected}` });
  return (
    <section className="sphere-card" aria-label={title} data-sphere-card={selected}>
      <div className="sphere-card__head">
        <h2 className="sphere-card__title">{title}</h2>
        <button type="button" className="sphere-card__close" aria-label={t('card.close')} onClick={() => store.getState().select(null)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <dl className="sphere-card__rows">
        {rows.map(([key, label, value]) => (
          <div className="sphere-card__row" key={key}>
            <dt>{label}</dt>
            <dd data-card={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
