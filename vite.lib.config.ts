// The library build (the npm package): ES modules in dist/lib, one entry for the component
// (sphere-sandbox.js, its stylesheet style.css) and one for the solver alone (solver.js).
// React, three, R3F and the runtime dependencies stay imports for the host app to provide.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Bare imports left to the consumer: peer dependencies and dependencies (their stylesheets are bundled). */
const EXTERNAL = /^(react|react-dom|three|@react-three\/fiber|zustand|uplot)(\/|$)/;

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: {
    // The solver's worker is inlined in the package (see worker-port-inline.ts).
    alias: [{ find: /^\.{1,2}\/(?:.*\/)?worker-port\.ts$/, replacement: fromRoot('./src/runtime/worker/worker-port-inline.ts') }],
  },
  build: {
    target: 'es2022',
    outDir: fromRoot('./dist/lib'),
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    lib: {
      entry: { 'sphere-sandbox': fromRoot('./src/embed/entry.ts'), solver: fromRoot('./src/solver/index.ts') },
      formats: ['es'],
      cssFileName: 'style',
    },
    rollupOptions: {
      external: (id) => EXTERNAL.test(id) && !id.endsWith('.css'),
    },
  },
});
