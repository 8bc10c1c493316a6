import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthorization, submitInteraction, TestBrowser } from './oidc-browser';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Behind a trusted proxy, so each test browser can come from an address of its own. */
describe.each(databaseKinds)('fair sign-in throttling on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    base = await listen(t);
  });
  afterAll(() => t.close());

  async function attempt(mode: 'login' | 'create', address: string, form: Record<string, string>) {
    const config = await (await fetch(`${base}/st/4/login/config`)).json();
    const start = await startAuthorization({
      authorizationEndpoint: config.authorization_endpoint,
      redirectUri: `${base}/login/callback`,
      prompt: mode === 'create' ? 'create' : undefined,
      browser: new TestBrowser({ 'x-forwarded-for': address }),
    });
    return submitInteraction(start, mode, form);
  }

  it('20 wrong passwords from one address do not stop the right password from another', async () => {
    const email = uniqueEmail('victim');
    const created = await attempt('create', '198.51.100.1', {
      email,
      password: 'the real password',
      name: 'Ola',
    });
    expect(created.code).toBeTruthy();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push((await attempt('login', '203.0.113.66', { email, password: `guess ${i}` })).status);
    }
    // The guessing address locks itself out after five...
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual(Array(16).fill(429));
    const stillLocked = await attempt('login', '203.0.113.66', { email, password: 'the real password' });
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.html).toContain('Too many failed attempts. Try again in 15 minutes.');
    // ...and the owner, from an address without failures, signs in at once.
    const began = Date.now();
    const owner = await attempt('login', '198.51.100.2', { email, password: 'the real password' });
    expect(owner.status).toBe(303);
    expect(owner.code).toBeTruthy();
    expect(Date.now() - began).toBeLessThan(5_000);
  });

  it('locks an unknown e-mail the same way for its guessing address', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt('login', '203.0.113.77', { email: ghost, password: 'whatever1' })).status).toBe(
        401,
      );
    }
    expect((await attempt('login', '203.0.113.77', { email: ghost, password: 'whatever1' })).status).toBe(
      429,
    );
    expect((await attempt('login', '203.0.113.78', { email: ghost, password: 'whatever1' })).status).toBe(
      401,
    );
  });
});

describe('the X-Forwarded-For warning', () => {
  it('warns once when requests say X-Forwarded-For and TRUST_PROXY is unset, never when it is set', async () => {
    const untrusting = await createTestApp('sqlite');
    const trusting = await createTestApp('sqlite', { env: { TRUST_PROXY: 'true' } });
    try {
      const warnings = vi.spyOn(untrusting.app.log, 'warn');
      const trustedWarnings = vi.spyOn(trusting.app.log, 'warn');
      await untrusting.app.inject({ url: '/st/4/login/config' });
      expect(warnings).not.toHaveBeenCalled();
      for (let i = 0; i < 3; i += 1) {
        await untrusting.app.inject({
          url: '/st/4/login/config',
          headers: { 'x-forwarded-for': `10.1.1.${i}` },
        });
        await trusting.app.inject({
          url: '/st/4/login/config',
          headers: { 'x-forwarded-for': `10.1.1.${i}` },
        });
      }
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(String(warnings.mock.calls[0]?.[0])).toContain('TRUST_PROXY');
      expect(trustedWarnings).not.toHaveBeenCalled();
    } finally {
      await untrusting.close();
      await trusting.close();
    }
  });
});
