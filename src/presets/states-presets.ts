/**
 * The states-of-matter lessons: spheres that attract by a square well between every pair
 * (docs/physics.md, section 11). presets.ts lists them after the chemistry lessons, typed as presets.
 */
import { condensingGasScene, type Scene } from '../solver/index.ts';

/** Spheres of the condensation lesson. */
export const CONDENSATION_COUNT = 300;
/** Their radius, m: a drop of a few dozen is plain to see in the 17 m box. */
export const CONDENSATION_RADIUS = 0.5;
/** The fraction of the box they fill: dense enough that most are in drops within a minute, thin enough that the drops are seen to gather. */
export const CONDENSATION_PACKING = 0.03;
/** The left and right walls' kT in units of the well's depth ε: half the critical 1.22 ε of a well of range 1.5. */
export const CONDENSATION_KT = 0.6;
/** The well's range, in sums of radii (condensingGasScene's default). */
export const CONDENSATION_RANGE = 1.5;

/**
 * The condensation lesson's scene for `seed`: the condensing gas with only its left and right walls
 * thermal (the walls the settings hold: leftKT, rightKT), the other four plain.
 */
export function condensationScene(seed: number): Scene {
  const gas = condensingGasScene({ count: CONDENSATION_COUNT, packingFraction: CONDENSATION_PACKING, radius: CONDENSATION_RADIUS, temperature: CONDENSATION_KT, range: CONDENSATION_RANGE, seed });
  return { ...gas, walls: { '-x': { ...gas.walls?.['-x'] }, '+x': { ...gas.walls?.['+x'] } } };
}

/** The states-of-matter lessons, in menu order. */
export const STATES_PRESETS = [
  {
    id: 'condensation',
    title: 'Condensation: a gas cooled into drops',
    watch:
      'Every pair of spheres attracts within 1.5 diameters by a well of depth ε (Settings, Attraction: 1 J), and the left and right walls hold kT = 0.6 ε, below the 1.2 ε above which no drops form. Spheres that meet stick once the walls take away the energy they gained: after 20 seconds about 6 of every 10 spheres are in drops of 6 or more, after a minute about 2 of every 3, and the drops keep merging. The spheres stay warmer than the walls, near kT = 0.85 ε: every pair that binds frees ε.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: condensationScene,
  },
] as const;
