import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createBlobStore } from '../src/blobs/create-blob-store';
import { openStore } from '../src/store/database';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { setMaxSpace } from './upload-helpers';

type Auth = Awaited<ReturnType<TestApp['signUp']>>;

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe.each(databaseKinds)('tus resumable uploads on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const create = (who: Auth | null, length: number, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/st/4/tus',
      headers: {
        ...(who ? { authorization: who.auth } : {}),
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': metadata(fields),
      },
    });

  const patch = (who: Auth, location: string, offset: number, chunk: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        authorization: who.auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: chunk,
    });

  const head = (who: Auth, location: string) =>
    t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { authorization: who.auth, 'tus-resumable': '1.0.0' },
    });

  const pathOf = (location: string) => new URL(location, 'http://localhost').pathname;

  const listKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of t.blobs.list(prefix)) keys.push(key);
    return keys;
  };

  it('resumes from the offset the server reports and ends as a file record with the right checksum', async () => {
    const alice = await t.signUp();
    const data = fixture('clip.mp4');
    const checksum = createHash('sha256').update(data).digest('hex');
    const created = await create(alice, data.length, {
      job_id: 'default',
      path: 'Movies/clip.mp4',
      filename: 'clip.mp4',
      mtime: '1700000000',
      checksum,
    });
    expect(created.statusCode).toBe(201);
    const location = pathOf(created.headers.location as string);
    expect(location).toMatch(/^\/st\/4\/tus\/[A-Za-z0-9_-]+$/);
    const tusId = location.split('/').pop() as string;

    const half = Math.floor(data.length / 2);
    const first = await patch(alice, location, 0, data.subarray(0, half));
    expect(first.statusCode).toBe(204);

    // A reload: the client asks where it stopped.
    const probe = await head(alice, location);
    expect(probe.statusCode).toBe(200);
    const offset = Number(probe.headers['upload-offset']);
    expect(offset).toBe(half);
    expect(
      (await t.app.inject({ url: `/st/4/uploads/${tusId}`, headers: { authorization: alice.auth } })).json(),
    ).toEqual({
      status: 'processing',
    });

    const rest = await patch(alice, location, offset, data.subarray(offset));
    expect(rest.statusCode).toBe(204);
    const fileId = rest.headers['x-nordlys-file-id'] as string;
    expect(fileId).toBeTruthy();

    const file = await t.app.inject({
      url: `/st/4/jobs/default/files_by_id/${fileId}`,
      headers: { authorization: alice.auth },
    });
    expect(file.json()).toMatchObject({
      checksum,
      size: data.length,
      file_type: 'Movies',
      duration: 3,
      path: 'Movies/clip.mp4',
    });
    const status = await t.app.inject({
      url: `/st/4/uploads/${tusId}`,
      headers: { authorization: alice.auth },
    });
    expect(status.json()).toMatchObject({ status: 'done', file: { fileID: fileId, checksum } });
    // The staged parts are gone once ingested.
    expect(await listKeys(`tus/${tusId}/`)).toEqual([]);
  });

  it('keeps an upload to its owner: another user gets 404, no token 401', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const created = await create(alice, 10, { path: 'a.txt', mtime: '1' });
    const location = pathOf(created.headers.location as string);
    const tusId = location.split('/').pop() as string;
    expect((await head(mallory, location)).statusCode).toBe(404);
    expect((await patch(mallory, location, 0, Buffer.from('0123456789'))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/st/4/uploads/${tusId}`, headers: { authorization: mallory.auth } }))
        .statusCode,
    ).toBe(404);
    expect((await create(null, 10, { path: 'a.txt', mtime: '1' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } }))
        .statusCode,
    ).toBe(401);
    expect((await head(alice, location)).headers['upload-offset']).toBe('0');
  });

  it('checks the quota and the path at creation, from Upload-Length', async () => {
    const bob = await t.signUp();
    await setMaxSpace(t, bob.userId, 1000);
    const over = await create(bob, 5000, { path: 'big.bin', mtime: '1' });
    expect(over.statusCode).toBe(413);
    expect(JSON.parse(over.body)).toEqual({ error: 'Out of storage' });
    const badPath = await create(bob, 10, { path: '../etc/passwd', mtime: '1' });
    expect(badPath.statusCode).toBe(400);
    expect(JSON.parse(badPath.body).error).toMatch(/path/);
    const tooLarge = await create(bob, 201 * 1024 ** 3, { path: 'huge.bin', mtime: '1' });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('fails the upload when the bytes do not match the announced checksum, storing nothing', async () => {
    const carol = await t.signUp();
    const data = Buffer.from(`checksum test ${randomUUID()}`);
    const created = await create(carol, data.length, { path: 'c.txt', mtime: '1', checksum: 'a'.repeat(64) });
    const location = pathOf(created.headers.location as string);
    const res = await patch(carol, location, 0, data);
    expect(res.statusCode).toBe(400);
    const tusId = location.split('/').pop() as string;
    const status = await t.app.inject({
      url: `/st/4/uploads/${tusId}`,
      headers: { authorization: carol.auth },
    });
    expect(status.json()).toMatchObject({ status: 'failed', error: expect.stringMatching(/checksum/) });
    const files = await t.store.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', carol.userId)
      .execute();
    expect(files).toEqual([]);
  });

  it('continues on another API process: state in the database, bytes in the blob store', async () => {
    // A second server over the same database and blob store, with a data folder of its own.
    const otherStore = await openStore(t.config.database);
    const other = await buildApp({
      config: { ...t.config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-second-')) },
      store: otherStore,
      blobs: await createBlobStore(t.config.blobs),
      logger: false,
    });
    try {
      const dave = await t.signUp();
      const data = fixture('photo-exif.jpg');
      const created = await create(dave, data.length, { path: 'Camera/photo.jpg', mtime: '1700000000' });
      const location = pathOf(created.headers.location as string);
      const tusId = location.split('/').pop() as string;
      const third = Math.floor(data.length / 3);
      expect((await patch(dave, location, 0, data.subarray(0, third))).statusCode).toBe(204);

      const headers = { authorization: dave.auth, 'tus-resumable': '1.0.0' };
      const probe = await other.inject({ method: 'HEAD', url: location, headers });
      expect(probe.headers['upload-offset']).toBe(String(third));
      // A stale offset is refused, as the tus protocol asks, whichever process gets it.
      const stale = await other.inject({
        method: 'PATCH',
        url: location,
        headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: data.subarray(0, third),
      });
      expect(stale.statusCode).toBe(409);
      const rest = await other.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...headers,
          'upload-offset': String(third),
          'content-type': 'application/offset+octet-stream',
        },
        payload: data.subarray(third),
      });
      expect(rest.statusCode).toBe(204);
      const fileId = rest.headers['x-nordlys-file-id'];

      const status = await t.app.inject({
        url: `/st/4/uploads/${tusId}`,
        headers: { authorization: dave.auth },
      });
      expect(status.json()).toMatchObject({
        status: 'done',
        file: { fileID: fileId, checksum: createHash('sha256').update(data).digest('hex'), width: 1600 },
      });
      expect(await listKeys(`tus/${tusId}/`)).toEqual([]);
      // Ended: no longer a tus resource on either process.
      expect((await head(dave, location)).statusCode).toBe(404);
    } finally {
      await other.close();
      await otherStore.close();
    }
  });

  it('deletes an upload on DELETE, parts and all', async () => {
    const erin = await t.signUp();
    const created = await create(erin, 20, { path: 'd.bin', mtime: '1' });
    const location = pathOf(created.headers.location as string);
    const tusId = location.split('/').pop() as string;
    await patch(erin, location, 0, Buffer.from('0123456789'));
    expect(await listKeys(`tus/${tusId}/`)).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { authorization: erin.auth, 'tus-resumable': '1.0.0' },
    });
    expect(removed.statusCode).toBe(204);
    expect(await listKeys(`tus/${tusId}/`)).toEqual([]);
    expect((await head(erin, location)).statusCode).toBe(404);
  });
});

describe('tus CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { PUBLIC_URL: 'https://photos.example.com' } });
  });
  afterAll(async () => t?.close());

  const allowedOrigin = async (method: 'OPTIONS' | 'HEAD', origin: string, auth?: string) => {
    const res = await t.app.inject({
      method,
      url: '/st/4/tus',
      headers: {
        host: 'nordlys.local:8080',
        origin,
        'tus-resumable': '1.0.0',
        'access-control-request-method': 'POST',
        ...(auth ? { authorization: auth } : {}),
      },
    });
    return res.headers['access-control-allow-origin'];
  };

  it("answers the app's own origin and PUBLIC_URL's, never another site nor '*'", async () => {
    const alice = await t.signUp();
    expect(await allowedOrigin('OPTIONS', 'http://nordlys.local:8080')).toBe('http://nordlys.local:8080');
    expect(await allowedOrigin('OPTIONS', 'https://photos.example.com')).toBe('https://photos.example.com');
    expect(await allowedOrigin('OPTIONS', 'https://evil.example')).toBeUndefined();
    expect(await allowedOrigin('HEAD', 'https://evil.example', alice.auth)).toBeUndefined();
    expect(await allowedOrigin('HEAD', 'http://nordlys.local:8080', alice.auth)).toBe(
      'http://nordlys.local:8080',
    );
  });
});
