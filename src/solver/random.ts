/**
 * A small seeded pseudo-random generator (32-bit state, the "mulberry32" mixing recipe), so that
 * every scene built from a seed is the same on every machine and in every run.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Any finite number is a seed; its bits are folded into 32.
    this.state = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal deviate (Box-Muller). */
  normal(): number {
    let u = this.next();
    while (u === 0) u = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A random unit vector, isotropic in 3D (or in the xy plane when planar). */
  direction(planar: boolean): [number, number, number] {
    for (;;) {
      const x = this.normal();
      const y = this.normal();
      const z = planar ? 0 : this.normal();
      const len = Math.hypot(x, y, z);
      if (len > 1e-12) return [x / len, y / len, z / len];
    }
  }
}
