/**
 * What the page sees of a world while a worker runs it: the arrays and readouts of the last batch
 * the worker sent back, and the live changes (restitution, gravity, reverse), which are checked
 * here, applied to this view and forwarded to the worker. Everything that reads a world in the
 * page reads it through {@link WorldView}, which both this and the solver's `World` satisfy.
 */
import { checkWells, SolverInputError, WALL_NAMES, type ResolvedOptions, type WallName, type WallState, type Well, type World, type WorldStats } from '../../solver/index.ts';
import { inRange } from '../../solver/errors.ts';
import type { RemoteCall, SlotData } from './solver-service.ts';
import { wallsSnapshot, type EventsView, type WallsSnapshot, type WorldView } from '../world-view.ts';

const NO_EVENTS: EventsView = {
  count: 0,
  dropped: 0,
  time: new Float64Array(0),
  a: new Int32Array(0),
  b: new Int32Array(0),
  normal: new Float64Array(0),
  impulse: new Float64Array(0),
  energyLost: new Float64Array(0),
  closingSpeed: new Float64Array(0),
  point: new Float64Array(0),
};


/** The page's view of a world that a worker runs. */
export class RemoteWorld implements WorldView {
  count: number;
  time: number;
  positions: Float64Array;
  velocities: Float64Array;
  radii: Float64Array;
  masses: Float64Array;
  /** Species by slot, as of the last batch in which the worker renumbered or a reaction happened. */
  species: Int32Array;
  /** The reactions the world went with (they change only on the page). */
  readonly reactions: World['reactions'];
  events: EventsView = NO_EVENTS;
  layoutVersion: number;
  private opts: ResolvedOptions;
  private g: [number, number, number];
  private ids: Int32Array;
  private slotOf: Int32Array;
  private lastStats: WorldStats;
  private walls: WallsSnapshot;
  /** The wells as last set (they change only on the page). */
  private wellList: Well[];
  private readonly boundsNow = new Float64Array(6);

  /**
   * A view of `world` as it is now (call before handing it to the worker: the hand-over detaches
   * its arrays). `send` forwards a live change to the worker.
   */
  constructor(world: World, slots: SlotData, private readonly send: (call: RemoteCall) => void) {
    this.count = world.count;
    this.time = world.time;
    this.positions = world.positions.slice(0, 3 * world.count);
    this.velocities = world.velocities.slice(0, 3 * world.count);
    this.opts = { ...world.options, size: [...world.options.size], gravity: [...world.options.gravity] };
    this.g = world.gravity;
    this.lastStats = world.stats();
    this.species = slots.species;
    this.reactions = world.reactions;
    this.walls = wallsSnapshot(world);
    this.wellList = world.wells;
    this.boundsNow.set(this.walls.bounds);
    this.radii = slots.radii;
    this.masses = slots.masses;
    this.ids = slots.ids;
    this.layoutVersion = slots.layoutVersion;
    this.slotOf = new Int32Array(0);
    this.indexSlots();
  }

  /** The latest batch: state, readouts, and the slots when the worker renumbered them. */
  update(time: number, positions: Float64Array, velocities: Float64Array, stats: WorldStats, events: EventsView, slots: SlotData | null, walls: WallsSnapshot): void {
    this.time = time;
    this.walls = walls;
    this.boundsNow.set(walls.bounds);
    this.positions = positions;
    this.velocities = velocities;
    this.lastStats = stats;
    this.events = events;
    if (slots) {
      this.ids = slots.ids;
      this.radii = slots.radii;
      this.masses = slots.masses;
      this.species = slots.species;
      this.layoutVersion = slots.layoutVersion;
      this.indexSlots();
    }
  }

  private indexSlots(): void {
    let top = 0;
    for (let s = 0; s < this.count; s++) if (this.ids[s] > top) top = this.ids[s];
    if (this.slotOf.length <= top) this.slotOf = new Int32Array(top + 1);
    this.slotOf.fill(-1);
    for (let s = 0; s < this.count; s++) this.slotOf[this.ids[s]] = s;
  }

  get options(): World['options'] {
    return this.opts;
  }
  get size(): [number, number, number] {
    const b = this.walls.bounds;
    return [b[1] - b[0], b[3] - b[2], b[5] - b[4]];
  }
  get gravity(): [number, number, number] {
    return [this.g[0], this.g[1], this.g[2]];
  }
  indexOf(id: number): number {
    return Number.isInteger(id) && id >= 0 && id < this.slotOf.length ? this.slotOf[id] : -1;
  }
  idAt(slot: number): number {
    return slot >= 0 && slot < this.count ? this.ids[slot] : -1;
  }
  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }
  /** The readouts of the last batch (a fresh object, like `World.stats`). */
  stats(): WorldStats {
    const s = this.lastStats;
    return { ...s, momentum: [s.momentum[0], s.momentum[1], s.momentum[2]], wallImpulses: [...s.wallImpulses] as WorldStats['wallImpulses'] };
  }
  setRestitution(e: number): void {
    this.opts.restitution = inRange('restitution', e, 0, 1);
    this.send({ method: 'setRestitution', args: [e] });
  }
  setWallRestitution(e: number): void {
    this.opts.wallRestitution = inRange('wallRestitution', e, 0, 1);
    this.send({ method: 'setWallRestitution', args: [e] });
  }
  setGravity(gravity: ArrayLike<number>): void {
    const g: [number, number, number] = [gravity[0], gravity[1], gravity[2]];
    g.forEach((x, k) => {
      if (!Number.isFinite(x)) throw new SolverInputError(`gravity[${k}]`, x, 'a finite number');
    });
    if (this.opts.planar) g[2] = 0;
    this.g = g;
    this.opts.gravity = [...g];
    this.send({ method: 'setGravity', args: [g] });
  }
  get bounds(): World['bounds'] {
    return [...this.walls.bounds] as World['bounds'];
  }
  get boundsView(): Float64Array {
    return this.boundsNow;
  }
  get divider(): World['divider'] {
    return this.walls.divider === null ? null : { ...this.walls.divider };
  }
  wallState(wall: WallName): WallState {
    const w = wallNumber(wall);
    return { ...this.walls.states[w] };
  }
  setWallVelocity(wall: WallName, v: number): void {
    const w = wallNumber(wall);
    if (!Number.isFinite(v)) throw new SolverInputError('velocity', v, 'a finite number');
    this.walls.states[w] = { ...this.walls.states[w], velocity: v, mass: Infinity, force: 0 };
    this.send({ method: 'setWallVelocity', args: [wall, v] });
  }
  setPiston(wall: WallName, piston: { mass: number; force: number } | null): void {
    const w = wallNumber(wall);
    if (piston !== null && !(piston.mass > 0 && Number.isFinite(piston.mass))) throw new SolverInputError('piston.mass', piston.mass, 'a finite number > 0');
    if (piston !== null && !(piston.force >= 0 && Number.isFinite(piston.force))) throw new SolverInputError('piston.force', piston.force, 'a finite number >= 0 (the force pushes inward)');
    this.walls.states[w] = { ...this.walls.states[w], mass: piston === null ? Infinity : piston.mass, force: piston === null ? 0 : piston.force };
    this.send({ method: 'setPiston', args: [wall, piston === null ? null : { mass: piston.mass, force: piston.force }] });
  }
  setWallTemperature(wall: WallName, kT: number | null): void {
    const w = wallNumber(wall);
    if (kT !== null && !(kT > 0 && Number.isFinite(kT))) throw new SolverInputError('kT', kT, 'a finite number > 0');
    this.walls.states[w] = { ...this.walls.states[w], kT };
    this.send({ method: 'setWallTemperature', args: [wall, kT] });
  }
  setDivider(divider: { axis: 'x' | 'y' | 'z'; position: number; hole?: { width: number } | null } | null): void {
    const hole = divider?.hole ?? null;
    if (divider !== null) {
      const k = ['x', 'y', 'z'].indexOf(divider.axis);
      if (k < 0) throw new SolverInputError('divider.axis', divider.axis, "'x', 'y' or 'z'");
      const lo = this.walls.bounds[2 * k];
      const hi = this.walls.bounds[2 * k + 1];
      if (!(divider.position > lo && divider.position < hi)) throw new SolverInputError('divider.position', divider.position, `between the walls, in (${lo}, ${hi})`);
      if (hole !== null && !(hole.width > 0 && Number.isFinite(hole.width))) throw new SolverInputError('divider.hole.width', hole.width, 'a finite number > 0');
    }
    this.walls.divider = divider === null ? null : hole === null ? { axis: divider.axis, position: divider.position } : { axis: divider.axis, position: divider.position, hole: { width: hole.width } };
    this.send({ method: 'setDivider', args: [this.walls.divider] });
  }
  get wells(): Well[] {
    return this.wellList.map((w) => ({ ...w }));
  }
  setWells(list: readonly Well[]): void {
    // Checked here, so that a refused list throws on the page, as the solver's own would.
    const checked = checkWells(list);
    this.wellList = checked;
    this.send({ method: 'setWells', args: [checked.map((w) => ({ ...w }))] });
  }
  reverseVelocities(): void {
    for (let k = 0; k < 3 * this.count; k++) this.velocities[k] = -this.velocities[k];
    this.send({ method: 'reverseVelocities', args: [] });
  }
}

/** A wall name's index in WALL_NAMES; throws naming the field otherwise. */
function wallNumber(wall: unknown): number {
  const w = (WALL_NAMES as readonly unknown[]).indexOf(wall);
  if (w < 0) throw new SolverInputError('wall', wall, `a wall: one of ${WALL_NAMES.join(', ')}`);
  return w;
}
