/**
 * The overlay over the 3D view: title, classroom panel, settings panel, time controls, keyboard
 * help, status line and notices. A student view leaves out the panels it hides (and their skip
 * links) and says that it is in effect.
 */
import { Suspense, useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
// The look, in cascade order: the theme and the shared controls first, then the frame's own;
// each section's components import their folder's stylesheet, which comes after these.
import './shared/theme.css';
import './shared/fields.css';
import './shared/buttons.css';
import './shared/tables.css';
import './overlay.css';
import './classroom-sheet.css';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import { isShown } from './ClassroomSheet.tsx';
import { Help } from './time/Help.tsx';
import { LiveDescription } from './LiveDescription.tsx';
import { Notices } from './shared/Notices.tsx';
import { PlayHint } from './time/PlayHint.tsx';
import { PlotsDialog } from './readouts/PlotsDialog.tsx';
import { SettingsPanel } from './settings/SettingsPanel.tsx';
import { SphereCard } from './inspector/SphereCard.tsx';
import { StatusLine } from './time/StatusLine.tsx';
import { FullScreenButton, Transport } from './time/Transport.tsx';
import { TwinLegend } from './whatif/WhatIfPanel.tsx';
import { SpeciesBanner } from './chemistry/SpeciesLegend.tsx';
import { ConcentrationPlot } from './chemistry/ConcentrationPlot.tsx';
import { useT } from '../hooks/use-translate.ts';
import { useSandbox } from '../hooks/sandbox-context.ts';
import { useHidden } from './shared/LockedNote.tsx';
import { useSpeciesInPlay } from './shared/species.ts';
import { lazyPart, Loading } from './shared/lazy-part.tsx';

/** Props of {@link Overlay}. */
export interface OverlayProps {
  /** Whether the classroom panel is open. @defaultValue true */
  classroomOpen?: boolean;
  /** Opens or closes the classroom panel. @defaultValue none (the panel stays as it is) */
  onClassroomOpenChange?(open: boolean): void;
  /** Large-text mode for projectors. @defaultValue false */
  largeText?: boolean;
  /** Turns large-text mode on or off. @defaultValue none */
  onLargeTextChange?(on: boolean): void;
  /** Whether the settings panel starts open. @defaultValue open unless the window is narrower than 720 px or lower than 520 px */
  settingsOpen?: boolean;
  /** Show the title (the app's page heading); an embedded sandbox leaves it out. @defaultValue true */
  brand?: boolean;
  /** Element the keyboard shortcuts listen to; see the time controls' `keyScope`. @defaultValue the window */
  keyScope?: RefObject<HTMLElement | null>;
}

const ignore = (): void => {};

/** The enlarged P–V diagram, from the thermodynamics chunk (loaded with the First law section, whose button enlarges it). */
const PvDiagram = lazyPart(() => import('./thermo/index.ts').then((m) => m.PvDiagram));
const TqPlot = lazyPart(() => import('./thermo/index.ts').then((m) => m.TqPlot));

/** Below this window width the two panels open one at a time: opening one closes the other. */
export const ONE_PANEL_BELOW_PX = 900;

const narrow = (): boolean => typeof window !== 'undefined' && window.innerWidth < ONE_PANEL_BELOW_PX;

/** Where the skip links lead, in their order. */
const SKIP_TARGETS = ['view', 'time', 'classroom', 'settings'] as const;
type SkipTarget = (typeof SKIP_TARGETS)[number];

/** The classroom panel's Done while it is a bottom sheet on screen, else null. */
function sheetDone(root: HTMLElement, where: SkipTarget): HTMLElement | null {
  const done = where === 'classroom' ? root.querySelector<HTMLElement>('[data-panel="classroom"] [data-sheet-done]') : null;
  return isShown(done) ? done : null;
}

/** Focuses `el`, making it focusable by script only (out of the tab order) when it is not already. */
function focusOn(el: HTMLElement | null | undefined): void {
  if (!el) return;
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
  el.scrollIntoView?.({ block: 'nearest' });
}

/** Everything drawn over the canvas. */
export function Overlay({ classroomOpen = true, onClassroomOpenChange = ignore, largeText = false, onLargeTextChange = ignore, settingsOpen, brand = true, keyScope }: OverlayProps) {
  // What is enlarged over the scene: the plots, the P–V diagram, the T–Q plot, or nothing.
  const [enlarged, setEnlarged] = useState<'plots' | 'pv' | 'tq' | null>(null);
  const closePlots = useCallback(() => setEnlarged(null), []);
  const openPlots = useCallback(() => setEnlarged('plots'), []);
  const openPv = useCallback(() => setEnlarged('pv'), []);
  const openTq = useCallback(() => setEnlarged('tq'), []);
  const t = useT();
  // The enlarged plots add the concentrations while the scene has chemistry.
  const chemistry = useSpeciesInPlay();
  const studentView = useSandbox((s) => s.studentView !== null);
  const noClassroom = useHidden('classroom');
  const noSettings = useHidden('settings');
  const skipTargets = SKIP_TARGETS.filter((where) => !(where === 'classroom' && noClassroom) && !(where === 'settings' && noSettings));
  const rootRef = useRef<HTMLDivElement>(null);
  const [closeSettings, setCloseSettings] = useState(0);
  // On a narrow screen one panel at a time: opening the classroom closes the settings, and back.
  const classroomChange = useCallback(
    (open: boolean) => {
      if (open && narrow()) setCloseSettings((n) => n + 1);
      onClassroomOpenChange(open);
    },
    [onClassroomOpenChange],
  );
  const settingsChange = useCallback(
    (open: boolean) => {
      if (open && narrow()) onClassroomOpenChange(false);
    },
    [onClassroomOpenChange],
  );
  const skipBase = useId();
  /** A skip link's target: the view's canvas, the time controls' first button, each panel's button; given its id for the link's address. */
  const target = useCallback((where: SkipTarget): HTMLElement | null => {
    const root = rootRef.current;
    if (!root) return null;
    const el =
      where === 'view'
        ? (root.parentElement?.querySelector<HTMLElement>('canvas') ?? null)
        : where === 'time'
          ? root.querySelector<HTMLElement>('.dock .transport button')
          : // The classroom panel as a bottom sheet hides its button: its Done instead.
            (sheetDone(root, where) ?? root.querySelector<HTMLElement>(`[data-panel="${where}"] .panel__toggle`));
    if (el && !el.id) el.id = `${skipBase}-${where}`;
    return el;
  }, [skipBase]);
  // The targets get their ids once the overlay is in the page, so that each link's address leads somewhere.
  useEffect(() => {
    for (const where of SKIP_TARGETS) target(where);
  }, [target]);
  return (
    <div ref={rootRef} className={`overlay${largeText ? ' overlay--large' : ''}`}>
      <nav className="skip-links" aria-label={t('skip.label')}>
        {skipTargets.map((where) => (
          <a
            key={where}
            className="skip-link"
            href={`#${skipBase}-${where}`}
            onClick={(e) => {
              // Focus moves without changing the address (it carries the shared state).
              e.preventDefault();
              focusOn(target(where));
            }}
          >
            {t(`skip.${where}`)}
          </a>
        ))}
      </nav>
      {brand && (
        <header className="brand" data-covers-view="">
          <h1 className="brand__name">{t('app.title')}</h1>
          <p className="brand__tagline">{t('app.tagline')}</p>
        </header>
      )}
      {!noClassroom && <ClassroomPanel open={classroomOpen} onOpenChange={classroomChange} largeText={largeText} onLargeTextChange={onLargeTextChange} onEnlargePlots={openPlots} onEnlargePv={openPv} onEnlargeTq={openTq} />}
      <Notices />
      <LiveDescription />
      <TwinLegend />
      <SpeciesBanner />
      {!noSettings && <SettingsPanel defaultOpen={settingsOpen} onOpenChange={settingsChange} closeRequest={closeSettings} />}
      <footer className="dock" data-covers-view="row">
        {/* On a narrow screen only, where the Classroom panel's inspector is folded away: on a wider one the card would take room from the view and move the camera. */}
        <SphereCard classroomOpen={classroomOpen || !narrow()} />
        <PlayHint />
        <Transport keyScope={keyScope} />
        {studentView && (
          <p className="dock__student" data-testid="student-view-note">
            {t('student.inEffect')}
          </p>
        )}
        <div className="dock__row">
          <StatusLine />
          <Help />
          <FullScreenButton keyScope={keyScope} />
        </div>
      </footer>
      {enlarged === 'pv' && <PlotsDialog largeText={largeText} onClose={closePlots} title={t('thermo.pv.title')} body={(size) => (
            <Suspense fallback={<Loading />}>
              <PvDiagram {...size} />
            </Suspense>
          )} />}
      {enlarged === 'tq' && <PlotsDialog largeText={largeText} onClose={closePlots} title={t('thermo.tq.title')} body={(size) => (
            <Suspense fallback={<Loading />}>
              <TqPlot {...size} untitled />
            </Suspense>
          )} />}
      {enlarged === 'plots' && <PlotsDialog largeText={largeText} onClose={closePlots} extra={chemistry ? (size) => <ConcentrationPlot {...size} /> : undefined} />}
    </div>
  );
}
