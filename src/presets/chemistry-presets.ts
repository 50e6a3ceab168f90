/**
 * The chemistry lessons: reactions decided at the exact instant of each hit (docs/physics.md,
 * section 10). Each is a gas of 300 equal spheres (radius 0.15 m, 4% of the box) whose species
 * react at a hard enough hit; its energies are given in units of the gas's starting kT, so that a
 * lesson's numbers read as "Ea = 4 kT". At about 300 hits a second, each shows what its line
 * says within a minute at normal speed.
 */
import { gasScene } from '../solver/index.ts';
import type { Reaction, Scene, SphereOptions } from '../solver/index.ts';

/** Spheres of a chemistry lesson. */
export const CHEM_COUNT = 300;
/** Their radius, m. */
export const CHEM_RADIUS = 0.15;
/** Their speed at the start, m/s. */
export const CHEM_SPEED = 2;
/** kT of the gas at the start, J: m v² / 3 for one speed (m at the default density). */
export const CHEM_KT = ((4 / 3) * Math.PI * CHEM_RADIUS ** 3 * CHEM_SPEED ** 2) / 3;

/** A gas of the lessons' spheres, sphere k of species `speciesOf(k)`, with thermal side walls at `wallKT` (none when null). */
function chemGas(seed: number, speciesOf: (k: number) => number, reactions: Reaction[], wallKT: number | null): Scene {
  const gas = gasScene({ count: CHEM_COUNT, packingFraction: 0.04, speed: CHEM_SPEED, radius: CHEM_RADIUS, seed });
  const spheres: SphereOptions[] = gas.spheres.map((s, k) => ({ ...s, species: speciesOf(k) }));
  return {
    ...gas,
    spheres,
    reactions,
    ...(wallKT !== null ? { walls: { '-x': { kT: wallKT }, '+x': { kT: wallKT } } } : {}),
  };
}

/** The effusion lesson's hole in the +x wall, m: about the mean free path (0.9 m), so the gas leaks out nearly one sphere at a time. */
export const EFFUSION_HOLE = 1;
/** The diffusion lesson's hole in the divider, m. */
export const DIFFUSION_HOLE = 1.2;

/**
 * The effusion lesson's gas: half the spheres A of mass 1 kg, half B of mass 4 kg, all at the same
 * kT (B at half A's speed), in a box with a square hole of side {@link EFFUSION_HOLE} in its +x wall.
 * A faster gas than the reactions' (6 m/s for A) so that a minute shows dozens leaving.
 */
function leakingGas(seed: number): Scene {
  const gas = gasScene({ count: CHEM_COUNT, packingFraction: 0.04, speed: 6, radius: CHEM_RADIUS, seed });
  const spheres: SphereOptions[] = gas.spheres.map((s, k) => {
    const heavy = k % 2 === 1;
    const v = s.velocity as number[];
    return { ...s, species: heavy ? 1 : 0, mass: heavy ? 4 : 1, velocity: heavy ? [v[0] / 2, v[1] / 2, v[2] / 2] : v };
  });
  return { ...gas, spheres, walls: { '+x': { hole: { width: EFFUSION_HOLE } } } };
}

/** Energies of the lessons, J (in units of the starting kT). */
export const CHEM_ENERGIES = {
  /** Collision theory: A + B → C + D over a barrier of 5 kT, releasing nothing. */
  collisionBarrier: 5 * CHEM_KT,
  /** The catalyst: A + A → P + P over 6 kT; A + K → P + K over 2 kT. */
  uncatalysed: 6 * CHEM_KT,
  catalysed: 2 * CHEM_KT,
  /** Equilibrium: A + B ⇌ C + D over 2 kT, releasing 1 kT (so K = e). */
  equilibriumBarrier: 2 * CHEM_KT,
  equilibriumReleased: CHEM_KT,
  /** Exothermic: A + B → C + D over 3 kT, releasing 3 kT. */
  exoBarrier: 3 * CHEM_KT,
  exoReleased: 3 * CHEM_KT,
} as const;

/** The chemistry lessons, in menu order (presets.ts lists them after the others, typed as presets). */
export const CHEMISTRY_PRESETS = [
  {
    id: 'collision-theory',
    title: 'Collision theory',
    watch: 'A and B react only when a hit brings Ea = 5 kT along the line of centres. The walls hold kT; double their kT in Thermodynamics and the rate climbs over tenfold, as k = π d² √(8kT/πμ) e^(−Ea/kT) predicts.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    build: (seed: number) => chemGas(seed, (k) => k % 2, [{ reactants: [0, 1], products: [2, 3], activationEnergy: CHEM_ENERGIES.collisionBarrier, energyReleased: 0 }], CHEM_KT),
  },
  {
    id: 'catalyst',
    title: 'A catalyst',
    watch: 'A meeting A must clear 6 kT to make P; on the 30 catalyst spheres K the barrier is only 2 kT. Over five times as much P is made on K as without it, and K is never used up.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    species: [{ symbol: 'A' }, { symbol: 'P' }, { symbol: 'K', role: 'catalyst' }],
    build: (seed: number) =>
      chemGas(
        seed,
        (k) => (k % 10 === 9 ? 2 : 0),
        [
          { reactants: [0, 0], products: [1, 1], activationEnergy: CHEM_ENERGIES.uncatalysed, energyReleased: 0 },
          { reactants: [0, 2], products: [1, 2], activationEnergy: CHEM_ENERGIES.catalysed, energyReleased: 0 },
        ],
        CHEM_KT,
      ),
  },
  {
    id: 'equilibrium',
    title: "Equilibrium and Le Chatelier's principle",
    watch: 'A + B ⇌ C + D releases 1 kT, so at equilibrium [C][D]/[A][B] = e¹ ≈ 2.7. Pump in 100 more A (Thermodynamics): the ratio drops, then more C and D form until it returns to about 2.7.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    build: (seed: number) =>
      chemGas(seed, (k) => k % 2, [{ reactants: [0, 1], products: [2, 3], activationEnergy: CHEM_ENERGIES.equilibriumBarrier, energyReleased: CHEM_ENERGIES.equilibriumReleased, reversible: true }], CHEM_KT),
  },
  {
    id: 'exothermic',
    title: 'An exothermic reaction',
    watch: 'No heat comes in through the plain walls, yet the gas warms as A and B react: each reaction releases 3 kT. The first law shows where it came from: ΔU equals the chemical energy released.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    build: (seed: number) => chemGas(seed, (k) => k % 2, [{ reactants: [0, 1], products: [2, 3], activationEnergy: CHEM_ENERGIES.exoBarrier, energyReleased: CHEM_ENERGIES.exoReleased }], null),
  },
  {
    id: 'effusion',
    title: "Effusion and Graham's law",
    watch: "A (mass 1) and B (mass 4), at the same temperature, leak through the small hole in the right wall into the vacuum outside. The light A leave about twice as fast, as Graham's law says: the rate goes as 1/√m, and √(4/1) = 2. In a minute about 60 A and 35 B leave (one run varies: count a few).",
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    build: (seed: number) => leakingGas(seed),
  },
  {
    id: 'diffusion',
    title: 'Diffusion through a hole',
    watch: 'A starts in the left half and B in the right, the same spheres apart from their colour. Through the hole in the divider each spreads into the other half, with no wind and no push: after a minute about a quarter of each half is the other species, after three minutes each half is nearly half A and half B.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'species',
    build: (seed: number) => {
      const gas = gasScene({ count: CHEM_COUNT, packingFraction: 0.04, speed: CHEM_SPEED, radius: CHEM_RADIUS, seed });
      const spheres: SphereOptions[] = gas.spheres.map((s) => ({ ...s, species: (s.position as number[])[0] < 0 ? 0 : 1 }));
      return { ...gas, spheres, divider: { axis: 'x' as const, position: 0, hole: { width: DIFFUSION_HOLE } } };
    },
  },
] as const;
