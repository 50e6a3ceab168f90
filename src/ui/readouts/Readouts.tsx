/**
 * The readouts: energies (potential measured from the floor), momentum, temperature, the measured
 * wall pressure (over the last PRESSURE_WINDOW_S simulated seconds, as every panel shows it) beside
 * the ideal-gas and dense-gas predictions, collision counts; in a world with square wells, first,
 * the spheres in drops and the temperatures of the liquid and of the vapour. A classroom preset shows the
 * groups its lesson needs and keeps the others one click away under "More readouts"; the free
 * sandbox shows all. Re-rendered only when the store publishes a sample.
 */
import { useStore } from 'zustand';
import { presetById, READOUT_GROUPS, type ReadoutGroup } from '../../presets/presets.ts';
import { formatNumber, formatPlain, type Locale, type MessageKey, type Translate } from '../../i18n/index.ts';
import { PRESSURE_WINDOW_S, type DropsReading, type SampledStats } from '../../instruments/index.ts';
import { depthEnergyText, sig, vec } from '../shared/format.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import './readouts.css';

type Row = [key: string, label: MessageKey, value: string];

/** The rows of one group, from a sample, with numbers written for `locale`. */
function rowsOf(group: ReadoutGroup, stats: SampledStats, running: boolean, locale: Locale): Row[] {
  const p = stats.momentum;
  const pUnit = stats.planar ? 'N/m' : 'Pa';
  switch (group) {
    case 'energy':
      return [
        ['kinetic', 'readouts.kinetic', `${sig(stats.kineticEnergy, 4, locale)} J`],
        ['potential', 'readouts.potential', `${sig(stats.potentialEnergy, 4, locale)} J`],
        ['total', 'readouts.total', `${sig(stats.kineticEnergy + stats.potentialEnergy, 4, locale)} J`],
      ];
    case 'momentum':
      return [
        ['momentum', 'readouts.momentum', `${vec(p, 3, locale)} kg·m/s`],
        ['momentum-magnitude', 'readouts.momentumMagnitude', `${sig(Math.hypot(p[0], p[1], p[2]), 4, locale)} kg·m/s`],
      ];
    case 'gas':
      return [
        ['temperature', 'readouts.temperature', `${sig(stats.temperature, 4, locale)} J`],
        ['pressure', 'readouts.pressure', `${sig(stats.pressureMeasured, 4, locale)} ${pUnit}`],
        ['pressure-ideal', 'readouts.pressureIdeal', `${sig(stats.pressureIdeal, 4, locale)} ${pUnit}`],
        ['pressure-dense', stats.planar ? 'readouts.pressureDenseDiscs' : 'readouts.pressureDense', `${sig(stats.pressureDense, 4, locale)} ${pUnit}`],
      ];
    case 'collisions':
      return [
        ['collision-rate', 'readouts.collisionRate', running ? sig(stats.collisionsPerSecond, 3, locale) : '–'],
        ['collision-total', 'readouts.collisionTotal', formatNumber(locale, stats.pairCollisionsTotal)],
      ];
  }
}

/**
 * The liquid's rows, in a world with wells: "In drops: 212 of 300 (largest drop 140)", then the
 * kT of the spheres in drops and of the rest, in J and in the wells' depth ε ("1.08 J = 1.08 ε").
 */
function DropsRows({ drops, t }: { drops: DropsReading; t: Translate }) {
  const n = (x: number): string => formatNumber(t.locale, x);
  return (
    <>
      <div className="readouts__row">
        <dt>{t('readouts.drops')}</dt>
        <dd data-readout="drops" data-in-drops={drops.inDrops}>
          {t('readouts.dropsValue', { inDrops: n(drops.inDrops), count: n(drops.count), largest: n(drops.largest) })}
        </dd>
      </div>
      {(
        [
          ['readouts.liquidKT', 'liquid-kt', drops.liquidKT],
          ['readouts.vapourKT', 'vapour-kt', drops.vapourKT],
        ] as const
      ).map(([name, key, kT]) => (
        <div className="readouts__row" key={key}>
          <dt>{t(name)}</dt>
          <dd data-readout={key} data-value={kT}>
            {depthEnergyText(t, kT, drops.depth)}
          </dd>
        </div>
      ))}
    </>
  );
}

function Rows({ groups, stats, running, label, t, drops }: { groups: readonly ReadoutGroup[]; stats: SampledStats; running: boolean; label: string; t: Translate; drops?: DropsReading }) {
  return (
    <dl className="readouts" aria-label={label}>
      {drops?.active && <DropsRows drops={drops} t={t} />}
      {groups.flatMap((g) => rowsOf(g, stats, running, t.locale)).map(([key, name, value]) => (
        <div className="readouts__row" key={key}>
          <dt>{t(name, { seconds: formatPlain(t.locale, PRESSURE_WINDOW_S) })}</dt>
          <dd data-readout={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Conserved quantities and gas readouts, SI units. */
export function Readouts() {
  const store = useSandboxStore();
  const t = useT();
  const stats = useStore(store, (s) => s.stats);
  // Sampled with the stats: read again at each publish.
  const drops = store.getState().instruments.drops.last;
  const running = useStore(store, (s) => s.running);
  const preset = useStore(store, (s) => (s.preset === null ? undefined : presetById(s.preset)));
  const main = READOUT_GROUPS.filter((g) => !preset || preset.readouts.includes(g));
  const more = READOUT_GROUPS.filter((g) => !main.includes(g));
  return (
    <div data-readout-groups={main.join(' ')}>
      <Rows groups={main} stats={stats} running={running} label={t('readouts.label')} t={t} drops={drops} />
      {more.length > 0 && (
        <details className="readouts__more">
          <summary>{t('readouts.more')}</summary>
          <Rows groups={more} stats={stats} running={running} label={t('readouts.more')} t={t} />
        </details>
      )}
    </div>
  );
}
