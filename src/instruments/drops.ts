/**
 * The liquid, counted: in a world with square wells, how many spheres are in drops (clusters of at
 * least DROP_SIZE held together by wells, clusters.ts), the largest drop, the temperature of the
 * liquid (the spheres in drops) and of the vapour (the others), and each sphere's bound neighbours
 * (the view's neighbour shading reads them), measured when the store publishes (a few times a
 * second), with the count's and the liquid's temperature's history against time for the plots. A
 * step participant only to follow the world: its replacements, its changes and the renumbering of
 * its slots.
 *
 * The liquid's temperature is the one to watch while it boils: at constant pressure the liquid
 * sits at the boiling point, while the vapour touching hot walls is warmer (the whole gas's kT
 * climbs as more of it is vapour).
 */
import type { ReplaceCause, StepParticipant, StepReport, WorldView } from '../runtime/index.ts';
import { Clusters, DROP_SIZE } from './clusters.ts';
import { kTOfKinetic } from './first-law.ts';
import { SampleColumns } from './sample-columns.ts';

/** The liquid at one sample. */
export interface DropsReading {
  /** Whether the world has wells (otherwise nothing is measured and the rest is 0). */
  active: boolean;
  /** Simulated time of the sample, s. */
  time: number;
  /** Spheres in the world. */
  count: number;
  /** Spheres in drops (clusters of at least DROP_SIZE). */
  inDrops: number;
  /** Spheres in the largest cluster. */
  largest: number;
  /** Drops (clusters of at least DROP_SIZE). */
  drops: number;
  /** Pairs held by a well. */
  pairs: number;
  /** kT of the free spheres in drops (the liquid), J: as the first law's kT, over those spheres alone; NaN when none is in a drop. */
  liquidKT: number;
  /** kT of the free spheres in no drop (the vapour), J; NaN when every sphere is in a drop. */
  vapourKT: number;
  /** The depth ε every well of the world shares, J (NaN when the wells differ in depth, or there are none): the unit the readouts also give kT in. */
  depth: number;
}

/** The reading of a world without wells. */
export const EMPTY_DROPS: DropsReading = Object.freeze({ active: false, time: 0, count: 0, inDrops: 0, largest: 0, drops: 0, pairs: 0, liquidKT: NaN, vapourKT: NaN, depth: NaN });

/** Bound neighbours at which the view's neighbour shading is deepest (more are shaded as this many). */
export const NEIGHBOUR_TOP = 8;

/**
 * Spheres measured at every sample; a larger world is measured at every k-th sample, k = count /
 * this rounded up (the clusters of 100,000 spheres take about 30 ms: a few times a second would
 * cost the page frames).
 */
export const MEASURE_EVERY_UP_TO = 20_000;

/** Samples the history keeps (the oldest half dropped when full). */
export const DROPS_HISTORY = 2000;

/**
 * Simulated seconds over which the T–Q plot averages the liquid's kT: a drop of a few hundred
 * spheres reads a few per cent apart from one sample to the next, and 2 s holds 8 samples at the
 * store's four a second.
 */
export const LIQUID_MEAN_SECONDS = 2;

/**
 * The count against time: the simulated time, the spheres in drops, the largest cluster and the
 * liquid's kT (J, NaN without a liquid) of each sample, oldest first.
 */
export class DropsHistory extends SampleColumns {
  readonly time: Float64Array;
  readonly inDrops: Float64Array;
  readonly largest: Float64Array;
  readonly liquidKT: Float64Array;

  constructor(capacity = DROPS_HISTORY) {
    super(4, capacity, 'Drops history');
    [this.time, this.inDrops, this.largest, this.liquidKT] = this.columns;
  }

  /** The number of rows at or before `time` (all of them unless the run went back). */
  rowsUpTo(time: number): number {
    let n = this.length;
    while (n > 0 && this.time[n - 1] > time) n--;
    return n;
  }

  /**
   * The liquid's kT at each of the moments `times[0 .. rows-1]` (ascending: the T–Q path's), as
   * the mean of this history's samples with a liquid in the `seconds` up to it, (t − seconds, t],
   * NaN where none has one; written into `out`. One pass over both, a running sum; allocates nothing.
   */
  liquidMeans(times: Float64Array, rows: number, seconds: number, out: Float64Array): void {
    const time = this.time;
    const kT = this.liquidKT;
    const n = this.length;
    let next = 0;
    let first = 0;
    let sum = 0;
    let taken = 0;
    for (let k = 0; k < rows; k++) {
      const t = times[k];
      for (; next < n && time[next] <= t; next++) {
        if (kT[next] !== kT[next]) continue;
        sum += kT[next];
        taken++;
      }
      for (; first < next && time[first] <= t - seconds; first++) {
        if (kT[first] !== kT[first]) continue;
        sum -= kT[first];
        taken--;
      }
      // An empty window starts the sum afresh (no rounding carried over).
      if (taken === 0) sum = 0;
      out[k] = taken > 0 ? sum / taken : NaN;
    }
  }
}

/** What the meter reads of the simulation. */
export interface DropsSource {
  readonly world: WorldView;
}

/** The drops of a run (see the module's comment). */
export class DropMeter implements StepParticipant {
  /** The count of spheres in drops and the largest cluster against time. */
  readonly history = new DropsHistory();
  /** The last sample. */
  last: DropsReading = EMPTY_DROPS;
  /** Told each sample of a world with wells (the sound's drip; none by default). */
  onSample: ((reading: DropsReading) => void) | null = null;
  private readonly clusters = new Clusters();
  /** See {@link DropsReading.depth}. */
  private depth = NaN;
  /** Spheres whose neighbours the last measure counted (slots beyond it read as none). */
  private measured = 0;
  private scratch = new Int32Array(0);
  /** Samples since the last measure. */
  private skipped = 0;
  /** See {@link MEASURE_EVERY_UP_TO} (a test may lower it). */
  measureEveryUpTo = MEASURE_EVERY_UP_TO;

  constructor(private readonly sim: DropsSource) {
    this.readWells();
  }

  /** Whether the world has wells. */
  get active(): boolean {
    return this.clusters.active;
  }

  /** Bound neighbours of the sphere in slot i at the last sample (0 before one, and without wells). */
  neighboursOf(i: number): number {
    return i < this.measured ? this.clusters.neighbours[i] : 0;
  }

  /** Slots renumbered on this page: each sphere's neighbour count follows it; a worker's new slots wait for the next sample. */
  afterStep(world: WorldView, r: Readonly<StepReport>): void {
    if (this.measured === 0 || !r.slotsChanged) return;
    const from = r.reorderedFrom;
    if (from === null || world.count !== this.measured) {
      this.measured = 0;
      return;
    }
    const nb = this.clusters.neighbours;
    if (this.scratch.length < nb.length) this.scratch = new Int32Array(nb.length);
    const t = this.scratch;
    for (let s = 0; s < this.measured; s++) t[s] = nb[from[s]];
    nb.set(t.subarray(0, this.measured));
  }

  /** A new scene starts the history afresh; another moment of the same run keeps it (shown up to that moment). */
  worldReplaced(cause: ReplaceCause): void {
    this.readWells();
    this.measured = 0;
    if (cause === 'built') {
      this.history.clear();
      this.last = EMPTY_DROPS;
    }
  }

  /** The world changed in place (its wells may have too): the old future's samples go. */
  worldChanged(): void {
    this.readWells();
    this.measured = 0;
    this.history.keep(this.history.rowsUpTo(this.sim.world.time));
  }

  /**
   * Measures the drops now (when the store publishes; in a world of over {@link MEASURE_EVERY_UP_TO}
   * spheres, at every k-th call, the last reading standing between) and records a sample when the
   * time moved on. Allocates the reading.
   */
  sample(): DropsReading {
    const w = this.sim.world;
    if (!this.clusters.active) {
      this.measured = 0;
      this.last = EMPTY_DROPS;
      return this.last;
    }
    if (this.last.active && this.measured === w.count && ++this.skipped < Math.ceil(w.count / this.measureEveryUpTo)) return this.last;
    this.skipped = 0;
    const c = this.clusters;
    c.measure(w);
    this.measured = w.count;
    // The kinetic energy of the liquid's and the vapour's free spheres.
    const v = w.velocities;
    const m = w.masses;
    let liquid = 0;
    let inLiquid = 0;
    let vapour = 0;
    let inVapour = 0;
    for (let i = 0; i < w.count; i++) {
      if (m[i] === Infinity) continue;
      const e = 0.5 * m[i] * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]);
      if (c.clusterSize(i) >= DROP_SIZE) {
        liquid += e;
        inLiquid++;
      } else {
        vapour += e;
        inVapour++;
      }
    }
    const planar = w.options.planar;
    const liquidKT = kTOfKinetic(liquid, inLiquid, planar);
    const vapourKT = kTOfKinetic(vapour, inVapour, planar);
    const h = this.history;
    if (h.length === 0 || w.time > h.time[h.length - 1]) {
      const k = h.addRow();
      h.time[k] = w.time;
      h.inDrops[k] = c.inDrops;
      h.largest[k] = c.largest;
      h.liquidKT[k] = liquidKT;
    }
    this.last = { active: true, time: w.time, count: w.count, inDrops: c.inDrops, largest: c.largest, drops: c.drops, pairs: c.pairs, liquidKT, vapourKT, depth: this.depth };
    this.onSample?.(this.last);
    return this.last;
  }

  private readWells(): void {
    const wells = this.sim.world.wells;
    this.clusters.setWells(wells);
    let depth = wells.length > 0 ? wells[0].depth : NaN;
    for (const well of wells) if (well.depth !== depth) depth = NaN;
    this.depth = depth;
  }
}
