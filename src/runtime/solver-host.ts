/**
 * Where the solver runs, behind one interface: on this page ({@link LocalHost}) or in a Web Worker
 * (`WorkerHost`, worker-host.ts). Either holds the world and the positions before its last step,
 * which the renderers interpolate from; the simulation hands the world from one to the other.
 */
import type { World } from '../solver/index.ts';
import type { WorldView } from './world-view.ts';

/** A place where the world runs. */
export interface SolverHost {
  /** This page's thread, or a worker. */
  readonly kind: 'main' | 'worker';
  /** The world as the page reads it: the solver world itself, or the view of a worker's last batch. */
  readonly world: WorldView;
  /** Positions before the last step, x y z a sphere, laid out like the world's. */
  readonly previous: Float64Array;
  /** Makes the previous positions equal the current ones (nothing to interpolate). */
  syncPrevious(): void;
}

/** The world on this page's thread: stepped in the frame, one fixed step at a time. */
export class LocalHost implements SolverHost {
  readonly kind = 'main';
  private prev = new Float64Array(0);
  /** Scratch for carrying the previous positions over a renumbering of the world's slots. */
  private remap = new Float64Array(0);

  constructor(public world: World) {
    this.syncPrevious();
  }

  get previous(): Float64Array {
    return this.prev;
  }

  /** Takes another world (a rebuild, or the world back from a worker), with nothing to interpolate. */
  replace(world: World): void {
    this.world = world;
    this.syncPrevious();
  }

  syncPrevious(): void {
    const n = 3 * this.world.count;
    this.grow(n);
    this.prev.set(this.world.positions.subarray(0, n));
  }

  /** Takes the previous positions from elsewhere (the last batch of a worker that gives the world back). */
  takePrevious(previous: Float64Array): void {
    const n = 3 * this.world.count;
    this.grow(n);
    this.prev.set(previous.subarray(0, n));
  }

  /**
   * One fixed step of `dt`; {@link previous} keeps the positions before it, in the slots' new
   * order when the world renumbered them. Returns whether it did (no allocation).
   */
  step(dt: number): boolean {
    const world = this.world;
    const n = 3 * world.count;
    this.grow(n);
    // Copied in a loop: subarray would make a view object every step.
    const prev = this.prev;
    const cur = world.positions;
    for (let k = 0; k < n; k++) prev[k] = cur[k];
    const layout = world.layoutVersion;
    world.step(dt);
    if (world.layoutVersion === layout) return false;
    this.followRenumbering();
    return true;
  }

  private grow(n: number): void {
    if (this.prev.length < n) this.prev = new Float64Array(Math.max(n, 2 * this.prev.length));
  }

  /** The world renumbered its slots (large worlds, for memory locality): the previous positions follow. */
  private followRenumbering(): void {
    const world = this.world;
    const n = world.count;
    const from = world.reorderedFrom;
    if (this.remap.length < 3 * n) this.remap = new Float64Array(Math.max(3 * n, 2 * this.remap.length));
    const t = this.remap;
    for (let s = 0; s < n; s++) {
      const b = 3 * from[s];
      t[3 * s] = this.prev[b];
      t[3 * s + 1] = this.prev[b + 1];
      t[3 * s + 2] = this.prev[b + 2];
    }
    for (let k = 0; k < 3 * n; k++) this.prev[k] = t[k];
  }
}
