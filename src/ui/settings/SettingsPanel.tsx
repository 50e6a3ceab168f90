/**
 * The settings panel: scene, physics and view settings, collapsible, with Reset to defaults.
 * Starts collapsed on a narrow or short screen so the spheres are seen first.
 */
import { SoundField } from './SoundField.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { presetById } from '../../presets/presets.ts';
import { WORKER_AUTO_COUNT } from '../../runtime/index.ts';
import { COLOR_MODES } from '../../experiment/index.ts';
import { DROP_SIZE, NEIGHBOUR_TOP } from '../../instruments/index.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { NumberField } from '../shared/NumberField.tsx';
import { Panel } from '../shared/Panel.tsx';
import { presetTitle } from '../shared/preset-text.ts';
import { SwitchRow, ToggleField } from '../shared/ToggleField.tsx';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatPlain, type MessageKey } from '../../i18n/index.ts';
import { energyText } from '../shared/format.ts';
import './settings.css';

/** Props of {@link SettingsPanel}. */
export interface SettingsPanelProps {
  /** Whether the panel starts open. @defaultValue open unless the window is narrower than 720 px or lower than 520 px */
  defaultOpen?: boolean;
  /** Told when the panel opens or closes by its own button (the overlay then closes the other panel on a narrow screen). @defaultValue none */
  onOpenChange?(open: boolean): void;
  /** Changes whenever the overlay asks the panel to close (another panel opened on a narrow screen). @defaultValue 0 */
  closeRequest?: number;
}

function ColorByField() {
  const store = useSandboxStore();
  const colorBy = useStore(store, (s) => s.settings.colorBy);
  const name = useId();
  const t = useT();
  return (
    <fieldset className="field field--segmented">
      <legend className="field__label">{t('setting.colorBy')}</legend>
      <div className="segmented">
        {COLOR_MODES.map((mode) => (
          <label key={mode} className={`segmented__option${colorBy === mode ? ' segmented__option--on' : ''}`}>
            <input type="radio" name={name} value={mode} checked={colorBy === mode} onChange={() => store.getState().applySetting('colorBy', mode)} />
            {t(`settings.colorBy.${mode}`)}
          </label>
        ))}
      </div>
      {colorBy === 'species' ? (
        <div className="legend legend--species" aria-hidden="true">
          <span>{t('settings.legend.species')}</span>
        </div>
      ) : colorBy === 'neighbours' ? (
        <>
          <div className="legend legend--neighbours" aria-hidden="true">
            <span>{t('settings.legend.neighboursNone')}</span>
            <span>{t('settings.legend.neighboursMany', { count: NEIGHBOUR_TOP })}</span>
          </div>
          <p className="field__hint" data-legend="neighbours">
            {t('settings.legend.neighboursHint', { size: DROP_SIZE })} {t('settings.legend.neighboursLarge')}
          </p>
        </>
      ) : (
        <div className={`legend legend--${colorBy}`} aria-hidden="true">
          <span>{t(colorBy === 'speed' ? 'settings.legend.slow' : 'settings.legend.light')}</span>
          <span>{t(colorBy === 'speed' ? 'settings.legend.fast' : 'settings.legend.heavy')}</span>
        </div>
      )}
    </fieldset>
  );
}

const THREADS = [
  ['auto', 'settings.thread.auto'],
  ['main', 'settings.thread.main'],
  ['worker', 'settings.thread.worker'],
] as const satisfies readonly (readonly [string, MessageKey])[];

/** Where the solver runs: chosen by scene size, on the page's own thread, or in a Web Worker. */
function SolverThreadField() {
  const store = useSandboxStore();
  const thread = useStore(store, (s) => s.solverThread);
  const name = useId();
  const hintId = useId();
  const t = useT();
  return (
    <fieldset className="field field--segmented" aria-describedby={hintId}>
      <legend className="field__label">{t('settings.thread')}</legend>
      <div className="segmented">
        {THREADS.map(([value, label]) => (
          <label key={value} className={`segmented__option${thread === value ? ' segmented__option--on' : ''}`}>
            <input type="radio" name={name} value={value} checked={thread === value} onChange={() => store.getState().setSolverThread(value)} />
            {t(label)}
          </label>
        ))}
      </div>
      <p className="field__hint" id={hintId}>
        {t('settings.threadHint', { count: WORKER_AUTO_COUNT })}
      </p>
    </fieldset>
  );
}

/**
 * While a classroom experiment or a built scene runs, the scene fields still hold the free
 * sandbox's values (the experiment builds its own spheres and box): this says so, with the
 * experiment's name (or "Built scene"), its number of spheres (and a built scene's box), and what
 * changing a field does.
 */
function ExperimentSceneNote() {
  const store = useSandboxStore();
  const presetId = useStore(store, (s) => s.preset);
  const built = useStore(store, (s) => s.built !== null);
  // A rebuild or an edit changes the count and the box, each with a store update that reads them again.
  const count = useStore(store, (s) => s.scene.count);
  const [lx, ly, lz] = useStore(store, useShallow((s) => s.scene.size));
  const t = useT();
  const preset = presetId === null ? undefined : presetById(presetId);
  if (built) {
    const side = (x: number): string => formatPlain(t.locale, Number(x.toPrecision(4)));
    const box = lx === ly && ly === lz ? side(lx) : `${side(lx)} × ${side(ly)} × ${side(lz)}`;
    return (
      <p className="panel__note" data-testid="experiment-scene-note">
        <strong>{t('settings.builtNote.title')}</strong> {t(count === 1 ? 'settings.builtNote.one' : 'settings.builtNote.other', { count, box })}
      </p>
    );
  }
  if (!preset) return null;
  return (
    <p className="panel__note" data-testid="experiment-scene-note">
      <strong>{presetTitle(t, preset)}</strong> {t(count === 1 ? 'settings.experimentNote.one' : 'settings.experimentNote.other', { count })}
    </p>
  );
}

/**
 * The Attraction section: the depth ε of the square well between every pair of spheres (also in
 * the gas's kT, which follows the published stats, a few times a second; not shown at depth 0) and
 * its range. Live.
 */
function AttractionSection({ headingId }: { headingId: string }) {
  const store = useSandboxStore();
  const t = useT();
  // A string: the section renders again only when the text shown changes.
  const energy = useStore(store, (s) => (s.settings.attraction > 0 ? energyText(t, s.settings.attraction, s.stats.temperature) : null));
  return (
    <section className="panel__section" aria-labelledby={headingId} data-section="attraction">
      <h2 className="panel__heading" id={headingId}>
        {t('settings.attraction')} <span className="panel__badge">{t('settings.live')}</span>
      </h2>
      <NumberField setting="attraction" hint={t('settings.attractionHint')} />
      {energy !== null && (
        <p className="field__hint" data-testid="attraction-energy">
          {t('settings.attractionEnergy', { energy })}
        </p>
      )}
      <NumberField setting="attractionRange" hint={t('settings.attractionRangeHint')} />
    </section>
  );
}

/** Below this window width, choosing an experiment folds the settings panel away. */
const CROWDED_BELOW_PX = 1100;
/** The projector theme's switch (the theme is view state: it does not rebuild the scene). */
function ThemeField() {
  const store = useSandboxStore();
  const projector = useStore(store, (s) => s.theme === 'projector');
  const t = useT();
  return (
    <SwitchRow
      label={t('theme.projector')}
      name="theme"
      checked={projector}
      note={t('theme.projectorHint')}
      data={{ 'data-setting': 'theme' }}
      onChange={(on) => store.getState().setTheme(on ? 'projector' : 'dark')}
    />
  );
}

/** How much larger large-text mode draws the panels (`--zoom` in shared/theme.css). */
const LARGE_TEXT_ZOOM = 1.3;

/** The collapsible settings panel. */
export function SettingsPanel({ defaultOpen, onOpenChange, closeRequest = 0 }: SettingsPanelProps) {
  const store = useSandboxStore();
  const [open, setOpen] = useState(() => defaultOpen ?? (typeof window === 'undefined' || (window.innerWidth >= 720 && window.innerHeight >= 520)));
  const gravityOn = useStore(store, (s) => s.settings.gravityOn);
  const bodyId = useId();
  const t = useT();
  const asideRef = useRef<HTMLElement>(null);
  // A new close request from the overlay closes the panel (adjusted while rendering, as React advises).
  const [seenRequest, setSeenRequest] = useState(closeRequest);
  if (closeRequest !== seenRequest) {
    setSeenRequest(closeRequest);
    setOpen(false);
  }
  // An experiment chosen on a crowded screen gets the room: the panel folds away (one click opens it).
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.preset === null || s.preset === prev.preset || typeof window === 'undefined') return;
        // Large text draws the panels 1.3 times larger: the screen is as crowded as a narrower one.
        const zoom = asideRef.current?.closest('.overlay--large') ? LARGE_TEXT_ZOOM : 1;
        if (window.innerWidth < CROWDED_BELOW_PX * zoom) setOpen(false);
      }),
    [store],
  );
  return (
    <Panel
      ref={asideRef}
      name="settings"
      title={t('settings.title')}
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        setOpen(next);
      }}
      bodyId={bodyId}
    >
      <section className="panel__section" aria-labelledby={`${bodyId}-scene`}>
        <h2 className="panel__heading" id={`${bodyId}-scene`}>
          {t('settings.scene')}
        </h2>
        <ExperimentSceneNote />
        <NumberField setting="count" />
        <div className="field-pair">
          <NumberField setting="radiusMin" />
          <NumberField setting="radiusMax" />
        </div>
        <NumberField setting="speed" />
        <NumberField setting="boxSize" />
        <ToggleField setting="planar" />
        <NumberField setting="seed" />
      </section>
      <section className="panel__section" aria-labelledby={`${bodyId}-physics`}>
        <h2 className="panel__heading" id={`${bodyId}-physics`}>
          {t('settings.physics')} <span className="panel__badge">{t('settings.live')}</span>
        </h2>
        <NumberField setting="restitution" slider hint={t('settings.restitutionHint')} />
        <NumberField setting="wallRestitution" slider />
        <ToggleField setting="gravityOn" />
        <NumberField setting="gravity" slider disabled={!gravityOn} />
        <NumberField setting="timeScale" slider hint={t('settings.timeScaleHint')} />
      </section>
      <AttractionSection headingId={`${bodyId}-attraction`} />
      <section className="panel__section" aria-label={t('settings.view')}>
        <LanguageMenu />
        <ThemeField />
        <ColorByField />
        <SolverThreadField />
        <SoundField />
      </section>
      <div className="panel__footer">
        <button type="button" className="button button--quiet" data-action="reset" onClick={() => store.getState().reset()}>
          {t('settings.reset')}
        </button>
      </div>
    </Panel>
  );
}
