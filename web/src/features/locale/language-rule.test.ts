import { describe, expect, it } from 'vitest';
import { chooseLocale, htmlLangFor, localeForBrowserLanguage, readCookie } from './language-rule';

describe('language rule', () => {
  it('prefers a valid lang cookie over everything else', () => {
    expect(
      chooseLocale({ cookie: 'a=1; lang=sv_SE; b=2', browserLanguages: ['bg-BG'], onNorwegianHost: true }),
    ).toBe('sv_SE');
  });

  it('ignores a cookie naming an unsupported locale and falls through to the browser', () => {
    expect(chooseLocale({ cookie: 'lang=de_DE', browserLanguages: ['bg'], onNorwegianHost: true })).toBe(
      'bg_BG',
    );
  });

  it('walks the browser languages in preference order, skipping unsupported ones', () => {
    expect(
      chooseLocale({
        cookie: '',
        browserLanguages: ['de-DE', 'fr', 'sv-FI', 'en-US'],
        onNorwegianHost: false,
      }),
    ).toBe('sv_SE');
  });

  it.each([
    ['nb-NO', 'nb_NO'],
    ['no', 'nb_NO'],
    ['nn-NO', 'nb_NO'],
    ['en-GB', 'en_US'],
    ['EN', 'en_US'],
    ['sv', 'sv_SE'],
    ['bg-BG', 'bg_BG'],
  ] as const)('maps browser language %s to %s', (tag, locale) => {
    expect(localeForBrowserLanguage(tag)).toBe(locale);
  });

  it('returns nothing for languages it does not speak', () => {
    expect(localeForBrowserLanguage('de-DE')).toBeUndefined();
  });

  it('defaults to Norwegian on the Norwegian domain and English elsewhere', () => {
    expect(chooseLocale({ cookie: '', browserLanguages: ['fi'], onNorwegianHost: true })).toBe('nb_NO');
    expect(chooseLocale({ cookie: '', browserLanguages: [], onNorwegianHost: false })).toBe('en_US');
  });

  it('reads cookies by exact name, not by prefix', () => {
    expect(readCookie('language=bg_BG; lang=nb_NO', 'lang')).toBe('nb_NO');
    expect(readCookie('xlang=bg_BG', 'lang')).toBeUndefined();
  });

  it('turns a locale into an html lang tag', () => {
    expect(htmlLangFor('nb_NO')).toBe('nb-NO');
  });
});
