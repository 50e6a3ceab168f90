/**
 * The Measure tools as the store holds them: the stopwatch, the collision counter and the graph's
 * series, read together at the moment shown each time the store publishes (a few times a second),
 * into one {@link MeasureReading} the panels draw. The graph takes its sample here too, so that
 * it follows the run whether its panel is open or folded. The runs table is plain data in the
 * store (runs.ts).
 */
import type { WorldView } from '../runtime/index.ts';
import type { CollisionCounter, CounterTarget } from './collision-counter.ts';
import type { DropsReading } from './drops.ts';
import type { FirstLawReadout } from './first-law.ts';
import { GraphSeries, parseQuantity, type GraphQuantity } from './graph.ts';
import type { Stopwatch, StopwatchReading } from './stopwatch.ts';

/** The collision counter at the moment shown. */
export interface CounterReading {
  /** Whether its period has begun (a count to show). */
  started: boolean;
  /** Whether it counts now. */
  counting: boolean;
  /** Collisions counted up to now. */
  count: number;
  /** Simulated seconds its count covers, s. */
  seconds: number;
  /** What it counts. */
  target: CounterTarget;
}

/** The graph: its two quantities (ids, see `quantityId`) and how many points its series holds. */
export interface GraphReading {
  x: string;
  y: string;
  /** Points in the series now. */
  points: number;
  /** Moves on with every change of the series (a redraw is due). */
  version: number;
}

/** The Measure tools at the moment shown. */
export interface MeasureReading {
  stopwatch: StopwatchReading;
  counter: CounterReading;
  graph: GraphReading;
}

/** What the tools read besides themselves: the world on screen, the first law's and the drops' last readouts. */
export interface MeasureSource {
  readonly world: WorldView;
  readonly firstLaw: FirstLawReadout;
  /** The drops' last reading (a world with wells). */
  readonly drops: DropsReading;
}

/** The stopwatch, the counter and the graph's series of one store. */
export class MeasureTools {
  /** The graph's samples (the Graph tool draws straight from its arrays). */
  readonly graph = new GraphSeries();
  private x: GraphQuantity = { kind: 'run', name: 'time' };
  private y: GraphQuantity = { kind: 'run', name: 'kinetic' };
  private xId = 'time';
  private yId = 'kinetic';

  constructor(
    readonly stopwatch: Stopwatch,
    readonly counter: CollisionCounter,
  ) {}

  /** The graph's quantities (ids); a change starts its series afresh. Throws a RangeError naming an id that is no quantity. */
  setGraph(xId: string, yId: string): void {
    const x = parseQuantity(xId);
    const y = parseQuantity(yId);
    if (xId === this.xId && yId === this.yId) return;
    this.x = x;
    this.y = y;
    this.xId = xId;
    this.yId = yId;
    this.graph.clear();
  }

  /** Offers the graph a sample of the moment `source` shows, of scene `scene` (the store's `sceneVersion`). */
  sample(source: MeasureSource, scene: number): void {
    this.graph.sample({ world: source.world, firstLaw: source.firstLaw, counter: this.counter, drops: source.drops }, this.x, this.y, scene);
  }

  /** The tools at simulated time `time`: `prev` itself when nothing it shows changed. */
  read(time: number, prev: MeasureReading | null): MeasureReading {
    const stopwatch = this.stopwatch.read(time);
    const c = this.counter;
    const started = !Number.isNaN(c.from) && time >= c.from;
    const counter: CounterReading = { started, counting: c.counting(time), count: started ? c.count(time) : 0, seconds: started ? Math.max(0, Math.min(time, c.until) - c.from) : 0, target: c.target };
    const graph: GraphReading = { x: this.xId, y: this.yId, points: this.graph.length, version: this.graph.version };
    if (prev === null) return { stopwatch, counter, graph };
    const same = {
      stopwatch: prev.stopwatch.elapsed === stopwatch.elapsed && prev.stopwatch.running === stopwatch.running && prev.stopwatch.laps.length === stopwatch.laps.length && prev.stopwatch.laps.every((lap, k) => lap === stopwatch.laps[k]),
      counter: (Object.keys(counter) as (keyof CounterReading)[]).every((key) => prev.counter[key] === counter[key]),
      graph: (Object.keys(graph) as (keyof GraphReading)[]).every((key) => prev.graph[key] === graph[key]),
    };
    if (same.stopwatch && same.counter && same.graph) return prev;
    return { stopwatch: same.stopwatch ? prev.stopwatch : stopwatch, counter: same.counter ? prev.counter : counter, graph: same.graph ? prev.graph : graph };
  }
}
