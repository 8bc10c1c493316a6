import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds, makeTempDir } from './test-database';
import { type Auth, uploadAt, utc } from './timeline-test-helpers';

/** A built web client with one script, compressed the way the build does it. */
function builtWebClient() {
  const root = makeTempDir();
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const script = Buffer.from(`console.log(${JSON.stringify('nordlys '.repeat(4000))});`);
  const file = path.join(root, 'assets', 'app-1234.js');
  fs.writeFileSync(file, script);
  const br = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(script, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  return { root, script, br, gz };
}

describe.each(databaseKinds)('compression on %s', (kind) => {
  let t: TestApp;
  let web: ReturnType<typeof builtWebClient>;
  let who: Auth;

  beforeAll(async () => {
    web = builtWebClient();
    t = await createTestApp(kind, { webDist: web.root });
    who = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  const getJson = (encoding?: string) =>
    t.app.inject({
      url: '/st/4/openapi.json',
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends JSON answers as brotli or gzip by Accept-Encoding, and plain without it', async () => {
    const plain = await getJson();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await getJson('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await getJson('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('serves the build-time copies of web assets as they are, never compressing them again', async () => {
    const br = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(web.br)).toBe(true);

    const gz = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(web.gz)).toBe(true);

    const plain = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(web.script)).toBe(true);
  });

  it('leaves user files alone, text ones included', async () => {
    const text = Buffer.from('plain words '.repeat(2000));
    const document = await uploadAt(t, who, 'notes.html', utc(2024, 2, 1), text);
    const photo = await uploadAt(t, who, 'photo.jpg', utc(2024, 2, 2), fixture('photo-exif.jpg'));
    for (const url of [document.previewURL, photo.previewURL]) {
      const res = await t.app.inject({ url: url ?? '', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const res = await t.app.inject({ url: document.previewURL ?? '', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.equals(text)).toBe(true);
  });

  it('does not inflate compressed request bodies', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ name: 'Ada' })));
    const res = await t.app.inject({
      method: 'POST',
      url: '/st/4/name',
      headers: { authorization: who.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const info = await t.app.inject({ url: '/st/4/account_info', headers: { authorization: who.auth } });
    expect(info.json().name).not.toBe('Ada');
  });
});
