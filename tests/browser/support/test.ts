// The browser tests' `test`: Playwright Test's, with every page's console errors and page errors
// failing the test they happen in, and `sharedPage` for a file whose tests run on one page in
// order (loading the app once instead of once a test).
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

export { expect };

/** Console errors and page errors of the watched pages not yet reported, each with its page's label. */
const pending: string[] = [];

/** Reports `page`'s console errors and uncaught errors, each prefixed with `label`, in the test they happen in. */
export function watchErrors(page: Page, label: string): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') pending.push(`${label}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => pending.push(`${label} page error: ${error.message}`));
}

/** Takes the errors not yet reported (a test that provokes errors on purpose reads its own). */
export function takeErrors(): string[] {
  return pending.splice(0);
}

export const test = base.extend<{ noConsoleErrors: void }>({
  // Every test ends with no console error or page error from a watched page (those that
  // happened in a file's beforeAll are the first test's).
  noConsoleErrors: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      expect(takeErrors(), 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
  // The built-in page: watched, with a minute for each action and wait.
  page: async ({ page }, use, testInfo) => {
    watchErrors(page, testInfo.titlePath.slice(1).join(' › '));
    page.setDefaultTimeout(60_000);
    await use(page);
  },
});

/** A page that a file's tests share, opened once before them (`beforeAll`) and closed after. */
export interface SharedPage {
  readonly page: Page;
  readonly context: BrowserContext;
}

/**
 * Opens one page for the tests of the file (or `describe` block) it is called in: a context with
 * `options` (1280 x 800 at device scale 1 unless they say), watched for errors as `label`, then
 * `open(page)` (typically `goto` and `waitReady`). If a test fails, Playwright starts a new worker
 * for the tests after it, and they get a page opened afresh: each test sets up the state it needs
 * rather than counting on the one before.
 */
export function sharedPage(label: string, options: BrowserContextOptions = {}, open?: (page: Page, browser: Browser) => Promise<void>): SharedPage {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, ...options });
    page = await context.newPage();
    watchErrors(page, label);
    page.setDefaultTimeout(60_000);
    if (open) await open(page, browser);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return {
    get page(): Page {
      if (!page) throw new Error(`${label}: the shared page is not open (its beforeAll failed or has not run)`);
      return page;
    },
    get context(): BrowserContext {
      if (!context) throw new Error(`${label}: the shared context is not open`);
      return context;
    },
  };
}
