import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigFrom } from '../src/app';
import { startAuthorization, submitInteraction } from './oidc-browser';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds, makeTempDir } from './test-database';
import { uploadAt, utc } from './timeline-test-helpers';

type Headers = Record<string, string | string[] | number | undefined>;

/** Directive name -> sources, from a Content-Security-Policy header. */
function directives(headers: Headers): Map<string, string[]> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What every answer of the app and the API carries, whatever its own policy. */
function expectCommonHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(directives(headers).get('frame-ancestors')).toEqual(["'none'"]);
}

/** The app's own policy: our origin only, no inline script, WebAssembly for checksums. */
function expectAppPolicy(headers: Headers) {
  expectCommonHeaders(headers);
  const policy = directives(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
  expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
  // The photo editor fetches the object URL of an overlay picked from the device or the camera.
  expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  // No payment provider's frames without Stripe configured.
  expect(policy.get('frame-src')).toBeUndefined();
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-inline');
}

function webDistWithIndex(): string {
  const dir = makeTempDir('nordlys-web-');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Nordlys</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe.each(databaseKinds)('security headers on %s', (kind) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = webDistWithIndex();
    t = await createTestApp(kind, { webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the app shell the app policy, a fresh style nonce per response and the config as data', async () => {
    const first = await t.app.inject({ url: '/' });
    const second = await t.app.inject({ url: '/photos/some-file' });
    const nonces = [first, second].map((res) => {
      expect(res.statusCode).toBe(200);
      expectAppPolicy(res.headers);
      const styles = directives(res.headers).get('style-src') ?? [];
      expect(styles[0]).toBe("'self'");
      expect(styles).toHaveLength(2);
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(styles[1] ?? '')?.[1];
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(first.headers['strict-transport-security']).toBeUndefined();

    // The config is a JSON data block, not a script the policy would have to allow.
    expect(first.body).not.toContain('window.__NORDLYS__');
    const data = /<script type="application\/json" id="nordlys-config">([^<]*)<\/script>/.exec(first.body);
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual(clientConfigFrom(t.config));
  });

  it('sends the headers with API answers, errors and unknown paths', async () => {
    const { auth } = await t.signUp();
    const answers = [
      await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } }),
      await t.app.inject({ url: '/st/4/account_info' }),
      await t.app.inject({ url: '/st/4/no-such-call' }),
      await t.app.inject({ url: '/healthz' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 200]);
    for (const res of answers) {
      expectAppPolicy(res.headers);
      expect(directives(res.headers).get('style-src')).toEqual(["'self'"]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(answers[2]?.json()).toEqual({ error: 'Not found' });
  });

  it('keeps the sandboxing policy on uploaded files and adds the rest', async () => {
    const who = await t.signUp();
    const file = await uploadAt(
      t,
      who,
      'page.html',
      utc(2024, 3, 1),
      Buffer.from('<script>alert(1)</script>'),
    );
    const res = await t.app.inject({ url: file.previewURL ?? '' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const policy = directives(res.headers);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('sandbox')).toBe(true);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);
  });
});

describe.each(databaseKinds)('HSTS and service hosts by PUBLIC_URL on %s', (kind) => {
  it('sends HSTS only for an https public URL, and lets the app reach that origin', async () => {
    const https = await createTestApp(kind, { env: { PUBLIC_URL: 'https://photos.example.com/' } });
    const http = await createTestApp(kind, { env: { PUBLIC_URL: 'http://photos.example.com' } });
    try {
      const secure = await https.app.inject({ url: '/st/4/login/config' });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
      const policy = directives(secure.headers);
      for (const name of ['connect-src', 'img-src', 'media-src']) {
        expect(policy.get(name)).toContain('https://photos.example.com');
      }
      const plain = await http.app.inject({ url: '/st/4/login/config' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(directives(plain.headers).get('connect-src')).toEqual([
        "'self'",
        'blob:',
        'http://photos.example.com',
      ]);
    } finally {
      await https.close();
      await http.close();
    }
  });
});

describe.each(databaseKinds)('sign-in pages under their policy on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** The page's one inline stylesheet is allowed by its hash, and nothing inline by 'unsafe-inline'. */
  function expectStyleAllowedByHash(csp: string | null, html: string) {
    expect(csp).not.toContain('unsafe-inline');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  }

  const authorize = async (extraParams: Record<string, string> = {}) => {
    const config = await (await fetch(`${base}/st/4/login/config`)).json();
    return startAuthorization({
      authorizationEndpoint: config.authorization_endpoint,
      redirectUri: `${base}/login/callback`,
      prompt: 'create',
      extraParams,
    });
  };

  it('serves the forms, the expired page and the provider errors with the pages’ own policy', async () => {
    const start = await authorize();
    const form = await start.browser.request(start.interactionUrl);
    expect(form.res.status).toBe(200);
    expectStyleAllowedByHash(form.res.headers.get('content-security-policy'), form.text);
    expect(form.res.headers.get('x-content-type-options')).toBe('nosniff');

    const expired = await fetch(`${base}/idp/interaction/unknown-interaction`);
    expect(expired.status).toBe(400);
    expectStyleAllowedByHash(expired.headers.get('content-security-policy'), await expired.text());

    // Rendered by the provider itself (an unknown client).
    const error = await fetch(`${base}/idp/auth?client_id=nobody&response_type=code&scope=openid`);
    expect(error.status).toBe(400);
    expectStyleAllowedByHash(error.headers.get('content-security-policy'), await error.text());
  });

  it('refuses a name with control characters on the create-account form, in place', async () => {
    const start = await authorize();
    const email = `tab-${Date.now()}@example.com`;
    const done = await submitInteraction(start, 'create', {
      email,
      password: 'long enough',
      name: 'Kari\tNordmann',
    });
    expect(done.status).toBe(400);
    expect(done.html).toContain('The name contains characters that cannot be used');
    const users = await t.store.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
  });

  it('lets the form_post answer run its one script under the app policy, by its hash', async () => {
    const start = await authorize({ response_mode: 'form_post' });
    const posted = await start.browser.request(`${start.interactionUrl}/create`, {
      form: { email: `post-${Date.now()}@example.com`, password: 'long enough', name: 'Kari' },
    });
    expect(posted.res.status).toBe(303);
    const page = await start.browser.request(posted.location ?? '');
    expect(page.res.status).toBe(200);
    expect(page.text).toContain(`action="${base}/login/callback"`);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = page.res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe.each(databaseKinds)('the policy with Stripe taking payments on %s', (kind) => {
  it("lets Stripe.js, the Payment Element's frames and Stripe's API in, on the API and the app shell alike", async () => {
    const webDist = webDistWithIndex();
    const stripe = await createTestApp(kind, {
      webDist,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_csp',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
        STORAGE_PRODUCTS: 'p:100:2900:NOK:monthly:price_1',
      },
    });
    try {
      for (const url of ['/st/4/login/config', '/settings/storage']) {
        const policy = directives((await stripe.app.inject({ url })).headers);
        expect(policy.get('script-src'), url).toEqual([
          "'self'",
          "'wasm-unsafe-eval'",
          'https://js.stripe.com',
          'https://*.js.stripe.com',
        ]);
        expect(policy.get('frame-src'), url).toEqual([
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
        ]);
        expect(policy.get('connect-src'), url).toEqual(["'self'", 'blob:', 'https://api.stripe.com']);
      }
    } finally {
      await stripe.close();
    }
  });
});
