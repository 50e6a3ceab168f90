/**
 * The view slice: what the person sees around the run and what a link does not carry: the visual
 * aids, reduced motion, the language, the notices, the camera's home view and the run's sound.
 */
import type { StateCreator } from 'zustand/vanilla';
import { isLocale } from '../i18n/index.ts';
import type { Sound } from '../sound/index.ts';
import { setLanguage, type StoreCore } from './core.ts';
import type { SandboxStoreOptions, StoreStart } from './options.ts';
import { THEMES, type SandboxState, type ViewSlice, type VisualAids } from './state.ts';

/** All visual aids off: the plain view. */
export const DEFAULT_AIDS: Readonly<VisualAids> = Object.freeze({ velocity: false, momentum: false, centreOfMass: false, trail: false, flash: false, pressure: false });

/** Whether the page asks for reduced motion (false outside a browser). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export const createViewSlice =
  (core: StoreCore, options: SandboxStoreOptions, start: StoreStart): StateCreator<SandboxState, [], [], ViewSlice> =>
  (set, get) => {
    const reducedMotion = options.reducedMotion ?? prefersReducedMotion();
    let sound: Promise<Sound> | null = null;
    return {
      aids: { ...DEFAULT_AIDS, ...options.aids, ...(reducedMotion ? { flash: false } : {}), ...(start.focus?.trail ? { trail: true } : {}) },
      reducedMotion,
      theme: options.theme !== undefined && THEMES.includes(options.theme) ? options.theme : 'dark',
      locale: start.locale,
      studentView: options.studentView ?? null,
      notices: start.notices,
      viewVersion: 0,
      resetView() {
        set((s) => ({ viewVersion: s.viewVersion + 1 }));
      },
      setAid(key, on) {
        if (on && key === 'flash' && get().reducedMotion) return false;
        if (get().aids[key] !== on) set((s) => ({ aids: { ...s.aids, [key]: on } }));
        return true;
      },
      setTheme(theme) {
        if (THEMES.includes(theme) && get().theme !== theme) set({ theme });
      },
      setLocale(locale) {
        if (!isLocale(locale)) return;
        setLanguage(core, locale);
        set({ locale });
      },
      notify(message) {
        set((s) => ({ notices: [...s.notices, message] }));
      },
      said: '',
      say(text) {
        core.instruments.describer.spoke(core.now());
        set({ said: String(text) });
      },
      sound(make = () => new AudioContext()) {
        // The engine is a chunk of its own, loaded the first time the sound is asked for.
        sound ??= import('../sound/sound.ts').then(({ Sound }) => {
          const made = new Sound(make);
          core.sim.attach(made);
          // The drops of a gas with wells, at each sample: a condensing gas drips.
          core.instruments.drops.onSample = (r) => made.liquid(r.inDrops, r.count);
          return made;
        });
        return sound;
      },
      dismissNotices() {
        if (get().notices.length > 0) set({ notices: [] });
      },
    };
  };
