/**
 * The overlay over the 3D view: title, classroom panel, settings panel, time controls, keyboard
 * help, status line and notices.
 */
import { useCallback, useState, type RefObject } from 'react';
import { ClassroomPanel } from './ClassroomPanel.tsx';
import { Help } from './Help.tsx';
import { LiveDescription } from './LiveDescription.tsx';
import { Notices } from './Notices.tsx';
import { PlayHint } from './PlayHint.tsx';
import { PlotsDialog } from './PlotsDialog.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { StatusLine } from './StatusLine.tsx';
import { Transport } from './Transport.tsx';
import { TwinLegend } from './WhatIfPanel.tsx';
import { useT } from '../hooks/use-translate.ts';

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

/** Everything drawn over the canvas. */
export function Overlay({ classroomOpen = true, onClassroomOpenChange = ignore, largeText = false, onLargeTextChange = ignore, settingsOpen, brand = true, keyScope }: OverlayProps) {
  const [plotsEnlarged, setPlotsEnlarged] = useState(false);
  const closePlots = useCallback(() => setPlotsEnlarged(false), []);
  const openPlots = useCallback(() => setPlotsEnlarged(true), []);
  const t = useT();
  return (
    <div className={`overlay${largeText ? ' overlay--large' : ''}`}>
      {brand && (
        <header className="brand" data-covers-view="">
          <h1 className="brand__name">{t('app.title')}</h1>
          <p className="brand__tagline">{t('app.tagline')}</p>
        </header>
      )}
      <ClassroomPanel open={classroomOpen} onOpenChange={onClassroomOpenChange} largeText={largeText} onLargeTextChange={onLargeTextChange} onEnlargePlots={openPlots} />
      <Notices />
      <LiveDescription />
      <TwinLegend />
      <SettingsPanel defaultOpen={settingsOpen} />
      <footer className="dock" data-covers-view="row">
        <PlayHint />
        <Transport keyScope={keyScope} />
        <div className="dock__row">
          <StatusLine />
          <Help />
        </div>
      </footer>
      {plotsEnlarged && <PlotsDialog largeText={largeText} onClose={closePlots} />}
    </div>
  );
}
