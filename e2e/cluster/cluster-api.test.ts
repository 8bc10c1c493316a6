import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiUser } from '../journeys/media-steps';
import { answeringPid, Caller, sha256, until } from './cluster-steps';
import { METRICS_TOKEN } from './rig';
import { rigState } from './state';

const rig = rigState();
const lb = rig.baseUrl;
const [a, b] = rig.api as [(typeof rig.api)[0], (typeof rig.api)[0]];
const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;

/**
 * Each area's main calls over real HTTP through the balancer (round robin: consecutive calls land
 * on different processes), and what only several processes can show: a change made through one
 * wakes a poll held by the other, a resumable upload's chunks go to both.
 */
describe('the API through the balancer, two processes behind it', () => {
  let owner: Caller;
  let friend: Caller;
  beforeAll(async () => {
    owner = new Caller((await createApiUser(serverEnv, lb, 'cluster-owner')).token);
    friend = new Caller((await createApiUser(serverEnv, lb, 'cluster-friend')).token);
  });

  it('sends consecutive requests to both processes, each request on its own', async () => {
    const pids = new Set<string>();
    for (let i = 0; i < 6; i += 1) pids.add(await answeringPid(lb));
    expect(pids).toEqual(new Set([await answeringPid(a.baseUrl), await answeringPid(b.baseUrl)]));
  });

  it('answers the account, devices, options and upload settings on any process', async () => {
    for (const base of [lb, a.baseUrl, b.baseUrl]) {
      const info = await owner.call<{ email?: string }>(base, 'GET', '/st/4/account_info');
      expect(info.status).toBe(200);
      expect((await owner.call(base, 'GET', '/st/4/devices')).status).toBe(200);
      expect((await owner.call(base, 'GET', '/st/4/upload_config')).status).toBe(200);
      expect((await owner.call(base, 'GET', '/st/4/user_grants')).status).toBe(200);
    }
    expect(
      (await owner.call(lb, 'GET', '/st/4/account_info', undefined, { authorization: 'Basic eDp5' })).status,
    ).toBe(401);
  });

  it("uploads through one process, lists and thumbnails through the others, and the worker's log carries the request id", async () => {
    const requestId = `cluster-upload-${Date.now().toString(36)}`;
    // A picture of its own: bytes seen before (a journey's fixture) would need no new media task.
    const [red, green, blue] = [0, 0, 0].map(() => Math.floor(Math.random() * 256)) as [
      number,
      number,
      number,
    ];
    const picture = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: red, g: green, b: blue } },
    })
      .png()
      .toBuffer();
    const { file, headers } = await owner.upload(lb, 'default', 'picture.png', picture, {
      'x-request-id': requestId,
    });
    expect(headers.get('x-request-id')).toBe(requestId);
    for (const base of [a.baseUrl, b.baseUrl]) {
      const months = await owner.call<unknown[]>(base, 'GET', '/st/4/jobs/default/timeline/months');
      expect(months.status).toBe(200);
      const one = await owner.call<{ fileID: string }>(
        base,
        'GET',
        `/st/4/jobs/default/files_by_id/${file.fileID}`,
      );
      expect(one.body.fileID).toBe(file.fileID);
    }
    // The worker made the thumbnail; either process serves it.
    await until(
      async () => (await fetch(new URL(file.thumbURLSmall as string, lb))).status,
      (status) => status === 200,
      'the thumbnail from the worker',
    );
    await until(
      async () => fs.readFileSync(rig.worker.log, 'utf8'),
      (log) => log.includes(requestId),
      "the upload's request id in the worker's log",
    );
  });

  it('a comment written through one process wakes a long poll held by the other', async () => {
    const album = await owner.call<{ id: string }>(lb, 'POST', '/st/4/jobs', {
      type: 'story',
      name: 'Cluster album',
      allow_comments: 1,
    });
    expect(album.status).toBe(201);
    const { file } = await owner.upload(lb, album.body.id, 'note.txt', Buffer.from('cluster note'));
    const seq = (
      await owner.call<{ result: string; seq?: number }>(
        b.baseUrl,
        'GET',
        `/poll/jobs/${album.body.id}/poll?seq=0&hold_ms=0`,
      )
    ).body.seq as number;
    expect(seq).toBeGreaterThan(0);

    const held = owner.call<{ result: string; seq?: number }>(
      b.baseUrl,
      'GET',
      `/poll/jobs/${album.body.id}/poll?seq=${seq}&hold_ms=30000`,
    );
    await until(
      async () =>
        (
          await fetch(`${b.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text(),
      (text) => /^nordlys_long_polls_held [1-9]/m.test(text),
      'the poll to be held by the second process',
    );
    const comment = await owner.call(
      a.baseUrl,
      'POST',
      `/st/4/jobs/${album.body.id}/files_by_id/${file.fileID}/comments`,
      {
        comment: 'written through the first process',
      },
    );
    expect(comment.status).toBe(201);
    const woken = await held;
    expect(woken.status).toBe(200);
    expect(woken.body.result).toBe('ok');
    expect(woken.body.seq).toBeGreaterThan(seq);

    const comments = await owner.call<{ comments: { comment: string }[] }>(
      b.baseUrl,
      'GET',
      `/st/4/jobs/${album.body.id}/files_by_id/${file.fileID}/comments`,
    );
    expect(JSON.stringify(comments.body)).toContain('written through the first process');
  });

  it('completes a resumable upload whose chunks alternate between the two processes', async () => {
    const data = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4) data.writeUInt32BE(i, i);
    const location = await owner.createTus(a.baseUrl, data, 'Cluster/alternating.bin');
    const chunk = 3 * 1024 * 1024;
    let fileId: string | null = null;
    for (let offset = 0, i = 0; offset < data.length; offset += chunk, i += 1) {
      const base = i % 2 === 0 ? b.baseUrl : a.baseUrl;
      const head = await fetch(`${base}${location}`, {
        method: 'HEAD',
        headers: { authorization: owner.auth, 'tus-resumable': '1.0.0' },
      });
      expect(Number(head.headers.get('upload-offset'))).toBe(offset);
      const patched = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: owner.auth,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(data.subarray(offset, offset + chunk)),
      });
      expect(patched.status).toBe(204);
      fileId = patched.headers.get('x-file-id') ?? fileId;
    }
    const tusId = location.split('/').pop() as string;
    const outcome = await owner.call<{ status: string; file: { checksum: string; size: number } }>(
      lb,
      'GET',
      `/st/4/uploads/${tusId}`,
    );
    expect(outcome.body).toMatchObject({
      status: 'done',
      file: { checksum: sha256(data), size: data.length },
    });
  });

  it('shares, archives and trashes through the balancer', async () => {
    const { file } = await owner.upload(
      lb,
      'default',
      'shared.txt',
      Buffer.from('shared through the cluster'),
    );
    const share = await owner.call<{ id: string }>(lb, 'POST', '/st/4/shares', { file_ids: [file.fileID] });
    expect(share.status).toBe(201);
    expect((await owner.call(lb, 'GET', `/st/4/shares/${share.body.id}`)).status).toBe(200);
    // Another user cannot read the owner's timeline on either process.
    for (const base of [a.baseUrl, b.baseUrl]) {
      expect(
        (await friend.call(base, 'GET', `/st/4/jobs/default/files_by_id/${file.fileID}`)).status,
      ).not.toBe(200);
    }

    const zip = await fetch(`${lb}/st/4/jobs/default/files_as_archive`, {
      method: 'POST',
      headers: { authorization: owner.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ file_ids: [file.fileID] }),
    });
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('shared through the cluster'))).toBe(true);

    expect(
      (await owner.call(lb, 'DELETE', `/st/4/jobs/default/files_by_id/${file.fileID}`)).status,
    ).toBeLessThan(300);
    for (const base of [a.baseUrl, b.baseUrl]) {
      const trash = await owner.call(base, 'GET', '/st/4/trash_can');
      expect(trash.status).toBe(200);
      expect(JSON.stringify(trash.body)).toContain(file.fileID);
    }
  });
});
