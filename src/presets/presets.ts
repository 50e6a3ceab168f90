/**
 * Classroom presets: ready experiments, each a seeded scene plus a one-line explanation of what
 * to watch. Pure data over the solver's scene builders (no React, no store), so that tests,
 * the app and shared links build exactly the same worlds.
 */
import { gasScene, Random } from '../solver/index.ts';
import type { Scene, SphereOptions } from '../solver/index.ts';

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

/** Every preset, in menu order. */
export const PRESETS: readonly Preset[] = [
  {
    id: 'head-on',
    title: 'Head-on, equal masses',
    watch: 'Equal masses meeting head-on swap their velocities: the moving one stops dead.',
    mode: 'line',
    readouts: ['momentum', 'energy', 'collisions'],
    build: () => pair({ position: [-2, 0, 0], velocity: [2, 0, 0], radius: 0.4 }, { position: [2, 0, 0], velocity: [-2, 0, 0], radius: 0.4 }, [10, 3, 3]),
  },
  {
    id: 'heavy-light',
    title: 'Heavy versus light',
    watch: 'A heavy sphere barely slows while the light one flies off at almost twice its speed.',
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
];

/** The preset with this id, or undefined. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
