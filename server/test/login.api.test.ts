import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorization, submitInteraction, TestBrowser } from './oidc-browser';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(databaseKinds)('sign-in through the built-in provider on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let redirectUri: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await listen(t);
    redirectUri = `${base}/login/callback`;
  });
  afterAll(() => t.close());

  const exchange = (body: Record<string, unknown>) =>
    fetch(`${base}/st/4/login/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function signUp(email: string, password = 'correct horse', name = 'Kari Nordmann') {
    const config = await (await fetch(`${base}/st/4/login/config`)).json();
    const start = await startAuthorization({
      authorizationEndpoint: config.authorization_endpoint,
      redirectUri,
      prompt: 'create',
    });
    const done = await submitInteraction(start, 'create', { email, password, name });
    return { start, done };
  }

  it('tells the client where to sign in', async () => {
    const res = await fetch(`${base}/st/4/login/config?app_key=web&client_v=1.2.3300.3`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      issuer: `${base}/idp`,
      authorization_endpoint: `${base}/idp/auth`,
      client_id: 'nordlys-web',
      scope: 'openid email profile',
      redirect_path: '/login/callback',
    });
    const discovery = await (await fetch(`${base}/idp/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${base}/idp`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs up with PKCE, exchanges the code and the token works', async () => {
    const email = uniqueEmail('kari');
    const { start, done } = await signUp(email);
    expect(done.status).toBe(303);
    expect(done.callback?.origin + (done.callback?.pathname ?? '')).toBe(redirectUri);
    expect(done.callback?.searchParams.get('state')).toBe(start.state);
    expect(done.code).toBeTruthy();

    const res = await exchange({
      code: done.code,
      code_verifier: start.verifier,
      redirect_uri: redirectUri,
      device_id: 'browser-1',
      device_name: 'Firefox on Linux',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.device_id).toBe('browser-1');
    expect(body.account_info).toMatchObject({
      name: 'Kari Nordmann',
      logged_in_as: email,
      max_space: 15 * 1024 ** 3,
    });

    const info = await fetch(`${base}/st/4/account_info`, {
      headers: { authorization: basicAuth(body.auth_token) },
    });
    expect(info.status).toBe(200);
    expect((await info.json()).uuid).toBe(body.account_info.uuid);
  });

  const authorize = async (prompt?: string, extraParams?: Record<string, string>, browser?: TestBrowser) =>
    startAuthorization({
      authorizationEndpoint: `${base}/idp/auth`,
      redirectUri,
      prompt,
      extraParams,
      browser,
    });

  async function signIn(email: string, password: string, browser?: TestBrowser) {
    const start = await authorize(undefined, undefined, browser);
    return { start, done: await submitInteraction(start, 'login', { email, password }) };
  }

  it('opens the create-account form for prompt=create and the sign-in form otherwise, each linking to the other', async () => {
    const create = await authorize('create');
    const createPage = await create.browser.request(create.interactionUrl);
    expect(createPage.res.status).toBe(200);
    expect(createPage.res.headers.get('content-type')).toContain('text/html');
    expect(createPage.text).toContain(`action="${new URL(create.interactionUrl).pathname}/create"`);
    expect(createPage.text).toMatch(/<label for="name">Name<\/label>/);
    expect(createPage.text).toContain('autocomplete="new-password"');
    expect(createPage.text).toContain('?screen=login');

    const login = await authorize();
    const loginPage = await login.browser.request(login.interactionUrl);
    expect(loginPage.text).toContain(`action="${new URL(login.interactionUrl).pathname}/login"`);
    expect(loginPage.text).not.toContain('<label for="name">');
    expect(loginPage.text).toContain('?screen=create');
    const switched = await login.browser.request(`${login.interactionUrl}?screen=create`);
    expect(switched.text).toContain('<label for="name">');
  });

  it('prefills the create-account name from name_hint, trimmed and escaped, and the form still checks it', async () => {
    const hinted = await authorize('create', { name_hint: '  Gunnar <Guest> ' });
    const page = await hinted.browser.request(hinted.interactionUrl);
    expect(page.text).toMatch(/id="name" name="name"[^>]*value="Gunnar &lt;Guest&gt;"/);
    const without = await authorize('create');
    expect((await without.browser.request(without.interactionUrl)).text).not.toMatch(
      /id="name" name="name"[^>]*value="[^"]/,
    );
    const done = await submitInteraction(hinted, 'create', {
      email: uniqueEmail('hinted'),
      password: 'correct horse',
      name: '',
    });
    expect(done.status).toBe(400);
  });

  it('speaks the language of the lang cookie, then ui_locales, then Accept-Language, else English', async () => {
    const cases: Array<[Record<string, string>, Record<string, string>, string, string]> = [
      [{ cookie: 'lang=nb_NO' }, { ui_locales: 'sv' }, 'lang="nb-NO"', 'Logg inn'],
      [{}, { ui_locales: 'sv-SE en' }, 'lang="sv-SE"', 'Logga in'],
      [{ 'accept-language': 'de;q=0.9, bg-BG;q=0.8' }, {}, 'lang="bg-BG"', 'Вход'],
      [{ 'accept-language': 'de' }, {}, 'lang="en-US"', 'Sign in'],
    ];
    for (const [headers, params, lang, title] of cases) {
      const start = await authorize(undefined, params, new TestBrowser(headers));
      const page = await start.browser.request(start.interactionUrl);
      expect(page.text, lang).toContain(`<html lang=${lang.slice(5)}`);
      expect(page.text, lang).toContain(`<h1>${title}</h1>`);
    }
  });

  it('shows sign-up problems in place and creates nothing', async () => {
    const email = uniqueEmail('problems');
    const start = await authorize('create');
    const short = await submitInteraction(start, 'create', { email, password: 'short', name: 'Per' });
    expect(short.status).toBe(400);
    expect(short.html).toContain('The password must be at least 8 characters');
    expect(short.html).toContain(`value="${email}"`);
    const bad = await submitInteraction(start, 'create', {
      email: 'not-an-email',
      password: 'long enough',
      name: '',
    });
    expect(bad.html).toContain('Enter a valid e-mail address');
    expect(bad.html).toContain('Field is required');
    const long = await submitInteraction(start, 'create', {
      email,
      password: 'long enough',
      name: 'x'.repeat(256),
    });
    expect(long.html).toContain('The name can be at most 255 characters');
    const users = await t.store.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);

    await signUp(email);
    const again = await signUp(email);
    expect(again.done.status).toBe(409);
    expect(again.done.html).toContain('An account with this e-mail already exists');
  });

  it('signs in with the password, not with a wrong one, and asks for it again on every sign-in', async () => {
    const email = uniqueEmail('signin');
    const first = await signUp(email, 'right password');
    const wrong = await signIn(email, 'wrong password', first.start.browser);
    expect(wrong.done.status).toBe(401);
    expect(wrong.done.html).toContain('Wrong e-mail or password');
    expect(wrong.done.html).toContain(`value="${email}"`);
    expect(wrong.done.code).toBeNull();

    // Same browser, provider session cookie and all: the form still comes up.
    const right = await signIn(email.toUpperCase(), 'right password', first.start.browser);
    expect(right.done.code).toBeTruthy();
    const res = await exchange({
      code: right.done.code,
      code_verifier: right.start.verifier,
      redirect_uri: redirectUri,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).account_info.logged_in_as).toBe(email);
  });

  it('locks an e-mail for the address that guessed 5 wrong passwords, for 15 minutes, even for the right one', async () => {
    const email = uniqueEmail('locked');
    await signUp(email, 'the real password');
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(email, `guess ${i}`)).done.status).toBe(401);
    }
    const fifth = await signIn(email, 'guess 5');
    expect(fifth.done.status).toBe(429);
    expect(fifth.done.html).toContain('Too many failed attempts. Try again in 15 minutes.');
    const right = await signIn(email, 'the real password');
    expect(right.done.status).toBe(429);
    expect(right.done.code).toBeNull();

    // Guessing at an address that has no account counts the same way.
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 4; i += 1) expect((await signIn(ghost, 'whatever1')).done.status).toBe(401);
    expect((await signIn(ghost, 'whatever1')).done.status).toBe(429);
  });

  it('answers 400 invalid_grant for a wrong verifier, a reused code, another redirect_uri and a made-up code', async () => {
    const email = uniqueEmail('grant');
    const { start, done } = await signUp(email);
    const wrongVerifier = await exchange({
      code: done.code,
      code_verifier: 'x'.repeat(43),
      redirect_uri: redirectUri,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({ error: 'invalid_grant' });

    const next = await signIn(email, 'correct horse');
    const ok = await exchange({
      code: next.done.code,
      code_verifier: next.start.verifier,
      redirect_uri: redirectUri,
    });
    expect(ok.status).toBe(200);
    const reused = await exchange({
      code: next.done.code,
      code_verifier: next.start.verifier,
      redirect_uri: redirectUri,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant' });

    const third = await signIn(email, 'correct horse');
    const otherRedirect = await exchange({
      code: third.done.code,
      code_verifier: third.start.verifier,
      redirect_uri: 'http://localhost:1/login/callback',
    });
    expect(otherRedirect.status).toBe(400);
    expect(start.verifier).not.toBe(next.start.verifier);

    const madeUp = await exchange({
      code: 'made-up',
      code_verifier: 'y'.repeat(43),
      redirect_uri: redirectUri,
    });
    expect(madeUp.status).toBe(400);
    expect(await madeUp.json()).toEqual({ error: 'invalid_grant' });
  });

  it('rejects a malformed exchange with 400 naming the field', async () => {
    const res = await exchange({ code: 'abc', redirect_uri: redirectUri });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('body.code_verifier is required');
  });

  it('refuses a disabled account with 401 user_disabled', async () => {
    const email = uniqueEmail('off');
    await signUp(email);
    await t.store.db.updateTable('users').set({ is_disabled: 1 }).where('email', '=', email).execute();
    const { start, done } = await signIn(email, 'correct horse');
    const res = await exchange({ code: done.code, code_verifier: start.verifier, redirect_uri: redirectUri });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'user_disabled' });
  });

  it('gives a placeholder device id a fresh one, and a second sign-in on a device replaces its old token', async () => {
    const email = uniqueEmail('device');
    const first = await signUp(email);
    const one = await (
      await exchange({
        code: first.done.code,
        code_verifier: first.start.verifier,
        redirect_uri: redirectUri,
        device_id: '00000000-0000-0000-0000-000000000000',
      })
    ).json();
    expect(one.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(one.device_id).not.toBe('00000000-0000-0000-0000-000000000000');

    const second = await signIn(email, 'correct horse');
    const two = await (
      await exchange({
        code: second.done.code,
        code_verifier: second.start.verifier,
        redirect_uri: redirectUri,
        device_id: one.device_id,
        device_name: 'Chrome',
      })
    ).json();
    expect(two.device_id).toBe(one.device_id);
    const old = await fetch(`${base}/st/4/account_info`, {
      headers: { authorization: basicAuth(one.auth_token) },
    });
    expect(old.status).toBe(401);
    const devices = await (
      await fetch(`${base}/st/4/devices`, { headers: { authorization: basicAuth(two.auth_token) } })
    ).json();
    expect(devices).toEqual({
      current: one.device_id,
      devices: [
        {
          id: one.device_id,
          name: 'Chrome',
          created_at: expect.any(Number),
          last_seen_at: expect.any(Number),
        },
      ],
    });
  });

  it('refuses redirect_uris on foreign hosts, and forms posted from other sites', async () => {
    const foreign = new URL(`${base}/idp/auth`);
    foreign.search = new URLSearchParams({
      client_id: 'nordlys-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://evil.example/login/callback',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(foreign, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();

    const noPkce = new URL(foreign);
    noPkce.searchParams.set('redirect_uri', redirectUri);
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const withoutPkce = await fetch(noPkce, { redirect: 'manual' });
    expect(withoutPkce.headers.get('location') ?? '').toContain('error=invalid_request');

    const start = await authorize();
    const posted = await start.browser.request(`${start.interactionUrl}/login`, {
      form: { email: 'a@example.com', password: 'whatever1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(posted.res.status).toBe(403);

    const stranger = new TestBrowser();
    const expired = await stranger.request(start.interactionUrl);
    expect(expired.res.status).toBe(400);
    expect(expired.text).toContain('This sign-in has expired');
  });

  it('keeps provider state in the database and signing keys in server_secrets', async () => {
    const kinds = await t.store.db.selectFrom('oidc_payloads').select('kind').distinct().execute();
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['Interaction', 'AuthorizationCode', 'Grant']),
    );
    const secrets = await t.store.db.selectFrom('server_secrets').select('name').execute();
    expect(secrets.map((s) => s.name)).toEqual(
      expect.arrayContaining(['oidc-signing-jwk', 'oidc-cookie-key']),
    );
    const jwks = await (await fetch(`${base}/idp/jwks`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe.each(databaseKinds)('sign-in with PUBLIC_URL set on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://photos.example.com/' } });
  });
  afterAll(() => t.close());

  const authorize = (redirectUri: string) =>
    t.app.inject({
      url: `/idp/auth?${new URLSearchParams({
        client_id: 'nordlys-web',
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: redirectUri,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      headers: { host: 'internal:8080' },
    });

  it('uses the public origin for the issuer and the endpoints', async () => {
    const res = await t.app.inject({ url: '/st/4/login/config', headers: { host: 'internal:8080' } });
    expect(res.json()).toMatchObject({
      issuer: 'https://photos.example.com/idp',
      authorization_endpoint: 'https://photos.example.com/idp/auth',
    });
  });

  it('accepts only the public callback, not loopback or the host the request came in on', async () => {
    const ok = await authorize('https://photos.example.com/login/callback');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    for (const uri of ['http://localhost:5173/login/callback', 'http://internal:8080/login/callback']) {
      const res = await authorize(uri);
      expect(res.statusCode, uri).toBe(400);
      expect(res.headers.location, uri).toBeUndefined();
      expect(res.body).toContain('Oops! Something went wrong.');
    }
  });
});
