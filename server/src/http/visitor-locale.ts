import type { IncomingMessage } from 'node:http';
import type { Locale } from '@nordlys/contract/constants';
import { LANGUAGE_COOKIE } from '@nordlys/contract/language-rule';
import { chooseSignInLocale } from '../identity/sign-in-texts';

export const readCookie = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
};

const hostName = (host: string) => host.replace(/:\d+$/, '').toLowerCase();

export function isNorwegianHost(host: string, norwegianHosts: string[]): boolean {
  const name = hostName(host);
  return norwegianHosts.some((entry) =>
    entry.startsWith('.') ? name.endsWith(entry.toLowerCase()) : name === entry.toLowerCase(),
  );
}

/**
 * The visitor's host (Norwegian or not) and language, as the server's pages and the web client
 * choose it: the `lang` cookie, the OpenID `ui_locales`, Accept-Language, then the host's default.
 */
export function visitorLocale(
  headers: IncomingMessage['headers'],
  norwegianHosts: string[],
  uiLocales?: string,
): { norwegian: boolean; locale: Locale } {
  const host = String(headers['x-forwarded-host'] ?? headers.host ?? '');
  const norwegian = isNorwegianHost(host, norwegianHosts);
  return {
    norwegian,
    locale: chooseSignInLocale({
      langCookie: readCookie(headers.cookie, LANGUAGE_COOKIE),
      uiLocales,
      acceptLanguage: headers['accept-language'],
      onNorwegianHost: norwegian,
    }),
  };
}
