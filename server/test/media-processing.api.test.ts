import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ffmpegLocation } from '../src/media/ffmpeg-locator';
import {
  createMediaUrls,
  generateMediaUrlSecret,
  MEDIA_URL_SECRET_NAME,
  type MediaUrls,
  type ThumbArea,
} from '../src/media/media-urls';
import type { MediaWorker } from '../src/media/pipeline/scaled-out-worker';
import { parseFfmpegInfo } from '../src/media/video';
import { createSecretRepository } from '../src/store/repositories/secret.repository';
import {
  contentRow,
  fixture,
  type StoredFile,
  startWorkerIfScaledOut,
  storeFile,
} from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

function probeBuffer(t: TestApp, bytes: Buffer, name: string) {
  const file = path.join(t.dataDir, name);
  writeFileSync(file, bytes);
  let stderr = '';
  try {
    execFileSync(ffmpegLocation().path, ['-hide_banner', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    stderr = String((error as { stderr?: Buffer }).stderr ?? '');
  }
  return parseFfmpegInfo(stderr);
}

describe.each(databaseKinds)('media processing (%s)', (kind) => {
  let t: TestApp;
  let worker: MediaWorker | null;
  let urls: MediaUrls;
  let userId: string;
  let auth: string;
  const files: Record<string, StoredFile> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    worker = await startWorkerIfScaledOut(t);
    ({ userId, auth } = await t.signUp());
    urls = createMediaUrls({
      secret: await createSecretRepository(t.store.db).getOrCreate(
        MEDIA_URL_SECRET_NAME,
        generateMediaUrlSecret,
      ),
    });
    for (const name of [
      'photo-exif.jpg',
      'rotated-orientation6.jpg',
      'photo.heic',
      'screenshot_20240315_101500.png',
      'broken.jpg',
      'clip.mp4',
      'clip.mov',
      'document.pdf',
    ]) {
      files[name] = await storeFile(t, userId, name);
      t.app.mediaProcessing.enqueueContent(files[name].sha256);
    }
    await t.app.mediaProcessing.onIdle();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const thumb = (name: string, area: ThumbArea, headers: Record<string, string> = {}) => {
    const f = files[name]!;
    return t.app.inject({
      method: 'GET',
      url: urls.thumbUrl(f.fileId, area, { jobId: f.jobId }),
      headers,
    });
  };
  const imageSize = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata();
    return [meta.format, meta.width, meta.height];
  };

  it('makes every thumbnail of a photo, served with strong caching', async () => {
    const row = await contentRow(t, files['photo-exif.jpg']!.sha256);
    expect(row.thumb_status).toBe('ready');
    expect(row.thumbhash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const small = await thumb('photo-exif.jpg', 256);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await imageSize(small.rawPayload)).toEqual(['webp', 341, 256]);
    expect(small.headers['cache-control']).toMatch(/^public, max-age=\d{6}, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(small.headers['cache-control']))![1]);
    expect(maxAge).toBeGreaterThan(7 * 86400 - 5);
    expect(maxAge).toBeLessThanOrEqual(8 * 86400);
    const large = await thumb('photo-exif.jpg', 1280);
    expect(await imageSize(large.rawPayload)).toEqual(['webp', 1280, 960]);
    expect(large.headers.etag).not.toBe(small.headers.etag);
    const again = await thumb('photo-exif.jpg', 256, { 'if-none-match': String(small.headers.etag) });
    expect(again.statusCode).toBe(304);

    // The tile was made with them, not on request.
    expect(await t.blobs.exists(`derived/${files['photo-exif.jpg']!.sha256}/thumb-512.webp`)).toBe(true);
    const tile = await thumb('photo-exif.jpg', 512);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
    expect(await imageSize(tile.rawPayload)).toEqual(['webp', 683, 512]);
    expect(tile.rawPayload.length).toBeLessThan(large.rawPayload.length);
    expect(tile.rawPayload.length).toBeGreaterThan(small.rawPayload.length);
    expect(tile.headers['cache-control']).toBe(small.headers['cache-control']);
    expect(tile.headers.etag).not.toBe(small.headers.etag);
    expect(tile.headers.etag).not.toBe(large.headers.etag);
    const tileAgain = await thumb('photo-exif.jpg', 512, { 'if-none-match': String(tile.headers.etag) });
    expect(tileAgain.statusCode).toBe(304);
  });

  it('answers a tile of a content thumbnailed before tiles with the large one, then with the tile', async () => {
    const f = await storeFile(
      t,
      userId,
      'before-tiles.jpg',
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#aa6633' } })
        .jpeg()
        .toBuffer(),
    );
    t.app.mediaProcessing.enqueueContent(f.sha256);
    await t.app.mediaProcessing.onIdle();
    // As an earlier version left it: the small and large thumbnails only.
    await t.blobs.delete(`derived/${f.sha256}/thumb-512.webp`);
    const url = urls.thumbUrl(f.fileId, 512, { jobId: f.jobId });

    const standIn = await t.app.inject({ method: 'GET', url });
    expect(standIn.statusCode).toBe(200);
    expect(standIn.headers['content-type']).toBe('image/webp');
    expect(await imageSize(standIn.rawPayload)).toEqual(['webp', 1280, 960]);
    // Not to be kept: the tile replaces it once made.
    expect(standIn.headers['cache-control']).toBe('no-store');
    expect(standIn.headers.etag).toBeUndefined();

    let tile = standIn;
    for (let tries = 0; tries < 100 && tile.headers['cache-control'] === 'no-store'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      tile = await t.app.inject({ method: 'GET', url });
    }
    expect(tile.statusCode).toBe(200);
    expect(await imageSize(tile.rawPayload)).toEqual(['webp', 683, 512]);
    expect(tile.headers['cache-control']).toMatch(/^public, max-age=\d{6}, immutable$/);
    expect(tile.headers.etag).toBe(`"${f.sha256}-512.webp"`);
    // Still denied without a valid signature, old content or not.
    const unsigned = await t.app.inject({ method: 'GET', url: url.replace(/&sig=[^&]+/, '') });
    expect(unsigned.statusCode).toBe(403);

    // With neither the tile nor the large thumbnail, it is missing, not a stand-in.
    await t.blobs.delete(`derived/${f.sha256}/thumb-512.webp`);
    await t.blobs.delete(`derived/${f.sha256}/thumb-1280.webp`);
    const missing = await t.app.inject({ method: 'GET', url });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    // Only the tile stands in: a missing small thumbnail is not answered with another size.
    await t.blobs.delete(`derived/${f.sha256}/thumb-256.webp`);
    const small = await t.app.inject({
      method: 'GET',
      url: urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }),
    });
    expect(small.statusCode).toBe(404);
  });

  it('applies EXIF orientation: the rotated photo thumbnails are portrait', async () => {
    expect(await imageSize((await thumb('rotated-orientation6.jpg', 256)).rawPayload)).toEqual([
      'webp',
      256,
      341,
    ]);
    expect(await imageSize((await thumb('rotated-orientation6.jpg', 1280)).rawPayload)).toEqual([
      'webp',
      900,
      1200,
    ]);
  });

  it('decodes HEIC and fills in the size the ingest could not read', async () => {
    expect(await imageSize((await thumb('photo.heic', 1280)).rawPayload)).toEqual(['webp', 800, 600]);
    const row = await contentRow(t, files['photo.heic']!.sha256);
    expect([row.thumb_status, row.width, row.height]).toEqual(['ready', 800, 600]);
  });

  it('thumbnails a PNG screenshot', async () => {
    expect(await imageSize((await thumb('screenshot_20240315_101500.png', 256)).rawPayload)).toEqual([
      'webp',
      256,
      455,
    ]);
  });

  it('records a picture that does not decode as failed, and its URL answers 404 "thumbnail failed"', async () => {
    expect((await contentRow(t, files['broken.jpg']!.sha256)).thumb_status).toBe('failed');
    const reply = await thumb('broken.jpg', 256);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'thumbnail failed' });
    // The server still answers after it.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('has no thumbnail for a document', async () => {
    const doc = files['document.pdf']!;
    expect(urls.fileUrls({ ...doc, mediaKind: 'document' }).thumbURLSmall).toBeNull();
    const reply = await t.app.inject({
      method: 'GET',
      url: urls.thumbUrl(doc.fileId, 256, { jobId: doc.jobId }),
    });
    expect(reply.statusCode).toBe(404);
  });

  for (const [name, durationMs, hasAudio] of [
    ['clip.mp4', 3000, true],
    ['clip.mov', 2000, false],
  ] as const) {
    it(`makes a poster thumbnail and a web MP4 of ${name}`, async () => {
      const f = files[name]!;
      const row = await contentRow(t, f.sha256);
      expect([row.thumb_status, row.encode_status]).toEqual(['ready', 'ready']);
      const poster = await thumb(name, 1280);
      expect(poster.statusCode).toBe(200);
      expect((await sharp(poster.rawPayload).metadata()).format).toBe('webp');

      const video = await t.app.inject({
        method: 'GET',
        url: urls.videoUrl(f.fileId, { jobId: f.jobId }),
      });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.headers['accept-ranges']).toBe('bytes');
      const info = probeBuffer(t, video.rawPayload, `${name}.out.mp4`);
      expect(info.videoCodec).toBe('h264');
      expect(info.audioCodec).toBe(hasAudio ? 'aac' : null);
      expect(Math.abs((info.durationMs ?? 0) - durationMs)).toBeLessThan(150);

      const check = await t.app.inject({
        method: 'GET',
        url: `/st/4/jobs/${f.jobId}/files_by_id/${f.fileId}?sub=v-check`,
        headers: { authorization: auth },
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ encodingStatus: 'ENCODED' });
    });
  }

  describe('signed URLs', () => {
    const signedParts = (url: string) => {
      const parsed = new URL(url, 'http://x');
      return { exp: parsed.searchParams.get('exp')!, sig: parsed.searchParams.get('sig')! };
    };

    it("refuses another job's grant, an altered or expired one, or none", async () => {
      const a = files['photo-exif.jpg']!;
      const { exp, sig } = signedParts(urls.thumbUrl(a.fileId, 256, { jobId: a.jobId }));
      const mallory = await t.signUp();
      const theirs = await storeFile(t, mallory.userId, 'theirs.jpg', fixture('photo-exif.jpg'));
      const theirGrant = signedParts(urls.thumbUrl(theirs.fileId, 256, { jobId: theirs.jobId }));
      for (const url of [
        // A grant opens the files of its own job only, whichever file it came with.
        `/th/3/${a.fileId}?area=256&exp=${theirGrant.exp}&sig=${theirGrant.sig}`,
        `/th/3/${theirs.fileId}?area=256&exp=${exp}&sig=${sig}`,
        `/th/3/${a.fileId}?area=256&exp=${Number(exp) + 86400}&sig=${sig}`,
        `/th/3/${a.fileId}?area=256&exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/th/3/${a.fileId}?area=256`,
        `/th/3/${a.fileId}?area=256&exp=${exp}`,
        `/th/3/${a.fileId}?area=512`,
        `/th/3/${a.fileId}?area=512&exp=${theirGrant.exp}&sig=${theirGrant.sig}`,
        `/th/3/${a.fileId}?area=512&exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/th/3/00000000-0000-4000-8000-000000000000?area=256&exp=${exp}&sig=${sig}`,
      ]) {
        const reply = await t.app.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(403);
        expect(reply.json()).toEqual({ error: 'invalid signature' });
      }
      // Every file of the job opens with the grant: it is the job's, not the file's.
      const b = files['rotated-orientation6.jpg']!;
      const sibling = await t.app.inject({
        method: 'GET',
        url: `/th/3/${b.fileId}?area=256&exp=${exp}&sig=${sig}`,
      });
      expect(sibling.statusCode).toBe(200);
      // The area selects a rendering of the same file; it is not a further right.
      const large = await t.app.inject({
        method: 'GET',
        url: `/th/3/${a.fileId}?area=1280&exp=${exp}&sig=${sig}`,
      });
      expect(large.statusCode).toBe(200);
      const tile = await t.app.inject({
        method: 'GET',
        url: `/th/3/${a.fileId}?area=512&exp=${exp}&sig=${sig}`,
      });
      expect(tile.statusCode).toBe(200);
    });

    it('refuses an expired signature', async () => {
      const a = files['photo-exif.jpg']!;
      const secret = await createSecretRepository(t.store.db).getOrCreate(
        MEDIA_URL_SECRET_NAME,
        generateMediaUrlSecret,
      );
      const old = createMediaUrls({ secret, clock: () => Date.now() - 30 * 86400_000 });
      const reply = await t.app.inject({
        method: 'GET',
        url: old.thumbUrl(a.fileId, 256, { jobId: a.jobId }),
      });
      expect(reply.statusCode).toBe(403);
    });

    it('names a bad area as a 400', async () => {
      const a = files['photo-exif.jpg']!;
      const reply = await t.app.inject({ method: 'GET', url: `/th/3/${a.fileId}?area=500` });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toMatch(/^querystring\.area/);
    });

    it("grants a file's preview and video with its job's grant, and nothing of another job", async () => {
      const f = files['clip.mp4']!;
      const { exp, sig } = signedParts(urls.previewUrl(f.fileId, { jobId: f.jobId }));
      const asVideo = await t.app.inject({
        method: 'GET',
        url: `/st/4/jobs/${f.jobId}/files_by_id/${f.fileId}/video?exp=${exp}&sig=${sig}`,
      });
      expect(asVideo.statusCode).toBe(200);
      const mallory = await t.signUp();
      const theirs = await storeFile(t, mallory.userId, 'theirs.mp4', fixture('clip.mp4'));
      const theirGrant = signedParts(urls.previewUrl(theirs.fileId, { jobId: theirs.jobId }));
      for (const url of [
        // Their grant, with our file named under their job or ours.
        `/st/4/jobs/${theirs.jobId}/files_by_id/${f.fileId}/preview?exp=${theirGrant.exp}&sig=${theirGrant.sig}`,
        `/st/4/jobs/${f.jobId}/files_by_id/${f.fileId}/preview?exp=${theirGrant.exp}&sig=${theirGrant.sig}`,
        `/st/4/jobs/${theirs.jobId}/files_by_id/${f.fileId}/video?exp=${theirGrant.exp}&sig=${theirGrant.sig}`,
        // Our grant, on their file.
        `/st/4/jobs/${f.jobId}/files_by_id/${theirs.fileId}/preview?exp=${exp}&sig=${sig}`,
        `/st/4/jobs/${theirs.jobId}/files_by_id/${theirs.fileId}/preview?exp=${exp}&sig=${sig}`,
        `/st/4/jobs/${f.jobId}/files_by_id/${f.fileId}/preview?exp=${Number(exp) + 86400}&sig=${sig}`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
      }
    });

    it('stops serving a trashed file at its timeline URL; the trash URL serves it', async () => {
      const f = await storeFile(
        t,
        userId,
        'trashed.png',
        await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
          .png()
          .toBuffer(),
      );
      t.app.mediaProcessing.enqueueContent(f.sha256);
      await t.app.mediaProcessing.onIdle();
      await t.store.db
        .updateTable('files')
        .set({ deleted_at: Date.now() })
        .where('id', '=', f.fileId)
        .execute();
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }),
          })
        ).statusCode,
      ).toBe(404);
      const trash = await t.app.inject({
        method: 'GET',
        url: urls.trashThumbUrl(f.jobId, f.fileId, f.sha256, 256),
      });
      expect(trash.statusCode).toBe(200);
      expect(await imageSize(trash.rawPayload)).toEqual(['webp', 300, 200]);
      const trashTile = await t.app.inject({
        method: 'GET',
        url: urls.trashThumbUrl(f.jobId, f.fileId, f.sha256, 512),
      });
      expect(trashTile.statusCode).toBe(200);
      expect(trashTile.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
      expect(await imageSize(trashTile.rawPayload)).toEqual(['webp', 300, 200]);
      const wrongJob = urls.trashThumbUrl('another-job', f.fileId, f.sha256, 256);
      expect((await t.app.inject({ method: 'GET', url: wrongJob })).statusCode).toBe(404);
      const plain = new URL(urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }), 'http://x').search;
      const forged = await t.app.inject({ method: 'GET', url: `/th/3/trash/${f.jobId}/${f.fileId}${plain}` });
      expect(forged.statusCode).toBe(403);
    });

    it('answers 503 with Retry-After while a thumbnail is being made', async () => {
      const f = await storeFile(
        t,
        userId,
        'later.png',
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
      );
      const reply = await t.app.inject({
        method: 'GET',
        url: urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }),
      });
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('1');
      expect(reply.headers['cache-control']).toBe('no-store');
      const video = files['clip.mov']!;
      await t.store.db
        .updateTable('contents')
        .set({ encode_status: 'processing' })
        .where('sha256', '=', video.sha256)
        .execute();
      const early = await t.app.inject({
        method: 'GET',
        url: urls.videoUrl(video.fileId, { jobId: video.jobId }),
      });
      expect(early.statusCode).toBe(404);
      await t.store.db
        .updateTable('contents')
        .set({ encode_status: 'ready' })
        .where('sha256', '=', video.sha256)
        .execute();
    });
  });

  describe('preview', () => {
    const preview = (name: string, headers: Record<string, string> = {}, toJpeg = false) => {
      const f = files[name]!;
      return t.app.inject({
        method: 'GET',
        url: urls.previewUrl(f.fileId, { jobId: f.jobId, toJpeg }),
        headers,
      });
    };
    const mp4 = fixture('clip.mp4');

    it('serves the original bytes with their type', async () => {
      const reply = await preview('clip.mp4');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('video/mp4');
      expect(reply.headers['accept-ranges']).toBe('bytes');
      expect(reply.headers['content-length']).toBe(String(mp4.length));
      expect(reply.rawPayload.equals(mp4)).toBe(true);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers HEAD with the size and no body', async () => {
      const f = files['clip.mp4']!;
      const reply = await t.app.inject({
        method: 'HEAD',
        url: urls.previewUrl(f.fileId, { jobId: f.jobId }),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-length']).toBe(String(mp4.length));
      expect(reply.headers['accept-ranges']).toBe('bytes');
      expect(reply.rawPayload.length).toBe(0);
    });

    it('answers the first 5,000,000 bytes of a shorter file as the whole file in a 206', async () => {
      const reply = await preview('clip.mp4', { range: 'bytes=0-4999999' });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-range']).toBe(`bytes 0-${mp4.length - 1}/${mp4.length}`);
      expect(reply.rawPayload.equals(mp4)).toBe(true);
    });

    it('answers exactly the bytes asked for', async () => {
      const reply = await preview('clip.mp4', { range: 'bytes=10-19' });
      expect(reply.statusCode).toBe(206);
      expect(reply.headers['content-length']).toBe('10');
      expect(reply.headers['content-range']).toBe(`bytes 10-19/${mp4.length}`);
      expect(reply.rawPayload.equals(mp4.subarray(10, 20))).toBe(true);
    });

    it('answers 416 for a range past the end', async () => {
      const reply = await preview('clip.mp4', { range: 'bytes=999999999-' });
      expect(reply.statusCode).toBe(416);
      expect(reply.headers['content-range']).toBe(`bytes */${mp4.length}`);
    });

    it('ranges over the encoded video too', async () => {
      const f = files['clip.mov']!;
      const reply = await t.app.inject({
        method: 'GET',
        url: urls.videoUrl(f.fileId, { jobId: f.jobId }),
        headers: { range: 'bytes=0-99' },
      });
      expect(reply.statusCode).toBe(206);
      expect(reply.rawPayload.length).toBe(100);
      expect(reply.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    });

    it('renders HEIC as a JPEG with to_jpeg=1, and keeps the rendering', async () => {
      const reply = await preview('photo.heic', {}, true);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('image/jpeg');
      expect(await imageSize(reply.rawPayload)).toEqual(['jpeg', 800, 600]);
      expect(await t.blobs.exists(`derived/${files['photo.heic']!.sha256}/preview.jpg`)).toBe(true);
      const original = await preview('photo.heic');
      expect(original.headers['content-type']).toBe('image/heic');
      expect(original.rawPayload.equals(fixture('photo.heic'))).toBe(true);
    });

    it('answers to_jpeg for a movie with its poster frame', async () => {
      const reply = await preview('clip.mp4', {}, true);
      expect(reply.statusCode).toBe(200);
      expect(await imageSize(reply.rawPayload)).toEqual(['jpeg', 640, 360]);
    });

    it('offers stored HTML as a sandboxed download, never as a page of our origin', async () => {
      const f = await storeFile(t, userId, 'page.html', Buffer.from('<script>alert(1)</script>'));
      const reply = await t.app.inject({
        method: 'GET',
        url: urls.previewUrl(f.fileId, { jobId: f.jobId }),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
      expect(reply.headers['content-security-policy']).toContain('sandbox');
    });

    it('answers 404 for a file named under a job path that is not its own', async () => {
      const f = files['clip.mp4']!;
      const url = urls.previewUrl(f.fileId, { jobId: f.jobId }).replace(f.jobId, 'default');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });
  });

  it('picks up work left pending by a crash when the next process starts', async () => {
    const bytes = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#00aa55' } })
      .jpeg()
      .toBuffer();
    const f = await storeFile(t, userId, 'stranded.jpg', bytes);
    // Nothing enqueued it: as if the process died between commit and send.
    if (kind === 'sqlite') {
      const next = await buildApp({ config: t.config, store: t.store, blobs: t.blobs, logger: false });
      await next.mediaProcessing.onIdle();
      await next.close();
    } else {
      const second = await startWorkerIfScaledOut(t);
      await t.app.mediaProcessing.onIdle();
      await second?.close();
    }
    expect((await contentRow(t, f.sha256)).thumb_status).toBe('ready');
  });

  // The embedded size runs the tasks in the API process, where the setting applies.
  it.skipIf(kind !== 'sqlite')(
    'starts each task MEDIA_TASK_DELAY_MS late: the thumbnail answers 503 meanwhile',
    async () => {
      const slowed = await buildApp({
        config: { ...t.config, mediaTaskDelayMs: 1500 },
        store: t.store,
        blobs: t.blobs,
        logger: false,
      });
      try {
        const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#aa5500' } })
          .jpeg()
          .toBuffer();
        const f = await storeFile(t, userId, 'slowed.jpg', bytes);
        const started = Date.now();
        slowed.mediaProcessing.enqueueContent(f.sha256);
        await new Promise((resolve) => setTimeout(resolve, 700));
        const early = await slowed.inject({
          method: 'GET',
          url: urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }),
        });
        expect(early.statusCode).toBe(503);
        expect(early.headers['retry-after']).toBe('1');
        await slowed.mediaProcessing.onIdle();
        expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
        const late = await slowed.inject({
          method: 'GET',
          url: urls.thumbUrl(f.fileId, 256, { jobId: f.jobId }),
        });
        expect(late.statusCode).toBe(200);
      } finally {
        await slowed.close();
      }
    },
  );
});
