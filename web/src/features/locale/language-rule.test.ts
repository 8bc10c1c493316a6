import { describe, expect, it } from 'vitest';
import { chooseLocale, readCookie } from './language-rule';

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

  it('defaults to Norwegian on the Norwegian domain and English elsewhere', () => {
    expect(chooseLocale({ cookie: '', browserLanguages: ['fi'], onNorwegianHost: true })).toBe('nb_NO');
    expect(chooseLocale({ cookie: '', browserLanguages: [], onNorwegianHost: false })).toBe('en_US');
  });

  it('reads cookies by exact name, not by prefix', () => {
    expect(readCookie('language=bg_BG; lang=nb_NO', 'lang')).toBe('nb_NO');
    expect(readCookie('xlang=bg_BG', 'lang')).toBeUndefined();
  });
});
