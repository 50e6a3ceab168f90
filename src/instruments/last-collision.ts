/**
 * The last collision of each watched sphere (the selection): when it was, what it hit, and the
 * sphere's velocity just before and just after. The change of velocity is the collision's impulse
 * over the sphere's mass, exactly (J n / m, with n the contact normal from sphere a to b: a gets
 * -J n, b gets +J n). The velocity just after is the velocity at the end of the step carried back
 * to the collision along the sphere's free flight (v - g (t_now - t_hit)), since nothing else
 * touched it after its last collision; a sphere with no speed along gravity rests on something
 * and is taken as it is. A step participant: no allocation after a step.
 */
import type { ReplaceCause, StepParticipant, WorldView } from '../runtime/index.ts';
import { wallOf } from '../solver/index.ts';

/** The most spheres watched at once (the data table shows at most this many). */
export const WATCHED_MAX = 64;

/** A watched sphere's last collision, for display. */
export interface LastCollision {
  /** Simulated time of the collision, s. */
  time: number;
  /** What it hit: another sphere (by id) or a wall (0..5 = -x, +x, -y, +y, -z, +z). */
  partner: { kind: 'sphere'; id: number } | { kind: 'wall'; wall: number };
  /** Velocity just before, m/s. */
  before: [number, number, number];
  /** Velocity just after, m/s. */
  after: [number, number, number];
}

/** Keeps the last collision of each watched sphere; a step participant. */
export class LastCollisions implements StepParticipant {
  private readonly ids = new Int32Array(WATCHED_MAX);
  private watched = 0;
  /** Time of each watched sphere's last collision; NaN: none seen. */
  private readonly time = new Float64Array(WATCHED_MAX).fill(NaN);
  /** The partner's code as CollisionEvents.b writes it (a sphere id, or -1 - wall). */
  private readonly partner = new Int32Array(WATCHED_MAX);
  private readonly before = new Float64Array(3 * WATCHED_MAX);
  private readonly after = new Float64Array(3 * WATCHED_MAX);
  /** The world's gravity, read again after a change (the getter makes an array). */
  private readonly g = new Float64Array(3);
  private gravityRead = false;

  constructor(private readonly sim: { readonly world: { readonly time: number } }) {}

  /** Watches the spheres `ids` (the first {@link WATCHED_MAX}); a sphere watched before keeps what was seen of it. */
  watch(ids: readonly number[]): void {
    const n = Math.min(ids.length, WATCHED_MAX);
    const time = new Float64Array(n).fill(NaN);
    const partner = new Int32Array(n);
    const before = new Float64Array(3 * n);
    const after = new Float64Array(3 * n);
    for (let j = 0; j < n; j++) {
      const old = this.slotOf(ids[j]);
      if (old < 0) continue;
      time[j] = this.time[old];
      partner[j] = this.partner[old];
      before.set(this.before.subarray(3 * old, 3 * old + 3), 3 * j);
      after.set(this.after.subarray(3 * old, 3 * old + 3), 3 * j);
    }
    this.time.fill(NaN);
    for (let j = 0; j < n; j++) this.ids[j] = ids[j];
    this.watched = n;
    this.time.set(time);
    this.partner.set(partner);
    this.before.set(before);
    this.after.set(after);
  }

  /** Sphere `id`'s last collision, or null when none was seen since it was watched. */
  of(id: number): LastCollision | null {
    const j = this.slotOf(id);
    if (j < 0 || Number.isNaN(this.time[j])) return null;
    const code = this.partner[j];
    const wall = wallOf(code);
    return {
      time: this.time[j],
      partner: wall >= 0 ? { kind: 'wall', wall } : { kind: 'sphere', id: code },
      before: [this.before[3 * j], this.before[3 * j + 1], this.before[3 * j + 2]],
      after: [this.after[3 * j], this.after[3 * j + 1], this.after[3 * j + 2]],
    };
  }

  afterStep(world: WorldView): void {
    if (this.watched === 0) return;
    const ev = world.events;
    const g = this.g;
    if (!this.gravityRead) {
      g.set(world.gravity);
      this.gravityRead = true;
    }
    const now = world.time;
    const v = world.velocities;
    for (let k = 0; k < ev.count; k++) {
      for (let side = 0; side < 2; side++) {
        const id = side === 0 ? ev.a[k] : ev.b[k];
        if (id < 0) continue;
        const j = this.slotOf(id);
        if (j < 0) continue;
        const s = world.indexOf(id);
        if (s < 0) continue;
        const m = world.masses[s];
        // The impulse on a is -J n, on b +J n; a fixed sphere (infinite mass) does not move.
        const dv = m === Infinity ? 0 : ((side === 0 ? -1 : 1) * ev.impulse[k]) / m;
        // Resting on something (no speed along gravity), it is not in free flight.
        const along = v[3 * s] * g[0] + v[3 * s + 1] * g[1] + v[3 * s + 2] * g[2];
        const flight = m === Infinity || along === 0 ? 0 : now - ev.time[k];
        this.time[j] = ev.time[k];
        this.partner[j] = side === 0 ? ev.b[k] : ev.a[k];
        for (let c = 0; c < 3; c++) {
          const after = v[3 * s + c] - g[c] * flight;
          this.after[3 * j + c] = after;
          this.before[3 * j + c] = after - dv * ev.normal[3 * k + c];
        }
      }
    }
  }

  worldChanged(): void {
    // The timeline went back, or the world was edited: a collision after the present is not on this line.
    this.gravityRead = false;
    const now = this.sim.world.time;
    for (let j = 0; j < this.watched; j++) if (this.time[j] > now) this.time[j] = NaN;
  }

  worldReplaced(cause: ReplaceCause): void {
    this.gravityRead = false;
    if (cause === 'built') this.time.fill(NaN);
    else this.worldChanged();
  }

  private slotOf(id: number): number {
    for (let j = 0; j < this.watched; j++) if (this.ids[j] === id) return j;
    return -1;
  }
}
