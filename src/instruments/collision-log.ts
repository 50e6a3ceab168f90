/**
 * The collision log: the most recent sphere-sphere collisions with their time, pair, impulse,
 * kinetic energy lost and the restitution measured from the velocities before and after. Kept in
 * a ring of typed arrays filled after each step without allocation.
 */
import type { WorldView } from '../runtime/index.ts';

/** One logged collision (built for display, a few times a second). */
export interface LoggedCollision {
  /** Simulated time of the collision, s. */
  time: number;
  /** Ids of the two spheres. */
  a: number;
  b: number;
  /** Magnitude of the normal impulse, kg m/s. */
  impulse: number;
  /** Kinetic energy lost, J. */
  energyLost: number;
  /** Normal closing speed before, m/s. */
  closingSpeed: number;
  /** Normal separating speed after, m/s. */
  separatingSpeed: number;
  /** Measured restitution: separating over closing speed. */
  restitution: number;
}

/**
 * Normal separating speed after a collision, from the impulse J and the closing speed u before:
 * J = mu (u + u') with mu = ma mb / (ma + mb) the reduced mass (the finite mass when the other
 * sphere is fixed), so u' = J / mu - u.
 */
export function separatingSpeed(impulse: number, closingSpeed: number, massA: number, massB: number): number {
  const mu = massA === Infinity ? massB : massB === Infinity ? massA : (massA * massB) / (massA + massB);
  return impulse / mu - closingSpeed;
}

/** A ring of the last `capacity` sphere-sphere collisions. */
export class CollisionLog {
  private readonly time: Float64Array;
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly impulse: Float64Array;
  private readonly lost: Float64Array;
  private readonly closing: Float64Array;
  private readonly separating: Float64Array;
  private next = 0;
  /** Entries of the ring that hold a collision. */
  private held = 0;
  /** Collisions logged since the last clear (the ring keeps the last `capacity` of them). */
  total = 0;

  constructor(readonly capacity = 500) {
    this.time = new Float64Array(capacity);
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
    this.impulse = new Float64Array(capacity);
    this.lost = new Float64Array(capacity);
    this.closing = new Float64Array(capacity);
    this.separating = new Float64Array(capacity);
  }

  /** Number of collisions held. */
  get length(): number {
    return this.held;
  }

  /**
   * Logs the sphere-sphere collisions of the world's last step (call after each step). A step
   * replayed after the timeline went back logs nothing again: its collisions are no later than
   * the newest logged.
   */
  record(world: Pick<WorldView, 'events' | 'masses' | 'indexOf'>): void {
    const ev = world.events;
    const masses = world.masses;
    const newest = this.held > 0 ? this.time[(this.next - 1 + this.capacity) % this.capacity] : -Infinity;
    for (let k = 0; k < ev.count; k++) {
      const b = ev.b[k];
      if (b < 0 || ev.time[k] <= newest) continue;
      const a = ev.a[k];
      const ia = world.indexOf(a);
      const ib = world.indexOf(b);
      if (ia < 0 || ib < 0) continue;
      const s = this.next;
      this.time[s] = ev.time[k];
      this.a[s] = a;
      this.b[s] = b;
      this.impulse[s] = ev.impulse[k];
      this.lost[s] = ev.energyLost[k];
      this.closing[s] = ev.closingSpeed[k];
      this.separating[s] = separatingSpeed(ev.impulse[k], ev.closingSpeed[k], masses[ia], masses[ib]);
      this.next = (s + 1) % this.capacity;
      this.total++;
      if (this.held < this.capacity) this.held++;
    }
  }

  /** Forgets the collisions after `time` (a change made there starts a new future). */
  truncate(time: number): void {
    while (this.length > 0 && this.time[(this.next - 1 + this.capacity) % this.capacity] > time) {
      this.next = (this.next - 1 + this.capacity) % this.capacity;
      this.total--;
      this.held--;
    }
  }

  /** Forgets everything (a new scene). */
  clear(): void {
    this.next = 0;
    this.held = 0;
    this.total = 0;
  }

  /** The `n` most recent collisions at or before `time` (all by default), newest first. Allocates (for display). */
  recent(n: number, time = Infinity): LoggedCollision[] {
    const out: LoggedCollision[] = [];
    for (let k = 0; k < this.length && out.length < n; k++) {
      const s = (this.next - 1 - k + this.capacity) % this.capacity;
      if (this.time[s] <= time) out.push(this.entry(s));
    }
    return out;
  }

  /**
   * The collisions held at or before `time` (all by default; after the timeline went back, the
   * present line's), as CSV with a header row, oldest first.
   */
  toCsv(time = Infinity): string {
    const lines = ['time_s,sphere_a,sphere_b,impulse_kg_m_s,energy_lost_J,closing_speed_m_s,separating_speed_m_s,restitution'];
    for (const c of this.recent(this.length, time).reverse()) {
      lines.push([c.time, c.a, c.b, c.impulse, c.energyLost, c.closingSpeed, c.separatingSpeed, c.restitution].map(String).join(','));
    }
    return lines.join('\n') + '\n';
  }

  private entry(s: number): LoggedCollision {
    const closing = this.closing[s];
    return {
      time: this.time[s],
      a: this.a[s],
      b: this.b[s],
      impulse: this.impulse[s],
      energyLost: this.lost[s],
      closingSpeed: closing,
      separatingSpeed: this.separating[s],
      restitution: closing > 0 ? this.separating[s] / closing : NaN,
    };
  }
}
