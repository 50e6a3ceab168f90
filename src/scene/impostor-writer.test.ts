/**
 * The impostor renderer's frame writer: what it uploads, and when. The vertex shader draws a
 * sphere at mix(before, now, alpha) with its colour from the ramps, so the buffers must hold the
 * simulation's previous and current positions exactly (in 32 bits) whatever happened between two
 * frames, while a frame with nothing new must upload nothing.
 */
import { describe, expect, it } from 'vitest';
import type { InstancedBufferAttribute } from 'three';
import { createSandboxStore, type SandboxStore } from '../store/index.ts';
import { DEFAULT_SETTINGS } from '../experiment/index.ts';
import { channelPort, playFrames, tick, until } from '../testing/worker.ts';
import { createImpostorGeometry, ImpostorFrameWriter } from './ImpostorSpheres.tsx';
import { createImpostorMaterial } from './impostor-material.ts';
import { FLASH_SECONDS, instanceCapacity } from './sphere-layer.ts';
import { RAMP_SIZE, SphereColoring } from './sphere-colors.ts';

function setup(count = 60, store = createSandboxStore({ settings: { ...DEFAULT_SETTINGS, count, speed: 6, gravityOn: false }, solverThread: 'main', running: false })) {
  const capacity = instanceCapacity(count);
  const geometry = createImpostorGeometry(capacity);
  const material = createImpostorMaterial();
  const writer = new ImpostorFrameWriter(store);
  writer.attach(geometry, material, capacity);
  const attr = (name: string) => geometry.getAttribute(name) as InstancedBufferAttribute;
  /** Upload counts of the two centre buffers, radii and masses, speeds and collision times (three bumps `version` on needsUpdate). */
  const uploads = () => ['centreA', 'centreB', 'sphere', 'speed', 'hitAgo'].map((name) => attr(name).version);
  return { store, geometry, material, writer, attr, uploads };
}

/** Asserts that the buffer the shader reads as "now" holds the positions, the other the previous ones, and the radii and masses theirs (32-bit). */
function expectBuffersMatch(store: SandboxStore, writer: ImpostorFrameWriter, attr: (name: string) => InstancedBufferAttribute): void {
  const sim = store.getState().sim;
  const now = attr(writer.nowIsB ? 'centreB' : 'centreA').array;
  const before = attr(writer.nowIsB ? 'centreA' : 'centreB').array;
  const f = Math.fround;
  let worst = 0;
  const sphere = attr('sphere').array;
  for (let i = 0; i < sim.count; i++) {
    for (let k = 0; k < 3; k++) {
      worst = Math.max(worst, Math.abs(now[3 * i + k] - f(sim.positions[3 * i + k])), Math.abs(before[3 * i + k] - f(sim.previous[3 * i + k])));
    }
    worst = Math.max(worst, Math.abs(sphere[2 * i] - f(sim.radii[i])), Math.abs(sphere[2 * i + 1] - f(sim.masses[i])));
  }
  expect(worst).toBe(0);
}

describe('ImpostorFrameWriter', () => {
  it('uploads nothing on a frame without new positions, and only the newest centres after one step', () => {
    const { store, writer, attr, uploads } = setup();
    writer.writeImpostorFrame();
    expect(writer.writes).toEqual({ full: 1, newest: 0, none: 0 });
    expectBuffersMatch(store, writer, attr);
    // Paused: frame after frame, nothing changes and nothing goes up.
    const still = uploads();
    for (let k = 0; k < 3; k++) {
      store.getState().frame(1 / 60);
      writer.writeImpostorFrame();
    }
    expect(uploads()).toEqual(still);
    expect(writer.writes.none).toBe(3);
    // Play starts from the positions drawn (nothing to interpolate): both buffers once.
    store.getState().play();
    store.getState().frame(1 / 60);
    writer.writeImpostorFrame();
    expect(writer.writes.full).toBe(2);
    expectBuffersMatch(store, writer, attr);
    // Running at one step a frame: one centre buffer and the looks a frame, never both centres
    // (radii and masses do not change).
    for (let k = 0; k < 20; k++) {
      const before = uploads();
      const wasB = writer.nowIsB;
      store.getState().frame(1 / 60);
      expect(store.getState().sim.stepsLastFrame).toBe(1);
      writer.writeImpostorFrame();
      const after = uploads();
      expect(writer.nowIsB).toBe(!wasB);
      expect(after[writer.nowIsB ? 1 : 0] - before[writer.nowIsB ? 1 : 0]).toBe(1);
      expect(after[writer.nowIsB ? 0 : 1]).toBe(before[writer.nowIsB ? 0 : 1]);
      expect(after[2]).toBe(before[2]);
      expect(after[3] - before[3]).toBe(1);
      expect(after[4] - before[4]).toBe(1);
      expectBuffersMatch(store, writer, attr);
    }
    expect(writer.writes.newest).toBe(20);
    expect(writer.writes.full).toBe(2);
  });

  it('writes both centre buffers after several steps in one frame, an edit or a new scene', () => {
    const { store, writer, attr, uploads } = setup();
    writer.writeImpostorFrame();
    store.getState().play();
    store.getState().frame(1 / 60);
    writer.writeImpostorFrame();
    // Three steps in one frame: the previous positions are those before the last of them.
    store.getState().frame(3 / 60);
    expect(store.getState().sim.stepsLastFrame).toBe(3);
    let before = uploads();
    writer.writeImpostorFrame();
    expect(writer.writes.full).toBe(3);
    // Radii and masses stay: same spheres in the same slots.
    expect(uploads().map((v, k) => v - before[k])).toEqual([1, 1, 0, 1, 1]);
    expectBuffersMatch(store, writer, attr);
    // An edit while paused moves a sphere: it is drawn where it now is, with nothing to interpolate.
    store.getState().pause();
    const id = store.getState().sim.world.idAt(0);
    expect(store.getState().editSphere(id, { position: [0, 0, 0] })).toBeNull();
    before = uploads();
    writer.writeImpostorFrame();
    expect(writer.writes.full).toBe(4);
    expect(uploads().map((v, k) => v - before[k])).toEqual([1, 1, 1, 1, 1]);
    expectBuffersMatch(store, writer, attr);
    const slot = store.getState().sim.world.indexOf(id);
    expect(Array.from(attr(writer.nowIsB ? 'centreB' : 'centreA').array.slice(3 * slot, 3 * slot + 3))).toEqual([0, 0, 0]);
    // A new scene (another count): everything again.
    store.getState().applySettings({ count: 40 });
    writer.writeImpostorFrame();
    expect(writer.writes.full).toBe(5);
    expect(store.getState().sim.count).toBe(40);
    expectBuffersMatch(store, writer, attr);
  });

  it('gives the shader what makes the same colours and flash as the mesh spheres', () => {
    const { store, material, writer, attr } = setup(200);
    store.getState().setAid('flash', true);
    store.getState().play();
    for (let k = 0; k < 30; k++) store.getState().frame(1 / 60);
    const f = Math.fround;
    const ramps = material.uniforms.ramps.value.image.data as Float32Array;
    const frame = material.uniforms.frame.value as Float32Array;
    const colouring = material.uniforms.colouring.value as Float32Array;
    for (const colorBy of ['speed', 'mass'] as const) {
      expect(store.getState().applySettings({ colorBy })).toBe(true);
      writer.writeImpostorFrame();
      const state = store.getState();
      const sim = state.sim;
      const speed = attr('speed').array;
      const hitAgo = attr('hitAgo').array;
      const sphere = attr('sphere').array;
      const reference = new SphereColoring();
      reference.rescan(sim);
      reference.begin(state, sim);
      expect(colouring[0]).toBe(colorBy === 'speed' ? 1 : 0);
      expect(frame[2]).toBe(1);
      expect(frame[3]).toBe(f(FLASH_SECONDS));
      const row = colorBy === 'speed' ? 0 : 1;
      let flashing = 0;
      for (let i = 0; i < sim.count; i++) {
        // The vertex shader's arithmetic, in 32 bits as on the GPU.
        const place = colorBy === 'speed' ? f(speed[i] * colouring[1]) : f(f(f(Math.log(sphere[2 * i + 1])) - colouring[2]) / colouring[3]);
        const k = place > 0 ? Math.min(Math.floor(place * 255 + 0.5), 255) : 0;
        const expected = reference.rampOffset(i, sim.velocities, sim.masses);
        // Rounding to 32 bits may move a colour by one step of the ramp, never more.
        expect(Math.abs(3 * k - expected)).toBeLessThanOrEqual(3);
        for (let c = 0; c < 3; c++) expect(ramps[4 * (row * RAMP_SIZE + k) + c]).toBeCloseTo(reference.ramp[3 * k + c], 6);
        const flash = frame[2] * Math.min(Math.max(1 + hitAgo[i] / frame[3], 0), 1);
        expect(flash).toBeCloseTo(reference.flashOf(i, FLASH_SECONDS), 5);
        if (flash > 0) flashing++;
      }
      // A 200-sphere gas at speed 6 has collisions in the last step, so some spheres flash.
      expect(flashing).toBeGreaterThan(0);
    }
  });

  it('in worker mode copies what the worker made for drawing: the same numbers it would compute itself', async () => {
    const port = channelPort();
    const store = createSandboxStore({ settings: { ...DEFAULT_SETTINGS, count: 300, speed: 6, gravityOn: false }, solverThread: 'worker', solverPort: port.factory });
    const { writer, attr } = setup(300, store);
    await playFrames(store, 5);
    const sim = store.getState().sim;
    expect(sim.runsIn).toBe('worker');
    writer.writeImpostorFrame();
    const newest = writer.writes.newest;
    for (let k = 0; k < 10; k++) {
      const version = sim.version;
      store.getState().frame(1 / 60);
      await until(() => sim.version !== version, 'a batch');
      writer.writeImpostorFrame();
      // The frame drew the worker's 32-bit data, and it is what the page would have made.
      expect(sim.batch32.version).toBe(sim.version);
      expectBuffersMatch(store, writer, attr);
      const speed = attr('speed').array;
      const v = sim.velocities;
      for (let i = 0; i < sim.count; i++) expect(speed[i]).toBe(Math.fround(Math.hypot(v[3 * i], v[3 * i + 1], v[3 * i + 2])));
      await tick();
    }
    // One step a batch: only the newest centres each time.
    expect(writer.writes.newest - newest).toBe(10);
    store.getState().sim.dispose();
  });
});
