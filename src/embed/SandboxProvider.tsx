/**
 * `<SandboxProvider>`: one sandbox (its store, its world, its handle) for the components inside
 * it: the view, the panels and a page's own readouts and buttons, which read it with the hooks
 * (`useSandbox`, `useSandboxHandle`, `useSandboxStore`). Settings props changed after mount apply
 * live, the way the overlay applies them; unmounting ends the solver's worker.
 */
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { DEFAULT_LOCALE, localeOfTag, type Locale } from '../i18n/index.ts';
import { SandboxContext, type SandboxInstance, type SphereSandboxHandle } from '../hooks/sandbox-context.ts';
import { followExperimentInUrl } from '../share/url-sync.ts';
import { experimentLink, isExperimentKey, localeFromQuery, storeOptionsFromQuery } from '../share/url-state.ts';
import { WALL_NAMES, wallOf } from '../solver/index.ts';
import type { PistonMode, SphereEdit } from '../experiment/index.ts';
import { createSandboxStore, type SandboxStore, type Theme, type VisualAids } from '../store/index.ts';
import { DEFAULT_SETTINGS } from '../experiment/index.ts';
import { type SampledStats } from '../instruments/index.ts';
import { type SolverThread, type WorldView } from '../runtime/index.ts';
import type { Settings } from '../experiment/index.ts';
import { applyPropChanges, changed, checkLocale, checkTheme, checkThread, localeOfProp, snapshotOf, threadOf } from './prop-changes.ts';
import { checkSettingProps, settingsOfProps } from './props.ts';
import { followStore } from './store-callbacks.ts';
import { openLinkProp } from './link-prop.ts';

/** Which wall a sphere hit: -x, +x, -y, +y, -z or +z. */
export type WallName = (typeof WALL_NAMES)[number];

/**
 * One collision, passed to {@link SandboxProviderProps.onCollision}. The same object is reused for
 * every event of an instance (nothing is allocated per collision): read it inside the callback,
 * and copy what you keep (`{ ...event, normal: [...event.normal] }`).
 */
export interface SandboxCollisionEvent {
  /** Simulated time of the collision, s. */
  time: number;
  /** Id of the first sphere. */
  a: number;
  /** Id of the second sphere, or -1 when the first hit a wall. */
  b: number;
  /** The wall that was hit, or null for two spheres. */
  wall: WallName | null;
  /** Unit contact normal from a towards b (or the wall), x y z. Reused like the event. */
  normal: [number, number, number];
  /** Magnitude of the normal impulse, kg m/s. */
  impulse: number;
  /** Kinetic energy lost in the collision, J (0 when elastic). */
  energyLost: number;
  /** Closing speed along the normal just before the collision, m/s. */
  closingSpeed: number;
}

/** Props of {@link SandboxProvider} (and of `<SphereSandbox>`). Settings props apply live after mount, as the overlay applies them. */
export interface SandboxProviderProps {
  /**
   * A classroom preset to run, by id (for instance 'head-on', 'billiards', 'brownian'), or null
   * for the free sandbox described by the settings props. While a preset runs, only `seed` and
   * the live settings reach it. Changing it rebuilds the scene. @defaultValue null
   */
  preset?: string | null;
  /** Number of spheres (1 to 100 000; from 5 000 the solver runs in a worker). Rebuilds the scene. @defaultValue 300 */
  count?: number;
  /** Smallest sphere radius, m. Rebuilds the scene. @defaultValue 0.15 */
  radiusMin?: number;
  /** Largest sphere radius, m. Rebuilds the scene. @defaultValue 0.3 */
  radiusMax?: number;
  /** Initial speed of every sphere, m/s, in a random direction. Rebuilds the scene. @defaultValue 2 */
  speed?: number;
  /** Restitution between spheres, 0 to 1 (1 = elastic). Live. @defaultValue 1 */
  restitution?: number;
  /** Restitution at the walls, 0 to 1. Live. @defaultValue 1 */
  wallRestitution?: number;
  /** Whether gravity acts (downwards, -y). Live. @defaultValue false */
  gravityOn?: boolean;
  /** Gravity strength, m/s². Live. @defaultValue 9.81 */
  gravity?: number;
  /** Side of the cubic box, m. Rebuilds the scene. @defaultValue 8 */
  boxSize?: number;
  /** Simulated seconds per real second (slow motion below 1, 0.05 to 4). Live. @defaultValue 1 */
  timeScale?: number;
  /** Planar mode: every sphere moves in the plane z = 0. Rebuilds the scene. @defaultValue false */
  planar?: boolean;
  /** Seed of the random placement and directions (the same seed gives the same scene). Rebuilds the scene. @defaultValue 1 */
  seed?: number;
  /** What the sphere colour shows. Live. @defaultValue 'speed' */
  colorBy?: 'speed' | 'mass' | 'species' | 'neighbours';
  /** The piston (the top wall): 'held', 'push' in or 'pull' out at `pistonSpeed`, or 'free' under the weight `pistonForce`. Live. @defaultValue 'held' */
  piston?: PistonMode;
  /** Speed of a pushed or pulled piston, m/s. Live. @defaultValue 0.5 */
  pistonSpeed?: number;
  /** The weight on a free piston (its constant inward force), N. Live. @defaultValue 2 */
  pistonForce?: number;
  /** Mass of a free piston, kg. Live. @defaultValue 1 */
  pistonMass?: number;
  /** The left wall (-x) heats or cools the gas at `leftKT`. Live. @defaultValue false */
  leftThermal?: boolean;
  /** Temperature kT of the left wall, J. Live. @defaultValue 0.1 */
  leftKT?: number;
  /** The right wall (+x) heats or cools the gas at `rightKT`. Live. @defaultValue false */
  rightThermal?: boolean;
  /** Temperature kT of the right wall, J. Live. @defaultValue 0.02 */
  rightKT?: number;
  /** A divider across the box at x = 0. Live. @defaultValue false */
  divider?: boolean;
  /** Depth ε of the square well between every pair of spheres, J; 0 is no attraction. Live. @defaultValue 0 */
  attraction?: number;
  /** Reach of that well, in sums of radii, in (1, 2]. Live. @defaultValue 1.5 */
  attractionRange?: number;
  /** Visual aids switched on (velocity and momentum arrows, centre of mass, trail, collision flash, pressure map). Live. @defaultValue all off */
  aids?: Partial<VisualAids>;
  /**
   * Where the solver runs: 'auto' moves scenes of 5,000 spheres or more to a Web Worker while
   * they play (the page stays smooth; same results), 'main' keeps it on the page's thread,
   * 'worker' always uses a worker. Live. @defaultValue 'auto'
   */
  solverThread?: SolverThread;
  /**
   * The interface's language: 'en', 'es' or 'de' (a tag such as 'es-MX' counts as its language).
   * Live. @defaultValue the page's `<html lang>` where it is one of the three, else English
   */
  locale?: Locale | string;
  /** The look of the view and its overlay: 'dark' or 'projector' (light, high contrast, thicker lines). Live. @defaultValue 'dark' */
  theme?: Theme;
  /**
   * The page's address follows this sandbox's experiment (preset, settings, seed, sphere edits; the
   * query of Copy link), rewritten in place a moment after each change, and at mount the sandbox
   * starts from the experiment the address names, if any, over the props: a reload brings the
   * same experiment back. Give it to one sandbox of a page at most. Read at mount. @defaultValue false
   */
  syncUrl?: boolean;
  /**
   * An experiment link to open: a whole address or its query, plain or compressed (`exp=`), as
   * Copy link and the handle's `link()` give it. Its experiment replaces the props' (and
   * `syncUrl`'s address's) once it has been read, a moment after mount (a compressed link is
   * expanded asynchronously); a refused part, or a link that cannot be read, is reported like a
   * bad prop (a console warning and a notice naming the problem), the rest used. Read at mount. @defaultValue none
   */
  link?: string;
  /** Paused at mount, and paused or played whenever this prop changes (the controls and the handle still work in between). @defaultValue false */
  paused?: boolean;
  /** Name of this instance: its outer element's `data-sandbox` attribute (and its test hook's name). @defaultValue none */
  name?: string;
  /**
   * Called for every collision, sphere-sphere and sphere-wall, in order, right after the fixed
   * step that contains it (up to a few hundred per step; see {@link SandboxCollisionEvent} on reuse). @defaultValue none
   */
  onCollision?(event: SandboxCollisionEvent): void;
  /**
   * Called when every sphere has come to rest (all asleep or still: a settled pile, an inelastic
   * collision that stopped both spheres), checked with the stats; again after they move and rest
   * anew. @defaultValue none
   */
  onRest?(handle: SphereSandboxHandle): void;
  /** Called with fresh stats a few times a second (4 per second) while the page renders. @defaultValue none */
  onStats?(stats: SampledStats): void;
  /**
   * Called with every setting in effect whenever one changes: from the overlay, the handle, a preset,
   * or these props. Keep them in state and pass them back as props for a controlled sandbox: a prop
   * equal to the setting in effect changes nothing, so passing them back costs no rebuild. @defaultValue none
   */
  onSettingsChange?(settings: Settings): void;
  /** Called once, after the first frame is drawn, with the handle. @defaultValue none */
  onReady?(handle: SphereSandboxHandle): void;
  /** The imperative handle (React 19 passes `ref` as a prop). @defaultValue none */
  ref?: Ref<SphereSandboxHandle>;
  /** What the sandbox's components are: the view, panels, a page's own readouts. @defaultValue none */
  children?: ReactNode;
}

/** The event object of one instance, filled for each collision. */
function emptyEvent(): SandboxCollisionEvent {
  return { time: 0, a: 0, b: 0, wall: null, normal: [0, 0, 0], impulse: 0, energyLost: 0, closingSpeed: 0 };
}

export function reportNotices(store: SandboxStore, messages: readonly string[]): void {
  if (messages.length === 0) return;
  for (const m of messages) console.warn(m);
  store.setState((s) => ({ notices: [...s.notices, ...messages] }));
}

/** The store of a new instance, from its props at mount; bad props are left out with a notice. */
function createInstanceStore(props: SandboxProviderProps): SandboxStore {
  let preset = props.preset ?? null;
  const { valid, problems } = checkSettingProps(settingsOfProps(props as Record<string, unknown>, preset));
  let settings: Partial<Settings> = valid;
  let edits: SphereEdit[] | undefined;
  const linked = props.syncUrl === true ? experimentInAddress() : null;
  if (linked) {
    preset = linked.preset ?? null;
    settings = { ...settingsOfProps(valid, preset), ...linked.settings };
    edits = linked.edits;
    problems.push(...(linked.notices ?? []));
  }
  const thread = checkThread(props.solverThread);
  if (thread !== null) problems.push(thread);
  const badLocale = checkLocale(props.locale);
  if (badLocale !== null) problems.push(badLocale);
  const addressLocale = props.syncUrl === true && hasLang() ? localeFromQuery(window.location.search).locale : null;
  const locale = addressLocale ?? localeOfProp(props.locale) ?? pageLocale();
  const badTheme = checkTheme(props.theme);
  if (badTheme !== null) problems.push(badTheme);
  const theme = badTheme === null ? props.theme : undefined;
  const common = { preset, running: !props.paused, aids: props.aids, solverThread: threadOf(props.solverThread), edits, locale, theme };
  let store: SandboxStore;
  try {
    store = createSandboxStore({ ...common, settings });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    store = createSandboxStore({ running: common.running, aids: common.aids, locale, theme });
    problems.push(`SphereSandbox: the scene of these props could not be built (${why}); the default sandbox is shown.`);
  }
  const startNotices = store.getState().notices;
  for (const n of startNotices) console.warn(`SphereSandbox: ${n}`);
  reportNotices(store, problems);
  return store;
}

/** The language of the page's `<html lang>` where the sandbox speaks it, else English. */
function pageLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return localeOfTag(document.documentElement.lang || '') ?? DEFAULT_LOCALE;
}

/** Whether the page's address names a language (`lang=`). */
function hasLang(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('lang');
}

/** The experiment the page's address names (with `syncUrl`), or null when it names none. */
function experimentInAddress(): ReturnType<typeof storeOptionsFromQuery> | null {
  if (typeof window === 'undefined') return null;
  const query = window.location.search;
  if (![...new URLSearchParams(query).keys()].some(isExperimentKey)) return null;
  return storeOptionsFromQuery(query);
}

/** The page's address without its query, the base of the handle's link ('' outside a browser). */
function pageAddress(): string {
  return typeof window === 'undefined' ? '' : `${window.location.origin}${window.location.pathname}`;
}

/** Brings the store back to what the props describe (the handle's reset). */
function resetToProps(store: SandboxStore, props: SandboxProviderProps): void {
  const preset = props.preset ?? null;
  const { valid } = checkSettingProps(settingsOfProps(props as Record<string, unknown>, null));
  const st = store.getState();
  st.selectPreset(null);
  st.applySettings({ ...DEFAULT_SETTINGS, ...valid });
  if (preset !== null) {
    st.selectPreset(preset);
    const own = settingsOfProps(valid, preset);
    if (Object.keys(own).length > 0) st.applySettings(own);
  }
  if (props.paused) st.pause();
  else st.play();
  st.resetView();
}

/**
 * The simulation's after-step callback that reports each collision to the latest `onCollision`
 * through one reused event object (nothing is allocated per collision). A throwing callback must
 * not stop the animation: it is reported once and not called again.
 */
function collisionReporter(onCollision: RefObject<SandboxProviderProps['onCollision']>): (world: WorldView) => void {
  const event = emptyEvent();
  let failed = false;
  return (world) => {
    const callback = onCollision.current;
    const ev = world.events;
    if (!callback || ev.count === 0 || failed) return;
    try {
      for (let k = 0; k < ev.count; k++) {
        const b = ev.b[k];
        const wall = wallOf(b);
        event.time = ev.time[k];
        event.a = ev.a[k];
        event.b = wall >= 0 ? -1 : b;
        event.wall = wall >= 0 ? WALL_NAMES[wall] : null;
        event.normal[0] = ev.normal[3 * k];
        event.normal[1] = ev.normal[3 * k + 1];
        event.normal[2] = ev.normal[3 * k + 2];
        event.impulse = ev.impulse[k];
        event.energyLost = ev.energyLost[k];
        event.closingSpeed = ev.closingSpeed[k];
        callback(event);
      }
    } catch (error) {
      failed = true;
      console.error('SphereSandbox: onCollision threw; it is not called again for this sandbox.', error);
    }
  };
}

/** Keeps a ref pointing at the latest value of a prop (for callbacks called from the frame loop). */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * One sandbox for the components inside it. Import the stylesheet once (`sphere-sandbox/style.css`).
 *
 * @example
 * <SandboxProvider preset="gas" restitution={0.9}>
 *   <div style={{ height: 360 }}><SandboxView /></div>
 *   <SandboxControls />
 *   <EnergyReadout />
 * </SandboxProvider>
 */
export function SandboxProvider(props: SandboxProviderProps) {
  const { ref, children, name } = props;
  const [store] = useState(() => createInstanceStore(props));
  const propsRef = useLatest(props);
  const onCollision = useLatest(props.onCollision);

  // With syncUrl, the page's address follows the experiment (read at mount, like the store).
  const [syncUrl] = useState(() => props.syncUrl === true);
  useEffect(() => (syncUrl ? followExperimentInUrl(store) : undefined), [store, syncUrl]);

  // A link given at mount opens once it has been read (a compressed one asynchronously).
  const [link] = useState(() => props.link);
  useEffect(() => {
    if (link === undefined) return;
    let gone = false;
    void openLinkProp(store, link, reportNotices, () => gone);
    return () => {
      gone = true;
    };
  }, [store, link]);

  const onReady = useLatest(props.onReady);

  const handle = useMemo<SphereSandboxHandle>(
    () => ({
      play: () => store.getState().play(),
      pause: () => store.getState().pause(),
      step: () => store.getState().stepOnce(),
      restart: () => store.getState().restart(),
      reset: () => resetToProps(store, propsRef.current),
      get world() {
        return store.getState().sim.world;
      },
      get running() {
        return store.getState().running;
      },
      get stats() {
        return store.getState().stats;
      },
      onStep: (callback) => store.getState().sim.attach({ afterStep: (world) => callback(world) }),
      seek: (step) => store.getState().seek(step),
      link: () => experimentLink(store.getState().experiment(), pageAddress()).url,
      snapshot: () => store.getState().snapshot(),
      restore: (snapshot) => store.getState().restore(snapshot),
    }),
    [store, propsRef],
  );
  useImperativeHandle(ref, () => handle, [handle]);

  // The callbacks: collisions straight from the solver's per-step event buffer into one reused
  // event object, stats, rest and settings as the store publishes them; the solver's worker ends
  // with the sandbox.
  useEffect(() => {
    const sim = store.getState().sim;
    const detach = sim.attach({ afterStep: collisionReporter(onCollision) });
    const unsubscribe = followStore(store, () => propsRef.current, handle);
    return () => {
      detach();
      unsubscribe();
      sim.dispose();
    };
  }, [store, onCollision, propsRef, handle]);

  // Props changed after mount: what differs from the props applied before (see prop-changes.ts).
  const now = snapshotOf(props);
  const applied = useRef(now);
  useEffect(() => {
    if (!changed(applied.current, now)) return;
    const before = applied.current;
    applied.current = now;
    reportNotices(store, applyPropChanges(store, before, now, propsRef.current));
  });

  const instance = useMemo<SandboxInstance>(() => ({ store, handle, name, onFirstFrame: () => onReady.current?.(handle) }), [store, handle, name, onReady]);
  return <SandboxContext value={instance}>{children}</SandboxContext>;
}
