import { configureStore } from '@reduxjs/toolkit';
import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '../../api/account.api';
import { getAuthToken, setAuthToken } from '../../api/session';
import { rootReducer } from '../../state/store';
import { sampleAccount } from '../../test/account.test-data';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { setAuthPorts } from './auth.ports';
import { completeLogin, logOut, restoreSession, startLogin } from './login.thunks';
import { selectLoginOffline, selectLoginStatus } from './login-status.slice';
import { registerPendingAction } from './pending-action.registry';

const CONFIG = {
  issuer: 'http://localhost:3000/idp',
  authorization_endpoint: 'http://localhost:3000/idp/auth',
  client_id: 'nordlys-web',
  scope: 'openid email profile',
  redirect_path: '/login/callback',
};

let left: string[];
let loaded: AccountInfo[];
let notices: number;

function makeStore() {
  return configureStore({ reducer: rootReducer });
}

beforeEach(async () => {
  // jsdom's global ArrayBuffer is not the one WebCrypto returns, which trips oauth4webapi's
  // instanceof check; browsers have a single realm, so align the test environment with them.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(1));
  vi.stubGlobal('ArrayBuffer', digest.constructor);
  left = [];
  loaded = [];
  notices = 0;
  sessionStorage.clear();
  setAuthPorts({
    leavePage: (url) => left.push(url),
    accountLoaded: (_dispatch, account) => loaded.push(account),
    loginFailedNotice: () => {
      notices += 1;
    },
    sessionEnded: () => {},
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A provider stand-in that only redeems the code for the verifier matching the challenge it was sent. */
function providerApi(options: { exchangeStatus?: number; exchangeBody?: unknown } = {}) {
  return fakeApi({
    'GET /login/config': jsonResponse(CONFIG),
    'POST /login/exchange': async (call) => {
      const body = call.body as Record<string, string>;
      const sent = new URL(left.at(-1)!);
      const challengeOk =
        (await calculatePKCECodeChallenge(body.code_verifier!)) === sent.searchParams.get('code_challenge');
      if (options.exchangeStatus) return jsonResponse(options.exchangeBody, options.exchangeStatus);
      if (!challengeOk || body.code !== 'the-code') return jsonResponse({ error: 'invalid_grant' }, 400);
      return jsonResponse({ auth_token: 'tok-1', device_id: body.device_id, account_info: sampleAccount() });
    },
  });
}

const callbackFor = (code = 'the-code') => {
  const sent = new URL(left.at(-1)!);
  return `?code=${code}&state=${sent.searchParams.get('state')}`;
};

describe('login round trip', () => {
  it('preflight sends PKCE S256 to the provider; postflight exchanges, stores the token and returns', async () => {
    const calls = providerApi();
    const store = makeStore();
    await startLogin({ returnTo: '/albums' });

    const sent = new URL(left[0]!);
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login/callback`);
    expect(sent.searchParams.get('state')).toBeTruthy();

    const to = await completeLogin(store.dispatch, callbackFor());
    expect(to).toBe('/albums');
    expect(getAuthToken()).toBe('tok-1');
    expect(selectLoginStatus(store.getState())).toBe('AUTHENTICATED');
    expect(loaded.map((account) => account.name)).toEqual(['Ada Lovelace']);
    const exchange = calls.find((call) => call.path === '/login/exchange')!;
    expect(exchange.body).toMatchObject({
      code: 'the-code',
      redirect_uri: `${window.location.origin}/login/callback`,
      device_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      device_name: expect.any(String),
    });
    expect(exchange.authorization).toBeNull();
  });

  it('redeems a callback only once', async () => {
    providerApi();
    const store = makeStore();
    await startLogin();
    const callback = callbackFor();
    expect(await completeLogin(store.dispatch, callback)).toBe('/photos');
    expect(await completeLogin(store.dispatch, callback)).toBe('/');
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
  });

  it('a forged state fails to the fallback location with a notice and no exchange', async () => {
    const calls = providerApi();
    const store = makeStore();
    await startLogin();
    expect(await completeLogin(store.dispatch, '?code=the-code&state=forged')).toBe('/');
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
    expect(notices).toBe(1);
    expect(calls.some((call) => call.path === '/login/exchange')).toBe(false);
    expect(getAuthToken()).toBeNull();
  });

  it('a refused code fails to the fallback location', async () => {
    providerApi();
    const store = makeStore();
    await startLogin();
    expect(await completeLogin(store.dispatch, callbackFor('wrong-code'))).toBe('/');
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
    expect(getAuthToken()).toBeNull();
  });

  it('a disabled account lands on the terminated page', async () => {
    providerApi({ exchangeStatus: 401, exchangeBody: { error: 'user_disabled' } });
    const store = makeStore();
    await startLogin();
    expect(await completeLogin(store.dispatch, callbackFor())).toBe('/error/user_disabled');
    expect(getAuthToken()).toBeNull();
  });

  it('runs the remembered pending action after login and lands where it says', async () => {
    providerApi();
    const store = makeStore();
    const handler = vi.fn(async () => '/photos?copied=1');
    const unregister = registerPendingAction('copyShare', handler);
    try {
      await startLogin({
        returnTo: '/share/s1/copyShare',
        pendingAction: { type: 'copyShare', params: { shareID: 's1' }, redirectTo: '/share/s1' },
      });
      expect(await completeLogin(store.dispatch, callbackFor())).toBe('/photos?copied=1');
      expect(handler).toHaveBeenCalledWith(
        { type: 'copyShare', params: { shareID: 's1' }, redirectTo: '/share/s1' },
        expect.objectContaining({ dispatch: expect.any(Function) }),
      );
      // Once only: the next login does not repeat it.
      await startLogin();
      expect(await completeLogin(store.dispatch, callbackFor())).toBe('/photos');
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      unregister();
    }
  });

  it('without a registered handler the pending action only redirects', async () => {
    providerApi();
    const store = makeStore();
    await startLogin({
      pendingAction: { type: 'subscribeAlbum', params: { albumIDB64: 'A1' }, redirectTo: '/a/A1' },
    });
    expect(await completeLogin(store.dispatch, callbackFor())).toBe('/a/A1');
  });

  it('a failed login forgets the pending action', async () => {
    providerApi();
    const store = makeStore();
    const handler = vi.fn(async () => undefined);
    const unregister = registerPendingAction('copyAlbum', handler);
    try {
      await startLogin({ pendingAction: { type: 'copyAlbum', params: {}, redirectTo: '/a/A1' } });
      await completeLogin(store.dispatch, callbackFor('wrong-code'));
      await startLogin();
      expect(await completeLogin(store.dispatch, callbackFor())).toBe('/photos');
      expect(handler).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });
});

describe('session restore on app start', () => {
  it('without a token: NOT_STARTED and no call', async () => {
    const calls = fakeApi({});
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(selectLoginStatus(store.getState())).toBe('NOT_STARTED');
    expect(calls).toEqual([]);
  });

  it('with a working token: AUTHENTICATED with the account', async () => {
    setAuthToken('tok-1');
    fakeApi({ 'GET /account_info': jsonResponse(sampleAccount({ name: 'Grace' })) });
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(selectLoginStatus(store.getState())).toBe('AUTHENTICATED');
    expect(loaded[0]?.name).toBe('Grace');
  });

  it('with a rejected token: UNAUTHENTICATED and the token is dropped', async () => {
    setAuthToken('tok-1');
    fakeApi({ 'GET /account_info': jsonResponse({ error: 'Unauthorized' }, 401) });
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(selectLoginStatus(store.getState())).toBe('UNAUTHENTICATED');
    expect(getAuthToken()).toBeNull();
  });

  it('on the sign-in callback: reads nothing with the token the sign-in is replacing', async () => {
    setAuthToken('tok-old');
    window.history.replaceState(null, '', '/login/callback?code=c&state=s');
    try {
      const calls = fakeApi({});
      const store = makeStore();
      await restoreSession(store.dispatch);
      expect(calls).toEqual([]);
      expect(selectLoginStatus(store.getState())).not.toBe('AUTHENTICATED');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('offline: keeps the token and stays FETCHING, marked offline', async () => {
    setAuthToken('tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(selectLoginStatus(store.getState())).toBe('FETCHING');
    expect(selectLoginOffline(store.getState())).toBe(true);
    expect(getAuthToken()).toBe('tok-1');
  });
});

describe('log out', () => {
  it('tells the server with the token, then forgets the session: FAILED', async () => {
    setAuthToken('tok-1');
    const calls = fakeApi({ 'POST /logout': new Response(null, { status: 204 }) });
    const store = makeStore();
    await logOut(store.dispatch);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /logout']);
    expect(calls[0]?.authorization).toBe(`Basic ${btoa('nordlys:tok-1')}`);
    expect(getAuthToken()).toBeNull();
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
  });

  it('ignores a failing logout call', async () => {
    setAuthToken('tok-1');
    fakeApi({ 'POST /logout': jsonResponse({ error: 'boom' }, 500) });
    const store = makeStore();
    await logOut(store.dispatch);
    expect(getAuthToken()).toBeNull();
    expect(selectLoginStatus(store.getState())).toBe('FAILED');
  });
});
