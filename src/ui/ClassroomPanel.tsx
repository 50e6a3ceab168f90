/**
 * The classroom panel on the left: the experiment chooser with share and export, the what-if twin, readouts, live
 * plots, the visual aids, the inspector and the collision log, each in a section that can be folded away, and the
 * large-text switch for projectors.
 */
import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { presetById } from '../presets/presets.ts';
import { useT } from '../hooks/use-translate.ts';
import { CollisionLogView } from './readouts/CollisionLogView.tsx';
import { ExperimentPicker } from './experiment/ExperimentPicker.tsx';
import { BuildPanel } from './build/BuildPanel.tsx';
import { Inspector } from './inspector/Inspector.tsx';
import { Plots } from './readouts/Plots.tsx';
import { PredictPanel } from './predict/PredictPanel.tsx';
import { Readouts } from './readouts/Readouts.tsx';
import { ReactionsPanel } from './chemistry/ReactionsPanel.tsx';
import { useSpeciesInPlay } from './shared/species.ts';
import { TimelineBar } from './time/TimelineBar.tsx';
import { VisualAidsPanel } from './aids/VisualAidsPanel.tsx';
import { WhatIfPanel } from './whatif/WhatIfPanel.tsx';
import { useHidden } from './shared/LockedNote.tsx';
import { Panel } from './shared/Panel.tsx';
import { lazyPart, Loading } from './shared/lazy-part.tsx';
import { SheetHead, useClassroomSheet } from './ClassroomSheet.tsx';
import type { HideName } from '../experiment/index.ts';

/** Props of {@link ClassroomPanel}. */
export interface ClassroomPanelProps {
  /** Whether the panel is open. */
  open: boolean;
  /** Opens or closes the panel. */
  onOpenChange(open: boolean): void;
  /** Large-text mode for projectors. */
  largeText: boolean;
  /** Turns large-text mode on or off. */
  onLargeTextChange(on: boolean): void;
  /** Opens the plots enlarged over the scene. @defaultValue none (no Enlarge button) */
  onEnlargePlots?(): void;
  /** Opens the P–V diagram enlarged over the scene. @defaultValue none (no Enlarge button) */
  onEnlargePv?(): void;
  /** Opens the T–Q plot enlarged over the scene. @defaultValue none (no Enlarge button) */
  onEnlargeTq?(): void;
}

// The heavier sections are chunks of their own, loaded when the section is first open.
const ThermoPanel = lazyPart(() => import('./thermo/index.ts').then((m) => m.ThermoPanel));
const ThermoReadouts = lazyPart(() => import('./thermo/index.ts').then((m) => m.ThermoReadouts));
const MeasurePanel = lazyPart(() => import('./measure/MeasurePanel.tsx').then((m) => m.MeasurePanel));

/** The part of a student view that hides each section (the Measure section's is `measure`). */
const HIDDEN_BY: Readonly<Record<string, HideName>> = { experiment: 'experiment', predict: 'predict', 'what-if': 'what-if', readouts: 'readouts', thermo: 'thermo', 'first-law': 'thermo', reactions: 'reactions', plots: 'plots', aids: 'aids', build: 'build', inspector: 'inspector', measure: 'measure', log: 'log' };

/**
 * A section that can be folded away. A `lazy` one draws its children (lazy parts) only once it has
 * been open, saying "Loading…" until their chunk arrives.
 */
function Section({ title, children, open = true, name, lazy = false }: { title: string; children: ReactNode; open?: boolean; name: string; lazy?: boolean }) {
  // A section a student view hides is not drawn.
  const hidden = useHidden(HIDDEN_BY[name]);
  const [opened, setOpened] = useState(open);
  if (hidden) return null;
  return (
    <details className="classroom__section" open={open} data-section={name} onToggle={lazy && !opened ? (e) => setOpened(e.currentTarget.open) : undefined}>
      <summary className="panel__heading classroom__summary">
        <h2 className="classroom__title">{title}</h2>
      </summary>
      {!lazy ? children : opened && <Suspense fallback={<Loading />}>{children}</Suspense>}
    </details>
  );
}

/** The collapsible classroom panel. */
export function ClassroomPanel({ open, onOpenChange, largeText, onLargeTextChange, onEnlargePlots, onEnlargePv, onEnlargeTq }: ClassroomPanelProps) {
  const bodyId = useId();
  const t = useT();
  const store = useSandboxStore();
  // The gas experiments (the free sandbox's gas, and the presets whose lesson is a gas) have walls to work with.
  const thermo = useStore(store, (s) => {
    const preset = s.preset === null ? undefined : presetById(s.preset);
    return preset === undefined ? 'free' : preset.thermo ? 'lesson' : preset.readouts.includes('gas') ? 'gas' : 'none';
  });
  // The Reactions section while the scene has more than one species, or reactions.
  const chemistry = useSpeciesInPlay();
  // On a phone, while the tape picks in the view, a bottom sheet of the Measure section (ClassroomSheet.tsx).
  const panelRef = useRef<HTMLElement>(null);
  const { sheet, announce } = useClassroomSheet(open, useHidden('measure'), panelRef);
  return (
    <Panel
      ref={panelRef}
      name="classroom"
      className={`classroom${sheet ? ' classroom--sheet' : ''}`}
      title={t('classroom.title')}
      label={sheet ? t('sheet.label') : undefined}
      open={open}
      onOpenChange={onOpenChange}
      bodyId={bodyId}
    >
      {sheet && <SheetHead />}
      <p className="visually-hidden" aria-live="polite" data-sheet-announce="">
        {announce}
      </p>
      <Section title={t('classroom.experiment')} name="experiment">
        <ExperimentPicker />
      </Section>
      <Section title={t('classroom.predict')} name="predict">
        <PredictPanel />
      </Section>
      <Section title={t('classroom.whatIf')} name="what-if">
        <WhatIfPanel />
      </Section>
      <Section title={t('classroom.readouts')} name="readouts">
        <Readouts />
      </Section>
      {chemistry && (
        <Section title={t('chem.title')} name="reactions">
          <ReactionsPanel />
        </Section>
      )}
      {thermo !== 'none' && (
        <Section title={t('classroom.thermo')} name="thermo" open={thermo === 'lesson'} key={thermo} lazy>
          <ThermoPanel />
        </Section>
      )}
      {thermo !== 'none' && (
        <Section title={t('thermo.readouts.title')} name="first-law" open={thermo === 'lesson'} key={`${thermo}-law`} lazy>
          <ThermoReadouts onEnlargePv={onEnlargePv} onEnlargeTq={onEnlargeTq} />
        </Section>
      )}
      <Section title={t('classroom.plots')} name="plots">
        {onEnlargePlots && (
          <button type="button" className="button button--quiet plots__enlarge" data-action="enlarge-plots" aria-haspopup="dialog" onClick={onEnlargePlots}>
            {t('classroom.enlargePlots')}
          </button>
        )}
        <Plots />
        <TimelineBar />
      </Section>
      <Section title={t('classroom.aids')} name="aids">
        <VisualAidsPanel />
      </Section>
      <Section title={t('build.title')} name="build">
        <BuildPanel />
      </Section>
      <Section title={t('classroom.inspector')} name="inspector">
        <Inspector />
      </Section>
      <Section title={t('classroom.measure')} name="measure" open={false} lazy>
        <MeasurePanel />
      </Section>
      <Section title={t('classroom.log')} name="log" open={false}>
        <CollisionLogView />
      </Section>
      <div className="field field--toggle classroom__large">
        <div className="field__row">
          <label className="field__label" htmlFor={`${bodyId}-large`}>
            {t('classroom.largeText')}
          </label>
          <input id={`${bodyId}-large`} className="switch" type="checkbox" role="switch" checked={largeText} onChange={(e) => onLargeTextChange(e.target.checked)} />
        </div>
      </div>
    </Panel>
  );
}
