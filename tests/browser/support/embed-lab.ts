// The embed lab (tests/browser/fixtures/embed-lab) for the browser tests: built once a worker with
// React's development build (so that StrictMode really double-mounts) and served on a free port
// (the `embedLab` fixture); a page of it counting live WebGL objects; the named sandboxes' waits;
// and a heap census by CDP.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { SandboxPanels } from '../../../src/embed/props.ts';
import type { SandboxProviderProps } from '../../../src/embed/SandboxProvider.tsx';
import type { SphereSandboxHandle } from '../../../src/hooks/sandbox-context.ts';
import { results, root } from './page.ts';
import { serveDir } from './serve.ts';
import { test as base, watchErrors } from './test.ts';

/** What the lab counts for a mounted sandbox's callbacks. */
export interface LabCounts {
  ready: number;
  stats: number;
  collisions: number;
  pairEnergyLost: number;
  pairs: number;
}

/**
 * The props the tests give the lab's sandboxes: a part of `SphereSandboxProps` (whose module
 * brings the overlay's stylesheets, which this program does not type), plain values only.
 */
export type LabProps = Pick<SandboxProviderProps, 'count' | 'boxSize' | 'speed' | 'restitution' | 'gravityOn' | 'gravity' | 'syncUrl' | 'locale'> & { panels?: SandboxPanels };

/** `window.__lab` (fixtures/embed-lab/lab.tsx): mounts sandboxes into their own React roots. */
export interface EmbedLab {
  mount(key: string, props?: LabProps, strict?: boolean): void;
  setProps(key: string, props: LabProps): void;
  unmount(key: string): void;
  counts(key: string): LabCounts;
  handle(key: string): SphereSandboxHandle | null;
  probeRuns(): number;
  canvases(key: string): number;
}

/** Live WebGL objects of each kind. */
export type GlCounts = Record<'Buffer' | 'Texture' | 'Program' | 'Shader' | 'VertexArray' | 'Framebuffer' | 'Renderbuffer', number>;

declare global {
  interface Window {
    /** The embed lab's controls. */
    __lab: EmbedLab;
    /** Live WebGL objects across the page, and live contexts ({@link COUNT_GL_OBJECTS}). */
    __glLive: () => GlCounts & { contexts: number };
    /** What each lost context still held when it went. */
    __glLeftAtLoss: GlCounts[];
  }
}

/**
 * Counts live WebGL objects across the page: created minus deleted, per context, a context's
 * objects counting no more once it is lost (the browser frees them with it). Also counts the
 * objects deleted explicitly, and the live contexts. An init script.
 */
export const COUNT_GL_OBJECTS = (): void => {
  const KINDS = ['Buffer', 'Texture', 'Program', 'Shader', 'VertexArray', 'Framebuffer', 'Renderbuffer'] as const;
  type Kind = (typeof KINDS)[number];
  type Counts = Record<Kind, number>;
  const zero = (): Counts => ({ Buffer: 0, Texture: 0, Program: 0, Shader: 0, VertexArray: 0, Framebuffer: 0, Renderbuffer: 0 });
  const perContext = new Map<object, Counts>();
  const lost = new WeakSet<object>();
  const countsOf = (ctx: object): Counts => {
    let c = perContext.get(ctx);
    if (!c) perContext.set(ctx, (c = zero()));
    return c;
  };
  type Method = (this: object, ...args: unknown[]) => unknown;
  for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
    const methods = proto as unknown as Record<string, Method | undefined>;
    for (const kind of KINDS) {
      const create = methods[`create${kind}`];
      const remove = methods[`delete${kind}`];
      if (!create || !remove) continue;
      methods[`create${kind}`] = function (this: object, ...args: unknown[]) {
        const made = create.apply(this, args);
        if (made) countsOf(this)[kind]++;
        return made;
      };
      methods[`delete${kind}`] = function (this: object, object: unknown, ...rest: unknown[]) {
        if (object && !lost.has(this)) countsOf(this)[kind]--;
        return remove.call(this, object, ...rest);
      };
    }
  }
  let contexts = 0;
  window.__glLeftAtLoss = [];
  const getContext = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, type: string, ...rest: unknown[]) => RenderingContext | null;
  const seen = new WeakSet<HTMLCanvasElement>();
  (HTMLCanvasElement.prototype as unknown as { getContext: typeof getContext }).getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
    const ctx = getContext.call(this, type, ...rest);
    if (ctx && /webgl/.test(type) && !seen.has(this)) {
      seen.add(this);
      contexts++;
      this.addEventListener(
        'webglcontextlost',
        () => {
          contexts--;
          lost.add(ctx);
          // What was still alive when the context went: left to the browser rather than deleted.
          window.__glLeftAtLoss.push({ ...countsOf(ctx) });
          perContext.delete(ctx);
        },
        { once: true },
      );
    }
    return ctx;
  };
  window.__glLive = () => {
    const total = zero();
    for (const c of perContext.values()) for (const k of KINDS) total[k] += c[k];
    return { ...total, contexts };
  };
};

/** The lab as built and served for a worker. */
export interface EmbedLabServer {
  /** The built lab's folder. */
  dir: string;
  /** Its page in test mode. */
  url: string;
}

/**
 * `test` with the worker-scoped `embedLab`: the lab built with NODE_ENV=development (each
 * project into its own folder, so that the two groups never build into one another's) and
 * served on a free port for the worker's tests.
 */
export const test = base.extend<object, { embedLab: EmbedLabServer }>({
  embedLab: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const dir = join(results, `embed-lab-${workerInfo.project.name}`);
      try {
        await promisify(execFile)(
          process.execPath,
          [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'tests/browser/fixtures/embed-lab/vite.config.mjs', '--outDir', dir],
          { cwd: root, env: { ...process.env, NODE_ENV: 'development' }, maxBuffer: 64 * 1024 * 1024 },
        );
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`building the embed lab failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
      }
      if (!existsSync(join(dir, 'index.html'))) throw new Error(`the embed lab build wrote no index.html in ${dir}`);
      const { server, port } = await serveDir(dir);
      await use({ dir, url: `http://127.0.0.1:${port}/index.html?test=1` });
      await new Promise((done) => server.close(done));
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** A page of the lab, counting live WebGL objects, its warnings kept. */
export interface LabPage {
  context: BrowserContext;
  page: Page;
  /** The page's console warnings so far. */
  warnings: string[];
}

/** Opens the lab at 800 x 600 in a context of its own, watched for errors as `label`, and waits for `window.__lab`. */
export async function openLab(browser: Browser, url: string, label: string): Promise<LabPage> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  await context.addInitScript(COUNT_GL_OBJECTS);
  const page = await context.newPage();
  watchErrors(page, label);
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  page.setDefaultTimeout(60_000);
  await page.goto(url);
  await page.waitForFunction(() => window.__lab !== undefined);
  return { context, page, warnings };
}

/** Waits until the named sandbox's hook exists and it has rendered more than `n` frames. */
export async function waitSandbox(page: Page, name: string, n = 3): Promise<void> {
  await page.waitForFunction(([k, m]) => window.__sandboxes?.[k] !== undefined && window.__sandboxes[k].frames() > m, [name, n] as const, { timeout: 60_000, polling: 'raf' });
}

/** Waits until the named sandbox has rendered `n` more frames. */
export async function waitSandboxFrames(page: Page, name: string, n: number): Promise<void> {
  const start = await page.evaluate((k) => window.__sandboxes[k].frames(), name);
  await page.waitForFunction(([k, target]) => window.__sandboxes[k].frames() >= target, [name, start + n] as const, { timeout: 60_000, polling: 'raf' });
}

/** What the tests read of a named sandbox's world and store. */
export interface WorldInfo {
  time: number;
  restitution: number;
  count: number;
  running: boolean;
  pairs: number;
  walls: number;
  sceneVersion: number;
}

/** The named sandbox's world and store, as {@link WorldInfo}. */
export function worldOf(page: Page, name: string): Promise<WorldInfo> {
  return page.evaluate((k) => {
    const s = window.__sandboxes[k].store.getState();
    const w = s.sim.world;
    const st = w.stats();
    return { time: w.time, restitution: w.options.restitution, count: w.count, running: s.running, pairs: st.pairCollisions, walls: st.wallCollisions, sceneVersion: s.sceneVersion };
  }, name);
}

/** Classes whose live instances say whether a sandbox was kept after unmounting. */
export const CENSUS = ['World', 'Simulation', 'CollisionLog', 'WebGLRenderer', 'InstancedMesh', 'OrbitControls', 'FixedStepClock'] as const;
export type CensusName = (typeof CENSUS)[number];

/** A heap census: the JS heap used, the bytes of objects, live instances of {@link CENSUS}. */
export interface HeapCensus {
  used: number;
  objectBytes: number;
  counts: Record<CensusName, number>;
}

/** The parts of a V8 heap snapshot the census reads. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/**
 * A heap snapshot after garbage collection: the JS heap used, the bytes of objects (compiled
 * code left out: V8 keeps compiling as the same code runs again), and live instances of
 * {@link CENSUS}.
 */
export async function heapCensus(cdp: CDPSession): Promise<HeapCensus> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as HeapSnapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const counts = Object.fromEntries(CENSUS.map((c) => [c, 0])) as Record<CensusName, number>;
  const census = new Set<string>(CENSUS);
  let objectBytes = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti]];
    if (type === 'code' || type === 'native' || type === 'hidden') continue;
    objectBytes += snap.nodes[i + si];
    if (type === 'object') {
      const name = snap.strings[snap.nodes[i + ni]];
      if (census.has(name)) counts[name as CensusName]++;
    }
  }
  return { used, objectBytes, counts };
}
