/**
 * The states-of-matter lessons that start from a liquid: a drop boiling under a free piston, a drop
 * cooling as its fastest spheres escape through the open top, and a liquid layer freezing into a crystal
 * (docs/physics.md, section 11). Every pair attracts by one square well of depth 1 J, so kT reads in
 * units of the depth ε. The spheres are light (0.052 kg) so that a lesson's minutes of molecular
 * motion pass in a minute or two of simulated time. A weak gravity of 0.1 m/s² keeps the liquid on
 * the floor: m g over 10 m is 0.05 ε, and the weight of all 300 spheres spread over the boiling
 * lesson's floor is a quarter of its piston's pressure.
 */
import { Random } from '../solver/index.ts';
import type { Scene, SphereOptions } from '../solver/index.ts';

/** Radius of every sphere, m. */
export const LIQUID_RADIUS = 0.5;
/** Mass of every sphere, kg: a density of 0.1 kg/m³, for fast molecular motion. */
export const LIQUID_MASS = (4 / 3) * Math.PI * LIQUID_RADIUS ** 3 * 0.1;
/** The well's depth ε, J: temperatures below are in units of it. */
export const LIQUID_DEPTH = 1;
/** Gravity, m/s² (downwards). */
export const LIQUID_GRAVITY = 0.1;
/** Spheres in each lesson. */
export const LIQUID_COUNT = 300;
/** Spacing of the cubic lattice a drop starts on, m: inside the well (1.5 diameters), looser than the liquid, so it settles into a liquid at once. */
const DROP_SPACING = 1.15;

/** The boiling lesson's box, m: the hot walls ±x touch the drop, the piston has room to rise. */
export const BOILING_SIZE: readonly [number, number, number] = [10, 50, 20];
/** The weight on the piston, N: a pressure of 6 / (10 × 20) = 0.03 Pa, at which the liquid boils near kT = 1.1 ε. */
export const BOILING_FORCE = 6;
/** The piston's mass, kg. */
export const BOILING_PISTON_MASS = 5;
/** The hot walls' kT, in ε. */
export const BOILING_KT = 1.6;
/** The drop's starting kT, in ε: it settles near the boiling point as the lattice relaxes. */
export const BOILING_START_KT = 0.9;

/** The evaporation lesson's cubic box, m; its top is open (a hole as wide as the box). */
export const EVAPORATION_SIDE = 12;
/** The drop's starting kT, in ε. */
export const EVAPORATION_START_KT = 0.9;

/**
 * The freezing lesson's well range, in sums of radii: short, so that only touching neighbours bind and
 * hexagonal packing binds the most pairs (six a sphere). With 1.5 a square lattice binds eight,
 * its diagonals inside the well, and the layer sets into no clear order.
 */
export const FREEZING_RANGE = 1.25;
/** The freezing lesson's box, m (a plane: its depth holds one layer). */
export const FREEZING_SIZE: readonly [number, number, number] = [20, 20, 2.5 * LIQUID_RADIUS];
/** The cold walls' kT, in ε: cold enough to freeze the layer (it orders at 0.5 ε too), warm enough that it cools over half a minute. */
export const FREEZING_KT = 0.25;
/** The layer's starting kT, in ε. */
export const FREEZING_START_KT = 0.8;
/** Spacing of the square lattice the layer starts on, m. */
const LAYER_SPACING = 1.05;

/** A velocity drawn from the Maxwell-Boltzmann distribution at kT for the lessons' mass, in 3D or the plane. */
function thermalVelocity(rng: Random, kT: number, planar: boolean): [number, number, number] {
  const s = Math.sqrt(kT / LIQUID_MASS);
  return [rng.normal() * s, rng.normal() * s, planar ? 0 : rng.normal() * s];
}

/**
 * A drop of `count` spheres on a cubic lattice, the lattice points nearest its centre, resting on
 * the floor of a box of height `height` (centre at x = z = 0), at kT (J).
 */
function restingDrop(count: number, height: number, kT: number, seed: number): SphereOptions[] {
  const rng = new Random(seed);
  const reach = Math.ceil(Math.cbrt(count));
  const points: [number, number, number][] = [];
  for (let i = -reach; i <= reach; i++) for (let j = -reach; j <= reach; j++) for (let k = -reach; k <= reach; k++) points.push([i, j, k]);
  const norm = (p: readonly number[]): number => p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
  points.sort((p, q) => norm(p) - norm(q));
  const taken = points.slice(0, count);
  const lowest = Math.min(...taken.map((p) => p[1]));
  // The lowest layer a hair above the floor.
  const lift = -height / 2 + LIQUID_RADIUS * 1.02 - lowest * DROP_SPACING;
  return taken.map((p) => ({
    position: [p[0] * DROP_SPACING, p[1] * DROP_SPACING + lift, p[2] * DROP_SPACING],
    velocity: thermalVelocity(rng, kT, false),
    radius: LIQUID_RADIUS,
    mass: LIQUID_MASS,
  }));
}

/** The highest point of any sphere, m. */
const topOf = (spheres: readonly SphereOptions[]): number => Math.max(...spheres.map((s) => (s.position as number[])[1] + (s.radius ?? 0)));

/** The world options of the lessons: elastic spheres and walls (wells under gravity need e = 1), weak gravity. */
function liquidOptions(size: readonly [number, number, number], planar = false): Scene['options'] {
  return { size: [...size], planar, restitution: 1, wallRestitution: 1, gravity: [0, -LIQUID_GRAVITY, 0] };
}

/** The boiling lesson: a drop on the floor under a free piston 2 m above it, between walls at {@link BOILING_KT}. */
export function boilingScene(seed: number): Scene {
  const spheres = restingDrop(LIQUID_COUNT, BOILING_SIZE[1], BOILING_START_KT * LIQUID_DEPTH, seed);
  const kT = BOILING_KT * LIQUID_DEPTH;
  return {
    options: liquidOptions(BOILING_SIZE),
    spheres,
    walls: { '+y': { position: topOf(spheres) + 2, piston: { mass: BOILING_PISTON_MASS, force: BOILING_FORCE } }, '-x': { kT }, '+x': { kT } },
    wells: [{ range: 1.5, depth: LIQUID_DEPTH }],
  };
}

/** The evaporation lesson: a drop on the floor of a box with no lid and no thermal walls. */
export function evaporationScene(seed: number): Scene {
  return {
    options: liquidOptions([EVAPORATION_SIDE, EVAPORATION_SIDE, EVAPORATION_SIDE]),
    spheres: restingDrop(LIQUID_COUNT, EVAPORATION_SIDE, EVAPORATION_START_KT * LIQUID_DEPTH, seed),
    walls: { '+y': { hole: { width: EVAPORATION_SIDE } } },
    wells: [{ range: 1.5, depth: LIQUID_DEPTH }],
  };
}

/**
 * The freezing lesson: a layer in the plane, on a square lattice across the floor (a liquid at
 * once at its starting kT), between cold walls at `wallKT` ε ({@link FREEZING_KT} in the lesson).
 */
export function freezingScene(seed: number, wallKT = FREEZING_KT): Scene {
  const rng = new Random(seed);
  const [width, height] = FREEZING_SIZE;
  const edge = -width / 2 + LIQUID_RADIUS * 1.02;
  const columns = Math.floor((width - 2.04 * LIQUID_RADIUS) / LAYER_SPACING) + 1;
  const spheres: SphereOptions[] = [];
  for (let k = 0; k < LIQUID_COUNT; k++) {
    const column = k % columns;
    const row = Math.floor(k / columns);
    spheres.push({
      position: [edge + column * LAYER_SPACING, -height / 2 + LIQUID_RADIUS * 1.02 + row * LAYER_SPACING, 0],
      velocity: thermalVelocity(rng, FREEZING_START_KT * LIQUID_DEPTH, true),
      radius: LIQUID_RADIUS,
      mass: LIQUID_MASS,
    });
  }
  const kT = wallKT * LIQUID_DEPTH;
  return {
    options: liquidOptions(FREEZING_SIZE, true),
    spheres,
    walls: { '-x': { kT }, '+x': { kT } },
    wells: [{ range: FREEZING_RANGE, depth: LIQUID_DEPTH }],
  };
}

/** The lessons, in menu order (after the condensation lesson). */
export const STATES_LESSONS = [
  {
    id: 'boiling',
    title: 'Boiling at constant pressure',
    watch:
      "A drop of 300 attracting spheres lies under a free piston whose weight keeps the pressure at 0.03 Pa, and the side walls at kT = 1.6 ε heat it. Watch the liquid's temperature (Liquid kT in the readouts, and the liquid's line in the T–Q plot under First law): while the drop boils from about 250 spheres down to 100, in about 20 seconds, it holds between 1.0 and 1.3 ε as the heat added Q climbs by 700 to 950 J. The heat goes into the wells: each sphere that leaves the drop breaks its bonds, about 2.5 ε a sphere, and the well energy climbs from about −700 J to −100 J while the piston rises. The vapour beside the hot walls is warmer, 1.2 to 1.5 ε, so the temperature of all the spheres climbs as more of them boil; once the drop is gone the gas reaches the walls' 1.6 ε.",
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed: number) => boilingScene(seed),
  },
  {
    id: 'evaporation',
    title: 'Evaporative cooling',
    watch:
      'A warm drop (kT ≈ 0.9 ε) of 300 attracting spheres sits in a box with no lid, and no wall heats it. Only spheres fast enough to break free of their neighbours leave it, and those that fly out through the top are gone: in half a minute about half of them, and the drop left behind cools to about 0.7 ε, after a minute about 0.6 ε, when hardly any still escape. Each sphere that escapes carries away about +1 J, while those that stay hold about −3 J each in their wells: every escape takes more than its share, so the liquid left behind is colder.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed: number) => evaporationScene(seed),
  },
  {
    id: 'freezing',
    title: 'Freezing: a crystal grows',
    watch:
      'A layer of 300 spheres in a plane, attracting only when nearly touching, is cooled by the side walls at kT = 0.25 ε. Within half a minute it freezes: the spheres settle into rows, each among six neighbours, and in most runs one crystal, its rows all one way, fills most of the layer. Set both walls to 0.02 ε at the start and it freezes at once into many small crystals turned different ways.',
    mode: 'planar',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed: number) => freezingScene(seed),
  },
] as const;
