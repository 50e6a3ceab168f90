/**
 * The visual aids section of the classroom panel: one labelled switch (a real checkbox) per aid,
 * plus colour by speed, which is the colour setting seen as a switch. The collision flash is
 * disabled, with the reason shown, when the person asked for reduced motion.
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import type { SandboxStore, VisualAidKey } from '../store/index.ts';

/** The aids in the order shown, with their labels and a short note on what each shows. */
export const AID_FIELDS: readonly { key: VisualAidKey; label: string; hint: string }[] = [
  { key: 'velocity', label: 'Velocity arrows', hint: 'Length proportional to speed: the distance covered in 0.5 s or less (a fast scene is scaled down).' },
  { key: 'momentum', label: 'Momentum arrows', hint: 'Length proportional to m v; a typical arrow is about one diameter.' },
  { key: 'centreOfMass', label: 'Centre of mass', hint: 'Mass-weighted mean position of the free spheres.' },
  { key: 'trail', label: 'Trail of the selected sphere', hint: 'Click a sphere to select it.' },
  { key: 'flash', label: 'Flash at each collision', hint: '' },
];

function AidSwitch({ store, aid, label, hint }: { store: SandboxStore; aid: VisualAidKey; label: string; hint: string }) {
  const id = useId();
  const checked = useStore(store, (s) => s.aids[aid]);
  const blocked = useStore(store, (s) => aid === 'flash' && s.reducedMotion);
  const note = blocked ? 'Off because your system asks for reduced motion.' : hint;
  return (
    <div className="field field--toggle" data-aid={aid}>
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="switch"
          type="checkbox"
          role="switch"
          name={`aid-${aid}`}
          checked={checked && !blocked}
          disabled={blocked}
          aria-describedby={note ? `${id}-hint` : undefined}
          onChange={(e) => store.getState().setAid(aid, e.target.checked)}
        />
      </div>
      {note && (
        <p className="field__hint" id={`${id}-hint`}>
          {note}
        </p>
      )}
    </div>
  );
}

function ColourBySpeedSwitch({ store }: { store: SandboxStore }) {
  const id = useId();
  const bySpeed = useStore(store, (s) => s.settings.colorBy === 'speed');
  return (
    <div className="field field--toggle" data-aid="colour-by-speed">
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          Colour by speed
        </label>
        <input
          id={id}
          className="switch"
          type="checkbox"
          role="switch"
          name="aid-colour-by-speed"
          checked={bySpeed}
          aria-describedby={`${id}-hint`}
          onChange={(e) => store.getState().applySetting('colorBy', e.target.checked ? 'speed' : 'mass')}
        />
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        Blue is slow, red is fast; off colours by mass.
      </p>
    </div>
  );
}

/** The visual aid switches. */
export function VisualAidsPanel({ store }: { store: SandboxStore }) {
  return (
    <div className="aids">
      {AID_FIELDS.slice(0, 2).map((f) => (
        <AidSwitch key={f.key} store={store} aid={f.key} label={f.label} hint={f.hint} />
      ))}
      <ColourBySpeedSwitch store={store} />
      {AID_FIELDS.slice(2).map((f) => (
        <AidSwitch key={f.key} store={store} aid={f.key} label={f.label} hint={f.hint} />
      ))}
    </div>
  );
}
