/**
 * A 64-bit hash of a world's exact state: every position and velocity bit and the sleeping flag
 * of each sphere in id order, then the collision counters, the energy lost and the sleeping
 * count. Two worlds with the same hash took the same trajectory, bit for bit (up to a hash
 * collision). Used by the determinism test and `bench/fingerprint.ts`; not part of the public API.
 */
import type { World } from './world.ts';

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
