/**
 * The event queue: an indexed binary min-heap of sphere slots keyed by the time of each sphere's
 * next predicted event (one event per sphere). Changing a sphere's key repositions it in O(log N);
 * nothing is allocated after `reserve`.
 */
export class EventQueue {
  /** heap[k] = slot at heap position k. */
  private heap = new Int32Array(16);
  /** where[slot] = heap position of that slot. */
  private where = new Int32Array(16);
  private size = 0;

  /** The keys: keys[slot] is read on every comparison, so the world owns and writes them. */
  constructor(private keys: Float64Array) {}

  /** Makes room for `n` slots and points at the (possibly reallocated) key array. */
  reserve(n: number, keys: Float64Array): void {
    this.keys = keys;
    if (this.heap.length < n) {
      // Exactly n: the world grows its own capacity (by doubling, or exactly for a batch).
      this.heap = new Int32Array(n);
      this.where = new Int32Array(n);
    }
  }

  /** Puts slots 0..n-1 in the heap, ordered by their current keys (O(n)). */
  build(n: number): void {
    this.size = n;
    for (let k = 0; k < n; k++) {
      this.heap[k] = k;
      this.where[k] = k;
    }
    for (let k = (n >> 1) - 1; k >= 0; k--) this.siftDown(k);
  }

  /** Bytes held by the heap's arrays. */
  memoryBytes(): number {
    return this.heap.byteLength + this.where.byteLength;
  }

  /** The slot with the earliest event, or -1 when empty. */
  top(): number {
    return this.size > 0 ? this.heap[0] : -1;
  }

  /** Call after keys[slot] changed. */
  update(slot: number): void {
    const k = this.where[slot];
    if (k > 0 && this.less(k, (k - 1) >> 1)) this.siftUp(k);
    else this.siftDown(k);
  }

  /** Ties break on the slot index so that the order of equal times is deterministic. */
  private less(a: number, b: number): boolean {
    const sa = this.heap[a];
    const sb = this.heap[b];
    const ka = this.keys[sa];
    const kb = this.keys[sb];
    return ka < kb || (ka === kb && sa < sb);
  }

  private swap(a: number, b: number): void {
    const sa = this.heap[a];
    const sb = this.heap[b];
    this.heap[a] = sb;
    this.heap[b] = sa;
    this.where[sb] = a;
    this.where[sa] = b;
  }

  private siftUp(k: number): void {
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!this.less(k, p)) break;
      this.swap(k, p);
      k = p;
    }
  }

  private siftDown(k: number): void {
    const n = this.size;
    for (;;) {
      const l = 2 * k + 1;
      if (l >= n) break;
      let m = l;
      if (l + 1 < n && this.less(l + 1, l)) m = l + 1;
      if (!this.less(m, k)) break;
      this.swap(k, m);
      k = m;
    }
  }
}
