import { describe, expect, it } from 'vitest';
import { pixelText, placeLabel } from './place-label.ts';

describe('placeLabel', () => {
  it('writes CSS pixel texts: whole pixels, negative ones, zero, and a fraction', () => {
    expect([pixelText(12), pixelText(-7), pixelText(0), pixelText(-0), pixelText(2.5)]).toEqual(['12px', '-7px', '0px', '0px', '2.5px']);
    expect(pixelText(1e9)).toBe('1000000000px');
  });

  it('sets the two offsets the label CSS transform reads', () => {
    const set = new Map<string, string>();
    const el = { style: { setProperty: (k: string, v: string) => set.set(k, v) } } as unknown as HTMLElement;
    placeLabel(el, 310, -4);
    expect(Object.fromEntries(set)).toEqual({ '--label-x': '310px', '--label-y': '-4px' });
  });
});
