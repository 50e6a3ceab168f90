/**
 * The parts of a sandbox a page composes inside a `<SandboxProvider>`: the view (`SandboxView`,
 * the 3D canvas in a box of the page), the app's full overlay (`SandboxOverlay`, drawn over a
 * view) and the compact time controls (`SandboxControls`, over a view or anywhere in the page).
 * `<SphereSandbox>` is a provider with a view and one of the two panels inside.
 */
import { createContext, lazy, Suspense, useContext, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useStore } from 'zustand';
import { useSandboxInstance, useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';

/**
 * The 3D view's code (three.js and React Three Fiber) is its own chunk, loaded on the client only:
 * a server render (or a page before its script runs) has the sandbox's box and panels without it,
 * and never loads three's CommonJS build through React Three Fiber's.
 */
const SandboxCanvas = lazy(() => import('../scene/SandboxCanvas.tsx').then((m) => ({ default: m.SandboxCanvas })));

const noSubscription = (): (() => void) => () => undefined;
/** True on the client once hydrated; false on the server and in the hydrating render. */
const useOnClient = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
import { Notices } from '../ui/shared/Notices.tsx';
import { Overlay } from '../ui/Overlay.tsx';
import { CompactBar } from './CompactBar.tsx';

/** What a view tells the panels drawn over it: its element (for the keyboard scope) and its name. */
interface ViewFrame {
  element: RefObject<HTMLDivElement | null>;
  label: string;
}

const ViewContext = createContext<ViewFrame | null>(null);

/** Props of {@link SandboxView}. */
export interface SandboxViewProps {
  /** Camera position, x y z in metres, looking at the box centre; null for the view that frames the box. Live. @defaultValue null */
  cameraPosition?: readonly [number, number, number] | null;
  /** Width of the view (a number is pixels). @defaultValue '100%' */
  width?: number | string;
  /** Height of the view (a number is pixels). @defaultValue '100%' (of its parent) */
  height?: number | string;
  /** Class name(s) added to the view's outer element (which also has the class `sphere-sandbox`). @defaultValue none */
  className?: string;
  /** Inline style of the outer element (after width and height). @defaultValue none */
  style?: CSSProperties;
  /** Accessible name of the sandbox, read by screen readers (name each one when a page has several). @defaultValue 'Sphere sandbox', in the sandbox's language */
  label?: string;
  /** Panels drawn over the view: `<SandboxOverlay />`, `<SandboxControls />`, or a page's own. @defaultValue none */
  children?: ReactNode;
}

const toCss = (v: number | string): string => (typeof v === 'number' ? `${v}px` : v);

/** The 3D view of the nearest provider's sandbox, with any panels given as children drawn over it. */
export function SandboxView({ cameraPosition = null, width = '100%', height = '100%', className, style, label: labelProp, children }: SandboxViewProps) {
  const { name, onFirstFrame } = useSandboxInstance('<SandboxView>');
  const t = useT();
  const label = labelProp ?? t('view.sandbox');
  const element = useRef<HTMLDivElement>(null);
  const frame = useMemo<ViewFrame>(() => ({ element, label }), [label]);
  const classes = ['sphere-sandbox', className].filter(Boolean).join(' ');
  const theme = useStore(useSandboxStore(), (s) => s.theme);
  const onClient = useOnClient();
  return (
    <div ref={element} className={classes} data-theme={theme} style={{ width: toCss(width), height: toCss(height), ...style }} role="group" aria-label={label} lang={t.locale} data-sandbox={name}>
      {onClient && (
        <Suspense fallback={null}>
          <SandboxCanvas cameraPosition={cameraPosition} label={t('view.embedCanvas', { label })} coverRoot={element} onFirstFrames={onFirstFrame} />
        </Suspense>
      )}
      <ViewContext value={frame}>{children}</ViewContext>
    </div>
  );
}

/**
 * The app's full overlay (settings, classroom panel, plots, time controls, status line), drawn
 * over the {@link SandboxView} it is a child of. Its keyboard shortcuts listen inside that view only.
 */
export function SandboxOverlay() {
  useSandboxInstance('<SandboxOverlay>');
  const view = useContext(ViewContext);
  if (view === null) throw new Error('<SandboxOverlay> must be a child of <SandboxView>: it is drawn over the view.');
  const [classroomOpen, setClassroomOpen] = useState(false);
  const [largeText, setLargeText] = useState(false);
  return <Overlay brand={false} settingsOpen={false} keyScope={view.element} classroomOpen={classroomOpen} onClassroomOpenChange={setClassroomOpen} largeText={largeText} onLargeTextChange={setLargeText} />;
}

/** Props of {@link SandboxControls}. */
export interface SandboxControlsProps {
  /** Accessible name of the toolbar's sandbox. @defaultValue the view's label, or 'Sphere sandbox' in the sandbox's language */
  label?: string;
}

/**
 * The compact time controls (play, step, restart, time and collision rate) with the sandbox's
 * notices: along the bottom of the view when a child of {@link SandboxView}, in the flow of the
 * page anywhere else.
 */
export function SandboxControls({ label }: SandboxControlsProps) {
  useSandboxInstance('<SandboxControls>');
  const view = useContext(ViewContext);
  const t = useT();
  const name = label ?? view?.label ?? t('view.sandbox');
  if (view !== null) {
    return (
      <>
        <div className="sphere-sandbox__notices">
          <Notices />
        </div>
        <CompactBar label={name} />
      </>
    );
  }
  return (
    <div className="sphere-sandbox sphere-sandbox--controls">
      <Notices />
      <CompactBar label={name} />
    </div>
  );
}
