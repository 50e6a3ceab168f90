/** A link carries the Thermodynamics controls: the walls come back, and the run goes on step for step. */
import { describe, expect, it } from 'vitest';
import { createSandboxStore } from '../store/index.ts';
import { stepN } from '../testing/store.ts';
import { local, stateById } from '../testing/twin.ts';
import { decodeState, encodeState } from './url-state.ts';

describe('the walls in a link', () => {
  it('a link carries the walls: the same experiment, walls and all, step for step', () => {
    const store = createSandboxStore({ preset: 'conduction', running: false });
    store.getState().applySettings({ piston: 'push', pistonSpeed: 0.3, rightKT: 0.005, divider: true });
    const link = encodeState(store.getState().experiment());
    const parsed = decodeState(link);
    expect(parsed.notices).toEqual([]);
    const again = createSandboxStore({ ...parsed.state, running: false });
    expect(again.getState().settings).toEqual(store.getState().settings);
    expect(local(again).wallState('+x').kT).toBe(0.005);
    expect(local(again).divider).toEqual({ axis: 'x', position: 0 });
    stepN(store, 60);
    stepN(again, 60);
    expect(stateById(local(again))).toEqual(stateById(local(store)));
    expect(decodeState('piston=sideways').notices.join(' ')).toMatch(/Piston "sideways" is not one of held, push, pull, free/);
  });

});
