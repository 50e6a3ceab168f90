// Slow against fast on one P–V diagram: the slow compression run to rest and recorded, the fast
// one run, the recorded run ticked in the First law section; the diagram's text alternative names
// both with the fast one ending at the higher pressure at the same volume, the canvas draws the
// recorded run in its colour beside the run now, and the diagram opens enlarged with the run
// (screenshots in the default and the projector theme).
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { colourPixels, results, runFromRestart, waitReady } from './support/page.ts';
import { expect, test } from './support/test.ts';

/** Pixels of the canvas `selector` within 60 (summed over r, g, b) of `hex`. */
const pixelsOf = async (page: Page, selector: string, hex: string): Promise<number> => (await colourPixels(page, selector, [hex], 60))[0];

/** "… ends at P = 0.374 Pa at V = 41.2 m³" for the path named `name`, from the text alternative. */
function endOf(label: string, name: string): { p: number; v: number } {
  const m = new RegExp(`${name}[^;]* ends at P = ([0-9.]+) Pa at V = ([0-9.]+) m³`).exec(label);
  expect(m, `where "${name}" ends in "${label}"`).not.toBeNull();
  return { p: Number(m![1]), v: Number(m![2]) };
}

for (const [theme, overlay, path] of [
  ['dark', '#e08cc0', '#5fb6ff'],
  ['projector', '#a8327e', '#0b57d0'],
] as const) {
  test(`a recorded slow compression drawn beside the fast one on shared axes, and enlarged (${theme} theme, screenshots)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?preset=slow-compression&test=1${theme === 'projector' ? '&theme=projector' : ''}`);
    await waitReady(page);
    // The Graph tool's kT against time goes with the recorded run too.
    expect(await page.evaluate(() => window.__sandbox.store.getState().setGraph('time', 'kT'))).toBeNull();
    // To rest: the piston's 1,900 steps and a second more, stepped through the store.
    await runFromRestart(page, 2000);
    await page.evaluate(() => window.__sandbox.store.getState().recordRun());
    await page.evaluate(() => window.__sandbox.store.getState().selectPreset('fast-compression'));
    await page.waitForFunction(() => window.__sandbox.store.getState().preset === 'fast-compression');
    await runFromRestart(page, 300);
    const law = page.getByRole('complementary', { name: 'Classroom' }).locator('[data-section=first-law]');
    await law.getByRole('checkbox', { name: /Run 1: Slow compression, t = / }).check();
    const canvas = law.locator('[data-plot=pv]');
    await expect(canvas).toHaveAttribute('data-compared', '1');
    const label = (await canvas.getAttribute('aria-label')) ?? '';
    const fast = endOf(label, 'Fast compression \\(now\\)');
    const slow = endOf(label, 'Run 1: Slow compression');
    expect(fast.v, 'the same final volume').toBe(slow.v);
    expect(fast.p / slow.p, 'the fast compression ends at the higher pressure').toBeGreaterThan(1.15);
    await expect(law.locator('[data-run-key="0"]'), "the recorded run's legend entry").toHaveText(/Run 1: Slow compression/);
    // The canvas is drawn in an effect after the render that ticked the run: its pixels are read until they show it.
    const sel = '[data-section=first-law] [data-plot=pv]';
    await expect.poll(() => pixelsOf(page, sel, overlay), { message: "pixels of the recorded run's colour" }).toBeGreaterThan(60);
    await expect.poll(() => pixelsOf(page, sel, path), { message: "pixels of the run now's colour" }).toBeGreaterThan(60);
    await law.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, `pv-runs-${theme}.png`) });

    await law.getByRole('button', { name: 'Enlarge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'P–V diagram' });
    await expect(dialog).toBeVisible();
    const big = dialog.locator('[data-plot=pv]');
    await expect(big).toHaveAttribute('data-compared', '1');
    await expect.poll(() => big.evaluate((c) => (c as HTMLCanvasElement).width), { message: 'the enlarged canvas is wide' }).toBeGreaterThan(600);
    await expect.poll(() => pixelsOf(page, '.plots-dialog [data-plot=pv]', overlay), { message: "the enlarged recorded run's pixels" }).toBeGreaterThan(150);
    await page.screenshot({ path: join(results, `pv-runs-enlarged-${theme}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The Graph tool draws the recorded run's kT beside this one's (the same choice of runs).
    const panel = page.getByRole('complementary', { name: 'Classroom' });
    await panel.locator('[data-section="measure"] > summary').click();
    await panel.getByRole('tablist', { name: 'Measuring tools' }).getByRole('tab', { name: 'Graph' }).click();
    const chart = panel.locator('[data-graph=chart]');
    await expect(chart).toHaveAttribute('data-compared', '1');
    await expect(chart).toHaveAttribute('aria-label', /this run beside Run 1: Slow compression/);
    await chart.locator('canvas').first().waitFor();
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => pixelsOf(page, '[data-graph=chart] canvas', overlay), { message: "the graph's pixels of the recorded run" }).toBeGreaterThan(60);
    await page.screenshot({ path: join(results, `pv-runs-graph-${theme}.png`) });
  });
}
