// The package as another project gets it, for consumer.spec.ts: the worker-scoped `consumer`
// fixture packs the library build (`npm pack --ignore-scripts`: the tarball of dist/lib as it is,
// without `prepack` rebuilding it under the other suites' feet), installs the tarball into a
// throwaway Vite + React project in the system's temp folder, builds that project and serves its
// build; it removes the project afterwards.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dist, root } from './page.ts';
import { serveDir } from './serve.ts';
import { test as base } from './test.ts';

/** The library build that `npm pack` packs. */
export const lib = join(dist, 'lib');

/** The package's own package.json (the fields the tests read). */
export interface PackageJson {
  version: string;
  exports: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

/** The exact version this project tests with (from its lockfile), so that the consumer matches. */
function pinned(name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** Runs a program, failing with `what`, its exit code and its output; returns its stdout. */
export async function run(cmd: string, args: string[], cwd: string, what: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(cmd, args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${what} failed (exit ${e.code}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** The consumer project's page: a sandbox, one composed with the hooks, and a provider opened from a link. */
const MAIN_JSX = [
  "import { StrictMode } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  "import { SphereSandbox, SandboxProvider, SandboxView, SandboxControls, useAfterStep, useSandbox, useSandboxHandle } from 'sphere-sandbox';",
  "import 'sphere-sandbox/style.css';",
  '',
  'window.__consumer = { ready: 0, collisions: 0, steps: 0, hookSteps: 0, handle: null, hooks: null };',
  '// A readout of the page itself, outside the canvas, fed by the hooks.',
  'function Readout() {',
  '  const time = useSandbox((s) => s.stats.simTime);',
  '  const energy = useSandbox((s) => s.stats.kineticEnergy);',
  '  const handle = useSandboxHandle();',
  '  window.__consumer.hooks = handle;',
  '  useAfterStep(() => window.__consumer.hookSteps++);',
  '  return <p id="readout" data-count={handle.world.count}>{time.toFixed(2)} s, {energy.toFixed(3)} J</p>;',
  '}',
  "// What a sandbox opened from a teacher's link holds (a provider with no view: nothing drawn).",
  'function Linked() {',
  '  const preset = useSandbox((s) => s.preset);',
  '  const restitution = useSandbox((s) => s.settings.restitution);',
  '  const handle = useSandboxHandle();',
  '  return <p id="linked" data-preset={String(preset)} data-restitution={restitution} data-count={handle.world.count} />;',
  '}',
  "createRoot(document.getElementById('root')).render(",
  '  <StrictMode>',
  '    <SphereSandbox name="consumer" label="Gas" count={80} boxSize={5} restitution={0.9} height={300} solverThread="worker"',
  '      onReady={(h) => { window.__consumer.ready++; window.__consumer.handle = h; h.onStep(() => window.__consumer.steps++); }} onCollision={() => window.__consumer.collisions++} />',
  '    <SandboxProvider name="hooks" count={30} boxSize={4} restitution={0.8}>',
  '      <SandboxView height={200} label="Hooks gas" />',
  '      <SandboxControls />',
  '      <Readout />',
  '    </SandboxProvider>',
  '    <SandboxProvider name="linked" count={30} restitution={1} link="https://example.org/sandbox/?preset=cradle&restitution=0.7&colorBy=purple">',
  '      <Linked />',
  '    </SandboxProvider>',
  '  </StrictMode>,',
  ');',
  '',
].join('\n');

/** The packed package installed into a built consumer project. */
export interface Consumer {
  /** The packed tarball. */
  tarball: string;
  /** The paths the tarball holds. */
  packed: string[];
  /** The consumer project. */
  app: string;
  /** Its built page, served. */
  url: string;
}

/** `test` with the worker-scoped `consumer`: the package packed, installed into a fresh Vite + React project, built and served. */
export const test = base.extend<object, { consumer: Consumer }>({
  consumer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (!existsSync(join(lib, 'sphere-sandbox.js'))) throw new Error('dist/lib is missing: run `npm run build` (it builds the library too).');
      const work = mkdtempSync(join(tmpdir(), 'sphere-sandbox-consumer-'));
      try {
        // --ignore-scripts: no prepack, so dist/lib is packed as built, not rebuilt while other suites read dist/.
        const out = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root, 'npm pack');
        const [info] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string; files: { path: string }[] }[];
        const tarball = join(work, info.filename);
        const app = join(work, 'app');
        mkdirSync(join(app, 'src'), { recursive: true });
        writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'lesson-site', private: true, type: 'module' }, null, 2));
        writeFileSync(join(app, 'vite.config.js'), "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()], logLevel: 'warn' });\n");
        writeFileSync(
          join(app, 'index.html'),
          '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Lesson</title></head><body><p>Watch the spheres.</p><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
        );
        writeFileSync(join(app, 'src/main.jsx'), MAIN_JSX);
        const deps = ['react', 'react-dom', 'three', '@react-three/fiber', 'vite', '@vitejs/plugin-react'].map((n) => `${n}@${pinned(n)}`);
        await run('npm', ['install', tarball, ...deps, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app, 'npm install in the consumer project');
        await run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build'], app, 'vite build of the consumer project');
        const { server, port } = await serveDir(join(app, 'dist'));
        try {
          await use({ tarball, packed: info.files.map((f) => f.path), app, url: `http://127.0.0.1:${port}/` });
        } finally {
          await new Promise((done) => server.close(done));
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
