/**
 * Colour ramps for the spheres: a lookup table of linear RGB triples, so that colouring a sphere
 * in the frame loop is an index and three copies, with no allocation.
 */
import { Color } from 'three';
import { SPECIES_COLOURS } from '../presets/species.ts';
import { MAX_SPECIES } from '../solver/index.ts';
import { NEIGHBOUR_TOP } from '../instruments/index.ts';

/** Entries in each lookup table. */
export const RAMP_SIZE = 256;

/** Builds a table of RAMP_SIZE linear RGB triples through evenly spaced sRGB colour stops. */
function buildRamp(stops: readonly string[]): Float32Array {
  const out = new Float32Array(3 * RAMP_SIZE);
  const a = new Color();
  const b = new Color();
  for (let k = 0; k < RAMP_SIZE; k++) {
    const u = (k / (RAMP_SIZE - 1)) * (stops.length - 1);
    const i = Math.min(Math.floor(u), stops.length - 2);
    a.set(stops[i]);
    b.set(stops[i + 1]);
    a.lerp(b, u - i);
    out[3 * k] = a.r;
    out[3 * k + 1] = a.g;
    out[3 * k + 2] = a.b;
  }
  return out;
}

/** Slow to fast: deep blue, teal, sand, coral. */
export const SPEED_RAMP = buildRamp(['#2f4fb8', '#1f9fd0', '#35c9a6', '#e9c46a', '#f28c5b', '#e4505f']);

/** Light to heavy: pale lilac to deep violet through rose. */
export const MASS_RAMP = buildRamp(['#a8e6cf', '#7cc6e8', '#8f8ff0', '#c36fd6', '#e45f93']);

/**
 * The neighbour shading's colours, sRGB, entry k for k bound neighbours (0 to NEIGHBOUR_TOP): a
 * free sphere (the gas) grey-blue, then pale mint through teal and blue to deep violet as more
 * neighbours hold it. The legend draws them too.
 */
export const NEIGHBOUR_COLOURS: readonly string[] = ['#7f8aa0', '#c4f0dc', '#94e0c4', '#5cc8b0', '#35a9b5', '#3588c4', '#4867c8', '#5d4dc2', '#6f3cb0'];

/** The neighbour shading, linear RGB (see {@link NEIGHBOUR_COLOURS}). */
export const NEIGHBOUR_TABLE = buildTable(NEIGHBOUR_TOP + 1, (k) => NEIGHBOUR_COLOURS[k]);

/** Entries of the species table: one per species the solver allows, the palette repeating. */
export const SPECIES_SIZE = MAX_SPECIES;

/** Each species' colour (species k at 3 k), linear RGB, from the colour-blind-safe palette. */
export const SPECIES_TABLE = buildTable(SPECIES_SIZE, (k) => SPECIES_COLOURS[k % SPECIES_COLOURS.length]);

function buildTable(n: number, colour: (k: number) => string): Float32Array {
  const out = new Float32Array(3 * n);
  const c = new Color();
  for (let k = 0; k < n; k++) {
    c.set(colour(k));
    out[3 * k] = c.r;
    out[3 * k + 1] = c.g;
    out[3 * k + 2] = c.b;
  }
  return out;
}

/** The ramp index of a value in [0, 1] (clamped; NaN maps to 0). */
export function rampIndex(u: number): number {
  if (!(u > 0)) return 0;
  if (u >= 1) return RAMP_SIZE - 1;
  return Math.floor(u * (RAMP_SIZE - 1) + 0.5);
}

/** What {@link SphereColoring} reads from the simulation. */
export interface ColoringSim {
  /** Number of spheres. */
  readonly count: number;
  /** Velocities, x y z interleaved. */
  readonly velocities: Float64Array;
  /** Masses. */
  readonly masses: Float64Array;
  /** The world's simulated time, and each sphere's species by slot (read only when colouring by species). */
  readonly world: { readonly time: number; readonly species: Int32Array };
}

/** What {@link SphereColoring.begin} reads from the store's state each frame. */
export interface ColoringState {
  /** Colour mode and the speeds that set the top of the speed ramp. */
  readonly settings: { readonly colorBy: string; readonly gravityOn: boolean; readonly gravity: number; readonly boxSize: number; readonly speed: number };
  /** The running classroom preset, or null. */
  readonly preset: string | null;
  /** The readouts' simulated time of each sphere's last collision, by slot. */
  readonly instruments: {
    readonly readouts: { readonly lastHit: Float64Array };
    readonly reactions: { readonly inPlay: boolean };
    /** Each sphere's bound neighbours at the last sample (a world with wells); absent: never shaded by neighbours. */
    readonly drops?: { readonly active: boolean; neighboursOf(slot: number): number };
  };
  /** Whether the collision flash is switched on. */
  readonly aids: { readonly flash: boolean };
  /** Reduced motion turns the flash off. */
  readonly reducedMotion: boolean;
}

/**
 * The colour of each sphere, shared by the sphere renderers: colour by speed or by mass through
 * the lookup ramps, by species or by bound neighbours through their tables, and the collision flash. {@link rescan} once per scene, {@link begin} once per
 * frame, then {@link rampOffset} and {@link flashOf} per sphere; nothing is allocated after
 * construction.
 */
export class SphereColoring {
  /** The ramp in use this frame ({@link SPEED_RAMP} or {@link MASS_RAMP}). */
  ramp: Float32Array = SPEED_RAMP;
  /** Whether spheres are coloured by speed this frame. */
  bySpeed = true;
  /** Whether spheres are coloured by species this frame (the mode is species and the scene has more than one, or reactions). */
  bySpecies = false;
  /** Whether spheres are shaded by their bound neighbours this frame (the mode is neighbours and the world has wells). */
  byNeighbours = false;
  /** Whether the collision flash is shown this frame. */
  flash = false;
  private invRef = 1;
  private logMin = 0;
  private logSpan = 1;
  private topSpeed = 1;
  private hits: Float64Array = new Float64Array(0);
  private now = 0;
  /** Slot i has its own colour (a built scene's sphere with a `color`). */
  private own = new Uint8Array(0);
  private anyOwn = false;
  /** Each ramp followed by the spheres' own colours, by slot (made on rescan, read per frame). */
  private speedOwn: Float32Array = SPEED_RAMP;
  private massOwn: Float32Array = MASS_RAMP;
  private speciesOwn: Float32Array = SPECIES_TABLE;
  private neighboursOwn: Float32Array = NEIGHBOUR_TABLE;
  private drops: { neighboursOf(slot: number): number } | null = null;
  /** Each sphere's species by slot this frame (when colouring by species). */
  private species: Int32Array = new Int32Array(0);

  /**
   * Reads the scene's mass range and fastest sphere (the ends of the ramps), and the spheres' own
   * colours (`ownColour(slot)`: a CSS colour, or undefined for the scheme's); call on each rebuild.
   */
  rescan(sim: ColoringSim, ownColour: (slot: number) => string | undefined = () => undefined): void {
    const n = sim.count;
    this.own = new Uint8Array(n);
    this.anyOwn = false;
    const colours = new Float32Array(3 * n);
    const c = new Color();
    for (let i = 0; i < n; i++) {
      const css = ownColour(i);
      if (css === undefined) continue;
      c.set(css);
      colours[3 * i] = c.r;
      colours[3 * i + 1] = c.g;
      colours[3 * i + 2] = c.b;
      this.own[i] = 1;
      this.anyOwn = true;
    }
    if (this.anyOwn) {
      this.speedOwn = new Float32Array(3 * RAMP_SIZE + 3 * n);
      this.speedOwn.set(SPEED_RAMP);
      this.speedOwn.set(colours, 3 * RAMP_SIZE);
      this.massOwn = new Float32Array(3 * RAMP_SIZE + 3 * n);
      this.massOwn.set(MASS_RAMP);
      this.massOwn.set(colours, 3 * RAMP_SIZE);
      this.speciesOwn = new Float32Array(3 * RAMP_SIZE + 3 * n);
      this.speciesOwn.set(SPECIES_TABLE);
      this.speciesOwn.set(colours, 3 * RAMP_SIZE);
      this.neighboursOwn = new Float32Array(3 * RAMP_SIZE + 3 * n);
      this.neighboursOwn.set(NEIGHBOUR_TABLE);
      this.neighboursOwn.set(colours, 3 * RAMP_SIZE);
    }
    const masses = sim.masses;
    const vel = sim.velocities;
    let lo = Infinity;
    let hi = 0;
    let fastest = 0;
    for (let i = 0; i < sim.count; i++) {
      const m = masses[i];
      if (m < lo) lo = m;
      if (m > hi) hi = m;
      fastest = Math.max(fastest, Math.hypot(vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]));
    }
    this.topSpeed = fastest;
    this.logMin = lo > 0 && Number.isFinite(lo) ? Math.log(lo) : 0;
    this.logSpan = hi > lo && Number.isFinite(hi) ? Math.log(hi) - this.logMin : 1;
  }

  /** Reads this frame's colour mode, speed scale and flash state. */
  begin(state: ColoringState, sim: ColoringSim): void {
    const settings = state.settings;
    this.chooseTable(settings.colorBy, state.instruments, sim);
    // Speeds above about twice the initial speed (or the speed of a fall across the box) are red.
    const fall = settings.gravityOn ? Math.sqrt(settings.gravity * settings.boxSize) : 0;
    this.invRef = 1 / (1.8 * Math.max(state.preset === null ? settings.speed : 0.6 * this.topSpeed, fall, 1e-3));
    this.flash = state.aids.flash && !state.reducedMotion;
    this.hits = state.instruments.readouts.lastHit;
    this.now = sim.world.time;
  }

  /**
   * This frame's colour mode and its table. Colouring by species in a scene of one species and no
   * reactions shows the speeds instead; shading by neighbours in a world without wells likewise.
   * A method of its own, with no arithmetic, so that {@link begin} stays small enough for V8 to
   * inline it into the renderers' frame methods (on its own, called once a frame, it would run
   * unoptimized for many frames and box every number it computes).
   */
  private chooseTable(colorBy: string, instruments: ColoringState['instruments'], sim: ColoringSim): void {
    const drops = instruments.drops;
    this.bySpecies = colorBy === 'species' && instruments.reactions.inPlay;
    this.byNeighbours = colorBy === 'neighbours' && drops !== undefined && drops.active;
    this.bySpeed = colorBy === 'speed' || (colorBy === 'species' && !this.bySpecies) || (colorBy === 'neighbours' && !this.byNeighbours);
    if (this.bySpecies) this.species = sim.world.species;
    this.drops = this.byNeighbours ? drops! : null;
    const own = this.anyOwn;
    this.ramp = this.bySpecies ? (own ? this.speciesOwn : SPECIES_TABLE) : this.byNeighbours ? (own ? this.neighboursOwn : NEIGHBOUR_TABLE) : this.bySpeed ? (own ? this.speedOwn : SPEED_RAMP) : own ? this.massOwn : MASS_RAMP;
  }

  /** Ramp coordinate per m/s of speed this frame (speed times this, clamped to [0, 1], picks the colour). */
  get speedScale(): number {
    return this.invRef;
  }

  /** Natural log of the lightest mass of the scene (the bottom of the mass ramp). */
  get massLogMin(): number {
    return this.logMin;
  }

  /** Natural log of the mass range of the scene (heaviest over lightest; 1 when all are equal). */
  get massLogSpan(): number {
    return this.logSpan;
  }

  /** Ramp coordinate of a mass on the mass ramp (lightest of the scene 0, heaviest 1; not clamped). */
  massCoordinate(mass: number): number {
    return (Math.log(mass) - this.logMin) / this.logSpan;
  }

  /** Offset into {@link ramp} (three times the ramp index) of sphere `i`'s colour. */
  rampOffset(i: number, velocities: Float64Array, masses: Float64Array): number {
    if (this.anyOwn && this.own[i] === 1) return 3 * RAMP_SIZE + 3 * i;
    if (this.bySpecies) return i < this.species.length ? 3 * (this.species[i] & (SPECIES_SIZE - 1)) : 0;
    if (this.drops !== null) {
      const k = this.drops.neighboursOf(i);
      return 3 * (k < NEIGHBOUR_TOP ? k : NEIGHBOUR_TOP);
    }
    const b = 3 * i;
    const u = this.bySpeed
      ? Math.sqrt(velocities[b] * velocities[b] + velocities[b + 1] * velocities[b + 1] + velocities[b + 2] * velocities[b + 2]) * this.invRef
      : this.massCoordinate(masses[i]);
    return 3 * rampIndex(u);
  }

  /** Strength of sphere `i`'s collision flash this frame: 1 at the collision, fading to 0 (0 when off). */
  flashOf(i: number, flashSeconds: number): number {
    if (!this.flash || i >= this.hits.length) return 0;
    const f = 1 - (this.now - this.hits[i]) / flashSeconds;
    return f > 0 ? f : 0;
  }
}
