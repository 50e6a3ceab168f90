import { describe, expect, it } from 'vitest';
import { FixedStepClock } from './fixed-step-clock.ts';

describe('FixedStepClock', () => {
  it('pays out one step per fixed dt of real time and keeps the remainder as alpha', () => {
    const clock = new FixedStepClock({ fixedDt: 0.01 });
    expect(clock.advance(0.025)).toBe(2);
    expect(clock.accumulator).toBeCloseTo(0.005, 12);
    expect(clock.alpha).toBeCloseTo(0.5, 9);
    expect(clock.advance(0.005)).toBe(1);
    expect(clock.alpha).toBeCloseTo(0, 9);
  });

  it('makes exactly 60 steps from 60 frames of 1/60 s despite rounding', () => {
    const clock = new FixedStepClock();
    let steps = 0;
    for (let k = 0; k < 60; k++) steps += clock.advance(1 / 60);
    expect(steps).toBe(60);
  });

  it('accumulates frames shorter than a step until a step is owed', () => {
    const clock = new FixedStepClock({ fixedDt: 1 / 60 });
    expect(clock.advance(1 / 240)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.25, 9);
    expect(clock.advance(1 / 240)).toBe(0);
    expect(clock.advance(1 / 240)).toBe(0);
    expect(clock.advance(1 / 240)).toBe(1);
  });

  it('clamps a long frame (hidden tab) to maxFrameDelta', () => {
    const clock = new FixedStepClock({ fixedDt: 0.01, maxFrameDelta: 0.05, maxStepsPerFrame: 100 });
    expect(clock.advance(30)).toBe(5);
    expect(clock.accumulator).toBeLessThan(0.01);
  });

  it('caps the steps per frame and drops the backlog instead of spiralling', () => {
    const clock = new FixedStepClock({ fixedDt: 0.01, maxFrameDelta: 1, maxStepsPerFrame: 4 });
    expect(clock.advance(0.105)).toBe(4);
    // The whole steps beyond the cap are dropped; the fraction of a step is kept.
    expect(clock.dropped).toBeCloseTo(0.06, 9);
    expect(clock.accumulator).toBeCloseTo(0.005, 9);
    expect(clock.advance(0.01)).toBe(1);
  });

  it('scales real time by the time scale (slow motion and fast forward)', () => {
    const slow = new FixedStepClock({ fixedDt: 0.01 });
    let steps = 0;
    for (let k = 0; k < 100; k++) steps += slow.advance(0.01, 0.25);
    expect(steps).toBe(25);
    const fast = new FixedStepClock({ fixedDt: 0.01, maxStepsPerFrame: 8 });
    expect(fast.advance(0.01, 3)).toBe(3);
  });

  it('ignores negative, NaN and infinite deltas and time scales', () => {
    const clock = new FixedStepClock({ fixedDt: 0.01 });
    expect(clock.advance(-1)).toBe(0);
    expect(clock.advance(Number.NaN)).toBe(0);
    expect(clock.advance(0.02, Number.NaN)).toBe(0);
    expect(clock.advance(0.02, -2)).toBe(0);
    expect(clock.accumulator).toBe(0);
    expect(clock.advance(Infinity)).toBe(0);
  });

  it('reset forgets owed time', () => {
    const clock = new FixedStepClock({ fixedDt: 0.01 });
    clock.advance(0.015);
    clock.reset();
    expect(clock.accumulator).toBe(0);
    expect(clock.alpha).toBe(0);
    expect(clock.advance(0.005)).toBe(0);
  });

  it('rejects options that make no sense, naming them', () => {
    expect(() => new FixedStepClock({ fixedDt: 0 })).toThrow(/fixedDt/);
    expect(() => new FixedStepClock({ maxFrameDelta: -1 })).toThrow(/maxFrameDelta/);
    expect(() => new FixedStepClock({ maxStepsPerFrame: 1.5 })).toThrow(/maxStepsPerFrame/);
  });
});
