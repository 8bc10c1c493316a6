import type { BlobStore } from '../blobs/blob-store';
import { createThumbnailThreads } from '../media/thumbnail-threads';
import type { Store } from '../store/database';
import { createContentProcessingRepository } from '../store/repositories/content-processing.repository';
import type { MediaJobName } from './job-queue';
import {
  DEFAULT_CONCURRENCY,
  type MediaLog,
  mediaTmpDir,
  scheduleRetryRounds,
  sweepUnfinished,
  THUMBNAIL_THREADS,
} from './media-processing';
import { createMediaProcessors, prepareTmpDir } from './media-processors';
import { createPgBossQueue } from './pg-boss-queue';

export interface MediaWorkerDeps {
  store: Store;
  blobs: BlobStore;
  dataDir: string;
  postgresUrl: string;
  log: MediaLog & { info(obj: object, msg: string): void };
  concurrency?: Partial<Record<MediaJobName, number>>;
  pollingIntervalSeconds?: number;
  clock?: () => number;
}

export interface MediaWorker {
  onIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pg-boss worker for the scaled-out size: takes thumbnail and encode jobs any API process sent.
 * On start it re-sends work recorded as unfinished in `contents` (a send lost to a database
 * hiccup after the upload committed); the queues' singleton policy absorbs what is already queued.
 */
export async function startMediaWorker(deps: MediaWorkerDeps): Promise<MediaWorker> {
  const tmpDir = mediaTmpDir(deps.dataDir);
  await prepareTmpDir(tmpDir);
  const repo = createContentProcessingRepository(deps.store.db);
  const queue = await createPgBossQueue({
    connectionString: deps.postgresUrl,
    role: 'worker',
    onError: (error) => deps.log.error({ err: error }, 'media queue error'),
  });
  const resent = await sweepUnfinished(repo, queue);
  if (resent > 0) deps.log.info({ resent }, 'queued unfinished media work');
  const threads = createThumbnailThreads(THUMBNAIL_THREADS);
  const clock = deps.clock ?? Date.now;
  const processors = createMediaProcessors({
    repo,
    blobs: deps.blobs,
    tmpDir,
    clock,
    makeThumbnails: threads.make,
  });
  await queue.work(processors, {
    concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY,
    pollingIntervalSeconds: deps.pollingIntervalSeconds,
    onJobError: (name, data, error, willRetry) =>
      deps.log.warn({ err: error, job: name, sha256: data.sha256, willRetry }, 'media job failed'),
  });
  const retries = scheduleRetryRounds(repo, queue, deps.log, clock);
  return {
    onIdle: () => queue.onIdle(),
    async close() {
      await retries.stop();
      await queue.close();
      await threads.close();
    },
  };
}
