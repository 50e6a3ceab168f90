/**
 * Classroom presets: ready experiments, each a seeded scene plus a one-line explanation of what
 * to watch. Pure data over the solver's scene builders (no React, no store), so that tests,
 * the app and shared links build exactly the same worlds.
 */
import { gasScene, Random } from '../solver/index.ts';
import type { Scene, SphereOptions } from '../solver/index.ts';
import type { SpeciesName } from './species.ts';
import { CHEMISTRY_PRESETS } from './chemistry-presets.ts';
import { STATES_PRESETS } from './states-presets.ts';
import { STATES_LESSONS } from './states-lessons.ts';

/** How the spheres are confined inside the 3D box. */
export type PresetMode = '3d' | 'planar' | 'line';

/**
 * A group of readouts a lesson is about: the energies, the momentum, the gas's temperature and
 * wall pressure (beside the ideal gas's), and the collision counts.
 */
export type ReadoutGroup = 'energy' | 'momentum' | 'gas' | 'collisions';

/** Every readout group, in the order the readouts show them (the free sandbox shows all). */
export const READOUT_GROUPS: readonly ReadoutGroup[] = ['energy', 'momentum', 'gas', 'collisions'];

/** A sphere a lesson is about: selected when the preset starts, so the inspector and its marker show it. */
export interface PresetFocus {
  /** Id of the sphere in the built scene. */
  sphere: number;
  /** Whether its trail is drawn from the start (the visual aid). */
  trail: boolean;
}

/** A ready experiment. */
export interface Preset {
  /** Stable id, used in shared links. */
  id: string;
  /** Short title for menus. */
  title: string;
  /** One line on what to watch. */
  watch: string;
  /** Where the spheres move: the whole box, the plane z = 0, or the x axis. */
  mode: PresetMode;
  /** Builds the scene; `seed` varies whatever is random in it. */
  build(seed: number): Scene;
  /** The readouts the lesson needs, shown first; the others are one click away. */
  readouts: readonly ReadoutGroup[];
  /** A sphere the lesson is about, if any. */
  focus?: PresetFocus;
  /** A thermodynamics lesson: the Thermodynamics controls and the first-law readouts open with it. */
  thermo?: boolean;
  /** The colouring the lesson needs (for instance 'mass' to tell two gases apart). */
  colorBy?: 'speed' | 'mass' | 'species' | 'neighbours';
  /** The names of the scene's species, by number (the rest are A, B, C ...); see species.ts. */
  species?: readonly SpeciesName[];
}

const pair = (a: SphereOptions, b: SphereOptions, size: [number, number, number], restitution = 1): Scene => ({
  options: { size, restitution, wallRestitution: 1 },
  spheres: [a, b],
});

/** Billiard rack: 15 balls in a triangle, apex towards the cue ball, in the plane z = 0. */
function billiards(seed: number): Scene {
  const r = 0.2;
  const rng = new Random(seed);
  const spheres: SphereOptions[] = [];
  const gap = 1e-6;
  const apexX = 1.5;
  for (let row = 0; row < 5; row++) {
    for (let k = 0; k <= row; k++) {
      const x = apexX + row * (2 * r + gap) * Math.sqrt(3) / 2;
      const y = (k - row / 2) * (2 * r + gap);
      spheres.push({ position: [x, y, 0], velocity: [0, 0, 0], radius: r });
    }
  }
  // The cue ball, aimed at the apex with a tiny random offset (the seed varies the break).
  const offset = (rng.next() - 0.5) * 0.02;
  spheres.push({ position: [-3, offset, 0], velocity: [8, 0, 0], radius: r });
  return { options: { size: [9, 5, 2 * r * 1.25], planar: true, restitution: 0.95, wallRestitution: 0.9 }, spheres };
}

/** One large heavy sphere among many small light ones. */
function brownian(seed: number): Scene {
  const gas = gasScene({ count: 600, packingFraction: 0.02, speed: 3, radius: 0.08, seed, aspect: [1, 1, 1] });
  const size = gas.options.size as number[];
  const R = 0.6;
  const spheres = gas.spheres.filter((s) => {
    const p = s.position as number[];
    return Math.hypot(p[0], p[1], p[2]) > R + s.radius + 0.01;
  });
  spheres.unshift({ position: [0, 0, 0], velocity: [0, 0, 0], radius: R, density: 4 });
  return { options: { size: [size[0], size[1], size[2]] }, spheres };
}

/** Mass of a sphere of radius r at the default density (1 kg/m³). */
const massOf = (r: number): number => (4 / 3) * Math.PI * r ** 3;

/**
 * The gas of the thermodynamics presets: 300 spheres of radius 0.15 m at 2 m/s (kT about
 * 0.019 J), filling 4% of a box of the given shape. The frame is then stretched along `axis` by
 * `stretch`, with the gas moved to its low end, so that a wall can start short of the frame and
 * move out; returns the scene and where that wall starts (m along its outward normal).
 */
function thermoGas(seed: number, aspect: [number, number, number], axis = 1, stretch = 1): { scene: Scene; start: number; kT: number } {
  const scene = gasScene({ count: 300, packingFraction: 0.04, speed: 2, radius: 0.15, seed, aspect });
  const size = [...(scene.options.size as number[])] as [number, number, number];
  const h = size[axis] / 2;
  const frame = size[axis] * stretch;
  const shift = -frame / 2 + h;
  size[axis] = frame;
  const spheres = scene.spheres.map((s) => {
    const p = [...(s.position as number[])] as [number, number, number];
    p[axis] += shift;
    return { ...s, position: p };
  });
  // kT = (2/3) <m v^2 / 2> = m v^2 / 3 for one speed.
  return { scene: { options: { ...scene.options, size }, spheres }, start: shift + h, kT: (massOf(0.15) * 4) / 3 };
}

/** A compression by the piston (the top wall) at `speed` down to half the height. */
function compression(seed: number, speed: number): Scene {
  const { scene } = thermoGas(seed, [1, 1.5, 1]);
  return { ...scene, walls: { '+y': { velocity: -speed, limits: { min: 0 } } } };
}

/** Every preset, in menu order. */
export const PRESETS: readonly Preset[] = [
  {
    id: 'head-on',
    title: 'Head-on, equal masses',
    watch: 'Equal masses meeting head-on swap their velocities: each comes back at the 2 m/s the other brought, and the total momentum stays zero.',
    mode: 'line',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => pair({ position: [-2, 0, 0], velocity: [2, 0, 0], radius: 0.4 }, { position: [2, 0, 0], velocity: [-2, 0, 0], radius: 0.4 }, [10, 3, 3]),
  },
  {
    id: 'heavy-light',
    title: 'Heavy versus light',
    watch: 'The heavy sphere keeps 9/11 of its speed, while the light one flies off at 20/11 of it, almost twice.',
    mode: 'line',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => pair({ position: [-3, 0, 0], velocity: [1.5, 0, 0], radius: 0.6, mass: 10 }, { position: [1, 0, 0], velocity: [0, 0, 0], radius: 0.3, mass: 1 }, [14, 3, 3]),
  },
  {
    id: 'glancing',
    title: 'Glancing collision',
    watch: 'Equal masses, one at rest, struck off-centre: they leave at exactly 90 degrees.',
    mode: 'planar',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => ({
      options: { size: [10, 10, 1], planar: true },
      spheres: [
        { position: [-3, 0.4, 0], velocity: [2, 0, 0], radius: 0.4 },
        { position: [0, 0, 0], velocity: [0, 0, 0], radius: 0.4 },
      ],
    }),
  },
  {
    id: 'inelastic',
    title: 'Perfectly inelastic (e = 0)',
    watch: 'With e = 0 the spheres move on together at the common velocity; momentum is kept, energy is not.',
    mode: 'line',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => pair({ position: [-3, 0, 0], velocity: [2, 0, 0], radius: 0.4, mass: 2 }, { position: [1, 0, 0], velocity: [-1, 0, 0], radius: 0.4, mass: 1 }, [12, 3, 3], 0),
  },
  {
    id: 'cradle',
    title: "Newton's cradle",
    watch: 'One sphere in, one sphere out: momentum and energy pass through the row.',
    mode: 'line',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => {
      const spheres: SphereOptions[] = [{ position: [-4, 0, 0], velocity: [2, 0, 0], radius: 0.4 }];
      for (let k = 0; k < 4; k++) spheres.push({ position: [k * 0.8, 0, 0], velocity: [0, 0, 0], radius: 0.4 });
      return { options: { size: [14, 3, 3] }, spheres };
    },
  },
  {
    id: 'billiards',
    title: 'Billiards break',
    watch: 'The cue ball breaks a rack of 15: total momentum is shared out, but conserved until the cushions.',
    mode: 'planar',
    readouts: ['momentum', 'energy', 'collisions'],
    build: billiards,
  },
  {
    id: 'obstacle',
    title: 'Fixed obstacle',
    watch: 'A fixed sphere has infinite mass: it turns the others back without moving, keeping their speed.',
    mode: '3d',
    readouts: ['momentum', 'energy', 'collisions'],
    build: (seed) => {
      const rng = new Random(seed);
      const spheres: SphereOptions[] = [{ position: [0, 0, 0], radius: 1.2, fixed: true }];
      for (let k = 0; k < 60; k++) {
        spheres.push({ position: [-4 + 0.3 * rng.next(), (k % 8) * 0.5 - 1.75, Math.floor(k / 8) * 0.5 - 1.75], velocity: [3, 0, 0], radius: 0.15 });
      }
      return { options: { size: [10, 5, 5] }, spheres };
    },
  },
  {
    id: 'gas',
    title: 'Gas in a box',
    watch: 'From a single speed the gas relaxes to the Maxwell-Boltzmann distribution; the walls feel its pressure.',
    mode: '3d',
    readouts: ['gas', 'energy', 'collisions'],
    build: (seed) => gasScene({ count: 400, packingFraction: 0.05, speed: 3, radius: 0.12, seed }),
  },
  {
    id: 'brownian',
    title: 'Brownian motion',
    watch: 'A large, heavy sphere jiggles at random under the blows of many small ones you can barely see.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    // The big sphere is the scene's first: selected, with its trail, so it stands out among the small ones.
    focus: { sphere: 0, trail: true },
    build: brownian,
  },
  {
    id: 'ball-pit',
    title: 'Ball pit',
    watch: 'Under gravity with e < 1 every bounce loses energy: the spheres settle into a resting pile.',
    mode: '3d',
    readouts: ['energy', 'collisions'],
    build: (seed) => gasScene({ count: 400, packingFraction: 0.08, speed: 2, radius: [0.2, 0.3], seed, aspect: [1, 1.6, 1], world: { gravity: [0, -9.81, 0], restitution: 0.6, wallRestitution: 0.6 } }),
  },
  {
    id: 'slow-compression',
    title: 'Slow compression',
    watch: 'The piston pushes in slowly: the gas warms as its volume halves, and all the energy added is work W, none is heat. An ideal gas would keep T V^(2/3) the same; these spheres take up 4 to 8 % of the box, and it rises about 17 % (the hard-sphere adiabat).',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => compression(seed, 0.1),
  },
  {
    id: 'fast-compression',
    title: 'Fast compression',
    watch: 'Pushed in fast to the same half volume, the gas ends hotter than after the slow compression: a fast compression is irreversible.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => compression(seed, 1.5),
  },
  {
    id: 'isothermal',
    title: 'Isothermal compression',
    watch: 'With the side walls held at the gas\'s temperature, a slow compression keeps kT steady: the heat out (Q < 0) matches the work in (W > 0).',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => {
      const { scene, kT } = thermoGas(seed, [1, 1.5, 1]);
      return { ...scene, walls: { '+y': { velocity: -0.1, limits: { min: 0 } }, '-x': { kT }, '+x': { kT } } };
    },
  },
  {
    id: 'free-expansion',
    title: 'Free expansion',
    watch: 'Take the divider out: the gas rushes into the empty half, yet its temperature does not change (Joule): no work is done and no heat flows.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => {
      const { scene } = thermoGas(seed, [0.6, 1, 1], 0, 2);
      return { ...scene, divider: { axis: 'x', position: 0 } };
    },
  },
  {
    id: 'conduction',
    title: 'Heat conduction',
    watch: 'Between a hot wall (left) and a cold one (right) the gas settles into a steady temperature profile: heat flows in on the left as fast as it flows out on the right.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => {
      const { scene, kT } = thermoGas(seed, [2.5, 1, 1]);
      return { ...scene, walls: { '-x': { kT: 2 * kT }, '+x': { kT: kT / 2 } } };
    },
  },
  {
    id: 'constant-pressure',
    title: 'Heating at constant pressure',
    watch: 'A weight keeps the pressure steady while the side walls heat the gas: the piston rises, and part of the heat goes into the work of lifting it.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    build: (seed) => {
      const { scene, start, kT } = thermoGas(seed, [1, 1, 1], 1, 2);
      const size = scene.options.size as number[];
      // The weight balances the ideal gas's pressure N kT / V at the start.
      const volume = size[0] * size[2] * (start + size[1] / 2);
      const force = ((scene.spheres.length * kT) / volume) * size[0] * size[2];
      return { ...scene, walls: { '+y': { position: start, piston: { mass: 2, force } }, '-x': { kT: 1.5 * kT }, '+x': { kT: 1.5 * kT } } };
    },
  },
  {
    id: 'mixing',
    title: 'Mixing of two gases',
    watch: 'Heavy spheres (left) and light ones (right) wait on each side of the divider; take it out and they mix until each fills the box. They never unmix.',
    mode: '3d',
    readouts: ['gas', 'energy'],
    thermo: true,
    colorBy: 'mass',
    build: (seed) => {
      const { scene } = thermoGas(seed, [2, 1, 1]);
      const spheres = scene.spheres
        .map((s) => ({ ...s, position: [...(s.position as number[])] as [number, number, number] }))
        .filter((s) => Math.abs(s.position[0]) > s.radius * 1.01)
        .map((s) => (s.position[0] < 0 ? { ...s, mass: 4 * massOf(s.radius), velocity: (s.velocity as number[]).map((v) => v / 2) as [number, number, number] } : s));
      return { ...scene, spheres, divider: { axis: 'x', position: 0 } };
    },
  },
  ...CHEMISTRY_PRESETS,
  ...STATES_PRESETS,
  ...STATES_LESSONS,
];

/** The preset with this id, or undefined. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
