/** The embed's `link` prop: plain and compressed (`exp=`) links opened in a sandbox's store, and bad links reported. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type BuiltScene, type ExperimentState } from '../experiment/index.ts';
import { createSandboxStore, type SandboxStore } from '../store/index.ts';
import { shareLink } from '../share/compressed-link.ts';
import { stateById } from '../testing/twin.ts';
import { stepN } from '../testing/store.ts';
import { openLinkProp, readLinkProp } from './link-prop.ts';

const BASE = 'https://school.example/sandbox/';

/** Three spheres placed by hand, with a colour and a label: a built scene only a compressed link carries. */
const BUILT: BuiltScene = {
  size: [6, 6, 6],
  spheres: [
    { position: [-2, 0, 0], velocity: [1.5, 0, 0], radius: 0.3, mass: 1, color: '#33aa77', label: 'A' },
    { position: [0, 0.1, 0], velocity: [0, 0, 0], radius: 0.4, mass: 2 },
    { position: [2, -0.2, 0.3], velocity: [-0.5, 0.2, 0], radius: 0.25, mass: 0.5 },
  ],
};

/** A paused store of the default gas, as an embed with no experiment props starts. */
const fresh = (): SandboxStore => createSandboxStore({ running: false, solverPort: null });

/** Collects what openLinkProp reports. */
function collector(): { report: (s: SandboxStore, p: string[]) => void; reported: string[] } {
  const reported: string[] = [];
  return { reported, report: (_s, p) => reported.push(...p) };
}

describe('the embed link prop', () => {
  it('Node has the compression streams a compressed link needs', () => {
    expect(typeof CompressionStream).toBe('function');
    expect(typeof DecompressionStream).toBe('function');
  });

  it('a compressed link of a built scene opens whole, and runs as a sandbox started from that experiment', async () => {
    const state: ExperimentState = { preset: null, settings: { ...DEFAULT_SETTINGS, restitution: 0.8, seed: 4 }, edits: [], built: BUILT, twin: null };
    const link = await shareLink(state, BASE);
    expect(new URL(link.url).searchParams.has('exp')).toBe(true);
    const store = fresh();
    const { report, reported } = collector();
    expect(await openLinkProp(store, link.url, report)).toEqual([]);
    expect(reported).toEqual([]);
    const s = store.getState();
    expect(s.built).toEqual(BUILT);
    expect(s.settings.restitution).toBe(0.8);
    expect(s.scene.count).toBe(3);
    // The same experiment given to a new store at its start: the same run, step for step.
    const direct = createSandboxStore({ running: false, solverPort: null, settings: { restitution: 0.8, seed: 4 }, built: BUILT });
    stepN(store, 120);
    stepN(direct, 120);
    expect(stateById(store.getState().sim.local!)).toEqual(stateById(direct.getState().sim.local!));
  });

  it('a plain link, or only its query, opens its preset with its own physics and its edits', async () => {
    for (const link of [`${BASE}?preset=billiards&seed=3&edits=[{"id":1,"mass":2}]#top`, 'preset=billiards&seed=3&edits=[{"id":1,"mass":2}]', '?preset=billiards&seed=3&edits=[{"id":1,"mass":2}]']) {
      const store = fresh();
      expect(await openLinkProp(store, link, collector().report)).toEqual([]);
      const s = store.getState();
      expect(s.preset).toBe('billiards');
      expect(s.settings.seed).toBe(3);
      expect(s.edits).toEqual([{ id: 1, mass: 2 }]);
      // The preset's restitution, not the free sandbox's, where the link names none.
      const own = createSandboxStore({ running: false, solverPort: null, preset: 'billiards', settings: { seed: 3 } }).getState().settings;
      expect(s.settings.restitution).toBe(own.restitution);
      expect(s.settings.wallRestitution).toBe(own.wallRestitution);
    }
  });

  it('a damaged compressed link is reported, naming the link and the problem, and the props\' experiment stays', async () => {
    const state: ExperimentState = { preset: null, settings: DEFAULT_SETTINGS, edits: [], built: BUILT, twin: null };
    const good = (await shareLink(state, BASE)).url;
    const store = fresh();
    const before = store.getState().sceneVersion;
    const { report, reported } = collector();
    const problems = await openLinkProp(store, good.slice(0, good.length - 12), report);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SphereSandbox: link="https:\/\/school\.example\/sandbox\/\?exp=.*" was not used: The link's experiment \(exp=\) could not be read: it is cut short or damaged\. The props' experiment is shown\.$/);
    expect(reported).toEqual(problems);
    expect(store.getState().sceneVersion).toBe(before);
    expect(store.getState().built).toBeNull();
    expect(store.getState().scene.count).toBe(DEFAULT_SETTINGS.count);
  });

  it('a bad part of a link is named and left out, the rest used', async () => {
    const store = fresh();
    const problems = await openLinkProp(store, '?count=40&restitution=7&colorBy=purple', collector().report);
    expect(problems).toEqual([
      expect.stringMatching(/^SphereSandbox: link: .*[Rr]estitution.*7.*ignored\.$/),
      'SphereSandbox: link: Colour "purple" is not one of speed, mass, species, neighbours; ignored.',
    ]);
    expect(store.getState().settings.count).toBe(40);
    expect(store.getState().settings.restitution).toBe(1);
  });

  it('what is not a link, a link of no experiment and an over-long link give no experiment and a message naming them', async () => {
    expect(await readLinkProp(42)).toEqual({ experiment: null, problems: ['SphereSandbox: link={42} is not a link or query string; the props\' experiment is shown.'] });
    const none = await readLinkProp(`${BASE}?lang=de&test=1`);
    expect(none.experiment).toBeNull();
    expect(none.problems[0]).toContain('names no experiment');
    const long = await readLinkProp(`?exp=${'A'.repeat(70_000)}`);
    expect(long.experiment).toBeNull();
    expect(long.problems[0]).toContain('was not used: The link is too long (70004 characters');
    const notBase64 = await readLinkProp('?exp=<script>');
    expect(notBase64.problems[0]).toContain('could not be read');
  });

  it('a sandbox gone before its link is read is left alone', async () => {
    const store = fresh();
    const { report, reported } = collector();
    expect(await openLinkProp(store, '?count=40', report, () => true)).toEqual([]);
    expect(reported).toEqual([]);
    expect(store.getState().settings.count).toBe(DEFAULT_SETTINGS.count);
  });

  it('the messages are in the sandbox language', async () => {
    const store = createSandboxStore({ running: false, solverPort: null, locale: 'de' });
    const problems = await openLinkProp(store, '?exp=AAAA', collector().report);
    expect(problems[0]).toContain('Das Experiment des Links (exp=) ließ sich nicht lesen: Es ist abgeschnitten oder beschädigt.');
  });
});
