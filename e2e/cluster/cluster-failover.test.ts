import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBlobStore } from '../../server/src/blobs/create-blob-store';
import { loadConfig } from '../../server/src/config';
import { beginRequest } from '../../server/test/server-process';
import { makeLargeFile } from '../fixtures-made/media';
import { createApiUser } from '../journeys/media-steps';
import type { BrowserSession } from '../support/browser';
import { answeringPid, Caller, sha256, until } from './cluster-steps';
import { METRICS_TOKEN } from './rig';
import { rigState } from './state';

const MIB = 1024 * 1024;
const rig = rigState();
const lb = rig.baseUrl;
const [victim, survivor] = rig.api as [(typeof rig.api)[0], (typeof rig.api)[0]];
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

/** Network errors of requests cut by the kill are expected; anything else the page logs is not. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource|net::ERR_|502|503|Bad Gateway/.test(error));

/**
 * One API process is killed with SIGKILL while a browser upload, a resumable upload over HTTP and
 * long polls are under way: each goes on through the other process, the periodic work the dead
 * one held is taken over, and the books balance afterwards.
 */
describe('an API process killed mid-run', () => {
  let db: pg.Client;
  let owner: Caller;
  let ownerApi: Awaited<ReturnType<typeof createApiUser>>;
  let browser: BrowserSession | undefined;
  let workDir: string;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    db = new pg.Client({ connectionString: rig.databaseUrl });
    await db.connect();
    ownerApi = await createApiUser(serverEnv, lb, 'failover');
    owner = new Caller(ownerApi.token);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-failover-'));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await browser?.close();
    await db?.end();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const heldBy = async (pid: number) =>
    (
      await db.query<{ name: string; holder: string; started_at: string }>('select * from periodic_runs')
    ).rows.filter((row) => row.holder.endsWith(`:${pid}`));

  it('goes on through the other process: polls reconnect, uploads resume at their offset, periodic work moves', async () => {
    // The process to be killed holds periodic work now (each task's period goes to one process).
    const held = await until(
      () => heldBy(victim.pid),
      (rows) => rows.length > 0,
      'periodic work held by the first process',
    );
    const taskName = held[0]!.name;

    // A journey in flight: a large upload from the app through the balancer, throttled so the kill lands mid-way.
    const large = makeLargeFile(workDir, 'failover.jpg', 40 * MIB);
    browser = await ownerApi.browser();
    const { page } = browser;
    await page.goto(`${lb}/photos`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 6 * MIB,
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Upload photos and videos' })
      .getByTestId('upload-file-input')
      .setInputFiles(large.file);
    const panel = page.getByRole('region', { name: 'Uploads' });
    await panel.getByRole('button', { name: 'Show files' }).click();

    // A resumable upload over HTTP: its first chunk stored by the process to be killed, the second under way there.
    const data = Buffer.alloc(10 * MIB);
    for (let i = 0; i < data.length; i += 4) data.writeUInt32BE(i * 7, i);
    const location = await owner.createTus(lb, data, 'Cluster/failover.bin');
    const tusHeaders = { authorization: owner.auth, 'tus-resumable': '1.0.0' };
    const first = await fetch(`${victim.baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(data.subarray(0, 4 * MIB)),
    });
    expect(first.status).toBe(204);
    const port = Number(new URL(victim.baseUrl).port);
    const head =
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${owner.auth}\r\nTus-Resumable: 1.0.0\r\n` +
      `Upload-Offset: ${4 * MIB}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${6 * MIB}\r\n\r\n`;
    sockets.push(await beginRequest(port, head, data.subarray(4 * MIB), 2 * MIB));

    // A long poll held by the process to be killed, on an album with a file to comment on.
    const album = await owner.call<{ id: string }>(lb, 'POST', '/st/4/jobs', {
      type: 'story',
      name: 'Failover',
      allow_comments: 1,
    });
    const { file } = await owner.upload(lb, album.body.id, 'note.txt', Buffer.from('failover note'));
    const seq = (
      await owner.call<{ seq?: number }>(lb, 'GET', `/poll/jobs/${album.body.id}/poll?seq=0&hold_ms=0`)
    ).body.seq!;
    const heldPoll = fetch(`${victim.baseUrl}/poll/jobs/${album.body.id}/poll?seq=${seq}&hold_ms=30000`, {
      headers: { authorization: owner.auth },
    }).then(
      (res) => res.status,
      () => 'cut' as const,
    );

    await expect
      .poll(
        async () =>
          Number(
            /Uploading (\d+) %/.exec((await page.locator('.upload-row__text').textContent()) ?? '')?.[1] ?? 0,
          ),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBeGreaterThanOrEqual(10);

    // SIGKILL: nothing runs in the victim, its connections are cut.
    const killedAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');

    // The poll held there is cut; the client polls again through the balancer and a comment wakes it.
    expect(await heldPoll).toBe('cut');
    const again = owner.call<{ result: string; seq?: number }>(
      lb,
      'GET',
      `/poll/jobs/${album.body.id}/poll?seq=${seq}&hold_ms=30000`,
    );
    await until(
      async () =>
        (
          await fetch(`${survivor.baseUrl}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).text(),
      (text) => /^nordlys_long_polls_held [1-9]/m.test(text),
      'the poll to be held again by the survivor',
    );
    const comment = await owner.call(
      lb,
      'POST',
      `/st/4/jobs/${album.body.id}/files_by_id/${file.fileID}/comments`,
      { comment: 'after the kill' },
    );
    expect(comment.status).toBe(201);
    expect((await again).body).toMatchObject({ result: 'ok' });

    // The resumable upload resumes where the stored parts end, through the balancer.
    const offset = await until(
      async () => {
        const res = await fetch(`${lb}${location}`, { method: 'HEAD', headers: tusHeaders });
        return res.status === 200 ? Number(res.headers.get('upload-offset')) : undefined;
      },
      (value) => value !== undefined,
      'the upload offset through the survivor',
    );
    expect(offset).toBeGreaterThanOrEqual(4 * MIB);
    expect(offset).toBeLessThanOrEqual(6 * MIB);
    const rest = await fetch(`${lb}${location}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    const outcome = await owner.call(lb, 'GET', `/st/4/uploads/${location.split('/').pop()}`);
    expect(outcome.body).toMatchObject({
      status: 'done',
      file: { checksum: sha256(data), size: data.length },
    });

    // The app's upload retried through the survivor and finished.
    await expect
      .poll(() => page.locator('.upload-row[data-status="Succeeded"]').count(), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(1);
    const fileId = await page.locator('.upload-row[data-status="Succeeded"]').getAttribute('data-file-id');
    const stored = await owner.call<{ size: number; checksum: string }>(
      lb,
      'GET',
      `/st/4/jobs/default/files_by_id/${fileId}`,
    );
    expect(stored.body).toMatchObject({ size: 40 * MIB, checksum: large.sha256 });
    expect(unexpected(browser.errors)).toEqual([]);

    // The periodic work the victim held moves to the survivor.
    const taken = await until(
      () =>
        db.query<{ holder: string; started_at: string }>(
          'select holder, started_at from periodic_runs where name = $1',
          [taskName],
        ),
      (result) =>
        result.rows[0]?.holder.endsWith(`:${survivor.pid}`) === true &&
        Number(result.rows[0]?.started_at) > killedAt,
      `${taskName} to be taken over`,
    );
    expect(taken.rows).toHaveLength(1);
    // Everything the balancer answers now comes from the survivor.
    for (let i = 0; i < 4; i += 1) expect(await answeringPid(lb)).toBe(await answeringPid(survivor.baseUrl));
  });

  it('leaves no orphan row or blob, and used_space is the sum of the stored sizes', async () => {
    // The worker has finished what the uploads queued.
    await until(
      async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
          )
        ).rows[0]!.n,
      (n) => n === 0,
      'the media queue to be empty',
      120_000,
    );
    const blobs = await createBlobStore(loadConfig(rig.env).blobs);
    try {
      const keys: string[] = [];
      for (const prefix of ['content/', 'derived/', 'tus/'])
        for await (const key of blobs.list(prefix)) keys.push(key);

      const contents = (
        await db.query<{ sha256: string; blob_key: string; size: string; ref_count: string }>(
          'select sha256, blob_key, size, ref_count from contents',
        )
      ).rows;
      expect(contents.length).toBeGreaterThan(0);
      for (const content of contents)
        expect((await blobs.stat(content.blob_key))?.size, content.blob_key).toBe(Number(content.size));
      const refs = (
        await db.query<{ content_sha256: string; n: number }>(
          'select content_sha256, count(*)::int as n from files group by content_sha256',
        )
      ).rows;
      const bySha = new Map(contents.map((c) => [c.sha256, Number(c.ref_count)]));
      for (const ref of refs) expect(bySha.get(ref.content_sha256), ref.content_sha256).toBe(ref.n);
      expect(refs.length).toBe(contents.length);

      const contentKeys = new Set(contents.map((c) => c.blob_key));
      const partKeys = new Set(
        (await db.query<{ blob_key: string }>('select blob_key from tus_parts')).rows.map((r) => r.blob_key),
      );
      const orphans = keys.filter((key) => {
        if (key.startsWith('content/')) return !contentKeys.has(key);
        if (key.startsWith('derived/')) return !bySha.has(key.split('/')[1] ?? '');
        return !partKeys.has(key);
      });
      expect(orphans).toEqual([]);
      // Resumable uploads still open hold exactly the bytes their parts add up to.
      const open = (
        await db.query<{ id: string; received: string }>(
          `select id, received from tus_uploads where status = 'uploading'`,
        )
      ).rows;
      for (const upload of open) {
        const sum = (
          await db.query<{ total: string }>(
            'select coalesce(sum(size), 0) as total from tus_parts where upload_id = $1',
            [upload.id],
          )
        ).rows[0]!.total;
        expect(Number(sum)).toBe(Number(upload.received));
      }

      const usage = (
        await db.query<{ user_id: string; used_space: string }>('select user_id, used_space from user_usage')
      ).rows;
      expect(usage.length).toBeGreaterThan(0);
      for (const user of usage) {
        const stored = (
          await db.query<{ total: string }>(
            'select coalesce(sum(c.size), 0) as total from contents c where c.sha256 in (select f.content_sha256 from files f where f.user_id = $1)',
            [user.user_id],
          )
        ).rows[0]!.total;
        expect(Number(user.used_space), user.user_id).toBe(Number(stored));
      }
    } finally {
      await blobs.close();
    }
  });
});
