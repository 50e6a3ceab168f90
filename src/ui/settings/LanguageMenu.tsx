/**
 * The language menu, in the settings panel's view section: English, Español, Deutsch, each named
 * in its own language (and marked with its `lang`, so a screen reader says it right). Choosing one
 * changes every text of the sandbox at once; the app's address keeps the choice (`lang=`).
 */
import { useId } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../i18n/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';

/** A small select of the interface's language. */
export function LanguageMenu() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="field__select"
        value={t.locale}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isLocale(chosen)) store.getState().setLocale(chosen);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
