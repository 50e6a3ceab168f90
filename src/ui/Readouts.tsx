/**
 * The readouts: energies (potential measured from the floor), momentum, temperature, measured
 * wall pressure beside the ideal-gas prediction, collision counts. A classroom preset shows the
 * groups its lesson needs and keeps the others one click away under "More readouts"; the free
 * sandbox shows all. Re-rendered only when the store publishes a sample.
 */
import { useStore } from 'zustand';
import { presetById, READOUT_GROUPS, type ReadoutGroup } from '../presets/presets.ts';
import type { SampledStats } from '../store/index.ts';
import { sig, vec } from './format.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

type Row = [key: string, label: string, value: string];

/** The rows of one group, from a sample. */
function rowsOf(group: ReadoutGroup, stats: SampledStats, running: boolean): Row[] {
  const p = stats.momentum;
  const pUnit = stats.planar ? 'N/m' : 'Pa';
  switch (group) {
    case 'energy':
      return [
        ['kinetic', 'Kinetic energy', `${sig(stats.kineticEnergy)} J`],
        ['potential', 'Potential energy (from the floor)', `${sig(stats.potentialEnergy)} J`],
        ['total', 'Total energy', `${sig(stats.kineticEnergy + stats.potentialEnergy)} J`],
      ];
    case 'momentum':
      return [
        ['momentum', 'Momentum', `${vec(p)} kg·m/s`],
        ['momentum-magnitude', '|Momentum|', `${sig(Math.hypot(p[0], p[1], p[2]))} kg·m/s`],
      ];
    case 'gas':
      return [
        ['temperature', 'Temperature kT', `${sig(stats.temperature)} J`],
        ['pressure', 'Wall pressure (measured)', `${sig(stats.pressureMeasured)} ${pUnit}`],
        ['pressure-ideal', 'Ideal gas N kT / V', `${sig(stats.pressureIdeal)} ${pUnit}`],
      ];
    case 'collisions':
      return [
        ['collision-rate', 'Collisions per second', running ? sig(stats.collisionsPerSecond, 3) : '–'],
        ['collision-total', 'Collisions in total', stats.pairCollisionsTotal.toLocaleString('en-US')],
      ];
  }
}

function Rows({ groups, stats, running, label }: { groups: readonly ReadoutGroup[]; stats: SampledStats; running: boolean; label: string }) {
  return (
    <dl className="readouts" aria-label={label}>
      {groups.flatMap((g) => rowsOf(g, stats, running)).map(([key, name, value]) => (
        <div className="readouts__row" key={key}>
          <dt>{name}</dt>
          <dd data-readout={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Conserved quantities and gas readouts, SI units. */
export function Readouts() {
  const store = useSandboxStore();
  const stats = useStore(store, (s) => s.stats);
  const running = useStore(store, (s) => s.running);
  const preset = useStore(store, (s) => (s.preset === null ? undefined : presetById(s.preset)));
  const main = READOUT_GROUPS.filter((g) => !preset || preset.readouts.includes(g));
  const more = READOUT_GROUPS.filter((g) => !main.includes(g));
  return (
    <div data-readout-groups={main.join(' ')}>
      <Rows groups={main} stats={stats} running={running} label="Readouts" />
      {more.length > 0 && (
        <details className="readouts__more">
          <summary>More readouts</summary>
          <Rows groups={more} stats={stats} running={running} label="More readouts" />
        </details>
      )}
    </div>
  );
}
