/**
 * A labelled switch (a real checkbox) bound to one boolean setting, with its message when the
 * change was refused (for instance planar mode with more spheres than fit in the plane).
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import type { SandboxStore } from '../store/index.ts';

/** Props of {@link ToggleField}. */
export interface ToggleFieldProps {
  /** The sandbox store. */
  store: SandboxStore;
  /** The boolean setting. */
  setting: 'gravityOn' | 'planar';
  /** Label text. */
  label: string;
}

/** A checkbox styled as a switch. */
export function ToggleField({ store, setting, label }: ToggleFieldProps) {
  const id = useId();
  const checked = useStore(store, (s) => s.settings[setting]);
  const error = useStore(store, (s) => s.errors[setting]);
  const messageId = `${id}-message`;
  return (
    <div className={`field field--toggle${error ? ' field--invalid' : ''}`} data-setting={setting}>
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="switch"
          type="checkbox"
          role="switch"
          name={setting}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={(e) => store.getState().applySetting(setting, e.target.checked)}
        />
      </div>
      {error && (
        <p className="field__message field__message--error" id={messageId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
