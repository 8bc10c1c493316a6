import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { makeTempDir } from './test-database';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Nordlys</title></head><body><main id="cast-stage"></main></body></html>';

describe('the Cast receiver page at /cast/receiver', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const withBuiltPage = () => {
    const webDist = makeTempDir();
    fs.mkdirSync(path.join(webDist, 'cast-receiver'));
    fs.writeFileSync(path.join(webDist, 'cast-receiver', 'index.html'), PAGE);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<html><head></head><body>app</body></html>');
    return webDist;
  };

  it('serves the built page under its own policy: Google’s receiver framework, no framing', async () => {
    t = await createTestApp('sqlite', { webDist: withBuiltPage() });
    const reply = await t.app.inject({ url: '/cast/receiver' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('id="cast-stage"');
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://www.gstatic.com");
    expect(policy).toContain('ws://localhost:8008');
    expect(policy).toContain("frame-ancestors 'none'");
    // The local stand-in for the Cast channel is off unless test endpoints are.
    expect(reply.body).not.toContain('data-local-cast');
  });

  it('turns the local channel on with TEST_ENDPOINTS', async () => {
    t = await createTestApp('sqlite', { webDist: withBuiltPage(), env: { TEST_ENDPOINTS: '1' } });
    const reply = await t.app.inject({ url: '/cast/receiver' });
    expect(reply.body).toMatch(/<body [^>]*data-local-cast="1"/);
  });

  it('names the brand of its host and the language the TV asks for, for the idle screen', async () => {
    t = await createTestApp('sqlite', {
      webDist: withBuiltPage(),
      env: { BRAND_NAME: 'Aurora <Photos>', BRAND_NAME_NO: 'Nordlys', NORWEGIAN_HOSTS: '.no' },
    });
    const swedish = await t.app.inject({
      url: '/cast/receiver',
      headers: { 'accept-language': 'de;q=0.9, sv-SE;q=0.8' },
    });
    expect(swedish.body).toContain('<html lang="sv-SE">');
    expect(swedish.body).toContain('<title>Aurora &#60;Photos&#62;</title>');
    expect(swedish.body).toContain('<body data-brand="Aurora &#60;Photos&#62;" data-locale="sv_SE">');
    expect(swedish.headers.vary).toContain('Accept-Language');

    const chosen = await t.app.inject({
      url: '/cast/receiver',
      headers: { cookie: 'lang=bg_BG', 'accept-language': 'sv' },
    });
    expect(chosen.body).toContain('data-locale="bg_BG"');

    const norway = await t.app.inject({ url: '/cast/receiver', headers: { host: 'bilder.example.no' } });
    expect(norway.body).toContain('<body data-brand="Nordlys" data-locale="nb_NO">');
    expect(norway.body).toContain('<html lang="nb-NO">');

    const unknown = await t.app.inject({ url: '/cast/receiver', headers: { 'accept-language': 'de' } });
    expect(unknown.body).toContain('data-locale="en_US"');
  });

  it('answers 404 when the web client is not built', async () => {
    t = await createTestApp('sqlite');
    expect((await t.app.inject({ url: '/cast/receiver' })).statusCode).toBe(404);
  });

  it('lets the app load the Cast sender script only when casting is configured', async () => {
    t = await createTestApp('sqlite', { webDist: withBuiltPage() });
    const off = await t.app.inject({ url: '/' });
    expect(String(off.headers['content-security-policy'])).not.toContain('gstatic');
    await t.close();
    t = await createTestApp('sqlite', {
      webDist: withBuiltPage(),
      env: { CAST_RECEIVER_APP_ID: 'AB12CD34' },
    });
    const on = await t.app.inject({ url: '/' });
    expect(String(on.headers['content-security-policy'])).toMatch(
      /script-src [^;]*https:\/\/www\.gstatic\.com/,
    );
    expect(on.body).toContain('"castReceiverAppId":"AB12CD34"');
  });
});
