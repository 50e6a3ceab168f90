/** options.ts: the defaults every world starts from. */
import { describe, expect, it } from 'vitest';
import { createWorld, DEFAULT_OPTIONS } from './index.ts';

describe('options', () => {
  it('fill every default in, and the wall restitution follows the sphere restitution unless given', () => {
    const w = createWorld({ size: [1, 2, 3], restitution: 0.4 });
    expect(w.options).toMatchObject({ ...DEFAULT_OPTIONS, restitution: 0.4, wallRestitution: 0.4, size: [1, 2, 3] });
    expect(createWorld({ size: [1, 1, 1], restitution: 0.4, wallRestitution: 0.9 }).options.wallRestitution).toBe(0.9);
  });

  it('are copied: changing the object given afterwards does not change the world', () => {
    const size: [number, number, number] = [4, 4, 4];
    const w = createWorld({ size });
    size[0] = 100;
    expect(w.size).toEqual([4, 4, 4]);
  });
});
