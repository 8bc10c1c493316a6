import { describe, expect, it } from 'vitest';
import {
  buildAuthorizationUrl,
  checkCallback,
  DEFAULT_RETURN_TO,
  parseLoginRequest,
  safeReturnTo,
} from './login-flow';

const base = {
  authorizationEndpoint: 'https://photos.example.com/idp/auth',
  clientId: 'nordlys-web',
  scope: 'openid email profile',
  redirectUri: 'https://photos.example.com/login/callback',
  state: 'st-1',
  codeChallenge: 'ch-1',
  create: false,
};

describe('buildAuthorizationUrl', () => {
  it('asks for a code with PKCE S256 and the client registration', () => {
    const url = new URL(buildAuthorizationUrl({ ...base, uiLocale: 'nb_NO' }));
    expect(`${url.origin}${url.pathname}`).toBe(base.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'nordlys-web',
      redirect_uri: base.redirectUri,
      scope: 'openid email profile',
      state: 'st-1',
      code_challenge: 'ch-1',
      code_challenge_method: 'S256',
      ui_locales: 'nb-NO',
    });
  });

  it('adds prompt=create only for Create account', () => {
    expect(new URL(buildAuthorizationUrl({ ...base, create: true })).searchParams.get('prompt')).toBe(
      'create',
    );
    expect(new URL(buildAuthorizationUrl(base)).searchParams.has('prompt')).toBe(false);
  });

  it('carries a given name to the sign-up form as name_hint, trimmed, and never to sign-in', () => {
    const hinted = (create: boolean, nameHint: string) =>
      new URL(buildAuthorizationUrl({ ...base, create, nameHint })).searchParams.get('name_hint');
    expect(hinted(true, '  Gunnar ')).toBe('Gunnar');
    expect(hinted(false, 'Gunnar')).toBeNull();
    expect(hinted(true, '   ')).toBeNull();
  });
});

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeReturnTo('/settings/devices?x=1')).toBe('/settings/devices?x=1');
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'settings',
    '',
    null,
    42,
    '/login',
    '/login/callback?code=x',
  ])('falls back to the timeline for %s', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});

describe('checkCallback', () => {
  const request = { verifier: 'v', state: 'st-1', returnTo: '/albums' };

  it('accepts the code when the state matches', () => {
    expect(checkCallback('?code=abc&state=st-1', request)).toEqual({ ok: true, code: 'abc', request });
  });

  it('rejects a callback without a remembered request', () => {
    expect(checkCallback('?code=abc&state=st-1', null)).toEqual({ ok: false, reason: 'no_request' });
  });

  it('rejects a mismatched state (a forged or stale callback)', () => {
    expect(checkCallback('?code=abc&state=other', request)).toEqual({ ok: false, reason: 'state_mismatch' });
  });

  it('reports the provider error', () => {
    expect(checkCallback('?error=access_denied&state=st-1', request)).toEqual({
      ok: false,
      reason: 'provider_error',
      error: 'access_denied',
    });
  });

  it('rejects a callback without a code', () => {
    expect(checkCallback('?state=st-1', request)).toEqual({ ok: false, reason: 'no_code' });
  });
});

describe('parseLoginRequest', () => {
  it('reads back what the preflight stored and sanitises returnTo', () => {
    expect(parseLoginRequest(JSON.stringify({ verifier: 'v', state: 's', returnTo: '//x' }))).toEqual({
      verifier: 'v',
      state: 's',
      returnTo: DEFAULT_RETURN_TO,
    });
  });

  it('ignores missing or broken entries', () => {
    expect(parseLoginRequest(null)).toBeNull();
    expect(parseLoginRequest('{')).toBeNull();
    expect(parseLoginRequest('{"state":"s"}')).toBeNull();
  });
});
