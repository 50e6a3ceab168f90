/**
 * A 64-bit hash of a world's exact state: every position and velocity bit, the sleeping flag and
 * (when not 0) the species of each sphere in id order, then the collision counters, the energy
 * lost and the sleeping count, and, in a world with reactions or holes, each reaction's counts,
 * the chemical energy, the hole crossings and the escapes, and, in a world with wells, the pairs
 * inside them (by id) and the events at their edges. Two worlds with the same hash took the
 * same trajectory, bit for bit (up to a hash collision); a world of one species, no reactions and
 * no holes hashes as it did before species existed. Used by the determinism test and
 * `bench/fingerprint.ts`; not part of the public API.
 */
import type { World } from './world.ts';
import { wellPairList } from './wells.ts';

/** The state hash of `world`, with its counters in words: `<16 hex digits> pairs P walls W sleeping S`. */
export function stateHash(world: World): string {
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x12345678;
  const mix = (x: number): void => {
    f[0] = x;
    h1 = Math.imul(h1 ^ u[0], 16777619) >>> 0;
    h2 = Math.imul(h2 ^ u[1], 2246822519) >>> 0;
  };
  // Ids are never reused, so walking ids upwards visits the spheres in a layout-independent order.
  const species = world.species;
  for (let id = 0; id < 1e9; id++) {
    if (!world.has(id)) {
      if (id > world.count * 4 + 10) break;
      continue;
    }
    const s = world.indexOf(id);
    for (let k = 0; k < 3; k++) mix(world.positions[3 * s + k]);
    for (let k = 0; k < 3; k++) mix(world.velocities[3 * s + k]);
    mix(world.sleeping[s]);
    if (species[s] !== 0) mix(-1 - species[s]);
  }
  const st = world.stats();
  mix(st.pairCollisions);
  mix(st.wallCollisions);
  mix(st.energyLost);
  mix(st.sleeping);
  for (const r of st.reactions) {
    mix(r.forward);
    mix(r.backward);
  }
  if (st.reactions.length > 0) mix(st.chemical);
  const { forward, backward } = st.holeCrossings;
  const moved = [...forward, ...backward, ...st.escaped];
  if (moved.some((n) => n !== 0)) {
    for (const n of moved) mix(n);
    mix(st.escapedEnergy);
  }
  if (world.state.wellsOn) {
    for (const [a, b] of wellPairList(world.state)) {
      mix(a);
      mix(b);
    }
    for (const n of world.state.wellEdge) mix(n);
  }
  return `${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')} pairs ${st.pairCollisions} walls ${st.wallCollisions} sleeping ${st.sleeping}`;
}
