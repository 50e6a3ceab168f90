/**
 * The runs whose final states are pinned by committed hashes (`golden-hashes.json`): every
 * classroom preset, a gas large enough to be renumbered, an inelastic gas, a pile under gravity
 * with a fixed sphere, and a world edited mid-run. A change that should not alter the physics
 * (a refactor, a new memory layout) leaves every hash unchanged; `determinism.test.ts` checks it
 * on every test run and `npx tsx bench/fingerprint.ts` prints them.
 */
import { PRESETS } from '../presets/presets.ts';
import { buildWorld, gasScene, type World } from '../solver/index.ts';
import { stateHash } from '../solver/state-hash.ts';

/** One pinned run: a name, and how to build the world and run it to its final state. */
export interface GoldenRun {
  /** Key in `golden-hashes.json`. */
  name: string;
  /** Builds the world and steps it; returns the world at the end. */
  run(): World;
}

const DT = 1 / 60;

function stepped(world: World, steps: number): World {
  for (let k = 0; k < steps; k++) world.step(DT);
  return world;
}

/** Every pinned run, in the order the fingerprint prints them. */
export const GOLDEN_RUNS: readonly GoldenRun[] = [
  ...PRESETS.map((p) => ({ name: p.id, run: () => stepped(buildWorld(p.build(7)), 600) })),
  { name: 'gas-20k', run: () => stepped(buildWorld(gasScene({ count: 20000, packingFraction: 0.1, speed: 5, radius: 0.5, seed: 3 })), 150) },
  {
    name: 'gas-3k-e0.9',
    run: () => {
      const g = gasScene({ count: 3000, packingFraction: 0.2, speed: 5, radius: 0.5, seed: 4 });
      return stepped(buildWorld({ ...g, options: { ...g.options, restitution: 0.9 } }), 200);
    },
  },
  {
    name: 'pile-400-gravity',
    run: () => {
      const g = gasScene({ count: 400, packingFraction: 0.15, speed: 2, radius: 0.3, seed: 5 });
      const w = buildWorld({ options: { ...g.options, gravity: [0, -9.81, 0], restitution: 0.7, wallRestitution: 0.6 }, spheres: g.spheres });
      w.setFixed(w.idAt(3), true);
      return stepped(w, 900);
    },
  },
  {
    name: 'edited-300',
    run: () => {
      const w = stepped(buildWorld(gasScene({ count: 300, packingFraction: 0.1, speed: 3, radius: 0.4, seed: 6 })), 100);
      w.setVelocity(w.idAt(5), [1, 2, 3]);
      w.setRadius(w.idAt(7), 0.6);
      w.removeSphere(w.idAt(9));
      w.addSphere({ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.3 });
      w.setFixed(w.idAt(11), true);
      return stepped(w, 300);
    },
  },
];

/** The hash of each pinned run, by name. */
export function goldenHashes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of GOLDEN_RUNS) out[r.name] = stateHash(r.run());
  return out;
}
