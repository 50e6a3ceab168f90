/** The presets as data: ids, titles, readouts, focus, and determinism (what each line says is tested in watch-lines.test.ts). */
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
    expect(PRESETS.length).toBe(27);
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

  it('presets are deterministic for a seed', () => {
    const a = build('gas', 5);
    const b = build('gas', 5);
    run(a, 1);
    run(b, 1);
    expect(Array.from(a.positions.subarray(0, 3 * a.count))).toEqual(Array.from(b.positions.subarray(0, 3 * b.count)));
  });
});
