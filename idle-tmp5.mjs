import { chromium } from 'playwright-core';
import { createRequire } from 'module'; const require = createRequire(import.meta.url);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--use-angle=swiftshader','--enable-unsafe-swiftshader','--disable-gpu-compositing'] });
const busy = () => { const [u,n,s,i,w,q,sq,st] = require('fs').readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return u+n+s+q+sq+st; };
const ctx = await b.newContext({ viewport: { width: 1280, height: 800 } });
for (let k = 0; k < 4; k++) {
  const p = await ctx.newPage();
  const b0 = busy(); const t0 = Date.now();
  await p.goto('http://127.0.0.1:4305/?preset=gas&test=1');
  await p.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3);
  await p.evaluate(() => window.__sandbox.store.getState().pause());
  const b1 = busy(); const t1 = Date.now();
  console.log('load', k, 'wall', t1 - t0, 'ms cpu', (b1 - b0) * 10, 'ms');
  await p.close();
}
await b.close();
