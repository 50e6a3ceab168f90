/**
 * What a screen reader says of a run: the collisions of the last steps (each sphere-sphere hit
 * with the speeds of both spheres before and after, and the hits of the selected sphere), or, in
 * a gas, the trend of its temperature and pressure (and, with wells, of its drops). A step participant that keeps, without
 * allocation, the first pair collision since the last announcement and a count of the others;
 * {@link Describer.announce} makes at most one announcement every {@link ANNOUNCE_MS} of the
 * page's clock, the collisions that came meanwhile summarised as a count.
 */
import { formatFixed, formatNumber, plural, type Translate } from '../i18n/index.ts';
import type { StepParticipant, WorldView } from '../runtime/index.ts';

/** The least time between two announcements, ms of the page's clock. */
export const ANNOUNCE_MS = 2000;
/** Time between two announcements of a gas's trend, ms of the page's clock. */
export const GAS_ANNOUNCE_MS = 4000;
/** From this many spheres a scene is described as a gas (trends), not collision by collision. */
export const GAS_FROM = 30;
/** A relative change below this between two gas announcements is "steady". */
const STEADY = 0.02;

/** The gas readouts an announcement compares (the store's sampled stats carry them). */
export interface GasReading {
  /** kT, J. */
  temperature: number;
  /** Measured wall pressure, Pa. */
  pressureMeasured: number;
}

/** The reactions an announcement counts (the store's sampled chemistry, named). */
export interface ReactionTally {
  /** Reactions so far (every reaction, both ways). */
  events: number;
  /** The first reaction's reactants' symbols. */
  a: string;
  b: string;
  /** Spheres of species a now. */
  left: number;
  /** Spheres of species a when the scene started. */
  total: number;
}

/** The liquid an announcement tells (the drop meter's last reading, in a world with wells). */
export interface DropsTally {
  /** Spheres in drops. */
  inDrops: number;
  /** Spheres in the world. */
  count: number;
}

/** Follows the run's collisions and words them, rate-limited. */
export class Describer implements StepParticipant {
  /** Id of the selected sphere, or -1 (its hits are counted). */
  selected = -1;
  /** Whether a first pair collision is held. */
  private held = false;
  // The first pair collision since the last announcement: ids, speeds before and after.
  private a = 0;
  private b = 0;
  private readonly speeds = new Float64Array(4);
  /** Pair collisions since the last announcement, the held one included. */
  private pairs = 0;
  /** Hits (spheres and walls) of the selected sphere since the last announcement. */
  private selectedHits = 0;
  /** Page time of the last announcement, ms. */
  private last = -Infinity;
  /** Gas readings at the last gas announcement. */
  private lastTemperature = NaN;
  private lastPressure = NaN;
  /** Spheres in the world (a gas from {@link GAS_FROM}). */
  private count = 0;
  /** Reactions at the last announcement (NaN: none read since the reset). */
  private lastEvents = NaN;
  /** Spheres in drops at the last announcement that told them (NaN: none since the reset). */
  private lastInDrops = NaN;

  afterStep(world: WorldView): void {
    const ev = world.events;
    this.count = world.count;
    const v = world.velocities;
    for (let k = 0; k < ev.count; k++) {
      const a = ev.a[k];
      const b = ev.b[k];
      if (a === this.selected || b === this.selected) this.selectedHits++;
      if (b < 0) continue;
      this.pairs++;
      if (this.held) continue;
      const ia = world.indexOf(a);
      const ib = world.indexOf(b);
      if (ia < 0 || ib < 0) continue;
      // The velocities after this step; before the hit, the impulse J along the normal n (a to
      // b) taken back: a received -J n, b received +J n.
      const j = ev.impulse[k];
      const ma = world.masses[ia];
      const mb = world.masses[ib];
      let before2a = 0;
      let before2b = 0;
      let after2a = 0;
      let after2b = 0;
      for (let c = 0; c < 3; c++) {
        const n = ev.normal[3 * k + c];
        const va = v[3 * ia + c];
        const vb = v[3 * ib + c];
        const ua = ma === Infinity ? va : va + (j * n) / ma;
        const ub = mb === Infinity ? vb : vb - (j * n) / mb;
        before2a += ua * ua;
        before2b += ub * ub;
        after2a += va * va;
        after2b += vb * vb;
      }
      this.a = a;
      this.b = b;
      this.speeds[0] = Math.sqrt(before2a);
      this.speeds[1] = Math.sqrt(before2b);
      this.speeds[2] = Math.sqrt(after2a);
      this.speeds[3] = Math.sqrt(after2b);
      this.held = true;
    }
  }

  /** Something was said at page time `now` (ms) outside {@link announce} (a sphere chosen by key): the next announcement waits its turn. */
  spoke(now: number): void {
    this.last = now;
  }

  /** Forgets what it held (a new scene, a jump in the timeline: what follows is not a continuation). */
  reset(): void {
    this.held = false;
    this.pairs = 0;
    this.selectedHits = 0;
    this.lastTemperature = NaN;
    this.lastPressure = NaN;
    this.lastEvents = NaN;
    this.lastInDrops = NaN;
  }

  worldReplaced(): void {
    this.reset();
  }

  worldChanged(): void {
    this.reset();
  }

  /**
   * The announcement due at page time `now` (ms), or null: none within {@link ANNOUNCE_MS} of the
   * last, and nothing new to say. A scene of {@link GAS_FROM} spheres or more is told as a trend
   * of `gas` every {@link GAS_ANNOUNCE_MS}; a smaller one collision by collision. With `drops` (a
   * world with wells) the gas's announcement also says whether it is condensing, evaporating or
   * steady, and how many spheres are in drops. Allocates (the text): call it a few times a second,
   * not per frame.
   */
  announce(now: number, t: Translate, gas: GasReading | null = null, reactions: ReactionTally | null = null, drops: DropsTally | null = null): string | null {
    // The first tally after a reset is where the count starts.
    if (reactions !== null && Number.isNaN(this.lastEvents)) this.lastEvents = reactions.events;
    if (now - this.last < ANNOUNCE_MS) return null;
    const parts: string[] = [];
    if (this.count >= GAS_FROM) {
      if (gas === null || now - this.last < GAS_ANNOUNCE_MS || this.pairs === 0) return null;
      if (drops !== null) parts.push(this.liquid(t, drops));
      parts.push(this.trend(t, gas));
    } else if (this.held) {
      const f = (x: number) => formatFixed(t.locale, x, 1);
      parts.push(t('describe.hit', { a: String(this.a), b: String(this.b), va: f(this.speeds[0]), vb: f(this.speeds[1]), wa: f(this.speeds[2]), wb: f(this.speeds[3]) }));
      if (this.pairs > 1) parts.push(plural(t, 'describe.more', this.pairs - 1));
    }
    if (reactions !== null && reactions.events > this.lastEvents) {
      const n = (x: number): string => formatNumber(t.locale, x);
      parts.push(plural(t, 'describe.reacted', reactions.events - this.lastEvents, { a: reactions.a, b: reactions.b, left: n(reactions.left), total: n(reactions.total) }));
      this.lastEvents = reactions.events;
    }
    if (this.selected >= 0 && this.selectedHits > 0 && this.count < GAS_FROM) parts.push(plural(t, 'describe.selectedHits', this.selectedHits, { id: String(this.selected) }));
    if (parts.length === 0) return null;
    this.last = now;
    this.held = false;
    this.pairs = 0;
    this.selectedHits = 0;
    return parts.join(' ');
  }

  /**
   * The liquid since the last reading: condensing when more spheres are in drops (by more than
   * {@link STEADY} of the spheres, and at least one), evaporating when fewer, steady otherwise.
   */
  private liquid(t: Translate, drops: DropsTally): string {
    const change = drops.inDrops - this.lastInDrops;
    const margin = Math.max(1, STEADY * drops.count);
    const key = change > margin ? 'describe.condensing' : change < -margin ? 'describe.evaporating' : 'describe.dropsSteady';
    this.lastInDrops = drops.inDrops;
    return t(key, { inDrops: formatNumber(t.locale, drops.inDrops), count: formatNumber(t.locale, drops.count) });
  }

  /** The gas's temperature and pressure, each rising, falling or steady since the last reading. */
  private trend(t: Translate, gas: GasReading): string {
    const word = (now: number, then: number) => {
      if (!Number.isFinite(then) || Math.abs(now - then) <= STEADY * Math.max(Math.abs(then), 1e-300)) return t('describe.steady');
      return now > then ? t('describe.rising') : t('describe.falling');
    };
    const text = t('describe.gas', {
      temperature: formatFixed(t.locale, gas.temperature, 3),
      tTrend: word(gas.temperature, this.lastTemperature),
      pressure: formatFixed(t.locale, gas.pressureMeasured, 3),
      pTrend: word(gas.pressureMeasured, this.lastPressure),
    });
    this.lastTemperature = gas.temperature;
    this.lastPressure = gas.pressureMeasured;
    return text;
  }
}

/**
 * The sphere after (`step` 1) or before (-1) `selected` in id order, wrapping round; the first (or
 * last) when none is selected; null in an empty world.
 */
export function neighbourSphere(world: Pick<WorldView, 'count' | 'idAt'>, selected: number | null, step: 1 | -1): number | null {
  const n = world.count;
  if (n === 0) return null;
  let best: number | null = null;
  let wrap: number | null = null;
  for (let s = 0; s < n; s++) {
    const id = world.idAt(s);
    if (wrap === null || (step > 0 ? id < wrap : id > wrap)) wrap = id;
    if (selected !== null && (step > 0 ? id > selected : id < selected) && (best === null || (step > 0 ? id < best : id > best))) best = id;
  }
  return best ?? wrap;
}

/** The sphere whose centre is nearest `selected`'s (not itself), or null when there is none. */
export function nearestSphere(world: Pick<WorldView, 'count' | 'idAt' | 'indexOf' | 'positions'>, selected: number | null): number | null {
  const from = selected === null ? -1 : world.indexOf(selected);
  if (from < 0) return null;
  const p = world.positions;
  let best: number | null = null;
  let bestD = Infinity;
  for (let s = 0; s < world.count; s++) {
    if (s === from) continue;
    const d = (p[3 * s] - p[3 * from]) ** 2 + (p[3 * s + 1] - p[3 * from + 1]) ** 2 + (p[3 * s + 2] - p[3 * from + 2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = world.idAt(s);
    }
  }
  return best;
}
