// Chemistry in the page: each of the four chemistry lessons opens with its species in the legend
// (counts equal to the world's), reacts as it plays, and shows the Reactions section's readouts
// (rate constants, the equilibrium ratio, the energy diagram and the concentration plot with their
// text alternatives); the inspector shows and edits a sphere's species; a reaction is told in the
// description; axe-core finds no serious or critical violation in the section in either theme.
// The two lessons with a hole: effusion (spheres leave through a hole in a wall, the legend counts
// them down) and diffusion (the species cross the divider's hole).
// Screenshots in both themes. Every wait is on the store, never on wall time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { root, shots, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const AXE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

const LESSONS = ['collision-theory', 'catalyst', 'equilibrium', 'exothermic'] as const;

const shared = sharedPage('chemistry', {}, async (page) => {
  await page.goto(`/?preset=${LESSONS[0]}&test=1`);
  await waitReady(page);
});

/** The Reactions section of the classroom panel. */
const section = (page: Page) => page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section=reactions]');

/** The world's species counts and reactions so far. */
function chemistry(page: Page) {
  return page.evaluate(() => {
    const s = window.__sandbox.store.getState().sim.world.stats();
    return { counts: s.speciesCounts, events: s.reactions.reduce((sum, r) => sum + r.forward + r.backward, 0) };
  });
}

/** Plays until the world has reacted `n` times more (frames, never wall time), then pauses. */
async function playUntilReactions(page: Page, n: number): Promise<void> {
  const target = (await chemistry(page)).events + n;
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction(
    (want) => window.__sandbox.store.getState().sim.world.stats().reactions.reduce((sum, r) => sum + r.forward + r.backward, 0) >= want,
    target,
    { timeout: 120_000, polling: 'raf' },
  );
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.sampleNow();
  });
}

/** The legend's count of each species, as the panel writes them. */
async function legendCounts(page: Page): Promise<number[]> {
  const texts = await section(page).locator('[data-species-count]').allTextContents();
  return texts.map((text) => Number(text.replace(/[^0-9]/g, '')));
}

async function openLesson(page: Page, preset: string): Promise<void> {
  if ((await page.evaluate(() => window.__sandbox.store.getState().preset)) !== preset) {
    await page.getByLabel('Experiment').selectOption(preset);
    await page.waitForFunction((id) => window.__sandbox.store.getState().preset === id, preset);
  }
}

for (const preset of LESSONS) {
  test(`the ${preset} lesson shows its species in the legend and reacts as it plays`, async () => {
    const { page } = shared;
    await openLesson(page, preset);
    await expect(section(page), 'the Reactions section').toBeVisible();
    // A lesson plays as it opens: paused, the legend's next sample is the world as it stands.
    await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.pause();
      st.sampleNow();
    });
    const before = await chemistry(page);
    await expect.poll(() => legendCounts(page), { message: 'the legend counts each species as the world does' }).toEqual(before.counts);
    if (preset === 'collision-theory') {
      // The lesson's step: the walls at twice kT, so that reactions come within a few seconds.
      await page.evaluate(() => {
        const st = window.__sandbox.store.getState();
        st.applySettings({ leftKT: 2 * st.settings.leftKT, rightKT: 2 * st.settings.rightKT });
      });
    }
    await playUntilReactions(page, 3);
    const after = await chemistry(page);
    expect(after.events, 'reactions').toBeGreaterThanOrEqual(before.events + 3);
    await expect.poll(() => legendCounts(page), { message: 'the legend follows the reactions' }).toEqual(after.counts);
    await expect(page.locator('.species-banner [data-species-legend]'), 'the legend over the view').toBeVisible();
    expect(await page.evaluate(() => window.__sandbox.store.getState().settings.colorBy), 'spheres coloured by species').toBe('species');
  });
}

test('the effusion lesson: spheres leave through the hole in the right wall, and the legend counts each species down', async () => {
  const { page } = shared;
  await openLesson(page, 'effusion');
  const before = await chemistry(page);
  expect(before.counts, 'A and B at the start').toEqual([150, 150]);
  expect(await page.evaluate(() => window.__sandbox.store.getState().sim.world.wallState('+x').hole), "the right wall's hole, m").toBe(1);
  await expect(page.locator('.species-banner [data-species-legend]'), 'the legend over the view').toBeVisible();
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.count <= 294, null, { timeout: 120_000, polling: 'raf' });
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.sampleNow();
  });
  const after = await chemistry(page);
  const escaped = await page.evaluate(() => window.__sandbox.store.getState().sim.world.stats().escaped);
  expect(after.counts.map((c, k) => c + escaped[k]), 'each species: in the box plus escaped').toEqual([150, 150]);
  await expect.poll(() => legendCounts(page), { message: 'the legend counts down' }).toEqual(after.counts);
  expect(await page.evaluate(() => window.__sandbox.store.getState().settings.colorBy), 'spheres coloured by species').toBe('species');
});

test('the diffusion lesson: A on the left, B on the right, and both cross the hole in the divider', async () => {
  const { page } = shared;
  await openLesson(page, 'diffusion');
  const divider = await page.evaluate(() => window.__sandbox.store.getState().sim.world.divider);
  expect(divider, 'the divider and its hole').toEqual({ axis: 'x', position: 0, hole: { width: 1.2 } });
  await page.evaluate(() => window.__sandbox.store.getState().play());
  // Both species have crossed, each its own way.
  await page.waitForFunction(
    () => {
      const { forward, backward } = window.__sandbox.store.getState().sim.world.stats().holeCrossings;
      return forward[0] > 0 && backward[1] > 0;
    },
    null,
    { timeout: 120_000, polling: 'raf' },
  );
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  const sides = await page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    const c = [0, 0, 0, 0];
    for (let i = 0; i < w.count; i++) c[(w.positions[3 * i] < 0 ? 0 : 2) + w.species[i]]++;
    return { bOnLeft: c[1], aOnRight: c[2] };
  });
  expect(sides.bOnLeft + sides.aOnRight, 'spheres in the other half').toBeGreaterThan(0);
});

test("the Reactions section: the reaction in J and kT, rates beside collision theory's, the ratio beside exp(Q/kT), the diagram and the plot", async () => {
  const { page } = shared;
  await openLesson(page, 'equilibrium');
  await playUntilReactions(page, 20);
  const s = section(page);
  await expect(s.getByRole('heading', { name: 'A + B ⇌ C + D' })).toBeVisible();
  await expect(s.locator('[data-chem=ea]'), 'Ea in J and in kT').toContainText(/J = 2(\.\d+)? kT|J = 1\.\d+ kT/);
  // The last sample (taken paused), and the section as it shows it: shown after that sample's render.
  const expected = await page.evaluate(() => {
    const r = window.__sandbox.store.getState().instruments.reactions.last.reactions[0];
    return { kTheory: r.kTheory, ratioTheory: r.ratioTheory, forward: r.forward };
  });
  await expect
    .poll(async () => Number((await s.locator('[data-chem=k-theory]').textContent())!.replace(/[^0-9.eE+-]/g, '')) / expected.kTheory, { message: 'the shown k by collision theory' })
    .toBeCloseTo(1, 2);
  await expect(s.locator('[data-chem=ratio-theory]')).toHaveText(/^[0-9.]+$/);
  await expect.poll(async () => Number(await s.locator('[data-chem=ratio-theory]').textContent()) / expected.ratioTheory).toBeCloseTo(1, 2);
  await expect(s.locator('[data-chem=events]')).toContainText(String(expected.forward));
  const diagram = s.locator('[data-energy-diagram] svg');
  await expect(diagram).toHaveAttribute('aria-label', /^Energy diagram of A \+ B ⇌ C \+ D: reactants at 0, the barrier [0-9.]+ kT above them/);
  await expect(s.locator('[data-plot=concentration]')).toHaveAttribute('data-samples', /^[1-9]\d*$/);
  await expect(s.locator('[data-plot=concentration]')).toHaveAttribute('aria-label', /^Concentration against time over [0-9.]+ s\. Now: A [0-9.]+ per m³/);
});

test("the inspector shows a sphere's species and, while paused, changes it", async () => {
  const { page } = shared;
  await openLesson(page, 'equilibrium');
  await page.evaluate(() => {
    const st = window.__sandbox.store.getState();
    st.pause();
    st.select(1);
  });
  const inspector = page.locator('.inspector[data-sphere="1"]');
  const species = await page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    return w.species[w.indexOf(1)];
  });
  await expect(inspector.locator('[data-inspect=species]')).toHaveText(['A', 'B', 'C', 'D'][species]);
  await inspector.getByLabel('Species').selectOption('2');
  await inspector.getByRole('button', { name: 'Apply' }).click();
  await page.waitForFunction(() => {
    const w = window.__sandbox.store.getState().sim.world;
    return w.species[w.indexOf(1)] === 2;
  });
  await expect(inspector.locator('[data-inspect=species]')).toHaveText('C');
  expect(await page.evaluate(() => window.__sandbox.store.getState().edits.find((e) => e.id === 1)?.species), 'the edit is recorded for restarts and links').toBe(2);
});

test('a reaction is told in the description', async () => {
  const { page } = shared;
  await openLesson(page, 'exothermic');
  await page.evaluate(() => window.__sandbox.store.getState().restart());
  await page.evaluate(() => window.__sandbox.store.getState().play());
  await page.waitForFunction(() => /A and B reacted/.test(window.__sandbox.store.getState().said), undefined, { timeout: 120_000, polling: 'raf' });
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  expect(await page.evaluate(() => window.__sandbox.store.getState().said)).toMatch(/A and B reacted (once|\d+ times): \d+ of 150 A left\./);
});

test('axe-core: no serious or critical violation in the Reactions section, in both themes', async () => {
  const { page } = shared;
  await openLesson(page, 'equilibrium');
  await page.evaluate(() => window.__sandbox.store.getState().pause());
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  for (const theme of ['dark', 'projector'] as const) {
    await page.evaluate((th) => window.__sandbox.store.getState().setTheme(th), theme);
    await page.waitForFunction((th) => document.querySelector<HTMLElement>('.app')!.dataset.theme === th, theme);
    await waitFrames(page, 2);
    // The colour transitions brought to their end now (waiting on them can outlast a busy machine's
    // frames; the Press Play prompt's pulse never ends and is left as it is).
    await page.evaluate(() => {
      for (const a of document.getAnimations()) if (a.effect?.getTiming().iterations !== Infinity) a.finish();
    });
    const found = await page.evaluate(async () => {
      const { axe } = window as unknown as { axe: { run(context: Element, options: RunOptions): Promise<AxeResults> } };
      const context = document.querySelector('[data-section=reactions]')!;
      const r = await axe.run(context, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes[0].html.slice(0, 100)} ${(v.nodes[0].failureSummary ?? '').slice(0, 160)}`);
    });
    expect(found, theme).toEqual([]);
  }
  await page.evaluate(() => window.__sandbox.store.getState().setTheme('dark'));
});

// With SHOTS=<folder> the pages are drawn in full and the screenshots go to that folder (`shots`).
test('screenshots of a lesson and its Reactions section in both themes', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const { dir, drawing } = shots;
  for (const theme of ['dark', 'projector'] as const) {
    await page.goto(`/?preset=equilibrium&test=1${drawing}&theme=${theme}`);
    await waitReady(page);
    // Eight simulated seconds run in one go, without drawing (a full drawing takes about a second a frame here).
    await page.evaluate(() => {
      const st = window.__sandbox.store.getState();
      st.play();
      for (let k = 0; k < 60; k++) window.__sandbox.store.getState().frame(8 / 60);
      window.__sandbox.store.getState().pause();
      window.__sandbox.store.getState().sampleNow();
    });
    await waitFrames(page, 2);
    await page.screenshot({ path: join(dir, `chemistry-equilibrium-${theme}.png`) });
    // The section from its top, in the panel as a teacher scrolls to it.
    await section(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await waitFrames(page, 2);
    await page.screenshot({ path: join(dir, `chemistry-reactions-${theme}.png`) });
    await section(page).locator('[data-energy-diagram]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await waitFrames(page, 2);
    await page.screenshot({ path: join(dir, `chemistry-diagram-${theme}.png`) });
  }
  await context.close();
});
