/** Scene runners and invariant checks shared by the solver's tests (and the presets'), and a heap-sampling helper shared with the store's. */
import type { World } from '../solver/world.ts';

/** Steps `w` for `seconds` of simulated time in steps of `dt`. */
export function runFor(w: World, seconds: number, dt = 1 / 60): void {
  for (let k = 0; k < Math.round(seconds / dt); k++) w.step(dt);
}

/** Positions and velocities listed by id, x y z each (slots may differ between the worlds compared). */
export function byId(w: World): number[] {
  const out: number[] = [];
  for (let id = 0; out.length < 6 * w.count; id++) {
    const s = w.indexOf(id);
    if (s < 0) continue;
    for (let k = 0; k < 3; k++) out.push(w.positions[3 * s + k]);
    for (let k = 0; k < 3; k++) out.push(w.velocities[3 * s + k]);
  }
  return out;
}

/**
 * Throws, naming `label` and what is wrong, unless every position and velocity is finite, every
 * centre is inside the box and (when `maxOverlap` is given) no pair overlaps deeper than that
 * fraction of its radius sum.
 */
export function checkLegal(w: World, label: string, maxOverlap?: number): void {
  if (!allFinite(w)) throw new Error(`${label}: a position or velocity is not finite`);
  const out = escaped(w);
  if (out !== 0) throw new Error(`${label}: ${out} centres outside the box`);
  if (maxOverlap !== undefined) {
    const depth = deepestOverlap(w);
    if (!(depth < maxOverlap)) throw new Error(`${label}: a pair overlaps by ${depth} of its radius sum (at most ${maxOverlap})`);
  }
}

/** Deepest overlap of any pair, as a fraction of its radius sum (0 when none), by brute force. */
export function deepestOverlap(w: World): number {
  const p = w.positions;
  const r = w.radii;
  let worst = 0;
  for (let i = 0; i < w.count; i++) {
    for (let j = i + 1; j < w.count; j++) {
      const s = r[i] + r[j];
      const d = Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]);
      if (s - d > worst * s) worst = (s - d) / s;
    }
  }
  return worst;
}

/** Number of spheres whose centre is outside the reachable region of the box now (its walls' coordinates, `bounds`, less the radius). */
export function escaped(w: World, slack = 1e-9): number {
  const p = w.positions;
  const r = w.radii;
  const b = w.bounds;
  let n = 0;
  for (let i = 0; i < w.count; i++) {
    for (let k = 0; k < 3; k++) {
      const x = p[3 * i + k];
      if (x > b[2 * k + 1] - r[i] + slack * r[i] || x < b[2 * k] + r[i] - slack * r[i]) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** Whether every position and velocity is finite. */
export function allFinite(w: World): boolean {
  for (let k = 0; k < 3 * w.count; k++) if (!Number.isFinite(w.positions[k]) || !Number.isFinite(w.velocities[k])) return false;
  return true;
}

/** Total momentum sum m v over free spheres. */
export function momentum(w: World): [number, number, number] {
  return w.stats().momentum;
}

/**
 * What V8's sampling heap profiler (a sample every 64 bytes on average) attributes to the
 * project's own functions while `run` runs (Node only). A built-in function (subarray, say)
 * allocates on behalf of its caller, so its bytes count for the nearest of our functions above
 * it. Test files and this one are left out.
 */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** The sampling heap profile's root while `run` runs (a sample every 64 bytes, collected objects included). */
async function sampledProfile(run: () => void): Promise<ProfileNode> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  return profile.head as ProfileNode;
}

/** Every byte sampled while `run` runs, in any function (for code a test's loop may inline, where no function of ours is on the stack). */
export async function allSampledBytes(run: () => void): Promise<number> {
  const sum = (n: ProfileNode): number => n.children.reduce((total, c) => total + sum(c), n.selfSize);
  return sum(await sampledProfile(run));
}

/** Bytes sampled in functions of files whose path contains one of `dirs` (e.g. '/src/solver/'), and where. */
export async function sampledBytes(run: () => void, dirs: readonly string[]): Promise<{ bytes: number; sites: string[] }> {
  const head = await sampledProfile(run);
  let bytes = 0;
  const sites: string[] = [];
  const ours = (url: string): boolean => dirs.some((d) => url.includes(d)) && !url.includes('.test.') && !url.includes('/src/testing/');
  const walk = (n: ProfileNode, owner: string | null): void => {
    const url = n.callFrame.url;
    const mine = ours(url);
    const here = mine ? `${n.callFrame.functionName} (${url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1})` : url === '' ? owner : null;
    if (n.selfSize > 0 && here !== null) {
      bytes += n.selfSize;
      sites.push(`${here}${mine ? '' : ` via ${n.callFrame.functionName || '(native)'}`} ${n.selfSize} B`);
    }
    for (const c of n.children) walk(c, here);
  };
  walk(head, null);
  return { bytes, sites };
}

/** What {@link cleanRound} samples of a round. */
export interface RoundSample {
  /** Bytes sampled in the functions of the directories given. */
  bytes: number;
  /** Where, one line a site. */
  sites: string[];
  /** Steps the round ran (fewer than asked when it stopped at a chunk that failed). */
  steps: number;
}

/** How {@link cleanRound} runs its rounds. */
export interface RoundOptions {
  /** Profiled steps at most, over every round, in rounds' worth of steps. */
  rounds: number;
  /** Steps a round. */
  steps: number;
  /** Steps a profile: a round is profiled in chunks of this many steps. @defaultValue 30 */
  chunk?: number;
  /** Called as each round starts (to zero the counts a test keeps of the round). */
  begin?: () => void;
  /** One step, and whatever the test counts of it. */
  step: () => void;
  /** Whether what a round has sampled so far passes. @defaultValue no byte */
  passes?: (sample: RoundSample) => boolean;
  /** Directories whose functions count. @defaultValue the solver's */
  dirs?: readonly string[];
}

/**
 * Runs rounds of `steps` steps under the sampling heap profiler until one passes whole, and returns
 * that round's sample, or the one with the fewest bytes if none did within `rounds * steps`
 * profiled steps. Each round is profiled in chunks: a round that fails ends at that chunk and the
 * next starts there (its steps still warm the code up), and no profile holds more than a chunk's
 * samples (the profiler keeps every one, collected objects included, so a round that runs
 * unoptimized and boxes its numbers would otherwise grow the process by gigabytes).
 */
export async function cleanRound(options: RoundOptions): Promise<RoundSample> {
  const { rounds, steps, chunk = 30, begin, step, passes = (r: RoundSample) => r.bytes === 0, dirs = ['/src/solver/'] } = options;
  let best: RoundSample | null = null;
  let left = rounds * steps;
  while (left > 0) {
    begin?.();
    const sample: RoundSample = { bytes: 0, sites: [], steps: 0 };
    while (sample.steps < steps && left > 0) {
      const n = Math.min(chunk, steps - sample.steps, left);
      const r = await sampledBytes(() => {
        for (let k = 0; k < n; k++) step();
      }, dirs);
      sample.bytes += r.bytes;
      sample.sites.push(...r.sites);
      sample.steps += n;
      left -= n;
      if (!passes(sample)) break;
    }
    if (sample.steps === steps && passes(sample)) return sample;
    if (best === null || sample.bytes < best.bytes) best = sample;
  }
  return best!;
}
