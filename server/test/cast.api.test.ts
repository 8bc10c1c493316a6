import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAST_URL_TTL_SECONDS } from '../src/media/media-urls';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

type Auth = Awaited<ReturnType<TestApp['signUp']>>;

describe.each(databaseKinds)('cast items on %s', (kind) => {
  let t: TestApp;
  let now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
  });
  afterAll(async () => t?.close());

  const upload = async (who: Auth, name: string, data = fixture(name)) =>
    (await postUpload(t, who.auth, `Cast/${randomUUID()}-${name}`, data)).json();
  const castItem = (who: Auth | null, job: string, fileId: string) =>
    t.app.inject({
      url: `/st/4/jobs/${job}/files_by_id/${fileId}/cast_item`,
      headers: who ? { authorization: who.auth } : {},
    });

  it('answers a picture as a JPEG URL signed for that file alone, which serves without a token', async () => {
    const alice = await t.signUp();
    const photo = await upload(alice, 'rotated-orientation6.jpg');
    const reply = await castItem(alice, 'default', photo.fileID);
    expect(reply.statusCode, reply.body).toBe(200);
    const item = reply.json();
    expect(item).toEqual({
      url: expect.stringMatching(/\/preview\?exp=\d+&sig=[\w-]+&cast=1&to_jpeg=1$/),
      fileID: photo.fileID,
      jobID: photo.jobID,
      type: 'image/jpeg',
      duration: 5000,
    });
    // Short-lived: an hour from now, not the day-rounded expiry of the app's own URLs.
    const exp = Number(new URL(item.url, 'http://x').searchParams.get('exp'));
    expect(exp).toBe(Math.floor(now / 1000) + CAST_URL_TTL_SECONDS);
    const image = await t.app.inject({ url: item.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(item.url).not.toContain(alice.token);
  });

  it('answers a movie as its web encode', async () => {
    const alice = await t.signUp();
    const clip = await upload(alice, 'clip.mp4');
    const item = (await castItem(alice, 'default', clip.fileID)).json();
    expect(item.type).toBe('video/mp4');
    expect(item.url).toMatch(/\/video\?exp=\d+&sig=[\w-]+&cast=1$/);
  });

  it('refuses a document with 422', async () => {
    const alice = await t.signUp();
    const doc = await upload(alice, 'notes.txt', Buffer.from(`notes ${randomUUID()}`));
    const reply = await castItem(alice, 'default', doc.fileID);
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toEqual({ error: 'file cannot be cast' });
  });

  it('denies a file the caller cannot read: 401 without a session, 404 for another user', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const photo = await upload(alice, 'rotated-orientation6.jpg');
    expect((await castItem(null, 'default', photo.fileID)).statusCode).toBe(401);
    expect((await castItem(mallory, photo.jobID, photo.fileID)).statusCode).toBe(404);
    expect((await castItem(mallory, 'default', photo.fileID)).statusCode).toBe(404);
  });

  it('opens nothing but its own file, and nothing once expired', async () => {
    const alice = await t.signUp();
    const first = await upload(alice, 'rotated-orientation6.jpg');
    const second = await upload(alice, 'clip.mp4');
    const { url } = (await castItem(alice, 'default', first.fileID)).json();
    // The same signature on another file of the same job.
    const other = url.replace(first.fileID, second.fileID);
    expect((await t.app.inject({ url: other })).statusCode).toBe(403);
    // The file's signature presented as a job grant.
    expect((await t.app.inject({ url: url.replace('&cast=1', '') })).statusCode).toBe(403);
    // The job grant of the app's own URLs presented as a receiver's.
    const jobUrl = `${first.previewURL}&cast=1`;
    expect((await t.app.inject({ url: jobUrl })).statusCode).toBe(403);
    const saved = now;
    now += (CAST_URL_TTL_SECONDS + 1) * 1000;
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(403);
    } finally {
      now = saved;
    }
  });
});
