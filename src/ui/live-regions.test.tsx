/**
 * A live region is read aloud whenever its text changes: none may follow the running clock (a
 * screen reader would read "0.82 s of 0.82 s" several times a second during a run). The whole
 * overlay is rendered before and after a run of published frames, and every live region's text
 * is compared.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxContext } from '../hooks/sandbox-context.ts';
import { createSandboxStore, type SandboxStore } from '../store/index.ts';
import { Overlay } from './Overlay.tsx';

/** Tags and roles that make an element a live region (role status, log, alert, timer, marquee; <output>; aria-live other than off). */
const LIVE = /^<(output)\b|\brole="(status|log|alert|timer|marquee)"|\baria-live="(polite|assertive)"/;

/** The text of each live region in `html`, in document order, as `tag: text`. A tiny tag-depth reader: enough for React's markup. */
function liveRegions(html: string): string[] {
  const out: string[] = [];
  const tag = /<\/?([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;
  const open: { name: string; live: boolean; start: number; label: string }[] = [];
  const VOID = new Set(['input', 'br', 'img', 'hr', 'meta', 'link', 'col', 'source', 'wbr', 'area']);
  for (let m = tag.exec(html); m !== null; m = tag.exec(html)) {
    const [whole, name, selfClosing] = m;
    if (whole.startsWith('</')) {
      const top = open.pop();
      if (top?.live) out.push(`${top.label}: ${html.slice(top.start, m.index).replace(/<[^>]*>/g, '').replace(/<!-- -->/g, '')}`);
      continue;
    }
    if (selfClosing === '/' || VOID.has(name)) continue;
    const live = LIVE.test(whole);
    open.push({ name, live, start: m.index + whole.length, label: whole.slice(0, 100) });
  }
  return out;
}

/**
 * The overlay as it shows `store` now. A server render reads a zustand store's initial state; the
 * store given to it here answers with the present one.
 */
function render(store: SandboxStore): string {
  const now: SandboxStore = { ...store, getInitialState: () => store.getState() };
  return renderToString(
    <SandboxContext value={{ store: now, handle: null }}>
      <Overlay />
    </SandboxContext>,
  );
}

describe('live regions', () => {
  it('the reader finds the overlay’s live regions (the notices, the copy message)', () => {
    const store = createSandboxStore({ running: false, notices: ['A notice to read.'] });
    const regions = liveRegions(render(store));
    expect(regions.length).toBeGreaterThanOrEqual(2);
    expect(regions.join('\n')).toContain('A notice to read.');
    // And it would catch a live region holding the clock.
    expect(liveRegions('<div><output class="t">0.82 s of 0.82 s</output></div>')).toEqual(['<output class="t">: 0.82 s of 0.82 s']);
  });

  for (const preset of [null, 'billiards', 'gas']) {
    it(`none announces the running clock: a run of ${preset ?? 'the free sandbox'} leaves every live region's text as it was`, () => {
      const store = createSandboxStore({ preset, running: false });
      store.getState().play();
      store.getState().frame(1 / 60);
      const before = liveRegions(render(store));
      const time = store.getState().stats.simTime;
      // Two seconds of frames: the published stats and the timeline move on.
      for (let k = 0; k < 120; k++) store.getState().frame(1 / 60);
      const html = render(store);
      expect(store.getState().stats.simTime).toBeGreaterThan(time + 1);
      expect(store.getState().timeline.step).toBeGreaterThan(60);
      // The clock is on the page and moved, outside any live region. The describer's region tells
      // collisions as they happen (the store's said), never the time.
      expect(html).toMatch(/data-timeline="time">(?!0[.,]00 s)\d/);
      const told = (regions: string[]) => regions.filter((r) => !r.includes('data-describe="live"'));
      expect(told(liveRegions(html))).toEqual(told(before));
      const said = liveRegions(html).find((r) => r.includes('data-describe="live"'));
      expect(said).toBeDefined();
      expect(said).not.toMatch(/\d s of|\bt = /);
    });
  }
});
