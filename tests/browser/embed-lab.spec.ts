// The embeddable component in the embed lab (tests/browser/fixtures/embed-lab, built for the
// worker with React's development build so that StrictMode really double-mounts): StrictMode,
// syncUrl, props changed after mount, the locale prop, a bad prop; and (@alone) 50 mounts and
// unmounts with no growth in live WebGL objects or in the JS heap.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CENSUS, heapCensus, openLab, test, waitSandbox, waitSandboxFrames, worldOf, type LabPage, type LabProps } from './support/embed-lab.ts';
import { expect } from './support/test.ts';

/** Mounts the StrictMode sandbox the tests below share, unless a test before left it mounted; then applies `props`. */
async function strictSandbox(page: Page, props: LabProps = {}): Promise<void> {
  const mounted = await page.evaluate(() => window.__lab.handle('strict') !== null);
  if (!mounted) {
    await page.evaluate(() => window.__lab.mount('strict', { count: 60, boxSize: 4, speed: 3 }, true));
    await waitSandbox(page, 'strict', 3);
  }
  if (Object.keys(props).length > 0) {
    await page.evaluate((p) => window.__lab.setProps('strict', p), props);
    // New props reach the store in an effect of the lab's render, a task or more later: wait
    // until every one that names a setting holds in the store's settings.
    await page.waitForFunction((p) => {
      const settings = window.__sandboxes.strict.store.getState().settings as unknown as Record<string, unknown>;
      return Object.entries(p).every(([key, value]) => !(key in settings) || settings[key] === value);
    }, props);
    await waitSandboxFrames(page, 'strict', 2);
  }
}

test.describe('the lab', () => {
  let lab: LabPage | undefined;
  test.beforeAll(async ({ browser, embedLab }) => {
    lab = await openLab(browser, embedLab.url, 'lab');
  });
  test.afterAll(async () => {
    await lab?.context.close();
  });
  const shared = (): LabPage => {
    if (!lab) throw new Error('lab: the shared page is not open (its beforeAll failed)');
    return lab;
  };

  test('the lab builds with React development', async ({ embedLab }) => {
    expect(existsSync(join(embedLab.dir, 'index.html')), `the embed lab build's index.html in ${embedLab.dir}`).toBe(true);
    expect(await shared().page.evaluate(() => typeof window.__lab.mount), 'the lab page’s mount').toBe('function');
  });

  test('under StrictMode one sandbox is one canvas, one ready call, every collision reported once', async () => {
    const { page } = shared();
    const runs0 = await page.evaluate(() => {
      window.__lab.unmount('strict');
      const runs = window.__lab.probeRuns();
      window.__lab.mount('strict', { count: 60, boxSize: 4, speed: 3 }, true);
      return runs;
    });
    await waitSandbox(page, 'strict', 10);
    expect((await page.evaluate(() => window.__lab.probeRuns())) - runs0, 'mount effect runs of one mount under StrictMode (2 in a development build)').toBe(2);
    await page.waitForFunction(() => window.__lab.counts('strict').collisions > 0, null, { polling: 'raf' });
    await page.evaluate(() => window.__lab.handle('strict')!.pause());
    const s = await page.evaluate(() => {
      const w = window.__lab.handle('strict')!.world;
      const st = w.stats();
      return { canvases: window.__lab.canvases('strict'), counts: window.__lab.counts('strict'), pairs: st.pairCollisions, walls: st.wallCollisions, contexts: window.__glLive().contexts };
    });
    expect(s.canvases, 'canvases of one sandbox under StrictMode').toBe(1);
    expect(s.contexts, 'live WebGL contexts of one sandbox under StrictMode').toBe(1);
    expect(s.counts.ready, 'onReady calls').toBe(1);
    expect(s.counts.collisions, "onCollision events, against the world's collisions").toBe(s.pairs + s.walls);
    await page.waitForFunction(() => window.__lab.counts('strict').stats > 0, null, { polling: 'raf' });
  });

  test('with syncUrl the address follows the sandbox’s experiment, one without it changed before leaves the address alone, and a new sandbox starts from it', async () => {
    const { page } = shared();
    try {
      await page.evaluate(() => {
        window.__lab.mount('synced', { count: 30, boxSize: 4, syncUrl: true }, true);
        window.__lab.mount('free', { count: 30, boxSize: 4 });
      });
      await waitSandbox(page, 'synced', 3);
      await waitSandbox(page, 'free', 3);
      // Every address written from here on (a sandbox writes it with history.replaceState).
      const writes = await page.evaluateHandle(() => {
        const written: string[] = [];
        const replace = history.replaceState.bind(history);
        history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
          written.push(String(url));
          replace(data, unused, url);
        };
        return written;
      });
      // The sandbox without syncUrl changed first: a write of its own would fall due before the
      // synced one's (the same quiet time, counted from earlier), so once the synced one has written,
      // the free one has had its chance.
      await page.evaluate(() => {
        const s = window.__sandboxes.free.store.getState();
        s.applySetting('restitution', 0.3);
        s.applySetting('seed', 5);
      });
      await page.evaluate(() => {
        const s = window.__sandboxes.synced.store.getState();
        s.applySetting('restitution', 0.4);
        s.applySetting('seed', 9);
      });
      await page.waitForFunction(() => /restitution=0\.4/.test(location.search) && /seed=9/.test(location.search), null, { timeout: 60_000 });
      const search = await page.evaluate(() => location.search);
      expect(search.startsWith('?test=1&'), `the address kept its own parameter: ${search}`).toBe(true);
      const written = await writes.evaluate((w) => [...w]);
      expect(written.filter((url) => /restitution=0\.3|seed=5/.test(url)), `addresses with the unsynced sandbox's experiment, of ${JSON.stringify(written)}`).toEqual([]);
      await writes.evaluate(() => {
        history.replaceState = History.prototype.replaceState;
      });
      await page.evaluate(() => window.__lab.unmount('synced'));
      await page.evaluate(() => window.__lab.mount('again', { count: 30, boxSize: 4, syncUrl: true }));
      await waitSandbox(page, 'again', 3);
      const again = await page.evaluate(() => {
        const s = window.__sandboxes.again.store.getState();
        return { restitution: s.settings.restitution, seed: s.settings.seed, world: s.sim.world.options.restitution };
      });
      expect(again, 'a sandbox mounted with syncUrl starts from the address').toEqual({ restitution: 0.4, seed: 9, world: 0.4 });
    } finally {
      await page.evaluate(() => {
        window.__lab.unmount('synced');
        window.__lab.unmount('free');
        window.__lab.unmount('again');
        history.replaceState(null, '', '?test=1');
      });
    }
  });

  test('props changed after mount apply live, or rebuild where the overlay rebuilds; reset() goes back to the props', async () => {
    const { page } = shared();
    await strictSandbox(page);
    await page.evaluate(() => window.__lab.handle('strict')!.play());
    const before = await worldOf(page, 'strict');
    await page.evaluate(() => {
      window.__labWorld = window.__lab.handle('strict')!.world;
      window.__lab.setProps('strict', { restitution: 0.6, gravityOn: true, gravity: 3 });
    });
    await waitSandboxFrames(page, 'strict', 3);
    // The props reach the world in an effect of the lab's render (a task or more later), not within a number of frames.
    const live = () =>
      page.evaluate(() => {
        const w = window.__lab.handle('strict')!.world;
        return { same: w === window.__labWorld, e: w.options.restitution, g: w.gravity[1], time: w.time };
      });
    await expect.poll(async () => (await live()).e, { message: "the world's restitution after the prop change" }).toBe(0.6);
    await expect.poll(async () => (await live()).g, { message: "the world's gravity after the prop change" }).toBe(-3);
    const changed = await live();
    expect(changed.same, 'the world after a live prop change (restitution, gravity) is the same world').toBe(true);
    expect(changed.time, 'simulated time across a live prop change').toBeGreaterThan(before.time);
    await page.evaluate(() => {
      window.__labWorld = null;
      window.__lab.setProps('strict', { count: 90, boxSize: 5 });
    });
    await waitSandboxFrames(page, 'strict', 3);
    await expect.poll(async () => (await worldOf(page, 'strict')).count, { message: 'spheres in the world after count={90}' }).toBe(90);
    const rebuilt = await worldOf(page, 'strict');
    await expect.poll(() => page.evaluate(() => window.__sandboxes.strict.instances()), { message: 'spheres drawn after count={90}' }).toBe(90);
    expect(rebuilt.sceneVersion - before.sceneVersion, 'rebuilds for count and box changed together').toBe(1);
    expect(rebuilt.restitution, 'the rebuilt world keeps the live restitution').toBe(0.6);
    // The handle's reset goes back to what the props say, undoing a change made in the store (as the overlay would).
    await page.evaluate(() => window.__sandboxes.strict.store.getState().applySettings({ restitution: 0.2, count: 40 }));
    await page.evaluate(() => window.__lab.handle('strict')!.reset());
    await waitSandboxFrames(page, 'strict', 2);
    const reset = await worldOf(page, 'strict');
    expect({ count: reset.count, restitution: reset.restitution, running: reset.running }, 'after reset(), what the props say').toEqual({ count: 90, restitution: 0.6, running: true });
  });

  test('the locale prop changes the language of the sandbox after mount (its name, its controls, its lang)', async () => {
    const { page } = shared();
    await strictSandbox(page);
    const read = () =>
      page.evaluate(() => {
        const root = document.querySelector('[data-sandbox="strict"]')!;
        return {
          lang: root.getAttribute('lang'),
          label: root.getAttribute('aria-label') ?? '',
          buttons: [...root.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') || b.textContent!.trim()).join('|'),
        };
      });
    const english = await read();
    expect(english.lang, "the sandbox's lang in English").toBe('en');
    await page.evaluate(() => window.__lab.setProps('strict', { locale: 'es' }));
    await waitSandboxFrames(page, 'strict', 2);
    // The prop reaches the sandbox through the lab's render and an effect: the page shows it some tasks later.
    await expect(page.locator('[data-sandbox="strict"]'), "the sandbox's lang after locale='es'").toHaveAttribute('lang', 'es');
    const spanish = await read();
    expect(spanish.label, "the sandbox's name in Spanish").not.toBe(english.label);
    expect(spanish.label.length, "the length of the sandbox's name in Spanish").toBeGreaterThan(0);
    expect(english.buttons.length, "the length of the controls' names in English").toBeGreaterThan(0);
    expect(spanish.buttons, "the controls' names in Spanish").not.toBe(english.buttons);
    await page.evaluate(() => window.__lab.setProps('strict', { locale: 'en' }));
    await waitSandboxFrames(page, 'strict', 2);
    await expect(page.locator('[data-sandbox="strict"]'), "the sandbox's name back in English").toHaveAttribute('aria-label', english.label);
  });

  test('a bad prop leaves the sandbox running with a notice naming it', async () => {
    const { page, warnings } = shared();
    await strictSandbox(page, { restitution: 0.6 });
    await page.evaluate(() => window.__lab.handle('strict')!.play());
    const v0 = await worldOf(page, 'strict');
    await page.evaluate(() => window.__lab.setProps('strict', { restitution: 7 }));
    await waitSandboxFrames(page, 'strict', 3);
    // The prop is taken (and refused) in an effect of the lab's render: its notice is the sign, and
    // the world is read once it shows.
    const notice = page.locator('[data-host="strict"] .notices');
    await expect(notice, 'the notice names the prop and its value').toHaveText(/restitution=\{7\}/, { useInnerText: true });
    await expect(notice, 'the notice says what is allowed').toHaveText(/at most 1, got 7/, { useInnerText: true });
    const after = await worldOf(page, 'strict');
    expect(after.restitution, "the world's restitution after restitution={7}").toBe(0.6);
    expect(after.time, 'simulated time after restitution={7}').toBeGreaterThan(v0.time);
    // Console events reach this process on messages of their own: wait for it rather than read it once.
    await expect.poll(() => warnings.some((w) => /restitution=\{7\}/.test(w)), { message: 'a console warning names the bad prop' }).toBe(true);
    await page.evaluate(() => window.__lab.unmount('strict'));
    await page.waitForFunction(() => window.__glLive().contexts === 0 && !window.__sandboxes?.strict, null, { polling: 'raf' });
  });
});

/** What one mount and unmount of the 50 measured. */
interface Cycle {
  geometries: number;
  textures: number;
  programs: number;
  gl: Record<string, number>;
  after: { geometries: number; textures: number; programs: number; left: Record<string, number> };
}

test('50 mounts and unmounts leave no growth in WebGL objects or JS heap @alone', async ({ browser, embedLab }) => {
  test.setTimeout(600_000);
  const { context, page, warnings } = await openLab(browser, embedLab.url, 'lab (50 mounts)');
  try {
    const cdp = await context.newCDPSession(page);
    const fresh = await heapCensus(cdp);
    // A sandbox is measured, and unmounted, paused at its restart, its new world drawn: what the
    // page keeps of it is then the same each time (the last one unmounted stays referenced by
    // three's fiber until another draws, and its timeline holds a copy of the world every 30 steps:
    // how many steps ran in its first frames depends on the machine's speed).
    const settle = async (name: string): Promise<void> => {
      await page.evaluate((n) => {
        const st = window.__sandboxes[n].store.getState();
        st.pause();
        st.restart();
      }, name);
      await waitSandboxFrames(page, name, 2);
    };
    const cycle = async (name: string, strict: boolean): Promise<Cycle> => {
      await page.evaluate(([n, s]) => window.__lab.mount(n, { count: 60, boxSize: 4, panels: 'compact' }, s), [name, strict] as const);
      await waitSandbox(page, name, 3);
      await settle(name);
      const mem = await page.evaluate((n) => {
        window.__lastMemory = window.__sandboxes[n].memory;
        return { ...window.__sandboxes[n].memory(), gl: window.__glLive() };
      }, name);
      await page.evaluate((n) => window.__lab.unmount(n), name);
      await page.waitForFunction((n) => window.__glLive().contexts === 0 && !window.__sandboxes?.[n], name, { polling: 'raf' });
      // The renderer's own count after the unmount, and what its context still held when lost.
      const after = await page.evaluate(() => {
        const m = (window.__lastMemory as () => { geometries: number; textures: number; programs: number })();
        window.__lastMemory = null;
        return { ...m, left: window.__glLeftAtLoss[window.__glLeftAtLoss.length - 1] };
      });
      return { ...mem, after };
    };
    // Warm up (shader and module caches), then measure the steady state.
    for (let k = 0; k < 3; k++) await cycle(`warm${k}`, k % 2 === 0);
    const heap0 = await heapCensus(cdp);
    const mounted: Cycle[] = [];
    for (let k = 0; k < 50; k++) mounted.push(await cycle(`m${k}`, k % 2 === 0));
    const heap1 = await heapCensus(cdp);
    // One mounted sandbox, for scale and to show that the census sees a live one.
    await page.evaluate(() => window.__lab.mount('scale', { count: 60, boxSize: 4, panels: 'compact' }, false));
    await waitSandbox(page, 'scale', 3);
    await settle('scale');
    const heapOne = await heapCensus(cdp);
    await page.evaluate(() => window.__lab.unmount('scale'));
    await page.waitForFunction(() => window.__glLive().contexts === 0, null, { polling: 'raf' });
    const first = mounted[0];
    const last = mounted[mounted.length - 1];
    const perInstance = heapOne.objectBytes - heap1.objectBytes;
    const growth = heap1.objectBytes - heap0.objectBytes;
    const figures = {
      mountedFirst: { geometries: first.geometries, textures: first.textures, programs: first.programs, live: first.gl },
      mountedLast: { geometries: last.geometries, textures: last.textures, programs: last.programs, live: last.gl },
      afterUnmountFirst: first.after,
      afterUnmountLast: last.after,
      heapUsedMB: [heap0.used, heap1.used].map((b) => +(b / 1e6).toFixed(2)),
      objectsMB: [heap0.objectBytes, heap1.objectBytes].map((b) => +(b / 1e6).toFixed(3)),
      oneSandboxObjectsMB: +(perInstance / 1e6).toFixed(3),
      liveFresh: fresh.counts,
      liveBefore: heap0.counts,
      liveAfter: heap1.counts,
      liveWithOne: heapOne.counts,
    };
    await test.info().attach('figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
    console.log(`       ${JSON.stringify(figures)}`);
    expect(first.geometries, 'geometries of a mounted sandbox').toBeGreaterThan(0);
    expect(first.programs, 'programs of a mounted sandbox').toBeGreaterThan(0);
    expect(
      { geometries: last.geometries, textures: last.textures, programs: last.programs },
      "a mounted sandbox's renderer after 50 mounts, against the first mount's",
    ).toEqual({ geometries: first.geometries, textures: first.textures, programs: first.programs });
    for (const [k, m] of mounted.entries()) {
      expect(m.gl.contexts, `mount ${k}: live WebGL contexts with one sandbox mounted`).toBe(1);
      expect({ geometries: m.after.geometries, textures: m.after.textures, programs: m.after.programs }, `mount ${k}: its renderer's count after unmounting`).toEqual({
        geometries: 0,
        textures: 0,
        programs: 0,
      });
      expect(
        { Buffer: m.after.left.Buffer, Program: m.after.left.Program, Shader: m.after.left.Shader, VertexArray: m.after.left.VertexArray },
        `mount ${k}: buffers, programs and shaders left to the lost context instead of deleted`,
      ).toEqual({ Buffer: 0, Program: 0, Shader: 0, VertexArray: 0 });
      expect(m.gl, `mount ${k}: live WebGL objects while mounted, against the first mount's`).toEqual(first.gl);
    }
    const gl1 = await page.evaluate(() => window.__glLive());
    expect(Object.values(gl1).every((v) => v === 0), `live WebGL objects after the last unmount: ${JSON.stringify(gl1)}`).toBe(true);
    for (const name of CENSUS) {
      expect(heapOne.counts[name], `live ${name} objects with one sandbox mounted, against a fresh page's (else the census is broken)`).toBeGreaterThan(fresh.counts[name]);
      // At most one sandbox's worth may still be referenced (the last one unmounted, until the next mount replaces it).
      expect(heap1.counts[name], `live ${name} objects after 50 mounts and unmounts, against one mounted sandbox's`).toBeLessThanOrEqual(heapOne.counts[name] - fresh.counts[name]);
      expect(heap1.counts[name], `live ${name} objects after 50 mounts, against before them`).toBe(heap0.counts[name]);
    }
    // Leaking even a tenth of a sandbox per mount would add five sandboxes over 50.
    expect(growth, `the heap's objects' growth over 50 mounts, bytes, against one sandbox's ${(perInstance / 1e6).toFixed(3)} MB`).toBeLessThan(perInstance);
    expect(warnings.some((w) => /Too many active WebGL contexts/.test(w)), 'the browser warned about too many live WebGL contexts').toBe(false);
  } finally {
    await context.close();
  }
});
