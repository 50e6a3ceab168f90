/**
 * Species and reactions (docs/physics.md, section 10). Every sphere has a species, a small
 * integer (0 unless given). A reaction `a + b -> c + d` happens at a collision of an `a` with a
 * `b` whose approach along the line of centres carries at least the activation energy,
 * (1/2) mu u^2 >= Ea with mu the reduced mass and u the normal relative velocity: the two leave as
 * `c` (in a's place) and `d` (in b's), with the kinetic energy of their normal motion changed by
 * exactly the energy released, Q. Momentum is conserved exactly: the impulse acts along the line
 * of centres, as in a bounce. A reversible reaction also runs backwards, `c + d -> a + b`, with
 * activation energy Ea + Q and energy released -Q, so that the two directions are each other's
 * time reversal (detailed balance). Reactions keep radii and masses.
 *
 * The reactions live in typed arrays on the world (the table of species pairs, each reaction's
 * definition and counts), so that clones, packWorld and worldToJSON carry them like the rest.
 */
import { SolverInputError, finite, integer } from './errors.ts';
import { STRIDE } from './state.ts';
import type { WorldState } from './state.ts';

const { F64 } = STRIDE;

/** Species are integers from 0 to MAX_SPECIES - 1. */
export const MAX_SPECIES = 64;

/** A reaction between two species; see {@link World.setReactions}. */
export interface Reaction {
  /** The two species that react, `[a, b]` (the same species twice for `a + a`). */
  reactants: readonly [number, number];
  /** What they become: `c` in a's place, `d` in b's. */
  products: readonly [number, number];
  /** The least kinetic energy of approach along the line of centres that reacts, J (>= 0). */
  activationEnergy: number;
  /**
   * Kinetic energy the reaction adds, J (negative: absorbed). At least `-activationEnergy`: an
   * endothermic reaction's barrier is at least what it absorbs, so a hit that clears it can pay.
   */
  energyReleased: number;
  /** Whether `c + d -> a + b` happens too, with activation energy `activationEnergy + energyReleased`. @defaultValue false */
  reversible?: boolean;
}

/** Numbers of each reaction's definition in `rxDef`: a, b, c, d, Ea, Q, reversible. */
export const RX_FIELDS = 7;

/**
 * Checks a list of reactions; throws {@link SolverInputError} naming the field (`reactions[1].products`)
 * and changes nothing. Two entries that would both decide what a pair of species does (directly
 * or as a reverse) are refused: each pair of species has at most one reaction.
 */
export function checkReactions(list: readonly Reaction[]): Reaction[] {
  if (!Array.isArray(list)) throw new SolverInputError('reactions', list, 'an array of reactions');
  const out: Reaction[] = [];
  const seen = new Map<string, string>();
  list.forEach((r: Reaction, k) => {
    const at = `reactions[${k}]`;
    if (r === null || typeof r !== 'object') throw new SolverInputError(at, r, 'an object');
    const pair = (field: 'reactants' | 'products'): [number, number] => {
      const v: unknown = r[field];
      if (!Array.isArray(v) || v.length !== 2) throw new SolverInputError(`${at}.${field}`, v, `two species [a, b], integers from 0 to ${MAX_SPECIES - 1}`);
      return [integer(`${at}.${field}[0]`, v[0], 0, MAX_SPECIES - 1), integer(`${at}.${field}[1]`, v[1], 0, MAX_SPECIES - 1)];
    };
    const reactants = pair('reactants');
    const products = pair('products');
    const ea = finite(`${at}.activationEnergy`, r.activationEnergy);
    if (ea < 0) throw new SolverInputError(`${at}.activationEnergy`, r.activationEnergy, 'a finite number >= 0, J');
    const q = finite(`${at}.energyReleased`, r.energyReleased);
    if (ea + q < 0) throw new SolverInputError(`${at}.energyReleased`, r.energyReleased, `at least -activationEnergy (${-ea} J): the barrier must be at least the energy absorbed`);
    const reversible = r.reversible === undefined ? false : r.reversible;
    if (typeof reversible !== 'boolean') throw new SolverInputError(`${at}.reversible`, r.reversible, 'true or false');
    const claim = (a: number, b: number, what: string): void => {
      const key = a <= b ? `${a}+${b}` : `${b}+${a}`;
      const before = seen.get(key);
      if (before !== undefined) throw new SolverInputError(`${at}.${what}`, what === 'reactants' ? r.reactants : r.products, `a pair of species no other reaction uses (${before} already decides what ${key} does)`);
      seen.set(key, at);
    };
    claim(reactants[0], reactants[1], 'reactants');
    if (reversible && !(Math.min(...products) === Math.min(...reactants) && Math.max(...products) === Math.max(...reactants))) claim(products[0], products[1], 'products');
    out.push({ reactants, products, activationEnergy: ea, energyReleased: q, reversible });
  });
  return out;
}

/**
 * Sets the world's reactions (checked by {@link checkReactions}): the species-pair table, each
 * reaction's definition, and its counts set to zero. An empty list turns reactions off.
 */
export function setReactions(world: WorldState, list: readonly Reaction[]): void {
  const checked = checkReactions(list);
  let span = 0;
  for (const r of checked) span = Math.max(span, 1 + Math.max(r.reactants[0], r.reactants[1], r.products[0], r.products[1]));
  const table = new Int32Array(span * span);
  const def = new Float64Array(RX_FIELDS * checked.length);
  checked.forEach((r, k) => {
    const [a, b] = r.reactants;
    const [c, d] = r.products;
    def.set([a, b, c, d, r.activationEnergy, r.energyReleased, r.reversible ? 1 : 0], RX_FIELDS * k);
    // Code 1 + 2k + direction; negative where the first sphere of a collision holds the second species.
    const put = (x: number, y: number, code: number): void => {
      table[x * span + y] = code;
      if (x !== y) table[y * span + x] = -code;
    };
    put(a, b, 1 + 2 * k);
    if (r.reversible) put(c, d, 2 + 2 * k);
  });
  world.rxSpan = span;
  world.rxTable = table;
  world.rxDef = def;
  world.rxCounts = new Float64Array(2 * checked.length);
  world.reacting = checked.length > 0 ? 1 : 0;
}

/** The world's reactions, as given (checked). */
export function reactionsOf(world: WorldState): Reaction[] {
  const d = world.rxDef;
  const out: Reaction[] = [];
  for (let k = 0; k < d.length / RX_FIELDS; k++) {
    const o = RX_FIELDS * k;
    out.push({ reactants: [d[o], d[o + 1]], products: [d[o + 2], d[o + 3]], activationEnergy: d[o + 4], energyReleased: d[o + 5], reversible: d[o + 6] === 1 });
  }
  return out;
}

/**
 * Spheres i and j collide, approaching along the unit normal n from i to j (the contact scratch
 * holds n and the inverse masses, as collidePair wrote them). If their species react and the
 * approach energy clears the barrier, changes their species, counts the reaction, writes its
 * impulse along n to `rxImpulse[0]` (collidePair applies it, as it applies a bounce's) and returns
 * true; otherwise returns false and changes nothing. (Numbers pass through the world's arrays: a number passed to or
 * returned from a call that V8 does not inline is boxed, a fresh heap number each time.)
 *
 * The impulse (docs/physics.md, section 10): the normal relative velocity goes from u to
 * u' = sqrt(u^2 + 2 Q / mu), so (1/2) mu (u'^2 - u^2) = Q exactly, and J = mu (u' - u) acts on
 * each sphere in turn, equal and opposite, so momentum is conserved exactly.
 */
export function tryReaction(world: WorldState, i: number, j: number): boolean {
  const span = world.rxSpan;
  const si = world.species[i];
  const sj = world.species[j];
  if (si >= span || sj >= span) return false;
  const code = world.rxTable[si * span + sj];
  if (code === 0) return false;
  const cs = world.contact;
  const nx = cs[0];
  const ny = cs[1];
  const nz = cs[2];
  const wi = cs[4];
  const wj = cs[5];
  const v = world.vel;
  const bi = F64 * i;
  const bj = F64 * j;
  const u = (v[bj] - v[bi]) * nx + (v[bj + 1] - v[bi + 1]) * ny + (v[bj + 2] - v[bi + 2]) * nz;
  const mu = 1 / (wi + wj);
  const abs = code > 0 ? code : -code;
  const k = (abs - 1) >> 1;
  const backward = (abs - 1) & 1;
  const d = world.rxDef;
  const o = RX_FIELDS * k;
  const q = backward ? -d[o + 5] : d[o + 5];
  const barrier = backward ? d[o + 4] + d[o + 5] : d[o + 4];
  if (0.5 * mu * u * u < barrier) return false;
  // The new species: forward a -> c, b -> d; backward c -> a, d -> b; swapped when i holds the second.
  const first = backward ? d[o] : d[o + 2];
  const second = backward ? d[o + 1] : d[o + 3];
  world.species[i] = code > 0 ? first : second;
  world.species[j] = code > 0 ? second : first;
  // The barrier is at least what an endothermic direction absorbs, so the root is real; the
  // max(0) only keeps rounding from making it NaN at the threshold itself.
  const after = Math.sqrt(Math.max(0, u * u + (2 * q) / mu));
  world.rxCounts[2 * k + backward]++;
  world.chemical[0] += q;
  world.lastStep.reactions++;
  world.rxImpulse[0] = mu * (after - u);
  return true;
}
