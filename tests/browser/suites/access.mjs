// The run told and heard: the scene's description named by the canvas, the polite live region's
// words after a head-on collision, the sound made only after a gesture (an AudioContext stubbed
// in the page counts the contexts made and the hits sounded) and the M key that mutes it.
import { join } from 'node:path';
import { check, results, step, waitReady, watchErrors } from '../harness.mjs';

/** A stub AudioContext: counts contexts and hits (a voice gain's attack ramp); the master gain's value is readable. */
function stubAudio() {
  const audio = (window.__audio = { made: 0, hits: 0, gains: [] });
  const param = (kind) => ({
    value: 0,
    setValueAtTime(v) {
      this.value = v;
      return this;
    },
    linearRampToValueAtTime() {
      if (kind === 'gain') audio.hits++;
      return this;
    },
    exponentialRampToValueAtTime() {
      return this;
    },
    setTargetAtTime(v) {
      this.value = v;
      return this;
    },
    cancelScheduledValues() {
      return this;
    },
  });
  const node = () => ({ gain: param('gain'), frequency: param(), pan: param(), threshold: param(), knee: param(), ratio: param(), attack: param(), release: param(), type: 'sine', connect: (to) => to, start() {} });
  window.AudioContext = class {
    constructor() {
      audio.made++;
      this.currentTime = 0;
      this.state = 'suspended';
      this.destination = node();
      const tick = () => {
        this.currentTime = performance.now() / 1000;
        requestAnimationFrame(tick);
      };
      tick();
    }
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      return node();
    }
    createGain() {
      const n = node();
      audio.gains.push(n);
      return n;
    }
    createStereoPanner() {
      return node();
    }
    createDynamicsCompressor() {
      return node();
    }
  };
}

export default async function accessSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(stubAudio);
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'access');
  page.setDefaultTimeout(60_000);
  await page.goto(`${base}/?preset=head-on&test=1`);
  await waitReady(page);

  await step('access: the canvas is described by the scene description, and no AudioContext exists before a gesture', async () => {
    const described = await page.evaluate(() => {
      const id = document.querySelector('.sandbox-canvas canvas')?.closest('[aria-describedby]')?.getAttribute('aria-describedby') ?? document.querySelector('[aria-describedby]')?.getAttribute('aria-describedby');
      return document.getElementById(id ?? '')?.textContent ?? '';
    });
    check(/^Head-on, equal masses: 2 spheres/.test(described), `the scene description reads "${described}"`);
    check((await page.evaluate(() => window.__audio.made)) === 0, 'an AudioContext was made before any gesture');
  });

  await step('access: after a key (restart, then play), the head-on collision is announced with its speeds, and sounded', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    await page.locator('body').press('r');
    check((await page.evaluate(() => window.__audio.made)) === 1, 'the key made no AudioContext');
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await page.waitForFunction(() => /hits/.test(document.querySelector('[data-describe="live"]')?.textContent ?? ''), null, { timeout: 90_000 });
    const said = await page.locator('[data-describe="live"]').textContent();
    // Equal masses at 2 m/s each, head-on and elastic: they swap velocities (2.0 and 2.0 after).
    check(/^Sphere #\d at 2\.0 m\/s hits sphere #\d at 2\.0 m\/s; afterwards 2\.0 and 2\.0 m\/s\./.test(said), `the live region reads "${said}"`);
    check((await page.locator('[data-describe="live"]').getAttribute('aria-live')) === 'polite', 'the live region is not polite');
    check((await page.evaluate(() => window.__audio.hits)) >= 1, 'the collision made no sound');
    await page.screenshot({ path: join(results, 'access-head-on.png') });
  });

  await step('access: the M key mutes (the checkbox, the master gain, the remembered setting) and M again unmutes', async () => {
    await page.locator('body').press('m');
    check(await page.locator('[data-sound="mute"]').isChecked(), 'M did not check Mute');
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sphere-sandbox.sound') ?? 'null'));
    check(saved?.muted === true, `the remembered setting is ${JSON.stringify(saved)}`);
    const hits = await page.evaluate(() => window.__audio.hits);
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.restart();
      s.play();
    });
    await page.waitForFunction((t) => window.__sandbox.store.getState().sim.world.time > t, 2.5, { timeout: 90_000 });
    check((await page.evaluate(() => window.__audio.hits)) === hits, 'a hit sounded while muted');
    await page.locator('body').press('m');
    check(!(await page.locator('[data-sound="mute"]').isChecked()), 'M again did not uncheck Mute');
    await page.locator('[data-sound]').first().screenshot({ path: join(results, 'access-sound-group.png') });
  });

  await step('access: N, P and J move the selection between spheres and read the sphere aloud', async () => {
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      s.select(null);
    });
    await page.locator('body').press('n');
    const first = await page.evaluate(() => window.__sandbox.store.getState().selected);
    check(first === 0, `N selected ${first}, not sphere 0`);
    await page.waitForFunction(() => /^Selected: sphere #0, speed/.test(document.querySelector('[data-describe="live"]').textContent));
    await page.locator('body').press('n');
    check((await page.evaluate(() => window.__sandbox.store.getState().selected)) === 1, 'N again did not select sphere 1');
    await page.locator('body').press('p');
    check((await page.evaluate(() => window.__sandbox.store.getState().selected)) === 0, 'P did not go back to sphere 0');
    await page.locator('body').press('j');
    check((await page.evaluate(() => window.__sandbox.store.getState().selected)) === 1, 'J did not select the other sphere');
    const described = await page.locator('[data-describe="scene"]').textContent();
    check(/Selected: sphere #1, speed/.test(described), `the scene description reads "${described}"`);
  });

  await step('access: D turns the view around the box and + zooms in', async () => {
    const before = await page.evaluate(() => window.__sandbox.cameraPosition());
    await page.locator('body').press('d');
    const turned = await page.evaluate(() => window.__sandbox.cameraPosition());
    const len = (p) => Math.hypot(p[0], p[1], p[2]);
    check(Math.hypot(turned[0] - before[0], turned[2] - before[2]) > 0.05 * len(before), `D moved the camera from ${before} to ${turned}`);
    check(Math.abs(len(turned) - len(before)) < 1e-3 * len(before) + 0.3, 'D changed the distance, not only the direction');
    await page.locator('body').press('+');
    const closer = await page.evaluate(() => window.__sandbox.cameraPosition());
    check(len(closer) < len(turned) * 0.95, `+ left the distance at ${len(closer)} (was ${len(turned)})`);
  });
  await context.close();
}
