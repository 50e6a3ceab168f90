/**
 * The reactions, measured: the Reactions section's readouts. Each step it counts the hits between
 * each reaction's reactants (and between its products), reading the species the spheres left with;
 * at each sample (a few times a second, when the store publishes) it keeps the species' counts as
 * a concentration history, and over the last {@link RATE_WINDOW} simulated seconds measures each
 * reaction's rate, its rate constant and the fraction of the reactants' hits that clear the
 * barrier, beside collision theory's values at the gas's kT (docs/physics.md, section 10).
 */
import type { ReplaceCause, StepParticipant, WorldView } from '../runtime/index.ts';
import { reachable, temperature, type Reaction } from '../solver/index.ts';
import { meanRadius } from './first-law.ts';
import { SampleColumns } from './sample-columns.ts';

/** Species the concentration history keeps (species 0 .. SHOWN_SPECIES - 1). */
export const SHOWN_SPECIES = 8;

/** The window of the measured rates, simulated s. */
export const RATE_WINDOW = 10;

/** Rows of the concentration history (the oldest half is dropped when full). */
export const CHEMISTRY_HISTORY = 4000;

/** The concentration history: time, then the number density of each shown species (m⁻³; m⁻² in the plane). */
export class ConcentrationHistory extends SampleColumns {
  readonly time: Float64Array;

  constructor(capacity = CHEMISTRY_HISTORY) {
    super(1 + SHOWN_SPECIES, capacity, 'concentration history');
    this.time = this.columns[0];
  }

  /** The column of species k's concentration. */
  of(k: number): Float64Array {
    return this.columns[1 + k];
  }
}

/** One reaction as measured. */
export interface ReactionReading {
  /** The reaction, as the world holds it. */
  reaction: Reaction;
  /** Events since the reactions were set: forward, and backward for a reversible one. */
  forward: number;
  backward: number;
  /** Forward events per simulated second over the window (NaN before one closed). */
  rate: number;
  /** The measured rate constant: forward events over the window divided by ∫ (reactant pairs / V) dt, m³/s (NaN before one closed). */
  kMeasured: number;
  /** Collision theory's: π d² √(8 kT / π μ) exp(−Ea / kT) g(d), m³/s (NaN without reactants to take d and μ from). */
  kTheory: number;
  /** Hits between the two reactants per simulated second over the window. */
  hitsPerSecond: number;
  /** The fraction of those hits that reacted (cleared the barrier), over the window (NaN without hits). */
  cleared: number;
  /** The fraction that theory gives: exp(−Ea / kT). */
  clearedTheory: number;
  /** [C][D] / ([A][B]) now (NaN when a reactant is gone). */
  ratio: number;
  /** Its equilibrium value for equal masses and radii: exp(Q / kT). */
  ratioTheory: number;
}

/** What the Reactions section shows. */
export interface ChemistryReadout {
  /** Whether the scene has chemistry: more than one species, or reactions. */
  inPlay: boolean;
  /** Simulated time of the sample, s. */
  time: number;
  /** Spheres of each species now. */
  counts: readonly number[];
  /** Spheres of each species when the scene started (or the meter last started again). */
  startCounts: readonly number[];
  /** kT of the gas, J. */
  kT: number;
  /** The volume the centres can reach, m³ (m² in the plane). */
  volume: number;
  /** Energy released by reactions since the scene started, J. */
  chemical: number;
  /** Each reaction, in the world's order. */
  reactions: readonly ReactionReading[];
}

/** The readout before any sample. */
export const EMPTY_CHEMISTRY: ChemistryReadout = { inPlay: false, time: 0, counts: [], startCounts: [], kT: 0, volume: NaN, chemical: 0, reactions: [] };

/** What the meter reads of the simulation. */
export interface ReactionSource {
  readonly world: WorldView;
}

/** One sample of the window: time, and per reaction forward and backward events, reactant hits, and ∫ reactant pairs dt. */
interface WindowMark {
  time: number;
  forward: number[];
  backward: number[];
  hits: number[];
  pairTime: number[];
}

/** Carnahan and Starling's contact value of the hard-sphere pair distribution at packing eta. */
export function contactValue(eta: number): number {
  return (1 - eta / 2) / (1 - eta) ** 3;
}

/**
 * Collision theory's rate constant of a reaction between spheres of radii ra, rb and masses ma, mb
 * at kT (J) with barrier ea (J) in a gas of packing eta (line-of-centres model): events per second
 * per unit volume are this times the reactant pairs per unit volume. m³/s.
 */
export function collisionTheoryK(ra: number, rb: number, ma: number, mb: number, kT: number, ea: number, eta: number): number {
  const d = ra + rb;
  const mu = (ma * mb) / (ma + mb);
  return Math.PI * d * d * Math.sqrt((8 * kT) / (Math.PI * mu)) * Math.exp(-ea / kT) * contactValue(eta);
}

/** Pairs of spheres that can meet: Na Nb of two species, Na (Na − 1) / 2 of one. */
export function reactantPairs(counts: readonly number[], a: number, b: number): number {
  const na = counts[a] ?? 0;
  if (a === b) return (na * (na - 1)) / 2;
  return na * (counts[b] ?? 0);
}

/** The reactions of a scene measured against collision theory. */
export class ReactionMeter implements StepParticipant {
  /** The number density of each species against time. */
  readonly history = new ConcentrationHistory();
  /** The last sample. */
  last: ChemistryReadout = EMPTY_CHEMISTRY;
  /** Pair code of species (x, y) at x * span + y: 1 + 2k for reaction k's reactants, 2 + 2k for its products; 0 for neither. */
  private table = new Int32Array(0);
  private span = 0;
  /** Hits whose spheres left as reaction k's reactants (at 2k) and as its products (at 2k + 1), since the meter started. */
  private after = new Float64Array(0);
  private marks: WindowMark[] = [];
  private pairTime: number[] = [];
  private lastPairs: number[] = [];
  private lastTime = 0;
  private startCounts: readonly number[] = [];

  constructor(private readonly sim: ReactionSource) {
    this.reset();
  }

  /** Whether the scene has chemistry to show (as of the last sample, or the start). */
  get inPlay(): boolean {
    return this.last.inPlay;
  }

  /** Whether the scene has reactions to follow step by step. */
  get reacting(): boolean {
    return this.span > 0;
  }

  afterStep(world: WorldView): void {
    if (this.span === 0) return;
    const ev = world.events;
    if (ev.count === 0) return;
    const species = world.species;
    const span = this.span;
    for (let k = 0; k < ev.count; k++) {
      const b = ev.b[k];
      if (b < 0) continue;
      const ia = world.indexOf(ev.a[k]);
      const ib = world.indexOf(b);
      if (ia < 0 || ib < 0 || ia >= species.length || ib >= species.length) continue;
      const sa = species[ia];
      const sb = species[ib];
      if (sa >= span || sb >= span) continue;
      const code = this.table[sa * span + sb];
      if (code > 0) this.after[code - 1]++;
    }
  }

  /** A new scene, or a jump along the timeline: the history and the window start again. */
  worldReplaced(cause: ReplaceCause): void {
    if (cause !== 'lent' && cause !== 'returned') this.reset();
  }

  /** A live change or an edit (the reactions may be new, a sphere's species changed): the window starts again. */
  worldChanged(): void {
    this.index();
    this.marks = [];
  }

  /** Starts again from the world as it is. */
  reset(): void {
    this.history.clear();
    this.index();
    this.marks = [];
    this.startCounts = [];
    this.last = this.read().base;
    this.startCounts = this.last.counts;
    this.last = { ...this.last, startCounts: this.startCounts };
  }

  /** The pair table of the world's reactions. */
  private index(): void {
    const list = this.sim.world.reactions;
    let span = 0;
    for (const r of list) span = Math.max(span, 1 + Math.max(...r.reactants, ...r.products));
    this.span = span;
    this.table = new Int32Array(span * span);
    const put = (x: number, y: number, code: number): void => {
      this.table[x * span + y] = code;
      this.table[y * span + x] = code;
    };
    list.forEach((r, k) => {
      put(r.products[0], r.products[1], 2 + 2 * k);
      put(r.reactants[0], r.reactants[1], 1 + 2 * k);
    });
    this.after = new Float64Array(2 * list.length);
    this.pairTime = list.map(() => 0);
    this.lastPairs = [];
  }

  /** Takes a sample (when the store publishes): the counts, a row of the history, and each reaction's readings. */
  sample(): ChemistryReadout {
    const { base, world, stats } = this.read();
    const list = world.reactions;
    const counts = base.counts;
    const time = base.time;
    // ∫ pairs dt since the last sample, by the trapezoid rule.
    const pairs = list.map((r) => reactantPairs(counts, r.reactants[0], r.reactants[1]));
    const dt = time - this.lastTime;
    if (this.lastPairs.length === pairs.length && dt > 0) pairs.forEach((p, k) => (this.pairTime[k] += 0.5 * (p + this.lastPairs[k]) * dt));
    this.lastPairs = pairs;
    this.lastTime = time;
    const h = this.history;
    if (base.inPlay && (h.length === 0 || time > h.time[h.length - 1])) {
      const row = h.addRow();
      h.time[row] = time;
      for (let k = 0; k < SHOWN_SPECIES; k++) h.of(k)[row] = (counts[k] ?? 0) / base.volume;
    }
    const forward = stats.reactions.map((c) => c.forward);
    const backward = stats.reactions.map((c) => c.backward);
    // Hits between the reactants: those that left as reactants, less the backward reactions (which
    // arrived as products), plus the forward ones (which left as products).
    const hits = list.map((_, k) => this.after[2 * k] - backward[k] + forward[k]);
    const mark: WindowMark = { time, forward, backward, hits, pairTime: [...this.pairTime] };
    if (this.marks.length === 0 || time > this.marks[this.marks.length - 1].time) this.marks.push(mark);
    while (this.marks.length > 2 && this.marks[1].time <= time - RATE_WINDOW) this.marks.shift();
    const first = this.marks[0];
    const span = time - first.time;
    const eta = packing(world);
    const kT = base.kT;
    const reactions = list.map((reaction, k): ReactionReading => {
      const [a, b] = reaction.reactants;
      const [c, d] = reaction.products;
      const events = forward[k] - (first.forward[k] ?? 0);
      const hitCount = hits[k] - (first.hits[k] ?? 0);
      const integral = this.pairTime[k] - (first.pairTime[k] ?? 0);
      const sa = sphereOf(world, a, c);
      const sb = sphereOf(world, b, d);
      const reactants = (counts[a] ?? 0) * (counts[b] ?? 0);
      return {
        reaction,
        forward: forward[k],
        backward: backward[k],
        rate: span > 0 ? events / span : NaN,
        kMeasured: span > 0 && integral > 0 ? (events * base.volume) / integral : NaN,
        kTheory: sa !== null && sb !== null && kT > 0 ? collisionTheoryK(sa.radius, sb.radius, sa.mass, sb.mass, kT, reaction.activationEnergy, eta) : NaN,
        hitsPerSecond: span > 0 ? hitCount / span : NaN,
        cleared: hitCount > 0 ? events / hitCount : NaN,
        clearedTheory: kT > 0 ? Math.exp(-reaction.activationEnergy / kT) : NaN,
        ratio: reactants > 0 ? ((counts[c] ?? 0) * (counts[d] ?? 0)) / reactants : NaN,
        ratioTheory: kT > 0 ? Math.exp(reaction.energyReleased / kT) : NaN,
      };
    });
    this.last = { ...base, reactions };
    return this.last;
  }

  private read() {
    const world = this.sim.world;
    const stats = world.stats();
    const counts = stats.speciesCounts;
    let kinds = 0;
    for (const n of counts) if (n > 0) kinds++;
    const inPlay = stats.reactions.length > 0 || kinds > 1;
    const volume = reachable(world, meanRadius(world))[0];
    const base: ChemistryReadout = { inPlay, time: world.time, counts, startCounts: this.startCounts, kT: temperature(world), volume, chemical: stats.chemical, reactions: [] };
    return { base, world, stats };
  }
}

/** The fraction of the box the spheres fill. */
function packing(world: WorldView): number {
  let v = 0;
  const planar = world.options.planar;
  for (let i = 0; i < world.count; i++) v += planar ? Math.PI * world.radii[i] ** 2 : (4 / 3) * Math.PI * world.radii[i] ** 3;
  const s = world.size;
  const box = planar ? s[0] * s[1] : s[0] * s[1] * s[2];
  return box > 0 ? v / box : 0;
}

/** The radius and mass of a sphere of species `k` (or, when there is none, of `or`: a reaction keeps radii and masses). */
function sphereOf(world: WorldView, k: number, or: number): { radius: number; mass: number } | null {
  const s = world.species;
  let found = -1;
  for (let i = 0; i < world.count && i < s.length; i++) {
    if (s[i] === k) {
      found = i;
      break;
    }
    if (found < 0 && s[i] === or) found = -2 - i;
  }
  const i = found >= 0 ? found : found < -1 ? -2 - found : -1;
  if (i < 0 || world.masses[i] === Infinity) return null;
  return { radius: world.radii[i], mass: world.masses[i] };
}
