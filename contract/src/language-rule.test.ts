import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants';
import { chooseLocale, isLocale, localeForLanguageTag, localeTag } from './language-rule';

describe('language rule', () => {
  it('takes a chosen locale first, only when it is one of ours', () => {
    expect(chooseLocale({ chosen: 'sv_SE', preferred: ['bg'], onNorwegianHost: true })).toBe('sv_SE');
    expect(chooseLocale({ chosen: 'de_DE', preferred: ['bg'], onNorwegianHost: true })).toBe('bg_BG');
  });

  it('walks the preferred languages in order, skipping those it does not speak', () => {
    expect(chooseLocale({ preferred: ['de-DE', 'fr', 'sv-FI', 'en-US'], onNorwegianHost: false })).toBe(
      'sv_SE',
    );
  });

  it('falls back to Norwegian on a Norwegian host and English elsewhere', () => {
    expect(chooseLocale({ preferred: ['fi'], onNorwegianHost: true })).toBe('nb_NO');
    expect(chooseLocale({ preferred: [], onNorwegianHost: false })).toBe('en_US');
  });

  it.each([
    ['nb-NO', 'nb_NO'],
    ['no', 'nb_NO'],
    ['nn-NO', 'nb_NO'],
    ['en-GB', 'en_US'],
    ['EN', 'en_US'],
    [' sv ', 'sv_SE'],
    ['bg_BG', 'bg_BG'],
    ['de-DE', undefined],
  ] as const)('maps language tag %s to %s', (tag, locale) => {
    expect(localeForLanguageTag(tag)).toBe(locale);
  });

  it('writes every locale as a BCP 47 tag Intl accepts', () => {
    for (const locale of LOCALES) {
      expect(isLocale(locale)).toBe(true);
      expect(Intl.getCanonicalLocales(localeTag(locale))).toEqual([localeTag(locale)]);
    }
    expect(localeTag('nb_NO')).toBe('nb-NO');
    expect(isLocale('nb-NO')).toBe(false);
  });
});
