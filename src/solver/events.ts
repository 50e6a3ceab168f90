/**
 * The per-step list of collision events: a bounded buffer of typed arrays, reused every step. It
 * starts small and doubles when a step needs more room (so only while a scene warms up), up to
 * its capacity; collisions beyond the capacity are counted in `dropped`.
 */

/** Entries the buffer starts with (or its capacity, if smaller). */
const INITIAL_ENTRIES = 64;

/** Partner code of a wall event: `b = WALL_CODE - wall`, wall 0..5 = -x, +x, -y, +y, -z, +z. */
export const WALL_CODE = -1;

/** Names of the six walls, indexed like {@link CollisionEvents.b} decodes them. */
export const WALL_NAMES = ['-x', '+x', '-y', '+y', '-z', '+z'] as const;

/** Decodes a partner code of {@link CollisionEvents.b}: the wall index 0..5, or -1 for a sphere. */
export function wallOf(b: number): number {
  return b <= WALL_CODE ? WALL_CODE - b : -1;
}

/**
 * Collision events of the last step, oldest first. Entry k is valid for k < count. Sphere
 * references are ids (see {@link World.indexOf}); `b` is a sphere id, or `-1 - wall` for a wall
 * (decode with {@link wallOf}).
 */
export class CollisionEvents {
  /** Number of valid entries. */
  count = 0;
  /** Collisions of the last step that did not fit in the buffer. */
  dropped = 0;
  // The arrays are replaced when the buffer grows: read them from the buffer after each step.
  /** Simulated time of each collision, s. */
  time: Float64Array;
  /** Id of the first sphere. */
  a: Int32Array;
  /** Id of the second sphere, or `-1 - wall` for a wall. */
  b: Int32Array;
  /** Unit contact normal from a to b, x y z interleaved. */
  normal: Float64Array;
  /** Magnitude of the normal impulse, kg m/s. */
  impulse: Float64Array;
  /** Kinetic energy lost in the collision, J (0 when elastic). */
  energyLost: Float64Array;
  /** Closing speed along the normal before the collision, m/s (> 0). */
  closingSpeed: Float64Array;
  /**
   * Where the two touched, m, x y z interleaved: for a wall, the point of the wall under the
   * sphere's centre; for two spheres, the point of a's surface along the normal.
   */
  point: Float64Array;

  /** `capacity`: the most entries a step keeps. */
  constructor(readonly capacity: number) {
    const n = Math.min(capacity, INITIAL_ENTRIES);
    this.time = new Float64Array(n);
    this.a = new Int32Array(n);
    this.b = new Int32Array(n);
    this.normal = new Float64Array(3 * n);
    this.impulse = new Float64Array(n);
    this.energyLost = new Float64Array(n);
    this.closingSpeed = new Float64Array(n);
    this.point = new Float64Array(3 * n);
  }

  /** Bytes held by the buffer's arrays. */
  memoryBytes(): number {
    return this.time.byteLength + this.a.byteLength + this.b.byteLength + this.normal.byteLength + this.impulse.byteLength + this.energyLost.byteLength + this.closingSpeed.byteLength + this.point.byteLength + this.pending.byteLength;
  }

  /** Empties the buffer (start of a step). */
  clear(): void {
    this.count = 0;
    this.dropped = 0;
  }

  /**
   * The numbers of the event being recorded: time, normal x y z, impulse, energy lost, closing
   * speed, contact point x y z. The solver fills them, then calls {@link record} (numbers passed as arguments to a call
   * that is not inlined would be boxed on the heap).
   */
  readonly pending = new Float64Array(10);

  /** Appends the pending event between a and b, or counts it as dropped when full. */
  record(a: number, b: number): void {
    const k = this.count;
    if (k >= this.time.length) {
      if (k >= this.capacity) {
        this.dropped++;
        return;
      }
      this.grow();
    }
    const p = this.pending;
    this.time[k] = p[0];
    this.a[k] = a;
    this.b[k] = b;
    this.normal[3 * k] = p[1];
    this.normal[3 * k + 1] = p[2];
    this.normal[3 * k + 2] = p[3];
    this.impulse[k] = p[4];
    this.energyLost[k] = p[5];
    this.closingSpeed[k] = p[6];
    this.point[3 * k] = p[7];
    this.point[3 * k + 1] = p[8];
    this.point[3 * k + 2] = p[9];
    this.count = k + 1;
  }

  /** Doubles the room (up to the capacity), keeping the entries. */
  private grow(): void {
    const n = Math.min(this.capacity, 2 * this.time.length);
    const f64 = (from: Float64Array, width: number): Float64Array => {
      const to = new Float64Array(width * n);
      to.set(from);
      return to;
    };
    const i32 = (from: Int32Array): Int32Array => {
      const to = new Int32Array(n);
      to.set(from);
      return to;
    };
    this.time = f64(this.time, 1);
    this.a = i32(this.a);
    this.b = i32(this.b);
    this.normal = f64(this.normal, 3);
    this.impulse = f64(this.impulse, 1);
    this.energyLost = f64(this.energyLost, 1);
    this.closingSpeed = f64(this.closingSpeed, 1);
    this.point = f64(this.point, 3);
  }
}
