/**
 * A labelled number field bound to one setting. Every keystroke is validated; a valid value is
 * applied at once (live settings change the world, scene settings rebuild it) and an invalid one
 * shows its message under the field while the simulation keeps running on the old value. The
 * field's markup and wiring are {@link TextField}'s.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { checkNumber, NUMBER_SPECS, parseNumberInput, type NumberKey } from '../../experiment/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatPlain, type Locale } from '../../i18n/index.ts';
import { useSettingLocked } from './LockedNote.tsx';
import { fieldIds, TextField } from './TextField.tsx';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  /** The setting this field edits. */
  setting: NumberKey;
  /** Also show a slider over the setting's range. @defaultValue false */
  slider?: boolean;
  /** Short help under the label. @defaultValue none */
  hint?: string;
  /** Disable the field (for instance gravity strength while gravity is off). @defaultValue false */
  disabled?: boolean;
}

/**
 * A setting's value without float noise (0.30000000000000004 reads 0.3), with the language's
 * decimal sign: what the field shows and what is read aloud.
 */
export function formatSetting(value: number, locale: Locale = 'en'): string {
  return formatPlain(locale, Number(value.toPrecision(12)));
}

/** A labelled, validated number input for one setting. */
export function NumberField({ setting, slider = false, hint, disabled: off = false }: NumberFieldProps) {
  const store = useSandboxStore();
  // A setting a student view locks is shown, disabled, with a note saying so.
  const locked = useSettingLocked(setting);
  const disabled = off || locked;
  const spec = NUMBER_SPECS[setting];
  const t = useT();
  const label = t(`setting.${setting}`);
  const id = useId();
  const value = useStore(store, (s) => s.settings[setting]);
  const error = useStore(store, (s) => s.errors[setting]);
  const warning = useStore(store, (s) => s.warnings[setting]);
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // The typed text while editing or while it is refused; otherwise the value in effect (which a
  // reset or another field may have changed).
  const shown = draft !== null && (focused || error) ? draft : formatSetting(value, t.locale);

  const edit = (text: string): void => {
    setDraft(text);
    const parsed = parseNumberInput(text, t.locale !== 'en');
    const message = checkNumber(setting, parsed, t);
    const state = store.getState();
    if (message !== null || typeof parsed !== 'number') {
      state.setFieldError(setting, message);
      return;
    }
    if (parsed === state.settings[setting]) {
      state.setFieldError(setting, null);
      return;
    }
    state.applySetting(setting, parsed);
  };

  const revert = (): void => {
    setDraft(null);
    store.getState().setFieldError(setting, null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape' && (draft !== null || error)) {
      event.preventDefault();
      revert();
    } else if (event.key === 'Enter' && !store.getState().errors[setting]) {
      setDraft(null);
    }
  };

  return (
    <TextField
      id={id}
      label={label}
      unit={spec.unit ? `(${spec.unit})` : undefined}
      kind={spec.integer && spec.min >= 0 ? 'numeric' : 'decimal'}
      name={setting}
      value={shown}
      hint={hint}
      error={error}
      warning={warning}
      disabled={off}
      locked={locked}
      fieldData={{ 'data-setting': setting }}
      onChange={edit}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        if (!store.getState().errors[setting]) setDraft(null);
      }}
      onKeyDown={onKeyDown}
    >
      {slider && (
        <input
          className="field__slider"
          type="range"
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={value}
          disabled={disabled}
          aria-label={t('setting.slider', { name: label })}
          aria-describedby={locked ? fieldIds(id).locked : undefined}
          aria-valuetext={`${formatSetting(value, t.locale)}${spec.unit ? ` ${spec.unit}` : ''}`}
          onChange={(e) => {
            setDraft(null);
            store.getState().applySetting(setting, Number(e.target.value));
          }}
        />
      )}
    </TextField>
  );
}
