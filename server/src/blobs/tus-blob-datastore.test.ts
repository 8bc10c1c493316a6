import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ERRORS, Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useS3rver } from '../../test/s3rver';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from '../../test/test-database';
import { openStore, type Store } from '../store/database';
import { createTusUploadRepository } from '../store/repositories/tus-upload.repository';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import { S3BlobStore } from './s3-blob-store';
import { TusBlobDatastore } from './tus-blob-datastore';

const EXPIRY_MS = 60_000;
const s3 = useS3rver('nordlys-tus-test');

const blobStores: Array<[string, (dir: string) => Promise<BlobStore>]> = [
  ['folders', (dir) => FsBlobStore.open(path.join(dir, 'blobs'))],
  [
    's3rver',
    async () =>
      new S3BlobStore({
        endpoint: await s3.endpoint(),
        region: 'us-east-1',
        bucket: 'nordlys-tus-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        prefix: `t${randomUUID().slice(0, 8)}`,
      }),
  ],
];
const cases = databaseKinds.flatMap((kind) => blobStores.map(([name, open]) => [kind, name, open] as const));

describe.each(cases)('tus datastore on %s, bytes in %s', (kind, _name, openBlobs) => {
  let dir: string;
  let database: TestDatabase;
  let store: Store;
  let blobs: BlobStore;
  let now = 1_700_000_000_000;
  let userId: string;
  const datastore = () =>
    new TusBlobDatastore({
      blobs,
      repo: createTusUploadRepository(store.db),
      expiryMs: EXPIRY_MS,
      clock: () => now,
    });

  beforeAll(async () => {
    dir = makeTempDir();
    database = await createTestDatabase(kind, dir);
    store = await openStore(database.config);
    blobs = await openBlobs(dir);
    userId = randomUUID();
    await store.db
      .insertInto('users')
      .values({ id: userId, email: `${userId}@example.com`, name: 'Tus', created_at: now } as never)
      .execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const begin = async (size: number) => {
    const upload = new Upload({
      id: randomUUID().replaceAll('-', ''),
      size,
      offset: 0,
      metadata: { user_id: userId },
    });
    await datastore().create(upload);
    return upload.id;
  };

  it('keeps the bytes of a PATCH cut off mid-way, so the client resumes after them', async () => {
    const id = await begin(10);
    let sent = false;
    const cut = new Readable({
      read() {
        if (sent) this.destroy(new Error('client went away'));
        else this.push(Buffer.from('0123'));
        sent = true;
      },
    });
    expect(await datastore().write(cut, id, 0)).toBe(4);
    expect((await datastore().getUpload(id)).offset).toBe(4);
    expect(await datastore().write(Readable.from([Buffer.from('456789')]), id, 4)).toBe(10);
    expect(await text(datastore().read(id))).toBe('0123456789');
  });

  it('records a long PATCH segment by segment, each as soon as it is complete', async () => {
    const id = await begin(10);
    const segmented = new TusBlobDatastore({
      blobs,
      repo: createTusUploadRepository(store.db),
      expiryMs: EXPIRY_MS,
      clock: () => now,
      segmentBytes: 4,
    });
    const body = new PassThrough();
    const writing = segmented.write(body, id, 0);
    body.write(Buffer.from('012345'));
    // While the PATCH is still open, the first segment already counts: a crash now keeps it.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await segmented.getUpload(id)).offset < 4) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await segmented.getUpload(id)).offset).toBe(4);
    body.end(Buffer.from('6789'));
    expect(await writing).toBe(10);
    const parts = await createTusUploadRepository(store.db).parts(id);
    expect(parts.map((part) => [part.part_start, part.size])).toEqual([
      [0, 4],
      [4, 4],
      [8, 2],
    ]);
    expect(await text(segmented.read(id))).toBe('0123456789');
  });

  it('lets one of two writes at the same offset commit, and refuses the other', async () => {
    const id = await begin(8);
    const results = await Promise.allSettled([
      datastore().write(Readable.from([Buffer.from('aaaa')]), id, 0),
      datastore().write(Readable.from([Buffer.from('bbbb')]), id, 0),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([4]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual([
      ERRORS.INVALID_OFFSET,
    ]);
    const kept = await text(datastore().read(id));
    expect(['aaaa', 'bbbb']).toContain(kept);
    // The loser's blob is not left behind, and did not touch the winner's.
    const keys: string[] = [];
    for await (const key of blobs.list(`tus/${id}/`)) keys.push(key);
    const parts = await createTusUploadRepository(store.db).parts(id);
    expect(keys).toEqual(parts.map((part) => part.blob_key));
  });

  it('refuses a write at an offset that is not the end of the received bytes', async () => {
    const id = await begin(8);
    await expect(datastore().write(Readable.from([Buffer.from('x')]), id, 3)).rejects.toBe(
      ERRORS.INVALID_OFFSET,
    );
    await expect(datastore().write(Readable.from([Buffer.from('x')]), 'no-such-upload', 0)).rejects.toBe(
      ERRORS.FILE_NOT_FOUND,
    );
  });

  it('deletes unfinished uploads once expired, parts and rows, and keeps younger ones', async () => {
    const old = await begin(8);
    await datastore().write(Readable.from([Buffer.from('old!')]), old, 0);
    now += EXPIRY_MS + 1;
    const young = await begin(8);
    await datastore().write(Readable.from([Buffer.from('new!')]), young, 0);
    expect(await datastore().deleteExpired()).toBeGreaterThanOrEqual(1);
    await expect(datastore().getUpload(old)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    const left: string[] = [];
    for await (const key of blobs.list(`tus/${old}/`)) left.push(key);
    expect(left).toEqual([]);
    expect((await datastore().getUpload(young)).offset).toBe(4);
  });
});
