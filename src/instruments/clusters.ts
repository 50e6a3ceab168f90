/**
 * Drops, found from the geometry: which pairs of spheres a square well holds (centres closer than
 * the well's range times the sum of their radii, docs/physics.md section 11), joined into clusters
 * by union-find. A sphere is "in a drop" (in the liquid) when its cluster has at least
 * {@link DROP_SIZE} spheres. A cell list makes it O(N): cells at least as wide as the longest
 * reach of any well, so a bound pair lies in the same or neighbouring cells. Scratch arrays grow
 * with the sphere count and are kept, so a call allocates nothing once it has run at that count.
 *
 * The solver keeps the set of pairs inside a well as state (an event adds or removes a pair); at
 * the end of a step the geometry gives the same set, to rounding at the very edge.
 */
import { MAX_SPECIES, type Well } from '../solver/index.ts';

/** The fewest spheres joined by wells that make a drop. */
export const DROP_SIZE = 6;

/** What {@link Clusters.measure} reads of a world: centres (x y z by slot), radii and species by slot. */
export interface ClusterWorld {
  readonly count: number;
  readonly positions: Float64Array;
  readonly radii: Float64Array;
  readonly species: Int32Array;
}

/** The most cells the list uses per sphere: a sparse gas in a large box gets wider cells instead. */
const CELLS_PER_SPHERE = 4;

/** Bound pairs, clusters and drops of a world's spheres (see the module's comment). */
export class Clusters {
  /** Number of bound neighbours of each sphere (by slot), after {@link measure}. */
  neighbours = new Int32Array(0);
  /** Spheres in clusters of at least {@link DROP_SIZE}. */
  inDrops = 0;
  /** Spheres in the largest cluster (1 when no pair is bound, 0 in an empty world). */
  largest = 0;
  /** Clusters of at least {@link DROP_SIZE} spheres. */
  drops = 0;
  /** Pairs held by a well. */
  pairs = 0;
  /** Each pair of species' well range, in sums of radii (0: no well), MAX_SPECIES x MAX_SPECIES. */
  private readonly range = new Float64Array(MAX_SPECIES * MAX_SPECIES);
  /** The largest range of any well (0: no wells). */
  private reach = 0;
  private parent = new Int32Array(0);
  private size = new Int32Array(0);
  private cellOf = new Int32Array(0);
  private order = new Int32Array(0);
  private cellStart = new Int32Array(0);
  /** The spheres in cell order: x y z r of each, its species, its bound neighbours; and each slot's place in that order. */
  private sorted = new Float64Array(0);
  private sortedSpecies = new Int32Array(0);
  private held = new Int32Array(0);
  private rank = new Int32Array(0);

  /** Whether any well is set. */
  get active(): boolean {
    return this.reach > 0;
  }

  /**
   * Takes the world's wells (as `World.wells` gives them): a well without `between` acts between
   * every pair of species that no other well names. Allocates nothing.
   */
  setWells(wells: readonly Well[]): void {
    this.range.fill(0);
    this.reach = 0;
    for (const w of wells) if (w.between === undefined) this.range.fill(w.range);
    for (const w of wells) {
      this.reach = Math.max(this.reach, w.range);
      if (w.between === undefined) continue;
      const [a, b] = w.between;
      this.range[a * MAX_SPECIES + b] = w.range;
      this.range[b * MAX_SPECIES + a] = w.range;
    }
  }

  /** Finds the bound pairs, the clusters and the drops of `world`'s spheres now. */
  measure(world: ClusterWorld): void {
    const n = world.count;
    this.ensure(n);
    const nb = this.neighbours;
    const parent = this.parent;
    const size = this.size;
    for (let i = 0; i < n; i++) {
      nb[i] = 0;
      parent[i] = i;
      size[i] = 1;
      this.rank[i] = i;
    }
    this.pairs = 0;
    this.inDrops = 0;
    this.drops = 0;
    this.largest = n > 0 ? 1 : 0;
    if (n === 0 || this.reach === 0) return;
    const p = world.positions;
    const r = world.radii;
    const sp = world.species;
    // The cell list over the spheres' bounding box.
    let rMax = 0;
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    for (let i = 0; i < n; i++) {
      if (r[i] > rMax) rMax = r[i];
      const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    let w = 2 * rMax * this.reach * (1 + 1e-9);
    if (!(w > 0)) w = 1;
    let nx = 0, ny = 0, nz = 0;
    for (;;) {
      nx = Math.floor((x1 - x0) / w) + 1;
      ny = Math.floor((y1 - y0) / w) + 1;
      nz = Math.floor((z1 - z0) / w) + 1;
      if (nx * ny * nz <= CELLS_PER_SPHERE * n + 1) break;
      w *= 1.5;
    }
    const cells = nx * ny * nz;
    const start = this.cellStart;
    start.fill(0, 0, cells + 1);
    const cellOf = this.cellOf;
    for (let i = 0; i < n; i++) {
      const c = Math.floor((p[3 * i] - x0) / w) + nx * (Math.floor((p[3 * i + 1] - y0) / w) + ny * Math.floor((p[3 * i + 2] - z0) / w));
      cellOf[i] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < cells; c++) start[c + 1] += start[c];
    // Counting sort into `order` (start[c] runs up to the next cell's start, then is moved back).
    const order = this.order;
    for (let i = 0; i < n; i++) order[start[cellOf[i]]++] = i;
    for (let c = cells; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;
    // The spheres copied in cell order (x y z r, and species), so that the scan below reads
    // neighbouring cells from neighbouring memory; clusters are joined by that order's index.
    const q = this.sorted;
    const qs = this.sortedSpecies;
    const rank = this.rank;
    const held = this.held;
    for (let o = 0; o < n; o++) {
      const i = order[o];
      q[4 * o] = p[3 * i];
      q[4 * o + 1] = p[3 * i + 1];
      q[4 * o + 2] = p[3 * i + 2];
      q[4 * o + 3] = r[i];
      qs[o] = sp[i];
      rank[i] = o;
      held[o] = 0;
    }
    const table = this.range;
    let pairs = 0;
    for (let o = 0; o < n; o++) {
      const c = cellOf[order[o]];
      const cx = c % nx;
      const cy = Math.floor(c / nx) % ny;
      const cz = Math.floor(c / (nx * ny));
      const xi = q[4 * o], yi = q[4 * o + 1], zi = q[4 * o + 2], ri = q[4 * o + 3];
      const row = qs[o] * MAX_SPECIES;
      for (let dz = cz > 0 ? -1 : 0; dz <= 1 && cz + dz < nz; dz++) {
        for (let dy = cy > 0 ? -1 : 0; dy <= 1 && cy + dy < ny; dy++) {
          const d0 = nx * (cy + dy + ny * (cz + dz));
          const from = start[d0 + (cx > 0 ? cx - 1 : cx)];
          const to = start[d0 + (cx + 1 < nx ? cx + 2 : cx + 1)];
          // The (up to) three cells along x in this row lie side by side in the sorted order.
          for (let e = from > o ? from : o + 1; e < to; e++) {
            const range = table[row + qs[e]];
            if (range === 0) continue;
            const L = range * (ri + q[4 * e + 3]);
            const ex = q[4 * e] - xi, ey = q[4 * e + 1] - yi, ez = q[4 * e + 2] - zi;
            // Inside strictly, as the solver counts a pair placed by hand (wells.ts).
            if (ex * ex + ey * ey + ez * ez >= L * L) continue;
            pairs++;
            held[o]++;
            held[e]++;
            this.union(o, e);
          }
        }
      }
    }
    this.pairs = pairs;
    for (let o = 0; o < n; o++) nb[order[o]] = held[o];
    for (let o = 0; o < n; o++) {
      if (parent[o] !== o) continue;
      const s = size[o];
      if (s > this.largest) this.largest = s;
      if (s >= DROP_SIZE) {
        this.drops++;
        this.inDrops += s;
      }
    }
  }

  /** The size of the cluster of the sphere in slot i (after {@link measure}). */
  clusterSize(i: number): number {
    return this.size[this.find(this.rank[i])];
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  private union(i: number, j: number): void {
    let a = this.find(i);
    let b = this.find(j);
    if (a === b) return;
    if (this.size[a] < this.size[b]) {
      const t = a;
      a = b;
      b = t;
    }
    this.parent[b] = a;
    this.size[a] += this.size[b];
  }

  /** Scratch for `n` spheres (grown by doubling, kept). */
  private ensure(n: number): void {
    if (this.parent.length >= n && this.neighbours.length >= n) return;
    const cap = Math.max(16, 2 * n);
    const nb = new Int32Array(cap);
    this.neighbours = nb;
    this.parent = new Int32Array(cap);
    this.size = new Int32Array(cap);
    this.cellOf = new Int32Array(cap);
    this.order = new Int32Array(cap);
    this.cellStart = new Int32Array(CELLS_PER_SPHERE * cap + 2);
    this.sorted = new Float64Array(4 * cap);
    this.sortedSpecies = new Int32Array(cap);
    this.held = new Int32Array(cap);
    this.rank = new Int32Array(cap);
  }
}
