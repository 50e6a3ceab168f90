// The package as another project gets it: `npm pack` the library build, install the tarball into
// a throwaway Vite + React project outside the source tree, build it and load it in Chromium
// (the component draws spheres), import `sphere-sandbox/solver` from plain Node and run a step,
// import `sphere-sandbox` in plain Node (no DOM) and server-render the component,
// and type-check a consumer file against the published declarations.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { check, shownPixels, fail, results, root, serveDir, step, watchErrors } from '../harness.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
/** The exact version this project tests with (from its lockfile), so that the consumer matches. */
const pinned = (name) => lock.packages[`node_modules/${name}`]?.version ?? fail(`${name} is not in package-lock.json`);

const FORBIDDEN = /^(react|react-dom|three|zustand|@react-three\/fiber)(\/|$)/;

/** Every module specifier a built ES module imports (static, re-exports and dynamic). */
function importsOf(code) {
  const found = [];
  const patterns = [/\bimport\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+)["']/g, /\bexport\s*[\w*{}\s,]*from\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

function run(cmd, args, cwd, what) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (r.status !== 0) fail(`${what} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export default async function consumerSuite({ browser, consoleErrors }) {
  const lib = join(root, 'dist/lib');
  if (!existsSync(join(lib, 'sphere-sandbox.js'))) fail('dist/lib is missing: run `npm run build` (it builds the library too).');
  const work = mkdtempSync(join(tmpdir(), 'sphere-sandbox-consumer-'));
  try {
    await step('package: the solver bundle imports no react, three or zustand', async () => {
      const seen = new Set();
      const queue = [join(lib, 'solver.js')];
      const bad = [];
      while (queue.length > 0) {
        const file = queue.pop();
        if (seen.has(file)) continue;
        seen.add(file);
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          if (spec.startsWith('.')) queue.push(join(dirname(file), spec));
          else if (FORBIDDEN.test(spec)) bad.push(`${file.slice(lib.length + 1)} imports ${spec}`);
          else bad.push(`${file.slice(lib.length + 1)} imports the package ${spec} (the solver has no dependencies)`);
        }
      }
      check(bad.length === 0, bad.join('\n'));
      // The check itself sees imports: the component's bundle does import react and three.
      const bundle = readFileSync(join(lib, 'sphere-sandbox.js'), 'utf8');
      check(!/__sandbox|installTestHook/.test(bundle), 'the component bundle holds the browser tests\' hook (__sandbox)');
      const main = importsOf(bundle);
      check(main.includes('react') && main.includes('three'), `the import scan found no react/three import in the component bundle: ${main.join(', ')}`);
    });

    let tarball;
    await step('package: npm pack holds what the exports map names, and not the app', async () => {
      const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], root, 'npm pack');
      const [info] = JSON.parse(out.slice(out.indexOf('[')));
      tarball = join(work, info.filename);
      const files = info.files.map((f) => f.path);
      const named = [];
      const walk = (v) => (typeof v === 'string' ? named.push(v.replace(/^\.\//, '')) : Object.values(v).forEach(walk));
      walk(pkg.exports);
      for (const path of named) check(files.includes(path), `the tarball lacks ${path}, named in the exports map`);
      const app = files.filter((f) => /^(src|tests|dist\/assets|dist\/index\.html|dist\/embed\.html)/.test(f) || f.endsWith('.map'));
      check(app.length === 0, `the tarball holds app or source files: ${app.slice(0, 5).join(', ')}`);
      for (const peer of ['react', 'react-dom', 'three', '@react-three/fiber']) {
        check(pkg.peerDependencies?.[peer] && !pkg.dependencies?.[peer], `${peer} must be a peer dependency, not a dependency`);
      }
    });

    const app = join(work, 'app');
    await step('consumer: a fresh Vite + React project installs the tarball', async () => {
      mkdirSync(join(app, 'src'), { recursive: true });
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'lesson-site', private: true, type: 'module' }, null, 2));
      writeFileSync(join(app, 'vite.config.js'), "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()], logLevel: 'warn' });\n");
      writeFileSync(
        join(app, 'index.html'),
        '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Lesson</title></head><body><p>Watch the spheres.</p><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>\n',
      );
      writeFileSync(
        join(app, 'src/main.jsx'),
        [
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
          '// What a sandbox opened from a teacher\'s link holds (a provider with no view: nothing drawn).',
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
        ].join('\n'),
      );
      const deps = ['react', 'react-dom', 'three', '@react-three/fiber', 'vite', '@vitejs/plugin-react'].map((n) => `${n}@${pinned(n)}`);
      run('npm', ['install', tarball, ...deps, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app, 'npm install in the consumer project');
      check(existsSync(join(app, 'node_modules/sphere-sandbox/dist/lib/sphere-sandbox.js')), 'the tarball did not install');
      const installed = JSON.parse(readFileSync(join(app, 'node_modules/sphere-sandbox/package.json'), 'utf8'));
      check(installed.version === pkg.version, `installed version ${installed.version}, packed ${pkg.version}`);
      // One React only: the package uses the host's copy.
      check(!existsSync(join(app, 'node_modules/sphere-sandbox/node_modules/react')), 'the package brought its own copy of react');
    });

    await step('consumer: plain Node imports sphere-sandbox/solver and runs a step', async () => {
      const script = [
        "const { createWorld } = await import('sphere-sandbox/solver');",
        'const world = createWorld({ size: [4, 4, 4] });',
        'world.addSphere({ position: [-1, 0, 0], velocity: [2, 0, 0], radius: 0.3 });',
        'world.addSphere({ position: [1, 0, 0], velocity: [-2, 0, 0], radius: 0.3 });',
        'world.step(0.5);',
        'console.log(JSON.stringify({ time: world.time, x: world.positions[0], collisions: world.stats().pairCollisions }));',
      ].join('\n');
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
      const r = JSON.parse(out.trim().split('\n').pop());
      check(Math.abs(r.time - 0.5) < 1e-12, `the world's time after step(0.5) is ${r.time}`);
      check(r.collisions === 1, `two spheres closing head-on at 4 m/s over 1.4 m collided ${r.collisions} times in 0.5 s, expected once`);
      check(r.x < -0.5, `sphere 0 is at x = ${r.x} after bouncing back, expected left of -0.5`);
    });

    await step('consumer: plain Node (no DOM) imports sphere-sandbox and server-renders <SphereSandbox>', async () => {
      const script = [
        "const { createElement } = await import('react');",
        "const { renderToString } = await import('react-dom/server');",
        "const { SphereSandbox, PRESETS } = await import('sphere-sandbox');",
        "const out = [];",
        "for (const props of [{}, { preset: 'gas', panels: 'full', label: 'Gas lesson' }, { panels: 'none', count: 40, restitution: 0.5 }]) {",
        "  out.push(renderToString(createElement(SphereSandbox, props)));",
        "}",
        "console.log(JSON.stringify({ presets: PRESETS.length, html: out, dom: typeof document }));",
      ].join('\n');
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
      check(r.status === 0, `importing and server-rendering the package in plain Node failed (exit ${r.status}):\n${r.stderr.slice(0, 2000)}`);
      const { presets, html, dom } = JSON.parse(r.stdout.trim().split('\n').pop());
      check(dom === 'undefined', `the Node check had a document (${dom}); it must run without a DOM`);
      check(presets > 0, 'the package imported in Node lists no presets');
      for (const markup of html) {
        check(/^<div class="sphere-sandbox[ "]/.test(markup), `server markup does not start with the sandbox's outer element: ${markup.slice(0, 120)}`);
      }
      check(html[1].includes('aria-label="Gas lesson"') && html[1].includes('Classroom'), 'the full overlay (panels="full") did not render on the server with its label and classroom panel');
    });

    await step('consumer: the published types accept good props and refuse bad ones', async () => {
      writeFileSync(
        join(app, 'check.ts'),
        [
          "import { useSandbox, type SphereSandboxProps, type SphereSandboxHandle, type SandboxCollisionEvent, type SandboxState } from 'sphere-sandbox';",
          "import { createWorld, type World } from 'sphere-sandbox/solver';",
          "export const good: SphereSandboxProps = { preset: 'head-on', restitution: 0.5, panels: 'compact', cameraPosition: [0, 2, 9], onCollision: (e: SandboxCollisionEvent) => void e.energyLost };",
          "// @ts-expect-error: not a panels value",
          "export const bad: SphereSandboxProps = { panels: 'huge' };",
          'export const world: World = createWorld({ size: [2, 2, 2] });',
          'export const stepIt = (h: SphereSandboxHandle): number => (h.step(), h.world.time);',
          'export const useTime = (): number => useSandbox((s: SandboxState) => s.stats.simTime);',
          "// @ts-expect-error: the state has no such field",
          'export const useNothing = (): number => useSandbox((s) => s.nothing);',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', noEmit: true, skipLibCheck: true, types: [] }, files: ['check.ts'] }),
      );
      run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app, 'type-checking a consumer file');
    });

    await step('consumer: vite builds the project', async () => {
      run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build'], app, 'vite build of the consumer project');
      check(existsSync(join(app, 'dist/index.html')), 'the consumer build wrote no index.html');
    });

    await step('consumer: the built page renders spheres with the packaged component, its solver in the packaged worker; a provider opens its link prop', async () => {
      const { server, port } = await serveDir(join(app, 'dist'));
      const context = await browser.newContext({ viewport: { width: 900, height: 600 }, deviceScaleFactor: 1 });
      try {
        const page = await context.newPage();
        watchErrors(page, consoleErrors, 'consumer');
        const warnings = [];
        page.on('console', (msg) => {
          if (msg.type() === 'warning') warnings.push(msg.text());
        });
        // Only the package's public API: the handle, its onStep, useAfterStep and the hooks (the package has no test hook).
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.waitForFunction(() => window.__consumer.handle !== null && window.__consumer.steps > 5, null, { timeout: 60_000, polling: 'raf' });
        await page.waitForFunction(() => window.__consumer.collisions > 0, null, { timeout: 60_000, polling: 'raf' });
        const info = await page.evaluate(() => ({ count: window.__consumer.handle.world.count, ready: window.__consumer.ready, canvases: document.querySelectorAll('[data-sandbox="consumer"] canvas').length, hook: typeof window.__sandboxes }));
        check(info.count === 80, `the consumer's sandbox holds ${info.count} spheres, expected 80`);
        check(info.canvases === 1 && info.ready === 1, `${info.canvases} canvases and ${info.ready} ready calls, expected 1 and 1`);
        check(info.hook === 'undefined', 'the packaged sandbox installed a test hook');
        // The solver's worker ships in the package and the consumer's bundler finds it.
        await page.waitForFunction(() => window.__consumer.handle.stats.thread === 'worker', null, { timeout: 60_000, polling: 'raf' });
        await page.screenshot({ path: join(results, 'consumer.png') });
        // The package draws without keeping its drawing buffer (no test mode): count the pixels of what the page shows.
        const px = await shownPixels(page, '[data-sandbox="consumer"] canvas');
        check(px.coloured / px.total > 0.003, `only ${px.coloured} of ${px.total} canvas pixels are coloured (spheres missing?)`);
        const styled = await page.locator('[data-sandbox="consumer"] .sphere-sandbox__bar').evaluate((el) => getComputedStyle(el).position);
        check(styled === 'absolute', `the package's stylesheet is not applied (the bar is position: ${styled})`);
        // The packaged hooks: a readout outside the canvas shows the sandbox's live values.
        await page.waitForFunction(() => window.__consumer.hooks !== null && window.__consumer.hooks.stats.simTime > 0.5 && window.__consumer.hookSteps > 30, null, { timeout: 60_000, polling: 'raf' });
        const shown = async () =>
          page.evaluate(() => {
            const el = document.getElementById('readout');
            const s = window.__consumer.hooks.stats;
            return { text: el.textContent, count: el.dataset.count, inView: el.closest('.sphere-sandbox') !== null, expected: `${s.simTime.toFixed(2)} s, ${s.kineticEnergy.toFixed(3)} J`, time: s.simTime };
          });
        const first = await shown();
        check(!first.inView && first.count === '30', `the hooks readout is inside a view (${first.inView}) or names ${first.count} spheres, expected 30`);
        check(first.text === first.expected, `the hooks readout shows "${first.text}", the sandbox's stats say "${first.expected}"`);
        await page.waitForFunction((t) => window.__consumer.hooks.stats.simTime > t + 0.3, first.time, { timeout: 60_000, polling: 'raf' });
        const later = await shown();
        check(later.text !== first.text && later.text === later.expected, `the hooks readout did not follow the sandbox: "${first.text}" then "${later.text}" (stats "${later.expected}")`);
        const inline = await page.locator('.sphere-sandbox--controls .sphere-sandbox__bar').evaluate((el) => getComputedStyle(el).position);
        check(inline === 'static', `the controls outside a view are position: ${inline}, expected in the page's flow`);
        // The link prop: the link's preset and restitution replace the props' (30 spheres, e = 1);
        // its bad part (colorBy=purple) is left out with a warning naming it.
        await page.waitForFunction(() => document.getElementById('linked')?.dataset.preset === 'cradle', null, { timeout: 60_000 });
        const linked = await page.locator('#linked').evaluate((el) => ({ ...el.dataset }));
        check(linked.restitution === '0.7' && linked.count === '5', `the linked sandbox holds ${JSON.stringify(linked)}, expected the cradle's 5 spheres with restitution 0.7`);
        check(warnings.some((w) => w.includes('link') && w.includes('purple')), `no warning named the link's bad part: ${JSON.stringify(warnings)}`);
      } finally {
        await context.close();
        server.close();
      }
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
