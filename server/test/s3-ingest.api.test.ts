import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3BlobStore } from '../src/blobs/s3-blob-store';
import { fixture } from './media-test-content';
import { useS3rver } from './s3rver';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { multipartBody, postUpload } from './upload-helpers';

const BUCKET = 'nordlys-ingest-test';
const s3 = useS3rver(BUCKET);

/** The scaled-out store: bytes in a bucket, so metadata comes from range reads of the stored blob. */
describe.each(databaseKinds)('uploads into S3 on %s', (kind) => {
  let t: TestApp;
  let auth: string;
  const prefix = `ingest-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        S3_ENDPOINT: await s3.endpoint(),
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: prefix,
      },
    });
    expect(t.blobs.kind).toBe('s3');
    auth = (await t.signUp()).auth;
  });
  afterAll(async () => t?.close());

  it('stores a JPEG in the bucket with its EXIF facts and size', async () => {
    const bytes = fixture('photo-exif.jpg');
    const res = await postUpload(t, auth, 'Camera/photo-exif.jpg', bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      checksum: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      width: 1600,
      height: 1200,
      timestamp: Date.parse('2023-07-14T18:32:05+02:00') / 1000,
    });
    const meta = await t.app.inject({
      url: `/st/4/jobs/default/metadata/${encodeURIComponent('Camera/photo-exif.jpg')}`,
      headers: { authorization: auth },
    });
    expect(meta.json()).toMatchObject({ deviceModel: 'Camera One', iso: 200 });
  });

  it('reads the duration and size of a movie from the head and tail of the stored blob', async () => {
    const res = await postUpload(t, auth, 'Movies/clip.mp4', fixture('clip.mp4'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ file_type: 'Movies', duration: 3, width: 640, height: 360 });
  });

  /** Every object under this test's prefix, markers of unfinished uploads included. */
  async function bucketKeys(): Promise<string[]> {
    const store = t.blobs as S3BlobStore;
    const listed = await store.client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }),
    );
    // Thumbnails of earlier uploads may still be made meanwhile.
    return (listed.Contents ?? [])
      .map((object) => object.Key as string)
      .filter((key) => !key.startsWith(`${prefix}/derived/`));
  }

  it('aborts the multipart upload of a request cut off mid-way: no parts, no marker, no blob, no row', async () => {
    const who = await t.signUp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const before = await bucketKeys();
    // Over one 8 MiB part, so the store has begun a multipart upload when the client goes.
    const { body, contentType } = multipartBody(
      { path: 'cut/big.bin', mtime: '1' },
      { name: 'big.bin', data: Buffer.alloc(24 * 1024 * 1024, 7) },
    );
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /st/4/jobs/default/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${who.auth}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        socket.write(body.subarray(0, 18 * 1024 * 1024), () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 500);
        });
      });
      socket.on('error', reject);
    });
    const deadline = Date.now() + 10_000;
    const settled = async () =>
      (await s3.unfinishedUploads()).length === 0 && (await bucketKeys()).length === before.length;
    while (Date.now() < deadline && !(await settled())) await new Promise((r) => setTimeout(r, 100));
    expect(await s3.unfinishedUploads()).toEqual([]);
    expect((await bucketKeys()).sort()).toEqual(before.sort());
    const rows = await t.store.db
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', who.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('aborts, by its marker, a multipart upload whose process stopped before it ended', async () => {
    const before = await bucketKeys();
    const body = new PassThrough();
    const stalled = t.blobs.put('content/zz/stalled', body);
    stalled.catch(() => undefined);
    // Two parts' worth, then nothing more: as a process killed mid-upload leaves it. Both parts
    // must be stored before the sweep, or one still in flight lands after the abort.
    body.write(Buffer.alloc(17 * 1024 * 1024, 1));
    const deadline = Date.now() + 20_000;
    const begun = async () =>
      (await s3.unfinishedUploads()).length === 1 &&
      (await s3.storedParts()) === 2 &&
      (await bucketKeys()).length === before.length + 1;
    while (Date.now() < deadline && !(await begun())) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await s3.unfinishedUploads()).toHaveLength(1);
    expect(await s3.storedParts()).toBe(2);
    expect((await bucketKeys()).length).toBe(before.length + 1);
    // Not yet stale: a running upload is left alone.
    expect(await t.blobs.sweepUnfinished()).toBe(0);
    expect(await s3.unfinishedUploads()).toHaveLength(1);
    expect(await t.blobs.sweepUnfinished({ olderThanMs: 0 })).toBe(1);
    expect(await s3.unfinishedUploads()).toEqual([]);
    expect((await bucketKeys()).sort()).toEqual(before.sort());
    body.destroy();
    await expect(stalled).rejects.toThrow();
  });
});
