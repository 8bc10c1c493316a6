import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_UPLOAD_AGE_MS } from '../src/blobs/blob-store';
import { FsBlobStore } from '../src/blobs/fs-blob-store';
import { TUS_SEGMENT_BYTES } from '../src/blobs/tus-blob-datastore';
import { openStore } from '../src/store/database';
import { useBuiltServer } from './built-server';
import { createUserIn } from './process-user';
import { beginRequest, type ServerProcess, startServerProcess } from './server-process';
import { usedSpaceBesideStored } from './storage-invariants';
import { createTestDatabase, databaseKinds, makeTempDir, type TestDatabase } from './test-database';
import { multipartBody } from './upload-helpers';

const MIB = 1024 * 1024;
const ROUNDS = 20;

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const serverEntry = useBuiltServer();

/** A real server process, killed with SIGKILL mid-upload and started again on the same data. */
describe.each(databaseKinds)('uploads across kill -9 on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let env: Record<string, string>;
  let auth: string;
  let running: ServerProcess | undefined;
  // Requests left mid-flight by a kill; closed by the test, not by the dead server.
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    dataDir = makeTempDir();
    database = await createTestDatabase(kind, dataDir);
    env = {
      DATA_DIR: dataDir,
      ...(database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
    };
    auth = await createUserIn(database.config, 'Crash');
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await running?.kill9();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    running = await startServerProcess(serverEntry(), env);
    return running;
  };

  const head = (base: string, location: string) =>
    fetch(`${base}${location}`, {
      method: 'HEAD',
      headers: { authorization: auth, 'tus-resumable': '1.0.0' },
    });

  async function createTus(base: string, data: Buffer, name: string): Promise<string> {
    const created = await fetch(`${base}/st/4/tus`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': tusMetadata({ path: name, mtime: '1700000000', checksum: sha256(data) }),
      },
    });
    expect(created.status).toBe(201);
    return new URL(created.headers.get('location') as string, base).pathname;
  }

  const patchHead = (location: string, offset: number, length: number) =>
    `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nTus-Resumable: 1.0.0\r\n` +
    `Upload-Offset: ${offset}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

  async function waitFor(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('resumes a tus upload at the offset its interrupted PATCH reached, after a restart', async () => {
    const data = Buffer.alloc(3 * TUS_SEGMENT_BYTES + MIB);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
    let srv = await start();
    const location = await createTus(srv.baseUrl, data, 'resumed/big.bin');
    // One PATCH for the whole file, cut by the crash after two segments and a half had arrived.
    sockets.push(
      await beginRequest(srv.port, patchHead(location, 0, data.length), data, 2 * TUS_SEGMENT_BYTES + MIB),
    );
    await waitFor(
      async () =>
        Number((await head(srv.baseUrl, location)).headers.get('upload-offset')) >= 2 * TUS_SEGMENT_BYTES,
      'two segments to be recorded',
    );
    await srv.kill9();

    srv = await start();
    // Every completed segment is kept (the one in flight may be too, if its bytes stopped first).
    const offset = Number((await head(srv.baseUrl, location)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(2 * TUS_SEGMENT_BYTES);
    expect(offset).toBeLessThanOrEqual(2 * TUS_SEGMENT_BYTES + MIB);
    const rest = await fetch(`${srv.baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        authorization: auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    const tusId = location.split('/').pop() as string;
    const outcome = await fetch(`${srv.baseUrl}/st/4/uploads/${tusId}`, { headers: { authorization: auth } });
    expect(await outcome.json()).toMatchObject({
      status: 'done',
      file: { checksum: sha256(data), size: data.length },
    });
    await srv.kill9();
  }, 120_000);

  it(`keeps rows, bytes and used_space exact over ${ROUNDS} kills mid-upload, and leaves no stale temp file`, async () => {
    const tempDir = path.join(dataDir, 'blobs', '.tmp');
    for (let round = 0; round < ROUNDS; round += 1) {
      const srv = await start();
      // Something stored in every round, so the books have more than nothing to balance.
      const whole = Buffer.from(`round ${round} ${randomUUID()}`.repeat(200));
      const { body, contentType } = multipartBody(
        { path: `done/${round}.txt`, mtime: '1' },
        { name: 'f.txt', data: whole },
      );
      const done = await fetch(`${srv.baseUrl}/st/4/jobs/default/upload`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect(done.status).toBe(201);

      const data = Buffer.alloc(2 * MIB + round * 1000, round + 1);
      if (round % 3 === 2) {
        // A resumable upload whose one PATCH is under way.
        const location = await createTus(srv.baseUrl, data, `tus/${round}.bin`);
        sockets.push(
          await beginRequest(srv.port, patchHead(location, 0, data.length), data, MIB + round * 1000),
        );
      } else {
        const upload = multipartBody({ path: `cut/${round}.bin`, mtime: '1' }, { name: 'c.bin', data });
        const requestHead =
          `POST /st/4/jobs/default/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n` +
          `Content-Type: ${upload.contentType}\r\nContent-Length: ${upload.body.length}\r\n\r\n`;
        // Half the rounds stop mid-body; the others send it all and are killed a moment later,
        // somewhere in hashing, reading metadata or committing.
        const sent = round % 2 === 0 ? upload.body.length : MIB + round * 1000;
        sockets.push(await beginRequest(srv.port, requestHead, upload.body, sent));
        if (sent < upload.body.length) {
          await waitFor(
            async () =>
              fs.existsSync(tempDir) && fs.readdirSync(tempDir).some((name) => name.endsWith('.part')),
            'the upload to be staged',
          );
        } else {
          await new Promise((r) => setTimeout(r, (round * 7) % 40));
        }
      }
      await srv.kill9();
    }

    // An hour on, as far as the leftovers can tell: what the kills left must go at the next start.
    const leftovers = fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [];
    const anHourAgo = new Date(Date.now() - STALE_UPLOAD_AGE_MS - 60_000);
    for (const name of leftovers) fs.utimesSync(path.join(tempDir, name), anHourAgo, anHourAgo);
    const srv = await start();
    await srv.kill9();
    const stale = (fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []).filter(
      (name) => fs.statSync(path.join(tempDir, name)).mtimeMs < Date.now() - STALE_UPLOAD_AGE_MS,
    );
    expect(stale).toEqual([]);

    const store = await openStore(database.config);
    const blobs = new FsBlobStore(path.join(dataDir, 'blobs'));
    try {
      const { db } = store;
      // Every content row has its bytes, of its size.
      const contents = await db
        .selectFrom('contents')
        .select(['sha256', 'blob_key', 'size', 'ref_count'])
        .execute();
      expect(contents.length).toBeGreaterThanOrEqual(ROUNDS);
      for (const content of contents) {
        expect((await blobs.stat(content.blob_key))?.size, content.blob_key).toBe(Number(content.size));
      }
      // Every file row has its content, and every content's count is its file rows.
      const fileRefs = await db
        .selectFrom('files')
        .select(['content_sha256', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('content_sha256')
        .execute();
      const bySha = new Map(contents.map((c) => [c.sha256, Number(c.ref_count)]));
      for (const ref of fileRefs)
        expect(bySha.get(ref.content_sha256), ref.content_sha256).toBe(Number(ref.n));
      expect(fileRefs.length).toBe(contents.length);
      // Every resumable upload's parts have their bytes and add up to what it says it received.
      const parts = await db.selectFrom('tus_parts').selectAll().execute();
      for (const part of parts) expect((await blobs.stat(part.blob_key))?.size).toBe(Number(part.size));
      const uploads = await db.selectFrom('tus_uploads').select(['id', 'received', 'status']).execute();
      for (const upload of uploads.filter((u) => u.status === 'uploading')) {
        const received = parts
          .filter((p) => p.upload_id === upload.id)
          .reduce((sum, p) => sum + Number(p.size), 0);
        expect(received).toBe(Number(upload.received));
      }
      // used_space is the sum of the sizes of the distinct contents the user's non-purged files (live or trashed) hold.
      const [usage, ...others] = await usedSpaceBesideStored(db);
      expect(others).toEqual([]);
      expect(usage?.usedSpace).toBe(usage?.stored);
      expect(usage?.usedSpace).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 600_000);
});
