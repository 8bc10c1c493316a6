import { LOCALES, type Locale } from '@nordlys/contract/constants';

export const LANGUAGE_COOKIE = 'lang';

const BY_LANGUAGE: Record<string, Locale> = {
  nb: 'nb_NO',
  no: 'nb_NO',
  nn: 'nb_NO',
  en: 'en_US',
  sv: 'sv_SE',
  bg: 'bg_BG',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Maps a BCP 47 tag such as 'nb-NO', 'en-GB' or 'sv' to a supported locale. */
export function localeForBrowserLanguage(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return BY_LANGUAGE[primary];
}

export interface LanguageInputs {
  cookie: string;
  browserLanguages: readonly string[];
  onNorwegianHost: boolean;
}

/** Cookie first, then the browser's preference order, then the domain's default. */
export function chooseLocale({ cookie, browserLanguages, onNorwegianHost }: LanguageInputs): Locale {
  const fromCookie = readCookie(cookie, LANGUAGE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  for (const tag of browserLanguages) {
    const locale = localeForBrowserLanguage(tag);
    if (locale) return locale;
  }
  return onNorwegianHost ? 'nb_NO' : 'en_US';
}

/** `<html lang>` wants a BCP 47 tag, not the underscore form the server uses. */
export const htmlLangFor = (locale: Locale): string => locale.replace('_', '-');

/** One year, so a chosen language survives the browser being closed. */
export const languageCookie = (locale: Locale): string =>
  `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
