/**
 * The readouts: energies, momentum, temperature, measured wall pressure beside the ideal-gas
 * prediction, collision counts. Re-rendered only when the store publishes a sample.
 */
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';
import { sig, vec } from './format.ts';

/** Props of {@link Readouts}. */
export interface ReadoutsProps {
  /** The sandbox store. */
  store: SandboxStore;
}

/** Conserved quantities and gas readouts, SI units. */
export function Readouts({ store }: ReadoutsProps) {
  const stats = useStore(store, (s) => s.stats);
  const running = useStore(store, (s) => s.running);
  const p = stats.momentum;
  const pMag = Math.hypot(p[0], p[1], p[2]);
  const pUnit = stats.planar ? 'N/m' : 'Pa';
  const rows: [string, string, string][] = [
    ['kinetic', 'Kinetic energy', `${sig(stats.kineticEnergy)} J`],
    ['potential', 'Potential energy', `${sig(stats.potentialEnergy)} J`],
    ['total', 'Total energy', `${sig(stats.kineticEnergy + stats.potentialEnergy)} J`],
    ['momentum', 'Momentum', `${vec(p)} kg·m/s`],
    ['momentum-magnitude', '|Momentum|', `${sig(pMag)} kg·m/s`],
    ['temperature', 'Temperature kT', `${sig(stats.temperature)} J`],
    ['pressure', 'Wall pressure (measured)', `${sig(stats.pressureMeasured)} ${pUnit}`],
    ['pressure-ideal', 'Ideal gas N kT / V', `${sig(stats.pressureIdeal)} ${pUnit}`],
    ['collision-rate', 'Collisions per second', running ? sig(stats.collisionsPerSecond, 3) : '–'],
    ['collision-total', 'Collisions in total', stats.pairCollisionsTotal.toLocaleString('en-US')],
  ];
  return (
    <dl className="readouts" aria-label="Readouts">
      {rows.map(([key, label, value]) => (
        <div className="readouts__row" key={key}>
          <dt>{label}</dt>
          <dd data-readout={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
