/**
 * Messages by key: `t('settings.title')`, `t('check.atLeast', { name, min, got })`. A message's
 * `{name}` placeholders take the values given; a number is written for the language
 * ({@link formatNumber}), a string as it is.
 */
import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { type Locale } from './locale.ts';
import { formatNumber } from './numbers.ts';

export type { MessageKey } from './en.ts';

/** The values of a message's placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Every language's catalogue: the same keys as English, each a message in that language. */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, es, de };

/** Gives the message of a key in one language, its placeholders filled in. */
export type Translate = ((key: MessageKey, params?: MessageParams) => string) & {
  /** The language it writes. */
  readonly locale: Locale;
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; one with no value given is left as it is, so that it shows. */
export function fill(locale: Locale, message: string, params: MessageParams | undefined): string {
  if (params === undefined) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}

const translators = new Map<Locale, Translate>();

/** The translator of one language (one per language, made once: safe to compare and to memoize on). */
export function translator(locale: Locale): Translate {
  let found = translators.get(locale);
  if (found === undefined) {
    const catalogue = CATALOGUES[locale];
    found = Object.assign((key: MessageKey, params?: MessageParams) => fill(locale, catalogue[key], params), { locale });
    translators.set(locale, found);
  }
  return found;
}

/** English messages: the language of the solver's errors and of code that has no person to ask. */
export const english: Translate = translator('en');

/** A message with a form for one and a form for more (`key.one`, `key.other`). */
export type PluralKey = { [K in MessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never }[MessageKey];

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The message of `key` in the form `count` takes in t's language (Intl.PluralRules: `key.one` for
 * the "one" category, `key.other` for every other), with `count` among its placeholders (as given
 * in `params`, formatted for the language, or else the number itself).
 */
export function plural(t: Translate, key: PluralKey, count: number, params: MessageParams = {}): string {
  let rules = pluralRules.get(t.locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(t.locale);
    pluralRules.set(t.locale, rules);
  }
  const form = rules.select(count) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}` as MessageKey, { count, ...params });
}
