/**
 * The sandbox app: one store per mounted app (no module-level singleton), started from the
 * experiment in the page's link (which then follows the experiment), the 3D view and the overlay
 * on top of it.
 */
import { useEffect, useState } from 'react';
import { SandboxCanvas } from './scene/SandboxCanvas.tsx';
import { createSandboxStore, type SandboxStore } from './store/index.ts';
import { Overlay } from './ui/Overlay.tsx';
import { storeOptionsFromQuery } from './ui/share-link.ts';
import { followExperimentInUrl } from './ui/url-sync.ts';

/** Width from which the settings panel sits beside the view (matches overlay.css). */
const WIDE_LAYOUT_PX = 720;
/** Width from which the classroom panel starts open. */
const CLASSROOM_OPEN_PX = 1200;

/** Pixels of the view the overlay covers in the wide layout: the panels (300 + margins), the dock. */
const WIDE_INSETS = { left: 0, right: 328, bottom: 72 };
const CLASSROOM_INSET = 328;
const NARROW_INSETS = { left: 0, right: 0, bottom: 0 };

function useWideLayout(): boolean {
  const query = `(min-width: ${WIDE_LAYOUT_PX}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = (): void => setWide(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

/** The store for this page: the experiment of the link, or the defaults with a notice if it cannot start. */
function createPageStore(): SandboxStore {
  const options = storeOptionsFromQuery(window.location.search);
  try {
    return createSandboxStore(options);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return createSandboxStore({ notices: [...(options.notices ?? []), `The experiment in the link could not be started (${why}); the default sandbox is loaded.`] });
  }
}

/** The whole page. */
export function App() {
  const [store] = useState(createPageStore);
  // The address bar follows the experiment, so a reload brings it back.
  useEffect(() => followExperimentInUrl(store), [store]);
  const wide = useWideLayout();
  const [classroomOpen, setClassroomOpen] = useState(() => window.innerWidth >= CLASSROOM_OPEN_PX);
  const [largeText, setLargeText] = useState(false);
  const insets = wide ? { ...WIDE_INSETS, left: classroomOpen ? CLASSROOM_INSET : 0 } : NARROW_INSETS;
  return (
    <main className="app">
      <SandboxCanvas store={store} insets={insets} />
      <Overlay store={store} classroomOpen={classroomOpen} onClassroomOpenChange={setClassroomOpen} largeText={largeText} onLargeTextChange={setLargeText} />
    </main>
  );
}
