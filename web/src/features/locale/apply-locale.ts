import type { Locale } from '@nordlys/contract/constants';
import { localeTag } from '@nordlys/contract/language-rule';
import i18next from 'i18next';
import { loadLocale } from '../../i18n/i18n';
import { languageCookie } from './language-rule';

/**
 * Switches the interface live, once the language's catalogues are in, and keeps `<html lang>` in
 * step for screen readers and hyphenation.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = localeTag(locale);
}

/** A user's explicit choice: remembered in the cookie the language rule reads first. */
export function chooseLocaleExplicitly(locale: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox.
  document.cookie = languageCookie(locale);
  return applyLocale(locale);
}
