import { launchBrowser, serveDir, dist, results } from './harness.mjs';
import { join } from 'node:path';
const { server, port } = await serveDir(dist);
const browser = await launchBrowser();
const base = `http://127.0.0.1:${port}`;
const shots = process.argv.slice(2);
async function open(w, h, q) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto(`${base}/?test=1&${q}`);
  await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60000 });
  return { ctx, page };
}
const frames = (page, n) => page.evaluate(async (n) => { const s = window.__sandbox.frames(); while (window.__sandbox.frames() < s + n) await new Promise(requestAnimationFrame); }, n);
for (const name of shots) {
  const [w, h, q, extra] = name.split('|');
  const { ctx, page } = await open(Number(w), Number(h), q);
  if (extra?.includes('large')) {
    const toggle = page.getByRole('button', { name: 'Classroom' });
    const wasOpen = (await toggle.getAttribute('aria-expanded')) === 'true';
    if (!wasOpen) await toggle.click();
    await page.getByLabel('Large text (projector)').check();
    if (!wasOpen) await toggle.click();
  }
  if (extra?.includes('run')) await frames(page, 60);
  if (extra?.includes('select')) await page.evaluate(() => window.__sandbox.store.getState().select(5));
  if (extra?.includes('pause')) await page.evaluate(() => { const s = window.__sandbox.store.getState(); s.pause(); s.restart(); });
  if (extra?.includes('plots')) { await frames(page, 30); await page.getByRole('button', { name: 'Enlarge plots' }).click(); await frames(page, 20); }
  await frames(page, 5);
  const file = join(results, `shot-${name.replace(/[^a-z0-9]+/gi, '_')}.png`);
  await page.screenshot({ path: file });
  console.log(file);
  await ctx.close();
}
await browser.close(); server.close();
