/**
 * Whether a frame must be drawn. The frame loop runs every display frame (the simulation's clock,
 * the aids, the labels), but a view that shows what it showed last frame is not drawn again: a
 * paused sandbox costs the GPU nothing (a laptop's battery, a phone's heat, and the software
 * renderer of the browser tests, where drawing is most of a frame's cost).
 *
 * What is drawn is a function of the store's state, the simulation's positions (its version and
 * the clock's interpolation alpha), the camera and the canvas size. The gate draws when any of
 * them differs from the last drawn frame (of the store's state, any field but the published
 * samples of the readouts, {@link SAMPLE_FIELDS}, which a paused sandbox still publishes for
 * its panels; a component of the view that draws from them re-renders, and that asks for a frame), when React Three Fiber was asked for a frame (a prop
 * or the scene graph changed), and after any pointer, wheel or key input (a drag moves its
 * preview without touching the store). A still view is drawn again every
 * {@link HEARTBEAT_FRAMES} frames anyway, so that a change reaching the scene some other way is
 * shown within a fraction of a second.
 */

/** Frames a still view waits before it is drawn again anyway. */
export const HEARTBEAT_FRAMES = 30;

/** The camera as the gate compares it: a position, an orientation and a projection. */
export interface GateCamera {
  position: { x: number; y: number; z: number };
  quaternion: { x: number; y: number; z: number; w: number };
  projectionMatrix: { elements: ArrayLike<number> };
}

/** What the gate reads of the simulation. */
export interface GateSimulation {
  /** Changes whenever the positions or the slots change (a step, an edit, a world replaced). */
  version: number;
  slotsVersion: number;
  clock: { alpha: number };
}

/** The view's inputs for one frame. */
export interface GateInputs {
  /** The store's state object (a new object after every change). */
  state: object;
  sim: GateSimulation;
  camera: GateCamera;
  /** The drawing buffer's size in pixels. */
  width: number;
  height: number;
  /** Whether React Three Fiber was asked for a frame since the last. */
  invalidated: boolean;
}

const CAMERA_NUMBERS = 3 + 4 + 16;

/** The store's fields that hold the readouts' published samples: not drawn in the view by themselves. */
export const SAMPLE_FIELDS: ReadonlySet<string> = new Set(['stats', 'timeline']);

/** Whether two states of the store differ in a field other than the published samples. */
function viewFieldsDiffer(now: object, before: object): boolean {
  const a = now as Readonly<Record<string, unknown>>;
  const b = before as Readonly<Record<string, unknown>>;
  for (const key in a) if (a[key] !== b[key] && !SAMPLE_FIELDS.has(key)) return true;
  for (const key in b) if (!(key in a)) return true;
  return false;
}

/** Decides, frame by frame, whether to draw; counts the frames it let through. */
export class RedrawGate {
  /** Frames drawn since the gate was made. */
  drawn = 0;
  /** Frames the gate was asked about. */
  asked = 0;
  private state: object | null = null;
  private version = Number.NaN;
  private slotsVersion = Number.NaN;
  private alpha = Number.NaN;
  private width = -1;
  private height = -1;
  private readonly camera = new Float64Array(CAMERA_NUMBERS);
  private still = 0;
  private input = true;

  /** Input reached the view (a pointer, wheel or key event): the next frame is drawn. */
  poke(): void {
    this.input = true;
  }

  /** Whether this frame must be drawn; when it must, what it shows becomes the gate's reference. */
  due(view: GateInputs): boolean {
    this.asked++;
    const { sim } = view;
    let changed = this.input || view.invalidated || this.still + 1 >= HEARTBEAT_FRAMES;
    if (view.state !== this.state && (this.state === null || viewFieldsDiffer(view.state, this.state))) changed = true;
    if (sim.version !== this.version || sim.slotsVersion !== this.slotsVersion || sim.clock.alpha !== this.alpha) changed = true;
    if (view.width !== this.width || view.height !== this.height) changed = true;
    if (this.cameraMoved(view.camera)) changed = true;
    if (!changed) {
      this.still++;
      return false;
    }
    this.input = false;
    this.still = 0;
    this.drawn++;
    this.state = view.state;
    this.version = sim.version;
    this.slotsVersion = sim.slotsVersion;
    this.alpha = sim.clock.alpha;
    this.width = view.width;
    this.height = view.height;
    return true;
  }

  /** Whether the camera differs from the last frame's (and records it). */
  private cameraMoved(camera: GateCamera): boolean {
    const c = this.camera;
    const p = camera.position;
    const q = camera.quaternion;
    const m = camera.projectionMatrix.elements;
    let moved = c[0] !== p.x || c[1] !== p.y || c[2] !== p.z || c[3] !== q.x || c[4] !== q.y || c[5] !== q.z || c[6] !== q.w;
    for (let k = 0; k < 16 && !moved; k++) moved = c[7 + k] !== m[k];
    if (!moved) return false;
    c[0] = p.x;
    c[1] = p.y;
    c[2] = p.z;
    c[3] = q.x;
    c[4] = q.y;
    c[5] = q.z;
    c[6] = q.w;
    for (let k = 0; k < 16; k++) c[7 + k] = m[k];
    return true;
  }
}
