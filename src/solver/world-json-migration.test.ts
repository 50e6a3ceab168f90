/**
 * A world saved as version 1 (before walls could move) still reads, as a world whose walls are
 * still, adiabatic and at the frame, and goes on exactly as the world it was saved from.
 */
import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, worldFromJSON, worldToJSON } from './index.ts';
import { stateHash } from './state-hash.ts';

/** A version 2 world's JSON written as version 1 wrote it: without the walls' fields. */
function asVersion1(json: ReturnType<typeof worldToJSON>): unknown {
  const copy = JSON.parse(JSON.stringify(json));
  copy.version = 1;
  const added = ['wallsActive', 'wallsMoving', 'wallPlain', 'wallX', 'wallV', 'wallA', 'wallT', 'wallMin', 'wallMax', 'wallMass', 'wallForce', 'wallKT', 'wallWork', 'wallHeat', 'wallLayer', 'wallEvT', 'wallEvKind', 'wallNext', 'wallNow', 'divider', 'wallStops', 'rng', 'wallScratch', 'crossArgs', 'crossCodes', 'thermalU'];
  for (const key of added) {
    expect(key in copy.state).toBe(true);
    delete copy.state[key];
  }
  delete copy.state.lastStep.wallStops;
  delete copy.state.lastStep.wallJams;
  return copy;
}

describe('reading a version 1 world', () => {
  it('reads with its walls at the frame and goes on bit for bit as the original', () => {
    const scene = gasScene({ count: 300, packingFraction: 0.1, speed: 3, seed: 8, world: { gravity: [0, -2, 0], restitution: 0.9 } });
    const original = buildWorld(scene);
    for (let k = 0; k < 40; k++) original.step(1 / 60);
    const old = asVersion1(worldToJSON(original));
    expect(JSON.stringify(old)).not.toMatch(/wallX/);
    const read = worldFromJSON(old);
    expect(read.bounds).toEqual(original.bounds);
    expect(read.wallState('+y')).toMatchObject({ position: original.size[1] / 2, velocity: 0, mass: Infinity, kT: null });
    for (let k = 0; k < 60; k++) {
      original.step(1 / 60);
      read.step(1 / 60);
    }
    expect(stateHash(read)).toBe(stateHash(original));
    // And its walls work from then on.
    read.setWallVelocity('+x', -0.5);
    read.step(0.5);
    expect(read.wallState('+x').position).toBeCloseTo(original.size[0] / 2 - 0.25, 9);
  });
});

/** A version 4 world's JSON written as version 3 wrote it: without the holes' fields. */
function asVersion3(json: ReturnType<typeof worldToJSON>): unknown {
  const copy = JSON.parse(JSON.stringify(json));
  copy.version = 3;
  for (const key of ['side', 'holeSub', 'holeMask', 'hole', 'holeCrossings', 'escaped', 'escapedEnergy']) {
    expect(key in copy.state).toBe(true);
    delete copy.state[key];
  }
  return copy;
}

describe('reading a version 3 world', () => {
  it('reads with no hole, nothing crossed or escaped, and goes on bit for bit as the original', () => {
    const scene = gasScene({ count: 300, packingFraction: 0.1, speed: 3, seed: 9, world: { gravity: [0, -2, 0] } });
    scene.divider = { axis: 'x', position: 0.1 };
    const original = buildWorld(scene);
    for (let k = 0; k < 40; k++) original.step(1 / 60);
    const read = worldFromJSON(asVersion3(worldToJSON(original)));
    expect(read.divider).toEqual({ axis: 'x', position: 0.1 });
    expect(read.stats().holeCrossings).toEqual({ forward: [0], backward: [0] });
    for (let k = 0; k < 60; k++) {
      original.step(1 / 60);
      read.step(1 / 60);
    }
    expect(stateHash(read)).toBe(stateHash(original));
    // A hole opened afterwards takes each sphere's side from its centre.
    read.setDivider({ axis: 'x', position: 0.1, hole: { width: read.size[1] / 2 } });
    read.step(0.5);
    const x = read.positions;
    for (let i = 0; i < read.count; i++) expect(read.state.side[128 * i]).toBe(x[3 * i] < 0.1 ? 0 : 1);
  });
});

/** A version 5 world's JSON written as version 4 wrote it: without the wells' fields. */
function asVersion4(json: ReturnType<typeof worldToJSON>): unknown {
  const copy = JSON.parse(JSON.stringify(json));
  copy.version = 4;
  for (const key of ['wellsOn', 'wellReach', 'wellTable', 'wellDef', 'wellCount', 'pairLo', 'pairHi', 'pairWell', 'wellPairs', 'wellEdge', 'wellScratch']) {
    expect(key in copy.state).toBe(true);
    delete copy.state[key];
  }
  delete copy.state.lastStep.wellEvents;
  return copy;
}

describe('reading a version 4 world', () => {
  it('reads with no wells and goes on bit for bit as the original', () => {
    const original = buildWorld(gasScene({ count: 300, packingFraction: 0.1, speed: 3, seed: 10 }));
    for (let k = 0; k < 40; k++) original.step(1 / 60);
    const read = worldFromJSON(asVersion4(worldToJSON(original)));
    expect(read.wells).toEqual([]);
    expect(read.stats()).toMatchObject({ wellPairs: 0, wellEnergy: 0 });
    for (let k = 0; k < 60; k++) {
      original.step(1 / 60);
      read.step(1 / 60);
    }
    expect(stateHash(read)).toBe(stateHash(original));
  });
});
