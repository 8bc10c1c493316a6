import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorization, submitInteraction } from './oidc-browser';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * OIDC_ISSUER mode, with one Nordlys playing the external provider (its built-in /idp) and a second
 * Nordlys configured to sign in through it.
 */
describe.each(databaseKinds)('sign-in through an external issuer on %s', (kind) => {
  let provider: TestApp;
  let app: TestApp;
  let providerBase: string;
  let appBase: string;

  beforeAll(async () => {
    provider = await createTestApp(kind);
    providerBase = await listen(provider);
    app = await createTestApp(kind, {
      env: { OIDC_ISSUER: `${providerBase}/idp/`, OIDC_CLIENT_ID: 'nordlys-web' },
    });
    appBase = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  const exchange = (body: Record<string, unknown>) =>
    fetch(`${appBase}/st/4/login/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('points the client at the external issuer and serves no provider of its own', async () => {
    const config = await (await fetch(`${appBase}/st/4/login/config`)).json();
    expect(config).toEqual({
      issuer: `${providerBase}/idp`,
      authorization_endpoint: `${providerBase}/idp/auth`,
      client_id: 'nordlys-web',
      scope: 'openid email profile',
      redirect_path: '/login/callback',
    });
    expect((await fetch(`${appBase}/idp/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('creates the account from the claims on first sign-in and finds it again by subject', async () => {
    const email = `external-${Date.now()}@example.com`;
    const redirectUri = `${appBase}/login/callback`;
    const start = await startAuthorization({
      authorizationEndpoint: `${providerBase}/idp/auth`,
      redirectUri,
      prompt: 'create',
    });
    const done = await submitInteraction(start, 'create', {
      email,
      password: 'external pw',
      name: 'Siri Sol',
    });
    expect(done.callback?.origin).toBe(appBase);

    const res = await exchange({ code: done.code, code_verifier: start.verifier, redirect_uri: redirectUri });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.account_info).toMatchObject({
      name: 'Siri Sol',
      logged_in_as: email,
      max_space: 15 * 1024 ** 3,
    });

    const providerUser = await provider.store.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const local = await app.store.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(local.password_hash).toBeNull();
    expect(local.id).toBe(body.account_info.uuid);
    const identities = await app.store.db.selectFrom('identities').selectAll().execute();
    expect(identities).toContainEqual(
      expect.objectContaining({ issuer: `${providerBase}/idp`, subject: providerUser.id, user_id: local.id }),
    );

    const info = await fetch(`${appBase}/st/4/account_info`, {
      headers: { authorization: basicAuth(body.auth_token) },
    });
    expect((await info.json()).uuid).toBe(local.id);

    // Signing in again maps to the same account, even after the name changed at the provider.
    await provider.store.db
      .updateTable('users')
      .set({ name: 'Renamed' })
      .where('id', '=', providerUser.id)
      .execute();
    const again = await startAuthorization({
      authorizationEndpoint: `${providerBase}/idp/auth`,
      redirectUri,
    });
    const second = await submitInteraction(again, 'login', { email, password: 'external pw' });
    const res2 = await exchange({
      code: second.code,
      code_verifier: again.verifier,
      redirect_uri: redirectUri,
    });
    expect((await res2.json()).account_info.uuid).toBe(local.id);
    const count = await app.store.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(count).toHaveLength(1);
  });

  it('does not link an unverified address to an existing local account', async () => {
    const email = `taken-${Date.now()}@example.com`;
    await app.signUp({ email });
    const redirectUri = `${appBase}/login/callback`;
    const start = await startAuthorization({
      authorizationEndpoint: `${providerBase}/idp/auth`,
      redirectUri,
      prompt: 'create',
    });
    const done = await submitInteraction(start, 'create', {
      email,
      password: 'external pw',
      name: 'Impostor',
    });
    const res = await exchange({ code: done.code, code_verifier: start.verifier, redirect_uri: redirectUri });
    expect(res.status).toBe(409);
  });

  it('answers invalid_grant for a wrong verifier through the external issuer too', async () => {
    const redirectUri = `${appBase}/login/callback`;
    const start = await startAuthorization({
      authorizationEndpoint: `${providerBase}/idp/auth`,
      redirectUri,
      prompt: 'create',
    });
    const done = await submitInteraction(start, 'create', {
      email: `verifier-${Date.now()}@example.com`,
      password: 'external pw',
      name: 'V',
    });
    const res = await exchange({ code: done.code, code_verifier: 'z'.repeat(43), redirect_uri: redirectUri });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
  });
});
