// What a school machine and an untrusted link can do to the page: a strict Content-Security-
// Policy that holds while the app runs, links carrying HTML, typed garbage in every field, the
// WebGL context lost and restored, resizes and a device-pixel-ratio change, a tab hidden for a
// minute, and five minutes of settings changed every few seconds without a console error, a page
// error or an unhandled rejection.
//
// FAULTS_SOAK_SECONDS (default 300) and FAULTS_HIDDEN_SECONDS (default 60) set the two long steps,
// which run side by side in separate browser contexts (separate renderer processes).
import { join } from 'node:path';
import { canvasPixels, check, results, simTime, step, waitFrames, waitReady, watchErrors } from '../harness.mjs';

const SOAK_SECONDS = Number(process.env.FAULTS_SOAK_SECONDS ?? 300);
const HIDDEN_SECONDS = Number(process.env.FAULTS_HIDDEN_SECONDS ?? 60);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs in every page before its own scripts: records policy violations, rejections and errors. */
function recordFaults() {
  window.__faults = { csp: [], rejections: [], errors: [] };
  document.addEventListener('securitypolicyviolation', (e) => window.__faults.csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`));
  window.addEventListener('unhandledrejection', (e) => window.__faults.rejections.push(String((e.reason && e.reason.stack) || e.reason)));
  window.addEventListener('error', (e) => window.__faults.errors.push(String(e.message)));
}

const faults = (page) => page.evaluate(() => window.__faults);
const sim = (page) =>
  page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { frames: s.sim.framesRendered, time: s.sim.world.time, count: s.sim.count, settings: s.settings, errors: s.errors, unseen: s.sim.unseenSeconds, most: s.sim.mostStepsInAFrame, dropped: s.sim.clock.dropped };
  });

/** The message element a field's aria-describedby names, or null. */
async function describedMessage(page, field) {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const el = page.locator(`[id="${id}"]`);
    if ((await el.count()) > 0 && (await el.getAttribute('class'))?.includes('field__message')) return (await el.textContent()) ?? '';
  }
  return null;
}

export default async function faultsSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, deviceScaleFactor: 1 });
  await context.addInitScript(recordFaults);
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'faults');
  page.setDefaultTimeout(60_000);

  await step('the built page carries a strict Content-Security-Policy', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/);
    check(meta, 'dist/index.html has no Content-Security-Policy meta tag');
    const policy = meta[1].replace(/&#39;/g, "'");
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
    check(directives['script-src'] === "'self'", `script-src is "${directives['script-src']}", expected 'self' only`);
    check(directives['object-src'] === "'none'" && directives['base-uri'] === "'none'", `object-src/base-uri not 'none': ${policy}`);
    check(!/unsafe-(inline|eval)|\*/.test(policy), `the policy allows inline code, eval or any origin: ${policy}`);
    check(html.indexOf('Content-Security-Policy') < html.indexOf('<script'), 'the policy comes after a script');
    check(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), 'the built page has an inline script');
  });

  await step('the app runs and plots under the policy without a single violation', async () => {
    await page.goto(`${base}/?test=1&count=40`);
    await waitReady(page);
    // The classroom panel is open at this width: wait until the plots have drawn samples.
    await page.waitForFunction(() => Number(document.querySelector('[data-plot="energy"]')?.getAttribute('data-samples') ?? 0) > 2, null, { timeout: 60_000 });
    await waitFrames(page, 5);
    const f = await faults(page);
    check(f.csp.length === 0, `policy violations while running:\n${f.csp.join('\n')}`);
    check(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null), 'the running page has no policy meta tag');
    const px = await canvasPixels(page);
    await page.screenshot({ path: join(results, 'faults-csp.png') });
    check(px.differ > 0.03 * px.total, `the canvas is nearly blank under the policy (${px.differ} of ${px.total} pixels drawn)`);
    const drawn = await page.evaluate(() => ({ calls: window.__sandbox.sphereDrawCalls(), instances: window.__sandbox.instances() }));
    check(drawn.calls === 1 && drawn.instances === 40, `spheres not drawn under the policy: ${JSON.stringify(drawn)}`);
  });

  await step('the policy is enforced: an injected inline script and string eval do not run', async () => {
    const errorsBefore = consoleErrors.length;
    const outcome = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.appendChild(s);
      setTimeout('window.__evalRan = true', 0);
      await new Promise((r) => setTimeout(r, 200));
      return { inline: window.__inlineRan === true, evaled: window.__evalRan === true, csp: window.__faults.csp.splice(0) };
    });
    check(!outcome.inline, 'an inline script ran despite the policy');
    check(!outcome.evaled, 'a string passed to setTimeout was evaluated despite the policy');
    check(outcome.csp.some((v) => v.startsWith('script-src')), `no violation reported for the inline script: ${outcome.csp.join('; ')}`);
    // The browser logs the two refusals as console errors: expected here, and only here.
    const added = consoleErrors.splice(errorsBefore);
    check(added.every((e) => /Content Security Policy/.test(e)), `unexpected console errors:\n${added.join('\n')}`);
  });

  await step('HTML in a shared link is shown as text, never as markup', async () => {
    const payload = '<img src=x onerror="window.__xss=1">';
    await page.goto(`${base}/?test=1&count=${encodeURIComponent(payload)}&preset=${encodeURIComponent('<b id=bold>x</b>')}&edits=${encodeURIComponent('{not json')}`);
    await waitReady(page);
    const notices = page.locator('.notices');
    await notices.getByText('Spheres must be a number, got "<img src=x').waitFor({ state: 'visible' });
    await notices.getByText('The sphere edits in the link are malformed; ignored.').waitFor({ state: 'visible' });
    const injected = await page.evaluate(() => ({ img: document.querySelectorAll('.notices img').length, bold: document.getElementById('bold') !== null, xss: window.__xss === 1 }));
    check(injected.img === 0 && !injected.bold && !injected.xss, `markup from the link reached the page: ${JSON.stringify(injected)}`);
    check((await sim(page)).count === 300, 'a bad count from the link was not replaced by the default');
    await page.screenshot({ path: join(results, 'faults-html-link.png') });
  });

  await step('an oversized link loads the defaults with a notice', async () => {
    await page.goto(`${base}/?test=1&seed=5&count=40&pad=${'x'.repeat(5000)}`);
    await waitReady(page);
    await page.locator('.notices').getByText(/The link is too long \(\d+ characters, at most 4096\)/).waitFor({ state: 'visible' });
    const s = await sim(page);
    check(s.settings.seed === 1 && s.count === 300, `an oversized link was partly applied: seed ${s.settings.seed}, ${s.count} spheres`);
  });

  await page.goto(`${base}/?test=1&count=40`);
  await waitReady(page);

  await step('typed garbage gets a message next to its field and never reaches the world', async () => {
    const cases = [
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
      check((await field.getAttribute('aria-invalid')) === 'true', `${label} "${text}": the field is not marked invalid`);
      const message = await describedMessage(page, field);
      check(message !== null && expected.test(message), `${label} "${text}": message next to the field is ${JSON.stringify(message)}`);
      await field.press('Escape');
      check((await field.getAttribute('aria-invalid')) === null, `${label}: Escape did not clear the error`);
    }
    await waitFrames(page, 3);
    const after = await sim(page);
    check(JSON.stringify(after.settings) === JSON.stringify(before.settings) && after.count === before.count, 'a refused value changed the settings or the world');
    check(after.time > before.time, `the simulation stopped while garbage was typed (${before.time} -> ${after.time})`);
  });

  await step('the inspector refuses a radius larger than the box and a negative mass at their fields', async () => {
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      s.select(s.sim.world.idAt(0));
    });
    const radius = page.getByLabel('Radius (m)', { exact: true });
    await radius.fill('50');
    await page.getByLabel('Mass (kg)', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Apply' }).click();
    const r = await describedMessage(page, radius);
    check(r !== null && /Radius must be at most 4 m \(half the smallest side of the box\), got 50/.test(r), `radius message: ${JSON.stringify(r)}`);
    const m = await describedMessage(page, page.getByLabel('Mass (kg)', { exact: true }));
    check(m !== null && /Mass must be greater than 0, got -1/.test(m), `mass message: ${JSON.stringify(m)}`);
    const sphere = await page.evaluate(() => {
      const w = window.__sandbox.store.getState().sim.world;
      return { r: w.radii[0], m: w.masses[0] };
    });
    check(sphere.r <= 0.3 && sphere.m > 0, `a refused edit reached the sphere: ${JSON.stringify(sphere)}`);
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.select(null);
      s.play();
    });
  });

  await step('WebGL context lost: a visible message, the simulation goes on; restored: drawing resumes', async () => {
    const lost = await page.evaluate(() => {
      const gl = document.querySelector('.sandbox-canvas canvas').getContext('webgl2');
      window.__loseContext = gl.getExtension('WEBGL_lose_context');
      window.__loseContext.loseContext();
      return gl.isContextLost();
    });
    check(lost, 'the context was not lost');
    const notice = page.getByRole('alert').filter({ hasText: 'graphics context lost' });
    await notice.waitFor({ state: 'visible' });
    await page.screenshot({ path: join(results, 'faults-context-lost.png') });
    const t0 = await simTime(page);
    await waitFrames(page, 5);
    check((await simTime(page)) > t0, 'the simulation stopped while the context was lost');
    await page.evaluate(() => window.__loseContext.restoreContext());
    await notice.waitFor({ state: 'hidden' });
    await waitFrames(page, 5);
    const t1 = await simTime(page);
    const px = await canvasPixels(page);
    check(px.differ > 0.03 * px.total, `the canvas is nearly blank after the context came back (${px.differ} of ${px.total} pixels drawn)`);
    const drawn = await page.evaluate(() => ({ calls: window.__sandbox.sphereDrawCalls(), instances: window.__sandbox.instances() }));
    check(drawn.calls === 1 && drawn.instances === 40, `spheres not drawn after the context came back: ${JSON.stringify(drawn)}`);
    await waitFrames(page, 3);
    check((await simTime(page)) > t1, 'the simulation did not go on after the context came back');
  });

  await step('a resized window: the canvas follows and frames go on', async () => {
    for (const [width, height] of [[800, 600], [1400, 900], [1200, 760]]) {
      await page.setViewportSize({ width, height });
      await page.waitForFunction(([w, h]) => {
        const c = document.querySelector('.sandbox-canvas canvas');
        return c.clientWidth === w && c.clientHeight === h && c.width === w && c.height === h;
      }, [width, height], { timeout: 30_000 });
      await waitFrames(page, 2);
    }
  });

  await step('device pixel ratio 2 without a resize: the canvas backing store doubles, the view keeps moving', async () => {
    // Outside test mode, where the canvas follows the device's ratio (clamped to [1, 2]).
    const hi = await browser.newContext({ viewport: { width: 480, height: 360 }, deviceScaleFactor: 1 });
    await hi.addInitScript(recordFaults);
    const p = await hi.newPage();
    watchErrors(p, consoleErrors, 'dpr');
    await p.goto(`${base}/?count=30`);
    await p.waitForFunction(() => document.querySelector('.sandbox-canvas canvas')?.width === 480, null, { timeout: 60_000 });
    const cdp = await hi.newCDPSession(p);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 480, height: 360, deviceScaleFactor: 2, mobile: false });
    await p.waitForFunction(() => {
      const c = document.querySelector('.sandbox-canvas canvas');
      return window.devicePixelRatio === 2 && c.width === 2 * c.clientWidth && c.height === 2 * c.clientHeight;
    }, null, { timeout: 30_000 });
    const a = await p.screenshot();
    // Ten animation frames (no test hook outside test mode), however long they take.
    await p.evaluate(() => new Promise((done) => {
      let n = 0;
      const frame = () => (++n >= 10 ? done() : requestAnimationFrame(frame));
      requestAnimationFrame(frame);
    }));
    const b = await p.screenshot();
    check(!a.equals(b), 'the view did not change over ten frames after the ratio change');
    const f = await faults(p);
    check(f.csp.length + f.rejections.length + f.errors.length === 0, `faults: ${JSON.stringify(f)}`);
    await hi.close();
  });

  // The two long steps run side by side: a tab hidden for a minute in its own context (its own
  // renderer process), while this page has its settings changed for five minutes.
  await Promise.all([
    step(`a tab hidden for ${HIDDEN_SECONDS} s and shown again: no burst of catch-up steps`, () => hiddenTab({ browser, base, consoleErrors })),
    step(`${SOAK_SECONDS} s of settings changed every few seconds: no error, no rejection, no freeze`, () => settingsChurn(page)),
  ]);
  await context.close();
}

/**
 * Headless Chromium reports every tab visible and has no way to hide one, so the test does what
 * hiding does: visibilityState turns 'hidden' with a visibilitychange event, and the page's
 * JavaScript is stopped outright (the debugger pauses it: no animation frame, no timer runs) for
 * the whole time; then the page goes on and visibilityState turns 'visible' with its event.
 */
async function hiddenTab({ browser, base, consoleErrors }) {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  await ctx.addInitScript(recordFaults);
  const p = await ctx.newPage();
  watchErrors(p, consoleErrors, 'hidden tab');
  await p.goto(`${base}/?test=1&count=30`);
  await waitReady(p);
  await waitFrames(p, 5);
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Debugger.enable');
  const before = await p.evaluate(() => {
    const s = window.__sandbox.store.getState().sim;
    s.mostStepsInAFrame = 0;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    return { frames: s.framesRendered, time: s.world.time, unseen: s.unseenSeconds, dropped: s.clock.dropped };
  });
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  await cdp.send('Debugger.pause');
  await paused;
  const hiddenAt = Date.now();
  await sleep(HIDDEN_SECONDS * 1000);
  await cdp.send('Debugger.resume');
  const hiddenFor = (Date.now() - hiddenAt) / 1000;
  await cdp.send('Debugger.disable');
  await p.evaluate(() => {
    delete document.visibilityState;
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFrames(p, 3);
  const after = await p.evaluate(() => {
    const s = window.__sandbox.store.getState().sim;
    return { frames: s.framesRendered, time: s.world.time, unseen: s.unseenSeconds, dropped: s.clock.dropped, most: s.mostStepsInAFrame, visible: document.visibilityState, maxSteps: s.clock.maxStepsPerFrame };
  });
  const dt = 1 / 60;
  const frames = after.frames - before.frames;
  // The page saw the whole hidden minute as one frame delta and simulated none of it ...
  check(after.unseen - before.unseen >= HIDDEN_SECONDS - 1, `the page did not see the hidden time: ${after.unseen - before.unseen} s unseen of ${hiddenFor.toFixed(1)} s`);
  // ... rendered nothing while hidden (60 s at even 1 fps would be 60 frames) ...
  check(frames <= 12, `${frames} frames ran around a ${hiddenFor.toFixed(0)} s pause: the page was not stopped`);
  // ... and took no catch-up: no frame ran more than the cap, and the simulated time over the
  // whole span is what its few frames may pay out, not a minute.
  check(after.most <= after.maxSteps, `a frame ran ${after.most} steps (cap ${after.maxSteps})`);
  check(after.time - before.time <= (frames + 1) * after.maxSteps * dt + 1e-9, `simulated ${(after.time - before.time).toFixed(3)} s over ${frames} frames around the pause`);
  check(after.visible === 'visible', 'the page did not come back visible');
  const t1 = await simTime(p);
  await waitFrames(p, 5);
  check((await simTime(p)) > t1, 'the simulation did not go on after the tab was shown');
  const f = await faults(p);
  check(f.rejections.length + f.errors.length === 0, `faults: ${JSON.stringify(f)}`);
  console.log(`       hidden ${hiddenFor.toFixed(1)} s: ${frames} frames around it, ${(after.time - before.time).toFixed(3)} s simulated, ${(after.unseen - before.unseen).toFixed(1)} s left unsimulated`);
  await ctx.close();
}

/** Changes a setting every few seconds through the overlay's labelled controls for SOAK_SECONDS. */
async function settingsChurn(page) {
  const FREE = await page.getByLabel('Experiment').locator('option').first().getAttribute('value');
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const fill = (label, value) => page.getByLabel(label, { exact: true }).fill(String(value));
  const actions = [
    ['count', () => fill('Spheres', 10 + Math.floor(rand() * 50))],
    ['restitution', () => fill('Restitution (spheres)', Math.round(rand() * 100) / 100)],
    ['wall restitution', () => fill('Restitution (walls)', Math.round(rand() * 100) / 100)],
    ['gravity on/off', async () => {
      const box = page.getByLabel('Gravity', { exact: true });
      if (await box.isChecked()) await box.uncheck();
      else await box.check();
    }],
    ['gravity strength', async () => {
      if (await page.getByLabel('Gravity', { exact: true }).isChecked()) await fill('Gravity strength (m/s²)', Math.round(rand() * 300) / 10);
    }],
    ['time scale', () => fill('Time scale (×)', [0.25, 0.5, 1, 2, 3][Math.floor(rand() * 5)])],
    ['box size', () => fill('Box size (m)', 4 + Math.floor(rand() * 8))],
    ['radius', () => fill('Largest radius (m)', 0.2 + Math.round(rand() * 20) / 100)],
    ['preset', () => page.getByLabel('Experiment').selectOption(['head-on', 'glancing', 'cradle', 'billiards', 'inelastic', 'heavy-light'][Math.floor(rand() * 6)])],
    ['free sandbox', () => page.getByLabel('Experiment').selectOption(FREE)],
    ['garbage then Escape', async () => {
      const field = page.getByLabel('Spheres', { exact: true });
      await field.fill(['1e9', '-3', 'abc', '1e400'][Math.floor(rand() * 4)]);
      await field.press('Escape');
    }],
    ['pause and play', async () => {
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Play', exact: true }).click();
    }],
    ['restart', () => page.getByRole('button', { name: 'Restart' }).click()],
    ['reverse', () => page.getByRole('button', { name: 'Reverse' }).click()],
  ];
  const start = Date.now();
  let changes = 0;
  let lastFrames = (await sim(page)).frames;
  const done = new Map();
  while (Date.now() - start < SOAK_SECONDS * 1000) {
    const [name, act] = actions[changes % actions.length];
    await act();
    changes++;
    done.set(name, (done.get(name) ?? 0) + 1);
    // A few seconds between changes; then the page must render on: two more frames, waited for
    // (a minute before it counts as frozen), never a count of frames expected in a given time.
    await sleep(2500);
    await page
      .waitForFunction((n) => window.__sandbox.store.getState().sim.framesRendered >= n, lastFrames + 2, { timeout: 60_000, polling: 'raf' })
      .catch(() => check(false, `no frame rendered in a minute after "${name}" (the page froze)`));
    lastFrames = (await sim(page)).frames;
    const f = await faults(page);
    check(f.rejections.length + f.errors.length + f.csp.length === 0, `after "${name}": ${JSON.stringify(f)}`);
  }
  const end = await sim(page);
  await page.screenshot({ path: join(results, 'faults-after-soak.png') });
  console.log(`       ${changes} changes in ${((Date.now() - start) / 1000).toFixed(0)} s (${[...done].map(([k, v]) => `${k} ${v}`).join(', ')}), ${end.frames} frames`);
}
