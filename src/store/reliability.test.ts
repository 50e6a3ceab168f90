/**
 * Reliability of what a person can type or do to the page: every numeric field refuses bad text
 * with a message naming the field and the value, a refused value never reaches the world, and a
 * page shown again after a minute hidden takes no burst of catch-up steps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEditValue } from '../experiment/index.ts';
import { applyEdit } from '../experiment/index.ts';
import { FixedStepClock } from '../runtime/index.ts';
import { createSandboxStore } from './index.ts';
import { checkNumber, DEFAULT_SETTINGS, NUMBER_SPECS, parseNumberInput, type NumberKey } from '../experiment/index.ts';
import { createWorld } from '../solver/index.ts';

const KEYS = Object.keys(NUMBER_SPECS) as NumberKey[];

/** Texts no numeric field may accept. */
const GARBAGE = ['', '   ', 'NaN', 'nan', 'Infinity', '-Infinity', '1e400', '-1e400', '0x10', '0b1', '1,5', '1_000', '١٢', '12abc', '--1', '1e', 'e5', '.', '+', '1.2.3', '<img src=x onerror=alert(1)>', '${1+1}', 'constructor', '__proto__'];

describe('numeric fields refuse bad text with a message naming the field and the value', () => {
  it.each(KEYS)('%s: garbage text is never a number', (key) => {
    for (const text of GARBAGE) {
      const parsed = parseNumberInput(text);
      const message = checkNumber(key, parsed);
      expect(message, `${key} accepted ${JSON.stringify(text)}`).not.toBeNull();
      expect(message).toContain(NUMBER_SPECS[key].label);
      expect(message).toMatch(text === '' ? /got nothing/ : /got /);
    }
  });

  it.each(KEYS)('%s: values just outside the limits are refused, the limits themselves accepted (an exclusive minimum refused)', (key) => {
    const spec = NUMBER_SPECS[key];
    if (spec.minExclusive) {
      expect(checkNumber(key, spec.min)).toMatch(new RegExp(`${spec.label.replace(/[()]/g, '\\$&')} must be more than`));
      expect(checkNumber(key, spec.min * (1 + 1e-9) + 1e-12)).toBeNull();
    } else expect(checkNumber(key, spec.min)).toBeNull();
    expect(checkNumber(key, spec.max)).toBeNull();
    const step = spec.integer ? 1 : 1e-9 * Math.max(1, spec.max);
    expect(checkNumber(key, spec.max + step)).toMatch(new RegExp(`${spec.label.replace(/[()]/g, '\\$&')} must be at most`));
    const below = spec.integer ? spec.min - 1 : spec.min === 0 ? -1e-9 : spec.min * (1 - 1e-9);
    expect(checkNumber(key, below)).toMatch(spec.minExclusive ? /must be more than/ : /must be at least/);
  });

  it('the issue\'s examples: a billion spheres, a negative time scale, a radius larger than the box', () => {
    expect(checkNumber('count', parseNumberInput('1e9'))).toBe('Spheres must be at most 100000, got 1000000000');
    expect(checkNumber('timeScale', parseNumberInput('-1'))).toBe('Time scale must be at least 0.05 ×, got -1');
    expect(checkNumber('count', parseNumberInput('1e-400'))).toBe('Spheres must be at least 1, got 0');
    expect(checkNumber('boxSize', parseNumberInput('1e400'))).toBe('Box size must be a number, got "1e400"');
  });

  it('any string typed into any field either becomes a number within its limits or gets a message (fuzz)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), fc.oneof(fc.string({ maxLength: 30 }), fc.double().map(String), fc.integer().map(String), fc.constantFrom(...GARBAGE)), (key, text) => {
        const parsed = parseNumberInput(text);
        const message = checkNumber(key, parsed);
        if (message === null) {
          const spec = NUMBER_SPECS[key];
          expect(typeof parsed).toBe('number');
          expect(Number.isFinite(parsed)).toBe(true);
          expect(parsed as number).toBeGreaterThanOrEqual(spec.min);
          expect(parsed as number).toBeLessThanOrEqual(spec.max);
          if (spec.integer) expect(Number.isInteger(parsed)).toBe(true);
        } else {
          expect(message).toContain(NUMBER_SPECS[key].label);
        }
      }),
      { numRuns: 3000, seed: 5 },
    );
  });
});

describe('a refused value never reaches the world', () => {
  const store = () => createSandboxStore({ settings: { count: 20 }, running: false });

  it('a billion spheres: refused on the count field, the scene untouched', () => {
    const s = store();
    const world = s.getState().sim.world;
    expect(s.getState().applySetting('count', 1e9)).toBe(false);
    expect(s.getState().errors.count).toMatch(/Spheres must be at most 100000, got 1000000000/);
    expect(s.getState().sim.world).toBe(world);
    expect(s.getState().sim.count).toBe(20);
    expect(s.getState().settings.count).toBe(20);
  });

  it('a radius larger than the box, and a box smaller than the spheres: refused on the field edited', () => {
    const s = store();
    expect(s.getState().applySetting('radiusMax', 5)).toBe(false);
    expect(s.getState().errors.radiusMax).toMatch(/Box size 8 m is too small for spheres of radius 5 m/);
    expect(s.getState().applySetting('boxSize', 0.5)).toBe(false);
    expect(s.getState().errors.boxSize).toMatch(/Box size 0.5 m is too small/);
    expect(s.getState().sim.world.size).toEqual([8, 8, 8]);
    expect(s.getState().settings).toEqual({ ...DEFAULT_SETTINGS, count: 20 });
  });

  it('a negative, zero or infinite time scale is refused and the time scale in use is kept', () => {
    const s = store();
    for (const bad of [-1, 0, Infinity, Number.NaN]) {
      expect(s.getState().applySetting('timeScale', bad)).toBe(false);
      expect(s.getState().errors.timeScale).toMatch(/Time scale must be/);
      expect(s.getState().sim.timeScale).toBe(1);
    }
  });

  it('the inspector refuses a radius larger than the box at the field, and a refused edit changes nothing', () => {
    expect(checkEditValue('radius', '5', 4)).toBe('Radius must be at most 4 m (half the smallest side of the box), got 5');
    expect(checkEditValue('radius', '4', 4)).toBe(4);
    expect(checkEditValue('mass', '-2')).toBe('Mass must be greater than 0, got -2');
    expect(checkEditValue('vx', '1e400')).toBe('Velocity x must be a number, got "1e400"');
    expect(checkEditValue('vy', ' ')).toBe('Velocity y must be a number, got nothing');
    expect(checkEditValue('vz', '2e6')).toBe('Velocity z must be at most 1000000 in size, got 2000000');

    // Mass and velocity accepted, then a radius the world refuses: nothing of the edit stays.
    const w = createWorld({ size: [2, 2, 2] });
    const id = w.addSphere({ position: [0, 0, 0], velocity: [1, 2, 3], radius: 0.2, mass: 3 });
    const message = applyEdit(w, { id, mass: Infinity, radius: 1.5, velocity: [9, 9, 9] });
    expect(message).toMatch(/radius must be at most half the smallest box side \(1\), got 1.5/);
    expect(w.masses[0]).toBe(3);
    expect(w.radii[0]).toBe(0.2);
    expect(Array.from(w.velocities.subarray(0, 3))).toEqual([1, 2, 3]);
    // A position outside the box after a good radius: the radius is put back too.
    expect(applyEdit(w, { id, radius: 0.3, position: [5, 0, 0] })).toMatch(/position\[0\] must be inside the box/);
    expect(w.radii[0]).toBe(0.2);
  });
});

describe('a page hidden for a minute', () => {
  it('the clock turns a 60 s frame into at most maxStepsPerFrame steps and drops the rest', () => {
    const clock = new FixedStepClock();
    const steps = clock.advance(60);
    expect(steps).toBeLessThanOrEqual(clock.maxStepsPerFrame);
    // 0.25 s counted at most: 15 steps owed, 8 run, 7 dropped, less than a step left over.
    expect(steps).toBe(8);
    expect(clock.dropped).toBeCloseTo(7 / 60, 12);
    expect(clock.accumulator).toBeLessThan(clock.fixedDt);
    expect(clock.advance(1 / 60)).toBe(1);
  });

  it('shown again, the simulation takes no catch-up step for the time it was away', () => {
    const s = createSandboxStore({ settings: { count: 20 } });
    const sim = s.getState().sim;
    for (let k = 0; k < 10; k++) s.getState().frame(1 / 60);
    expect(sim.stepsLastFrame).toBe(1);
    const t0 = sim.world.time;
    sim.ignoreNextFrameTime();
    s.getState().frame(60);
    expect(sim.stepsLastFrame).toBe(0);
    expect(sim.world.time).toBe(t0);
    expect(sim.unseenSeconds).toBe(60);
    s.getState().frame(1 / 60);
    expect(sim.stepsLastFrame).toBe(1);
    expect(sim.mostStepsInAFrame).toBe(1);
    // Without the notice, the clock's cap still bounds a long frame.
    s.getState().frame(60);
    expect(sim.stepsLastFrame).toBe(8);
  });
});
