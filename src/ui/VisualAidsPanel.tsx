/**
 * The visual aids section of the classroom panel: one labelled switch (a real checkbox) per aid,
 * plus colour by speed, which is the colour setting seen as a switch. The collision flash is
 * disabled, with the reason shown, when the person asked for reduced motion. While the pressure map
 * is on, its legend and the pressure on each face follow the switches.
 */
import { useStore } from 'zustand';
import { PRESSURE_WINDOW_SECONDS, type VisualAidKey } from '../store/index.ts';
import { PressureLegend } from './PressureLegend.tsx';
import { SwitchRow } from './ToggleField.tsx';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** The aids in the order shown, with their labels and a short note on what each shows. */
export const AID_FIELDS: readonly { key: VisualAidKey; label: string; hint: string }[] = [
  { key: 'velocity', label: 'Velocity arrows', hint: 'Length proportional to speed: the distance covered in 0.5 s or less (a fast scene is scaled down).' },
  { key: 'momentum', label: 'Momentum arrows', hint: 'Length proportional to m v; a typical arrow is about one diameter.' },
  { key: 'centreOfMass', label: 'Centre of mass', hint: 'Mass-weighted mean position of the free spheres.' },
  { key: 'trail', label: 'Trail of the selected sphere', hint: 'Click a sphere to select it.' },
  { key: 'flash', label: 'Flash at each collision', hint: '' },
  { key: 'pressure', label: 'Pressure map', hint: `Each wall coloured by the push of the spheres per unit area over the last ${PRESSURE_WINDOW_SECONDS} s.` },
];

function AidSwitch({ aid, label, hint }: { aid: VisualAidKey; label: string; hint: string }) {
  const store = useSandboxStore();
  const checked = useStore(store, (s) => s.aids[aid]);
  const blocked = useStore(store, (s) => aid === 'flash' && s.reducedMotion);
  return (
    <SwitchRow
      label={label}
      name={`aid-${aid}`}
      checked={checked && !blocked}
      disabled={blocked}
      note={blocked ? 'Off because your system asks for reduced motion.' : hint}
      data={{ 'data-aid': aid }}
      onChange={(on) => store.getState().setAid(aid, on)}
    />
  );
}

function ColourBySpeedSwitch() {
  const store = useSandboxStore();
  const bySpeed = useStore(store, (s) => s.settings.colorBy === 'speed');
  return (
    <SwitchRow
      label="Colour by speed"
      name="aid-colour-by-speed"
      checked={bySpeed}
      note="Blue is slow, red is fast; off colours by mass."
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
