import { describe, expect, it } from 'vitest';
import { wallOf } from './events.ts';
import { buildWorld, gasScene } from './scenes.ts';

const DT = 1 / 60;

describe('the per-step collision events', () => {
  // A dense gas: hundreds of collisions a step, more than the buffer's first size.
  const scene = gasScene({ count: 600, packingFraction: 0.3, speed: 6, radius: 0.3, seed: 21 });

  it('lists every collision of the step in time order, growing past its first size without losing any', () => {
    const w = buildWorld(scene);
    let most = 0;
    for (let k = 0; k < 30; k++) {
      const t0 = w.time;
      w.step(DT);
      const ev = w.events;
      // Every pair collision and wall hit of the step, none dropped (the default capacity is ample).
      expect(ev.dropped).toBe(0);
      expect(ev.count).toBe(w.lastStep.pairCollisions + w.lastStep.wallCollisions);
      let pairs = 0;
      for (let q = 0; q < ev.count; q++) {
        expect(ev.time[q]).toBeGreaterThanOrEqual(q > 0 ? ev.time[q - 1] : t0);
        expect(ev.time[q]).toBeLessThanOrEqual(w.time);
        expect(w.has(ev.a[q])).toBe(true);
        if (wallOf(ev.b[q]) < 0) {
          pairs++;
          expect(w.has(ev.b[q])).toBe(true);
        }
        expect(Math.hypot(ev.normal[3 * q], ev.normal[3 * q + 1], ev.normal[3 * q + 2])).toBeCloseTo(1, 12);
        expect(ev.closingSpeed[q]).toBeGreaterThan(0);
      }
      expect(pairs).toBe(w.lastStep.pairCollisions);
      most = Math.max(most, ev.count);
    }
    // The buffer started at 64 entries and had to grow.
    expect(most).toBeGreaterThan(256);
  });

  it('keeps at most its capacity, counts the rest as dropped, and holds the same first entries as a larger buffer', () => {
    const small = buildWorld({ ...scene, options: { ...scene.options, eventCapacity: 100 } });
    const large = buildWorld(scene);
    for (let k = 0; k < 20; k++) {
      small.step(DT);
      large.step(DT);
      const a = small.events;
      const b = large.events;
      expect(a.count).toBe(Math.min(100, b.count));
      expect(a.dropped).toBe(b.count - a.count);
      for (let q = 0; q < a.count; q++) {
        expect([a.time[q], a.a[q], a.b[q], a.impulse[q], a.closingSpeed[q]]).toEqual([b.time[q], b.a[q], b.b[q], b.impulse[q], b.closingSpeed[q]]);
      }
    }
    // 88 bytes an entry: time, a, b, normal, impulse, energy lost, closing speed, contact point.
    expect(small.events.memoryBytes()).toBeLessThanOrEqual(88 * 100 + small.events.pending.byteLength);
  });

  it('places each contact: a wall hit on the wall under the centre, a pair on the surface between the centres', () => {
    // A sphere flying into the +x wall at y = 0.7, z = -1.2; two equal spheres meeting head on at x = 0.5.
    const w = buildWorld({
      options: { size: [6, 6, 6] },
      spheres: [
        { position: [2, 0.7, -1.2], velocity: [3, 0, 0], radius: 0.25 },
        { position: [-2, 1.5, 1], velocity: [2, 0, 0], radius: 0.5 },
        { position: [2, 1.5, 1], velocity: [-2, 0, 0], radius: 0.5 },
      ],
    });
    const seen: string[] = [];
    for (let k = 0; k < 60; k++) {
      w.step(DT);
      const ev = w.events;
      for (let q = 0; q < ev.count; q++) {
        const point = [ev.point[3 * q], ev.point[3 * q + 1], ev.point[3 * q + 2]];
        if (ev.a[q] === 0 && wallOf(ev.b[q]) === 1) {
          seen.push('wall');
          expect(point[0]).toBe(3);
          expect(point[1]).toBeCloseTo(0.7, 12);
          expect(point[2]).toBeCloseTo(-1.2, 12);
        } else if (wallOf(ev.b[q]) < 0 && seen.indexOf('pair') < 0) {
          seen.push('pair');
          // They touch where their surfaces meet: the midpoint, x = 0.
          expect(point[0]).toBeCloseTo(0, 12);
          expect(point[1]).toBeCloseTo(1.5, 12);
          expect(point[2]).toBeCloseTo(1, 12);
        }
      }
    }
    expect(seen.slice(0, 2).sort()).toEqual(['pair', 'wall']);
  });
});
