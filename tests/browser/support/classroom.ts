// What the classroom spec files (classroom*.spec.ts) share: the presets, the state they read
// after each action, and the CSV downloads.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from './page.ts';

/** Every preset of the Experiment menu, in its order. */
export const PRESET_IDS = ['head-on', 'heavy-light', 'glancing', 'inelastic', 'cradle', 'billiards', 'obstacle', 'gas', 'brownian', 'ball-pit'] as const;

/** The preset, the sphere count, the simulated time and the spheres drawn in the last frame. */
export const classroomState = (page: Page) =>
  page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { preset: s.preset, count: s.sim.count, time: s.sim.world.time, instances: window.__sandbox.instances() };
  });

/** Clicks the button named `name` and returns the text of the file it downloads. */
export async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return readFileSync(await file.path(), 'utf8');
}

/** Clicks the button named `name` and parses the CSV it downloads. */
export async function downloadCsv(page: Page, name: string): Promise<ReturnType<typeof parseCsv>> {
  return parseCsv(await download(page, name));
}
