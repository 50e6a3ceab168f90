/**
 * The first law, measured: the thermodynamics readouts of a gas. At each sample (a few times a
 * second, when the store publishes) it reads the world's ledger (work by moving walls, heat from
 * thermal walls, energy lost in inelastic contacts: exact sums over collisions, kept by the
 * solver) beside the change of the spheres' energy since the experiment started, and the pressure,
 * volume and temperature, which it keeps as a path for the P–V diagram, and the heat added with
 * the temperature for the T–Q plot; and the temperature profile across the box. With square wells
 * the spheres' energy includes the wells' (minus their depth for each pair inside). A step participant only to follow the world's replacements; it does
 * nothing per step.
 */
import type { ReplaceCause, StepParticipant, WorldView } from '../runtime/index.ts';
import { SampleColumns } from './sample-columns.ts';

/** Slabs of the temperature profile across the box (along x). */
export const PROFILE_SLABS = 12;

/** The shortest sample window that measures a pressure, simulated s. */
export const MIN_WINDOW = 0.1;

/** Points the P–V path keeps (the oldest half is dropped when full). */
export const PATH_CAPACITY = 2000;

/** The P–V path's columns: volume, pressure and kT of each sample, oldest first. */
export class PvPath extends SampleColumns {
  readonly volume: Float64Array;
  readonly pressure: Float64Array;
  readonly kT: Float64Array;

  constructor(capacity = PATH_CAPACITY) {
    super(3, capacity, 'P–V path');
    [this.volume, this.pressure, this.kT] = this.columns;
  }
}

/** Points the T–Q path keeps (the oldest half is dropped when full). */
export const TQ_CAPACITY = 2000;

/**
 * The T–Q path's columns: the simulated time, the heat added since the experiment started (Q, J)
 * and the gas's kT (J) of each sample, oldest first. At a phase change kT stays flat while Q rises.
 */
export class TqPath extends SampleColumns {
  readonly time: Float64Array;
  readonly heat: Float64Array;
  readonly kT: Float64Array;

  constructor(capacity = TQ_CAPACITY) {
    super(3, capacity, 'T–Q path');
    [this.time, this.heat, this.kT] = this.columns;
  }
}

/** One sample of the ledger and the gas's state. */
export interface FirstLawReadout {
  /** Change of kinetic plus potential energy (plus the wells' energy, with wells) since the experiment started, J. */
  deltaU: number;
  /** Heat from thermal walls, J. */
  heat: number;
  /** Work by moving walls and pistons, J. */
  work: number;
  /** Energy lost in inelastic contacts, J. */
  lost: number;
  /** Energy released by reactions, J (negative: absorbed). */
  chemical: number;
  /** Energy carried out of the box by spheres that left through a hole in a wall since the start, J. */
  escaped: number;
  /** ΔU − (Q + W + chemical − lost − escaped): rounding only, J. */
  residual: number;
  /** The energy scale the residual is compared with (the size of the start's kinetic plus potential energy, plus that of its wells' energy), J. */
  scale: number;
  /** Pressure on the walls over the last sample window, Pa (N/m in the plane); NaN before a window closed. */
  pressure: number;
  /** The volume the centres can reach (the box short by a diameter each way), m³ (m² in the plane). */
  volume: number;
  /** kT, J. */
  kT: number;
}

/** A readout before any sample. */
export const EMPTY_FIRST_LAW: FirstLawReadout = { deltaU: 0, heat: 0, work: 0, lost: 0, chemical: 0, escaped: 0, residual: 0, scale: 0, pressure: NaN, volume: NaN, kT: 0 };

/** What the instrument reads of the simulation. */
export interface FirstLawSource {
  readonly world: WorldView;
}

/** The first-law ledger, the P–V path and the temperature profile of a run. */
export class FirstLaw implements StepParticipant {
  /** The P–V path: volume, pressure and kT of each sample with a pressure, oldest first. */
  readonly path = new PvPath();
  /** The T–Q path: heat added and kT at each sample, oldest first. */
  readonly heatPath = new TqPath();
  /** The temperature profile: slab centres (x, m) and kT in each (NaN for an empty slab). */
  readonly profile = { x: new Float64Array(PROFILE_SLABS), kT: new Float64Array(PROFILE_SLABS).fill(NaN) };
  /** The last sample. */
  last: FirstLawReadout = EMPTY_FIRST_LAW;
  /** Energy, work, heat and loss when the ledger started; the residual carried over edits. */
  private start = { energy: 0, scale: 0, work: 0, heat: 0, lost: 0, chemical: 0, escaped: 0, offset: 0 };
  private window = { time: 0, impulse: 0 };

  constructor(private readonly sim: FirstLawSource) {
    this.reset();
  }

  /** A new scene: the ledger starts from it, the path is cleared. */
  worldReplaced(cause: ReplaceCause): void {
    if (cause === 'built') this.reset();
    else if (cause === 'adopted' || cause === 'rewound') this.carry();
  }

  /** An edit or a live change may move energy outside the ledger (a sphere dragged, the divider put in): the residual is carried from here. */
  worldChanged(): void {
    this.carry();
  }

  /** Starts the ledger at the world as it is. */
  reset(): void {
    const w = this.sim.world;
    const s = w.stats();
    // With wells the energy may pass through 0 (a liquid: kinetic energy less the wells' depth); the scale does not.
    this.start = { energy: s.kineticEnergy + s.potentialEnergy + s.wellEnergy, scale: Math.abs(s.kineticEnergy + s.potentialEnergy) + Math.abs(s.wellEnergy), work: s.work, heat: s.heat, lost: s.energyLost, chemical: s.chemical, escaped: s.escapedEnergy, offset: 0 };
    this.window = { time: s.time, impulse: s.wallImpulse };
    this.path.clear();
    this.heatPath.clear();
    this.profile.kT.fill(NaN);
    this.last = { ...EMPTY_FIRST_LAW, scale: this.start.scale, kT: kTOf(w) };
  }

  /** The residual so far is kept as an offset, so that the shown one counts from now; the T–Q path's later points go (a new future). */
  private carry(): void {
    const r = this.read(false);
    this.start.offset += r.residual;
    const h = this.heatPath;
    let keep = h.length;
    while (keep > 0 && h.time[keep - 1] > this.sim.world.time) keep--;
    h.keep(keep);
    const s = this.sim.world.stats();
    this.window = { time: s.time, impulse: s.wallImpulse };
  }

  /** Takes a sample (when the store publishes): the ledger, P, V, kT, a point of the path, and the profile. */
  sample(): FirstLawReadout {
    this.last = this.read(true);
    return this.last;
  }

  private read(record: boolean): FirstLawReadout {
    const w = this.sim.world;
    const s = w.stats();
    const u = s.kineticEnergy + s.potentialEnergy + s.wellEnergy - this.start.energy;
    const work = s.work - this.start.work;
    const heat = s.heat - this.start.heat;
    const lost = s.energyLost - this.start.lost;
    const chemical = s.chemical - this.start.chemical;
    const escaped = s.escapedEnergy - this.start.escaped;
    const residual = u - (heat + work + chemical - lost - escaped) - this.start.offset;
    const b = w.bounds;
    const planar = w.options.planar;
    const r = meanRadius(w);
    // The box the centres can reach (each side short by a diameter): its volume, and the area of
    // its faces, over which the walls' impulse is spread (as the readouts' pressure gauge does).
    const a0 = Math.max(0, b[1] - b[0] - 2 * r);
    const a1 = Math.max(0, b[3] - b[2] - 2 * r);
    const a2 = planar ? 1 : Math.max(0, b[5] - b[4] - 2 * r);
    const volume = a0 * a1 * a2;
    const area = planar ? 2 * (a0 + a1) : 2 * (a0 * a1 + a1 * a2 + a2 * a0);
    const dt = s.time - this.window.time;
    // A window shorter than MIN_WINDOW (a publish right after an action) keeps the last pressure.
    const closes = dt >= MIN_WINDOW;
    const pressure = closes ? (s.wallImpulse - this.window.impulse) / (dt * area) : this.last.pressure;
    const kT = kTOf(w);
    if (record) {
      if (closes) {
        this.window = { time: s.time, impulse: s.wallImpulse };
        this.push(volume, pressure, kT);
      }
      this.fillProfile(w);
      const h = this.heatPath;
      if (h.length === 0 || s.time > h.time[h.length - 1]) {
        const k = h.addRow();
        h.time[k] = s.time;
        h.heat[k] = heat;
        h.kT[k] = kT;
      }
    }
    return { deltaU: u, heat, work, lost, chemical, escaped, residual, scale: Math.max(this.start.scale, 1e-300), pressure, volume, kT };
  }

  private push(volume: number, pressure: number, kT: number): void {
    const p = this.path;
    const k = p.addRow();
    p.volume[k] = volume;
    p.pressure[k] = pressure;
    p.kT[k] = kT;
  }

  /** Scratch of {@link fillProfile}: each slab's kinetic energy and spheres. */
  private readonly slabEnergy = new Float64Array(PROFILE_SLABS);
  private readonly slabCount = new Float64Array(PROFILE_SLABS);

  /** kT in each slab across x ({@link kTOfKinetic}; NaN for an empty slab). Allocates nothing. */
  private fillProfile(w: WorldView): void {
    const b = w.boundsView;
    const width = (b[1] - b[0]) / PROFILE_SLABS;
    const sum = this.slabEnergy.fill(0);
    const n = this.slabCount.fill(0);
    const p = w.positions;
    const v = w.velocities;
    const m = w.masses;
    for (let i = 0; i < w.count; i++) {
      if (m[i] === Infinity) continue;
      const k = Math.min(PROFILE_SLABS - 1, Math.max(0, Math.floor((p[3 * i] - b[0]) / width)));
      sum[k] += 0.5 * m[i] * (v[3 * i] ** 2 + v[3 * i + 1] ** 2 + v[3 * i + 2] ** 2);
      n[k]++;
    }
    for (let k = 0; k < PROFILE_SLABS; k++) {
      this.profile.x[k] = b[0] + (k + 0.5) * width;
      this.profile.kT[k] = kTOfKinetic(sum[k], n[k], w.options.planar);
    }
  }

  /**
   * The isotherm and the adiabat through the path's first point, at volume v: P0 V0 / V and
   * P0 (V0 / V)^γ, γ = 5/3 in 3D and 2 in the plane (an ideal gas of hard spheres; NaN before the
   * path has a point).
   */
  curves(v: number): { isotherm: number; adiabat: number } {
    if (this.path.length === 0) return { isotherm: NaN, adiabat: NaN };
    const v0 = this.path.volume[0];
    const p0 = this.path.pressure[0];
    const gamma = this.sim.world.options.planar ? 2 : 5 / 3;
    return { isotherm: (p0 * v0) / v, adiabat: p0 * (v0 / v) ** gamma };
  }
}

/** Mean radius of the free spheres, m. */
export function meanRadius(w: WorldView): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < w.count; i++) {
    if (w.masses[i] === Infinity) continue;
    sum += w.radii[i];
    n++;
  }
  return n > 0 ? sum / n : 0;
}

/**
 * kT of `spheres` free spheres that hold `kinetic` J of kinetic energy between them: (2/3) of the
 * mean in 3D, the mean itself in the plane (two degrees of freedom a sphere). NaN for no sphere.
 */
export function kTOfKinetic(kinetic: number, spheres: number, planar: boolean): number {
  return spheres > 0 ? ((planar ? 1 : 2 / 3) * kinetic) / spheres : NaN;
}

/** kT of the free spheres (0 without one). */
function kTOf(w: WorldView): number {
  const s = w.stats();
  let n = 0;
  for (let i = 0; i < w.count; i++) if (w.masses[i] !== Infinity) n++;
  return n > 0 ? kTOfKinetic(s.kineticEnergy, n, w.options.planar) : 0;
}
