import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene } from './scenes.ts';
import { cloneWorld, packWorld, unpackWorld } from './transfer.ts';
import type { World } from './world.ts';

const DT = 1 / 60;

/** Sends a packed world through a real message channel (structured clone with transfer). */
async function sendThroughChannel(world: World): Promise<World> {
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<unknown>((resolve) => {
    port2.onmessage = (e) => resolve(e.data);
  });
  const { message, transfer } = packWorld(world);
  port1.postMessage(message, transfer);
  const data = await received;
  port1.close();
  port2.close();
  return unpackWorld(data);
}

describe('moving a world to another thread', () => {
  it('arrives mid-run with its events and goes on exactly as the original would', async () => {
    const scene = gasScene({ count: 400, packingFraction: 0.2, speed: 4, radius: 0.5, seed: 7, world: { gravity: [0, -9.81, 0], restitution: 0.8 } });
    const original = buildWorld(scene);
    const twin = buildWorld(scene);
    for (let k = 0; k < 30; k++) {
      original.step(DT);
      twin.step(DT);
    }
    const moved = await sendThroughChannel(original);
    // The transfer detached the sender's arrays: nothing is copied.
    expect(original.memoryBytes()).toBe(0);
    for (let k = 0; k < 60; k++) {
      moved.step(DT);
      twin.step(DT);
    }
    expect(moved.time).toBe(twin.time);
    expect(Array.from(moved.positions.subarray(0, 3 * moved.count))).toEqual(Array.from(twin.positions.subarray(0, 3 * twin.count)));
    expect(moved.stats()).toEqual(twin.stats());
    // Still a whole world: edits work and the events buffer is its own.
    moved.setRestitution(0.5);
    moved.step(DT);
    expect(moved.events.count).toBeGreaterThanOrEqual(0);
    expect(moved.options.restitution).toBe(0.5);
  });

  it('refuses anything that is not a packed world, naming it', () => {
    expect(() => unpackWorld({ kind: 'something else', state: {} })).toThrow(/world/);
    expect(() => unpackWorld(null)).toThrow(/world/);
  });

  it('a clone goes on exactly as the original does, and is a world of its own', () => {
    const scene = gasScene({ count: 500, packingFraction: 0.15, speed: 3, radius: [0.3, 0.5], seed: 11, world: { gravity: [0, -9.81, 0], restitution: 0.9 } });
    const original = buildWorld(scene);
    for (let k = 0; k < 40; k++) original.step(DT);
    const clone = cloneWorld(original);
    expect(original.memoryBytes()).toBeGreaterThan(0); // nothing detached
    for (let k = 0; k < 80; k++) {
      original.step(DT);
      clone.step(DT);
    }
    expect(clone.time).toBe(original.time);
    expect(Array.from(clone.positions.subarray(0, 3 * clone.count))).toEqual(Array.from(original.positions.subarray(0, 3 * original.count)));
    expect(Array.from(clone.velocities.subarray(0, 3 * clone.count))).toEqual(Array.from(original.velocities.subarray(0, 3 * original.count)));
    expect(clone.stats()).toEqual(original.stats());
    // Its own: changing the clone leaves the original as it was.
    clone.setRestitution(0.2);
    clone.reverseVelocities();
    clone.step(DT);
    original.step(DT);
    expect(original.options.restitution).toBe(0.9);
    expect(clone.positions[0]).not.toBe(original.positions[0]);
  });
});
