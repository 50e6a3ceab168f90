import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two groups. The allocation tests measure what V8 allocates once it has optimized the hot code;
 * with other test files competing for this machine's cores it optimizes late and they flake, so
 * they run alone, one file at a time, after every other test file has finished. `npm run
 * test:unit` runs the two groups as two separate runs, so that the allocation tests also get
 * fresh processes (V8 keeps what it learned about a script, such as a function it gave up
 * optimizing, for the life of the process).
 */
const ALLOCATION = ['src/solver/allocation.test.ts', 'src/instruments/frame-allocation.test.ts', 'src/scene/label-allocation.test.ts'];
/** The long runs (`npm run test:long`): the soak, and the property and fuzz tests with more runs (`SOLVER_PROPERTY_RUNS`). Only the soak is left out of the unit project. */
const LONG = ['src/solver/soak.test.ts', 'src/solver/properties.test.ts', 'src/share/url-state.fuzz.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    restoreMocks: true,
    unstubGlobals: true,
    // Every core (Vitest's default leaves one free: on a 2-core machine, one worker and half the
    // speed). The tests run on the steady clock, so a busy core cannot fail them.
    maxWorkers: availableParallelism(),
    projects: [
      // One module registry a worker, not one a file: the test files share the modules they
      // import (no module keeps state that a test changes; every spy and stub is restored after its
      // test), and V8 keeps the solver's optimized code from file to file. On this machine's two
      // cores: 73 s instead of 117 s, the tests' own time 137 s instead of 182 s.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: [...ALLOCATION, LONG[0]], setupFiles: ['src/testing/steady-clock.ts'], isolate: false, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'long', include: LONG, setupFiles: ['src/testing/steady-clock.ts'] } },
      { extends: true, test: { name: 'allocation', include: ALLOCATION, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
