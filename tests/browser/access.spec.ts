// The run told and heard: the scene's description named by the canvas, the polite live region's
// words after a head-on collision, the sound made only after a gesture (an AudioContext stubbed
// in the page counts the contexts made and the hits sounded) and the M key that mutes it; N, P
// and J moving the selection; D and + moving the camera.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { results, waitFramed, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

/** What the stub AudioContext counts (`window.__audio`). */
interface AudioCounts {
  /** AudioContexts made. */
  made: number;
  /** Hits sounded: a gain's attack ramp. */
  hits: number;
  /** The gain nodes made. */
  gains: unknown[];
}

/**
 * In the page, before its scripts: a stub AudioContext that counts contexts and hits (a voice
 * gain's attack ramp); the master gain's value is readable.
 */
function stubAudio(): void {
  const audio: AudioCounts = { made: 0, hits: 0, gains: [] };
  window.__audio = audio;
  const param = (kind?: 'gain') => ({
    value: 0,
    setValueAtTime(v: number) {
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
    setTargetAtTime(v: number) {
      this.value = v;
      return this;
    },
    cancelScheduledValues() {
      return this;
    },
  });
  const node = () => ({
    gain: param('gain'),
    frequency: param(),
    pan: param(),
    threshold: param(),
    knee: param(),
    ratio: param(),
    attack: param(),
    release: param(),
    type: 'sine',
    connect: (to: unknown) => to,
    start() {},
  });
  class StubAudioContext {
    currentTime = 0;
    state = 'suspended';
    destination = node();
    constructor() {
      audio.made++;
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
  }
  Object.assign(window, { AudioContext: StubAudioContext });
}

const audio = (page: Page): Promise<AudioCounts> => page.evaluate((): AudioCounts => window.__audio);
/**
 * The master gain's value: the first gain the sound makes (its voices' come after); null until the
 * sound's engine, a chunk of its own loaded by the first gesture, has made its nodes.
 */
const masterGain = (page: Page): Promise<number | null> => page.evaluate((): number | null => window.__audio.gains[0]?.gain.value ?? null);
const selected = (page: Page): Promise<number | null> => page.evaluate(() => window.__sandbox.store.getState().selected);

const shared = sharedPage('access', {}, async (page) => {
  await page.addInitScript(stubAudio);
  await page.goto('/?preset=head-on&test=1');
  await waitReady(page);
});

test('the canvas is described by the scene description, and no AudioContext exists before a gesture', async () => {
  const { page } = shared;
  const described = await page.evaluate(() => {
    const id = document.querySelector('.sandbox-canvas canvas')?.closest('[aria-describedby]')?.getAttribute('aria-describedby') ?? document.querySelector('[aria-describedby]')?.getAttribute('aria-describedby');
    return document.getElementById(id ?? '')?.textContent ?? '';
  });
  expect(described, 'the scene description').toMatch(/^Head-on, equal masses: 2 spheres/);
  expect((await audio(page)).made, 'AudioContexts made before any gesture').toBe(0);
});

test('after a key (restart, then play), the head-on collision is announced with its speeds, and sounded', async () => {
  const { page } = shared;
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await page.locator('body').press('r');
  expect((await audio(page)).made, 'AudioContexts made by the key').toBe(1);
  // The key made the AudioContext; the engine (a chunk of its own) makes its nodes once it has
  // loaded, a while later: the run is played from then, so that the collision finds it there.
  await expect.poll(() => page.evaluate(() => window.__audio.gains.length), { message: "the sound's nodes, made once its engine has loaded after the key" }).toBeGreaterThan(0);
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const live = page.locator('[data-describe="live"]');
  await expect(live, 'the live region after the collision').toContainText('hits', { timeout: 90_000 });
  // Equal masses at 2 m/s each, head-on and elastic: they swap velocities (2.0 and 2.0 after).
  await expect(live, 'the live region').toHaveText(/^Sphere #\d at 2\.0 m\/s hits sphere #\d at 2\.0 m\/s; afterwards 2\.0 and 2\.0 m\/s\./);
  expect(await live.getAttribute('aria-live'), "the live region's aria-live").toBe('polite');
  expect((await audio(page)).hits, 'hits sounded by the collision').toBeGreaterThanOrEqual(1);
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await page.screenshot({ path: join(results, 'access-head-on.png') });
});

test('the M key mutes (the checkbox, the master gain, the remembered setting) and M again unmutes', async () => {
  const { page } = shared;
  const mute = page.locator('[data-sound="mute"]');
  // From unmuted (a page opened afresh after a failure has made no sound yet: this key unlocks it).
  await expect(mute, 'Mute before the M key').not.toBeChecked();
  await page.locator('body').press('m');
  await expect(mute, 'Mute after the M key').toBeChecked();
  // On a page opened afresh the key also loads the engine, which takes the setting when it comes.
  await expect.poll(() => masterGain(page), { message: 'the master gain when muted' }).toBe(0);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sphere-sandbox.sound') ?? 'null') as { muted?: boolean } | null);
  expect(saved?.muted, `the remembered setting ${JSON.stringify(saved)} is muted`).toBe(true);
  const hits = (await audio(page)).hits;
  // Through the head-on collision (at about 1 s) to 2.5 s, stepped: each step is told to the
  // sound as a played frame's steps are.
  const run = await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.restart();
    while (window.__sandbox.store.getState().sim.world.time <= 2.5) window.__sandbox.store.getState().stepOnce();
    return window.__sandbox.store.getState().stats.pairCollisionsTotal;
  });
  expect(run, 'sphere collisions in the muted run').toBeGreaterThanOrEqual(1);
  expect((await audio(page)).hits, 'hits sounded while muted').toBe(hits);
  await page.locator('body').press('m');
  await expect(mute, 'Mute after M again').not.toBeChecked();
  await expect.poll(() => masterGain(page), { message: 'the master gain unmuted' }).toBeGreaterThan(0);
  await page.locator('[data-sound]').first().screenshot({ path: join(results, 'access-sound-group.png') });
});

test('N, P and J move the selection between spheres and read the sphere aloud', async () => {
  const { page } = shared;
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.pause();
    s.select(null);
  });
  await page.locator('body').press('n');
  expect(await selected(page), 'the sphere N selects').toBe(0);
  await expect(page.locator('[data-describe="live"]'), 'the live region after N').toHaveText(/^Selected: sphere #0, speed/);
  await page.locator('body').press('n');
  expect(await selected(page), 'the sphere N again selects').toBe(1);
  await page.locator('body').press('p');
  expect(await selected(page), 'the sphere P goes back to').toBe(0);
  await page.locator('body').press('j');
  expect(await selected(page), 'the sphere J selects (the other one)').toBe(1);
  await expect(page.locator('[data-describe="scene"]'), 'the scene description').toContainText(/Selected: sphere #1, speed/);
});

test('D turns the view around the box and + zooms in', async () => {
  const { page } = shared;
  // The framing has settled: nothing but the keys moves the camera.
  await waitFramed(page);
  const camera = () => page.evaluate(() => window.__sandbox.cameraPosition());
  const len = (p: readonly number[]) => Math.hypot(p[0], p[1], p[2]);
  const before = await camera();
  await page.locator('body').press('d');
  const turned = await camera();
  expect(Math.hypot(turned[0] - before[0], turned[2] - before[2]), `how far D moved the camera (from ${before} to ${turned})`).toBeGreaterThan(0.05 * len(before));
  expect(Math.abs(len(turned) - len(before)), 'how much D changed the distance (it turns only)').toBeLessThan(1e-3 * len(before) + 0.3);
  await page.locator('body').press('+');
  const closer = await camera();
  expect(len(closer), `the distance after + (was ${len(turned)})`).toBeLessThan(len(turned) * 0.95);
});

test("the words follow the scene on screen: a new experiment clears the gas's last words, a built scene is described as built, one sphere in the singular", async () => {
  const { page } = shared;
  await page.getByLabel('Experiment', { exact: true }).selectOption('gas');
  await page.evaluate(() => window.__sandbox.store.getState().play());
  const live = page.locator('[data-describe="live"]');
  await expect(live, "the gas's trend in the live region").toContainText('Temperature', { timeout: 90_000 });
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  await page.getByLabel('Experiment', { exact: true }).selectOption('head-on');
  await expect(live, 'the live region once Head-on is chosen').toHaveText('');
  // Build mode from an empty box, two spheres placed: the description names the built scene.
  await page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    s.setBuilding(true);
    s.buildStart({ size: [4, 4, 4], planar: false });
    const st = window.__sandbox.store.getState();
    st.buildPlace({ ...st.buildTemplate, position: [-1, 0, 0] });
  });
  await expect(page.locator('[data-describe="scene"]'), 'one sphere, in the singular').toHaveText(/^Built scene: 1 sphere, /);
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.buildPlace({ ...st.buildTemplate, position: [1, 0, 0] });
  });
  await expect(page.locator('[data-describe="scene"]'), 'the description of the built scene').toHaveText(/^Built scene: 2 spheres/);
  await expect(page.getByTestId('build-count'), "build mode's count").toHaveText('2 spheres, 1 selected');
  await page.evaluate(() => window.__sandbox.store.getState().setBuilding(false));
  await page.getByLabel('Experiment', { exact: true }).selectOption('head-on');
});
