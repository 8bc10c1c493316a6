import type { Locale } from '@nordlys/contract/constants';
import { chooseLocale as chooseByRule, LANGUAGE_COOKIE } from '@nordlys/contract/language-rule';

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

export interface LanguageInputs {
  cookie: string;
  browserLanguages: readonly string[];
  onNorwegianHost: boolean;
}

/** Cookie first, then the browser's preference order, then the domain's default. */
export const chooseLocale = ({ cookie, browserLanguages, onNorwegianHost }: LanguageInputs): Locale =>
  chooseByRule({ chosen: readCookie(cookie, LANGUAGE_COOKIE), preferred: browserLanguages, onNorwegianHost });

/** One year, so a chosen language survives the browser being closed. */
export const languageCookie = (locale: Locale): string =>
  `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
