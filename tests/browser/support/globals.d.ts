// What the pages under test put on `window`, for the code the tests run in them
// (`page.evaluate`): the test hook of `?test=1` and the tests' own scratch values.
import type { SandboxTestHook } from '../../../src/testing/test-hook-types.ts';

declare global {
  interface Window {
    /** The app's sandbox (test mode). */
    __sandbox: SandboxTestHook;
    /** Named sandboxes of a page (test mode). */
    __sandboxes: Record<string, SandboxTestHook>;
    /** Values a test keeps in the page between its calls: each test gives its own their shape. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    [scratch: `__${string}`]: any;
  }
}
