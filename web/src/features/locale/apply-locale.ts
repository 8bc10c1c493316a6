import type { Locale } from '@nordlys/contract/constants';
import { localeTag } from '@nordlys/contract/language-rule';
import i18next from 'i18next';
import { languageCookie } from './language-rule';

/** Switches the interface live and keeps `<html lang>` in step for screen readers and hyphenation. */
export function applyLocale(locale: Locale): void {
  void i18next.changeLanguage(locale);
  document.documentElement.lang = localeTag(locale);
}

/** A user's explicit choice: remembered in the cookie the language rule reads first. */
export function chooseLocaleExplicitly(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and older Firefox.
  document.cookie = languageCookie(locale);
  applyLocale(locale);
}
