import { isPlaceholderDeviceId } from '@nordlys/contract/account';
import { LOCALES } from '@nordlys/contract/constants';
import { describe, expect, it } from 'vitest';
import { isNorwegianHost } from '../http/visitor-locale';
import { isLoopbackCallback } from './built-in-provider';
import { renderSignInPage } from './sign-in-page';
import { chooseSignInLocale, signInTexts } from './sign-in-texts';

describe('sign-in page language', () => {
  const base = { onNorwegianHost: false };
  it('prefers the lang cookie, then ui_locales, then Accept-Language by weight', () => {
    expect(chooseSignInLocale({ ...base, langCookie: 'sv_SE', uiLocales: 'bg', acceptLanguage: 'nb' })).toBe(
      'sv_SE',
    );
    expect(
      chooseSignInLocale({ ...base, langCookie: 'xx_XX', uiLocales: 'de bg-BG', acceptLanguage: 'nb' }),
    ).toBe('bg_BG');
    expect(chooseSignInLocale({ ...base, acceptLanguage: 'en;q=0.5, nn-NO;q=0.8, de' })).toBe('nb_NO');
    expect(chooseSignInLocale({ ...base, acceptLanguage: 'sv;q=0, en' })).toBe('en_US');
  });

  it('knows a Norwegian host by exact name or by suffix, ignoring the port', () => {
    expect(isNorwegianHost('foto.example.no:8080', ['.no'])).toBe(true);
    expect(isNorwegianHost('photos.example.com', ['.no', 'bilder.example.com'])).toBe(false);
    expect(isNorwegianHost('Bilder.Example.com', ['bilder.example.com'])).toBe(true);
    expect(isNorwegianHost('example.now', ['.no'])).toBe(false);
  });

  it('falls back to Norwegian on a Norwegian host and English elsewhere', () => {
    expect(chooseSignInLocale({ onNorwegianHost: true, acceptLanguage: 'de' })).toBe('nb_NO');
    expect(chooseSignInLocale({ onNorwegianHost: false })).toBe('en_US');
  });

  it('has every text in every language, none left in English by mistake', () => {
    const english = signInTexts('en_US');
    for (const locale of LOCALES) {
      const texts = signInTexts(locale);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
      for (const value of Object.values(texts)) expect(value.trim()).not.toBe('');
      if (locale !== 'en_US') expect(texts.signInTitle).not.toBe(english.signInTitle);
    }
    expect(signInTexts('nb_NO').required).toBe('Feltet må fylles ut');
    expect(signInTexts('nb_NO').invalid).toBe('Verdien er ikke gyldig');
  });

  it('escapes what the user typed', () => {
    const html = renderSignInPage({
      locale: 'en_US',
      brand: 'Nordlys',
      mode: 'create',
      action: '/idp/interaction/abc/create',
      switchHref: '/idp/interaction/abc?screen=login',
      values: { email: '"><script>alert(1)</script>', name: '<b>' },
      freeGib: 15,
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('value="&lt;b&gt;"');
  });

  it('offers the free plan when new accounts get one, and says a new account is read-only when not', () => {
    const page = (freeGib: number) =>
      renderSignInPage({
        locale: 'en_US',
        brand: 'Nordlys',
        mode: 'create',
        action: '/idp/interaction/abc/create',
        switchHref: '/idp/interaction/abc?screen=login',
        freeGib,
      });
    expect(page(15)).toContain('Start with a free plan of 15 GB');
    expect(page(0)).not.toContain('0 GB');
    expect(page(0)).toContain('To upload your own photos and videos, subscribe to a storage plan.');
  });
});

describe('redirect URIs allowed without PUBLIC_URL', () => {
  it('accepts the callback on loopback hosts at any port', () => {
    for (const uri of [
      'http://localhost:5173/login/callback',
      'http://127.0.0.1:40123/login/callback',
      'http://[::1]:8080/login/callback',
    ]) {
      expect(isLoopbackCallback(uri), uri).toBe(true);
    }
  });

  it('refuses other hosts, paths, queries and credentials', () => {
    for (const uri of [
      'http://evil.example/login/callback',
      'http://localhost.evil.example/login/callback',
      'http://localhost:5173/login/callback/x',
      'http://localhost:5173/login/callback?next=https://evil.example',
      'http://user:pw@localhost:5173/login/callback',
      'javascript:alert(1)//localhost/login/callback',
      'not a url',
    ]) {
      expect(isLoopbackCallback(uri), uri).toBe(false);
    }
  });
});

describe('placeholder device ids', () => {
  it('recognises missing and known placeholder ids', () => {
    for (const id of [
      undefined,
      null,
      '',
      '  ',
      '00000000-0000-0000-0000-000000000000',
      '0',
      'undefined',
      'NULL',
    ]) {
      expect(isPlaceholderDeviceId(id), String(id)).toBe(true);
    }
    expect(isPlaceholderDeviceId('3b1f0c5e-8f44-4c2e-9d1a-0a0b0c0d0e0f')).toBe(false);
    expect(isPlaceholderDeviceId('browser-1')).toBe(false);
  });
});
