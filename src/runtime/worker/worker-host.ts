/**
 * The world in a Web Worker (or any port serving `serveSolver`): handed over whole while the
 * simulation plays there, stepped in batches the frame asks for, and given back when paused. The
 * page keeps a {@link RemoteWorld} view of each batch, and lends the worker the buffers it fills
 * (positions, velocities, and 32-bit copies for drawing), so that a batch allocates nothing here.
 */
import { packWorld, unpackWorld, type World } from '../../solver/index.ts';
import { RemoteWorld } from './remote-world.ts';
import type { SolverHost } from '../solver-host.ts';
import { slotData, type FromSolver, type SolverPort, type ToSolver } from './solver-service.ts';

/** A worker (or any port serving `serveSolver`), with a way to end it. */
export type SolverPortFactory = () => SolverPort & { terminate?(): void };

/** A batch as the worker sends it. */
export type BatchMessage = Extract<FromSolver, { type: 'batch' }>;

/** The last batch's data for drawing, in 32 bits (see `Simulation.batch32`). */
export interface Batch32 {
  /** The simulation's version it belongs to. */
  version: number;
  /** Positions, x y z a sphere. */
  now: Float32Array;
  /** Positions before the last step, like `now`. */
  before: Float32Array;
  /** Speeds, one a sphere. */
  speed: Float32Array;
}

/** What the worker host tells its owner. */
export interface WorkerHostEvents {
  /** A batch arrived; the view, the previous positions and `batch32` hold it. */
  batch(message: BatchMessage): void;
  /** The world came back (asked back, paused), with the positions before its last step. */
  back(world: World, previous: Float64Array): void;
  /** The worker failed while it held the world, which is lost with it. */
  lost(message: string): void;
}

/** The buffers a batch fills: positions, previous positions, velocities, and the 32-bit ones for drawing. */
type LentBuffers = [Float64Array, Float64Array, Float64Array, Float32Array, Float32Array, Float32Array];

/** The world while the worker runs it. */
interface Held {
  view: RemoteWorld;
  /** Generation of the hand-over: replies about older ones are ignored. */
  gen: number;
  /** Positions before the last step of the last batch. */
  previous: Float64Array;
  /** A batch was asked for and has not come back. */
  inFlight: boolean;
  /** Steps owed and not yet asked for. */
  owed: number;
  /** The world was asked back (paused). */
  returning: boolean;
  /** Buffers to lend to the next batch (the ones drawn before the last batch came back). */
  spare: LentBuffers | null;
}

/** The world in a worker, while it is there. */
export class WorkerHost implements SolverHost {
  readonly kind = 'worker';
  private port: (SolverPort & { terminate?(): void }) | null = null;
  private portReady = false;
  private failed = false;
  private gen = 0;
  private held: Held | null = null;
  private dt = 1 / 60;

  constructor(
    private readonly makePort: SolverPortFactory | null,
    private readonly batch32: Batch32,
    private readonly events: WorkerHostEvents,
  ) {}

  /** Whether a worker can be used (one can be made and none has failed). */
  get usable(): boolean {
    return this.makePort !== null && !this.failed;
  }

  /** Whether the worker holds the world now. */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Whether the world was asked back and is on its way. */
  get returning(): boolean {
    return this.held !== null && this.held.returning;
  }

  get world(): RemoteWorld {
    if (this.held === null) throw new Error('the worker holds no world');
    return this.held.view;
  }

  get previous(): Float64Array {
    if (this.held === null) throw new Error('the worker holds no world');
    return this.held.previous;
  }

  syncPrevious(): void {
    const held = this.held;
    if (held !== null) held.previous.set(held.view.positions.subarray(0, 3 * held.view.count));
  }

  /**
   * Hands `world` to the worker (made on first use) with the positions before its last step.
   * Returns false while the worker is still loading or when it cannot be used: the world then
   * stays where it was.
   */
  take(world: World, previous: Float64Array): boolean {
    if (!this.usable) return false;
    if (this.port === null) this.start();
    if (!this.portReady || this.port === null) return false;
    const gen = ++this.gen;
    const view = new RemoteWorld(world, slotData(world), (call) => this.post({ type: 'call', gen, ...call }));
    const prev = new Float64Array(3 * world.count);
    prev.set(previous.subarray(0, 3 * world.count));
    const { message, transfer } = packWorld(world);
    this.post({ type: 'take', gen, world: message }, transfer);
    this.held = { view, gen, previous: prev, inFlight: false, owed: 0, returning: false, spare: null };
    return true;
  }

  /**
   * Adds `steps` fixed steps of `dt` to what the worker owes, at most `most` (a worker that falls
   * behind makes slow motion, not a backlog), and asks for them unless a batch is out.
   */
  owe(steps: number, dt: number, most: number): void {
    const held = this.held;
    if (held === null || held.returning) return;
    this.dt = dt;
    held.owed = Math.min(held.owed + steps, most);
    if (!held.inFlight && held.owed > 0) this.request(held);
  }

  /** Asks for the world back (paused): it arrives through `events.back`. */
  askBack(): void {
    const held = this.held;
    if (held === null || held.returning) return;
    held.returning = true;
    this.post({ type: 'give', gen: held.gen });
  }

  /** Forgets the world the worker holds (replaced by another): its replies are ignored from now on. */
  drop(): void {
    if (this.held === null) return;
    this.gen++;
    this.held = null;
  }

  /** Ends the worker, if one was made (the sandbox is going away). */
  dispose(): void {
    this.gen++;
    this.port?.terminate?.();
    this.port = null;
    this.portReady = false;
  }

  private start(): void {
    let port: SolverPort & { terminate?(): void };
    try {
      port = this.makePort!();
    } catch (error) {
      this.fail(`it could not be started (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    this.port = port;
    this.portReady = false;
    port.onmessage = (event: MessageEvent) => {
      if (this.port === port) this.receive(event.data as FromSolver);
    };
    port.onerror = (event: ErrorEvent) => {
      if (this.port !== port) return;
      event.preventDefault?.();
      this.fail(typeof event.message === 'string' && event.message !== '' ? event.message : 'it failed to load or stopped');
    };
  }

  private post(message: ToSolver, transfer: Transferable[] = []): void {
    this.port?.postMessage(message, transfer);
  }

  /** Asks the worker for the steps owed, lending it the buffers to fill. */
  private request(held: Held): void {
    const n = 3 * held.view.count;
    let spare = held.spare;
    if (spare === null || spare[0].length < n || spare[3].length < n || spare[5].length < n / 3) {
      spare = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n / 3)];
    }
    held.spare = null;
    const steps = held.owed;
    held.owed = 0;
    held.inFlight = true;
    const [positions, previous, velocities, drawNow, drawBefore, drawSpeed] = spare;
    this.post({ type: 'run', gen: held.gen, steps, dt: this.dt, positions, previous, velocities, drawNow, drawBefore, drawSpeed }, [
      positions.buffer,
      previous.buffer,
      velocities.buffer,
      drawNow.buffer,
      drawBefore.buffer,
      drawSpeed.buffer,
    ] as ArrayBuffer[]);
  }

  /** The worker cannot be used: end it (the owner rebuilds the experiment if it held the world). */
  private fail(why: string): void {
    this.failed = true;
    this.port?.terminate?.();
    this.port = null;
    console.warn(`Sphere sandbox: the solver worker is not available (${why}); the solver runs on the page.`);
    if (this.held !== null) {
      this.gen++;
      this.held = null;
      this.events.lost(why);
    }
  }

  private receive(m: FromSolver): void {
    if (m.type === 'ready') {
      this.portReady = true;
      return;
    }
    const held = this.held;
    if (held === null || m.gen !== held.gen) return; // about a world since replaced
    if (m.type === 'error') {
      console.error(`Solver worker: ${m.message}`);
      return;
    }
    if (m.type === 'world') {
      this.held = null;
      this.events.back(unpackWorld(m.world), held.previous);
      return;
    }
    // A batch: draw it, and lend the buffers drawn until now to the next one.
    const view = held.view;
    const b32 = this.batch32;
    held.spare = [view.positions, held.previous, view.velocities, b32.now, b32.before, b32.speed];
    held.previous = m.previous;
    view.update(m.time, m.positions, m.velocities, m.stats, m.events, m.slots, m.wallsNow);
    b32.now = m.drawNow;
    b32.before = m.drawBefore;
    b32.speed = m.drawSpeed;
    held.inFlight = false;
    this.events.batch(m);
    if (held.owed > 0 && !held.returning) this.request(held);
  }
}
