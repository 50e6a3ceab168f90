/** Each preset's physics outcome, against the formulas of docs/physics.md, section 4, and what each shows. */
import { describe, expect, it } from 'vitest';
import { buildWorld } from '../solver/index.ts';
import type { World } from '../solver/index.ts';
import { runFor as run } from '../testing/solver.ts';
import { PRESETS, presetById } from './presets.ts';

function build(id: string, seed = 1): World {
  const preset = presetById(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return buildWorld(preset.build(seed));
}

describe('presets', () => {
  it('every preset has an id, a title and a one-line explanation, and builds a world that runs', () => {
    const ids = new Set<string>();
    for (const p of PRESETS) {
      expect(p.id).toMatch(/^[a-z-]+$/);
      expect(ids.has(p.id)).toBe(false);
      ids.add(p.id);
      expect(p.title.length).toBeGreaterThan(3);
      expect(p.watch.length).toBeGreaterThan(20);
      expect(p.watch).not.toContain('\n');
      const w = buildWorld(p.build(1));
      expect(w.count).toBeGreaterThan(1);
      for (let k = 0; k < 30; k++) w.step(1 / 60);
      expect(Number.isFinite(w.stats().kineticEnergy)).toBe(true);
    }
    expect(PRESETS.length).toBe(17);
  });

  it('each preset names the readouts of its lesson: collisions show momentum and energy, gases temperature and pressure', () => {
    for (const p of PRESETS) {
      expect(p.readouts.length).toBeGreaterThan(0);
      expect(new Set(p.readouts).size).toBe(p.readouts.length);
      const w = buildWorld(p.build(1));
      // A temperature and a pressure of two spheres (or of a row in a line) mean nothing to a class.
      if (w.count <= 16 || p.mode === 'line') {
        expect(p.readouts).not.toContain('gas');
        expect(p.readouts).toContain('momentum');
        expect(p.readouts).toContain('energy');
      }
    }
    for (const id of ['gas', 'brownian']) expect(presetById(id)!.readouts).toContain('gas');
    expect(presetById('ball-pit')!.readouts).toContain('energy');
  });

  it('brownian motion is about its big sphere: the focus names the largest, heaviest sphere', () => {
    const p = presetById('brownian')!;
    const w = buildWorld(p.build(1));
    const id = p.focus!.sphere;
    const slot = w.indexOf(id);
    for (let k = 0; k < w.count; k++) if (k !== slot) expect(w.radii[k]).toBeLessThan(w.radii[slot] / 4);
    expect(p.focus!.trail).toBe(true);
  });

  it('head-on equal masses: velocities swap', () => {
    const w = build('head-on');
    run(w, 2);
    expect(w.velocities[0]).toBeCloseTo(-2, 12);
    expect(w.velocities[3]).toBeCloseTo(2, 12);
  });

  it('heavy versus light: the 1D elastic formulas', () => {
    const w = build('heavy-light');
    run(w, 2.5);
    expect(w.stats().pairCollisions).toBe(1);
    expect(w.stats().wallCollisions).toBe(0);
    const [m1, m2, u1] = [10, 1, 1.5];
    expect(w.velocities[0]).toBeCloseTo(((m1 - m2) / (m1 + m2)) * u1, 12);
    expect(w.velocities[3]).toBeCloseTo(((2 * m1) / (m1 + m2)) * u1, 12);
  });

  it('glancing: 90 degrees between the outgoing velocities', () => {
    const w = build('glancing');
    run(w, 3);
    const v = w.velocities;
    expect(v[0] * v[3] + v[1] * v[4] + v[2] * v[5]).toBeCloseTo(0, 12);
    expect(Math.hypot(v[0], v[1]) ** 2 + Math.hypot(v[3], v[4]) ** 2).toBeCloseTo(4, 12);
  });

  it('perfectly inelastic: both move on at the common velocity (m1 u1 + m2 u2) / (m1 + m2)', () => {
    const w = build('inelastic');
    run(w, 1.5);
    const common = (2 * 2 + 1 * -1) / 3;
    expect(w.velocities[0]).toBeCloseTo(common, 12);
    expect(w.velocities[3]).toBeCloseTo(common, 12);
  });

  it("Newton's cradle: only the last sphere leaves, at the incoming speed", () => {
    const w = build('cradle');
    run(w, 2);
    expect(w.velocities[12]).toBeCloseTo(2, 12);
    for (let i = 0; i < 4; i++) expect(Math.abs(w.velocities[3 * i])).toBeLessThan(1e-12);
  });

  it('billiards break: momentum conserved until the first cushion, all in the plane', () => {
    const w = build('billiards');
    const p0 = w.stats().momentum;
    let steps = 0;
    while (w.stats().wallCollisions === 0 && steps < 600) {
      w.step(1 / 240);
      steps++;
    }
    expect(w.stats().pairCollisions).toBeGreaterThan(10);
    // The step that hit the cushion may include it: check the momentum just before it instead.
    const w2 = build('billiards');
    for (let k = 0; k < steps - 1; k++) w2.step(1 / 240);
    const p1 = w2.stats().momentum;
    expect(Math.hypot(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]) / Math.hypot(...p0)).toBeLessThan(1e-12);
    for (let i = 0; i < w.count; i++) expect(w.positions[3 * i + 2]).toBe(0);
  });

  it('fixed obstacle: it never moves, and elastic bounces off it keep every speed', () => {
    const w = build('obstacle');
    const speeds0 = Array.from({ length: w.count - 1 }, (_, k) => Math.hypot(w.velocities[3 * (k + 1)], w.velocities[3 * (k + 1) + 1], w.velocities[3 * (k + 1) + 2]));
    run(w, 1.2);
    expect(Array.from(w.positions.slice(0, 3))).toEqual([0, 0, 0]);
    expect(w.stats().pairCollisions).toBeGreaterThan(5);
    // Total kinetic energy is conserved exactly (e = 1): the obstacle takes none.
    const ke = w.stats().kineticEnergy;
    let ke0 = 0;
    for (let k = 0; k < speeds0.length; k++) ke0 += 0.5 * w.masses[k + 1] * speeds0[k] ** 2;
    expect(ke / ke0).toBeCloseTo(1, 12);
  });

  it('brownian: the heavy sphere is kicked about, with far less speed than the small ones', () => {
    const w = build('brownian');
    run(w, 3);
    const vBig = Math.hypot(w.velocities[0], w.velocities[1], w.velocities[2]);
    expect(vBig).toBeGreaterThan(0);
    // Equipartition: <m v^2> equal, so the big sphere's typical speed is sqrt(m / M) of theirs.
    expect(vBig).toBeLessThan(0.5);
    expect(Math.hypot(w.positions[0], w.positions[1], w.positions[2])).toBeGreaterThan(0);
  });

  it('ball pit: settles under gravity', () => {
    const w = build('ball-pit');
    const k0 = w.stats().kineticEnergy + w.stats().potentialEnergy; // the energy the pile has to lose (potential from the floor)
    run(w, 12);
    expect(w.stats().kineticEnergy).toBeLessThan(1e-2 * Math.abs(k0));
    expect(w.stats().sleeping).toBeGreaterThan(0.8 * w.count);
  }, 120_000);

  it('presets are deterministic for a seed', () => {
    const a = build('gas', 5);
    const b = build('gas', 5);
    run(a, 1);
    run(b, 1);
    expect(Array.from(a.positions.subarray(0, 3 * a.count))).toEqual(Array.from(b.positions.subarray(0, 3 * b.count)));
  });
});
