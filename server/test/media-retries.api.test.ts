import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/blobs/blob-store';
import {
  createMediaUrls,
  generateMediaUrlSecret,
  MEDIA_URL_SECRET_NAME,
  type MediaUrls,
} from '../src/media/media-urls';
import { createContentTaskHandlers } from '../src/media/pipeline/content-tasks';
import { RETRY_ROUND_DELAYS_MS } from '../src/media/pipeline/retry-policy';
import { requeueDueRetries } from '../src/media/pipeline/unfinished-work';
import { makeThumbnails, type PictureSource } from '../src/media/thumbnails';
import { createInProcessQueue } from '../src/queue/in-process-queue';
import type { TaskQueue } from '../src/queue/task-queue';
import {
  type ContentProcessingRepository,
  createContentProcessingRepository,
} from '../src/store/repositories/content-processing.repository';
import { createSecretRepository } from '../src/store/repositories/secret.repository';
import { contentRow, type StoredFile, storeFile } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

const START = 1_800_000_000_000;

/**
 * Media work that fails for a passing reason (here: a blob store that refuses writes, a decoder
 * that is unreachable) gets later rounds; work on bytes that do not decode does not. The
 * processors and the embedded queue run over the test app's own database and blob folder, so
 * the app's routes serve what they made.
 */
describe.each(databaseKinds)('media retry rounds (%s)', (kind) => {
  let t: TestApp;
  let userId: string;
  let urls: MediaUrls;
  let now = START;
  const queues: TaskQueue[] = [];

  const unreachableDecoder = async (): Promise<never> => {
    throw new Error('decoder thread unreachable');
  };

  /** The blob store, except that writes of derived files fail while `outage.on`. */
  const outage = { on: false };
  const flakyBlobs = (): BlobStore =>
    new Proxy(t.blobs, {
      get(target, property, receiver) {
        if (property === 'put') {
          return (...args: Parameters<BlobStore['put']>) =>
            outage.on && args[0].startsWith('derived/')
              ? Promise.reject(new Error('blob store unreachable'))
              : target.put(...args);
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  function processing(
    make: (picture: PictureSource) => Promise<Awaited<ReturnType<typeof makeThumbnails>>> = makeThumbnails,
  ): {
    repo: ContentProcessingRepository;
    queue: TaskQueue;
  } {
    const repo = createContentProcessingRepository(t.store.db);
    const queue = createInProcessQueue({
      handlers: createContentTaskHandlers({
        repo,
        blobs: flakyBlobs(),
        tmpDir: path.join(t.dataDir, 'tmp', 'retries'),
        clock: () => now,
        makeThumbnails: make,
      }),
      backoffMs: () => 0,
    });
    queues.push(queue);
    return { repo, queue };
  }

  const retryRow = (sha256: string, job = 'thumbnails') =>
    t.store.db
      .selectFrom('media_retries')
      .select(['rounds', 'retry_at'])
      .where('sha256', '=', sha256)
      .where('job_name', '=', job as 'thumbnails')
      .executeTakeFirst();

  const thumbnail = (file: StoredFile) =>
    t.app.inject({ method: 'GET', url: urls.thumbUrl(file.fileId, 256, { jobId: file.jobId }) });

  async function runOnce(queue: TaskQueue, job: 'thumbnails' | 'encode-video', sha256: string) {
    await queue.send(job, { sha256 });
    await queue.onIdle();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ userId } = await t.signUp());
    urls = createMediaUrls({
      secret: await createSecretRepository(t.store.db).getOrCreate(
        MEDIA_URL_SECRET_NAME,
        generateMediaUrlSecret,
      ),
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await t?.close();
  });

  it('shows a thumbnail that failed in an outage as failed, then makes it in the next round', async () => {
    now = START;
    const file = await storeFile(t, userId, 'photo-exif.jpg');
    const { repo, queue } = processing();
    outage.on = true;
    await runOnce(queue, 'thumbnails', file.sha256);

    expect((await contentRow(t, file.sha256)).thumb_status).toBe('failed');
    expect(await retryRow(file.sha256)).toEqual({ rounds: 1, retry_at: START + RETRY_ROUND_DELAYS_MS[0] });
    const failed = await thumbnail(file);
    expect(failed.statusCode).toBe(404);
    expect(failed.json()).toEqual({ error: 'thumbnail failed' });

    outage.on = false;
    expect(await requeueDueRetries(repo, queue, START + RETRY_ROUND_DELAYS_MS[0] - 1)).toBe(0);
    expect(await requeueDueRetries(repo, queue, START + RETRY_ROUND_DELAYS_MS[0])).toBe(1);
    await queue.onIdle();

    const row = await contentRow(t, file.sha256);
    expect(row.thumb_status).toBe('ready');
    expect(row.thumbhash).toBeTruthy();
    expect(await retryRow(file.sha256)).toBeUndefined();
    const served = await thumbnail(file);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('spaces the rounds out and gives up after the last one', async () => {
    now = START;
    const file = await storeFile(t, userId, 'rotated-orientation6.jpg');
    const { repo, queue } = processing(unreachableDecoder);
    await runOnce(queue, 'thumbnails', file.sha256);
    for (const [index, delay] of RETRY_ROUND_DELAYS_MS.entries()) {
      const row = await retryRow(file.sha256);
      expect(row).toEqual({ rounds: index + 1, retry_at: now + delay });
      now += delay;
      expect(await requeueDueRetries(repo, queue, now)).toBe(1);
      await queue.onIdle();
    }
    expect(await retryRow(file.sha256)).toEqual({ rounds: RETRY_ROUND_DELAYS_MS.length + 1, retry_at: null });
    expect(await requeueDueRetries(repo, queue, now + 365 * 24 * 60 * 60_000)).toBe(0);
    expect((await contentRow(t, file.sha256)).thumb_status).toBe('failed');
  });

  it('keeps no round for bytes that do not decode', async () => {
    const file = await storeFile(t, userId, 'broken.jpg');
    const { queue } = processing();
    await runOnce(queue, 'thumbnails', file.sha256);
    expect((await contentRow(t, file.sha256)).thumb_status).toBe('failed');
    expect(await retryRow(file.sha256)).toBeUndefined();
  });

  it('retries a video encode whose output could not be stored', async () => {
    now = START;
    const file = await storeFile(t, userId, 'clip.mp4');
    const { repo, queue } = processing();
    outage.on = true;
    await runOnce(queue, 'encode-video', file.sha256);
    expect((await contentRow(t, file.sha256)).encode_status).toBe('failed');
    expect(await retryRow(file.sha256, 'encode-video')).toEqual({
      rounds: 1,
      retry_at: START + RETRY_ROUND_DELAYS_MS[0],
    });

    outage.on = false;
    expect(await requeueDueRetries(repo, queue, START + RETRY_ROUND_DELAYS_MS[0])).toBe(1);
    await queue.onIdle();
    expect((await contentRow(t, file.sha256)).encode_status).toBe('ready');
    expect(await t.blobs.exists(`derived/${file.sha256}/video.mp4`)).toBe(true);
    expect(await retryRow(file.sha256, 'encode-video')).toBeUndefined();
  }, 60_000);

  it('lets one process take a due round, and no other', async () => {
    now = START;
    const file = await storeFile(t, userId, 'screenshot_20240315_101500.png');
    const { queue } = processing(unreachableDecoder);
    await runOnce(queue, 'thumbnails', file.sha256);
    const one = createContentProcessingRepository(t.store.db);
    const other = createContentProcessingRepository(t.store.db);
    const [due] = (await one.listDueRetries(START + RETRY_ROUND_DELAYS_MS[0], 100)).filter(
      (retry) => retry.sha256 === file.sha256,
    );
    expect(due).toBeDefined();
    const claims = await Promise.all([one.claimRetry(due!), other.claimRetry(due!)]);
    expect(claims.sort()).toEqual([false, true]);
    // The taken round is no longer due, and the thumbnail is pending again for the send.
    expect(await retryRow(file.sha256)).toEqual({ rounds: 1, retry_at: null });
    expect((await contentRow(t, file.sha256)).thumb_status).toBe('pending');
  });

  it('forgets the rounds of a content that is purged', async () => {
    now = START;
    const file = await storeFile(t, userId, 'photo.heic');
    const { queue } = processing(unreachableDecoder);
    await runOnce(queue, 'thumbnails', file.sha256);
    expect(await retryRow(file.sha256)).toBeDefined();
    await t.store.db.deleteFrom('files').where('content_sha256', '=', file.sha256).execute();
    await t.store.db.deleteFrom('contents').where('sha256', '=', file.sha256).execute();
    expect(await retryRow(file.sha256)).toBeUndefined();
  });
});
