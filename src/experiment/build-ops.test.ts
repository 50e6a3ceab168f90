import { describe, expect, it } from 'vitest';
import { addSphere, arrangeSpheres, arrangementPoints, checkBuiltScene, deleteSpheres, duplicateSpheres, emptyScene, freeSpot, moveSpheres, patchSpheres, placeSphere, type BuildOutcome } from './build-ops.ts';
import type { BuiltScene, BuiltSphere } from './built.ts';

const box = (side = 4, planar = false): BuiltScene => ({ size: [side, side, side], ...(planar ? { planar: true } : {}), spheres: [] });
const ball = (x: number, y = 0, z = 0, radius = 0.2): BuiltSphere => ({ position: [x, y, z], velocity: [0, 0, 0], radius, mass: 1 });
const ok = (out: BuildOutcome): BuiltScene => {
  if ('error' in out) throw new Error(out.error);
  return out.scene;
};
const err = (out: BuildOutcome): string => {
  if (!('error' in out)) throw new Error('expected a refusal');
  return out.error;
};

describe('build operations', () => {
  it('places a sphere where asked and leaves the scene given untouched', () => {
    const start = box();
    const next = ok(placeSphere(start, ball(1, -1.8, 0.5)));
    expect(next.spheres).toEqual([ball(1, -1.8, 0.5)]);
    expect(start.spheres).toEqual([]);
  });

  it('refuses a place outside the box or overlapping, naming the axis, limits or the other sphere', () => {
    const one = ok(placeSphere(box(), ball(0)));
    expect(err(placeSphere(one, ball(1.9)))).toBe('Position x of the new sphere must be between -1.8 m and 1.8 m to stay inside the box; got 1.9');
    expect(err(placeSphere(one, ball(0.39)))).toBe('the new sphere would overlap sphere 0; nothing was changed.');
    expect(ok(placeSphere(one, ball(0.4))).spheres).toHaveLength(2); // just touching is allowed
    expect(err(placeSphere(one, { ...ball(1), mass: -2 }))).toBe('The mass of the new sphere must be greater than 0 and at most 1000000; got -2'.replace('The mass', 'Mass'));
    expect(err(placeSphere(one, { ...ball(1), color: 'red' }))).toContain('Colour of the new sphere must be a colour written #rrggbb; got "red"');
    expect(err(placeSphere(one, { ...ball(1), restitution: 1.5 }))).toContain('Restitution of the new sphere must be between 0 and 1; got 1.5');
  });

  it('adds at the nearest free lattice spot when the asked one is taken, and says when the box is full', () => {
    const one = ok(placeSphere(box(), ball(0)));
    const two = ok(addSphere(one, ball(0)));
    const p = two.spheres[1].position;
    // one lattice step (2 r × 1.05 = 0.42 m) along one axis
    expect(Math.hypot(...p)).toBeCloseTo(0.42, 12);
    const tiny = ok(placeSphere(box(1), ball(0, 0, 0, 0.45)));
    expect(err(addSphere(tiny, ball(0, 0, 0, 0.45)))).toBe('No free spot is left in the box for a sphere of radius 0.45 m.');
    expect(freeSpot(tiny, 0.45, [0, 0, 0])).toBeNull();
  });

  it('duplicates next to the originals and deletes with the ids closing up', () => {
    let s = ok(placeSphere(box(), { ...ball(-1), color: '#ff0000', label: 'A' }));
    s = ok(placeSphere(s, ball(1)));
    const d = ok(duplicateSpheres(s, [0]));
    expect(d.spheres).toHaveLength(3);
    expect(d.spheres[2]).toMatchObject({ color: '#ff0000', label: 'A', radius: 0.2, mass: 1 });
    expect(Math.hypot(d.spheres[2].position[0] + 1, d.spheres[2].position[1], d.spheres[2].position[2])).toBeCloseTo(0.42, 12);
    const del = ok(deleteSpheres(d, [0, 1]));
    expect(del.spheres).toEqual([d.spheres[2]]);
    expect(err(deleteSpheres(d, [7]))).toBe('There is no sphere 7 in this experiment.');
    expect(err(duplicateSpheres(d, []))).toBe('Select one or more spheres first.');
  });

  it('lines new spheres up in a row, a grid and a ring at the positions of their geometry', () => {
    const c: [number, number, number] = [0, -1, 0];
    expect(arrangementPoints({ shape: 'row', count: 3, spacing: 0.5, centre: c })).toEqual([[-0.5, -1, 0], [0, -1, 0], [0.5, -1, 0]]);
    // 5 in a grid: 3 columns (x), 2 rows (z)
    expect(arrangementPoints({ shape: 'grid', count: 5, spacing: 1, centre: c })).toEqual([[-1, -1, -0.5], [0, -1, -0.5], [1, -1, -0.5], [-1, -1, 0.5], [0, -1, 0.5]]);
    // a ring of 6 with chord 1 has radius 1 (a hexagon)
    const ring = arrangementPoints({ shape: 'ring', count: 6, spacing: 1, centre: c });
    ring.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(Math.cos((i * Math.PI) / 3), 12);
      expect(p[1]).toBe(-1);
      expect(p[2]).toBeCloseTo(Math.sin((i * Math.PI) / 3), 12);
    });
    // planar: the grid's rows go along y
    expect(arrangementPoints({ shape: 'grid', count: 4, spacing: 1, centre: [0, 0, 0] }, true)).toEqual([[-0.5, -0.5, 0], [0.5, -0.5, 0], [-0.5, 0.5, 0], [0.5, 0.5, 0]]);
    const s = ok(arrangeSpheres(box(), [], { shape: 'ring', count: 6, spacing: 1, centre: c }, ball(0)));
    expect(s.spheres).toHaveLength(6);
    s.spheres.forEach((sp, i) => expect(sp.position).toEqual(ring[i]));
  });

  it('lines selected spheres up in their order, and refuses a shape that leaves the box or overlaps', () => {
    let s = box();
    for (const x of [-1.5, 0, 1.5]) s = ok(placeSphere(s, ball(x, 1)));
    const row = ok(arrangeSpheres(s, [2, 0], { shape: 'row', count: 9, spacing: 0.6, centre: [0, -1, 0] }, ball(0)));
    expect(row.spheres[2].position).toEqual([-0.3, -1, 0]);
    expect(row.spheres[0].position).toEqual([0.3, -1, 0]);
    expect(row.spheres[1]).toEqual(s.spheres[1]);
    expect(err(arrangeSpheres(s, [], { shape: 'row', count: 10, spacing: 0.6, centre: [0, -1, 0] }, ball(0)))).toMatch(/^Position x of the new sphere must be between/);
    expect(err(arrangeSpheres(s, [], { shape: 'row', count: 2, spacing: 0.3, centre: [0, -1, 0] }, ball(0)))).toBe('the new sphere would overlap sphere 3; nothing was changed.');
    expect(err(arrangeSpheres(s, [], { shape: 'row', count: 0, spacing: 1, centre: [0, 0, 0] }, ball(0)))).toBe('Count must be a whole number from 1 to 400; got 0');
    expect(err(arrangeSpheres(s, [], { shape: 'row', count: 2, spacing: -1, centre: [0, 0, 0] }, ball(0)))).toBe('Spacing must be a number greater than 0 m; got -1');
  });

  it('patches several spheres together and moves them, refusing what would overlap', () => {
    let s = box();
    for (const x of [-1, 0, 1]) s = ok(placeSphere(s, ball(x)));
    const p = ok(patchSpheres(s, [0, 2], { mass: 3, restitution: 0.5, fixed: true, color: '#00ff00', label: 'Cart', velocity: [2, null, null] }));
    for (const i of [0, 2]) expect(p.spheres[i]).toEqual({ position: s.spheres[i].position, velocity: [2, 0, 0], radius: 0.2, mass: 3, restitution: 0.5, fixed: true, color: '#00ff00', label: 'Cart' });
    expect(p.spheres[1]).toEqual(s.spheres[1]);
    const cleared = ok(patchSpheres(p, [0], { restitution: null, color: null, label: null, fixed: false }));
    expect(cleared.spheres[0]).toEqual({ position: [-1, 0, 0], velocity: [2, 0, 0], radius: 0.2, mass: 3 });
    expect(err(patchSpheres(s, [0, 1], { radius: 0.6 }))).toBe('sphere 1 would overlap sphere 0; nothing was changed.');
    expect(err(patchSpheres(s, [0], { label: ' A' }))).toContain('Label of sphere 0 must be 1 to 24 characters');
    expect(ok(moveSpheres(s, [0, 1], [0, 0, 0.5])).spheres.map((x) => x.position)).toEqual([[-1, 0, 0.5], [0, 0, 0.5], [1, 0, 0]]);
    expect(err(moveSpheres(s, [0], [0.7, 0, 0]))).toBe('sphere 0 would overlap sphere 1; nothing was changed.');
  });

  it('checks a whole scene and an empty box, planar scenes keeping z = 0', () => {
    expect(err(emptyScene([0.1, 4, 4]))).toBe('Box side x must be between 0.5 m and 500 m; got 0.1');
    const flat = ok(emptyScene([4, 4, 1], true));
    expect(ok(placeSphere(flat, ball(0, 0, 0.3))).spheres[0].position).toEqual([0, 0, 0]);
    expect(err(patchSpheres(ok(placeSphere(flat, ball(0))), [0], { velocity: [null, null, 1] }))).toBe('In a flat (2D) box sphere 0 must have position z and velocity z equal to 0.');
    expect(checkBuiltScene({ size: [4, 4, 4], spheres: [ball(0), ball(0.1)] })).toBe('sphere 1 would overlap sphere 0; nothing was changed.');
  });
});
