// The browser tests (`npm run test:browser`, after `npm run build`): Playwright Test drives
// Debian's Chromium headless with software WebGL (SwiftShader) against the production build,
// served by tests/browser/support/serve.ts. Never a downloaded browser.
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's package (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH.`);
}
/**
 * The port the built app is served on. Two runs at once (two checkouts) each need their own, and
 * their own output folder: a run empties its output folder when it starts.
 */
const PORT = Number(process.env.SANDBOX_TEST_PORT ?? 4173);
const OUTPUT = process.env.SANDBOX_TEST_PORT ? `test-results/playwright-${PORT}` : 'test-results/playwright';
const CI = Boolean(process.env.CI);
/** The @alone group's HTML report goes beside the main group's, not over it. */
const ALONE = process.argv.includes('--project=alone');

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Tests in a file run in order in one worker (many share a page); files run side by side.
  fullyParallel: false,
  workers: Number(process.env.BROWSER_WORKERS ?? 2),
  // A test that needs a retry is a bug to fix.
  retries: 0,
  forbidOnly: true,
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: ALONE ? 'test-results/report-alone' : 'test-results/report' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    trace: CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // The page composited by the CPU instead of by SwiftShader: the same pictures (WebGL still
        // draws through SwiftShader) for about a tenth less CPU a test.
        '--disable-gpu-compositing',
      ],
    },
  },
  // Two groups, run one after the other by `npm run test:browser` (a failure in the first does not
  // stop the second): every test, side by side, then the few tagged @alone (the heap and
  // frame-allocation checks, which measure what V8 allocates and need the machine to themselves)
  // one at a time.
  projects: [
    { name: 'browser', grepInvert: /@alone/, outputDir: `${OUTPUT}/browser` },
    { name: 'alone', grep: /@alone/, outputDir: `${OUTPUT}/alone`, fullyParallel: false },
  ],
  webServer: {
    command: `npx tsx tests/browser/support/serve.ts dist ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
