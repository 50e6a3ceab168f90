/**
 * world-json.ts: a world through JSON.stringify and JSON.parse goes on exactly as the original,
 * bit for bit; bad input is refused, naming the field and the value.
 */
import { describe, expect, it } from 'vitest';
import { SolverInputError } from './errors.ts';
import { buildWorld, gasScene } from './scenes.ts';
import { stateHash } from './state-hash.ts';
import type { World } from './world.ts';
import { worldFromJSON, worldToJSON } from './world-json.ts';
import type { WorldJSON } from './world-json.ts';

const DT = 1 / 60;

/** The world through text: worldToJSON, JSON.stringify, JSON.parse, worldFromJSON. */
function throughText(world: World): World {
  const json = worldToJSON(world);
  const parsed: unknown = JSON.parse(JSON.stringify(json));
  expect(parsed).toEqual(json); // plain JSON: nothing lost or changed by the text
  return worldFromJSON(parsed);
}

/** The same state, bit for bit: the state hash, the readouts, and every byte and field of the state. */
function expectSame(copy: World, original: World): void {
  expect(stateHash(copy)).toBe(stateHash(original));
  expect(copy.stats()).toEqual(original.stats());
  expect(worldToJSON(copy)).toEqual(worldToJSON(original));
}

/** Steps both worlds together, comparing each step's collisions and state hash; then everything. */
function expectSameFuture(copy: World, original: World, steps: number): void {
  for (let k = 0; k < steps; k++) {
    original.step(DT);
    copy.step(DT);
    const a = original.events, b = copy.events;
    expect(b.count).toBe(a.count);
    expect(Array.from(b.time.subarray(0, b.count))).toEqual(Array.from(a.time.subarray(0, a.count)));
    expect(Array.from(b.b.subarray(0, b.count))).toEqual(Array.from(a.b.subarray(0, a.count)));
    expect(copy.lastStep).toEqual(original.lastStep);
    expect(stateHash(copy)).toBe(stateHash(original));
  }
  expectSame(copy, original);
}

describe('a world as JSON', () => {
  it('an inelastic gas under gravity, mid-run with events due and spheres asleep, goes on bit for bit; the original is untouched', () => {
    const g = gasScene({ count: 150, packingFraction: 0.1, speed: 2, radius: 0.3, seed: 12 });
    const scene = { options: { ...g.options, gravity: [0, -9.81, 0] as [number, number, number], restitution: 0.5, wallRestitution: 0.8 }, spheres: g.spheres };
    const original = buildWorld(scene);
    const twin = buildWorld(scene); // never written as JSON
    let k = 0;
    for (; k < 600 && original.stats().sleeping < 5; k++) original.step(DT);
    for (let q = 0; q < k; q++) twin.step(DT);
    expect(original.stats().sleeping).toBeGreaterThanOrEqual(5);
    expect(original.stats().sleeping).toBeLessThan(original.count);
    expect(original.lastStep.events).toBeGreaterThan(0);
    const copy = throughText(original);
    expectSame(copy, original);
    expectSameFuture(copy, original, 30);
    // Writing it changed nothing: it goes on exactly as its twin that was never written.
    for (let q = 0; q < 30; q++) twin.step(DT);
    expect(stateHash(original)).toBe(stateHash(twin));
  });

  it('an edited world (a sphere removed, one added, a fixed one of infinite mass, own restitution, -0 in gravity) goes on bit for bit, before and after a step', () => {
    const g = gasScene({ count: 200, packingFraction: 0.1, speed: 3, radius: 0.4, seed: 6 });
    const original = buildWorld({ options: { ...g.options, gravity: [-0, -9.81, 0], restitution: 0.9 }, spheres: g.spheres });
    for (let k = 0; k < 60; k++) original.step(DT);
    original.removeSphere(original.idAt(9));
    const added = original.addSphere({ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.3 });
    original.setFixed(original.idAt(11), true);
    original.setSphereRestitution(added, 0.2);
    original.setVelocity(original.idAt(5), [1, 2, 3]);
    expect(original.masses[11]).toBe(Infinity);
    // Written between an edit and the next step (the predictions still to be made), then after it.
    const json = worldToJSON(original);
    expect((json.state.options as { gravity: unknown[] }).gravity[0]).toBe('-0');
    const copy = throughText(original);
    expectSame(copy, original);
    expectSameFuture(copy, original, 30);
    const again = throughText(original);
    expect(again.has(9)).toBe(false);
    expect(again.masses[again.indexOf(original.idAt(11))]).toBe(Infinity);
    expectSameFuture(again, original, 90);
    // Still a whole world: edits work on the copy as on the original.
    for (const w of [original, again]) {
      w.removeSphere(w.idAt(3));
      w.addSphere({ position: [1, 1, 1], radius: 0.2 });
      w.setRestitution(0.5);
    }
    expectSameFuture(again, original, 30);
  });

  it('a planar world goes on bit for bit', () => {
    const original = buildWorld(gasScene({ count: 200, packingFraction: 0.15, speed: 4, radius: 0.3, seed: 8, planar: true, world: { gravity: [0, -9.81, 0], restitution: 0.9 } }));
    for (let k = 0; k < 60; k++) original.step(DT);
    const copy = throughText(original);
    expect(copy.options.planar).toBe(true);
    expectSame(copy, original);
    expectSameFuture(copy, original, 60);
  });

  it('a world in the middle of a spread renumbering goes on bit for bit, finishing the plan', () => {
    const g = gasScene({ count: 2000, packingFraction: 0.1, speed: 5, radius: 0.5, seed: 3 });
    const original = buildWorld({ ...g, options: { ...g.options, reorderEvery: 20 } });
    let k = 0;
    for (; k < 100 && !(original.state.moveCursor > 0 && original.state.moveCursor < original.state.moveEnd); k++) original.step(DT);
    expect(original.state.moveCursor).toBeLessThan(original.state.moveEnd); // a plan half carried out
    const copy = throughText(original);
    expectSameFuture(copy, original, 40);
    expect(copy.layoutVersion).toBe(original.layoutVersion);
  });
});

describe('bad JSON for a world', () => {
  const world = buildWorld(gasScene({ count: 20, packingFraction: 0.1, speed: 2, radius: 0.3, seed: 1, world: { gravity: [0, -9.81, 0] } }));
  for (let k = 0; k < 10; k++) world.step(DT);
  const good = JSON.stringify(worldToJSON(world));
  /** A fresh copy of the good JSON, changed by `edit`. */
  const bad = (edit: (j: WorldJSON & Record<string, unknown>) => void): unknown => {
    const j = JSON.parse(good);
    edit(j);
    return j;
  };
  /** Reading `json` throws a SolverInputError whose message matches `message`. */
  const refused = (json: unknown, message: RegExp): SolverInputError => {
    let error: unknown;
    try {
      worldFromJSON(json);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SolverInputError);
    expect((error as SolverInputError).message).toMatch(message);
    expect((error as SolverInputError).message.length).toBeLessThan(400);
    return error as SolverInputError;
  };
  const recordBuffer = (j: WorldJSON): number => (j.state.record as { buffer: number }).buffer;

  it('reads the good JSON', () => {
    expect(stateHash(worldFromJSON(JSON.parse(good)))).toBe(stateHash(world));
  });

  it('refuses what is not an object', () => {
    refused(null, /^world must be an object, got null$/);
    refused('{}', /^world must be an object, got "\{\}"$/);
    refused([], /^world must be an object/);
  });

  it('refuses another format or version, naming it', () => {
    refused(bad((j) => { (j as Record<string, unknown>).format = 'sphere-sandbox/scene'; }), /^format must be "sphere-sandbox\/world", got "sphere-sandbox\/scene"$/);
    refused(bad((j) => { (j as Record<string, unknown>).version = 6; }), /^version must be 1, 2, 3, 4 or 5 .*got 6$/);
    refused(bad((j) => { delete (j as Record<string, unknown>).version; }), /^version must be 1, 2, 3, 4 or 5 .*got undefined$/);
  });

  it('refuses a missing or extra field, naming it', () => {
    refused(bad((j) => { delete (j as Record<string, unknown>).buffers; }), /^buffers must be an array.*got undefined$/);
    refused(bad((j) => { delete (j as Record<string, unknown>).state; }), /^state must be an object, got undefined$/);
    refused(bad((j) => { delete j.state.pos; }), /^state\.pos must be present, got undefined$/);
    refused(bad((j) => { delete (j.state.queue as Record<string, unknown>).horizon; }), /^state\.queue\.horizon must be present/);
    refused(bad((j) => { delete (j.state.options as Record<string, unknown>).restitution; }), /^state\.options\.restitution must be present/);
    refused(bad((j) => { j.state.speed = 3; }), /^state\.speed must be absent \(not a field of a world\), got 3$/);
    refused(bad((j) => { j.extra = true; }), /^extra must be absent/);
  });

  it('refuses a field of the wrong kind, naming it and its value', () => {
    refused(bad((j) => { j.state.count = 'many'; }), /^state\.count must be a number .*got "many"$/);
    refused(bad((j) => { j.state.dirty = 1; }), /^state\.dirty must be a boolean, got 1$/);
    refused(bad((j) => { (j.state.pos as Record<string, unknown>).view = 'Int32Array'; }), /^state\.pos\.view must be "Float64Array", got "Int32Array"$/);
    refused(bad((j) => { j.state.vel = [1, 2, 3]; }), /^state\.vel must be an object, got \[1, 2, 3\]$/);
    refused(bad((j) => { (j.state.pending as unknown[]).push({ radius: 1 }); }), /^state\.pending\[\d+\] must be null/);
    refused(bad((j) => { (j.state.options as Record<string, unknown>).gravity = [0, -9.81]; }), /^state\.options\.gravity must be an array of 3, got \[0, -9\.81\]$/);
  });

  it('refuses options a world cannot have, naming them', () => {
    refused(bad((j) => { (j.state.options as Record<string, unknown>).restitution = 2; }), /^state\.options\.restitution must be a number in \[0, 1\], got 2$/);
    refused(bad((j) => { (j.state.options as { size: unknown[] }).size[1] = -4; }), /^state\.options\.size\[1\] must be a finite number > 0, got -4$/);
  });

  it('refuses text that is not base64, naming the buffer and the position', () => {
    let k = 0;
    const json = bad((j) => {
      k = recordBuffer(j);
      const b = j.buffers[k];
      b.base64 = `${b.base64.slice(0, 100)}*${b.base64.slice(101)}`;
    });
    refused(json, new RegExp(`^buffers\\[${k}\\]\\.base64\\[100\\] must be a base64 character.*got "\\*"$`));
    refused(bad((j) => { j.buffers[recordBuffer(j)].base64 += 'A'; }), /^buffers\[\d+\]\.base64\.length must be a multiple of 4/);
    refused(bad((j) => { (j.buffers[0] as unknown as Record<string, unknown>).base64 = 42; }), /^buffers\[0\]\.base64 must be base64 text, got 42$/);
  });

  it('refuses a buffer or a view of the wrong length, naming it', () => {
    refused(bad((j) => { j.buffers[recordBuffer(j)].byteLength += 8; }), /^buffers\[\d+\]\.base64 must be base64 text of buffers\[\d+\]\.byteLength = \d+ bytes, got "base64 text of \d+ bytes"$/);
    refused(bad((j) => { delete (j.buffers[0] as unknown as Record<string, unknown>).byteLength; }), /^buffers\[0\]\.byteLength must be a whole number >= 0, got undefined$/);
    refused(bad((j) => { (j.state.pos as { length: number }).length += 1; }), /^state\.pos\.length must be a whole number in \[0, \d+\] \(to fit in buffers\[\d+\]\), got \d+$/);
    refused(bad((j) => { (j.state.vel as { byteOffset: number }).byteOffset = 20; }), /^state\.vel\.byteOffset must be a whole multiple of 8/);
    refused(bad((j) => { (j.state.pos as { buffer: number }).buffer = j.buffers.length; }), /^state\.pos\.buffer must be an index into buffers/);
    // A capacity the record has no room for.
    refused(bad((j) => { j.state.capacity = 2 * (j.state.capacity as number); }), /^state\.record\.byteLength must be state\.capacity \* 128 = \d+, got \d+$/);
    refused(bad((j) => { j.state.count = (j.state.capacity as number) + 1; }), /^state\.count must be a whole number in \[0, state\.capacity = \d+\], got \d+$/);
  });

  it('leaves the JSON it refused as it was: read again once mended, it gives the world', () => {
    const json = bad((j) => { j.version = 7 as 5; });
    refused(json, /^version/);
    (json as WorldJSON).version = 5;
    expect(stateHash(worldFromJSON(json))).toBe(stateHash(world));
  });
});
