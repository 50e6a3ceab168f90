/**
 * The event queue: an indexed 4-ary min-heap of sphere slots keyed by the time of each sphere's
 * next predicted event (one event per sphere). Changing a sphere's key repositions it in
 * O(log N); nothing is allocated after `reserve`.
 *
 * Only events up to a horizon (the end of the step being run) are kept in the heap; the others
 * wait outside it, and `refill` at the start of the next step takes in those now due. A step
 * of a 100,000-sphere gas has about 9,000 events, so the heap stays small enough to live in the
 * processor's cache instead of spanning every sphere. Each heap position holds its key next to
 * its slot (`time[k]` beside `heap[k]`), and a node's four children share a cache line. The
 * order of events is the same as with one heap of every sphere: earliest time first, ties by slot.
 */
export class EventQueue {
  /** heap[k] = slot at heap position k. */
  private heap = new Int32Array(16);
  /**
   * time[k] = key of heap[k]; time[0] is the top slot's key while the heap is not empty (read it
   * there: a number returned from a call that is not inlined would be boxed).
   */
  time = new Float64Array(16);
  /** where[slot] = heap position of that slot, or -1 while its event is after the horizon. */
  private where = new Int32Array(16);
  private size = 0;
  /** Slots 0..count-1 are queued (set by `build`). */
  private count = 0;
  /**
   * [0]: the horizon. Set it, then call `refill`, at the start of each step (a typed array: a
   * number passed to a call or kept in an object field would be boxed).
   */
  readonly horizon = new Float64Array(1).fill(Infinity);

  /** The keys: the world owns and writes them (keys[slot]), then calls `update(slot)`. */
  constructor(private keys: Float64Array) {}

  /** Makes room for `n` slots, keeping what is queued, and points at the (possibly reallocated) key array. */
  reserve(n: number, keys: Float64Array): void {
    this.keys = keys;
    if (this.heap.length < n) {
      // Exactly n: the world grows its own capacity (by doubling, or exactly for a batch).
      const heap = new Int32Array(n);
      const time = new Float64Array(n);
      const where = new Int32Array(n);
      heap.set(this.heap);
      time.set(this.time);
      where.set(this.where);
      this.heap = heap;
      this.time = time;
      this.where = where;
    }
  }

  /** Queues one more slot (the next after those queued) by its current key. */
  add(): void {
    const slot = this.count++;
    this.where[slot] = -1;
    this.update(slot);
  }

  /** Stops queuing the last slot. */
  drop(): void {
    const slot = --this.count;
    const k = this.where[slot];
    if (k >= 0) this.removeAt(k);
    this.where[slot] = -1;
  }

  /** Queues slots 0..n-1 by their current keys (O(n)); those after the horizon wait outside the heap. */
  build(n: number): void {
    this.count = n;
    this.refill();
  }

  /**
   * After a change of `horizon[0]`: keeps in the heap only the events at or before it, and takes
   * in every waiting event now due. O(number of slots), one sequential pass.
   */
  refill(): void {
    const limit = this.horizon[0];
    let size = 0;
    for (let s = 0; s < this.count; s++) {
      const key = this.keys[s];
      if (key <= limit) {
        this.heap[size] = s;
        this.time[size] = key;
        this.where[s] = size++;
      } else this.where[s] = -1;
    }
    this.size = size;
    for (let k = (size - 2) >> 2; k >= 0; k--) this.siftDown(k, this.heap[k]);
  }

  /** Bytes held by the heap's arrays. */
  memoryBytes(): number {
    return this.heap.byteLength + this.time.byteLength + this.where.byteLength + this.horizon.byteLength;
  }

  /** Slots in the heap now (events due by the horizon). */
  queued(): number {
    return this.size;
  }

  /** The slot with the earliest event, or -1 when no event is due by the horizon. */
  top(): number {
    return this.size > 0 ? this.heap[0] : -1;
  }

  /** Call after keys[slot] changed. */
  update(slot: number): void {
    const k = this.where[slot];
    const key = this.keys[slot];
    if (!(key <= this.horizon[0])) {
      if (k >= 0) this.removeAt(k);
      return;
    }
    if (k < 0) this.siftUp(this.size++, slot);
    else this.place(k, slot);
  }

  /** Takes the slot at heap position k out of the heap (its event is now after the horizon). */
  private removeAt(k: number): void {
    this.where[this.heap[k]] = -1;
    const last = --this.size;
    if (k === last) return;
    this.place(k, this.heap[last]);
  }

  /** Puts slot in the hole at k: up if it comes before k's parent, else down. */
  private place(k: number, slot: number): void {
    if (k > 0) {
      const p = (k - 1) >> 2;
      const key = this.keys[slot];
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
