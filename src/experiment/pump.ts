/**
 * The pump of the Thermodynamics controls: spheres let in through the left wall (-x), as a gas at
 * a chosen temperature would enter through a small opening: each just inside the wall, moving in
 * with a speed drawn from the flux of a gas at kT (the same distribution a thermal wall gives).
 */
import { english, formatPlain, type Translate } from '../i18n/index.ts';
import { MAX_SPECIES, Random, type SphereOptions, type World } from '../solver/index.ts';

/** The most spheres one pump lets in. */
export const PUMP_MAX = 1000;

/** Checks a pump's count, temperature and species; returns a message naming the value, or null. */
export function checkPump(count: number, kT: number, t: Translate = english, species = 0): string | null {
  const n = (x: number): string => formatPlain(t.locale, x);
  if (!Number.isInteger(count) || count < 1 || count > PUMP_MAX) return t('thermo.pump.count', { max: n(PUMP_MAX), got: Number.isFinite(count) ? n(count) : String(count) });
  if (!(Number.isFinite(kT) && kT > 0 && kT <= 1e6)) return t('thermo.pump.kT', { got: Number.isFinite(kT) ? n(kT) : String(kT) });
  if (!Number.isInteger(species) || species < 0 || species >= MAX_SPECIES) return t('chem.pump.species', { max: n(MAX_SPECIES - 1), got: String(species) });
  return null;
}

/**
 * The spheres a pump lets into `world`: `count` of them, the size of its first sphere (0.15 m in
 * an empty box), spread over the left wall, moving in at kT, of species `species` (a chemistry
 * lesson's reactant; 0 unless given). `seed` varies the draw.
 */
export function pumpSpheres(world: Pick<World, 'count' | 'radii' | 'bounds' | 'options'>, count: number, kT: number, seed: number, species = 0): SphereOptions[] {
  const rng = new Random(seed);
  const r = world.count > 0 ? world.radii[0] : 0.15;
  const m = (4 / 3) * Math.PI * r ** 3 * world.options.density;
  const b = world.bounds;
  const planar = world.options.planar;
  const sd = Math.sqrt(kT / m);
  const spheres: SphereOptions[] = [];
  for (let k = 0; k < count; k++) {
    const y = b[2] + r + rng.next() * (b[3] - b[2] - 2 * r);
    const z = planar ? 0 : b[4] + r + rng.next() * (b[5] - b[4] - 2 * r);
    // Flux-weighted normal speed, Gaussian tangential components (docs/physics.md, section 9).
    const vn = sd * Math.sqrt(-2 * Math.log(1 - rng.next()));
    spheres.push({ position: [b[0] + r * (1 + 1e-6), y, z], velocity: [vn, sd * rng.normal(), planar ? 0 : sd * rng.normal()], radius: r, mass: m, ...(species !== 0 ? { species } : {}) });
  }
  return spheres;
}
