import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../i18n/index.ts';
import { createSandboxStore } from './index.ts';

describe("the store's messages follow its language", () => {
  it('writes an action\'s refusal in the language of the moment', () => {
    const store = createSandboxStore({ running: true, settings: { count: 10 }, locale: 'de' });
    expect(store.getState().editSphere(0, { mass: 2 })).toBe(CATALOGUES.de['store.pauseToEdit']);
    store.getState().setLocale('es');
    expect(store.getState().editSphere(0, { mass: 2 })).toBe(CATALOGUES.es['store.pauseToEdit']);
    store.getState().pause();
    expect(store.getState().editSphere(999, { mass: 2 })).toBe('La esfera n.º 999 no existe.');
  });

  it('writes the notices of its start in its language', () => {
    const store = createSandboxStore({ running: false, preset: 'warp', locale: 'es' });
    expect(store.getState().notices).toEqual(['Experimento desconocido «warp»; se carga el sandbox libre.']);
    expect(createSandboxStore({ running: false, preset: 'warp' }).getState().notices).toEqual(['Unknown preset "warp"; the free sandbox is loaded.']);
  });

  it('starts in English unless told otherwise', () => {
    expect(createSandboxStore({ running: false, settings: { count: 5 } }).getState().locale).toBe('en');
  });
});
