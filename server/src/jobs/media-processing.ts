import path from 'node:path';
import type { BlobStore } from '../blobs/blob-store';
import { createThumbnailThreads } from '../media/thumbnail-threads';
import type { Store } from '../store/database';
import {
  type ContentProcessingRepository,
  createContentProcessingRepository,
} from '../store/repositories/content-processing.repository';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue, MediaJobName } from './job-queue';
import { createMediaProcessors, prepareTmpDir } from './media-processors';
import { RETRY_CHECK_EVERY_MS } from './media-retry-policy';
import { type Periodic, runPeriodically } from './periodic';

/** What the ingest calls after a file's content is committed. */
export interface MediaProcessing {
  /** Queues the thumbnails (pictures, movies) and the web encode (movies) of one content. */
  enqueueContent(sha256: string): void;
  /** Resolves when every queued piece of work has finished (tests, benchmarks, shutdown). */
  onIdle(): Promise<void>;
  close(): Promise<void>;
}

export interface MediaLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Two thumbnail jobs at a time so one's blob reads, writes and database updates overlap the
 * other's decode (the decode itself is limited to one at a time by the processors); one encode,
 * since ffmpeg uses every core it is given.
 */
export const DEFAULT_CONCURRENCY: Record<MediaJobName, number> = { thumbnails: 2, 'encode-video': 1 };
/** As many as the processors' CPU slots (one): the threads keep the main thread free, not add CPU. */
export const THUMBNAIL_THREADS = 1;

/** Where ffmpeg's scratch files go: on the data disk, never in a size-limited /tmp. */
export const mediaTmpDir = (dataDir: string) => path.join(dataDir, 'tmp', 'media');

/** Which jobs a content needs, from its kind; read at send time so callers pass only the hash. */
async function jobsFor(repo: ContentProcessingRepository, sha256: string): Promise<MediaJobName[]> {
  const content = await repo.findContent(sha256);
  if (!content) return [];
  const jobs: MediaJobName[] = [];
  if (content.thumbStatus === 'pending') jobs.push('thumbnails');
  if (
    content.mediaKind === 'movie' &&
    (content.encodeStatus === 'pending' || content.encodeStatus === 'processing')
  ) {
    jobs.push('encode-video');
  }
  return jobs;
}

const SWEEP_PAGE = 500;

/** Sends the unfinished work recorded in `contents` again (after a crash or a lost send). */
export async function sweepUnfinished(repo: ContentProcessingRepository, queue: JobQueue): Promise<number> {
  let after = '';
  let sent = 0;
  for (;;) {
    const page = await repo.listUnfinished(after, SWEEP_PAGE);
    for (const item of page) {
      if (item.thumbs) await queue.send('thumbnails', { sha256: item.sha256 });
      if (item.encode) await queue.send('encode-video', { sha256: item.sha256 });
      sent += 1;
    }
    if (page.length < SWEEP_PAGE) return sent;
    after = page[page.length - 1]!.sha256;
  }
}

/**
 * Sends the rounds of retries that are due (media-retry-policy.ts). Each is claimed first, so
 * of several processes checking at once only one sends it.
 */
export async function requeueDueRetries(
  repo: ContentProcessingRepository,
  queue: Pick<JobQueue, 'send'>,
  now: number,
): Promise<number> {
  let sent = 0;
  for (;;) {
    // A claimed round is no longer due, so each page is new rows.
    const due = await repo.listDueRetries(now, SWEEP_PAGE);
    for (const retry of due) {
      if (!(await repo.claimRetry(retry))) continue;
      await queue.send(retry.job, { sha256: retry.sha256 });
      sent += 1;
    }
    if (due.length < SWEEP_PAGE) return sent;
  }
}

/** Checks for due retry rounds every minute, for as long as the process processes media. */
export function scheduleRetryRounds(
  repo: ContentProcessingRepository,
  queue: Pick<JobQueue, 'send'>,
  log: MediaLog,
  clock: () => number,
): Periodic {
  return runPeriodically({
    firstAfterMs: RETRY_CHECK_EVERY_MS,
    everyMs: RETRY_CHECK_EVERY_MS,
    task: () =>
      requeueDueRetries(repo, queue, clock())
        .then((sent) => {
          if (sent > 0) log.warn({ sent }, 'retrying media work that failed earlier');
        })
        .catch((error) => log.error({ err: error }, 'media retry check failed')),
  });
}

/**
 * Wraps a queue as the ingest-facing MediaProcessing. `enqueueContent` never throws into the
 * upload that called it: the content is already committed with its 'pending' statuses, so a lost
 * send is repaired by the next sweep rather than failing the user's upload.
 */
export function mediaProcessingOver(
  queue: JobQueue,
  repo: ContentProcessingRepository,
  log: MediaLog,
  extraClose: () => Promise<void> = async () => {},
): MediaProcessing {
  const intake = new Set<Promise<void>>();
  return {
    enqueueContent(sha256) {
      const task = (async () => {
        for (const name of await jobsFor(repo, sha256)) await queue.send(name, { sha256 });
      })()
        .catch((error) => log.error({ err: error, sha256 }, 'could not queue media processing'))
        .finally(() => intake.delete(task));
      intake.add(task);
    },
    async onIdle() {
      while (intake.size > 0) await Promise.allSettled([...intake]);
      await queue.onIdle();
    },
    async close() {
      await Promise.allSettled([...intake]);
      await queue.close();
      await extraClose();
    },
  };
}

export interface CreateMediaProcessingDeps {
  store: Store;
  blobs: BlobStore;
  dataDir: string;
  /** The PostgreSQL URL when the deployment is scaled out (pg-boss); absent for the embedded size. */
  postgresUrl?: string;
  log: MediaLog;
  concurrency?: Partial<Record<MediaJobName, number>>;
  backoffMs?: (attempt: number) => number;
  clock?: () => number;
}

/**
 * The embedded size processes in this process with one worker per job name; the scaled-out size
 * (PostgreSQL) only sends jobs to pg-boss and leaves the work to `npm run worker` processes.
 */
export async function createMediaProcessing(deps: CreateMediaProcessingDeps): Promise<MediaProcessing> {
  const repo = createContentProcessingRepository(deps.store.db);
  if (deps.postgresUrl) {
    // Loaded only here: the embedded default runs its queue in process.
    const { createPgBossQueue } = await import('./pg-boss-queue');
    const queue = await createPgBossQueue({
      connectionString: deps.postgresUrl,
      role: 'sender',
      onError: (error) => deps.log.error({ err: error }, 'media queue error'),
    });
    return mediaProcessingOver(queue, repo, deps.log);
  }

  const clock = deps.clock ?? Date.now;
  const tmpDir = mediaTmpDir(deps.dataDir);
  await prepareTmpDir(tmpDir);
  const threads = createThumbnailThreads(THUMBNAIL_THREADS);
  const queue = createInProcessQueue({
    handlers: createMediaProcessors({
      repo,
      blobs: deps.blobs,
      tmpDir,
      clock,
      makeThumbnails: threads.make,
    }),
    concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY,
    backoffMs: deps.backoffMs,
    onError: (name, data, error, willRetry) =>
      deps.log.warn({ err: error, job: name, sha256: data.sha256, willRetry }, 'media job failed'),
    onDone: (name, data, ms) =>
      deps.log.debug({ job: name, sha256: data.sha256, ms: Math.round(ms) }, 'media job done'),
  });
  const processing = mediaProcessingOver(queue, repo, deps.log, () => threads.close());
  // In the background: a large backlog must not delay the server's start.
  const sweep = sweepUnfinished(repo, queue).catch((error) =>
    deps.log.error({ err: error }, 'media startup sweep failed'),
  );
  const retries = scheduleRetryRounds(repo, queue, deps.log, clock);
  return {
    ...processing,
    async onIdle() {
      await sweep;
      await processing.onIdle();
    },
    async close() {
      // The sweep and the retry check read the database, which the caller closes next.
      await retries.stop();
      await sweep;
      await processing.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's media queue, so tests and benchmarks can wait for thumbnails and encodes. */
    mediaProcessing: MediaProcessing;
  }
}
