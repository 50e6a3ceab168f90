/**
 * The one typed field of the panels: a label and a text input (numbers are typed as text, so that
 * a comma can be the decimal sign), with its hint and its message under it, wired for assistive
 * technology: the label names the input (`htmlFor`), `aria-describedby` names the hint, the
 * message and a student view's lock note, `aria-invalid` marks an error, and an error is
 * announced (`role="alert"`; a warning is a polite `role="status"`). What the typed text means
 * (parsing, checking, applying) stays with the control that uses it. A labelled select drawn the
 * same way ({@link SelectField}) is here too. The look is shared/fields.css's `field` classes.
 */
import { useId, type ChangeEvent, type FocusEvent, type HTMLAttributes, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../hooks/use-translate.ts';
import { LockedNote } from './LockedNote.tsx';

/** What a field's input accepts: a decimal number, a whole number, or any text. */
export type FieldKind = 'decimal' | 'numeric' | 'text';

/** `data-*` attributes put on an element for styling and tests. */
export type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** Props of {@link FieldInput}: a label and its input, without the field around them. */
export interface FieldInputProps {
  /** The label's text. */
  label: string;
  /** A unit after the label, written as given with its parentheses ("(m/s)"). @defaultValue none */
  unit?: string;
  /** The input's id. @defaultValue one made with `useId` */
  id?: string;
  /** The text shown in the input. */
  value: string;
  /** Called with the typed text at each keystroke. @defaultValue none (with `readOnly`) */
  onChange?(text: string): void;
  /** What the input accepts: it sets the on-screen keyboard (`inputMode`). @defaultValue 'decimal' */
  kind?: FieldKind;
  /** The input's name. @defaultValue none */
  name?: string;
  /** The input's placeholder (for instance "mixed"). @defaultValue none */
  placeholder?: string;
  /** The input's `max` attribute (a hint for assistive technology; the control checks the value). @defaultValue none */
  max?: number;
  /** Disables the input. @defaultValue false */
  disabled?: boolean;
  /** A read-only field (a link to copy): its text is selected when it gets focus. @defaultValue false */
  readOnly?: boolean;
  /** The wide variant (a link): the whole row, text from the left. @defaultValue false */
  wide?: boolean;
  /** Marks the input invalid. @defaultValue false */
  invalid?: boolean;
  /** The ids of the elements that describe the input, space-separated. @defaultValue none */
  describedBy?: string;
  /** Label and input in one `field__row` (side by side), or one under the other. @defaultValue true */
  row?: boolean;
  /** `data-*` attributes of the input. @defaultValue none */
  data?: DataAttributes;
  /** Drawn after the input in its row (a colour swatch). @defaultValue none */
  after?: ReactNode;
  onFocus?(event: FocusEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * A label and its input, side by side in a `field__row` (or one under the other): the part of a
 * {@link TextField} that a group of inputs sharing one message (the pump) uses on its own.
 */
export function FieldInput({ label, unit, id: given, value, onChange, kind = 'decimal', name, placeholder, max, disabled, readOnly, wide, invalid, describedBy, row = true, data, after, onFocus, onBlur, onKeyDown }: FieldInputProps) {
  const made = useId();
  const id = given ?? made;
  const input: InputHTMLAttributes<HTMLInputElement> = {
    id,
    className: wide ? 'field__input field__input--wide' : 'field__input',
    type: 'text',
    inputMode: kind,
    autoComplete: 'off',
    spellCheck: kind === 'text' ? undefined : false,
    name,
    value,
    placeholder,
    max,
    disabled,
    readOnly,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: onChange ? (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value) : undefined,
    onFocus: readOnly ? (e) => e.currentTarget.select() : onFocus,
    onBlur,
    onKeyDown,
  };
  return (
    <LabelRow id={id} label={label} unit={unit} row={row}>
      <input {...input} {...data} />
      {after}
    </LabelRow>
  );
}

/** A label for the control with id `id`, and the control: side by side in a `field__row`, or one under the other. */
function LabelRow({ id, label, unit, row, children }: { id: string; label: string; unit?: string; row: boolean; children: ReactNode }) {
  const parts = (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
        {unit && <span className="field__unit">{` ${unit}`}</span>}
      </label>
      {children}
    </>
  );
  return row ? <div className="field__row">{parts}</div> : parts;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  /** The label's text. */
  label: string;
  /** The select's id. @defaultValue one made with `useId` */
  id?: string;
  /** The chosen option's value. */
  value: string | number;
  /** Called with the chosen option's value. */
  onChange(value: string): void;
  /** The select's name. @defaultValue none */
  name?: string;
  /** Label and select in one `field__row` (side by side), or one under the other. @defaultValue false */
  row?: boolean;
  /** `data-*` attributes of the select. @defaultValue none */
  data?: DataAttributes;
  /** The options. */
  children: ReactNode;
}

/** A labelled choice among options, drawn like a typed field's input (`field__input`). */
export function SelectField({ label, id: given, value, onChange, name, row = false, data, children }: SelectFieldProps) {
  const made = useId();
  const id = given ?? made;
  return (
    <div className="field">
      <LabelRow id={id} label={label} row={row}>
        <select id={id} className="field__input" name={name} value={value} onChange={(e) => onChange(e.target.value)} {...data}>
          {children}
        </select>
      </LabelRow>
    </div>
  );
}

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<FieldInputProps, 'invalid' | 'describedBy' | 'disabled'> {
  /** Short help under the input. @defaultValue none */
  hint?: ReactNode;
  /** Why the typed value is refused: shown under the input, announced, and the field marked invalid. @defaultValue none */
  error?: string | null;
  /** A caution about an accepted value, shown under the input (politely announced). @defaultValue none */
  warning?: string | null;
  /** Disables the input. @defaultValue false */
  disabled?: boolean;
  /** Dims the whole field, label included, while it is disabled (a setting that does not apply now). @defaultValue true */
  dimmed?: boolean;
  /** A student view locks the field: disabled, a padlock after its label, described by "Locked by your teacher". @defaultValue false */
  locked?: boolean;
  /** Ids of further elements that describe the input (a note for the whole form), space-separated. @defaultValue none */
  describedBy?: string;
  /** `data-*` attributes of the field's outer element. @defaultValue none */
  fieldData?: DataAttributes;
  /** Drawn after the label and input, before the hint (a slider). @defaultValue none */
  children?: ReactNode;
}

/** The ids a field gives its hint, its message and its lock note, made from the input's id. */
export function fieldIds(id: string): { hint: string; message: string; locked: string } {
  return { hint: `${id}-hint`, message: `${id}-message`, locked: `${id}-locked` };
}

/** A labelled text or number input with its hint and its error or warning under it. */
export function TextField({ hint, error, warning, disabled = false, dimmed = true, locked = false, describedBy, fieldData, children, id: given, ...input }: TextFieldProps) {
  const made = useId();
  const id = given ?? made;
  const t = useT();
  const ids = fieldIds(id);
  const message = error || warning || null;
  const described = [locked ? ids.locked : '', hint ? ids.hint : '', message ? ids.message : '', describedBy ?? ''].filter(Boolean).join(' ');
  const outer: HTMLAttributes<HTMLDivElement> = {
    className: `field${error ? ' field--invalid' : ''}${locked ? ' field--locked' : disabled && dimmed ? ' field--disabled' : ''}`,
    title: locked ? t('student.locked') : undefined,
  };
  return (
    <div {...outer} {...fieldData}>
      <FieldInput {...input} id={id} disabled={disabled || locked} invalid={!!error} describedBy={described} />
      {children}
      {locked && <LockedNote id={ids.locked} quiet />}
      {hint && (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {message && (
        <p className={error ? 'field__message field__message--error' : 'field__message field__message--warning'} id={ids.message} role={error ? 'alert' : 'status'}>
          {message}
        </p>
      )}
    </div>
  );
}
