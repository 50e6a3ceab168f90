/**
 * The solver's side of worker mode: owns a world handed over from the page, steps it in batches
 * when asked, and hands it back. Runs in a Web Worker (`solver.worker.ts`), or on any message
 * port (the unit tests use a MessageChannel).
 *
 * The protocol, one message at a time in each direction per batch (backpressure: the page asks
 * for the next batch only once the last one came back):
 * - `ready` (from the solver): it has loaded; until then the page steps the world itself.
 * - `take`: the page hands over a world (packed with `packWorld`, its buffers transferred).
 * - `run`: step `steps` times; the page lends buffers (positions, previous positions and
 *   velocities, and the same for drawing in 32 bits: positions, previous positions and speeds)
 *   that come back filled, so nothing large is allocated per batch on either side, and the page
 *   only copies what it draws.
 * - `call`: a live change while running (restitution, gravity, reverse), applied between batches.
 * - `give`: hand the world back (packed and transferred): the page owns it again.
 * Every message carries the generation of the world it is about; the page ignores replies about a
 * world it has since replaced.
 */
import { packWorld, unpackWorld, type CollisionEvents, type PackedWorld, type WallName, type Well, type World, type WorldStats } from '../../solver/index.ts';
import { wallsSnapshot, type WallsSnapshot } from '../world-view.ts';

/** The live changes the page may make while the worker runs the world. */
export type RemoteCall =
  | { method: 'setRestitution'; args: [number] }
  | { method: 'setWallRestitution'; args: [number] }
  | { method: 'setGravity'; args: [[number, number, number]] }
  | { method: 'reverseVelocities'; args: [] }
  | { method: 'setWallVelocity'; args: [WallName, number] }
  | { method: 'setPiston'; args: [WallName, { mass: number; force: number } | null] }
  | { method: 'setWallTemperature'; args: [WallName, number | null] }
  | { method: 'setDivider'; args: [{ axis: 'x' | 'y' | 'z'; position: number } | null] }
  | { method: 'setWells'; args: [Well[]] };

/** The buffers a batch fills: lent with `run`, returned filled with `batch`. */
export interface BatchBuffers {
  /** Positions at the end of the batch, x y z a sphere. */
  positions: Float64Array;
  /** Positions before the batch's last step. */
  previous: Float64Array;
  velocities: Float64Array;
  /** For drawing, in 32 bits: positions and previous positions (3 a sphere), speeds (1 a sphere). */
  drawNow: Float32Array;
  drawBefore: Float32Array;
  drawSpeed: Float32Array;
}

/** Messages from the page to the solver. */
export type ToSolver =
  | { type: 'take'; gen: number; world: PackedWorld }
  | ({ type: 'run'; gen: number; steps: number; dt: number } & BatchBuffers)
  | ({ type: 'call'; gen: number } & RemoteCall)
  | { type: 'give'; gen: number };

/** The collisions of a batch: the fields of the solver's `CollisionEvents`, gathered over its steps. */
export type BatchEvents = Pick<CollisionEvents, 'count' | 'dropped' | 'time' | 'a' | 'b' | 'normal' | 'impulse' | 'energyLost' | 'closingSpeed' | 'point'>;

/**
 * Per-sphere data by slot that no step changes but a renumbering or a reaction: sent with a batch
 * in which the world renumbered its slots or a reaction changed a sphere's species.
 */
export interface SlotData {
  layoutVersion: number;
  ids: Int32Array;
  radii: Float64Array;
  masses: Float64Array;
  species: Int32Array;
}

/** Messages from the solver to the page. */
export type FromSolver =
  | ({
      type: 'batch';
      gen: number;
      steps: number;
      time: number;
      count: number;
      stats: WorldStats;
      wallsNow: WallsSnapshot;
      pairs: number;
      walls: number;
      /** Reactions in the batch's steps. */
      reactions: number;
      stepMs: number;
      events: BatchEvents;
      slots: SlotData | null;
    } & BatchBuffers)
  | { type: 'world'; gen: number; world: PackedWorld }
  | { type: 'error'; gen: number; message: string }
  | { type: 'ready' };

/** The part of a worker's global scope or a MessagePort that the service needs. */
export interface SolverPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
  /** A worker's failure to load or run (a Web Worker has it; a plain port does not). */
  onerror?: ((event: ErrorEvent) => void) | null;
}

/** Copies a world's per-slot ids, radii, masses and species (for the page's view of a remote world). */
export function slotData(world: World): SlotData {
  const n = world.count;
  const ids = new Int32Array(n);
  for (let s = 0; s < n; s++) ids[s] = world.idAt(s);
  return { layoutVersion: world.layoutVersion, ids, radii: world.radii.slice(0, n), masses: world.masses.slice(0, n), species: world.species.slice(0, n) };
}

/** A copy of `a` with room for `n` entries. */
function grown<T extends Float64Array | Int32Array>(a: T, n: number): T {
  const b = (a instanceof Float64Array ? new Float64Array(n) : new Int32Array(n)) as T;
  b.set(a);
  return b;
}

/** Serves the solver on `port` until the port closes. */
export function serveSolver(port: SolverPort): void {
  let world: World | null = null;
  let gen = -1;
  // The batch's collisions, gathered step by step (grown, never shrunk).
  let time = new Float64Array(256);
  let a = new Int32Array(256);
  let b = new Int32Array(256);
  let normal = new Float64Array(768);
  let impulse = new Float64Array(256);
  let lost = new Float64Array(256);
  let closing = new Float64Array(256);
  let point = new Float64Array(768);
  /** Makes room for `need` collisions in the batch buffers (by doubling, so rarely). */
  const growEvents = (need: number): void => {
    const size = Math.max(need, 2 * time.length);
    time = grown(time, size);
    a = grown(a, size);
    b = grown(b, size);
    normal = grown(normal, 3 * size);
    impulse = grown(impulse, size);
    lost = grown(lost, size);
    closing = grown(closing, size);
    point = grown(point, 3 * size);
  };

  const run = (m: Extract<ToSolver, { type: 'run' }>): void => {
    const w = world as World;
    const n = w.count;
    const layout = w.layoutVersion;
    let pairs = 0;
    let walls = 0;
    let reactions = 0;
    let count = 0;
    let dropped = 0;
    let layoutBeforeLast = layout;
    const t0 = performance.now();
    for (let k = 0; k < m.steps; k++) {
      if (k === m.steps - 1) {
        m.previous.set(w.positions.subarray(0, 3 * n));
        layoutBeforeLast = w.layoutVersion;
      }
      w.step(m.dt);
      pairs += w.lastStep.pairCollisions;
      walls += w.lastStep.wallCollisions;
      reactions += w.lastStep.reactions;
      const ev = w.events;
      dropped += ev.dropped;
      const need = count + ev.count;
      if (need > time.length) growEvents(need);
      // Copied entry by entry: no typed-array views made per step.
      for (let k = 0; k < ev.count; k++) {
        const q = count + k;
        time[q] = ev.time[k];
        a[q] = ev.a[k];
        b[q] = ev.b[k];
        normal[3 * q] = ev.normal[3 * k];
        normal[3 * q + 1] = ev.normal[3 * k + 1];
        normal[3 * q + 2] = ev.normal[3 * k + 2];
        impulse[q] = ev.impulse[k];
        lost[q] = ev.energyLost[k];
        closing[q] = ev.closingSpeed[k];
        point[3 * q] = ev.point[3 * k];
        point[3 * q + 1] = ev.point[3 * k + 1];
        point[3 * q + 2] = ev.point[3 * k + 2];
      }
      count = need;
    }
    const stepMs = performance.now() - t0;
    // A renumbering in the last step moved the spheres between slots: their previous positions go with them.
    if (w.layoutVersion !== layoutBeforeLast) {
      const from = w.reorderedFrom;
      const prev = m.previous.slice(0, 3 * n);
      for (let s = 0; s < n; s++) for (let q = 0; q < 3; q++) m.previous[3 * s + q] = prev[3 * from[s] + q];
    }
    m.positions.set(w.positions.subarray(0, 3 * n));
    m.velocities.set(w.velocities.subarray(0, 3 * n));
    // What the page's renderer uploads, made here so that the page only copies it.
    for (let k = 0; k < 3 * n; k++) {
      m.drawNow[k] = m.positions[k];
      m.drawBefore[k] = m.previous[k];
    }
    const v = m.velocities;
    for (let s = 0; s < n; s++) m.drawSpeed[s] = Math.sqrt(v[3 * s] * v[3 * s] + v[3 * s + 1] * v[3 * s + 1] + v[3 * s + 2] * v[3 * s + 2]);
    const events: BatchEvents = {
      count,
      dropped,
      time: time.slice(0, count),
      a: a.slice(0, count),
      b: b.slice(0, count),
      normal: normal.slice(0, 3 * count),
      impulse: impulse.slice(0, count),
      energyLost: lost.slice(0, count),
      closingSpeed: closing.slice(0, count),
      point: point.slice(0, 3 * count),
    };
    const slots = w.layoutVersion !== layout || reactions > 0 ? slotData(w) : null;
    const reply: FromSolver = {
      type: 'batch',
      gen: m.gen,
      steps: m.steps,
      time: w.time,
      count: n,
      positions: m.positions,
      previous: m.previous,
      velocities: m.velocities,
      drawNow: m.drawNow,
      drawBefore: m.drawBefore,
      drawSpeed: m.drawSpeed,
      stats: w.stats(),
      wallsNow: wallsSnapshot(w),
      pairs,
      walls,
      reactions,
      stepMs,
      events,
      slots,
    };
    const transfer: ArrayBuffer[] = [m.positions.buffer, m.previous.buffer, m.velocities.buffer, m.drawNow.buffer, m.drawBefore.buffer, m.drawSpeed.buffer] as ArrayBuffer[];
    for (const buffer of [events.time, events.a, events.b, events.normal, events.impulse, events.energyLost, events.closingSpeed, events.point]) transfer.push(buffer.buffer as ArrayBuffer);
    if (slots) transfer.push(slots.ids.buffer as ArrayBuffer, slots.radii.buffer as ArrayBuffer, slots.masses.buffer as ArrayBuffer);
    port.postMessage(reply, transfer);
  };

  port.onmessage = (event: MessageEvent) => {
    const m = event.data as ToSolver;
    try {
      if (m.type === 'take') {
        world = unpackWorld(m.world);
        gen = m.gen;
        return;
      }
      if (world === null || m.gen !== gen) return; // about a world this side no longer has
      if (m.type === 'run') run(m);
      else if (m.type === 'call') {
        if (m.method === 'setRestitution') world.setRestitution(m.args[0]);
        else if (m.method === 'setWallRestitution') world.setWallRestitution(m.args[0]);
        else if (m.method === 'setGravity') world.setGravity(m.args[0]);
        else if (m.method === 'setWallVelocity') world.setWallVelocity(...m.args);
        else if (m.method === 'setPiston') world.setPiston(...m.args);
        else if (m.method === 'setWallTemperature') world.setWallTemperature(...m.args);
        else if (m.method === 'setDivider') world.setDivider(...m.args);
        else if (m.method === 'setWells') world.setWells(...m.args);
        else world.reverseVelocities();
      } else if (m.type === 'give') {
        const { message, transfer } = packWorld(world);
        world = null;
        port.postMessage({ type: 'world', gen: m.gen, world: message } satisfies FromSolver, transfer);
      }
    } catch (error) {
      port.postMessage({ type: 'error', gen: m.gen, message: error instanceof Error ? error.message : String(error) } satisfies FromSolver);
    }
  };
  // Loaded and listening: the page hands a world over only after this.
  port.postMessage({ type: 'ready' } satisfies FromSolver);
}
