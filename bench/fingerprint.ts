/**
 * Prints a hash of the exact state (every position and velocity bit, event counters) of a set
 * of worlds after a run: every classroom preset, a gas large enough to be renumbered, a pile
 * under gravity with a fixed sphere, and a small world that is edited mid-run. A refactor of the
 * solver's data layout must leave every line unchanged: `npx tsx bench/fingerprint.ts`.
 */
import { buildWorld, gasScene, type World } from '../src/solver/index.ts';
import { PRESETS } from '../src/presets/presets.ts';

function hash(world: World): string {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x12345678;
  const mix = (x: number): void => {
    f[0] = x;
    h1 = Math.imul(h1 ^ u[0], 16777619) >>> 0;
    h2 = Math.imul(h2 ^ u[1], 2246822519) >>> 0;
  };
  for (let id = 0; id < 1e9; id++) {
    if (!world.has(id)) {
      if (id > world.count * 4 + 10) break;
      continue;
    }
    const s = world.indexOf(id);
    for (let k = 0; k < 3; k++) mix(world.positions[3 * s + k]);
    for (let k = 0; k < 3; k++) mix(world.velocities[3 * s + k]);
    mix(world.sleeping[s]);
  }
  const st = world.stats();
  mix(st.pairCollisions);
  mix(st.wallCollisions);
  mix(st.energyLost);
  mix(st.sleeping);
  return `${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')} pairs ${st.pairCollisions} walls ${st.wallCollisions} sleeping ${st.sleeping}`;
}

function run(name: string, world: World, steps: number, dt = 1 / 60): void {
  for (let k = 0; k < steps; k++) world.step(dt);
  console.log(`${name.padEnd(22)} ${hash(world)}`);
}

for (const p of PRESETS) run(p.id, buildWorld(p.build(7)), 600);
run('gas-20k', buildWorld(gasScene({ count: 20000, packingFraction: 0.1, speed: 5, radius: 0.5, seed: 3 })), 150);
run('gas-3k-e0.9', buildWorld({ ...gasScene({ count: 3000, packingFraction: 0.2, speed: 5, radius: 0.5, seed: 4 }), options: { ...gasScene({ count: 3000, packingFraction: 0.2, speed: 5, radius: 0.5, seed: 4 }).options, restitution: 0.9 } }), 200);
{
  const g = gasScene({ count: 400, packingFraction: 0.15, speed: 2, radius: 0.3, seed: 5 });
  const w = buildWorld({ options: { ...g.options, gravity: [0, -9.81, 0], restitution: 0.7, wallRestitution: 0.6 }, spheres: g.spheres });
  w.setFixed(w.idAt(3), true);
  run('pile-400-gravity', w, 900);
}
{
  const w = buildWorld(gasScene({ count: 300, packingFraction: 0.1, speed: 3, radius: 0.4, seed: 6 }));
  for (let k = 0; k < 100; k++) w.step(1 / 60);
  w.setVelocity(w.idAt(5), [1, 2, 3]);
  w.setRadius(w.idAt(7), 0.6);
  w.removeSphere(w.idAt(9));
  w.addSphere({ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.3 });
  w.setFixed(w.idAt(11), true);
  run('edited-300', w, 300);
}
