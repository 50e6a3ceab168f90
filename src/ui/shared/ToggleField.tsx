/**
 * A labelled switch (a real checkbox) bound to one boolean setting, with its message when the
 * change was refused (for instance planar mode with more spheres than fit in the plane).
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { LockedNote, useSettingLocked } from './LockedNote.tsx';

/** Props of {@link ToggleField}. */
export interface ToggleFieldProps {
  /** The boolean setting. */
  setting: 'gravityOn' | 'planar' | 'leftThermal' | 'rightThermal' | 'divider';
  /** Label text. @defaultValue the setting's name in the interface's language (`setting.<key>`) */
  label?: string;
}

/** Props of {@link SwitchRow}. */
export interface SwitchRowProps {
  /** Label text. */
  label: string;
  /** The input's name. */
  name: string;
  checked: boolean;
  disabled?: boolean;
  /** A note under the switch: an error (announced), a hint, or that a student view locks it (for screen readers; the label shows a lock). */
  note?: string;
  noteKind?: 'error' | 'hint' | 'locked';
  /** Marks the row for styling and tests (`data-setting` or `data-aid`). */
  data: { 'data-setting'?: string; 'data-aid'?: string };
  onChange(checked: boolean): void;
}

/** A labelled checkbox styled as a switch, with an optional note (every switch in the overlay). */
export function SwitchRow({ label, name, checked, disabled, note, noteKind = 'hint', data, onChange }: SwitchRowProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const error = noteKind === 'error' && !!note;
  const locked = noteKind === 'locked' && !!note;
  return (
    <div className={`field field--toggle${error ? ' field--invalid' : ''}${locked ? ' field--locked' : ''}`} title={locked ? note : undefined} {...data}>
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="switch"
          type="checkbox"
          role="switch"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
      </div>
      {note &&
        (error ? (
          <p className="field__message field__message--error" id={noteId} role="alert">
            {note}
          </p>
        ) : locked ? (
          <LockedNote id={noteId} quiet />
        ) : (
          <p className="field__hint" id={noteId}>
            {note}
          </p>
        ))}
    </div>
  );
}

/** A switch bound to a boolean setting, showing the message when a change was refused. */
export function ToggleField({ setting, label }: ToggleFieldProps) {
  const store = useSandboxStore();
  const checked = useStore(store, (s) => s.settings[setting]);
  const error = useStore(store, (s) => s.errors[setting]);
  // A setting a student view locks is shown, disabled, with a note saying so.
  const locked = useSettingLocked(setting);
  const t = useT();
  return (
    <SwitchRow
      label={label ?? t(`setting.${setting}`)}
      name={setting}
      checked={checked}
      disabled={locked}
      note={error ?? (locked ? t('student.locked') : undefined)}
      noteKind={error ? 'error' : locked ? 'locked' : 'hint'}
      data={{ 'data-setting': setting }}
      onChange={(on) => store.getState().applySetting(setting, on)}
    />
  );
}
