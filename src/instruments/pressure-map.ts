/**
 * The pressure map: the normal impulse each face of the box received, cell by cell, over the last
 * few seconds of simulated time, as a pressure (Pa; N/m in planar mode). Fed with each step's (or
 * worker batch's) wall hits, whose contact points place them on a cell; a ring of time buckets
 * forgets what is older than the window. The faces' totals are kept equal to the solver's own
 * wall impulses (`stats().wallImpulses`): whatever impulse reached a wall without an event (an
 * event dropped from a full buffer, the resting-contact solver's push) is counted on its face as
 * "unplaced" when the map settles against the stats, a few times a second. Per-step work
 * allocates nothing.
 */
import { wallOf } from '../solver/index.ts';
import type { WorldView } from '../runtime/index.ts';

/** Simulated seconds the map remembers. */
export const PRESSURE_WINDOW_SECONDS = 4;
/** Time buckets in the window: the window slides by a sixteenth of it. */
const BUCKETS = 16;
/** Simulated seconds of one bucket: the window slides by this much at a time. */
export const BUCKET_SECONDS = PRESSURE_WINDOW_SECONDS / BUCKETS;
/** Cells along each side of a face in 3D. */
export const PRESSURE_CELLS = 6;
/** Cells along the one in-plane side of a wall in planar mode (the wall is a line there). */
export const PRESSURE_CELLS_PLANAR = 12;
/** Cell slots per face in the arrays (the larger of the two layouts). */
export const FACE_STRIDE = Math.max(PRESSURE_CELLS * PRESSURE_CELLS, PRESSURE_CELLS_PLANAR);

/**
 * The two axes that span face w's cells: u = (k + 1) mod 3 and v = (k + 2) mod 3 for the face's
 * axis k = w >> 1 (the -x and +x faces: u = y, v = z). Cell (iu, iv) is slot iu + nU * iv.
 */
export function faceAxes(w: number): [u: number, v: number] {
  const k = w >> 1;
  return [(k + 1) % 3, (k + 2) % 3];
}

/** The colour ramp of the map and its legend, low to high: sRGB stops, 0..1. */
export const PRESSURE_RAMP: readonly (readonly [number, number, number])[] = [
  [0.13, 0.19, 0.45],
  [0.16, 0.47, 0.82],
  [0.2, 0.76, 0.66],
  [0.95, 0.85, 0.3],
  [0.94, 0.33, 0.22],
];

/** Writes the ramp's colour at `t` (clamped to 0..1) into out[at..at+2]; returns out. */
export function rampColour(t: number, out: Float32Array, at: number): Float32Array {
  const x = (t > 1 ? 1 : t > 0 ? t : 0) * (PRESSURE_RAMP.length - 1);
  const i = x >= PRESSURE_RAMP.length - 1 ? PRESSURE_RAMP.length - 2 : Math.floor(x);
  const f = x - i;
  const a = PRESSURE_RAMP[i];
  const b = PRESSURE_RAMP[i + 1];
  out[at] = a[0] + f * (b[0] - a[0]);
  out[at + 1] = a[1] + f * (b[1] - a[1]);
  out[at + 2] = a[2] + f * (b[2] - a[2]);
  return out;
}

/** The smallest of 1, 2, 5 times a power of ten at or above x (x > 0); NaN otherwise. */
export function niceCeiling(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return NaN;
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x * (1 - 1e-12)) return m * p;
  return 10 * p;
}

/** The share of cells at each end of the range that may fall outside the colour range (they show at its end colour). */
export const RANGE_TAIL = 0.05;

/** How much wider than a fresh range the range in use may be and still be kept. */
const KEEP_WIDER = 1.25;

/**
 * The colour range for cell pressures measured between `min` and `max` (the map's 5th and 95th
 * percentile cells, so one noisy cell does not stretch the scale), given the range in use (`low`,
 * `high`; NaN when none): fresh bounds rounded out to a whole number of ticks, a tick being 1, 2
 * or 5 times a power of ten at or above an eighth of the measured span; but the range in use while
 * it still holds the measurements and is at most a quarter wider than the fresh one (so the
 * colours do not flicker with the noise). A uniform map (span under a twentieth of the top) keeps 0 at the bottom, so its
 * noise is not magnified. NaN, NaN while nothing has been measured.
 */
export function colourRange(min: number, max: number, low: number, high: number): readonly [low: number, high: number] {
  if (!(max > 0) || !Number.isFinite(max) || !(min >= 0)) return [NaN, NaN];
  const span = max - min;
  let fresh: readonly [number, number];
  if (span < 0.05 * max) fresh = [0, niceCeiling(max)];
  else {
    const step = niceCeiling(span / 8);
    const bottom = Math.max(0, Math.floor(min / step + 1e-9) * step);
    let top = Math.ceil(max / step - 1e-9) * step;
    if (top <= bottom) top = bottom + step;
    // Rounded to the step's own digits: 0.30000000000000004 reads as 0.3.
    const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
    fresh = [Number(bottom.toFixed(digits)), Number(top.toFixed(digits))];
  }
  const keep = low >= 0 && high > low && min >= low && max <= high && high - low <= KEEP_WIDER * (fresh[1] - fresh[0]);
  return keep ? [low, high] : fresh;
}

/** What the panel shows of the map, made when the readouts are sampled. */
export interface PressureReadout {
  /** Mean pressure on each face over the window, Pa (N/m in planar mode), walls -x +x -y +y -z +z; NaN for a face no sphere can reach (±z in planar mode) or before any time has passed. */
  faces: readonly number[];
  /** The top of the colour legend, Pa (N/m in planar mode), at or above the 95th percentile cell (see {@link colourRange}); NaN while the map is empty. */
  scale: number;
  /** The bottom of the colour legend, Pa (N/m in planar mode), at or below the 5th percentile cell; NaN while the map is empty. */
  low: number;
  /** Share of the window's wall impulse that reached a wall without an event, so with no place on the map (0 normally). */
  unplaced: number;
  /** Simulated seconds the window covers now (up to {@link PRESSURE_WINDOW_SECONDS}). */
  seconds: number;
  /** Whether the world is planar (pressures are then per length). */
  planar: boolean;
}

/** The readout of an empty map. */
export const EMPTY_PRESSURE_READOUT: PressureReadout = Object.freeze({ faces: Object.freeze([NaN, NaN, NaN, NaN, NaN, NaN]), scale: NaN, low: NaN, unplaced: 0, seconds: 0, planar: false });

// Slots of PressureMap.clock (numbers that change every step live in a typed array: a number in an object field is boxed).
const START = 0;
const LAST = 1;
const SCALE = 2;
const LOW = 3;

/** Per-face, per-cell wall impulse over a sliding window of simulated time. */
export class PressureMap {
  /** Cells along u and v of each face (0 for a face no sphere reaches). */
  readonly nU = new Int32Array(6);
  readonly nV = new Int32Array(6);
  /** Area of one cell of each face, m² (m in planar mode). */
  readonly cellArea = new Float64Array(6);
  /** Half the box's side on each axis, m. */
  readonly half = new Float64Array(3);
  /** How far in from each edge the contact points can be (the mean radius), m: the cells tile the face less this margin. */
  margin = 0;
  planar = false;
  /** Changes whenever the window's content changes (a renderer compares it with what it drew). */
  version = 0;
  /** Changes when the layout (box, cells) changes. */
  layoutVersion = 0;
  /** Impulse placed on each face since the map started, kg m/s (summed in the solver's order). */
  readonly placed = new Float64Array(6);
  /** Impulse that reached each face without an event since the map started, kg m/s. */
  readonly unplacedTotal = new Float64Array(6);
  /** Each face's `stats().wallImpulses` when the map started. */
  readonly baseline = new Float64Array(6);
  /** Window pressure of each cell, Pa (N/m planar), slot w * FACE_STRIDE + cell; current after {@link read}. */
  readonly pressure = new Float64Array(6 * FACE_STRIDE);
  /** Window impulse of each face, kg m/s, cells and unplaced; current after {@link read}. */
  readonly faceImpulse = new Float64Array(6);
  /** Window impulse of each face's cells alone, kg m/s; current after {@link read}. */
  readonly cellImpulse = new Float64Array(6);
  private readonly clock = new Float64Array(4);
  /** Scratch for the cells' pressures in order, when the map settles. */
  private readonly sorted = new Float64Array(6 * FACE_STRIDE);
  private readonly cells = new Float64Array(BUCKETS * 6 * FACE_STRIDE);
  private readonly unplaced = new Float64Array(BUCKETS * 6);
  /** Bucket number (floor of time / bucket length) of the newest bucket. */
  private epoch = 0;
  private readVersion = -1;

  constructor(world: WorldView) {
    this.reset(world);
  }

  /** Starts afresh for `world` (a new world, or time gone back): empty window, baseline from its stats. Allocates. */
  reset(world: WorldView): void {
    const size = world.size;
    this.planar = world.options.planar;
    let n = 0;
    let rSum = 0;
    for (let i = 0; i < world.count; i++) {
      if (world.masses[i] === Infinity) continue;
      n++;
      rSum += world.radii[i];
    }
    const r = n > 0 ? rSum / n : 0;
    this.margin = r;
    for (let k = 0; k < 3; k++) this.half[k] = size[k] / 2;
    for (let w = 0; w < 6; w++) {
      const [u, v] = faceAxes(w);
      if (this.planar) {
        // The walls are lines in the xy plane: cells along the in-plane axis only; ±z is never hit.
        this.nU[w] = w >= 4 ? 0 : u === 2 ? 1 : PRESSURE_CELLS_PLANAR;
        this.nV[w] = w >= 4 ? 0 : v === 2 ? 1 : PRESSURE_CELLS_PLANAR;
      } else {
        this.nU[w] = this.nV[w] = PRESSURE_CELLS;
      }
      const lu = Math.max(0, size[u] - 2 * r) / Math.max(1, this.nU[w]);
      const lv = Math.max(0, size[v] - 2 * r) / Math.max(1, this.nV[w]);
      this.cellArea[w] = this.nU[w] === 0 ? 0 : this.planar ? (u === 2 ? lv : lu) : lu * lv;
    }
    const s = world.stats();
    for (let w = 0; w < 6; w++) this.baseline[w] = s.wallImpulses[w];
    this.placed.fill(0);
    this.unplacedTotal.fill(0);
    this.cells.fill(0);
    this.unplaced.fill(0);
    this.clock[START] = this.clock[LAST] = world.time;
    this.clock[SCALE] = NaN;
    this.clock[LOW] = NaN;
    this.epoch = Math.floor(world.time / BUCKET_SECONDS);
    this.version++;
    this.layoutVersion++;
  }

  /** The top of the colour legend, Pa (N/m planar), set when the map settles; NaN while empty. */
  get scale(): number {
    return this.clock[SCALE];
  }

  /** The bottom of the colour legend, Pa (N/m planar), set when the map settles; NaN while empty. */
  get low(): number {
    return this.clock[LOW];
  }

  /** The wall hits of the last step (or worker batch) onto their cells. Allocates nothing. */
  collided(world: WorldView): void {
    const t = world.time;
    if (t < this.clock[LAST]) this.reset(world); // time went back: a restored moment
    this.clock[LAST] = t;
    this.slideTo(t);
    const ev = world.events;
    const base = (this.epoch % BUCKETS) * 6 * FACE_STRIDE;
    for (let k = 0; k < ev.count; k++) {
      const w = wallOf(ev.b[k]);
      if (w < 0) continue;
      const nU = this.nU[w];
      const nV = this.nV[w];
      const impulse = ev.impulse[k];
      this.placed[w] += impulse;
      if (nU === 0) {
        this.unplaced[(this.epoch % BUCKETS) * 6 + w] += impulse;
        continue;
      }
      const k0 = w >> 1;
      const u = (k0 + 1) % 3;
      const v = (k0 + 2) % 3;
      const iu = this.cellIndex(ev.point[3 * k + u], u, nU);
      const iv = this.cellIndex(ev.point[3 * k + v], v, nV);
      this.cells[base + w * FACE_STRIDE + iu + nU * iv] += impulse;
    }
    if (ev.count > 0) this.version++;
  }

  /**
   * Brings the faces' totals to `wallImpulses` (the world's `stats().wallImpulses` now): impulse
   * the walls received without an event goes to the newest bucket as unplaced. Then returns the
   * readout for the panel (allocates: call it a few times a second).
   */
  settle(world: WorldView, wallImpulses: readonly number[]): PressureReadout {
    for (let w = 0; w < 6; w++) {
      const missing = wallImpulses[w] - this.baseline[w] - this.placed[w] - this.unplacedTotal[w];
      if (missing === 0) continue;
      this.unplacedTotal[w] += missing;
      this.unplaced[(this.epoch % BUCKETS) * 6 + w] += missing;
      this.version++;
    }
    this.read(world.time);
    let n = 0;
    for (let w = 0; w < 6; w++) for (let c = 0; c < this.nU[w] * this.nV[w]; c++) this.sorted[n++] = this.pressure[w * FACE_STRIDE + c];
    const cells = this.sorted.subarray(0, n).sort();
    const bottom = n > 0 ? cells[Math.floor(RANGE_TAIL * (n - 1))] : NaN;
    const top = n > 0 ? cells[Math.ceil((1 - RANGE_TAIL) * (n - 1))] : NaN;
    const [low, high] = colourRange(bottom, top, this.clock[LOW], this.clock[SCALE]);
    this.clock[LOW] = low;
    this.clock[SCALE] = high;
    const seconds = this.span(world.time);
    const faces: number[] = [];
    let all = 0;
    let off = 0;
    for (let w = 0; w < 6; w++) {
      const area = this.cellArea[w] * this.nU[w] * this.nV[w];
      faces.push(area > 0 && seconds > 0 ? this.faceImpulse[w] / (area * seconds) : NaN);
      all += this.faceImpulse[w];
      off += this.faceImpulse[w] - this.cellImpulse[w];
    }
    return { faces, scale: this.clock[SCALE], low: this.clock[LOW], unplaced: all > 0 ? off / all : 0, seconds, planar: this.planar };
  }

  /**
   * Sums the window into {@link pressure}, {@link faceImpulse} and {@link cellImpulse} (only when
   * something changed since the last read). `time`: the world's time now, s. Allocates nothing.
   */
  read(time: number): void {
    if (this.readVersion === this.version) return;
    this.readVersion = this.version;
    const seconds = this.span(time);
    this.faceImpulse.fill(0);
    this.cellImpulse.fill(0);
    for (let w = 0; w < 6; w++) {
      const cells = this.nU[w] * this.nV[w];
      const toPressure = this.cellArea[w] > 0 && seconds > 0 ? 1 / (this.cellArea[w] * seconds) : 0;
      for (let c = 0; c < cells; c++) {
        let sum = 0;
        for (let b = 0; b < BUCKETS; b++) sum += this.cells[(b * 6 + w) * FACE_STRIDE + c];
        this.pressure[w * FACE_STRIDE + c] = sum * toPressure;
        this.cellImpulse[w] += sum;
      }
      let off = 0;
      for (let b = 0; b < BUCKETS; b++) off += this.unplaced[b * 6 + w];
      this.faceImpulse[w] = this.cellImpulse[w] + off;
    }
  }

  /** Simulated seconds the window covers at `time`: from the older of its oldest bucket's start and the map's start. */
  span(time: number): number {
    const from = Math.max(this.clock[START], (this.epoch - BUCKETS + 1) * BUCKET_SECONDS);
    return Math.max(0, time - from);
  }

  /** The cell along axis `a` (of `n`) that coordinate x falls in; contact points outside the margin go to the edge cells. */
  private cellIndex(x: number, a: number, n: number): number {
    const h = this.half[a] - this.margin;
    if (!(h > 0)) return 0;
    const c = Math.floor(((x + h) / (2 * h)) * n);
    return c < 0 ? 0 : c >= n ? n - 1 : c;
  }

  /** Moves the newest bucket to time t's, emptying the buckets it passes (they fall out of the window). */
  private slideTo(t: number): void {
    const e = Math.floor(t / BUCKET_SECONDS);
    if (e <= this.epoch) return;
    const stop = Math.min(e, this.epoch + BUCKETS);
    for (let q = this.epoch + 1; q <= stop; q++) {
      const b = q % BUCKETS;
      this.cells.fill(0, b * 6 * FACE_STRIDE, (b + 1) * 6 * FACE_STRIDE);
      this.unplaced.fill(0, b * 6, (b + 1) * 6);
    }
    this.epoch = e;
    this.version++;
  }
}
