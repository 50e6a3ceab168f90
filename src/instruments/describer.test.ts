import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { buildWorld, gasScene, World } from '../solver/index.ts';
import { ANNOUNCE_MS, Describer, GAS_ANNOUNCE_MS, nearestSphere, neighbourSphere } from './describer.ts';

const DT = 1 / 60;
const FRAME_MS = 1000 / 60;

/** Sphere 0 (1 kg, 3 m/s) meets sphere 1 (2 kg, at rest) head-on along x, elastic. */
function headOn(): World {
  const w = new World({ size: [12, 4, 4], restitution: 1 });
  w.addSphere({ position: [-3, 0, 0], velocity: [3, 0, 0], radius: 0.5, mass: 1 });
  w.addSphere({ position: [0, 0, 0], velocity: [0, 0, 0], radius: 0.5, mass: 2 });
  return w;
}

/** Runs `w` frame by frame for `seconds`, asking for an announcement each frame on a page clock from 0; the announcements with their times. */
function run(w: World, d: Describer, seconds: number, lang: 'en' | 'es' | 'de', gas = false): { at: number; text: string }[] {
  const t = translator(lang);
  const said: { at: number; text: string }[] = [];
  for (let k = 0; k < Math.round(seconds / DT); k++) {
    w.step(DT);
    d.afterStep(w);
    const now = k * FRAME_MS;
    // A gas reading that rises with time: the trend words follow it.
    const text = d.announce(now, t, gas ? { temperature: 1 + k / 60, pressureMeasured: 2 + k / 30 } : null);
    if (text !== null) said.push({ at: now, text });
  }
  return said;
}

describe('the describer', () => {
  // Theory (1D elastic): v1' = (m1 - m2) / (m1 + m2) u = -1 m/s, v2' = 2 m1 / (m1 + m2) u = 2 m/s.
  it('announces a head-on collision with both speeds before and after, in English', () => {
    const d = new Describer();
    const said = run(headOn(), d, 1.5, 'en');
    expect(said).toHaveLength(1);
    expect(said[0].text).toBe('Sphere #0 at 3.0 m/s hits sphere #1 at 0.0 m/s; afterwards 1.0 and 2.0 m/s.');
  });

  it('announces the same collision in Spanish, with a decimal comma', () => {
    const said = run(headOn(), new Describer(), 1.5, 'es');
    expect(said).toHaveLength(1);
    expect(said[0].text).toBe('La esfera #0 a 3,0 m/s choca con la esfera #1 a 0,0 m/s; después 1,0 y 2,0 m/s.');
  });

  it('counts the hits of the selected sphere', () => {
    const d = new Describer();
    d.selected = 1;
    const said = run(headOn(), d, 1.5, 'de');
    expect(said[0].text).toContain('Ausgewählte Kugel #1: 1 Stoß.');
  });

  it('a gas of 1,000 spheres never announces more than once every two seconds, and tells its trend', () => {
    const w = buildWorld(gasScene({ count: 1000, packingFraction: 0.2, speed: 4, radius: 0.2, seed: 3 }));
    const d = new Describer();
    const said = run(w, d, 12, 'en', true);
    expect(w.stats().pairCollisions).toBeGreaterThan(1000);
    expect(said.length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k < said.length; k++) expect(said[k].at - said[k - 1].at).toBeGreaterThanOrEqual(Math.max(ANNOUNCE_MS, GAS_ANNOUNCE_MS) - 1e-9);
    expect(said[0].text).toMatch(/^Temperature kT [\d.]+ J, steady; pressure [\d.]+ Pa, steady\.$/);
    expect(said[1].text).toMatch(/rising; pressure [\d.]+ Pa, rising\.$/);
  });

  it('many collisions between two announcements become one announcement and a count, never a queue', () => {
    // A small dense scene (below the gas threshold): many collisions per second.
    const w = buildWorld(gasScene({ count: 20, packingFraction: 0.3, speed: 5, radius: 0.3, seed: 5 }));
    const d = new Describer();
    const said = run(w, d, 10, 'en');
    expect(said.length).toBeGreaterThanOrEqual(3);
    expect(said.length).toBeLessThanOrEqual(5);
    for (let k = 1; k < said.length; k++) expect(said[k].at - said[k - 1].at).toBeGreaterThanOrEqual(ANNOUNCE_MS);
    expect(said.some((s) => /And \d+ more collisions since\./.test(s.text))).toBe(true);
  });

  it('moves between spheres by key: next and previous wrap round in id order; nearest is the closest centre', () => {
    const w = new World({ size: [12, 4, 4] });
    w.addSphere({ position: [-4, 0, 0], radius: 0.3 });
    w.addSphere({ position: [3, 0, 0], radius: 0.3 });
    w.addSphere({ position: [-3, 0, 0], radius: 0.3 });
    expect(neighbourSphere(w, null, 1)).toBe(0);
    expect(neighbourSphere(w, null, -1)).toBe(2);
    expect(neighbourSphere(w, 0, 1)).toBe(1);
    expect(neighbourSphere(w, 2, 1)).toBe(0);
    expect(neighbourSphere(w, 0, -1)).toBe(2);
    expect(nearestSphere(w, 0)).toBe(2);
    expect(nearestSphere(w, 1)).toBe(2);
    expect(nearestSphere(w, null)).toBe(null);
  });

  it('tells the reactions since the last announcement, rate-limited, with the plural of each language', () => {
    const d = new Describer();
    const en = translator('en');
    // The first tally is where the count starts; none is said until one reaction more.
    expect(d.announce(0, en, null, { events: 0, a: 'A', b: 'B', left: 200, total: 200 })).toBeNull();
    expect(d.announce(ANNOUNCE_MS, en, null, { events: 1, a: 'A', b: 'B', left: 199, total: 200 })).toBe('A and B reacted once: 199 of 200 A left.');
    // Within the rate limit, nothing; after it, the reactions meanwhile in one sentence.
    expect(d.announce(ANNOUNCE_MS + 10, en, null, { events: 5, a: 'A', b: 'B', left: 195, total: 200 })).toBeNull();
    expect(d.announce(2 * ANNOUNCE_MS, en, null, { events: 189, a: 'A', b: 'B', left: 12, total: 200 })).toBe('A and B reacted 188 times: 12 of 200 A left.');
    expect(d.announce(3 * ANNOUNCE_MS, en, null, { events: 189, a: 'A', b: 'B', left: 12, total: 200 })).toBeNull();
    expect(d.announce(4 * ANNOUNCE_MS, translator('es'), null, { events: 190, a: 'A', b: 'B', left: 11, total: 200 })).toBe('A y B reaccionaron una vez: quedan 11 de 200 A.');
    expect(d.announce(5 * ANNOUNCE_MS, translator('de'), null, { events: 1190, a: 'A', b: 'B', left: 1, total: 200 })).toBe('A und B haben 1.000-mal reagiert: 1 von 200 A übrig.');
    d.reset();
    expect(d.announce(6 * ANNOUNCE_MS, en, null, { events: 1190, a: 'A', b: 'B', left: 1, total: 200 })).toBeNull();
  });

  it('with wells, tells whether the gas is condensing, evaporating or steady, with the spheres in drops, in three languages', () => {
    const w = buildWorld(gasScene({ count: 1000, packingFraction: 0.1, speed: 3, radius: 0.2, seed: 3 }));
    const d = new Describer();
    w.step(DT);
    d.afterStep(w);
    const gas = { temperature: 1, pressureMeasured: 2 };
    const en = translator('en');
    // The first reading has nothing to compare with: steady.
    expect(d.announce(0, en, gas, null, { inDrops: 120, count: 1000 })).toBe('120 of 1,000 spheres are in drops. Temperature kT 1.000 J, steady; pressure 2.000 Pa, steady.');
    const next = (k: number, inDrops: number, lang: 'en' | 'de' | 'es'): string | null => {
      w.step(DT);
      d.afterStep(w);
      return d.announce(k * GAS_ANNOUNCE_MS, translator(lang), gas, null, { inDrops, count: 1000 });
    };
    expect(next(1, 340, 'en')).toMatch(/^The gas is condensing: 340 of 1,000 spheres are in drops\. Temperature/);
    // Within 2 % of the spheres (20 of 1,000) either way is steady.
    expect(next(2, 355, 'en')).toMatch(/^355 of 1,000 spheres are in drops\. /);
    expect(next(3, 200, 'de')).toMatch(/^Die Flüssigkeit verdampft: 200 von 1\.000 Kugeln sind in Tropfen\. Temperatur/);
    expect(next(4, 990, 'es')).toMatch(/^El gas se condensa: 990 de 1000 esferas están en gotas\. Temperatura/);
    expect(next(5, 0, 'en')).toMatch(/^The liquid is evaporating: 0 of 1,000/);
    // Without wells nothing is said of drops.
    w.step(DT);
    d.afterStep(w);
    expect(d.announce(6 * GAS_ANNOUNCE_MS, en, gas, null, null)).toMatch(/^Temperature kT/);
  });
});
