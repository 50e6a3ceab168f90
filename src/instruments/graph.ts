/**
 * The Graph tool's logic: the quantities it can draw (the run's energies, momentum, temperature,
 * pressure and volume; the first law's ledger; the collision totals and the collision counter's
 * count; with wells, the spheres in drops, the largest drop and the kT of the liquid and of the vapour; a chosen sphere's position, velocity, speed and kinetic energy), each read from the
 * solver and the instruments when the store publishes a sample, and a bounded series of samples
 * that downloads as CSV. Pure: no React, no store.
 */
import type { WorldView } from '../runtime/index.ts';
import { temperature, type WorldReadable } from '../solver/index.ts';
import type { DropsReading } from './drops.ts';
import type { FirstLawReadout } from './first-law.ts';
import { csvText } from './runs.ts';
import { SampleColumns } from './sample-columns.ts';

/** The quantities of the whole run, in the order the Graph tool offers them. */
export const RUN_QUANTITIES = ['time', 'kinetic', 'potential', 'total', 'px', 'py', 'pz', 'p', 'kT', 'pressure', 'volume', 'deltaU', 'heat', 'work', 'lost', 'pairCollisions', 'wallCollisions', 'counter', 'inDrops', 'largestDrop', 'liquidKT', 'vapourKT'] as const;

/** A quantity of the whole run. */
export type RunQuantity = (typeof RUN_QUANTITIES)[number];

/** The quantities of one sphere, in the order offered. */
export const SPHERE_QUANTITIES = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'speed', 'kinetic'] as const;

/** A quantity of one sphere. */
export type SphereQuantity = (typeof SPHERE_QUANTITIES)[number];

/** A quantity the Graph tool draws: one of the run's, or one of a sphere's (by its id). */
export type GraphQuantity = { kind: 'run'; name: RunQuantity } | { kind: 'sphere'; id: number; name: SphereQuantity };

const RUN_UNITS: Readonly<Record<RunQuantity, string>> = {
  time: 's',
  kinetic: 'J',
  potential: 'J',
  total: 'J',
  px: 'kg·m/s',
  py: 'kg·m/s',
  pz: 'kg·m/s',
  p: 'kg·m/s',
  kT: 'J',
  pressure: 'Pa',
  volume: 'm³',
  deltaU: 'J',
  heat: 'J',
  work: 'J',
  lost: 'J',
  pairCollisions: '',
  wallCollisions: '',
  counter: '',
  inDrops: '',
  largestDrop: '',
  liquidKT: 'J',
  vapourKT: 'J',
};

const SPHERE_UNITS: Readonly<Record<SphereQuantity, string>> = { x: 'm', y: 'm', z: 'm', vx: 'm/s', vy: 'm/s', vz: 'm/s', speed: 'm/s', kinetic: 'J' };

/** The quantity's id as the select and a link write it: the run's name, or "s<id>.<name>" for a sphere's. */
export function quantityId(q: GraphQuantity): string {
  return q.kind === 'run' ? q.name : `s${q.id}.${q.name}`;
}

/** Reads a quantity's id (see {@link quantityId}); throws a RangeError naming a value that is none. */
export function parseQuantity(id: string): GraphQuantity {
  if ((RUN_QUANTITIES as readonly string[]).includes(id)) return { kind: 'run', name: id as RunQuantity };
  const m = /^s(\d+)\.(\w+)$/.exec(id);
  if (m !== null && (SPHERE_QUANTITIES as readonly string[]).includes(m[2])) return { kind: 'sphere', id: Number(m[1]), name: m[2] as SphereQuantity };
  throw new RangeError(`Graph quantity "${id}" is not one of ${RUN_QUANTITIES.join(', ')} or s<sphere id>.<${SPHERE_QUANTITIES.join('|')}>`);
}

/** The quantity's SI unit ('' for a count); pressure and volume are per length and an area in the plane. */
export function quantityUnit(q: GraphQuantity, planar: boolean): string {
  if (q.kind === 'sphere') return SPHERE_UNITS[q.name];
  if (planar && q.name === 'pressure') return 'N/m';
  if (planar && q.name === 'volume') return 'm²';
  return RUN_UNITS[q.name];
}

/** The quantity's CSV column name, with its unit in ASCII (as the other exports write theirs: "kinetic_J", "sphere3_speed_m_s"). */
export function columnName(q: GraphQuantity, planar: boolean): string {
  const unit = quantityUnit(q, planar)
    .replace('kg·m/s', 'kg_m_s')
    .replace('m/s', 'm_s')
    .replace('N/m', 'N_m')
    .replace('m³', 'm3')
    .replace('m²', 'm2');
  const name = q.kind === 'sphere' ? `sphere${q.id}_${q.name}` : q.name === 'volume' && planar ? 'area' : q.name;
  return unit === '' ? name : `${name}_${unit}`;
}

/** What a sample reads: the world, the first law's last readout and the collision counter. */
export interface GraphSource {
  readonly world: WorldReadable & Pick<WorldView, 'indexOf'>;
  readonly firstLaw: Pick<FirstLawReadout, 'pressure' | 'volume' | 'deltaU' | 'heat' | 'work' | 'lost'>;
  readonly counter: { readonly from: number; count(time: number): number };
  /** The drops' last reading (absent, or not active: the drops' quantities have no value). */
  readonly drops?: Pick<DropsReading, 'active' | 'inDrops' | 'largest' | 'liquidKT' | 'vapourKT'>;
}

/**
 * The quantities `qs` at the moment the source shows, written into `out` (NaN where there is no
 * value: a sphere that is not in the world, the counter before it started, the pressure before a
 * sample window closed). Reads world.stats() once when a run quantity needs it.
 */
export function readQuantities(source: GraphSource, qs: readonly GraphQuantity[], out: Float64Array): void {
  const w = source.world;
  let stats: ReturnType<WorldView['stats']> | null = null;
  const s = (): ReturnType<WorldView['stats']> => (stats ??= w.stats());
  qs.forEach((q, k) => {
    if (q.kind === 'sphere') {
      const i = w.indexOf(q.id);
      if (i < 0) {
        out[k] = NaN;
        return;
      }
      const v = w.velocities;
      const vx = v[3 * i], vy = v[3 * i + 1], vz = v[3 * i + 2];
      const m = w.masses[i];
      switch (q.name) {
        case 'x': case 'y': case 'z': out[k] = w.positions[3 * i + 'xyz'.indexOf(q.name)]; break;
        case 'vx': out[k] = vx; break;
        case 'vy': out[k] = vy; break;
        case 'vz': out[k] = vz; break;
        case 'speed': out[k] = Math.sqrt(vx * vx + vy * vy + vz * vz); break;
        // A fixed sphere (infinite mass) does not move and has no kinetic energy of its own.
        case 'kinetic': out[k] = m === Infinity ? 0 : 0.5 * m * (vx * vx + vy * vy + vz * vz); break;
      }
      return;
    }
    const law = source.firstLaw;
    switch (q.name) {
      case 'time': out[k] = w.time; break;
      case 'kinetic': out[k] = s().kineticEnergy; break;
      case 'potential': out[k] = s().potentialEnergy; break;
      case 'total': out[k] = s().kineticEnergy + s().potentialEnergy; break;
      case 'px': out[k] = s().momentum[0]; break;
      case 'py': out[k] = s().momentum[1]; break;
      case 'pz': out[k] = s().momentum[2]; break;
      case 'p': out[k] = Math.hypot(s().momentum[0], s().momentum[1], s().momentum[2]); break;
      case 'kT': out[k] = temperature(w); break;
      case 'pressure': out[k] = law.pressure; break;
      case 'volume': out[k] = law.volume; break;
      case 'deltaU': out[k] = law.deltaU; break;
      case 'heat': out[k] = law.heat; break;
      case 'work': out[k] = law.work; break;
      case 'lost': out[k] = law.lost; break;
      case 'pairCollisions': out[k] = s().pairCollisions; break;
      case 'wallCollisions': out[k] = s().wallCollisions; break;
      case 'inDrops': out[k] = source.drops?.active ? source.drops.inDrops : NaN; break;
      case 'largestDrop': out[k] = source.drops?.active ? source.drops.largest : NaN; break;
      case 'liquidKT': out[k] = source.drops?.active ? source.drops.liquidKT : NaN; break;
      case 'vapourKT': out[k] = source.drops?.active ? source.drops.vapourKT : NaN; break;
      case 'counter': {
        const c = source.counter;
        out[k] = Number.isNaN(c.from) || w.time < c.from ? NaN : c.count(w.time);
        break;
      }
    }
  });
}

/** Points a series keeps by default (the oldest half is dropped when full). */
export const GRAPH_CAPACITY = 4000;

/** What {@link GraphSeries.record} did with a sample. */
export type RecordResult = 'added' | 'restarted' | 'same-time' | 'no-value';

/**
 * The samples of one graph: the simulated time, x and y of each, oldest first, in typed arrays of
 * a fixed capacity; when full the oldest half is dropped. A sample earlier than the last one (the
 * timeline went back, or the scene started again) starts the series afresh.
 */
export class GraphSeries extends SampleColumns {
  /** The samples' simulated times, s. */
  readonly time: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Simulated time of the last sample offered, s (NaN when none). */
  private last = NaN;
  /** The scene the samples are of (the store's `sceneVersion`). */
  private scene = NaN;
  /** The quantities {@link sample} reads (time, x, y) and what it read. */
  private readonly pair: GraphQuantity[] = [{ kind: 'run', name: 'time' }, { kind: 'run', name: 'time' }, { kind: 'run', name: 'time' }];
  private readonly read = new Float64Array(3);

  constructor(capacity = GRAPH_CAPACITY) {
    super(3, capacity, 'Graph');
    [this.time, this.x, this.y] = this.columns;
  }

  /**
   * Offers the sample (x, y) taken at simulated time `time` of scene `scene` (any number that
   * changes when a new scene is built): kept unless the time did not move since the last sample
   * (a publish while paused) or x or y has no value. Another scene starts the series afresh, even
   * at the same time.
   */
  record(time: number, x: number, y: number, scene = 0): RecordResult {
    let result: RecordResult = 'added';
    if (time < this.last || (scene !== this.scene && this.length > 0)) {
      this.clear();
      result = 'restarted';
    } else if (time === this.last && scene === this.scene) return 'same-time';
    this.last = time;
    this.scene = scene;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return result === 'restarted' ? result : 'no-value';
    const k = this.addRow();
    this.time[k] = time;
    this.x[k] = x;
    this.y[k] = y;
    return result;
  }

  /** Reads x and y (and the time) from `source` and offers them as a sample (see {@link record}); allocates nothing of its own. */
  sample(source: GraphSource, x: GraphQuantity, y: GraphQuantity, scene = 0): RecordResult {
    this.pair[1] = x;
    this.pair[2] = y;
    readQuantities(source, this.pair, this.read);
    return this.record(this.read[0], this.read[1], this.read[2], scene);
  }

  /** Forgets every sample. */
  override clear(): void {
    super.clear();
    this.last = NaN;
  }

  /**
   * Forgets every sample but remembers the moment of the last one, so that a publish of that
   * same moment (paused) adds nothing: the person who pressed Clear sees an empty graph until
   * the run moves.
   */
  empty(): void {
    const last = this.last;
    this.clear();
    this.last = last;
  }

  /** Smallest and largest y, NaN when empty. */
  yRange(): { min: number; max: number } {
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < this.length; k++) {
      min = Math.min(min, this.y[k]);
      max = Math.max(max, this.y[k]);
    }
    return this.length === 0 ? { min: NaN, max: NaN } : { min, max };
  }

  /**
   * The samples as CSV: a header naming each column with its unit (time, then x unless x is the
   * time, then y), one row per sample in the order taken, numbers in JavaScript's plain form.
   */
  toCsv(xName: string, yName: string, xIsTime: boolean): string {
    const rows: (string | number)[][] = [xIsTime ? ['time_s', yName] : ['time_s', xName, yName]];
    for (let k = 0; k < this.length; k++) rows.push(xIsTime ? [this.time[k], this.y[k]] : [this.time[k], this.x[k], this.y[k]]);
    return csvText(rows);
  }
}
