/**
 * `npx tsx bench/render-write.ts [count]`: main-thread cost of the impostor renderer's per-frame
 * instance update (ImpostorFrameWriter.writeImpostorFrame) in Node, for a gas of `count` spheres
 * (default 100,000) at packing fraction 0.05: a frame with nothing new, a frame after one step
 * (the newest centres only) and a frame after several steps at once (both centre buffers), with
 * the solver on this thread; then with the solver behind a message channel, as in worker mode,
 * where the worker sends the data for drawing ready-made in 32 bits. The solver's readouts (positions, velocities, radii, masses: copies made when first read after a
 * step) are read before the clock starts: at this size the solver runs in a worker, which sends
 * them ready-made. The browser figures (tests/browser/scale.spec.ts) add the software renderer's threads and the
 * solver worker competing for the same two cores.
 */
import { ImpostorFrameWriter, createImpostorGeometry } from '../src/scene/ImpostorSpheres.tsx';
import { createImpostorMaterial } from '../src/scene/impostor-material.ts';
import { instanceCapacity } from '../src/scene/sphere-layer.ts';
import { createSandboxStore } from '../src/store/index.ts';
import { channelPort, tick, until } from '../src/testing/worker.ts';
import { DEFAULT_SETTINGS, expectedPacking } from '../src/experiment/index.ts';

const count = Number(process.argv[2] ?? 100_000);
// The sandbox's box side for packing fraction 0.05 with its default radii.
let boxSize = 8;
while (expectedPacking({ ...DEFAULT_SETTINGS, count, boxSize }) > 0.05) boxSize = Math.round(2 * boxSize * 1.05) / 2;
const settings = { ...DEFAULT_SETTINGS, count, boxSize };
let store = createSandboxStore({ settings, solverThread: 'main', running: false });
const capacity = instanceCapacity(count);
let writer = new ImpostorFrameWriter(store);
writer.attach(createImpostorGeometry(capacity), createImpostorMaterial(), capacity);

async function timeFrames(label: string, frames: number, before: () => void | Promise<void>): Promise<void> {
  let total = 0;
  let worst = 0;
  for (let k = 0; k < frames; k++) {
    await before();
    const sim = store.getState().sim;
    if (!(sim.positions[0] + sim.velocities[0] + sim.radii[0] + sim.masses[0] + sim.previous[0] > -Infinity)) throw new Error('no readouts');
    const t0 = performance.now();
    writer.writeImpostorFrame();
    const ms = performance.now() - t0;
    total += ms;
    worst = Math.max(worst, ms);
  }
  console.log(`${label.padEnd(34)} mean ${(total / frames).toFixed(3)} ms, max ${worst.toFixed(3)} ms over ${frames} frames`);
}

console.log(`${count} spheres, box ${boxSize.toFixed(1)} m (Node ${process.version})`);
store.getState().play();
const step = () => store.getState().frame(1 / 60);
const steps3 = () => store.getState().frame(3 / 60);
for (let round = 0; round < 2; round++) {
  await timeFrames('nothing new (paused)', 30, () => store.getState().pause());
  store.getState().play();
  step();
  await timeFrames('one step (newest centres)', 30, step);
  await timeFrames('three steps (both centre buffers)', 20, steps3);
}
console.log('writes:', writer.writes);

// Worker mode: a frame once the next batch is back.
const port = channelPort();
store = createSandboxStore({ settings, solverThread: 'worker', solverPort: port.factory });
writer = new ImpostorFrameWriter(store);
writer.attach(createImpostorGeometry(capacity), createImpostorMaterial(), capacity);
const batch = (steps: number) => async (): Promise<void> => {
  const sim = store.getState().sim;
  const version = sim.version;
  await tick();
  store.getState().frame(steps / 60);
  await until(() => sim.version !== version, 'a batch');
};
for (let k = 0; k < 100 && store.getState().sim.runsIn !== 'worker'; k++) await batch(1)();
await batch(1)();
for (let round = 0; round < 2; round++) {
  await timeFrames('worker: one step (newest centres)', 20, batch(1));
  await timeFrames('worker: three steps (both buffers)', 10, batch(3));
}
console.log('writes:', writer.writes, 'in', store.getState().sim.runsIn);
store.getState().sim.dispose();
