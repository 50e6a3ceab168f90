/**
 * The interface's language in React: the translator of the sandbox's locale (store state
 * `locale`, which the language menu, a link's `lang=` and the embed's `locale` prop set; the
 * translator's `locale` names it). A component reading it renders again only when the language changes.
 */
import { useSandbox } from './sandbox-context.ts';
import { translator, type Translate } from '../i18n/index.ts';

/** The translator of the sandbox's language: `const t = useT(); t('settings.title')`. */
export function useT(): Translate {
  return translator(useSandbox((s) => s.locale));
}

