/**
 * The visual aids section of the classroom panel: one labelled switch (a real checkbox) per aid,
 * plus colour by speed, which is the colour setting seen as a switch. The collision flash is
 * disabled, with the reason shown, when the person asked for reduced motion. While the pressure map
 * is on, its legend and the pressure on each face follow the switches.
 */
import { useStore } from 'zustand';
import { PRESSURE_WINDOW_SECONDS } from '../../instruments/index.ts';
import { type VisualAidKey } from '../../store/index.ts';
import { PressureLegend } from './PressureLegend.tsx';
import { SwitchRow } from '../shared/ToggleField.tsx';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import type { MessageKey } from '../../i18n/index.ts';
import './aids.css';

/** The aids in the order shown, with the keys of their labels and of a short note on what each shows (none for the flash). */
export const AID_FIELDS: readonly { key: VisualAidKey; label: MessageKey; hint: MessageKey | null }[] = [
  { key: 'velocity', label: 'aids.velocity', hint: 'aids.velocity.hint' },
  { key: 'momentum', label: 'aids.momentum', hint: 'aids.momentum.hint' },
  { key: 'centreOfMass', label: 'aids.centreOfMass', hint: 'aids.centreOfMass.hint' },
  { key: 'trail', label: 'aids.trail', hint: 'aids.trail.hint' },
  { key: 'flash', label: 'aids.flash', hint: null },
  { key: 'pressure', label: 'aids.pressure', hint: 'aids.pressure.hint' },
];

function AidSwitch({ aid, label, hint }: { aid: VisualAidKey; label: MessageKey; hint: MessageKey | null }) {
  const store = useSandboxStore();
  const t = useT();
  const checked = useStore(store, (s) => s.aids[aid]);
  const blocked = useStore(store, (s) => aid === 'flash' && s.reducedMotion);
  return (
    <SwitchRow
      label={t(label)}
      name={`aid-${aid}`}
      checked={checked && !blocked}
      disabled={blocked}
      note={blocked ? t('aids.reducedMotion') : hint === null ? '' : t(hint, { seconds: PRESSURE_WINDOW_SECONDS })}
      data={{ 'data-aid': aid }}
      onChange={(on) => store.getState().setAid(aid, on)}
    />
  );
}

function ColourBySpeedSwitch() {
  const store = useSandboxStore();
  const bySpeed = useStore(store, (s) => s.settings.colorBy === 'speed');
  const t = useT();
  return (
    <SwitchRow
      label={t('aids.colourBySpeed')}
      name="aid-colour-by-speed"
      checked={bySpeed}
      note={t('aids.colourBySpeed.hint')}
      data={{ 'data-aid': 'colour-by-speed' }}
      onChange={(on) => store.getState().applySetting('colorBy', on ? 'speed' : 'mass')}
    />
  );
}

/** The visual aid switches. */
export function VisualAidsPanel() {
  return (
    <div className="aids">
      {AID_FIELDS.slice(0, 2).map((f) => (
        <AidSwitch key={f.key} aid={f.key} label={f.label} hint={f.hint} />
      ))}
      <ColourBySpeedSwitch />
      {AID_FIELDS.slice(2).map((f) => (
        <AidSwitch key={f.key} aid={f.key} label={f.label} hint={f.hint} />
      ))}
      <PressureLegend />
    </div>
  );
}
