import { describe, expect, it } from 'vitest';
import { createWorld } from '../../solver/index.ts';
import { checkInsideBox, fieldOfRefusal } from './Inspector.tsx';

describe('inspector messages at the field', () => {
  it('names the box limits for a position, rounded, in plain words', () => {
    // A box 4.5 m wide and a sphere of radius 0.3 m: its centre may go 1.95 m from the middle.
    expect(checkInsideBox(0, 1.95, 4.5, 0.3)).toBeNull();
    expect(checkInsideBox(0, -1.95, 4.5, 0.3)).toBeNull();
    const message = checkInsideBox(0, 1000, 4.5, 0.3);
    expect(message).toBe('Position x must be between -1.95 m and 1.95 m, so that a sphere of radius 0.3 m stays inside the box (4.5 m wide); got 1000');
    expect(checkInsideBox(2, 1.9500001, 4.5, 0.3)).toMatch(/^Position z must be between -1\.95 m and 1\.95 m/);
  });

  it('accepts exactly the positions the sphere can reach: the solver puts it there unmoved', () => {
    const side = 3.868780689639537;
    const world = createWorld({ size: [side, side, side] });
    const id = world.addSphere({ position: [0, 0, 0], radius: 0.25 });
    const limit = side / 2 - 0.25;
    expect(checkInsideBox(1, limit, side, 0.25)).toBeNull();
    world.setPosition(id, [0, limit, 0]);
    expect(world.positions[1]).toBe(limit);
    // Beyond it the solver would move the sphere back inside (or refuse): the field refuses first.
    expect(checkInsideBox(1, limit * 1.001, side, 0.25)).not.toBeNull();
    world.setPosition(id, [0, limit * 1.001, 0]);
    expect(world.positions[1]).toBeLessThan(limit * 1.001);
  });

  it('maps a solver refusal to its field and rounds its long numbers', () => {
    const world = createWorld({ size: [3.868780689639537, 4, 4] });
    const id = world.addSphere({ position: [0, 0, 0], radius: 0.0000001 });
    let message = '';
    try {
      world.setPosition(id, [1000, 0, 0]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^position\[0\]/);
    const refusal = fieldOfRefusal(message);
    expect(refusal.field).toBe('px');
    expect(refusal.text).toMatch(/^Position x /);
    expect(refusal.text).not.toMatch(/\d\.\d{4,}/);
    expect(fieldOfRefusal('velocity[2] must be a finite number, got NaN')).toEqual({ field: 'vz', text: 'Velocity z must be a finite number, got NaN' });
    expect(fieldOfRefusal('radius must be a finite number > 0, got -1').field).toBe('radius');
    expect(fieldOfRefusal('no room to repair the overlaps').field).toBeNull();
  });
});
