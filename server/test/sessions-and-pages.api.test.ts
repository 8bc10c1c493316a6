import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAuthorization, submitInteraction, TestBrowser } from './oidc-browser';
import { createTestApp, type TestApp } from './test-app';
import { makeTempDir } from './test-database';

/**
 * The sign-in's cookies (the built-in provider's interaction and session cookies): httpOnly,
 * SameSite, and Secure once the app knows it is reached over https (a trusted proxy's
 * X-Forwarded-Proto). And the page the app serves carries no inline script its policy would block.
 */

/** A browser that keeps every Set-Cookie line and reaches an "https" app over plain HTTP, as a TLS proxy would. */
class RecordingBrowser extends TestBrowser {
  readonly setCookies: string[] = [];
  override async request(url: string, init: Parameters<TestBrowser['request']>[1] = {}) {
    const out = await super.request(url.replace(/^https:/, 'http:'), init);
    this.setCookies.push(...out.res.headers.getSetCookie());
    return {
      ...out,
      location: out.location?.replace(/^http:/, url.startsWith('https:') ? 'https:' : 'http:') ?? null,
    };
  }
}

let counter = 0;

async function signUpThroughBrowser(t: TestApp, forwardedProto: 'http' | 'https' | null) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const headers: Record<string, string> = forwardedProto ? { 'x-forwarded-proto': forwardedProto } : {};
  const browser = new RecordingBrowser(headers);
  const base = `${forwardedProto === 'https' ? 'https' : 'http'}://127.0.0.1:${port}`;
  const config = await (await fetch(`http://127.0.0.1:${port}/st/4/login/config`, { headers })).json();
  const start = await startAuthorization({
    authorizationEndpoint: config.authorization_endpoint,
    redirectUri: `${base}/login/callback`,
    prompt: 'create',
    browser,
  });
  counter += 1;
  const done = await submitInteraction(start, 'create', {
    email: `cookies-${Date.now()}-${counter}@example.com`,
    password: 'a good long password',
    name: 'Cookie',
  });
  expect(done.code, done.html).toBeTruthy();
  return { config, cookies: browser.setCookies.filter((line) => !/expires=Thu, 01 Jan 1970/i.test(line)) };
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe('session cookies', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('are httpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    t = await createTestApp('sqlite');
    const { cookies } = await signUpThroughBrowser(t, null);
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(attributes(line), line).toContain('httponly');
      expect(attributes(line), line).toContain('samesite=lax');
      expect(attributes(line), line).not.toContain('secure');
    }
  });

  it('are Secure behind a trusted proxy that says the visitor came over https', async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: 'true' } });
    const { config, cookies } = await signUpThroughBrowser(t, 'https');
    expect(config.issuer).toMatch(/^https:/);
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(attributes(line), line).toContain('httponly');
      expect(attributes(line), line).toContain('samesite=lax');
      expect(attributes(line), line).toContain('secure');
    }
  });
});

/** The sources a policy directive allows. */
function directive(policy: string, name: string): string[] {
  const part = policy
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return part ? part.slice(1) : [];
}

/** Every <script> element of a page: its attributes and its text. */
function scriptsOf(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1] ?? '',
    text: m[2] ?? '',
  }));
}

const NON_SCRIPT_TYPES = /type="(application\/json|application\/ld\+json)"/i;

/** Scripts the policy would refuse to run: inline code with neither an allowed nonce nor hash. */
function blockedInlineScripts(html: string, policy: string): string[] {
  const allowed = directive(policy, 'script-src');
  return scriptsOf(html)
    .filter((script) => !/\bsrc=/.test(script.attributes) && !NON_SCRIPT_TYPES.test(script.attributes))
    .filter((script) => script.text.trim().length > 0)
    .filter((script) => {
      const nonce = /nonce="([^"]+)"/.exec(script.attributes)?.[1];
      const hash = `'sha256-${createHash('sha256').update(script.text).digest('base64')}'`;
      return !(nonce && allowed.includes(`'nonce-${nonce}'`)) && !allowed.includes(hash);
    })
    .map((script) => script.text.slice(0, 80));
}

describe('the app page under its policy', () => {
  const builtIndex = path.resolve(import.meta.dirname, '../../web/dist/index.html');
  const sourceIndex = path.resolve(import.meta.dirname, '../../web/index.html');

  it('finds an inline script the policy would block (the check can fail)', () => {
    expect(blockedInlineScripts('<script>alert(1)</script>', "script-src 'self'")).toEqual(['alert(1)']);
    const text = 'run()';
    const hash = createHash('sha256').update(text).digest('base64');
    expect(blockedInlineScripts(`<script>${text}</script>`, `script-src 'self' 'sha256-${hash}'`)).toEqual(
      [],
    );
  });

  // The built page when there is one (after `npm run build`), else the page Vite builds it from.
  for (const [name, file] of [
    ['the built page', builtIndex],
    ['the page source', sourceIndex],
  ] as const) {
    it.skipIf(!fs.existsSync(file))(
      `serves ${name} with no script its policy would block, and no 'unsafe-inline'`,
      async () => {
        const webDist = makeTempDir('nordlys-web-');
        fs.writeFileSync(path.join(webDist, 'index.html'), fs.readFileSync(file));
        const t = await createTestApp('sqlite', {
          webDist,
          env: { STRIPE_SECRET_KEY: '', CAST_RECEIVER_APP_ID: '' },
        });
        try {
          const res = await t.app.inject({ url: '/' });
          expect(res.statusCode).toBe(200);
          const policy = String(res.headers['content-security-policy']);
          expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
          expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
          expect(directive(policy, 'script-src-attr')).toEqual(["'none'"]);
          expect(blockedInlineScripts(res.body, policy)).toEqual([]);
          // No inline event handlers either (script-src-attr 'none' would block them).
          expect(res.body).not.toMatch(/\son[a-z]+\s*=/i);
          // What the photo editor needs: object and data URLs as images, object URLs fetched.
          expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(['blob:', 'data:']));
          expect(directive(policy, 'connect-src')).toContain('blob:');
        } finally {
          await t.close();
          fs.rmSync(webDist, { recursive: true, force: true });
        }
      },
    );
  }
});
