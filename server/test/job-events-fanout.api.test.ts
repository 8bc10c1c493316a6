import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Album } from '@nordlys/contract/album';
import type { PollReply } from '@nordlys/contract/job-changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountService } from '../src/services/account.service';
import { openStore } from '../src/store/database';
import { createRepositories } from '../src/store/repositories';
import { buildServer, type ServerProcess, startServerProcess } from './server-process';
import { basicAuth } from './test-app';
import { createTestDatabase, makeTempDir, type TestDatabase } from './test-database';
import { multipartBody } from './upload-helpers';

/**
 * Two real server processes on one PostgreSQL database: a change written through one wakes a
 * long poll held by the other (LISTEN/NOTIFY), both ways.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('job events across two server processes on postgres', () => {
  let server: { entry: string; cleanup(): void };
  let database: TestDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let ownerAuth: string;
  let friendAuth: string;

  beforeAll(async () => {
    server = await buildServer();
    dataDir = makeTempDir();
    database = await createTestDatabase('postgres', dataDir);
    const store = await openStore(database.config);
    try {
      const accounts = createAccountService({
        repos: createRepositories(store),
        clock: Date.now,
        defaultStorageGib: 1,
      });
      const issue = async (name: string) => {
        const user = await accounts.createUser({ email: `${name}-${randomUUID()}@example.com`, name });
        return basicAuth((await accounts.issueDeviceToken(user.id, { name: 'Fan-out test' })).token);
      };
      ownerAuth = await issue('owner');
      friendAuth = await issue('friend');
    } finally {
      await store.close();
    }
    if (database.config.kind !== 'postgres') throw new Error('postgres expected');
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.config.url };
    // One after the other: the first migrates the database.
    a = await startServerProcess(server.entry, env);
    b = await startServerProcess(server.entry, env);
  }, 180_000);

  afterAll(async () => {
    await a?.kill9();
    await b?.kill9();
    await database?.drop();
    server?.cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (base: string, auth: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, text };
  };

  it('a comment written through one process wakes a poll held by the other, and back', async () => {
    const created = await call(a.baseUrl, ownerAuth, 'POST', '/st/4/jobs', {
      type: 'story',
      name: 'Fan-out',
      public: 1,
    });
    expect(created.status, created.text).toBe(201);
    const album = created.json as Album;
    const { body, contentType } = multipartBody(
      { path: 'p.jpg', mtime: '1700000000' },
      {
        name: 'p.jpg',
        data: Buffer.from(`fan-out ${randomUUID()}`),
      },
    );
    const upload = await fetch(`${a.baseUrl}/st/4/jobs/${album.id}/upload`, {
      method: 'POST',
      headers: { authorization: ownerAuth, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const fileId = ((await upload.json()) as { fileID: string }).fileID;
    expect((await call(b.baseUrl, friendAuth, 'POST', `/st/4/jobs/${album.id}/subscribe`)).status).toBe(200);

    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const { json } = await call(
        reader.baseUrl,
        friendAuth,
        'GET',
        `/st/4/jobs/${album.id}/changes?since=0`,
      );
      const serial = (json as { serial: number }).serial;
      const held = call(
        reader.baseUrl,
        friendAuth,
        'GET',
        `/poll/jobs/${album.id}/poll?seq=${serial}&hold_ms=10000`,
      );
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      const posted = await call(
        writer.baseUrl,
        ownerAuth,
        'POST',
        `/st/4/jobs/${album.id}/files_by_id/${fileId}/comments`,
        {
          comment: `through ${writer.port}`,
        },
      );
      expect(posted.status, posted.text).toBe(201);
      const reply = (await held).json as PollReply;
      expect(reply).toEqual({ result: 'ok', seq: serial + 1 });
      expect(Date.now() - started).toBeLessThan(2000);
    }
  }, 60_000);
});
