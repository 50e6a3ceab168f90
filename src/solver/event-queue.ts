/**
 * The event queue: an indexed 4-ary min-heap of sphere slots keyed by the time of each sphere's
 * next predicted event (one event per sphere). Changing a sphere's key repositions it in
 * O(log N); nothing is allocated after `reserve`.
 *
 * Each heap position holds its key next to its slot (`time[k]` beside `heap[k]`), so a sift reads
 * consecutive memory instead of jumping to the keys of scattered slots, and a node's four
 * children share a cache line: in a world of 100,000 spheres the heap is the part of a step
 * that would otherwise miss the cache most.
 */
export class EventQueue {
  /** heap[k] = slot at heap position k. */
  private heap = new Int32Array(16);
  /**
   * time[k] = key of heap[k]; time[0] is the top slot's key while the heap is not empty (read it
   * there: a number returned from a call that is not inlined would be boxed).
   */
  time = new Float64Array(16);
  /** where[slot] = heap position of that slot. */
  private where = new Int32Array(16);
  private size = 0;

  /** The keys: the world owns and writes them (keys[slot]), then calls `update(slot)`. */
  constructor(private keys: Float64Array) {}

  /** Makes room for `n` slots and points at the (possibly reallocated) key array. */
  reserve(n: number, keys: Float64Array): void {
    this.keys = keys;
    if (this.heap.length < n) {
      // Exactly n: the world grows its own capacity (by doubling, or exactly for a batch).
      this.heap = new Int32Array(n);
      this.time = new Float64Array(n);
      this.where = new Int32Array(n);
    }
  }

  /** Puts slots 0..n-1 in the heap, ordered by their current keys (O(n)). */
  build(n: number): void {
    this.size = n;
    for (let k = 0; k < n; k++) {
      this.heap[k] = k;
      this.time[k] = this.keys[k];
      this.where[k] = k;
    }
    for (let k = (n - 2) >> 2; k >= 0; k--) this.siftDown(k, this.heap[k]);
  }

  /** Bytes held by the heap's arrays. */
  memoryBytes(): number {
    return this.heap.byteLength + this.time.byteLength + this.where.byteLength;
  }

  /** The slot with the earliest event, or -1 when empty. */
  top(): number {
    return this.size > 0 ? this.heap[0] : -1;
  }

  /** Call after keys[slot] changed. */
  update(slot: number): void {
    const k = this.where[slot];
    const key = this.keys[slot];
    if (k > 0) {
      const p = (k - 1) >> 2;
      const kp = this.time[p];
      if (key < kp || (key === kp && slot < this.heap[p])) {
        this.siftUp(k, slot);
        return;
      }
    }
    this.siftDown(k, slot);
  }

  // Ties break on the slot index, so that the order of equal times is deterministic. The sifts
  // take the slot and read its key themselves: a number passed to a call that V8 does not inline
  // would be boxed (allocated).

  /** Moves the hole at k up until slot (with its key) fits there. */
  private siftUp(k: number, slot: number): void {
    const key = this.keys[slot];
    const heap = this.heap;
    const time = this.time;
    while (k > 0) {
      const p = (k - 1) >> 2;
      const kp = time[p];
      const sp = heap[p];
      if (!(key < kp || (key === kp && slot < sp))) break;
      heap[k] = sp;
      time[k] = kp;
      this.where[sp] = k;
      k = p;
    }
    heap[k] = slot;
    time[k] = key;
    this.where[slot] = k;
  }

  /** Moves the hole at k down until slot (with its key) fits there. */
  private siftDown(k: number, slot: number): void {
    const key = this.keys[slot];
    const heap = this.heap;
    const time = this.time;
    const n = this.size;
    for (;;) {
      const c0 = 4 * k + 1;
      if (c0 >= n) break;
      const end = c0 + 4 < n ? c0 + 4 : n;
      let m = c0;
      let km = time[c0];
      for (let c = c0 + 1; c < end; c++) {
        const kc = time[c];
        if (kc < km || (kc === km && heap[c] < heap[m])) {
          m = c;
          km = kc;
        }
      }
      const sm = heap[m];
      if (!(km < key || (km === key && sm < slot))) break;
      heap[k] = sm;
      time[k] = km;
      this.where[sm] = k;
      k = m;
    }
    heap[k] = slot;
    time[k] = key;
    this.where[slot] = k;
  }
}
