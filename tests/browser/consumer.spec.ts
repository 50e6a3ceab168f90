// The package as another project gets it: the solver bundle's imports; `npm pack` of the library
// build installed into a throwaway Vite + React project outside the source tree (the `consumer`
// fixture, support/consumer.ts), which plain Node imports (a solver step; the component
// server-rendered without a DOM), whose TypeScript checks the published declarations, and whose
// build, loaded in Chromium, draws spheres, shows the hooks' live values and opens a link prop.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import type { SphereSandboxHandle } from '../../src/hooks/sandbox-context.ts';
import { lib, pkg, run, test } from './support/consumer.ts';
import { results, root, shownPixels } from './support/page.ts';
import { expect, watchErrors } from './support/test.ts';

const FORBIDDEN = /^(react|react-dom|three|zustand|@react-three\/fiber)(\/|$)/;

/** Every module specifier a built ES module imports (static, re-exports and dynamic). */
function importsOf(code: string): string[] {
  const found: string[] = [];
  const patterns = [/\bimport\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+)["']/g, /\bexport\s*[\w*{}\s,]*from\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** Runs an ES module script in plain Node in the consumer project; returns its exit code, stdout and stderr. */
async function node(app: string, script: string): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { status: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test('the solver bundle imports no react, three or zustand (and the scan sees the component bundle\'s)', () => {
  expect(existsSync(join(lib, 'sphere-sandbox.js')), 'dist/lib/sphere-sandbox.js (run `npm run build`: it builds the library too)').toBe(true);
  const seen = new Set<string>();
  const queue = [join(lib, 'solver.js')];
  const bad: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(join(dirname(file), spec));
      else if (FORBIDDEN.test(spec)) bad.push(`${file.slice(lib.length + 1)} imports ${spec}`);
      else bad.push(`${file.slice(lib.length + 1)} imports the package ${spec} (the solver has no dependencies)`);
    }
  }
  expect(bad, "the solver bundle's imports of packages").toEqual([]);
  // The check itself sees imports: the component's bundle does import react and three.
  const bundle = readFileSync(join(lib, 'sphere-sandbox.js'), 'utf8');
  expect(/__sandbox|installTestHook/.test(bundle), "the component bundle holds the browser tests' hook (__sandbox)").toBe(false);
  const main = importsOf(bundle);
  expect(main, 'the imports the scan finds in the component bundle').toContain('react');
  // three comes in with the 3D view's chunk, which the bundle loads on the client only (import()).
  const view = main.find((spec) => /^\.\/SandboxCanvas-[\w-]+\.js$/.test(spec));
  expect(view, "the 3D view's chunk, imported by the component bundle").toBeDefined();
  expect(importsOf(readFileSync(join(lib, view!), 'utf8')), "the imports of the 3D view's chunk").toContain('three');
});

test('npm pack holds what the exports map names, and not the app; react, three and fiber are peers', async ({ consumer }) => {
  const named: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') named.push(v.replace(/^\.\//, ''));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  expect(named.length, 'paths named in the exports map').toBeGreaterThan(0);
  for (const path of named) expect(consumer.packed, `the tarball's files: ${path} is named in the exports map`).toContain(path);
  const app = consumer.packed.filter((f) => /^(src|tests|dist\/assets|dist\/index\.html|dist\/embed\.html)/.test(f) || f.endsWith('.map'));
  expect(app, 'app or source files in the tarball').toEqual([]);
  for (const peer of ['react', 'react-dom', 'three', '@react-three/fiber']) {
    expect(pkg.peerDependencies?.[peer], `${peer} as a peer dependency`).toBeTruthy();
    expect(pkg.dependencies?.[peer], `${peer} as a dependency (it must be a peer)`).toBeUndefined();
  }
});

test('a fresh Vite + React project installs the tarball, with the host\'s React', async ({ consumer }) => {
  expect(existsSync(join(consumer.app, 'node_modules/sphere-sandbox/dist/lib/sphere-sandbox.js')), 'the installed package\'s component bundle').toBe(true);
  const installed = JSON.parse(readFileSync(join(consumer.app, 'node_modules/sphere-sandbox/package.json'), 'utf8')) as { version: string };
  expect(installed.version, 'the installed version (the packed one)').toBe(pkg.version);
  // One React only: the package uses the host's copy.
  expect(existsSync(join(consumer.app, 'node_modules/sphere-sandbox/node_modules/react')), 'the package brought its own copy of react').toBe(false);
});

test('plain Node imports sphere-sandbox/solver and runs a step', async ({ consumer }) => {
  const script = [
    "const { createWorld } = await import('sphere-sandbox/solver');",
    'const world = createWorld({ size: [4, 4, 4] });',
    'world.addSphere({ position: [-1, 0, 0], velocity: [2, 0, 0], radius: 0.3 });',
    'world.addSphere({ position: [1, 0, 0], velocity: [-2, 0, 0], radius: 0.3 });',
    'world.step(0.5);',
    'console.log(JSON.stringify({ time: world.time, x: world.positions[0], collisions: world.stats().pairCollisions }));',
  ].join('\n');
  const out = await node(consumer.app, script);
  expect(out.status, `the solver script's exit code:\n${out.stderr.slice(0, 2000)}`).toBe(0);
  const r = JSON.parse(out.stdout.trim().split('\n').pop()!) as { time: number; x: number; collisions: number };
  expect(Math.abs(r.time - 0.5), `the world's time after step(0.5) (${r.time}), off 0.5 by`).toBeLessThan(1e-12);
  expect(r.collisions, 'collisions of two spheres closing head-on at 4 m/s over 1.4 m in 0.5 s').toBe(1);
  expect(r.x, "sphere 0's x after bouncing back").toBeLessThan(-0.5);
});

test('plain Node (no DOM) imports sphere-sandbox and server-renders <SphereSandbox>', async ({ consumer }) => {
  const script = [
    "const { createElement } = await import('react');",
    "const { renderToString } = await import('react-dom/server');",
    "const { SphereSandbox, PRESETS } = await import('sphere-sandbox');",
    'const out = [];',
    "for (const props of [{}, { preset: 'gas', panels: 'full', label: 'Gas lesson' }, { panels: 'none', count: 40, restitution: 0.5 }]) {",
    '  out.push(renderToString(createElement(SphereSandbox, props)));',
    '}',
    'console.log(JSON.stringify({ presets: PRESETS.length, html: out, dom: typeof document }));',
  ].join('\n');
  const r = await node(consumer.app, script);
  expect(r.status, `importing and server-rendering the package in plain Node: exit code\n${r.stderr.slice(0, 2000)}`).toBe(0);
  // The 3D view's chunk (three and React Three Fiber, whose CommonJS build requires three's) loads on the client only.
  expect(r.stderr, 'warnings printed by the server render').not.toContain('THREE_CJS_DEPRECATED');
  const { presets, html, dom } = JSON.parse(r.stdout.trim().split('\n').pop()!) as { presets: number; html: string[]; dom: string };
  expect(dom, 'typeof document in the Node check (it must run without a DOM)').toBe('undefined');
  expect(presets, 'presets listed by the package in Node').toBeGreaterThan(0);
  expect(html.length, 'server renders').toBe(3);
  for (const markup of html) expect(markup, "server markup starts with the sandbox's outer element").toMatch(/^<div class="sphere-sandbox[ "]/);
  expect(html[1], 'the full overlay (panels="full") on the server: its label').toContain('aria-label="Gas lesson"');
  expect(html[1], 'the full overlay (panels="full") on the server: its classroom panel').toContain('Classroom');
});

test('the published types accept good props and refuse bad ones', async ({ consumer }) => {
  writeFileSync(
    join(consumer.app, 'check.ts'),
    [
      "import { useSandbox, type SphereSandboxProps, type SphereSandboxHandle, type SandboxCollisionEvent, type SandboxState } from 'sphere-sandbox';",
      "import { createWorld, type World } from 'sphere-sandbox/solver';",
      "export const good: SphereSandboxProps = { preset: 'head-on', restitution: 0.5, panels: 'compact', cameraPosition: [0, 2, 9], onCollision: (e: SandboxCollisionEvent) => void e.energyLost };",
      '// @ts-expect-error: not a panels value',
      "export const bad: SphereSandboxProps = { panels: 'huge' };",
      'export const world: World = createWorld({ size: [2, 2, 2] });',
      'export const stepIt = (h: SphereSandboxHandle): number => (h.step(), h.world.time);',
      'export const useTime = (): number => useSandbox((s: SandboxState) => s.stats.simTime);',
      '// @ts-expect-error: the state has no such field',
      'export const useNothing = (): number => useSandbox((s) => s.nothing);',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(consumer.app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', noEmit: true, skipLibCheck: true, types: [] }, files: ['check.ts'] }),
  );
  // Fails with tsc's output (an unused @ts-expect-error is an error too).
  await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], consumer.app, 'type-checking a consumer file');
});

test('vite builds the project', async ({ consumer }) => {
  expect(existsSync(join(consumer.app, 'dist/index.html')), "the consumer build's index.html").toBe(true);
  expect(await (await fetch(consumer.url)).text(), 'the served build').toContain('<div id="root">');
});

/** What the consumer's page keeps on `window` (its own code, the package's public API only). */
interface ConsumerProbe {
  ready: number;
  collisions: number;
  steps: number;
  hookSteps: number;
  handle: SphereSandboxHandle | null;
  hooks: SphereSandboxHandle | null;
}

test.describe('the built page', () => {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const warnings: string[] = [];
  test.beforeAll(async ({ browser, consumer }) => {
    context = await browser.newContext({ viewport: { width: 900, height: 600 }, deviceScaleFactor: 1 });
    page = await context.newPage();
    watchErrors(page, 'consumer');
    page.setDefaultTimeout(60_000);
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    // Only the package's public API: the handle, its onStep, useAfterStep and the hooks (the package has no test hook).
    await page.goto(consumer.url);
    await page.waitForFunction(() => (window.__consumer as ConsumerProbe).handle !== null && (window.__consumer as ConsumerProbe).steps > 5, null, { timeout: 60_000, polling: 'raf' });
  });
  test.afterAll(async () => {
    await context?.close();
  });
  const shared = (): Page => {
    if (!page) throw new Error('consumer: the page is not open (its beforeAll failed)');
    return page;
  };

  test('renders spheres with the packaged component and stylesheet, its solver in the packaged worker (screenshot)', async () => {
    const page = shared();
    await page.waitForFunction(() => (window.__consumer as ConsumerProbe).collisions > 0, null, { timeout: 60_000, polling: 'raf' });
    const info = await page.evaluate(() => {
      const c = window.__consumer as ConsumerProbe;
      return { count: c.handle!.world.count, ready: c.ready, canvases: document.querySelectorAll('[data-sandbox="consumer"] canvas').length, hook: typeof window.__sandboxes };
    });
    expect(info.count, "spheres in the consumer's sandbox").toBe(80);
    expect(info.canvases, "the consumer sandbox's canvases").toBe(1);
    expect(info.ready, 'onReady calls').toBe(1);
    expect(info.hook, 'typeof window.__sandboxes (the packaged sandbox installs no test hook)').toBe('undefined');
    // The solver's worker ships in the package and the consumer's bundler finds it.
    await page.waitForFunction(() => (window.__consumer as ConsumerProbe).handle!.stats.thread === 'worker', null, { timeout: 60_000, polling: 'raf' });
    await page.screenshot({ path: join(results, 'consumer.png') });
    // The package draws without keeping its drawing buffer (no test mode): count the pixels of what the page shows.
    const px = await shownPixels(page, '[data-sandbox="consumer"] canvas');
    expect(px.coloured / px.total, `fraction of coloured canvas pixels (${px.coloured} of ${px.total}; spheres missing?)`).toBeGreaterThan(0.003);
    const styled = await page.locator('[data-sandbox="consumer"] .sphere-sandbox__bar').evaluate((el) => getComputedStyle(el).position);
    expect(styled, "the bar's position (the package's stylesheet applied)").toBe('absolute');
  });

  test('the packaged hooks: a readout outside the canvas shows the sandbox\'s live values; controls outside a view sit in the flow', async () => {
    const page = shared();
    await page.waitForFunction(
      () => {
        const c = window.__consumer as ConsumerProbe;
        return c.hooks !== null && c.hooks.stats.simTime > 0.5 && c.hookSteps > 30;
      },
      null,
      { timeout: 60_000, polling: 'raf' },
    );
    const shown = () =>
      page.evaluate(() => {
        const el = document.getElementById('readout')!;
        const s = (window.__consumer as ConsumerProbe).hooks!.stats;
        return { text: el.textContent, count: el.dataset.count, inView: el.closest('.sphere-sandbox') !== null, expected: `${s.simTime.toFixed(2)} s, ${s.kineticEnergy.toFixed(3)} J`, time: s.simTime };
      });
    // The readout renders a published sample after the stats hold it: read both together until
    // the page has rendered the stats it reads.
    let first = await shown();
    await expect(async () => {
      first = await shown();
      expect(first.text, "the hooks readout, against the sandbox's stats").toBe(first.expected);
    }).toPass({ timeout: 60_000 });
    expect(first.inView, 'the hooks readout is inside a view').toBe(false);
    expect(first.count, 'spheres the hooks readout names').toBe('30');
    await page.waitForFunction((t) => (window.__consumer as ConsumerProbe).hooks!.stats.simTime > t + 0.3, first.time, { timeout: 60_000, polling: 'raf' });
    let later = await shown();
    await expect(async () => {
      later = await shown();
      expect(later.text, "the later hooks readout, against the sandbox's stats").toBe(later.expected);
    }).toPass({ timeout: 60_000 });
    expect(later.text, 'the hooks readout after a later sample').not.toBe(first.text);
    const inline = await page.locator('.sphere-sandbox--controls .sphere-sandbox__bar').evaluate((el) => getComputedStyle(el).position);
    expect(inline, "the controls outside a view: their position (in the page's flow)").toBe('static');
  });

  test("a provider's link prop opens the link's preset and restitution over its props, warning of the link's bad part", async () => {
    const page = shared();
    // The link's preset and restitution replace the props' (30 spheres, e = 1); its bad part
    // (colorBy=purple) is left out with a warning naming it.
    await page.waitForFunction(() => document.getElementById('linked')?.dataset.preset === 'cradle', null, { timeout: 60_000 });
    const linked = await page.locator('#linked').evaluate((el) => ({ ...el.dataset }));
    expect(linked, "the linked sandbox: the cradle's 5 spheres with restitution 0.7").toMatchObject({ preset: 'cradle', restitution: '0.7', count: '5' });
    await expect.poll(() => warnings.some((w) => w.includes('link') && w.includes('purple')), { message: "a warning names the link's bad part" }).toBe(true);
  });
});
