// The Attraction section of the Settings panel in the page: a depth typed into it sets the running
// gas's well between every pair at once (hundreds of pairs inside it in a dense gas), the depth is
// shown in the gas's kT, a bad range is refused at its field with the world unchanged, and the
// address carries both settings; build mode adds and removes a well between two species; axe-core
// finds nothing serious in either.
// Screenshots of the section, of the build mode's wells and of the condensation lesson half a
// minute on (stepped through the test hook, never wall time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { results, root, waitFrames, waitReady } from './support/page.ts';
import { expect, sharedPage, test } from './support/test.ts';

const shared = sharedPage('attraction', {}, async (page) => {
  // 400 spheres of radius 0.3 m in an 8 m box: a packing of 0.09, hundreds of pairs within 1.5 sums of radii.
  await page.goto('/?count=400&radiusMin=0.3&radiusMax=0.3&test=1');
  await waitReady(page);
});

const AXE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe-core violations inside the element `selector`. */
async function violations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (sel) => {
    const { axe } = window as unknown as { axe: { run(context: Element, options: RunOptions): Promise<AxeResults> } };
    const r = await axe.run(document.querySelector(sel)!, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes[0].html.slice(0, 100)}`);
  }, selector);
}

/** The world's wells and its pairs inside them now. */
const wells = (page: Page) =>
  page.evaluate(() => {
    const w = window.__sandbox.store.getState().sim.world;
    return { wells: w.wells, pairs: w.stats().wellPairs };
  });

test('the Attraction depth sets the well between every pair of the running gas at once, shown in kT (screenshot)', async () => {
  const { page } = shared;
  const panel = page.getByRole('complementary', { name: 'Settings' });
  const section = panel.locator('[data-section=attraction]');
  await expect(section.getByRole('heading', { name: /Attraction/ })).toBeVisible();
  expect(await wells(page)).toEqual({ wells: [], pairs: 0 });
  const version = await page.evaluate(() => window.__sandbox.store.getState().sceneVersion);
  await section.getByLabel('Attraction depth ε').fill('0.5');
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.stats().wellPairs > 0);
  const after = await wells(page);
  expect(after.wells).toEqual([{ range: 1.5, depth: 0.5 }]);
  expect(after.pairs, 'pairs inside the well in a gas of packing 0.09').toBeGreaterThan(100);
  expect(await page.evaluate(() => window.__sandbox.store.getState().sceneVersion), 'a live change: no rebuild').toBe(version);
  // The depth in the gas's kT as the stats last published it (read in one task of the page).
  await expect(section.getByTestId('attraction-energy')).toHaveText(/0\.5 J = [\d.]+ kT/);
  const shown = await page.evaluate(() => ({
    text: document.querySelector('[data-testid=attraction-energy]')?.textContent ?? '',
    kT: window.__sandbox.store.getState().stats.temperature,
  }));
  const ratio = Number(/= ([\d.]+) kT/.exec(shown.text)?.[1]);
  expect(Math.abs(ratio - 0.5 / shown.kT), `${shown.text} with kT = ${shown.kT} J`).toBeLessThan(0.006 * ratio);
  await expect(page).toHaveURL(/attraction=0\.5/);

  // A range of 2.5 is refused at its field; the world keeps its well.
  const range = section.getByLabel('Attraction range');
  await range.fill('2.5');
  await expect(section.getByRole('alert')).toHaveText('Attraction range must be at most 2, got 2.5');
  expect((await wells(page)).wells).toEqual([{ range: 1.5, depth: 0.5 }]);
  await range.fill('1.8');
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wells[0]?.range === 1.8);
  await expect(page).toHaveURL(/attractionRange=1\.8/);
  await section.scrollIntoViewIfNeeded();
  await waitFrames(page, 2);
  await panel.screenshot({ path: join(results, 'settings-attraction.png') });

  // Depth 0 takes the well away.
  await section.getByLabel('Attraction depth ε').fill('0');
  await section.getByLabel('Attraction depth ε').blur();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wells.length === 0);
  expect((await wells(page)).pairs).toBe(0);
});

test('build mode adds and removes a well between two species, which the world takes at once (screenshot)', async () => {
  const { page } = shared;
  await page.getByLabel('Build mode').check();
  const set = page.locator('[data-build=wells]');
  await expect(set.getByTestId('build-wells-none')).toBeVisible();
  await set.getByLabel('Second species').selectOption('1');
  await set.getByLabel('Depth ε (J)').fill('0.4');
  await set.getByLabel('Range').fill('1.3');
  await set.locator('[data-action=build-well-add]').click();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wells.length === 1);
  expect((await wells(page)).wells).toEqual([{ between: [0, 1], range: 1.3, depth: 0.4 }]);
  await expect(set.locator('li[data-well="0"]')).toContainText('A and B: ε = 0.4 J, range 1.3');
  // The same pair again is refused, naming both wells; nothing changes.
  await set.locator('[data-action=build-well-add]').click();
  await expect(set.getByRole('alert')).toHaveText('well 2 names the same pair of species as well 1');
  expect((await wells(page)).wells).toHaveLength(1);
  await set.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(results, 'build-wells.png') });
  expect(await violations(page, '[data-build=wells]'), 'axe-core in the wells editor').toEqual([]);
  expect(await violations(page, '[data-section=attraction]'), 'axe-core in the Attraction section').toEqual([]);
  await set.getByRole('button', { name: 'Remove the well between A and B' }).click();
  await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.wells.length === 0);
  await page.getByLabel('Build mode').uncheck();
});

test('the condensation lesson shows its well in the Attraction section and gathers into drops by 30 s (screenshot)', async () => {
  const { page } = shared;
  await page.getByLabel('Experiment').selectOption('condensation');
  await page.waitForFunction(() => window.__sandbox.store.getState().preset === 'condensation');
  const settings = await page.evaluate(() => window.__sandbox.store.getState().settings);
  expect(settings).toMatchObject({ attraction: 1, attractionRange: 1.5, leftThermal: true, rightThermal: true });
  await expect(page.locator('[data-section=attraction]').getByLabel('Attraction depth ε')).toHaveValue('1');
  const later = await page.evaluate(() => {
    const store = window.__sandbox.store;
    store.getState().pause();
    while (store.getState().sim.world.time < 30) store.getState().sim.stepOnce();
    return store.getState().sim.world.stats().wellPairs;
  });
  expect(later, 'pairs bound in drops after 30 s').toBeGreaterThan(250);
  await waitFrames(page, 3);
  await page.screenshot({ path: join(results, 'condensation-30s.png') });
});
