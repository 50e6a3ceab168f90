// What a school machine and an untrusted link can do to the page: a strict Content-Security-
// Policy that holds while the app runs, links carrying HTML, typed garbage in every field, the
// WebGL context lost and restored, resizes and a device-pixel-ratio change, a tab hidden for a
// while, and settings changed every ten frames for a while without a console error, a page error
// or an unhandled rejection.
//
// FAULTS_SOAK_SECONDS (default 30; `npm run test:long` sets 300) sets how long the soak goes on
// (and at least once through every kind of change); FAULTS_HIDDEN_SECONDS (default 10;
// `npm run test:long` sets 60) how far the hidden tab's clock moves on. No test waits on wall
// time: the soak waits on frames between changes, and the hidden tab moves the page's clock.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { canvasPixels, results, simTime, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, takeErrors, test, watchErrors } from './support/test.ts';

const SOAK_SECONDS = Number(process.env.FAULTS_SOAK_SECONDS ?? 30);
const HIDDEN_SECONDS = Number(process.env.FAULTS_HIDDEN_SECONDS ?? 10);
/**
 * An init script: the page's `performance.now()` (what its frame clock reads) can be moved on by
 * `window.__skewClock(ms)`, so that a long gap between two frames is made without waiting for it.
 */
function skewableClock(): void {
  const real = performance.now.bind(performance);
  let skew = 0;
  performance.now = () => real() + skew;
  (window as unknown as { __skewClock: (ms: number) => void }).__skewClock = (ms) => {
    skew += ms;
  };
}

/** What `recordFaults` keeps in a page (`window.__faults`). */
interface Faults {
  csp: string[];
  rejections: string[];
  errors: string[];
}

/** Runs in every page before its own scripts: records policy violations, rejections and errors. */
function recordFaults(): void {
  const faults: Faults = { csp: [], rejections: [], errors: [] };
  window.__faults = faults;
  document.addEventListener('securitypolicyviolation', (e) => faults.csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`));
  window.addEventListener('unhandledrejection', (e) => faults.rejections.push(String((e.reason && e.reason.stack) || e.reason)));
  window.addEventListener('error', (e) => faults.errors.push(String(e.message)));
}

const faults = (page: Page): Promise<Faults> => page.evaluate((): Faults => window.__faults);
const sim = (page: Page) =>
  page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { frames: s.sim.framesRendered, time: s.sim.world.time, count: s.sim.count, settings: s.settings, errors: s.errors, unseen: s.sim.unseenSeconds, most: s.sim.mostStepsInAFrame, dropped: s.sim.clock.dropped };
  });

/** The app as most tests here use it: 40 spheres, faults recorded. */
const APP = '/?test=1&count=40';

const shared = sharedPage('faults', { viewport: { width: 1200, height: 760 } }, async (page) => {
  await page.context().addInitScript(recordFaults);
  await page.goto(APP);
  await waitReady(page);
});

/** Loads the app with 40 spheres unless the page shows it already (a test after a link test, or after a failure). */
async function atApp(page: Page): Promise<void> {
  const url = new URL(page.url());
  if (url.pathname === '/' && url.search === '?test=1&count=40') return;
  await page.goto(APP);
  await waitReady(page);
}

/** The message element a field's aria-describedby names, or null. */
async function describedMessage(page: Page, field: Locator): Promise<string | null> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const el = page.locator(`[id="${id}"]`);
    if ((await el.count()) > 0 && (await el.getAttribute('class'))?.includes('field__message')) return (await el.textContent()) ?? '';
  }
  return null;
}

/** The spheres' draw calls and instances in the last frame. */
const drawn = (page: Page) => page.evaluate(() => ({ calls: window.__sandbox.sphereDrawCalls(), instances: window.__sandbox.instances() }));

test('the built page carries a strict Content-Security-Policy', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/);
  expect(meta, 'dist/index.html has no Content-Security-Policy meta tag').not.toBeNull();
  const policy = meta![1].replace(/&#39;/g, "'");
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
  expect(directives['script-src'], 'script-src').toBe("'self'");
  expect(directives['object-src'], `object-src in ${policy}`).toBe("'none'");
  expect(directives['base-uri'], `base-uri in ${policy}`).toBe("'none'");
  expect(policy, 'the policy allows no inline code, eval or any origin').not.toMatch(/unsafe-(inline|eval)|\*/);
  expect(html.indexOf('Content-Security-Policy'), 'the policy comes before every script').toBeLessThan(html.indexOf('<script'));
  expect(html, 'the built page has no inline script').not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('the app runs and plots under the policy without a single violation', async () => {
  const { page } = shared;
  await atApp(page);
  // The classroom panel is open at this width: wait until the plots have drawn samples.
  await page.waitForFunction(() => Number(document.querySelector('[data-plot="energy"]')?.getAttribute('data-samples') ?? 0) > 2);
  await waitFrames(page, 5);
  expect((await faults(page)).csp, 'policy violations while running').toEqual([]);
  expect(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null), 'the running page has its policy meta tag').toBe(true);
  const px = await canvasPixels(page);
  await page.screenshot({ path: join(results, 'faults-csp.png') });
  expect(px.differ, `pixels drawn of ${px.total} under the policy`).toBeGreaterThan(0.03 * px.total);
  expect(await drawn(page), 'spheres drawn under the policy').toEqual({ calls: 1, instances: 40 });
});

test('the policy is enforced: an injected inline script and string eval do not run', async () => {
  const { page } = shared;
  await atApp(page);
  expect(takeErrors(), 'console errors before the injection').toEqual([]);
  await page.evaluate(() => {
    window.__faults.csp.length = 0;
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.appendChild(s);
    // A string the policy must refuse to compile (the DOM's typings list only the function form).
    (setTimeout as (handler: string, ms: number) => number)('window.__evalRan = true', 0);
  });
  // Both refusals are reported as violations (the inline script's and eval's, both script-src).
  await page.waitForFunction(() => (window.__faults as Faults).csp.filter((v) => v.startsWith('script-src')).length >= 2);
  // The browser logs the two refusals as console errors: expected here, and only here (waited
  // for before any check, so that none arrives in the next test).
  const logged: string[] = [];
  await expect
    .poll(
      () => {
        logged.push(...takeErrors());
        return logged.length;
      },
      { message: 'console errors logged for the two refusals' },
    )
    .toBeGreaterThanOrEqual(2);
  expect(logged.filter((e) => !/Content Security Policy/.test(e)), 'console errors other than the refusals').toEqual([]);
  // A timer queued after the string one runs after it would have.
  const outcome = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 0));
    return { inline: window.__inlineRan === true, evaled: window.__evalRan === true, csp: (window.__faults as Faults).csp.splice(0) };
  });
  expect(outcome.inline, 'an inline script ran despite the policy').toBe(false);
  expect(outcome.evaled, 'a string passed to setTimeout was evaluated despite the policy').toBe(false);
  expect(outcome.csp, 'the violations reported').toEqual(expect.arrayContaining(['script-src-elem blocked inline', 'script-src blocked eval']));
});

test('HTML in a shared link is shown as text, never as markup', async () => {
  const { page } = shared;
  const payload = '<img src=x onerror="window.__xss=1">';
  await page.goto(`/?test=1&count=${encodeURIComponent(payload)}&preset=${encodeURIComponent('<b id=bold>x</b>')}&edits=${encodeURIComponent('{not json')}`);
  await waitReady(page);
  const notices = page.locator('.notices');
  await notices.getByText('Spheres must be a number, got "<img src=x').waitFor({ state: 'visible' });
  await notices.getByText('The sphere edits in the link are malformed; ignored.').waitFor({ state: 'visible' });
  const injected = await page.evaluate(() => ({ img: document.querySelectorAll('.notices img').length, bold: document.getElementById('bold') !== null, xss: window.__xss === 1 }));
  expect(injected, 'markup from the link on the page').toEqual({ img: 0, bold: false, xss: false });
  expect((await sim(page)).count, 'spheres after a bad count in the link (the default)').toBe(300);
  await page.screenshot({ path: join(results, 'faults-html-link.png') });
});

test('an oversized link loads the defaults with a notice', async () => {
  const { page } = shared;
  await page.goto(`/?test=1&seed=5&count=40&pad=${'x'.repeat(5000)}`);
  await waitReady(page);
  await page
    .locator('.notices')
    .getByText(/The link is too long \(\d+ characters, at most 4096\)/)
    .waitFor({ state: 'visible' });
  const s = await sim(page);
  expect({ seed: s.settings.seed, count: s.count }, 'seed and spheres after an oversized link (the defaults)').toEqual({ seed: 1, count: 300 });
});

test('typed garbage gets a message next to its field and never reaches the world', async () => {
  const { page } = shared;
  await page.goto(APP);
  await waitReady(page);
  const cases: [string, string, RegExp][] = [
    ['Spheres', '1e9', /Spheres must be at most 100000, got 1000000000/],
    ['Spheres', '0x10', /Spheres must be a number, got "0x10"/],
    ['Time scale (×)', '-1', /Time scale must be at least 0.05 ×, got -1/],
    ['Largest radius (m)', '50', /Largest radius must be at most 5 m, got 50/],
    ['Largest radius (m)', '4', /too small for spheres of radius 4 m/],
    ['Box size (m)', 'NaN', /Box size must be a number, got "NaN"/],
    ['Initial speed (m/s)', '1e400', /Initial speed must be a number, got "1e400"/],
    ['Restitution (spheres)', '   ', /Restitution \(spheres\) must be a number/],
    ['Seed', '', /Seed must be a number, got nothing/],
  ];
  const before = await sim(page);
  for (const [label, text, expected] of cases) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(text);
    await expect(field, `${label} "${text}": the field marked invalid`).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => describedMessage(page, field), { message: `${label} "${text}": the message next to the field` }).toMatch(expected);
    await field.press('Escape');
    await expect(field, `${label}: aria-invalid after Escape`).not.toHaveAttribute('aria-invalid');
  }
  await waitFrames(page, 3);
  const after = await sim(page);
  expect(after.settings, 'the settings after the refused values').toEqual(before.settings);
  expect(after.count, 'the spheres after the refused values').toBe(before.count);
  expect(after.time, 'simulated time after the garbage (the simulation went on)').toBeGreaterThan(before.time);
});

test('the inspector refuses a radius larger than the box and a negative mass at their fields', async () => {
  const { page } = shared;
  await atApp(page);
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    s.select(s.sim.world.idAt(0));
  });
  const radius = page.getByLabel('Radius (m)', { exact: true });
  const mass = page.getByLabel('Mass (kg)', { exact: true });
  await radius.fill('50');
  await mass.fill('-1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => describedMessage(page, radius), { message: 'the radius message' }).toMatch(/Radius must be at most 4 m \(half the smallest side of the box\), got 50/);
  await expect.poll(() => describedMessage(page, mass), { message: 'the mass message' }).toMatch(/Mass must be greater than 0, got -1/);
  const sphere = await page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    return { r: w.radii[0], m: w.masses[0] };
  });
  expect(sphere.r, 'the sphere radius after the refused edit').toBeLessThanOrEqual(0.3);
  expect(sphere.m, 'the sphere mass after the refused edit').toBeGreaterThan(0);
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.select(null);
    s.play();
  });
});

test('WebGL context lost: a visible message, the simulation goes on; restored: drawing resumes', async () => {
  const { page } = shared;
  await atApp(page);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const lost = await page.evaluate(() => {
    const gl = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!.getContext('webgl2')!;
    const lose = gl.getExtension('WEBGL_lose_context')!;
    window.__loseContext = lose;
    lose.loseContext();
    return gl.isContextLost();
  });
  expect(lost, 'the context lost').toBe(true);
  const notice = page.getByRole('alert').filter({ hasText: 'graphics context lost' });
  await notice.waitFor({ state: 'visible' });
  await page.screenshot({ path: join(results, 'faults-context-lost.png') });
  const t0 = await simTime(page);
  await waitFrames(page, 5);
  expect(await simTime(page), 'simulated time while the context was lost').toBeGreaterThan(t0);
  await page.evaluate(() => (window.__loseContext as WEBGL_lose_context).restoreContext());
  await notice.waitFor({ state: 'hidden' });
  await waitFrames(page, 5);
  const t1 = await simTime(page);
  // The renderer takes up the new context through its own handlers and a frame: read until it draws.
  await expect(async () => {
    const px = await canvasPixels(page);
    expect(px.differ, `pixels drawn of ${px.total} after the context came back`).toBeGreaterThan(0.03 * px.total);
    expect(await drawn(page), 'spheres drawn after the context came back').toEqual({ calls: 1, instances: 40 });
  }).toPass({ timeout: 60_000 });
  await waitFrames(page, 3);
  expect(await simTime(page), 'simulated time after the context came back').toBeGreaterThan(t1);
});

test('a resized window: the canvas follows and frames go on', async () => {
  const { page } = shared;
  await atApp(page);
  // The backing store's pixels a CSS pixel (half of one on a test page that draws plainly) stay as they are.
  const ratio = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
    return c.width / c.clientWidth;
  });
  for (const [width, height] of [
    [800, 600],
    [1400, 900],
    [1200, 760],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(
      ([w, h, r]) => {
        const c = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
        return c.clientWidth === w && c.clientHeight === h && c.width === Math.round(w * r) && c.height === Math.round(h * r);
      },
      [width, height, ratio],
    );
    await waitFrames(page, 2);
  }
});

test('device pixel ratio 2 without a resize: the canvas backing store doubles, the view keeps moving', async ({ browser }) => {
  // Outside test mode, where the canvas follows the device's ratio (clamped to [1, 2]).
  const hi = await browser.newContext({ viewport: { width: 480, height: 360 }, deviceScaleFactor: 1 });
  try {
    await hi.addInitScript(recordFaults);
    const p = await hi.newPage();
    watchErrors(p, 'dpr');
    p.setDefaultTimeout(60_000);
    await p.goto('/?count=30');
    await p.waitForFunction(() => document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')?.width === 480);
    const cdp = await hi.newCDPSession(p);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 480, height: 360, deviceScaleFactor: 2, mobile: false });
    await p.waitForFunction(() => {
      const c = document.querySelector<HTMLCanvasElement>('.sandbox-canvas canvas')!;
      return window.devicePixelRatio === 2 && c.width === 2 * c.clientWidth && c.height === 2 * c.clientHeight;
    });
    const a = await p.screenshot();
    // Ten animation frames (no test hook outside test mode), however long they take.
    await p.evaluate(
      () =>
        new Promise<void>((done) => {
          let n = 0;
          const frame = () => (++n >= 10 ? done() : requestAnimationFrame(frame));
          requestAnimationFrame(frame);
        }),
    );
    const b = await p.screenshot();
    expect(a.equals(b), 'the view unchanged over ten frames after the ratio change').toBe(false);
    expect(await faults(p), 'faults in the page').toEqual({ csp: [], rejections: [], errors: [] });
  } finally {
    await hi.close();
  }
});

/**
 * Headless Chromium reports every tab visible and has no way to hide one, so the test does what
 * hiding does: visibilityState turns 'hidden' with a visibilitychange event, and the page's
 * JavaScript is stopped outright (the debugger pauses it: no animation frame, no timer runs) for
 * the whole time; then the page goes on and visibilityState turns 'visible' with its event.
 */
test(`a tab hidden for ${HIDDEN_SECONDS} s and shown again: no burst of catch-up steps`, async ({ browser }) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  try {
    await ctx.addInitScript(recordFaults);
    await ctx.addInitScript(skewableClock);
    const p = await ctx.newPage();
    watchErrors(p, 'hidden tab');
    p.setDefaultTimeout(60_000);
    await p.goto('/?test=1&count=30');
    await waitReady(p);
    await waitFrames(p, 5);
    const cdp = await ctx.newCDPSession(p);
    await cdp.send('Debugger.enable');
    // Hidden, and the page's clock moved on by the time hidden (no wall time waited for): the
    // first frame after it sees the whole span as one delta, as after a real hidden tab.
    const before = await p.evaluate((ms) => {
      const s = window.__sandbox.store.getState().sim;
      s.mostStepsInAFrame = 0;
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
      (window as unknown as { __skewClock: (ms: number) => void }).__skewClock(ms);
      return { frames: s.framesRendered, time: s.world.time, unseen: s.unseenSeconds, dropped: s.clock.dropped };
    }, HIDDEN_SECONDS * 1000);
    // The page stopped (a frozen background tab), then going on.
    const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
    await cdp.send('Debugger.pause');
    await paused;
    await cdp.send('Debugger.resume');
    await cdp.send('Debugger.disable');
    // Where the page stood at the moment it shows again. Headless Chromium still runs animation
    // frames before the pause and after it (how many depends on how busy the machine is); a
    // hidden page's frames simulate nothing.
    const shown = await p.evaluate(() => {
      const s = window.__sandbox.store.getState().sim;
      const at = { frames: s.framesRendered, time: s.world.time };
      Reflect.deleteProperty(document, 'visibilityState');
      Reflect.deleteProperty(document, 'hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      return at;
    });
    await waitFrames(p, 3);
    const after = await p.evaluate(() => {
      const s = window.__sandbox.store.getState().sim;
      return { frames: s.framesRendered, time: s.world.time, unseen: s.unseenSeconds, dropped: s.clock.dropped, most: s.mostStepsInAFrame, visible: document.visibilityState, maxSteps: s.clock.maxStepsPerFrame };
    });
    const dt = 1 / 60;
    const frames = after.frames - before.frames;
    // The page saw the whole hidden span as one frame delta and simulated none of it ...
    expect(after.unseen - before.unseen, `seconds left unseen over ${HIDDEN_SECONDS} s hidden`).toBeGreaterThanOrEqual(HIDDEN_SECONDS - 1);
    // ... simulated nothing while hidden, whatever frames the browser ran then ...
    expect(shown.time, `simulated time while hidden, over ${shown.frames - before.frames} frames`).toBe(before.time);
    // ... and took no catch-up: no frame ran more than the cap, and the simulated time over the
    // whole span is what its few frames may pay out, not the time hidden.
    expect(after.most, `steps of the longest frame (cap ${after.maxSteps})`).toBeLessThanOrEqual(after.maxSteps);
    expect(after.time - before.time, `seconds simulated over ${frames} frames around the pause`).toBeLessThanOrEqual((frames + 1) * after.maxSteps * dt + 1e-9);
    expect(after.visible, 'visibilityState after showing the page').toBe('visible');
    const t1 = await simTime(p);
    await waitFrames(p, 5);
    expect(await simTime(p), 'simulated time after the tab was shown').toBeGreaterThan(t1);
    const f = await faults(p);
    expect({ rejections: f.rejections, errors: f.errors }, 'faults in the page').toEqual({ rejections: [], errors: [] });
    console.log(`       hidden ${HIDDEN_SECONDS} s: ${shown.frames - before.frames} frames while hidden, ${frames} around it, ${(after.time - before.time).toFixed(3)} s simulated, ${(after.unseen - before.unseen).toFixed(1)} s left unsimulated`);
  } finally {
    await ctx.close();
  }
});

/** Changes a setting every ten frames through the overlay's labelled controls for SOAK_SECONDS. */
test(`${SOAK_SECONDS} s of settings changed every ten frames: no error, no rejection, no freeze`, async () => {
  test.setTimeout(180_000 + SOAK_SECONDS * 1000);
  const { page } = shared;
  await atApp(page);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const FREE = (await page.getByLabel('Experiment').locator('option').first().getAttribute('value')) ?? '';
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const fill = (label: string, value: number) => page.getByLabel(label, { exact: true }).fill(String(value));
  const actions: [string, () => Promise<unknown>][] = [
    ['count', () => fill('Spheres', 10 + Math.floor(rand() * 50))],
    ['restitution', () => fill('Restitution (spheres)', Math.round(rand() * 100) / 100)],
    ['wall restitution', () => fill('Restitution (walls)', Math.round(rand() * 100) / 100)],
    [
      'gravity on/off',
      async () => {
        const box = page.getByLabel('Gravity', { exact: true });
        if (await box.isChecked()) await box.uncheck();
        else await box.check();
      },
    ],
    [
      'gravity strength',
      async () => {
        if (await page.getByLabel('Gravity', { exact: true }).isChecked()) await fill('Gravity strength (m/s²)', Math.round(rand() * 300) / 10);
      },
    ],
    ['time scale', () => fill('Time scale (×)', [0.25, 0.5, 1, 2, 3][Math.floor(rand() * 5)])],
    ['box size', () => fill('Box size (m)', 4 + Math.floor(rand() * 8))],
    ['radius', () => fill('Largest radius (m)', 0.2 + Math.round(rand() * 20) / 100)],
    ['preset', () => page.getByLabel('Experiment').selectOption(['head-on', 'glancing', 'cradle', 'billiards', 'inelastic', 'heavy-light'][Math.floor(rand() * 6)])],
    ['free sandbox', () => page.getByLabel('Experiment').selectOption(FREE)],
    [
      'garbage then Escape',
      async () => {
        const field = page.getByLabel('Spheres', { exact: true });
        await field.fill(['1e9', '-3', 'abc', '1e400'][Math.floor(rand() * 4)]);
        await field.press('Escape');
      },
    ],
    [
      'pause and play',
      async () => {
        await page.getByRole('button', { name: 'Pause' }).click();
        await page.getByRole('button', { name: 'Play', exact: true }).click();
      },
    ],
    ['restart', () => page.getByRole('button', { name: 'Restart' }).click()],
    ['reverse', () => page.getByRole('button', { name: 'Reverse' }).click()],
  ];
  const start = Date.now();
  let changes = 0;
  let lastFrames = (await sim(page)).frames;
  const done = new Map<string, number>();
  // For SOAK_SECONDS, and at least once through every kind of change.
  while (Date.now() - start < SOAK_SECONDS * 1000 || changes < actions.length) {
    const [name, act] = actions[changes % actions.length];
    await act();
    changes++;
    done.set(name, (done.get(name) ?? 0) + 1);
    // Ten frames between changes, waited for (two minutes before the page counts as frozen), never
    // a count of frames expected in a given time.
    const rendered = await page
      .waitForFunction((n) => window.__sandbox.store.getState().sim.framesRendered >= n, lastFrames + 10, { timeout: 120_000, polling: 'raf' })
      .then(() => true)
      .catch(() => false);
    expect(rendered, `ten frames rendered within two minutes after "${name}" (the page did not freeze)`).toBe(true);
    lastFrames = (await sim(page)).frames;
    expect(await faults(page), `faults after "${name}"`).toEqual({ csp: [], rejections: [], errors: [] });
  }
  expect(done.size, 'kinds of change made').toBe(actions.length);
  const end = await sim(page);
  await page.screenshot({ path: join(results, 'faults-after-soak.png') });
  console.log(`       ${changes} changes in ${((Date.now() - start) / 1000).toFixed(0)} s (${[...done].map(([k, v]) => `${k} ${v}`).join(', ')}), ${end.frames} frames`);
});
