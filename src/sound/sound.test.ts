import { describe, expect, it } from 'vitest';
import { buildWorld, gasScene, World } from '../solver/index.ts';
import { FakeAudioContext, type FakeNode } from '../testing/fake-audio.ts';
import type { StepReport } from '../runtime/index.ts';
import { CHIRP_SECONDS, DRIP_SECONDS, GAS_FROM, HIT_SECONDS, Sound, VOICES } from './sound.ts';

const DT = 1 / 60;

/** Sphere 0 at `speed` m/s meets sphere 1 at rest head-on, at x = `at`. */
function headOn(speed: number, at = 0): World {
  const w = new World({ size: [12, 4, 4], restitution: 1 });
  w.addSphere({ position: [at - 2, 0, 0], velocity: [speed, 0, 0], radius: 0.5, mass: 1 });
  w.addSphere({ position: [at, 0, 0], velocity: [0, 0, 0], radius: 0.5, mass: 1 });
  return w;
}

function setup(): { fake: FakeAudioContext; sound: Sound; made: () => number } {
  const fake = new FakeAudioContext();
  let made = 0;
  const sound = new Sound(() => {
    made++;
    return fake.asContext();
  });
  return { fake, sound, made: () => made };
}

/** What the simulation reports of `w`'s last step. */
function reportOf(w: World): StepReport {
  return { steps: 1, stepsRun: 0, pairCollisions: w.lastStep.pairCollisions, wallCollisions: w.lastStep.wallCollisions, reactions: w.lastStep.reactions, slotsChanged: false, reorderedFrom: null, onPage: true };
}

/** Steps `w` for `seconds`, the fake's clock following the simulated time. */
function run(w: World, sound: Sound, fake: FakeAudioContext, seconds: number): void {
  for (let k = 0; k < Math.round(seconds / DT); k++) {
    w.step(DT);
    fake.currentTime = w.time;
    sound.afterStep(w, reportOf(w));
  }
}

/** The voice gains' peaks scheduled (the linear ramps' targets). */
function peaks(fake: FakeAudioContext): number[] {
  return fake.nodes.filter((n) => n.kind === 'gain').flatMap((n) => n.gain.calls.filter((c) => c.method === 'linear').map((c) => c.value));
}

function voiceOscillators(fake: FakeAudioContext): FakeNode[] {
  return fake.nodes.filter((n) => n.kind === 'oscillator').slice(0, VOICES);
}

describe('the sound', () => {
  it('is silent, with no AudioContext, until a gesture unlocks it', () => {
    const { fake, sound, made } = setup();
    run(headOn(3), sound, fake, 1);
    expect(made()).toBe(0);
    expect(sound.started).toBe(0);
    sound.unlock();
    expect(made()).toBe(1);
    expect(fake.resumes).toBe(1);
    sound.unlock();
    expect(made()).toBe(1);
  });

  it('sounds each collision once, louder and higher for a larger impulse, panned to where it happened', () => {
    const soft = setup();
    soft.sound.unlock();
    run(headOn(1, -4), soft.sound, soft.fake, 3);
    const hard = setup();
    hard.sound.unlock();
    run(headOn(4, 4), hard.sound, hard.fake, 1);
    // One pair collision, then a wall hit or none in this time: count the pair's tone.
    expect(soft.sound.started).toBeGreaterThanOrEqual(1);
    const firstPeak = (f: FakeAudioContext) => peaks(f)[0];
    expect(firstPeak(hard.fake)).toBeGreaterThan(firstPeak(soft.fake));
    const firstPitch = (f: FakeAudioContext) => voiceOscillators(f)[0].frequency.calls[0].value;
    expect(firstPitch(hard.fake)).toBeGreaterThan(firstPitch(soft.fake));
    const firstPan = (f: FakeAudioContext) => f.nodes.filter((n) => n.kind === 'panner')[0].pan.calls[0].value;
    expect(firstPan(soft.fake)).toBeLessThan(0);
    expect(firstPan(hard.fake)).toBeGreaterThan(0);
  });

  it('a reaction chirps on its own voice, at most once per chirp; a hit below the barrier does not', () => {
    const react = (speed: number): { sound: Sound; fake: FakeAudioContext } => {
      const { fake, sound } = setup();
      sound.unlock();
      const w = headOn(speed);
      w.setSpecies(1, 1);
      // Equal masses of 1 kg: the approach energy is (1/2)(1/2) speed², 1 J at 2 m/s.
      w.setReactions([{ reactants: [0, 1], products: [2, 3], activationEnergy: 1, energyReleased: 0 }]);
      run(w, sound, fake, 3);
      expect(w.stats().reactions[0].forward).toBe(speed > 2 ? 1 : 0);
      return { sound, fake };
    };
    const slow = react(1.5);
    expect(slow.sound.chirps).toBe(0);
    const fast = react(3);
    expect(fast.sound.chirps).toBe(1);
    const chirp = fast.fake.nodes.filter((n) => n.kind === 'oscillator')[VOICES + 2];
    expect(chirp.frequency.calls.map((c) => c.value).slice(-2)).toEqual([660, 990]);
    expect(CHIRP_SECONDS).toBeLessThan(HIT_SECONDS * 2);
  });

  it('stops on mute: the master gain goes to 0 and no hit starts', () => {
    const { fake, sound } = setup();
    sound.unlock();
    sound.muted = true;
    run(headOn(3), sound, fake, 1.5);
    expect(sound.started).toBe(0);
    const master = fake.nodes.find((n) => n.kind === 'gain' && n.connections[0] === fake.nodes.find((m) => m.kind === 'compressor'));
    expect(master?.gain.value).toBe(0);
    sound.muted = false;
    expect(master?.gain.value).toBe(sound.volume);
    expect(() => (sound.volume = 2)).toThrow(/volume.*2/);
  });

  it(`a gas of 5,000 spheres keeps to its voices: no node made after the unlock, one continuous sound whose pulse follows the collision rate`, () => {
    const { fake, sound } = setup();
    sound.unlock();
    const nodes = fake.nodes.length;
    const slow = buildWorld(gasScene({ count: 5000, packingFraction: 0.2, speed: 1, radius: 0.2, seed: 2 }));
    expect(slow.count).toBeGreaterThanOrEqual(GAS_FROM);
    run(slow, sound, fake, 0.5);
    const pulse = fake.nodes.filter((n) => n.kind === 'oscillator')[VOICES + 1];
    const slowPulse = pulse.frequency.value;
    const fast = buildWorld(gasScene({ count: 5000, packingFraction: 0.2, speed: 3, radius: 0.2, seed: 2 }));
    run(fast, sound, fake, 0.5);
    expect(fake.nodes.length).toBe(nodes);
    expect(fake.count('oscillator')).toBe(VOICES + 3);
    expect(sound.started).toBe(0);
    // Three times the speed: about three times the collision rate (4 log2(1 + rate / 1000) Hz), a faster pulse.
    expect(slowPulse).toBeGreaterThan(0.5);
    expect(pulse.frequency.value).toBeGreaterThan(slowPulse + 4 * Math.log2(2));
  });

  it('a gas condensing drips on the chirp voice, a falling tone, at most one per sample and only when the drops grow by over 2 % of the spheres', () => {
    const { fake, sound } = setup();
    sound.liquid(0, 300);
    expect(sound.drips, 'before the unlock').toBe(0);
    sound.unlock();
    const chirp = fake.nodes.filter((n) => n.kind === 'oscillator')[VOICES + 2];
    sound.liquid(40, 300); // the first sample after the unlock rises from 0 by 40 > 6
    expect(sound.drips).toBe(1);
    expect(chirp.frequency.calls.map((c) => c.value).slice(-2)).toEqual([880, 330]);
    fake.currentTime = 1;
    sound.liquid(45, 300); // up by 5, under 2 % of 300
    sound.liquid(30, 300); // fewer: evaporating
    expect(sound.drips).toBe(1);
    sound.liquid(100, 300);
    expect(sound.drips).toBe(2);
    sound.liquid(200, 300); // the drip still sounding: none more
    expect(sound.drips).toBe(2);
    sound.muted = true;
    fake.currentTime = 2;
    sound.liquid(300, 300);
    expect(sound.drips, 'muted').toBe(2);
    expect(DRIP_SECONDS).toBeLessThan(0.5);
  });

  it('a burst of hits in a small scene never sounds more voices than the pool (the voices, the gas and the chirp): the rest are dropped', () => {
    const { fake, sound } = setup();
    sound.unlock();
    const w = buildWorld(gasScene({ count: 20, packingFraction: 0.3, speed: 6, radius: 0.3, seed: 5 }));
    run(w, sound, fake, 2);
    expect(sound.dropped).toBeGreaterThan(0);
    expect(sound.started).toBeLessThanOrEqual(VOICES * Math.ceil(2 / HIT_SECONDS + 1));
    expect(fake.count('oscillator')).toBe(VOICES + 3);
  });
});
