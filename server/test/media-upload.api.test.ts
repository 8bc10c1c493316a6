import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaWorker } from '../src/media/pipeline/scaled-out-worker';
import { fixture, startWorkerIfScaledOut } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

function multipart(fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = `----media-${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databaseKinds)('media after a real upload (%s)', (kind) => {
  let t: TestApp;
  let worker: MediaWorker | null;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    worker = await startWorkerIfScaledOut(t);
    ({ auth } = await t.signUp());
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const upload = async (name: string) => {
    const { body, contentType } = multipart(
      { path: `Camera/${name}`, mtime: '1700000000', policy: 'keep_both' },
      name,
      fixture(name),
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: '/st/4/jobs/default/upload',
      headers: { authorization: auth, 'content-type': contentType },
      payload: body,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json();
  };

  it('answers a photo upload with signed thumbnail URLs that serve once processing is done', async () => {
    const record = await upload('rotated-orientation6.jpg');
    expect(record.thumbURLSmall).toMatch(/^\/th\/3\/[\w-]+\?area=256&exp=\d+&sig=[\w-]+$/);
    expect(record.thumbURLLarge).toMatch(/area=1280/);
    // The tile carries the same grant: one signature, three sizes.
    expect(record.thumbURLTile).toBe(record.thumbURLSmall.replace('area=256', 'area=512'));
    await t.app.mediaProcessing.onIdle();
    const small = await t.app.inject({ method: 'GET', url: record.thumbURLSmall });
    expect(small.statusCode).toBe(200);
    const meta = await sharp(small.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 341]);
    const tile = await t.app.inject({ method: 'GET', url: record.thumbURLTile });
    expect(tile.statusCode).toBe(200);
    const tileMeta = await sharp(tile.rawPayload).metadata();
    expect([tileMeta.width, tileMeta.height]).toEqual([512, 683]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/st/4/jobs/default/files_by_id/${record.fileID}`,
      headers: { authorization: auth },
    });
    expect(again.json().thumbhash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const preview = await t.app.inject({
      method: 'GET',
      url: record.previewURL,
      headers: { range: 'bytes=0-1' },
    });
    expect(preview.statusCode).toBe(206);
    expect(preview.rawPayload.equals(fixture('rotated-orientation6.jpg').subarray(0, 2))).toBe(true);
  });

  it('encodes an uploaded QuickTime clip and reports ENCODED through v-check', async () => {
    const record = await upload('clip.mov');
    expect(record.file_type).toBe('Movies');
    expect(record.videoURL).toMatch(/\/video\?exp=\d+&sig=/);
    await t.app.mediaProcessing.onIdle();
    const check = await t.app.inject({
      method: 'GET',
      url: `/st/4/jobs/default/files_by_id/${record.fileID}?sub=v-check`,
      headers: { authorization: auth },
    });
    expect(check.json()).toEqual({ encodingStatus: 'ENCODED' });
    const video = await t.app.inject({ method: 'GET', url: record.videoURL });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
  });

  it('records a broken upload as a failed thumbnail without crashing', async () => {
    const record = await upload('broken.jpg');
    await t.app.mediaProcessing.onIdle();
    const reply = await t.app.inject({ method: 'GET', url: record.thumbURLSmall });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'thumbnail failed' });
  });
});
