/**
 * The sandbox app: one store per mounted app (no module-level singleton), started from the
 * experiment in the page's link (which then follows the experiment), the 3D view and the overlay
 * on top of it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SandboxContext, type SandboxInstance } from './hooks/sandbox-context.ts';
import { SandboxCanvas } from './scene/SandboxCanvas.tsx';
import { useStore } from 'zustand';
import { createSandboxStore, type SandboxStore, type Theme } from './store/index.ts';
import { Overlay } from './ui/Overlay.tsx';
import { RestoreOffer } from './ui/experiment/RestoreOffer.tsx';
import { keepExperiment, readKept } from './share/autosave.ts';
import { storeOptionsFromQuery } from './share/url-state.ts';
import { studentViewFromQuery } from './share/student-view.ts';
import { addressLimit, addressNotice, addressQuery } from './share/compressed-link.ts';
import { askedParam, followExperimentInUrl, largeTextFromQuery, rememberLargeText, rememberTheme, TEXT_PARAM, THEME_PARAM, themeFromQuery } from './share/url-sync.ts';
import { keepDisplayPrefs, readDisplayPrefs, type DisplayPrefs } from './share/display-prefs.ts';
import { DEFAULT_LOCALE, translator, type Locale } from './i18n/index.ts';

/** Width from which the classroom panel starts open. */
const CLASSROOM_OPEN_PX = 1200;

/**
 * Whether this page keeps things in the browser's storage (the experiment, the display
 * preferences). A page in test mode (`test=1`) keeps and reads nothing unless its address asks
 * (`keep=1`), so that the browser suites' pages, which share a browser's storage, do not meet each
 * other's runs.
 */
function pageKeeps(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.get('test') !== '1' || params.get('keep') === '1';
}

/** The display preferences a bare visit starts with: those kept in storage, where the address names none. */
function keptDisplay(): DisplayPrefs {
  return pageKeeps() ? readDisplayPrefs() : {};
}

/** The store for this page: the experiment of the link, or the defaults with a notice if it cannot start. */
function createPageStore(): SandboxStore {
  const options = storeOptionsFromQuery(addressQuery(), undefined, addressLimit());
  const t = translator(options.locale ?? DEFAULT_LOCALE);
  const { notice } = largeTextFromQuery(window.location.search, t);
  if (notice !== null) options.notices = [...(options.notices ?? []), notice];
  const expanded = addressNotice();
  if (expanded !== null) options.notices = [...(options.notices ?? []), expanded];
  const asked = themeFromQuery(window.location.search, t);
  if (asked.notice !== null) options.notices = [...(options.notices ?? []), asked.notice];
  options.theme = askedParam(window.location.search, THEME_PARAM) !== null ? asked.theme : (keptDisplay().theme ?? asked.theme);
  // A teacher's student view (`view=`): what it hides and locks, and a notice for each refused entry.
  const view = studentViewFromQuery(window.location.search, t);
  options.studentView = view.view;
  // A student view waits at its start for Play, as a teacher's page does after choosing the
  // experiment paused: the class starts together, each student seeing the starting state first.
  if (view.view !== null) options.running = false;
  if (view.notices.length > 0) options.notices = [...(options.notices ?? []), ...view.notices];
  try {
    return createSandboxStore(options);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // The notice is in the language the link asked for, which the default sandbox keeps.
    return createSandboxStore({ locale: t.locale, theme: options.theme, studentView: options.studentView, running: options.running, notices: [...(options.notices ?? []), t('app.linkFailed', { why })] });
  }
}

/** The whole page. */
export function App() {
  const [store] = useState(createPageStore);
  // The address bar follows the experiment, so a reload brings it back.
  useEffect(() => followExperimentInUrl(store), [store]);
  // What an earlier visit kept is read once, before this page keeps its own changes (see pageKeeps).
  const [autosave] = useState(pageKeeps);
  const [kept] = useState(() => (autosave ? readKept() : null));
  useEffect(() => (autosave ? keepExperiment(store, { onFull: () => store.getState().notify(translator(store.getState().locale)('autosave.full')) }) : undefined), [store, autosave]);
  // The page's language and title follow the sandbox's (a screen reader reads the page in it).
  useEffect(() => {
    const apply = (locale: Locale): void => {
      document.documentElement.lang = locale;
      document.title = translator(locale)('app.title');
    };
    apply(store.getState().locale);
    return store.subscribe((s, prev) => {
      if (s.locale !== prev.locale) apply(s.locale);
    });
  }, [store]);
  // The theme, like large text, lives in the address (`theme=projector`) and in storage; the page's own background follows it.
  useEffect(() => {
    const apply = (theme: Theme): void => {
      document.documentElement.dataset.theme = theme;
    };
    apply(store.getState().theme);
    return store.subscribe((s, prev) => {
      if (s.theme === prev.theme) return;
      apply(s.theme);
      rememberTheme(s.theme);
      if (autosave) keepDisplayPrefs({ theme: s.theme });
    });
  }, [store, autosave]);
  const theme = useStore(store, (s) => s.theme);
  const [classroomOpen, setClassroomOpen] = useState(() => window.innerWidth >= CLASSROOM_OPEN_PX);
  // Large text lives in the address (`text=large`), so a reload keeps it, and in storage, so a bare visit does.
  const [largeText, setLargeText] = useState(() => (askedParam(window.location.search, TEXT_PARAM) !== null ? largeTextFromQuery(window.location.search).largeText : (keptDisplay().largeText ?? false)));
  const changeLargeText = useCallback(
    (on: boolean): void => {
      setLargeText(on);
      rememberLargeText(on);
      if (autosave) keepDisplayPrefs({ largeText: on });
    },
    [autosave],
  );
  const mainRef = useRef<HTMLElement>(null);
  const instance = useMemo<SandboxInstance>(() => ({ store, handle: null }), [store]);
  return (
    <SandboxContext value={instance}>
      <main className="app" ref={mainRef} data-theme={theme}>
        <SandboxCanvas coverRoot={mainRef} />
        <RestoreOffer kept={kept} />
        <Overlay classroomOpen={classroomOpen} onClassroomOpenChange={setClassroomOpen} largeText={largeText} onLargeTextChange={changeLargeText} />
      </main>
    </SandboxContext>
  );
}
