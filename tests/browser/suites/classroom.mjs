// The classroom features on a projector-sized page: presets, plots, readouts, visual aids, the
// inspector, shared links (one too long to open) and CSV downloads (following the timeline), and
// live regions that stay quiet during a run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canvasPixels, check, parseCsv, results, runFromRestart, simTime, step, waitFrames, watchErrors } from '../harness.mjs';

const PRESET_IDS = ['head-on', 'heavy-light', 'glancing', 'inelastic', 'cradle', 'billiards', 'obstacle', 'gas', 'brownian', 'ball-pit'];

/** The classroom features on a projector-sized page, where the classroom panel starts open. */
export default async function classroomSuite({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 }, deviceScaleFactor: 1, acceptDownloads: true });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'classroom');
  page.setDefaultTimeout(60_000);
  const state = () => page.evaluate(() => {
    const s = window.__sandbox.store.getState();
    return { preset: s.preset, count: s.sim.count, time: s.sim.world.time, instances: window.__sandbox.instances() };
  });

  await step('a preset link loads that preset', async () => {
    await page.goto(`${base}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const s = await state();
    check(s.preset === 'gas' && s.count === 400, `?preset=gas loaded preset ${s.preset} with ${s.count} spheres`);
    check((await page.getByLabel('Experiment').inputValue()) === 'gas', 'the experiment select does not show the gas preset');
    // The settings' scene fields hold the free sandbox's values: a note says whose scene runs.
    const note = await page.getByTestId('experiment-scene-note').textContent();
    check(note.includes('Gas in a box') && note.includes('(400 spheres)'), `the settings' scene note reads "${note}"`);
  });

  await step('the plots and readouts update while it runs', async () => {
    const samples = async () => Number((await page.locator('[data-plot="energy"]').getAttribute('data-samples')) ?? 0);
    const before = await samples();
    await page.waitForFunction((n) => Number(document.querySelector('[data-plot="energy"]').getAttribute('data-samples')) > n + 1, before, { timeout: 60_000, polling: 'raf' });
    check((await page.locator('[data-plot] canvas').count()) === 3, 'expected three plot canvases');
    const total = await page.locator('[data-readout="total"]').textContent();
    const ke = await page.evaluate(() => window.__sandbox.store.getState().stats.kineticEnergy);
    check(/ J$/.test(total) && Math.abs(parseFloat(total) - ke) <= 1e-3 * ke, `total energy reads "${total}", kinetic is ${ke}`);
    const pressure = await page.locator('[data-readout="pressure"]').textContent();
    const ideal = await page.locator('[data-readout="pressure-ideal"]').textContent();
    check(/\d.* Pa$/.test(pressure) && /\d.* Pa$/.test(ideal), `pressures read "${pressure}" and "${ideal}"`);
    await page.screenshot({ path: join(results, 'classroom-gas.png') });
  });

  await step('each preset loads and runs (screenshots)', async () => {
    const select = page.getByLabel('Experiment');
    for (const id of PRESET_IDS) {
      await select.selectOption(id);
      await waitFrames(page, 1);
      const t0 = (await state()).time;
      await waitFrames(page, 3);
      const s = await state();
      check(s.preset === id, `selecting ${id} gave preset ${s.preset}`);
      check(s.instances === s.count && s.count > 0, `${id}: ${s.instances} of ${s.count} spheres drawn`);
      check(s.time > t0, `${id}: simulated time did not advance (${t0} -> ${s.time})`);
      const watch = await page.getByTestId('watch').textContent();
      check(watch.length > 20, `${id}: no line on what to watch`);
      // A second and a half into the experiment for the picture (stepped without drawing).
      await page.evaluate(() => {
        const store = window.__sandbox.store;
        while (store.getState().sim.world.time < 1.5) store.getState().sim.stepOnce();
      });
      await waitFrames(page, 2);
      await page.screenshot({ path: join(results, `preset-${id}.png`) });
      const px = await canvasPixels(page);
      const drawn = await page.evaluate(() => window.__sandbox.sphereDrawCalls());
      check(drawn === 1 && px.differ > 2000, `${id}: ${drawn} sphere draw calls, ${px.differ} of ${px.total} pixels drawn`);
    }
  });

  await step('the velocity arrows switch adds one draw call and the page keeps rendering', async () => {
    await page.getByLabel('Experiment').selectOption('gas');
    await waitFrames(page, 2);
    const calls = () => page.evaluate(() => window.__sandbox.renderInfo().calls);
    const before = await calls();
    const errorsBefore = consoleErrors.length;
    await page.getByLabel('Velocity arrows').check();
    await waitFrames(page, 3);
    const on = await calls();
    check(on === before + 1, `velocity arrows on: ${on} draw calls, ${before} before`);
    const t0 = await simTime(page);
    await waitFrames(page, 3);
    check((await simTime(page)) > t0, 'the simulation stopped with the arrows on');
    await page.screenshot({ path: join(results, 'aids-velocity-arrows.png') });
    await page.getByLabel('Velocity arrows').uncheck();
    await waitFrames(page, 2);
    check((await calls()) === before, 'velocity arrows off did not give the draw call back');
    check(consoleErrors.length === errorsBefore, `console errors with the arrows: ${consoleErrors.slice(errorsBefore).join('; ')}`);
  });

  await step('momentum arrows, centre of mass, trail and flash switch on together and off again', async () => {
    const calls = () => page.evaluate(() => window.__sandbox.renderInfo().calls);
    const before = await calls();
    const errorsBefore = consoleErrors.length;
    await page.evaluate(() => window.__sandbox.store.getState().select(0));
    for (const label of ['Momentum arrows', 'Centre of mass', 'Trail of the selected sphere', 'Flash at each collision']) {
      await page.getByLabel(label).check();
    }
    const aids = await page.evaluate(() => window.__sandbox.store.getState().aids);
    check(aids.momentum && aids.centreOfMass && aids.trail && aids.flash, `aids after switching on: ${JSON.stringify(aids)}`);
    await waitFrames(page, 4);
    const on = await calls();
    // Momentum arrows, the centre-of-mass marker and the trail each draw at least once more.
    check(on >= before + 3, `with the aids on: ${on} draw calls, ${before} before`);
    const t0 = await simTime(page);
    await waitFrames(page, 3);
    check((await simTime(page)) > t0, 'the simulation stopped with the aids on');
    await page.screenshot({ path: join(results, 'aids-all.png') });
    for (const label of ['Momentum arrows', 'Centre of mass', 'Trail of the selected sphere', 'Flash at each collision']) {
      await page.getByLabel(label).uncheck();
    }
    await page.evaluate(() => window.__sandbox.store.getState().select(null));
    await waitFrames(page, 2);
    check((await calls()) === before, `with the aids off again: ${await calls()} draw calls, ${before} at first`);
    check(consoleErrors.length === errorsBefore, `console errors with the aids: ${consoleErrors.slice(errorsBefore).join('; ')}`);
  });

  await step('the inspector shows a clicked sphere and applies an edit', async () => {
    await page.getByLabel('Experiment').selectOption('head-on');
    await page.getByRole('button', { name: 'Pause' }).click();
    await waitFrames(page, 2);
    const [x, y] = await page.evaluate(() => window.__sandbox.screenOf(0));
    await page.mouse.click(x, y);
    const inspector = page.locator('.inspector[data-sphere="0"]');
    await inspector.waitFor({ state: 'visible' });
    const mass = await page.locator('[data-inspect="mass"]').textContent();
    const expected = await page.evaluate(() => window.__sandbox.store.getState().sim.masses[0]);
    check(Math.abs(parseFloat(mass) - expected) < 1e-3 * expected, `inspector mass "${mass}", sphere mass ${expected}`);
    const massField = page.getByLabel('Mass (kg)');
    await massField.fill('abc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Mass must be a number, got "abc"').waitFor({ state: 'visible' });
    check((await massField.getAttribute('aria-invalid')) === 'true', 'the bad mass is not marked invalid');
    await massField.fill('3');
    await page.getByLabel('Velocity x (m/s)').fill('1.5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('edit-result').getByText('Applied').waitFor({ state: 'visible' });
    const after = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { mass: s.sim.masses[0], vx: s.sim.velocities[0], edits: s.edits };
    });
    check(after.mass === 3 && after.vx === 1.5, `after the edit mass ${after.mass}, vx ${after.vx}`);
    check(after.edits.length === 1 && after.edits[0].id === 0 && after.edits[0].mass === 3, `edits recorded: ${JSON.stringify(after.edits)}`);
    await waitFrames(page, 2);
    await page.screenshot({ path: join(results, 'inspector.png') });
  });

  await step('dragging the selected sphere moves it; dragging its arrow tip sets its velocity', async () => {
    // Still paused, sphere 0 selected (the step before).
    const drag = async (from, to) => {
      await page.mouse.move(from[0], from[1]);
      await page.mouse.down();
      for (let k = 1; k <= 6; k++) await page.mouse.move(from[0] + ((to[0] - from[0]) * k) / 6, from[1] + ((to[1] - from[1]) * k) / 6);
      await page.mouse.up();
      await waitFrames(page, 2);
    };
    const camera0 = await page.evaluate(() => window.__sandbox.cameraPosition());
    const start = await page.evaluate(() => window.__sandbox.screenOf(0));
    const to = [start[0], start[1] - 40];
    await drag(start, to);
    const moved = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      const slot = s.sim.world.indexOf(0);
      return { screen: window.__sandbox.screenOf(0), position: Array.from(s.sim.positions.subarray(3 * slot, 3 * slot + 3)), edits: s.edits, selected: s.selected };
    });
    // Grabbed at its centre, the sphere ends under the pointer.
    check(Math.hypot(moved.screen[0] - to[0], moved.screen[1] - to[1]) < 2, `the sphere is drawn at ${moved.screen}, the pointer was let go at ${to}`);
    const edit0 = moved.edits.find((e) => e.id === 0);
    check(edit0 && edit0.position && edit0.position.every((x, k) => x === moved.position[k]), `the move was not recorded as an edit: ${JSON.stringify(moved.edits)}`);
    const camera1 = await page.evaluate(() => window.__sandbox.cameraPosition());
    check(camera1.every((x, k) => x === camera0[k]), `dragging the sphere turned the camera: ${camera0} -> ${camera1}`);
    check(moved.selected === 0, `the drag changed the selection to ${moved.selected}`);

    const tipOf = () =>
      page.evaluate(() => {
        const s = window.__sandbox.store.getState();
        const slot = s.sim.world.indexOf(0);
        const p = s.sim.positions.subarray(3 * slot, 3 * slot + 3);
        const v = s.sim.velocities.subarray(3 * slot, 3 * slot + 3);
        const speed = Math.hypot(v[0], v[1], v[2]);
        const length = s.sim.radii[slot] + 0.5 * speed;
        return { screen: window.__sandbox.screenOfPoint([0, 1, 2].map((k) => p[k] + (v[k] / speed) * length)), v: Array.from(v) };
      });
    const tip0 = await tipOf();
    const tipTo = [tip0.screen[0] + 50, tip0.screen[1] + 30];
    await drag(tip0.screen, tipTo);
    const tip1 = await tipOf();
    check(tip1.v.some((x, k) => x !== tip0.v[k]), `the velocity did not change: ${tip0.v}`);
    check(Math.hypot(tip1.screen[0] - tipTo[0], tip1.screen[1] - tipTo[1]) < 2, `the arrow tip is drawn at ${tip1.screen}, the pointer was let go at ${tipTo}`);
    const edits = await page.evaluate(() => window.__sandbox.store.getState().edits);
    const velocityEdit = edits.find((e) => e.id === 0).velocity;
    check(velocityEdit && velocityEdit.every((x, k) => x === tip1.v[k]), `the velocity drag was not recorded: ${JSON.stringify(edits)}`);
    await page.locator('[data-inspect="velocity"]').waitFor({ state: 'visible' });
    await page.screenshot({ path: join(results, 'inspector-drag.png') });
  });

  await step('R restarts, Reverse negates the velocities', async () => {
    await page.evaluate(() => {
      for (let k = 0; k < 20; k++) window.__sandbox.store.getState().stepOnce();
    });
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('r');
    check((await state()).time === 0, 'R did not restart the experiment');
    const v0 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
    await page.getByRole('button', { name: 'Reverse' }).click();
    const v1 = await page.evaluate(() => Array.from(window.__sandbox.store.getState().sim.velocities.subarray(0, 6)));
    check(v1.every((v, k) => v === -v0[k]), `Reverse gave ${v1}, from ${v0}`);
    await page.getByRole('button', { name: 'Reverse' }).click();
    await page.getByText('Keyboard shortcuts').click();
    await page.getByText('Restart the experiment').waitFor({ state: 'visible' });
  });

  await step('a shared link reproduces the same positions after the same steps', async () => {
    await page.getByLabel('Restitution (spheres)', { exact: true }).fill('0.7');
    const mine = await runFromRestart(page, 90);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.getByTestId('share-link').inputValue();
    check(link.includes('preset=head-on') && link.includes('edits='), `the link misses the experiment: ${link}`);
    const other = await context.newPage();
    other.on('pageerror', (error) => consoleErrors.push(`shared link page error: ${error.message}`));
    await other.goto(`${link}&test=1`);
    await other.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 1, null, { timeout: 60_000 });
    const theirs = await runFromRestart(other, 90);
    check(theirs.positions.length === mine.positions.length, 'the link built a different number of spheres');
    const differing = mine.positions.findIndex((x, k) => x !== theirs.positions[k]);
    check(differing < 0, `positions differ at coordinate ${differing}: ${mine.positions[differing]} vs ${theirs.positions[differing]}`);
    await other.close();
  });

  await step('CSV downloads parse', async () => {
    for (let k = 0; k < 3; k++) await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
    const grab = async (name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
      return readFileSync(await download.path(), 'utf8');
    };
    const series = parseCsv(await grab('Energy CSV'));
    check(series.header[0] === 'time_s' && series.header.includes('total_J'), `energy CSV header: ${series.header}`);
    check(series.rows.length >= 1, 'the energy CSV has no rows');
    const log = parseCsv(await grab('Collisions CSV'));
    check(log.header.includes('restitution'), `collision CSV header: ${log.header}`);
    check(log.rows.length >= 1, 'the collision CSV has no rows after the head-on collision');
    const e = log.rows[0][log.header.indexOf('restitution')];
    check(Math.abs(e - 0.7) < 1e-9, `measured restitution ${e}, expected 0.7`);
  });

  await step('a scene setting leaves the experiment for the free sandbox, and the scene note goes', async () => {
    const note = page.getByTestId('experiment-scene-note');
    const text = await note.textContent();
    check((await state()).preset === 'head-on' && text.includes('Head-on, equal masses') && text.includes('(2 spheres)'), `before: preset ${(await state()).preset}, note "${text}"`);
    await page.getByLabel('Spheres', { exact: true }).fill('50');
    await waitFrames(page, 2);
    const s = await state();
    check(s.preset === null && s.count === 50, `after typing 50 spheres: preset ${s.preset}, ${s.count} spheres`);
    check((await note.count()) === 0, 'the scene note is still shown in the free sandbox');
    check((await page.getByLabel('Experiment', { exact: true }).inputValue()) !== 'head-on', 'the experiment select still shows head-on');
  });

  await step('the timeline: scrubbing back shows the run exactly as it was, and playing on reproduces it bit for bit', async () => {
    await page.goto(`${base}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    // The run: paused, then 150 fixed steps, the state kept at steps 40, 100 and 150 (positions,
    // velocities, time, readouts), each step through the store's Step action.
    const kept = await page.evaluate(() => {
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().restart();
      const snap = () => {
        const s = store.getState();
        const n = 3 * s.sim.count;
        return { step: s.sim.stepsRun, positions: Array.from(s.sim.positions.subarray(0, n)), velocities: Array.from(s.sim.velocities.subarray(0, n)), time: s.sim.world.time, kinetic: s.stats.kineticEnergy, pairs: s.stats.pairCollisionsTotal };
      };
      const out = {};
      for (let k = 1; k <= 150; k++) {
        store.getState().stepOnce();
        if (k === 40 || k === 100 || k === 150) out[k] = snap();
      }
      return out;
    });
    await waitFrames(page, 3);
    const bar = page.getByRole('slider', { name: 'Timeline' });
    check((await bar.getAttribute('max')) === '150', `the timeline ends at step ${await bar.getAttribute('max')}, expected 150`);
    const now = () =>
      page.evaluate(() => {
        const s = window.__sandbox.store.getState();
        const n = 3 * s.sim.count;
        return { step: s.sim.stepsRun, positions: Array.from(s.sim.positions.subarray(0, n)), velocities: Array.from(s.sim.velocities.subarray(0, n)), time: s.sim.world.time, kinetic: s.stats.kineticEnergy, pairs: s.stats.pairCollisionsTotal, running: s.running };
      });
    const same = (a, b) => a.step === b.step && a.time === b.time && a.kinetic === b.kinetic && a.pairs === b.pairs && a.positions.every((x, i) => Object.is(x, b.positions[i])) && a.velocities.every((x, i) => Object.is(x, b.velocities[i]));
    // Dragged back to step 40: the scene and the readouts exactly as they were.
    await bar.fill('40');
    await waitFrames(page, 2);
    const back = await now();
    check(!back.running && same(back, kept[40]), `at step 40 of the timeline the world is not the one the run had (step ${back.step}, t ${back.time} vs ${kept[40].time}, kinetic ${back.kinetic} vs ${kept[40].kinetic})`);
    const shown = await page.locator('[data-timeline="time"]').textContent();
    check(shown === `${(40 / 60).toFixed(2)} s of ${(150 / 60).toFixed(2)} s`, `the timeline reads "${shown}"`);
    await page.screenshot({ path: join(results, 'timeline.png') });
    // Forward to 100 by the keyboard's End... then back: the bar goes both ways.
    await bar.fill('100');
    check(same(await now(), kept[100]), 'forward to step 100 the world is not the one the run had');
    // Back to 40 and played on with Step: the same run, bit for bit.
    await bar.fill('40');
    await page.evaluate(() => {
      for (let k = 0; k < 110; k++) window.__sandbox.store.getState().stepOnce();
    });
    check(same(await now(), kept[150]), 'played on from step 40, the run differs from the one that happened');
    // A row of the collision log goes to its moment.
    const log = page.locator('[data-section="log"]');
    if ((await log.getAttribute('open')) === null) await log.locator('summary').click();
    const first = log.locator('.log__jump').first();
    await first.waitFor({ state: 'visible' });
    const t = Number(await first.textContent());
    await first.click();
    const at = await now();
    check(!at.running && at.time >= t - 1e-3 && at.time - 1 / 60 < t + 1e-3, `the log's row at t = ${t} s went to t = ${at.time} s`);
  });

  await step('Copy link compresses a link past 4,096 characters (80 edits) into one exp= parameter, and says when even that is too long', async () => {
    await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.pause();
      for (let id = 0; id < 80; id++) s.editSphere(id, { velocity: [1.234567, -2.345678, 0.5 + id / 1000] });
    });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByTestId('share-link').waitFor();
    const link = await page.getByTestId('share-link').inputValue();
    check(/[?&]exp=[A-Za-z0-9_-]+$/.test(link), `the link is compressed: ${link.slice(0, 80)}…`);
    // A built scene of 4,000 spheres with awkward velocities is past what even a compressed link holds.
    await page.evaluate(() => {
      const spheres = [];
      for (let k = 0; k < 4000; k++) spheres.push({ position: [-9.5 + (k % 20), -9.5 + (Math.floor(k / 20) % 20), -9.5 + Math.floor(k / 400)], velocity: [Math.sin(k), Math.cos(k), Math.sin(3 * k)], radius: 0.2, mass: 1 + Math.abs(Math.sin(7 * k)) });
      const settings = window.__sandbox.store.getState().settings;
      const refused = window.__sandbox.store.getState().openExperiment({ format: 'sphere-sandbox/experiment', version: 1, experiment: { preset: null, settings, predict: false, twin: null }, box: { size: [20, 20, 20], planar: false }, spheres });
      if (refused !== null) throw new Error(refused);
    });
    await page.getByRole('button', { name: 'Copy link' }).click();
    const said = page.locator('.experiment__copied').first();
    await page.waitForFunction(() => /^Not copied/.test(document.querySelector('.experiment__copied')?.textContent ?? ''));
    const text = await said.textContent();
    check(/^Not copied: this link would be [\d,]+ characters long, and a link holds at most 64,?000\. Save the experiment as a file instead/.test(text), `Copy link said "${text}"`);
    check((await page.getByTestId('share-link').count()) === 0, 'the too long link is still offered to copy');
    await page.screenshot({ path: join(results, 'copy-link-too-long.png') });
  });

  await step('after scrubbing back, both CSV downloads and Last pair are those of the moment shown', async () => {
    const grab = async (name) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
      return parseCsv(readFileSync(await download.path(), 'utf8'));
    };
    // The case: billiards run to 8 s, then back to 3.25 s.
    await page.goto(`${base}/?preset=billiards&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    await page.evaluate(() => {
      const store = window.__sandbox.store;
      store.getState().pause();
      store.getState().restart();
      for (let k = 1; k <= 480; k++) {
        store.getState().stepOnce();
        if (k % 30 === 0) store.getState().sampleNow();
      }
    });
    await waitFrames(page, 2);
    const bar = page.getByRole('slider', { name: 'Timeline' });
    const whole = await grab('Collisions CSV');
    const wholeSeries = await grab('Energy CSV');
    await bar.fill('195');
    await waitFrames(page, 2);
    const time = await page.evaluate(() => window.__sandbox.store.getState().sim.world.time);
    const log = await grab('Collisions CSV');
    const series = await grab('Energy CSV');
    const latest = (csv) => Math.max(...csv.rows.map((r) => r[0]));
    check(latest(whole) > time, `the run's collision CSV ends at ${latest(whole)} s, not after the moment ${time} s`);
    check(log.rows.length > 0 && latest(log) <= time, `at ${time} s the collision CSV holds ${log.rows.length} rows up to ${latest(log)} s`);
    check(latest(wholeSeries) > time, `the run's energy CSV ends at ${latest(wholeSeries)} s, not after the moment ${time} s`);
    check(series.rows.every((r) => r[0] <= time), `at ${time} s the energy CSV goes up to ${latest(series)} s`);
    const last = log.rows.at(-1);
    const pair = await page.locator('[data-stat="last-pair"]').textContent();
    check(pair === `#${last[1]} ↔ #${last[2]}`, `Last pair reads "${pair}", the log's last before ${time} s is #${last[1]} ↔ #${last[2]}`);
  });

  await step('no live region announces the running clock: none changes while the run plays', async () => {
    await page.evaluate(() => {
      window.__sandbox.store.getState().restart();
      window.__sandbox.store.getState().play();
    });
    await waitFrames(page, 10);
    await page.evaluate(() => {
      const live = document.querySelectorAll('output, [role="status"], [role="log"], [role="alert"], [role="timer"], [aria-live]:not([aria-live="off"])');
      window.__liveChanges = [];
      window.__liveObserver = new MutationObserver((records) => {
        for (const r of records) window.__liveChanges.push((r.target.parentElement ?? r.target).outerHTML?.slice(0, 120) ?? String(r.target.textContent));
      });
      for (const el of live) window.__liveObserver.observe(el, { subtree: true, childList: true, characterData: true });
      window.__liveCount = live.length;
    });
    const t0 = await simTime(page);
    await page.waitForFunction((t) => window.__sandbox.store.getState().stats.simTime > t + 1.5, t0, { timeout: 60_000, polling: 'raf' });
    const { changes, count } = await page.evaluate(() => {
      window.__liveObserver.disconnect();
      return { changes: window.__liveChanges, count: window.__liveCount };
    });
    check(count >= 2, `only ${count} live regions found on the page`);
    check(changes.length === 0, `live regions changed during the run: ${changes.slice(0, 3).join(' | ')}`);
    const clock = await page.locator('[data-timeline="time"]').textContent();
    check(!clock.startsWith('0.00'), `the timeline's time did not move: "${clock}"`);
  });

  await step('predict, then reveal: the run stops before the collision, the arrows and fields set the prediction, the reveal shows the exact velocities', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/?preset=head-on&predict=1&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.store.getState().predict.phase === 'predicting', null, { timeout: 60_000, polling: 'raf' });
    const before = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      return { running: s.running, step: s.sim.stepsRun, impact: s.predict.impactStep, pairs: s.sim.world.stats().pairCollisions, ids: s.predict.ids };
    });
    check(!before.running && before.step === before.impact - 1 && before.pairs === 0, `the run did not stop on the last step before the collision: ${JSON.stringify(before)}`);
    // The first sphere's prediction typed in its fields.
    const [a, b] = before.ids;
    await page.locator(`[data-predict="${a}-x"]`).fill('-1.5');
    // The second sphere's by dragging the tip of its arrow in the view.
    await page.evaluate((id) => window.__sandbox.store.getState().select(id), b);
    await waitFrames(page, 2);
    const tipOf = (id) =>
      page.evaluate((k) => {
        const s = window.__sandbox.store.getState();
        const slot = s.sim.world.indexOf(k);
        const p = s.sim.positions.subarray(3 * slot, 3 * slot + 3);
        const v = s.predict.predicted[s.predict.ids.indexOf(k)];
        const speed = Math.hypot(v[0], v[1], v[2]);
        const length = s.sim.radii[slot] + 0.5 * speed;
        return { screen: window.__sandbox.screenOfPoint([0, 1, 2].map((j) => p[j] + (v[j] / speed) * length)), v: [...v], own: Array.from(s.sim.velocities.subarray(3 * slot, 3 * slot + 3)) };
      }, id);
    const tip0 = await tipOf(b);
    await page.mouse.move(tip0.screen[0], tip0.screen[1]);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(tip0.screen[0] + (60 * k) / 6, tip0.screen[1]);
    await page.mouse.up();
    await waitFrames(page, 2);
    const tip1 = await tipOf(b);
    check(tip1.v.some((x, k) => x !== tip0.v[k]) && tip1.own.every((x, k) => x === tip0.own[k]), `dragging the arrow did not change the prediction alone: predicted ${tip0.v} -> ${tip1.v}, own ${tip0.own} -> ${tip1.own}`);
    const predicted = await page.evaluate(() => window.__sandbox.store.getState().predict.predicted);
    check(predicted[0][0] === -1.5, `the typed prediction is ${predicted[0]}`);
    await page.screenshot({ path: join(results, 'predict.png') });
    // The reveal plays the collision and stops just after it with the solver's velocities.
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.waitForFunction(() => window.__sandbox.store.getState().predict.phase === 'revealed', null, { timeout: 60_000, polling: 'raf' });
    const after = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      const velocity = (id) => {
        const slot = s.sim.world.indexOf(id);
        return Array.from(s.sim.velocities.subarray(3 * slot, 3 * slot + 3));
      };
      return { actual: s.predict.actual, world: s.predict.ids.map(velocity), step: s.sim.stepsRun, pairs: s.sim.world.stats().pairCollisions, running: s.running };
    });
    check(!after.running && after.pairs === 1 && after.step === before.impact, `after the reveal: ${JSON.stringify(after)}`);
    check(JSON.stringify(after.actual) === JSON.stringify(after.world), `the revealed velocities ${JSON.stringify(after.actual)} are not the solver's ${JSON.stringify(after.world)}`);
    // Equal masses, e = 1: the velocities swap (theory), and the table shows exactly the solver's.
    check(Math.abs(after.actual[0][0] + 2) < 1e-12 && Math.abs(after.actual[1][0] - 2) < 1e-12, `head-on, equal masses: ${JSON.stringify(after.actual)}, expected -2 and 2`);
    for (const [i, id] of before.ids.entries()) {
      const exact = await page.locator(`[data-predict-row="${id}"] [data-exact]`).getAttribute('data-exact');
      check(exact === after.actual[i].join(' '), `the table's exact velocity of #${id} is "${exact}", the solver's ${after.actual[i]}`);
    }
    await waitFrames(page, 3);
    await page.screenshot({ path: join(results, 'predict-revealed.png') });
  });

  await step('a bad link shows a dismissible notice and still runs', async () => {
    await page.goto(`${base}/?preset=warp&count=-3&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const notice = page.getByText('Unknown preset "warp" ignored.');
    await notice.waitFor({ state: 'visible' });
    await page.getByText('Spheres must be at least 1, got -3; ignored.').waitFor({ state: 'visible' });
    await page.getByLabel('Large text (projector)').check();
    await waitFrames(page, 3);
    await page.screenshot({ path: join(results, 'notice-large-text.png') });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    check((await state()).count === 300, 'the bad link did not fall back to the default sandbox');
  });
  await context.close();
  await pressureMapSteps({ browser, base, consoleErrors });
}

/** The pressure map on a 1280x800 page: its totals are the solver's wall impulses, and gravity shows the hydrostatic gradient. */
async function pressureMapSteps({ browser, base, consoleErrors }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, consoleErrors, 'pressure map');
  page.setDefaultTimeout(60_000);
  const snapshot = () => page.evaluate(() => window.__sandbox.pressureMap());
  /** Face f's cells as rows of height: mean pressure of the lower and the upper half of the wall. */
  const halves = (m, f) => {
    const [low, high] = [[], []];
    for (let iv = 0; iv < m.nV[f]; iv++) {
      for (let iu = 0; iu < m.nU[f]; iu++) {
        const y = f < 2 ? iu : iv; // ±x: u = y; ±z: v = y
        const rows = f < 2 ? m.nU[f] : m.nV[f];
        (y < rows / 2 ? low : high).push(m.pressure[f * m.stride + iu + m.nU[f] * iv]);
      }
    }
    const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
    return [mean(low), mean(high)];
  };

  await step("the pressure map's face totals equal the solver's wall impulses", async () => {
    await page.goto(`${base}/?preset=gas&test=1`);
    await page.waitForFunction(() => window.__sandbox && window.__sandbox.frames() > 3, null, { timeout: 60_000 });
    const calls = () => page.evaluate(() => window.__sandbox.renderInfo().calls);
    const before = await calls();
    await page.getByLabel('Pressure map').check();
    await waitFrames(page, 3);
    check((await calls()) === before + 1, `the pressure map drew ${(await calls()) - before} more draw calls, expected one`);
    // Two seconds of the gas, run by the page's own frames.
    await page.waitForFunction(() => window.__sandbox.store.getState().sim.world.time > 2, null, { timeout: 60_000, polling: 'raf' });
    await page.evaluate(() => window.__sandbox.store.getState().pause());
    const m = await snapshot();
    for (let f = 0; f < 6; f++) {
      const wall = m.wallImpulses[f] - m.baseline[f];
      check(m.baseline[f] === 0 && wall > 0, `face ${f}: baseline ${m.baseline[f]}, wall impulse ${wall}`);
      // Each hit placed on a cell in the solver's order: the cells' total is the wall's impulse to rounding.
      check(Math.abs(m.placed[f] - wall) <= 1e-12 * wall && Math.abs(m.unplaced[f]) <= 1e-12 * wall, `face ${f}: placed ${m.placed[f]} + unplaced ${m.unplaced[f]}, stats().wallImpulses ${wall}`);
      check(Math.abs(m.cellImpulse[f] - m.faceImpulse[f]) <= 1e-12 * m.faceImpulse[f], `face ${f}: window cells ${m.cellImpulse[f]}, face ${m.faceImpulse[f]}`);
      check(m.readout.faces[f] > 0, `face ${f} reads ${m.readout.faces[f]} Pa`);
    }
    // The panel shows the sampled per-face pressures and the legend.
    await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
    await waitFrames(page, 2);
    const shown = await page.evaluate(() => window.__sandbox.store.getState().stats.pressureMap);
    for (let f = 0; f < 6; f++) {
      const text = await page.locator(`[data-readout="pressure-face-${f}"]`).textContent();
      check(/ Pa$/.test(text) && Math.abs(parseFloat(text) - shown.faces[f]) <= 1e-3 * shown.faces[f], `face ${f} readout "${text}", map ${shown.faces[f]}`);
    }
    const scale = await page.locator('[data-pressure-scale]').textContent();
    // The legend's top holds all but the highest 5% of cells (colourRange).
    const sorted = [...m.pressure].sort((a, b) => a - b);
    check(parseFloat(scale) === shown.scale && shown.scale >= sorted[Math.ceil(0.95 * (sorted.length - 1))], `legend top "${scale}", map scale ${shown.scale}`);
  });

  await step('under gravity the side walls read higher low down than high up (screenshot)', async () => {
    await page.evaluate(() => window.__sandbox.store.getState().applySettings({ gravityOn: true, gravity: 1 }));
    const g = await page.evaluate(() => window.__sandbox.store.getState().sim.world.gravity);
    check(g[1] === -1, `gravity is ${g}`);
    // Ten simulated seconds, stepped without drawing: the gas settles into its barometric profile.
    await page.evaluate(() => {
      const store = window.__sandbox.store;
      const end = store.getState().sim.world.time + 10;
      while (store.getState().sim.world.time < end) store.getState().stepOnce();
    });
    const m = await snapshot();
    let [lowAll, highAll] = [0, 0];
    for (const f of [0, 1, 4, 5]) {
      const [low, high] = halves(m, f);
      check(low > high, `side wall ${f}: lower half ${low} Pa, upper half ${high} Pa`);
      lowAll += low;
      highAll += high;
    }
    // Barometric: n(y) falls as exp(-m g y / kT), so the lower half of the span the centres reach
    // (-h..0) reads exp(m g h / kT) times the upper (0..h); one 4 s window is noisy, hence the margin.
    const gas = await page.evaluate(() => {
      const s = window.__sandbox.store.getState();
      s.sampleNow();
      const sim = window.__sandbox.store.getState().sim;
      return { kt: window.__sandbox.store.getState().stats.temperature, m: sim.masses[0], h: sim.world.size[1] / 2 - sim.radii[0] };
    });
    const predicted = (gas.m * 1 * gas.h) / gas.kt;
    const measured = Math.log(lowAll / highAll);
    check(predicted > 0.3 && measured > 0.4 * predicted && measured < 1.6 * predicted, `side walls: ln(lower / upper) = ${measured}, barometric ${predicted}`);
    check(m.readout.faces[2] > m.readout.faces[3], `floor ${m.readout.faces[2]} Pa, ceiling ${m.readout.faces[3]} Pa`);
    for (let f = 0; f < 6; f++) {
      const wall = m.wallImpulses[f] - m.baseline[f];
      check(Math.abs(m.placed[f] + m.unplaced[f] - wall) <= 1e-9 * wall, `face ${f} under gravity: ${m.placed[f]} + ${m.unplaced[f]} against ${wall}`);
    }
    await page.evaluate(() => window.__sandbox.store.getState().play());
    await waitFrames(page, 20);
    await page.evaluate(() => window.__sandbox.store.getState().sampleNow());
    await waitFrames(page, 2);
    await page.locator('[data-pressure-legend]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(results, 'pressure-map.png') });
  });
  await context.close();
}
