import { LOCALES, type Locale } from './constants';

/**
 * The product's language rule, shared by the web app and the server's sign-in pages so both speak
 * the same language to the same visitor.
 */

/** Where a language the user picked is remembered; the web app writes it, both sides read it. */
export const LANGUAGE_COOKIE = 'lang';

/** Primary language subtags we answer in, by the locale that answers. */
const LOCALE_BY_LANGUAGE: Readonly<Record<string, Locale>> = {
  nb: 'nb_NO',
  no: 'nb_NO',
  nn: 'nb_NO',
  en: 'en_US',
  sv: 'sv_SE',
  bg: 'bg_BG',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Maps a BCP 47 tag such as 'nb-NO', 'en-GB' or 'sv' to a supported locale. */
export function localeForLanguageTag(tag: string): Locale | undefined {
  return LOCALE_BY_LANGUAGE[tag.trim().toLowerCase().split(/[-_;]/)[0] ?? ''];
}

export interface LocaleInputs {
  /** The locale the user picked (the `lang` cookie's value), if any. */
  chosen?: string;
  /** Language tags the visitor prefers, most preferred first. */
  preferred: readonly string[];
  onNorwegianHost: boolean;
}

/** The chosen locale, then the preferred languages in order, then Norwegian on a Norwegian host and English elsewhere. */
export function chooseLocale({ chosen, preferred, onNorwegianHost }: LocaleInputs): Locale {
  if (isLocale(chosen)) return chosen;
  for (const tag of preferred) {
    const locale = localeForLanguageTag(tag);
    if (locale) return locale;
  }
  return onNorwegianHost ? 'nb_NO' : 'en_US';
}

/** A locale as a BCP 47 tag ('nb_NO' → 'nb-NO'), the form `<html lang>`, Intl and ui_locales want. */
export const localeTag = (locale: string): string => locale.replace('_', '-');
