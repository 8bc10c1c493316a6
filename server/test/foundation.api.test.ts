import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds, makeTempDir } from './test-database';

describe.each(databaseKinds)('foundation API on %s', (kind) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = makeTempDir('nordlys-web-');
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><title>N</title></head><body>app</body></html>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(
      path.join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/main-abc123.js', name: 'index', isEntry: true },
        '_en_US-a1.js': { file: 'assets/en_US-a1.js', name: 'en_US' },
        '_sv_SE-b2.js': { file: 'assets/sv_SE-b2.js', name: 'sv_SE' },
        '_sv_SE-albums-c3.js': { file: 'assets/sv_SE-albums-c3.js', name: 'sv_SE-albums' },
        '_bg_BG-d4.js': { file: 'assets/bg_BG-d4.js', name: 'bg_BG' },
      }),
    );
    t = await createTestApp(kind, { webDist, env: { BRAND_NAME: 'Nordlys Test' } });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /healthz (alive) with its details', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      details: {
        ffmpeg: { path: expect.any(String), source: expect.any(String), version: expect.any(String) },
        draining: false,
      },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/st/4/no_such_call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('serves index.html with the client config for every client route', async () => {
    // An album route without its id (an empty segment) is the client's to answer, not a 403.
    for (const url of [
      '/',
      '/photos',
      '/albums/abc/edit/addPhotos',
      '/settings/testFlags?x=1',
      '/a//createNew',
      '/comments//f1',
      '/carousel//f1?x=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<script type="application/json" id="nordlys-config">');
      expect(res.body).toContain('"brandName":"Nordlys Test"');
    }
  });

  it('answers /robots.txt: the start page and the shell open to search engines, the rest closed', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /$');
    expect(lines).toContain('Allow: /assets/');
    // Shares may be read, so that a crawler sees their noindex and drops a linked address.
    expect(lines).toContain('Allow: /share/');
    expect(lines.at(-1)).toBe('Disallow: /');
    for (const closed of ['/st/', '/th/', '/photos', '/albums', '/settings']) {
      expect(
        lines.some((line) => line.startsWith(`Allow: ${closed}`)),
        closed,
      ).toBe(false);
    }
  });

  it('keeps every page but the start page out of search results', async () => {
    const start = await t.app.inject({ url: '/' });
    expect(start.statusCode).toBe(200);
    expect(start.headers['x-robots-tag']).toBeUndefined();
    for (const url of [
      '/photos',
      '/albums/abc',
      '/share/AAAAAAAAAAAAAAAAAAAAAA',
      '/a/abc',
      '/no-such-page?x=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it("names the visitor's language strings in the page's head, chosen as the client chooses", async () => {
    const preloads = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: '/photos', headers });
      return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    };
    expect(await preloads({})).toEqual(['/assets/en_US-a1.js']);
    expect(await preloads({ 'accept-language': 'da;q=0.9, sv-SE;q=0.8, en;q=0.5' })).toEqual([
      '/assets/sv_SE-b2.js',
    ]);
    // The language the visitor picked wins over the browser's.
    expect(await preloads({ 'accept-language': 'sv', cookie: 'x=1; lang=bg_BG' })).toEqual([
      '/assets/bg_BG-d4.js',
    ]);
    // A language whose chunk the build did not make preloads nothing rather than a wrong file.
    expect(await preloads({ cookie: 'lang=nb_NO' })).toEqual([]);
  });

  it('caches hashed assets forever', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps an API path with an empty segment an API answer', async () => {
    const res = await t.app.inject({ url: '/st/4//no_such_call' });
    expect(res.headers['content-type']).toContain('application/json');
    expect([403, 404]).toContain(res.statusCode);
  });

  it('does not fall back to index.html for non-GET requests', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/photos' });
    expect(res.statusCode).toBe(404);
  });

  it('lists five hosts in the service directory, accepting the common query parameters', async () => {
    const res = await t.app.inject({
      url: '/st/4/jobs/default/service?app_key=web&client_v=1.2.3300.3&device_id=d1&foreign_auth=0&extra=1',
      headers: { host: 'photos.example.no' },
    });
    expect(res.statusCode).toBe(200);
    const hosts = res.json();
    expect(Object.keys(hosts).sort()).toEqual([
      'appHost',
      'downloadHost',
      'pollHost',
      'thumbHost',
      'videoHost',
    ]);
    expect(hosts.appHost).toBe('http://photos.example.no');
  });

  it('rejects bad input with 400 naming the field', async () => {
    const res = await t.app.inject({ url: `/st/4/jobs/${'x'.repeat(100)}/service` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^params\.id /);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/st/4/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/st/4/account_info'].get).toBeDefined();
    expect(
      doc.paths['/st/4/jobs/{id}/service'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('client_v');
  });

  describe('authentication', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ url: '/st/4/account_info' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized' });
    });

    it('answers 401 for an unknown token and for a malformed header', async () => {
      for (const authorization of [basicAuth('not-a-real-token'), 'Bearer abc', 'Basic !!!', 'Basic ']) {
        const res = await t.app.inject({ url: '/st/4/account_info', headers: { authorization } });
        expect(res.statusCode, authorization).toBe(401);
      }
    });

    it('accepts the device token as the basic-auth password, whatever the user name', async () => {
      const { token, userId } = await t.signUp({ name: 'Ingrid' });
      const auth = `Basic ${Buffer.from(`anything:${token}`).toString('base64')}`;
      const res = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: auth } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ uuid: userId, name: 'Ingrid', max_space: 15 * 1024 ** 3 });
    });

    it('stores only a hash of the token', async () => {
      const { token } = await t.signUp();
      const rows = await t.store.db.selectFrom('devices').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.token_hash).not.toContain(token);
        expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      }
    });
  });

  it('never leaks the message of an unexpected failure', async () => {
    const res = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: 'Basic %%%' } });
    expect(res.statusCode).toBe(401);
    expect(JSON.stringify(res.json())).not.toMatch(/stack|Error:/);
  });
});
