import { describe, expect, it } from 'vitest';
import { createStore, type StateCreator } from 'zustand/vanilla';
import { sliceMaker } from './slice-maker.ts';
import { createSandboxStore } from './index.ts';

interface Counter {
  count: number;
  bump(): void;
  steal(): void;
}
interface Label {
  label: string;
  rename(label: string): void;
}
type Both = Counter & Label;

const counter: StateCreator<Both, [], [], Counter> = (set) => ({
  count: 0,
  bump: () => set((s) => ({ count: s.count + 1 })),
  steal: () => set({ label: 'mine' }),
});
const label: StateCreator<Both, [], [], Label> = (set) => ({ label: '', rename: (text) => set({ label: text }) });

describe('slices own their state', () => {
  const store = () =>
    createStore<Both>()((set, get, api) => {
      const slice = sliceMaker(set, get, api);
      return { ...slice('counter', counter), ...slice('label', label) };
    });

  it('a slice writes its own keys', () => {
    const s = store();
    s.getState().bump();
    s.getState().rename('x');
    expect(s.getState()).toMatchObject({ count: 1, label: 'x' });
  });

  it("a slice that writes another slice's key throws, naming both, and writes nothing", () => {
    const s = store();
    expect(() => s.getState().steal()).toThrow('The counter slice wrote "label", which the label slice owns.');
    expect(s.getState().label).toBe('');
  });

  it('two slices cannot declare one key', () => {
    expect(() =>
      createStore<Both>()((set, get, api) => {
        const slice = sliceMaker(set, get, api);
        return { ...slice('counter', counter), ...slice('again', counter), label: '', rename: () => {} };
      }),
    ).toThrow('The again slice declared "count", which the counter slice owns.');
  });

  it("the sandbox store's keys each have one slice", () => {
    // Made without a throw: no key is declared twice; every action of the model test ran without a foreign write.
    expect(Object.keys(createSandboxStore({ running: false, solverPort: null }).getState()).length).toBeGreaterThan(80);
  });
});
